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
  | 'INVALID_FILE'
  | 'TRUNCATED_FILE'
  | 'RESOURCE_REFUSED'
  | 'RESOURCE_NOT_FOUND'
  | 'SINKS'
  | 'FULL_MODULE_NOT_LOADED'
  | 'INTERNAL';

export class MassPropertiesError extends Error {
  readonly name: 'MassPropertiesError';
  readonly code: ErrorCode;
  /**
   * When no part of a scene (computeMassProperties) or document (measureDocument) could be
   * measured: every part, each with the error that refused it.
   */
  readonly parts?: readonly unknown[];
  constructor(code: ErrorCode, message: string);
}

/** A length unit by name, or metres per unit. */
export type LengthUnit = 'mm' | 'cm' | 'm' | 'in' | 'ft' | number;
/** A mass unit by name, or kilograms per unit. */
export type MassUnit = 'kg' | 'g' | 'lb' | number;

/**
 * How heavy the body is: a density (mass per unit volume, default 1) or a total mass — not both.
 * `units` says what the coordinates (and sizes, weld distances, thickness) are in; the density is
 * then in kg/m³ and the result in SI (kg, m, m³, kg·m²). Without it, everything is in your units.
 */
export type MassOptions = ({ density?: number; mass?: never } | { mass: number; density?: never }) & {
  units?: LengthUnit;
};

/** An axis-aligned box. */
export interface Box3 {
  min: Vec3;
  max: Vec3;
}

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
  /** Closed shells inside another and wound against it (inward): holes in the solid. */
  cavities: number;
  /** Boundary loops closed, where the surface's winding number is 1/2 (see mp.holes). */
  cappedHoles: number;
  /** Shells left out, wholly or in part, because they bound nothing (a flat sheet, a fin, a Moebius band). */
  openShells: number;
  /** Of those: shells left out whole, which closed would enclose no volume (a flat sheet). */
  flatPieces: number;
  /** Of those: shells kept in part, a piece that encloses nothing left out (a fin on a body). */
  fins: number;
  /** Of those: shells with a piece that is not orientable (a Moebius band). */
  twistedPieces: number;
  /** Shells that cross another piece: the solid is their union, the overlap counted once. */
  intersectingShells: number;
  /** Shells that pass through themselves, the overlap counted once (looked for only with `intersections: true`). */
  selfIntersectingShells: number;
  /** Triangles split along an intersection. */
  intersectingTriangles: number;
  /** What the overlaps would have counted twice (or more), now counted once: ≥ 0, in the mesh's units³. */
  overlapVolume: number;
  /** The caps' area as a fraction of the surface area: small for a few pin holes, large for a missing side. */
  capArea: number;
  /** What closing non-planar holes where the winding number is 1/2 changed, against flat fans (signed volume, mesh units cubed). */
  windingCorrection: number;
  /** false when that correction was computed numerically. */
  exact: boolean;
  /** When not exact: an estimate of the relative error of volume, center of mass and inertia. */
  relativeError: number;
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
  /**
   * null when it cannot be derived (after a non-uniform scale, or when a part was subtracted) or
   * was not computed (`check: false`).
   */
  surfaceArea: number | null;
  /** Area-weighted centroid of the surface (the center of mass of a thin shell); null as surfaceArea. */
  surfaceCentroid: Vec3 | null;
  /** Only bodies measured from a mesh have them: null for analytic shapes and their combinations. */
  diagnostics: Diagnostics | null;
  /**
   * Bounding box of the vertices the triangles use (a mesh as given, same units as centerOfMass);
   * kept by transforms that map axes onto axes and by unions of solids, else null; null for shapes.
   */
  bounds: Box3 | null;
}

/** The result of mp.mesh: always with the diagnostics of the mesh as given, and its bounding box. */
export interface MeshMassProperties extends MassProperties {
  diagnostics: Diagnostics;
  bounds: Box3;
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
  /**
   * Solid mode: also find where a piece passes through itself and count that overlap once (a
   * search the clean fast path skips). Pieces that cross each other are resolved regardless.
   */
  intersections?: boolean;
};

/**
 * `check: false`: the caller vouches that the mesh is one closed, consistently wound surface (a
 * procedural generator, a validated CAD export). It is integrated as given (turned outward if
 * wound inside-out), with no welding, analysis or repair: only the volume, center of mass and
 * inertia, to the default's accuracy (not always its exact bits). The result has no diagnostics
 * (`diagnostics: null`, as for shapes), no `bounds`, and no `surfaceArea` or `surfaceCentroid`
 * (null). A mesh that is not closed gets numbers that mean nothing.
 */
export type TrustedMeshOptions = MassOptions & {
  check: false;
  mode?: 'solid';
};

/** The core's defaults of the mesh options (MassOptions{} and MeshOptions{} in the C++ header). */
export interface MeshDefaults {
  readonly density: number;
  readonly mode: 'solid' | 'shell' | 'convex';
  readonly thickness: number;
  readonly weld: { readonly distance: number; readonly relative: number };
  readonly check: boolean;
  readonly intersections: boolean;
}

export interface InspectOptions {
  weld?: WeldOption;
  /** Also look for pieces that pass through themselves (reported in repairs.selfIntersectingShells). */
  intersections?: boolean;
}

/**
 * What decides the center of mass for mp.restingPoses: the mesh measured as by mp.mesh (`mode`,
 * `weld`, `check`), or `centerOfMass` given (a result's, e.g. of a shape or a combined body whose
 * mesh this is), which is then used as is.
 */
export interface RestingPosesOptions {
  mode?: 'solid' | 'shell' | 'convex';
  weld?: WeldOption;
  check?: boolean;
  centerOfMass?: Vector3Like;
}

/**
 * A pose in which the body rests on a floor (the plane y = 0, +Y up, as in three.js): on a face of
 * its convex hull that its center of mass lies over. Lengths are in the mesh's units.
 */
export interface RestingPose {
  /**
   * The chance of coming to rest so when dropped in a uniformly random orientation, under the
   * quasi-static model (it rolls from its first contact the way its center of mass goes down, never
   * gaining energy): exact, not sampled. The poses' probabilities add up to 1.
   */
  probability: number;
  /** The face's outward unit normal, in the body's frame: it points down once the body is set down. */
  normal: Vec3;
  /** The shortest rotation turning `normal` to −Y; then `position`: x′ = R·x + position. */
  rotation: Quat;
  /** Puts the face on y = 0 with the center of mass right above the origin. */
  position: Vec3;
  centerOfMassHeight: number;
  /** Distance from the foot of the center of mass to the face's nearest edge. */
  supportMargin: number;
  /** Radians: how far it must be tilted to tip over that edge, atan(supportMargin / centerOfMassHeight). */
  tippingAngle: number;
  /** The edge it tips over first: its two ends in the body's frame. */
  tippingEdge: [Vec3, Vec3];
  /** The face set down: xyz of its corners on y = 0, counter-clockwise seen from above. */
  supportPolygon: Float64Array;
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
  bounds?: { min: ArrayLike<number>; max: ArrayLike<number> } | null;
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
/**
 * Any typed array: what three.js's types declare for BufferAttribute.array. The mesh functions
 * accept it so that `mp.mesh(geo.attributes.position.array, geo.index?.array)` type-checks; the
 * arrays are still checked at run time (INVALID_TYPE unless positions are Float32/Float64Array
 * and indices Uint8/Uint16/Uint32Array).
 */
export type TypedArray =
  | Int8Array
  | Uint8Array
  | Uint8ClampedArray
  | Int16Array
  | Uint16Array
  | Int32Array
  | Uint32Array
  | Float32Array
  | Float64Array;

// ---- 2-D polygons ------------------------------------------------------------------------------

export type Vec2 = [number, number];
/** 2×2 matrix, row-major. */
export type Mat2 = [number, number, number, number];
/** [x, y] as an array, a typed array, or an object such as planck's Vec2 or three's Vector2. */
export type Vector2Like = ArrayLike<number> | { x: number; y: number };

/** Density is mass per unit area (default 1), or the plate's total mass; holes are rings like the outline. */
export type PolygonOptions = MassOptions & {
  /** Rings of x, y pairs subtracted from the outline, whatever their winding; inside it and apart from each other. */
  holes?: Positions[];
};

/**
 * A uniform plate in the xy plane. `inertia` is the in-plane block of the plate's 3-D tensor:
 * [Ixx, Ixy, Ixy, Iyy] with Ixx = ∫y² dm, Iyy = ∫x² dm and Ixy = −∫xy dm, about the centroid.
 */
export interface MassProperties2D {
  mass: number;
  area: number;
  /** Mass per unit area (the mean, for a combination). */
  density: number;
  /** The center of mass: the area centroid of a uniform plate. */
  centroid: Vec2;
  inertia: Mat2;
  /** ∫(x² + y²) dm about the centroid = Ixx + Iyy: Box2D's / planck.js's I about the center of mass. */
  polarMoment: number;
  /** Ascending; they add up to polarMoment. */
  principalMoments: Vec2;
  /** Unit; axis 2 is axis 1 turned +90°; axis i belongs to moment i. Equal moments give x and y. */
  principalAxes: [Vec2, Vec2];
  /** Angle of axis 1 from +x, counter-clockwise, in radians, in (−π/2, π/2]. */
  principalAngle: number;
}

/** What transform2d and combine2d need of a 2-D body. */
export interface Body2DLike {
  mass: number;
  area: number;
  centroid: Vector2Like;
  inertia: ArrayLike<number>;
}

export interface Transform2DOptions {
  position?: Vector2Like;
  /** Radians, counter-clockwise. */
  angle?: number;
}

/** A 2-D body, or `{ body, subtract: true }` for a hole (a negative mass is a hole too). */
export type CombinePart2D = Body2DLike | { body: Body2DLike; subtract?: boolean };

/**
 * The water plane of mp.submerged, in the body's frame: the points x with normal·x = height;
 * `normal` (unit, default [0, 1, 0]) points up, out of the water, which fills normal·x < height
 * (height default 0). Or `pose`: the body turned by `quaternion` and moved by `position` in a
 * world with +Y up and the water's surface at y = 0. Coordinates in `units` (default m).
 */
export interface SubmergedOptions {
  normal?: Vector3Like;
  height?: number;
  /** As mp.transform's: a unit quaternion (else INVALID_TRANSFORM) and a position. */
  pose?: { quaternion?: QuaternionLike; position?: Vector3Like };
  /** G for the metacentric heights; default the center of mass of the uniform solid. */
  centerOfMass?: Vector3Like;
  weld?: WeldOption;
  check?: boolean;
  units?: LengthUnit;
}

/** What lies below a water plane, in the body's frame, in m (m², m³, m⁴); null where nothing is below. */
export interface Hydrostatics {
  /** The submerged (displaced) volume, m³. */
  volume: number;
  /** B: the centroid of the submerged volume; null when nothing is submerged. */
  centerOfBuoyancy: Vec3 | null;
  /** Depth of the body's lowest point below the surface (negative: it is above). */
  draft: number;
  /** Area of the body's section by the plane, m²; 0 when the plane misses the body. */
  waterplaneArea: number;
  /** F, the center of flotation (the waterplane's centroid); null without a waterplane. */
  waterplaneCentroid: Vec3 | null;
  /** Principal second moments of the waterplane about F, ascending, m⁴. */
  waterplaneMoments: Vec2;
  /** Unit in-plane axes: moment i is about axis i (axis 0: the roll axis of a long hull). */
  waterplaneAxes: [Vec3, Vec3];
  /** BM = waterplaneMoments / volume about each axis; null when nothing is submerged. */
  metacentricRadii: Vec2 | null;
  /** GM = KB + BM − KG = BM + normal·(B − G): positive is stable against a small heel about that axis. */
  metacentricHeights: Vec2 | null;
  /** G, the body's center of mass (or the one given). */
  centerOfMass: Vec3;
}

/** How heavy the body is and in what water: mp.float's options. */
export interface FloatOptions {
  /** kg/m³ of the body (uniform); or `mass`. Default mp.defaults.density. */
  density?: number;
  mass?: number;
  /** kg/m³; default sea water, 1025. */
  waterDensity?: number;
  /** The body's direction that is up when it floats upright; default [0, 1, 0]. */
  up?: Vector3Like;
  /** G, if the mass is not uniform; default the solid's centroid. */
  centerOfMass?: Vector3Like;
  /** false: only the upright pose, no search over orientations (faster). Default true. */
  search?: boolean;
  weld?: WeldOption;
  check?: boolean;
  units?: LengthUnit;
}

/** One way of floating, in a world with +Y up and the water's surface at y = 0. */
export interface FloatingPose {
  /** The body's rotation into the world (world = R·x + position); G lies on the y axis. */
  rotation: Quat;
  position: Vec3;
  /** The same water plane in the body's frame (see SubmergedOptions). */
  plane: { normal: Vec3; height: number };
  /**
   * Radians. The water's up in the body's frame (turned by the least rotation taking +Y to `up`)
   * is (sin heel·cos trim, cos heel·cos trim, sin trim): heel about z, trim about x.
   */
  heel: number;
  trim: number;
  /** B lies on the vertical through G. */
  equilibrium: boolean;
  /** An equilibrium with GM > 0 about both waterplane axes. */
  stable: boolean;
  hydrostatics: Hydrostatics;
}

export interface Flotation {
  /** kg. */
  mass: number;
  /** mass / waterDensity, m³. */
  displacedVolume: number;
  /** `up` held vertical at the draft where it displaces its mass: an equilibrium or not. */
  upright: FloatingPose;
  /** Equilibria over all orientations: stable first, then by the height of G over B, lowest first. */
  equilibria: FloatingPose[];
}

/** The module's functions; they use no `this`, so they may be destructured. */
export interface MassPropertiesModule {
  /** Every error code the library uses. */
  readonly errorCodes: readonly ErrorCode[];
  /** What each mesh option left out means: the core's own defaults, read when the module loads. */
  readonly defaults: MeshDefaults;
  mesh(positions: Positions | TypedArray, indices: Indices | TypedArray, options: TrustedMeshOptions): MassProperties;
  mesh(positions: Positions | TypedArray, indices?: Indices | TypedArray, options?: MeshOptions): MeshMassProperties;
  inspect(positions: Positions | TypedArray, indices?: Indices | TypedArray, options?: InspectOptions): Diagnostics;
  /** The holes the solid mode closes: each boundary loop's xyz positions in order (its cap is the fan from their mean). */
  holes(positions: Positions | TypedArray, indices?: Indices | TypedArray, options?: InspectOptions): Float64Array[];
  /**
   * The stable resting poses of the body on a floor (y = 0, +Y up), most probable first. A flat
   * body has none (ZERO_VOLUME); a `centerOfMass` not strictly inside the hull is INVALID_ARGUMENT.
   */
  restingPoses(
    positions: Positions | TypedArray,
    indices?: Indices | TypedArray,
    options?: RestingPosesOptions,
  ): RestingPose[];
  box(width: number, height: number, depth: number, options?: MassOptions): MassProperties;
  sphere(radius: number, options?: MassOptions): MassProperties;
  ellipsoid(rx: number, ry: number, rz: number, options?: MassOptions): MassProperties;
  /** Axis along Y, centered (three.js CylinderGeometry). */
  cylinder(radius: number, height: number, options?: MassOptions): MassProperties;
  /** `length` is the straight part along Y (three.js CapsuleGeometry); 0 gives a sphere. */
  capsule(radius: number, length: number, options?: MassOptions): MassProperties;
  /** Apex at +height/2, base at −height/2 (three.js ConeGeometry). */
  cone(radius: number, height: number, options?: MassOptions): MassProperties;
  /**
   * A cylinder whose radius goes linearly from `radiusBottom` at −height/2 to `radiusTop` at
   * +height/2 (KHR_implicit_shapes' cylinder); either radius may be 0 (a cone), not both.
   */
  frustum(radiusBottom: number, radiusTop: number, height: number, options?: MassOptions): MassProperties;
  /**
   * The convex hull of a ball of radius `radiusBottom` at y = −height/2 and one of `radiusTop` at
   * +height/2 (KHR_implicit_shapes' capsule); either radius may be 0, not both.
   */
  taperedCapsule(radiusBottom: number, radiusTop: number, height: number, options?: MassOptions): MassProperties;
  transform(body: BodyLike, transform: TransformOptions): MassProperties;
  /** At most 2^20 parts, none missing (a sparse array is refused before it is copied). */
  combine(parts: CombinePart[]): MassProperties;
  inertiaAbout(body: BodyLike, point: Vector3Like, rotation?: QuaternionLike): Mat3;
  simulateRotation(options: SpinOptions): SpinState;
  /** A polygon of x, y pairs (either winding), with optional holes: a uniform plate. */
  polygon(points: Positions, options?: PolygonOptions): MassProperties2D;
  /** The same plate placed in a parent frame: x′ = R(angle)·x + position. */
  transform2d(body: Body2DLike, transform: Transform2DOptions): MassProperties2D;
  /** The aggregate of several plates; holes count negatively. */
  combine2d(parts: CombinePart2D[]): MassProperties2D;
  /** What of the solid a mesh bounds lies below a water plane: volume, center of buoyancy, waterplane, BM, GM. */
  submerged(
    positions: Positions | TypedArray,
    indices?: Indices | TypedArray,
    options?: SubmergedOptions,
  ): Hydrostatics;
  /** How the solid floats: upright at its draft, and its equilibria; SINKS if it is not lighter than the water. */
  float(positions: Positions | TypedArray, indices?: Indices | TypedArray, options?: FloatOptions): Flotation;
  /**
   * Loads the full module, once (docs/size.md): after it resolves every call works within the
   * call. Where the host cannot load it within a call (a page's main thread), a call that needs it
   * fails with FULL_MODULE_NOT_LOADED until then: a mesh that is not clean, the shell and convex
   * modes, inspect, holes, polygons, resting poses, hydrostatics and spin.
   */
  loadFull(): Promise<void>;
}

/** What init() may be given. */
export interface InitOptions {
  /**
   * The package's .wasm ('mass-properties/wasm') already compiled: a `WebAssembly.Module`, for
   * runtimes that compile no bytes at run time (Cloudflare's workerd imports a .wasm as one).
   * Typed `object` so that these declarations need no DOM or WebAssembly lib.
   */
  wasmModule?: object;
  /**
   * Which parts to load before the promise resolves: 'core' (the default), the small module that
   * measures clean meshes, check: false, the shapes and the bodies; or 'full', with the core the
   * module that does everything (repair, shell and convex modes, inspect, holes, 2-D polygons,
   * resting poses, hydrostatics, spin). Without it the full module is loaded on first use: within
   * the call where the host can (Node, Deno, Bun), else the call fails with
   * FULL_MODULE_NOT_LOADED and `await mp.loadFull()` loads it. See docs/size.md.
   */
  parts?: 'core' | 'full';
  /**
   * Threads for a large mesh (the numbers are the same bit for bit with any count). By default
   * (`true`) init() loads the core module's threaded build where the host can share memory with
   * workers: Node, and pages and workers that are cross-origin isolated (`crossOriginIsolated ===
   * true`, from the headers `Cross-Origin-Opener-Policy: same-origin` and
   * `Cross-Origin-Embedder-Policy: require-corp`), with one thread per core up to 8; elsewhere, and
   * with `false` (or 1), the single-thread core. A number asks for that many threads (1 to 64).
   * With threads the core is loaded with `parts: 'full'` too, and answers what it can. The full
   * module is single-thread. See docs/workers-and-module-systems.md.
   */
  threads?: boolean | number;
}

/**
 * Loads the WebAssembly module once (the core module; with `{ parts: 'full' }` the full one);
 * later calls return the same promise, after loading the full module if they ask for it. A
 * failure arrives as a rejected promise with a MassPropertiesError (code INTERNAL, or
 * INVALID_OPTIONS for options it does not know), and the next call tries again.
 */
export function init(options?: InitOptions): Promise<MassPropertiesModule>;

/** A baked part for measureParts: triangles with their density, plus any fields of the caller's. */
export interface BakedPart {
  positions: Positions;
  indices?: Indices;
  /** undefined: the core's default (mp.defaults.density). */
  density?: number;
  mode?: MeshOptions['mode'];
  thickness?: number;
  weld?: WeldOption;
  /** As mp.mesh's `intersections` (passed only when set). */
  intersections?: boolean;
  units?: LengthUnit;
}

export interface MeasuredParts<P> {
  /** The combined body of the parts that could be measured; null if none could. */
  body: MassProperties | null;
  /** Each part without its arrays, with its result or the MassPropertiesError that prevented it. */
  parts: Array<
    Omit<P, 'positions' | 'indices' | 'density' | 'mode' | 'thickness' | 'weld' | 'intersections' | 'units'> & {
      result: MassProperties | null;
      error?: MassPropertiesError;
    }
  >;
}

/** Measures baked parts (as bakeMeshes of mass-properties/three returns them) and combines them. */
export function measureParts<P extends BakedPart>(mp: MassPropertiesModule, parts: P[]): MeasuredParts<P>;

export {
  equivalentBox,
  equivalentEllipsoid,
  inertiaPerUnitMass,
  isSolid,
  radiiOfGyration,
  type PerUnitMass,
  type PerUnitMass2D,
} from './derived.js';

/** Metres per unit of each named length unit. */
export const LENGTH_UNITS: Readonly<Record<'m' | 'cm' | 'mm' | 'in' | 'ft', number>>;
/** Kilograms per unit of each named mass unit. */
export const MASS_UNITS: Readonly<Record<'kg' | 'g' | 'lb', number>>;
/**
 * The "did you mean" rule of the package's option keys (and the command line's flags, units and
 * materials): the name in `names` nearest to `name`, at most two edits away (the first of equals),
 * else null.
 */
export function closestName(name: string, names: readonly string[]): string | null;
/**
 * The one rule for shells with units: `mode: 'shell'` with `units` needs a `thickness` (a density
 * in kg/m³ fills area × thickness; without one a shell's density is per area, which no unit
 * converts). The message naming the problem, or null; `names` are what the message calls the
 * three options (the command line's flags, say).
 */
export function shellThicknessProblem(
  options: { units?: LengthUnit | number; mode?: string; thickness?: number },
  names?: { units: string; mode: string; thickness: string },
): string | null;
/**
 * Named densities in kg/m³ (pla, abs, petg, nylon, tpu, resin, steel, stainless, aluminium and
 * aluminum, titanium, brass, copper, wood, concrete, glass, water): typical values, the command
 * line's --material and the demo's list.
 */
export const MATERIALS: Readonly<Record<string, number>>;
/**
 * The model files the command line and the demo read: extension (lower case, no dot) → format
 * name, in order of preference among files given together (glb, gltf, 3mf, obj, stl, ply).
 */
export const MODEL_FORMATS: Readonly<Record<'glb' | 'gltf' | '3mf' | 'obj' | 'stl' | 'ply', string>>;
/** The format of a file by its extension ('part.STL' → 'STL'), or undefined. */
export function modelFormatOf(fileName: string): string | undefined;

/** One sentence of describeDiagnostics, with how much it matters. */
export interface DiagnosticLine {
  level: 'ok' | 'info' | 'warn';
  text: string;
}

/**
 * A result's diagnostics in words (the command line's and the demo's wording): the mesh as it was
 * given, then what the mode made of it (the repairs in the solid mode, each with what it did to
 * the numbers: the repairs' volumes in `how.volumeUnit`³ (default lengthUnit), with their share
 * of `how.volume` when given). Empty for null.
 */
export function describeDiagnostics(
  diagnostics: Diagnostics | null | undefined,
  how?: {
    mode?: 'solid' | 'shell' | 'convex';
    thickness?: number;
    lengthUnit?: string;
    volumeUnit?: string;
    volume?: number;
  },
): DiagnosticLine[];

/**
 * The warning a solid deserves when the caps that close its holes carry most of its surface
 * (repairs.capArea ≥ 0.5): "the caps carry 88 % of the surface: this is hardly a solid"; null otherwise.
 */
export function hardlyASolid(diagnostics: Diagnostics | null | undefined): string | null;

/** The mass unit shown beside each length unit (mm and cm: g, m: kg, in and ft: lb). */
export const MASS_UNIT_OF_LENGTH: Readonly<Record<'m' | 'cm' | 'mm' | 'in' | 'ft', 'kg' | 'g' | 'lb'>>;
/** The name in LENGTH_UNITS of a number of metres per unit (0.001 → 'mm'), or undefined. */
export function lengthUnitName(metres: number): 'm' | 'cm' | 'mm' | 'in' | 'ft' | undefined;

/**
 * A copy of an SI result in other units (default m and kg), e.g. `{ length: 'mm', mass: 'g' }`
 * gives g, mm³, g/mm³, mm and g·mm². Directions, quaternions and diagnostics are unchanged.
 * 3-D results, 2-D results (area, centroid, density per area) and spins (energy and angular
 * momentum; time stays in seconds). `perArea: true` for a shell measured without a thickness,
 * whose `volume` is its area and whose density is per area.
 */
export function convertUnits<R extends MassProperties | MassProperties2D | SpinState>(
  result: R,
  units: { length?: LengthUnit; mass?: MassUnit; perArea?: boolean },
): R;

/** A size that suggests the file was read in the wrong unit (see unitsHint). */
export interface UnitsHint {
  /** The largest side in the unit the file was read in. */
  largestSide: number;
  units: 'm' | 'cm' | 'mm' | 'in' | 'ft';
  /** The unit that would make the model's size ordinary. */
  suggested: 'm' | 'mm';
  /** e.g. 'the largest side is 494 m: if the file is in millimetres' (the caller says what to do). */
  text: string;
}

/**
 * A hint when a model's largest side (in metres) is implausible for the unit its file was read
 * in: over 100 m (suggests mm) or under 1 mm (suggests m); null otherwise or for a numeric unit.
 */
export function unitsHint(largestSideMetres: number, units: LengthUnit | undefined): UnitsHint | null;

/** The largest side of a result's bounding box in its length unit; NaN for a result without bounds. */
export function largestSide(result: { bounds?: { min: ArrayLike<number>; max: ArrayLike<number> } | null }): number;
