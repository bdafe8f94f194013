// Types of `mass-properties/three` (hand-written; checked by tsc --strict).
import type {
  ArrowHelper,
  ColorRepresentation,
  LineBasicMaterial,
  LineSegments,
  BufferGeometry,
  Matrix3,
  Mesh,
  MeshBasicMaterial,
  Object3D,
  Quaternion,
  SphereGeometry,
  Vector3,
} from 'three';
import type {
  LengthUnit,
  MassProperties,
  MassPropertiesError,
  MassPropertiesModule,
  MeshMassProperties,
  MeshOptions,
  WeldOption,
} from './index.js';

/** How a mesh's mass is spread: 'solid' (repaired), 'shell' or 'convex' (see MeshOptions). */
export type MeshMode = NonNullable<MeshOptions['mode']>;

/** An option that may differ per mesh: a value, or a function of the mesh (and instance). */
export type PerMesh<T> = T | ((mesh: Mesh, instanceId: number | undefined) => T);

/** Read like the package's options: own or inherited properties and getters; an unknown key throws INVALID_OPTIONS. */
export interface ComputeOptions {
  /**
   * Mass per unit volume of each mesh: a number, or a function of the mesh (and the instance of
   * an InstancedMesh or BatchedMesh), e.g. `(mesh) => mesh.userData.density`. Default 1.
   */
  density?: PerMesh<number>;
  /**
   * How each mesh is measured, as mp.mesh's `mode`: 'solid' (default; open meshes are closed,
   * flipped triangles turned, cavities subtracted), 'shell' (mass on the surface) or 'convex'
   * (the solid convex hull). A function may return undefined for the default.
   */
  mode?: PerMesh<MeshMode | undefined>;
  /** Wall thickness of the meshes measured as shells (mp.mesh refuses it for other modes). */
  thickness?: PerMesh<number | undefined>;
  /** Weld distance of each mesh, as mp.mesh's `weld`, in `object3D`'s frame. */
  weld?: PerMesh<WeldOption | undefined>;
  /** Also find where a mesh passes through itself, as mp.mesh's `intersections` (solid mode). */
  intersections?: PerMesh<boolean | undefined>;
  /** Skip objects that are not visible (object.visible, and BatchedMesh instance visibility). Default false. */
  visibleOnly?: boolean;
  /** Which meshes count, e.g. `(mesh) => mesh.name !== 'floor'`; a left-out mesh's children are still visited. */
  filter?: (mesh: Mesh) => boolean;
  /**
   * The frame the results are in. 'parent' (default): `object3D`'s own position, rotation and
   * scale count, as on screen, and the results are in its parent's frame (add the helper to the
   * parent). 'world': every ancestor's transform counts too. 'local': `object3D`'s own frame,
   * its own transform ignored (what version 0.1 did).
   */
  frame?: 'parent' | 'world' | 'local';
  /**
   * The scene's length unit ('mm', 'cm', 'm', 'in', 'ft' or metres per unit): densities are then
   * kg/m³ and every result SI. Default: the scene's own units. Shells need a thickness with it.
   */
  units?: LengthUnit;
}

/**
 * The triangles of one mesh or instance, in the measured object's frame; what the package's
 * measureParts takes (a type alias rather than an interface so that it fits measureParts's
 * open-ended part type).
 */
export type BakedPart = {
  mesh: Mesh;
  /** Set for instances of an InstancedMesh or BatchedMesh. */
  instanceId?: number;
  positions: Float64Array;
  /** null for non-indexed geometry (every three vertices form a triangle). */
  indices: Uint32Array | null;
  /** undefined: the core's default (mp.defaults), applied when the part is measured. */
  density: number | undefined;
  mode: MeshMode | undefined;
  thickness: number | undefined;
  weld: WeldOption | undefined;
  intersections: boolean | undefined;
  /** Set when bakeMeshes was given `units` (measureParts passes it to mp.mesh). */
  units?: LengthUnit;
};

/** One measured mesh (or instance): its result, or the error that kept it out of the body. */
export type MeasuredPart =
  | { mesh: Mesh; instanceId?: number; result: MassProperties; error?: undefined }
  | { mesh: Mesh; instanceId?: number; result: null; error: MassPropertiesError };

export interface SceneMassProperties {
  /** All measurable parts combined. */
  body: MassProperties;
  parts: MeasuredPart[];
}

/**
 * Every Mesh under `object3D` (itself included) with its transform relative to `object3D`
 * baked in (mirroring transforms keep the triangles outward), one part per mesh or instance.
 * Points, lines and sprites are skipped. Measure them with the package's measureParts.
 */
export function bakeMeshes(object3D: Object3D, options?: ComputeOptions): BakedPart[];

/**
 * Mass properties of a scene graph in `object3D`'s frame. Throws a MassPropertiesError when
 * there is no mesh or none can be measured (the error then carries `parts`), when a mesh's
 * options are refused (INVALID_OPTIONS, INVALID_DENSITY, ...: the message names the mesh), and
 * INVALID_ARGUMENT when an object is its own descendant. An InstancedMesh is measured once
 * (per density and mode) and placed per instance with mp.transform, so an instance with a
 * non-uniform scale has no surfaceArea (null), as after any non-uniform transform; instances
 * measured as shells, with a weld distance, or of an open geometry as solids are baked one by one.
 */
export function computeMassProperties(
  mp: MassPropertiesModule,
  object3D: Object3D,
  options?: ComputeOptions,
): SceneMassProperties;

/**
 * Mass properties of a BufferGeometry as three.js draws it with one material (drawRange,
 * indexed or not, interleaved or quantized positions), in the geometry's coordinates.
 */
export function measureGeometry(
  mp: MassPropertiesModule,
  geometry: BufferGeometry,
  options?: MeshOptions,
): MeshMassProperties;

/** The center of mass as a Vector3. */
export function toCenterOfMassVector3(result: Pick<MassProperties, 'centerOfMass'>, target?: Vector3): Vector3;
/** @deprecated Use toCenterOfMassVector3, whose name says what it converts. */
export function toVector3(result: Pick<MassProperties, 'centerOfMass'>, target?: Vector3): Vector3;
/** The inertia tensor about the center of mass. */
export function toMatrix3(result: Pick<MassProperties, 'inertia'>, target?: Matrix3): Matrix3;
/** The principal frame's rotation (principal axes as matrix columns). */
export function toQuaternion(result: Pick<MassProperties, 'principalRotation'>, target?: Quaternion): Quaternion;
/** Semi-axes, in principal-axis order, of the uniform solid ellipsoid with the same mass and principal moments, as a Vector3. */
export function toEllipsoidVector3(
  result: Pick<MassProperties, 'mass' | 'principalMoments'>,
  target?: Vector3,
): Vector3;
/** The package's equivalentEllipsoid (an array), the same function from either entry. */
export { equivalentEllipsoid } from './index.js';

/** Read like ComputeOptions: an unknown key throws INVALID_OPTIONS. */
export interface MassPropertiesHelperOptions {
  /** Colors of principal axes 1, 2, 3 (ascending moments). */
  axisColors?: readonly [ColorRepresentation, ColorRepresentation, ColorRepresentation];
  centerColor?: ColorRepresentation;
  ellipsoidColor?: ColorRepresentation;
  ellipsoidOpacity?: number;
}

/**
 * The center of mass, the principal axes and the equivalent inertia ellipsoid of a result,
 * drawn in the frame the result was measured in.
 */
export class MassPropertiesHelper extends Object3D {
  constructor(result?: MassProperties | null, options?: MassPropertiesHelperOptions);
  readonly isMassPropertiesHelper: true;
  override readonly type: string | 'MassPropertiesHelper';
  result: MassProperties | null;
  /** At the center of mass, rotated into the principal frame; parent of the parts below. */
  frame: Object3D;
  center: Mesh<SphereGeometry, MeshBasicMaterial>;
  axes: [ArrowHelper, ArrowHelper, ArrowHelper];
  /** A unit sphere scaled to the semi-axes. */
  ellipsoid: Mesh<SphereGeometry, MeshBasicMaterial>;
  outline: LineSegments<BufferGeometry, LineBasicMaterial>;
  update(result: MassProperties): this;
  dispose(): void;
}
