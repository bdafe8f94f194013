// Types of the `mass-properties` package (hand-written; checked by tsc --strict in the tests).

export type Vec3 = [number, number, number];
/** Quaternion [x, y, z, w]. */
export type Quat = [number, number, number, number];
/** 3×3 matrix, row-major. */
export type Mat3 = [number, number, number, number, number, number, number, number, number];

/** Every code a MassPropertiesError can carry (mirrors the C++ Status enum). */
export type ErrorCode =
  | 'INVALID_TYPE'
  | 'INVALID_LENGTH'
  | 'EMPTY_MESH'
  | 'NON_FINITE_POSITION'
  | 'INDEX_OUT_OF_RANGE'
  | 'INVALID_DENSITY'
  | 'INVALID_MASS'
  | 'INVALID_OPTIONS'
  | 'INVALID_DIMENSION'
  | 'ZERO_VOLUME'
  | 'INVALID_TRANSFORM'
  | 'INVALID_BODY'
  | 'MESH_TOO_LARGE'
  | 'INVALID_ARGUMENT'
  | 'INTERNAL';

export class MassPropertiesError extends Error {
  readonly name: 'MassPropertiesError';
  readonly code: ErrorCode;
  constructor(code: ErrorCode, message: string);
}

/** How heavy the body is: a density (mass per unit volume, default 1) or a total mass — not both. */
export type MassOptions = { density?: number; mass?: never } | { mass: number; density?: never };

/**
 * What the mesh looks like as a surface. Vertices closer than 1e-12 of the mesh's size are one
 * vertex (the rule is documented once, at kWeldTolerance in the C++ header).
 */
export interface Diagnostics {
  triangles: number;
  /** Every edge is shared by an even number (≥ 2) of triangles: the volume is well defined. */
  closed: boolean;
  /** Edges used by exactly one triangle. */
  boundaryEdges: number;
  /** Edges used by more than two triangles. */
  nonManifoldEdges: number;
  /** Shared edges not traversed equally often in both directions. */
  inconsistentEdges: number;
  consistentWinding: boolean;
  /** The winding as given encloses a negative volume (the solid mode turns it outward). */
  inverted: boolean;
  /** Triangles of zero area (repeated or collinear vertices). */
  degenerateTriangles: number;
  /** Edge-connected pieces. */
  shells: number;
  /** Boundary loops. */
  holes: number;
  /** Vertices merged into another by welding. */
  weldedVertices: number;
  /** Triangles of the convex hull (mode 'convex' only, else 0). */
  hullFaces: number;
  /** What the solid mode changed to obtain its numbers; all zero for a clean closed mesh. */
  repairs: Repairs;
}

export interface Repairs {
  /** Repeats of another triangle (same welded vertices, either winding), left out. */
  duplicateTriangles: number;
  /** Triangles wound against the rest of their shell, flipped. */
  flippedTriangles: number;
  /** Shells wound inside-out as a whole, turned outward. */
  invertedShells: number;
  /** Closed shells inside an odd number of others: holes in the solid. */
  cavities: number;
  /** Boundary loops closed by a fan from the mean of their vertices (see mp.holes). */
  cappedHoles: number;
  /** Pieces that cannot be closed (a fin on a shared edge, a non-orientable patch), left out. */
  openShells: number;
  /** Shells that cross a larger one: both count, so their common volume counts twice. */
  intersectingShells: number;
  /** The caps' area as a fraction of the surface area: small for a few pin holes, large for a missing side. */
  capArea: number;
}

export interface MassProperties {
  mass: number;
  volume: number;
  density: number;
  centerOfMass: Vec3;
  /** Inertia tensor about the center of mass, row-major; off-diagonals are −∫xy dm etc. */
  inertia: Mat3;
  /** Ascending. */
  principalMoments: Vec3;
  /** Unit, orthogonal, right-handed; axis i belongs to moment i. */
  principalAxes: [Vec3, Vec3, Vec3];
  /** Rotation whose matrix has the principal axes as columns. */
  principalRotation: Quat;
  /** null when it cannot be derived (after a non-uniform scale, or when a part was subtracted). */
  surfaceArea: number | null;
  /** Area-weighted centroid of the surface (the center of mass of a thin shell); null as surfaceArea. */
  surfaceCentroid: Vec3 | null;
  /** Only bodies measured from a mesh have them: null for analytic shapes and their combinations. */
  diagnostics: Diagnostics | null;
}

/** The result of mp.mesh: always with the diagnostics of the mesh as given. */
export interface MeshMassProperties extends MassProperties {
  diagnostics: Diagnostics;
}

/** Vertices this close weld too: a distance, or relative to the mesh's largest bounding-box side. */
export type WeldOption = number | { distance?: number; relative?: number };

/**
 * How the mass is spread: 'solid' (default) through the solid the surface bounds, repaired;
 * 'shell' over the surface (density per unit area, or per unit volume with `thickness`; volume
 * is then the area, times the thickness if given); 'convex' through the solid convex hull.
 */
export type MeshOptions = MassOptions & {
  mode?: 'solid' | 'shell' | 'convex';
  /** Shell only: the wall thickness, which makes `density` per unit volume. */
  thickness?: number;
  weld?: WeldOption;
  /** true (default): weld, analyse and repair; see TrustedMeshOptions for false. */
  check?: true;
};

/**
 * `check: false`: the caller vouches that the mesh is one closed, consistently wound surface (a
 * procedural generator, a validated CAD export). It is integrated as given (turned outward if
 * wound inside-out), with no welding, analysis or repair, and the result has no diagnostics
 * (`diagnostics: null`, as for shapes). A mesh that is not closed gets numbers that mean nothing.
 */
export type TrustedMeshOptions = MassOptions & {
  check: false;
  mode?: 'solid';
};

export interface InspectOptions {
  weld?: WeldOption;
}

/** What transform, combine and inertiaAbout need of a body. */
export interface BodyLike {
  mass: number;
  volume: number;
  centerOfMass: ArrayLike<number>;
  inertia: ArrayLike<number>;
  surfaceArea?: number | null;
  surfaceCentroid?: ArrayLike<number> | null;
  diagnostics?: Diagnostics | null;
}

/** [x, y, z] as an array, a typed array, or an object such as three.js's Vector3. */
export type Vector3Like = ArrayLike<number> | { x: number; y: number; z: number };
/** [x, y, z, w] as an array, a typed array, or an object such as three.js's Quaternion. */
export type QuaternionLike = ArrayLike<number> | { x: number; y: number; z: number; w: number };

export interface TransformOptions {
  position?: Vector3Like;
  /** Unit quaternion [x, y, z, w]. */
  quaternion?: QuaternionLike;
  /** Applied first, in the body's frame; negative entries mirror; a number scales uniformly. */
  scale?: Vector3Like | number;
}

/**
 * A body, or `{ body, subtract: true }` for a hole; a body with negative mass is a hole too
 * (its volume and tensor count negatively whichever sign they are given with).
 */
export type CombinePart = BodyLike | { body: BodyLike; subtract?: boolean };

export interface SpinOptions {
  principalMoments: ArrayLike<number>;
  /** Angular velocity in the body's principal frame, rad/s. */
  angularVelocity: ArrayLike<number>;
  /** Rotation from the principal frame to the world; default identity. */
  orientation?: ArrayLike<number>;
  /** Seconds to advance. */
  duration: number;
  /** Largest internal step in seconds; default 1/240. At most 1e6 steps per call (a symmetric body needs none). */
  timeStep?: number;
}

export interface SpinState {
  orientation: Quat;
  angularVelocity: Vec3;
  kineticEnergy: number;
  /** World-frame angular momentum (conserved). */
  angularMomentum: Vec3;
}

export type Positions = Float32Array | Float64Array;
export type Indices = Uint32Array | Uint16Array | Uint8Array | null | undefined;

/** The module's functions; they use no `this`, so they may be destructured. */
export interface MassPropertiesModule {
  /** Every error code the library uses. */
  readonly errorCodes: readonly ErrorCode[];
  mesh(positions: Positions, indices: Indices | null | undefined, options: TrustedMeshOptions): MassProperties;
  mesh(positions: Positions, indices?: Indices, options?: MeshOptions): MeshMassProperties;
  inspect(positions: Positions, indices?: Indices, options?: InspectOptions): Diagnostics;
  /** The holes the solid mode closes: each boundary loop's xyz positions in order (its cap is the fan from their mean). */
  holes(positions: Positions, indices?: Indices, options?: InspectOptions): Float64Array[];
  box(width: number, height: number, depth: number, options?: MassOptions): MassProperties;
  sphere(radius: number, options?: MassOptions): MassProperties;
  ellipsoid(rx: number, ry: number, rz: number, options?: MassOptions): MassProperties;
  /** Axis along Y, centered (three.js CylinderGeometry). */
  cylinder(radius: number, height: number, options?: MassOptions): MassProperties;
  /** `length` is the straight part along Y (three.js CapsuleGeometry); 0 gives a sphere. */
  capsule(radius: number, length: number, options?: MassOptions): MassProperties;
  /** Apex at +height/2, base at −height/2 (three.js ConeGeometry). */
  cone(radius: number, height: number, options?: MassOptions): MassProperties;
  transform(body: BodyLike, transform: TransformOptions): MassProperties;
  combine(parts: CombinePart[]): MassProperties;
  inertiaAbout(body: BodyLike, point: Vector3Like, rotation?: QuaternionLike): Mat3;
  simulateRotation(options: SpinOptions): SpinState;
}

/**
 * Loads the WebAssembly module once; later calls return the same promise. A failure arrives as
 * a rejected promise with a MassPropertiesError (code INTERNAL), and the next call tries again.
 */
export function init(): Promise<MassPropertiesModule>;

/** A baked part for measureParts: triangles with their density, plus any fields of the caller's. */
export interface BakedPart {
  positions: Positions;
  indices?: Indices;
  density: number;
  mode?: MeshOptions['mode'];
  thickness?: number;
  weld?: WeldOption;
}

export interface MeasuredParts<P> {
  /** The combined body of the parts that could be measured; null if none could. */
  body: MassProperties | null;
  /** Each part without its arrays, with its result or the MassPropertiesError that prevented it. */
  parts: Array<
    Omit<P, 'positions' | 'indices' | 'density' | 'mode' | 'thickness' | 'weld'> & {
      result: MassProperties | null;
      error?: MassPropertiesError;
    }
  >;
}

/** Measures baked parts (as bakeMeshes of mass-properties/three returns them) and combines them. */
export function measureParts<P extends BakedPart>(mp: MassPropertiesModule, parts: P[]): MeasuredParts<P>;
