// Uses every export of mass-properties/physics with the real engines' types, as a game would;
// must pass tsc --strict.
import RAPIER from '@dimforge/rapier3d-compat';
import * as CANNON from 'cannon-es';
import { init } from 'mass-properties';
import {
  cannonObjectPose,
  setCannonMassProperties,
  setRapierMassProperties,
  toBabylonMassProperties,
  toGltfMotion,
  toRapierMassProperties,
} from 'mass-properties/physics';
import type { BodyPose, GltfMotion, NodePose, RapierMassProperties } from 'mass-properties/physics';

// Babylon's own declarations need @webgpu/types to compile under tsc; these stand in for its
// Vector3 and Quaternion, with the constructor signatures the converter calls.
class Vector3 {
  constructor(
    public x: number,
    public y: number,
    public z: number,
  ) {}
  asArray(): number[] {
    return [this.x, this.y, this.z];
  }
}
class Quaternion {
  constructor(
    public x: number,
    public y: number,
    public z: number,
    public w: number,
  ) {}
}
interface PhysicsMassProperties {
  mass?: number;
  centerOfMass?: Vector3;
  inertia?: Vector3;
  inertiaOrientation?: Quaternion;
}

export async function usage(positions: Float32Array, indices: Uint32Array): Promise<void> {
  const mp = await init();
  const result = mp.mesh(positions, indices, { density: 1000 });
  const pose: BodyPose = { position: [1, 2, 3], quaternion: { x: 0, y: 0, z: 0, w: 1 } };

  await RAPIER.init();
  const world = new RAPIER.World({ x: 0, y: -9.81, z: 0 });
  const desc: RAPIER.RigidBodyDesc = setRapierMassProperties(RAPIER.RigidBodyDesc.dynamic(), result);
  const body: RAPIER.RigidBody = setRapierMassProperties(world.createRigidBody(desc), result, pose);
  const collider: RAPIER.ColliderDesc = setRapierMassProperties(RAPIER.ColliderDesc.ball(1), result);
  world.createCollider(collider, body);
  const p: RapierMassProperties = toRapierMassProperties(result);
  desc.setAdditionalMassProperties(p.mass, p.centerOfMass, p.principalAngularInertia, p.angularInertiaLocalFrame);

  const cannon: CANNON.Body = setCannonMassProperties(new CANNON.Body(), result, {
    shapes: [new CANNON.Sphere(1), { shape: new CANNON.Box(new CANNON.Vec3(1, 1, 1)), offset: [0, 1, 0] }],
    objectPose: { position: new CANNON.Vec3(0, 1, 0), quaternion: new CANNON.Quaternion() },
  });
  const drawAt: { position: { x: number }; quaternion: { w: number } } = cannonObjectPose(cannon, result);
  void drawAt;
  const object = { position: new CANNON.Vec3(), quaternion: new CANNON.Quaternion(), name: 'mesh' };
  const same: typeof object = cannonObjectPose(cannon, result, object);
  void same;

  const babylon: PhysicsMassProperties = toBabylonMassProperties(result, { Vector3, Quaternion }, pose);
  const perUnitMass: Vector3 = toBabylonMassProperties(result, { Vector3, Quaternion }).inertia;
  void babylon;
  void perUnitMass;

  const motion: GltfMotion = toGltfMotion(mp.combine([result, mp.sphere(1)]), pose);
  const scaled: NodePose = { ...pose, scale: [1, -1, 2] };
  toGltfMotion(result, scaled);
  toGltfMotion(result, { scale: 0.01 });
  const diagonal: [number, number, number] = motion.inertiaDiagonal;
  void diagonal;

  // @ts-expect-error Babylon's constructors are required: its plugin calls .asArray() on them.
  toBabylonMassProperties(result);
  // @ts-expect-error a cannon-es body, not a Rapier one.
  setCannonMassProperties(RAPIER.RigidBodyDesc.dynamic(), result);
}
