// Types of `mass-properties/gltf` (hand-written; checked by tsc --strict).
import type {
  Document,
  Extension,
  ExtensionProperty,
  Node,
  PlatformIO,
  ReaderContext,
  Transform,
  WriterContext,
} from '@gltf-transform/core';
import type { LengthUnit, MassProperties, MassPropertiesError, MassPropertiesModule, WeldOption } from './index.js';

export const KHR_PHYSICS_RIGID_BODIES: 'KHR_physics_rigid_bodies';
export const KHR_IMPLICIT_SHAPES: 'KHR_implicit_shapes';
/** The shape types KHR_implicit_shapes defines. */
export const SHAPE_TYPES: readonly ['plane', 'sphere', 'box', 'capsule', 'cylinder'];

/**
 * Where each part of a node's KHR_physics_rigid_bodies object hangs (`node.getExtension(slot)`).
 * The motion keeps the extension's name: a node's motion or null, as before.
 */
export const PHYSICS_SLOTS: Readonly<{
  motion: 'KHR_physics_rigid_bodies';
  collider: 'KHR_physics_rigid_bodies/collider';
  trigger: 'KHR_physics_rigid_bodies/trigger';
  joint: 'KHR_physics_rigid_bodies/joint';
  /** The node-level object's own extras and unknown keys, when it has any. */
  extras: 'KHR_physics_rigid_bodies/extras';
}>;

type Vec3 = [number, number, number];
type JSONObject = Record<string, unknown>;

/** The KHR_physics_rigid_bodies `motion` JSON object. */
export interface Motion {
  isKinematic?: boolean;
  /** kg; 0 is infinite. */
  mass?: number;
  /** Node space. */
  centerOfMass?: Vec3;
  /** Principal moments, kg·m² (a 0 is infinite). */
  inertiaDiagonal?: Vec3;
  /** Quaternion [x, y, z, w] from the principal axes to node space. */
  inertiaOrientation?: [number, number, number, number];
  linearVelocity?: Vec3;
  angularVelocity?: Vec3;
  gravityFactor?: number;
  extras?: unknown;
  extensions?: JSONObject;
}

/**
 * A property kept as its author wrote it: fields null when absent, and every key this package
 * does not model (nested `extensions`, keys of later versions) kept verbatim.
 */
declare abstract class PhysicsJSONProperty extends ExtensionProperty {
  readonly parentTypes: string[];
  protected init(): void;
  /** The keys of the JSON object this package does not model, as read. */
  getUnknown(): JSONObject;
  setUnknown(unknown: JSONObject | null): this;
}

/** A node's `motion`, as a glTF-Transform ExtensionProperty (slot KHR_PHYSICS_RIGID_BODIES). */
export class PhysicsMotion extends PhysicsJSONProperty {
  static EXTENSION_NAME: 'KHR_physics_rigid_bodies';
  readonly extensionName: 'KHR_physics_rigid_bodies';
  readonly propertyType: 'PhysicsMotion';
  getIsKinematic(): boolean;
  setIsKinematic(value: boolean | null): this;
  getMass(): number | null;
  setMass(value: number | null): this;
  getCenterOfMass(): Vec3 | null;
  setCenterOfMass(value: Vec3 | null): this;
  getInertiaDiagonal(): Vec3 | null;
  setInertiaDiagonal(value: Vec3 | null): this;
  getInertiaOrientation(): [number, number, number, number] | null;
  setInertiaOrientation(value: [number, number, number, number] | null): this;
  getLinearVelocity(): Vec3 | null;
  setLinearVelocity(value: Vec3 | null): this;
  getAngularVelocity(): Vec3 | null;
  setAngularVelocity(value: Vec3 | null): this;
  /** null is the default, 1. */
  getGravityFactor(): number | null;
  setGravityFactor(value: number | null): this;
  /** The motion's JSON object (unset fields left out; extras and unknown keys included). */
  toJSON(): Motion;
  /** Sets everything from a motion JSON object (missing fields reset; unknown keys kept). */
  fromJSON(motion: Motion): this;
}

/** A collider's or trigger's `geometry`: an implicit shape, or the meshes of a node and its children. */
export class PhysicsGeometry extends PhysicsJSONProperty {
  readonly extensionName: 'KHR_physics_rigid_bodies';
  readonly propertyType: 'PhysicsGeometry';
  getShape(): ImplicitShape | null;
  setShape(shape: ImplicitShape | null): this;
  getNode(): Node | null;
  setNode(node: Node | null): this;
  getConvexHull(): boolean | null;
  setConvexHull(value: boolean | null): this;
}

/** A node's `collider` (slot PHYSICS_SLOTS.collider). */
export class PhysicsCollider extends PhysicsJSONProperty {
  readonly extensionName: 'KHR_physics_rigid_bodies';
  readonly propertyType: 'PhysicsCollider';
  getGeometry(): PhysicsGeometry | null;
  setGeometry(geometry: PhysicsGeometry | null): this;
  getPhysicsMaterial(): PhysicsMaterial | null;
  setPhysicsMaterial(material: PhysicsMaterial | null): this;
  getCollisionFilter(): CollisionFilter | null;
  setCollisionFilter(filter: CollisionFilter | null): this;
}

/** A node's `trigger` (slot PHYSICS_SLOTS.trigger): a geometry, or a compound of descendant trigger nodes. */
export class PhysicsTrigger extends PhysicsJSONProperty {
  readonly extensionName: 'KHR_physics_rigid_bodies';
  readonly propertyType: 'PhysicsTrigger';
  getGeometry(): PhysicsGeometry | null;
  setGeometry(geometry: PhysicsGeometry | null): this;
  getCollisionFilter(): CollisionFilter | null;
  setCollisionFilter(filter: CollisionFilter | null): this;
  listNodes(): Node[];
  addNode(node: Node): this;
  removeNode(node: Node): this;
}

/** A node's `joint` (slot PHYSICS_SLOTS.joint). */
export class PhysicsJoint extends PhysicsJSONProperty {
  readonly extensionName: 'KHR_physics_rigid_bodies';
  readonly propertyType: 'PhysicsJoint';
  getConnectedNode(): Node | null;
  setConnectedNode(node: Node | null): this;
  getJoint(): PhysicsJointDescription | null;
  setJoint(joint: PhysicsJointDescription | null): this;
  getEnableCollision(): boolean | null;
  setEnableCollision(value: boolean | null): this;
}

type Combine = 'average' | 'minimum' | 'maximum' | 'multiply';

/** A `physicsMaterials` entry. */
export class PhysicsMaterial extends PhysicsJSONProperty {
  readonly extensionName: 'KHR_physics_rigid_bodies';
  readonly propertyType: 'PhysicsMaterial';
  getStaticFriction(): number | null;
  setStaticFriction(value: number | null): this;
  getDynamicFriction(): number | null;
  setDynamicFriction(value: number | null): this;
  getRestitution(): number | null;
  setRestitution(value: number | null): this;
  getFrictionCombine(): Combine | null;
  setFrictionCombine(value: Combine | null): this;
  getRestitutionCombine(): Combine | null;
  setRestitutionCombine(value: Combine | null): this;
  toJSON(): JSONObject;
  fromJSON(def: JSONObject): this;
}

/** A `collisionFilters` entry. */
export class CollisionFilter extends PhysicsJSONProperty {
  readonly extensionName: 'KHR_physics_rigid_bodies';
  readonly propertyType: 'CollisionFilter';
  getCollisionSystems(): string[] | null;
  setCollisionSystems(value: string[] | null): this;
  getCollideWithSystems(): string[] | null;
  setCollideWithSystems(value: string[] | null): this;
  getNotCollideWithSystems(): string[] | null;
  setNotCollideWithSystems(value: string[] | null): this;
  toJSON(): JSONObject;
  fromJSON(def: JSONObject): this;
}

/** A `joint.limit` JSON object. */
export interface JointLimit {
  linearAxes?: number[];
  angularAxes?: number[];
  min?: number;
  max?: number;
  stiffness?: number;
  damping?: number;
  extras?: unknown;
  extensions?: JSONObject;
}

/** A `joint.drive` JSON object. */
export interface JointDrive {
  type: 'linear' | 'angular' | string;
  mode: 'force' | 'acceleration' | string;
  axis: number;
  maxForce?: number;
  positionTarget?: number;
  velocityTarget?: number;
  stiffness?: number;
  damping?: number;
  extras?: unknown;
  extensions?: JSONObject;
}

/** A `physicsJoints` entry: limits and drives, as their JSON objects (copied both ways). */
export class PhysicsJointDescription extends PhysicsJSONProperty {
  readonly extensionName: 'KHR_physics_rigid_bodies';
  readonly propertyType: 'PhysicsJointDescription';
  getLimits(): JointLimit[] | null;
  setLimits(limits: JointLimit[] | null): this;
  getDrives(): JointDrive[] | null;
  setDrives(drives: JointDrive[] | null): this;
  toJSON(): JSONObject;
  fromJSON(def: JSONObject): this;
}

/**
 * KHR_physics_rigid_bodies for glTF-Transform, read and written losslessly; references (shapes,
 * nodes, materials, filters, joint descriptions) are graph edges, so they survive re-indexing.
 */
export class KHRPhysicsRigidBodies extends Extension {
  static EXTENSION_NAME: 'KHR_physics_rigid_bodies';
  readonly extensionName: 'KHR_physics_rigid_bodies';
  createMotion(): PhysicsMotion;
  createCollider(): PhysicsCollider;
  createTrigger(): PhysicsTrigger;
  createJoint(): PhysicsJoint;
  createGeometry(): PhysicsGeometry;
  createPhysicsMaterial(name?: string): PhysicsMaterial;
  createCollisionFilter(name?: string): CollisionFilter;
  createJointDescription(name?: string): PhysicsJointDescription;
  /** In the order they are written. */
  listPhysicsMaterials(): PhysicsMaterial[];
  listCollisionFilters(): CollisionFilter[];
  listJointDescriptions(): PhysicsJointDescription[];
  read(context: ReaderContext): this;
  write(context: WriterContext): this;
}

/** A KHR_implicit_shapes `shapes` entry: its type and the parameters object of that type. */
export class ImplicitShape extends PhysicsJSONProperty {
  static EXTENSION_NAME: 'KHR_implicit_shapes';
  readonly extensionName: 'KHR_implicit_shapes';
  readonly propertyType: 'ImplicitShape';
  getType(): string;
  setType(type: string): this;
  /** The object under the key named by the type, or null. */
  getParameters(): JSONObject | null;
  setParameters(parameters: JSONObject | null): this;
  /** Box (default [1, 1, 1]). */
  getSize(): Vec3 | null;
  setSize(size: Vec3 | null): this;
  /** Sphere (default 0.5). */
  getRadius(): number | null;
  setRadius(radius: number | null): this;
  /** Capsule: distance between the sphere centres; cylinder: height (default 0.5). */
  getHeight(): number | null;
  setHeight(height: number | null): this;
  /** Capsule and cylinder, at −height/2 (default 0.25). */
  getRadiusBottom(): number | null;
  setRadiusBottom(radius: number | null): this;
  /** Capsule and cylinder, at +height/2 (default 0.25). */
  getRadiusTop(): number | null;
  setRadiusTop(radius: number | null): this;
  /** Plane; null is infinite. */
  getSizeX(): number | null;
  setSizeX(size: number | null): this;
  getSizeZ(): number | null;
  setSizeZ(size: number | null): this;
  getDoubleSided(): boolean | null;
  setDoubleSided(value: boolean | null): this;
  toJSON(): JSONObject;
  fromJSON(def: JSONObject): this;
}

/** KHR_implicit_shapes for glTF-Transform: every shape created is written, in creation order. */
export class KHRImplicitShapes extends Extension {
  static EXTENSION_NAME: 'KHR_implicit_shapes';
  readonly extensionName: 'KHR_implicit_shapes';
  createShape(type?: string): ImplicitShape;
  listShapes(): ImplicitShape[];
  read(context: ReaderContext): this;
  write(context: WriterContext): this;
}

/** Registers every glTF-Transform extension, KHR_physics_rigid_bodies, KHR_implicit_shapes and the installed Draco/meshopt codecs. */
export function prepareIO<IO extends PlatformIO>(io: IO): Promise<IO>;

/** The default total cap of readDocument, in bytes (2 GiB). */
export const DEFAULT_MAX_BYTES: number;

export interface ReadDocumentOptions {
  /**
   * The folder (Node: a path or file: URL) or folder URL (http/https) external resources must be
   * inside. Default: the file's own folder; none when the source is bytes.
   */
  resourceRoot?: string | URL;
  /** Read images too (to write the document again); default false: images become empty placeholders. */
  images?: boolean;
  /** The caller's own files: a checked relative path (e.g. 'textures/a b.png') to its bytes, or null if there is none. */
  resources?: (
    path: string,
  ) => Uint8Array | ArrayBuffer | null | undefined | Promise<Uint8Array | ArrayBuffer | null | undefined>;
  /** The total bytes the file may make us hold (buffers, arrays without a buffer view, images); default DEFAULT_MAX_BYTES. */
  maxBytes?: number;
}

/**
 * Reads a .gltf or .glb (a path, a URL, or its bytes) under the resource policy: external
 * resources only inside resourceRoot, every range checked before a read, caps enforced. Errors:
 * INVALID_FILE, TRUNCATED_FILE, RESOURCE_REFUSED, RESOURCE_NOT_FOUND.
 */
export function readDocument(
  io: PlatformIO,
  source: string | URL | Uint8Array | ArrayBuffer,
  options?: ReadDocumentOptions,
): Promise<Document>;

export interface MeasureDocumentOptions {
  /** Density for everything not named below (kg/m³ with `units`; default 1). */
  density?: number;
  /** Total mass of the scene instead: the relative densities are kept and scaled to it. */
  mass?: number;
  /** Density by material name. A material's or node's extras.density counts too (see docs/gltf.md). */
  materials?: Record<string, number>;
  /** Density by node name (wins over materials). */
  nodes?: Record<string, number>;
  mode?: 'solid' | 'shell' | 'convex';
  thickness?: number;
  weld?: WeldOption;
  /** As mp.mesh's `intersections`: also find where a mesh passes through itself. */
  intersections?: boolean;
  /** The file's length unit; glTF says metres, but real files are sometimes in cm or mm. */
  units?: LengthUnit;
  /** A scene index or name; default the document's default scene, else its first. */
  scene?: number | string;
}

export interface MeasuredNode {
  node: Node;
  name: string;
  /** The node's world matrix (column-major). */
  matrix: number[];
  /** The node's primitives combined (one mesh per density), or null with `error`. */
  result: MassProperties | null;
  error: MassPropertiesError | null;
  /** Modes of primitives left out: 'POINTS', 'LINES', 'LINE_LOOP', 'LINE_STRIP'. */
  skipped: string[];
}

/** Every mesh node of a scene measured in the scene's frame. */
export function measureDocument(
  mp: MassPropertiesModule,
  document: Document,
  options?: MeasureDocumentOptions,
): { body: MassProperties; parts: MeasuredNode[] };

/** One rigid body measured by measureBodies, in the scene frame at the given densities. */
export interface MeasuredBody {
  node: Node;
  name: string;
  motion: PhysicsMotion;
  /** Its colliders, its render meshes (it has no collider), or nothing. */
  source: 'colliders' | 'meshes' | 'none';
  /** Each collider (or render mesh); `note` says why one adds nothing (a plane, a disabled shape, ...). */
  parts: Array<{ node: Node; name: string; kind: string; result: MassProperties | null; note: string | null }>;
  /** The parts combined; null when none has a volume. */
  result: MassProperties | null;
}

/**
 * Every rigid body (node with a motion) of a scene measured from its colliders, down to (not into)
 * descendants with their own motion; a body without colliders from its render meshes.
 */
export function measureBodies(
  mp: MassPropertiesModule,
  document: Document,
  options?: MeasureDocumentOptions,
): MeasuredBody[];

export interface WriteMotionOptions extends MeasureDocumentOptions {
  /** A rigid body per mesh node (default), or one for the whole scene (replaces the document's motions). */
  body?: 'nodes' | 'scene';
  /** On a document with KHR_physics_rigid_bodies: recompute the mass properties of every non-kinematic motion. */
  replace?: boolean;
}

export type MassKey = 'mass' | 'centerOfMass' | 'inertiaDiagonal' | 'inertiaOrientation';

/** What writeMotion did to one body of a document with KHR_physics_rigid_bodies. */
export interface CompletedBody {
  node: Node;
  name: string;
  /** Measured from its colliders, its render meshes (it has no collider), or nothing. */
  source: 'colliders' | 'meshes' | 'none';
  /** Each collider (or render mesh); `note` says why one adds nothing (a plane, a disabled shape, ...). */
  parts: Array<{ node: Node; name: string; kind: string; measured: boolean; note: string | null }>;
  filled: MassKey[];
  /** The authored mass properties left as they were. */
  kept: MassKey[];
  /** Why nothing (or not everything) was filled: kinematic, infinite mass, no volume. */
  note: string | null;
}

/** `{ bodies }` on a document with KHR_physics_rigid_bodies (completed), else measureDocument's result. */
export type WrittenMotion = { bodies: CompletedBody[] } | { body: MassProperties; parts: MeasuredNode[] };

/**
 * A glTF-Transform transform writing KHR_physics_rigid_bodies motion: `await document.transform(writeMotion(mp))`.
 * On a document that already has KHR_physics_rigid_bodies physics it completes the motions (only the
 * mass properties left out, from each body's colliders); otherwise it puts a motion on every mesh node.
 * Called directly (`writeMotion(mp)(document)`) it returns what it did.
 */
export function writeMotion(
  mp: MassPropertiesModule,
  options?: WriteMotionOptions,
): ((document: Document) => WrittenMotion) & Transform;

/** A result measured in the scene frame as the `motion` of a node with this world matrix (column-major; identity by default). */
export function motionFromResult(
  result: Pick<MassProperties, 'mass' | 'centerOfMass' | 'principalMoments' | 'principalRotation'>,
  worldMatrix?: ArrayLike<number>,
): Required<Pick<Motion, 'mass' | 'centerOfMass' | 'inertiaDiagonal' | 'inertiaOrientation'>>;
