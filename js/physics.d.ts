// Types of `mass-properties/physics` (hand-written; checked by tsc --strict). No engine's types
// are imported: every engine object is described by the few members the converters use.
import type { MassProperties, QuaternionLike, Vector3Like } from './index.js';

/** What the converters read of a result: any result of the package (mesh, shapes, transform, combine). */
export type PhysicsResult = Pick<MassProperties, 'mass' | 'centerOfMass' | 'principalMoments' | 'principalRotation'>;

/**
 * Where a body's frame is in the coordinates the result was measured in. Leave it out when the
 * result was measured in the body's own coordinates (e.g. its mesh's local vertices).
 */
export interface BodyPose {
  position?: Vector3Like;
  /** Unit quaternion [x, y, z, w] or {x, y, z, w}. */
  quaternion?: QuaternionLike;
}

export interface XYZ {
  x: number;
  y: number;
  z: number;
}
export interface XYZW extends XYZ {
  w: number;
}

/** The four arguments of Rapier's setAdditionalMassProperties / setMassProperties, in order. */
export interface RapierMassProperties {
  mass: number;
  /** In the body's (or collider's) frame. */
  centerOfMass: XYZ;
  /** The principal moments (not per unit mass), ascending. */
  principalAngularInertia: XYZ;
  /** Rotation from the principal axes to the body's frame. */
  angularInertiaLocalFrame: XYZW;
}

export function toRapierMassProperties(result: PhysicsResult, bodyPose?: BodyPose): RapierMassProperties;

/** Rapier's RigidBodyDesc, RigidBody, ColliderDesc or Collider, by the methods used. */
export type RapierTarget =
  | {
      setAdditionalMassProperties(mass: number, centerOfMass: XYZ, inertia: XYZ, frame: XYZW, wakeUp: boolean): unknown;
    }
  | { setMassProperties(mass: number, centerOfMass: XYZ, inertia: XYZ, frame: XYZW): unknown };

/**
 * Gives the target exactly the result's mass properties and returns it. A RigidBody's attached
 * colliders get density 0 and its mass properties are recomputed at once; a body built from a
 * RigidBodyDesc needs its colliders created with `.setDensity(0)`.
 */
export function setRapierMassProperties<T extends RapierTarget>(
  target: T,
  result: PhysicsResult,
  bodyPose?: BodyPose,
): T;

/** The members of a cannon-es Vec3 / Quaternion the converter writes. */
interface CannonVector {
  x: number;
  y: number;
  z: number;
  set(x: number, y: number, z: number): unknown;
}
interface CannonRotation {
  x: number;
  y: number;
  z: number;
  w: number;
  set(x: number, y: number, z: number, w: number): unknown;
}

/** The members of a cannon-es Body that setCannonMassProperties uses (a CANNON.Body has them all). */
export interface CannonBodyLike {
  type: number;
  mass: number;
  invMass: number;
  fixedRotation: boolean;
  position: CannonVector;
  quaternion: CannonRotation;
  inertia: CannonVector;
  invInertia: CannonVector;
  shapes: unknown[];
  addShape(shape: never, offset?: XYZ, orientation?: XYZW): unknown;
  updateInertiaWorld(force?: boolean): void;
}

/** A cannon shape placed in the result's frame: a bare shape sits at the origin, unrotated. */
export type CannonShapeEntry<S> = S | { shape: S; offset?: Vector3Like; orientation?: QuaternionLike };

export interface CannonOptions<S> {
  /** The body's shapes in the result's frame (the coordinates the result was measured in). */
  shapes?: CannonShapeEntry<S>[];
  /** Where the result's frame is in the world: the object's position and quaternion. */
  objectPose?: BodyPose;
}

/**
 * Puts the body in the principal frame at the center of mass, adds the shapes there, and sets
 * mass, inverse mass, inertia and inverse inertia (after the shapes: addShape overwrites the
 * inertia). The body must have no shapes yet; a static one becomes dynamic.
 */
export function setCannonMassProperties<B extends CannonBodyLike>(
  body: B,
  result: PhysicsResult,
  options?: CannonOptions<Parameters<B['addShape']>[0]>,
): B;

/** Where to draw the object (the result's frame) for the body's current position and quaternion. */
export function cannonObjectPose(
  body: { position: XYZ; quaternion: XYZW },
  result: PhysicsResult,
): { position: XYZ; quaternion: XYZW };
/** The same, written into `target` (e.g. a three.js Object3D), which is returned. */
export function cannonObjectPose<T extends PoseTarget>(
  body: { position: XYZ; quaternion: XYZW },
  result: PhysicsResult,
  target: T,
): T;

/** What cannonObjectPose writes into: e.g. a three.js Object3D. */
export interface PoseTarget {
  position: { set(x: number, y: number, z: number): unknown };
  quaternion: { set(x: number, y: number, z: number, w: number): unknown };
}

/** Babylon's Vector3 and Quaternion constructors: `import * as BABYLON from '@babylonjs/core'`, or `{ Vector3, Quaternion }`. */
export interface BabylonConstructors<V, Q> {
  Vector3: new (x: number, y: number, z: number) => V;
  Quaternion: new (x: number, y: number, z: number, w: number) => Q;
}

/** Babylon's PhysicsMassProperties, built with the given constructors. */
export interface BabylonMassProperties<V, Q> {
  mass: number;
  centerOfMass: V;
  /** Principal moments PER UNIT MASS, as Babylon/Havok read them. */
  inertia: V;
  inertiaOrientation: Q;
}

/** For PhysicsBody.setMassProperties; the moments divided by the mass. */
export function toBabylonMassProperties<V, Q>(
  result: PhysicsResult,
  babylon: BabylonConstructors<V, Q>,
  bodyPose?: BodyPose,
): BabylonMassProperties<V, Q>;

/** node.extensions.KHR_physics_rigid_bodies.motion (mass and inertia fields). */
export interface GltfMotion {
  mass: number;
  /** In the node's space. */
  centerOfMass: [number, number, number];
  /** The principal moments, ascending (kg·m² for a result in kg and m). */
  inertiaDiagonal: [number, number, number];
  /** Quaternion [x, y, z, w] from the principal axes to the node's space. */
  inertiaOrientation: [number, number, number, number];
}

/** A glTF node's transform (its TRS, e.g. its world transform) in the result's frame. */
export interface NodePose extends BodyPose {
  /** Non-zero; negative entries mirror (the orientation is then taken along the mirrored axes). Default 1. */
  scale?: Vector3Like | number;
}

/**
 * The motion of a node. Leave `nodePose` out when the result was measured in the node's own
 * coordinates; otherwise the center of mass is given in node coordinates (divided by the scale)
 * and the orientation relative to the node's axes. The moments stay physical.
 */
export function toGltfMotion(result: PhysicsResult, nodePose?: NodePose): GltfMotion;
