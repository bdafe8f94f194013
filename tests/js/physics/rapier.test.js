// Rapier (@dimforge/rapier3d-compat, the real engine in Node): a body given a result spins as
// I⁻¹L says under an angular impulse L, keeps L through a step, and reads back the result's mass
// and center of mass, all to float32 precision (Rapier's number type). Expected values come
// from the result's inertia tensor (bodies.js), never from the converter.
import RAPIER from '@dimforge/rapier3d-compat';
import { init, MassPropertiesError } from '../../../js/index.js';
import { setRapierMassProperties, toRapierMassProperties } from '../../../js/physics.js';
import {
  angularMomentum,
  FLOAT32_EPSILON,
  impulseFor,
  lShape,
  placedAssembly,
  relativeDistance,
  solve,
  spinTolerance,
} from './bodies.js';

let mp;
beforeAll(async () => {
  mp = await init();
  await RAPIER.init();
});

const newWorld = () => {
  const world = new RAPIER.World({ x: 0, y: 0, z: 0 });
  world.timestep = 1 / 60;
  return world;
};
const xyz = (v) => [v.x, v.y, v.z];
const xyzw = (q) => [q.x, q.y, q.z, q.w];

// Rapier adds an impulse to the velocity at once; then one step, through which L is conserved.
function expectSpin(world, body, result) {
  const L = impulseFor(result);
  const q0 = xyzw(body.rotation());
  body.applyTorqueImpulse({ x: L[0], y: L[1], z: L[2] }, true);
  const tolerance = spinTolerance(result, FLOAT32_EPSILON);
  expect(relativeDistance(body.angvel(), solve(result.inertia, L))).toBeLessThan(tolerance);
  world.step();
  const omega = xyz(body.angvel());
  expect(relativeDistance(angularMomentum(result.inertia, q0, xyzw(body.rotation()), omega), L)).toBeLessThan(
    tolerance,
  );
}

const expectMass = (body, result) =>
  expect(Math.abs(body.mass() - result.mass)).toBeLessThan(2 * FLOAT32_EPSILON * result.mass);

test('a RigidBodyDesc given an L-shaped mesh result spins as I⁻¹L says and reads back its mass and center', () => {
  const { mesh, result } = lShape(mp);
  const world = newWorld();
  const body = world.createRigidBody(setRapierMassProperties(RAPIER.RigidBodyDesc.dynamic(), result));
  const collider = RAPIER.ColliderDesc.trimesh(new Float32Array(mesh.positions), mesh.indices).setDensity(0);
  world.createCollider(collider, body);
  world.step(); // Rapier derives a new body's mass properties during its first step
  expectMass(body, result);
  expect(relativeDistance(body.worldCom(), result.centerOfMass)).toBeLessThan(4 * FLOAT32_EPSILON);
  expectSpin(world, body, result);
});

test('a live RigidBody with a default-density collider gets exactly the result at once: the collider stops counting', () => {
  const { mesh, result } = lShape(mp);
  const world = newWorld();
  const body = world.createRigidBody(RAPIER.RigidBodyDesc.dynamic());
  world.createCollider(RAPIER.ColliderDesc.trimesh(new Float32Array(mesh.positions), mesh.indices), body);
  expect(Math.abs(body.mass() - result.mass / 1240)).toBeLessThan(1e-6 * body.mass()); // density 1 by default
  setRapierMassProperties(body, result);
  expectMass(body, result);
  expect(relativeDistance(body.worldCom(), result.centerOfMass)).toBeLessThan(4 * FLOAT32_EPSILON);
  expectSpin(world, body, result);
});

test('a body placed at a pose, given a result measured in world coordinates, has the result as its world inertia', () => {
  const { result, pose } = placedAssembly(mp);
  const world = newWorld();
  const [px, py, pz] = pose.position;
  const [qx, qy, qz, qw] = pose.quaternion;
  const desc = RAPIER.RigidBodyDesc.dynamic().setTranslation(px, py, pz).setRotation({ x: qx, y: qy, z: qz, w: qw });
  const body = world.createRigidBody(desc);
  world.createCollider(RAPIER.ColliderDesc.cuboid(0.15, 0.01, 0.06).setDensity(0), body);
  setRapierMassProperties(body, result, pose);
  expectMass(body, result);
  // float32 positions 2 m from the origin: their spacing there, not the body's size, bounds the error.
  const com = xyz(body.worldCom());
  expect(Math.hypot(...com.map((x, k) => x - result.centerOfMass[k]))).toBeLessThan(8 * FLOAT32_EPSILON * 2);
  expectSpin(world, body, result);
});

test('a collider given the result carries the body alone (setMassProperties), whatever its shape', () => {
  const { mesh, result } = lShape(mp);
  const world = newWorld();
  const body = world.createRigidBody(RAPIER.RigidBodyDesc.dynamic());
  const desc = RAPIER.ColliderDesc.convexHull(new Float32Array(mesh.positions));
  world.createCollider(setRapierMassProperties(desc, result), body);
  world.step();
  expectMass(body, result);
  expectSpin(world, body, result);
});

test('a live Collider given the result carries its body at once', () => {
  const { mesh, result } = lShape(mp);
  const world = newWorld();
  const body = world.createRigidBody(RAPIER.RigidBodyDesc.dynamic());
  const collider = world.createCollider(RAPIER.ColliderDesc.convexHull(new Float32Array(mesh.positions)), body);
  setRapierMassProperties(collider, result);
  expectMass(body, result);
  expect(relativeDistance(body.worldCom(), result.centerOfMass)).toBeLessThan(4 * FLOAT32_EPSILON);
  expectSpin(world, body, result);
});

test('the arguments are the {x, y, z} and {x, y, z, w} objects Rapier reads, in the body frame', () => {
  // A 2 × 4 × 6 box of mass 3: moments m(b² + c²)/12 = 13, 10, 5 about x, y, z; the body sits at x = 1.
  const p = toRapierMassProperties(mp.box(2, 4, 6, { mass: 3 }), { position: [1, 0, 0] });
  expect(p.mass).toBe(3);
  expect(p.centerOfMass).toEqual({ x: -1, y: 0, z: 0 });
  const { x, y, z } = p.principalAngularInertia;
  [x, y, z].forEach((moment, i) => expect(moment).toBeCloseTo([5, 10, 13][i], 12));
  expect(Object.keys(p.angularInertiaLocalFrame)).toEqual(['x', 'y', 'z', 'w']);
});

test('anything but a Rapier body, collider or their descriptions is refused by name', () => {
  const box = mp.box(1, 1, 1);
  let error;
  try {
    setRapierMassProperties({}, box);
  } catch (e) {
    error = e;
  }
  expect(error).toBeInstanceOf(MassPropertiesError);
  expect(error.code).toBe('INVALID_ARGUMENT');
  expect(error.message).toMatch(/RigidBodyDesc/);
});
