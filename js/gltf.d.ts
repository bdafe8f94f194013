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

/** The KHR_physics_rigid_bodies `motion` JSON object. */
export interface Motion {
  isKinematic?: boolean;
  /** kg */
  mass?: number;
  /** Node space. */
  centerOfMass?: [number, number, number];
  /** Principal moments, kg·m². */
  inertiaDiagonal?: [number, number, number];
  /** Quaternion [x, y, z, w] from the principal axes to node space. */
  inertiaOrientation?: [number, number, number, number];
  linearVelocity?: [number, number, number];
  angularVelocity?: [number, number, number];
}

/** A node's `motion`, as a glTF-Transform ExtensionProperty. */
export class PhysicsMotion extends ExtensionProperty {
  static EXTENSION_NAME: 'KHR_physics_rigid_bodies';
  readonly extensionName: 'KHR_physics_rigid_bodies';
  readonly propertyType: 'PhysicsMotion';
  readonly parentTypes: string[];
  protected init(): void;
  getIsKinematic(): boolean;
  setIsKinematic(value: boolean): this;
  getMass(): number | null;
  setMass(value: number | null): this;
  getCenterOfMass(): [number, number, number] | null;
  setCenterOfMass(value: [number, number, number] | null): this;
  getInertiaDiagonal(): [number, number, number] | null;
  setInertiaDiagonal(value: [number, number, number] | null): this;
  getInertiaOrientation(): [number, number, number, number] | null;
  setInertiaOrientation(value: [number, number, number, number] | null): this;
  getLinearVelocity(): [number, number, number] | null;
  setLinearVelocity(value: [number, number, number] | null): this;
  getAngularVelocity(): [number, number, number] | null;
  setAngularVelocity(value: [number, number, number] | null): this;
  toJSON(): Motion;
  fromJSON(motion: Motion): this;
}

/**
 * KHR_physics_rigid_bodies for glTF-Transform (motion only: colliders, triggers and joints are
 * dropped with a warning, since glTF-Transform does not keep the shapes they point to).
 */
export class KHRPhysicsRigidBodies extends Extension {
  static EXTENSION_NAME: 'KHR_physics_rigid_bodies';
  readonly extensionName: 'KHR_physics_rigid_bodies';
  createMotion(): PhysicsMotion;
  read(context: ReaderContext): this;
  write(context: WriterContext): this;
}

/** Registers every glTF-Transform extension, KHR_physics_rigid_bodies and the installed Draco/meshopt codecs. */
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
  /** Density by material name. A material's or node's extras.density counts too (see README). */
  materials?: Record<string, number>;
  /** Density by node name (wins over materials). */
  nodes?: Record<string, number>;
  mode?: 'solid' | 'shell' | 'convex';
  thickness?: number;
  weld?: WeldOption;
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

export interface WriteMotionOptions extends MeasureDocumentOptions {
  /** A rigid body per mesh node (default), or one for the whole scene. */
  body?: 'nodes' | 'scene';
}

/** A glTF-Transform transform writing KHR_physics_rigid_bodies motion: `await document.transform(writeMotion(mp))`. */
export function writeMotion(mp: MassPropertiesModule, options?: WriteMotionOptions): Transform;

/** A result measured in the scene frame as the `motion` of a node with this world matrix (column-major; identity by default). */
export function motionFromResult(
  result: Pick<MassProperties, 'mass' | 'centerOfMass' | 'principalMoments' | 'principalRotation'>,
  worldMatrix?: ArrayLike<number>,
): Required<Pick<Motion, 'mass' | 'centerOfMass' | 'inertiaDiagonal' | 'inertiaOrientation'>>;
