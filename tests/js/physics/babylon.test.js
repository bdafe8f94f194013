// Babylon.js Physics V2 with Havok (the real wasm engine in Node: NullEngine, Scene, HavokPlugin).
// A body given toBabylonMassProperties spins as I⁻¹L says under an angular impulse and reads back
// the result's mass and center. Havok rounds the inverse principal moments to 8 significant
// bits (measured: 1/15 comes back as 137/2048), so ω is right to 2⁻⁸ of |ω| per principal
// component, hence of |ω| (ω − ω' = R diag(δᵢ/Iᵢ) Rᵀ L with |δᵢ| ≤ 2⁻⁸); masses and centers are
// float32.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import HavokPhysics from '@babylonjs/havok';
import { NullEngine } from '@babylonjs/core/Engines/nullEngine.js';
import { Scene } from '@babylonjs/core/scene.js';
import { Quaternion, Vector3 } from '@babylonjs/core/Maths/math.vector.js';
import { TransformNode } from '@babylonjs/core/Meshes/transformNode.js';
import { HavokPlugin } from '@babylonjs/core/Physics/v2/Plugins/havokPlugin.js';
import { PhysicsBody } from '@babylonjs/core/Physics/v2/physicsBody.js';
import { PhysicsShapeBox } from '@babylonjs/core/Physics/v2/physicsShape.js';
import '@babylonjs/core/Physics/joinedPhysicsEngineComponent.js'; // scene.enablePhysics
import { init, MassPropertiesError } from '../../../js/index.js';
import { matVec, quaternionToMatrix } from '../helpers/meshes.js';
import { toBabylonMassProperties } from '../../../js/physics.js';
import { FLOAT32_EPSILON, impulseFor, lShape, placedAssembly, relativeDistance, solve } from './bodies.js';

const HAVOK_INERTIA_EPSILON = 2 ** -8;
const DYNAMIC = 2; // PhysicsMotionType.DYNAMIC

let mp;
let havok;
let scene;
beforeAll(async () => {
  mp = await init();
  const wasm = createRequire(import.meta.url).resolve('@babylonjs/havok/lib/esm/HavokPhysics.wasm');
  havok = await HavokPhysics({ wasmBinary: readFileSync(wasm) });
  scene = new Scene(new NullEngine());
  scene.enablePhysics(new Vector3(0, 0, 0), new HavokPlugin(false, havok));
});

afterAll(() => scene?.getEngine().dispose());

const xyz = (v) => [v.x, v.y, v.z];

function newBody(pose) {
  const node = new TransformNode('body', scene);
  if (pose) {
    node.position = new Vector3(...pose.position);
    node.rotationQuaternion = new Quaternion(...pose.quaternion);
  }
  const body = new PhysicsBody(node, DYNAMIC, false, scene);
  body.shape = new PhysicsShapeBox(Vector3.Zero(), Quaternion.Identity(), new Vector3(0.2, 0.2, 0.2), scene);
  body.setLinearDamping(0);
  body.setAngularDamping(0); // Havok's default damps the spin by 10 % a second
  return body;
}

function expectSpin(body, result) {
  const L = impulseFor(result);
  body.applyAngularImpulse(new Vector3(...L));
  scene.getPhysicsEngine()._step(1 / 60);
  // About 2e-4 rad turned in the step: well below Havok's 2⁻⁸.
  expect(relativeDistance(body.getAngularVelocity(), solve(result.inertia, L))).toBeLessThan(HAVOK_INERTIA_EPSILON);
}

test('a body given an L-shaped mesh result spins as I⁻¹L says and reads back its mass and center', () => {
  const { result } = lShape(mp);
  const body = newBody();
  body.setMassProperties(toBabylonMassProperties(result, { Vector3, Quaternion }));
  const read = body.getMassProperties();
  expect(Math.abs(read.mass - result.mass)).toBeLessThan(FLOAT32_EPSILON * result.mass);
  expect(relativeDistance(read.centerOfMass, result.centerOfMass)).toBeLessThan(4 * FLOAT32_EPSILON);
  expectSpin(body, result);
  body.dispose();
});

test('a body placed at a pose, given a result measured in world coordinates, has the result as its world inertia', () => {
  const { result, pose } = placedAssembly(mp);
  const body = newBody(pose);
  body.setMassProperties(toBabylonMassProperties(result, { Vector3, Quaternion }, pose));
  // The center Havok holds, in the body's frame, placed by the node's pose.
  const local = xyz(body.getMassProperties().centerOfMass);
  const center = matVec(quaternionToMatrix(pose.quaternion), local).map((x, k) => x + pose.position[k]);
  expect(Math.hypot(...center.map((x, k) => x - result.centerOfMass[k]))).toBeLessThan(16 * FLOAT32_EPSILON * 2);
  expectSpin(body, result);
  body.dispose();
});

test('Havok reads inertia per unit mass: the principal moments as they are make the body mass times harder to spin', () => {
  const { result } = lShape(mp);
  const right = newBody();
  right.setMassProperties(toBabylonMassProperties(result, { Vector3, Quaternion }));
  const naive = newBody();
  const [x, y, z, w] = result.principalRotation;
  naive.setMassProperties({
    mass: result.mass,
    centerOfMass: new Vector3(...result.centerOfMass),
    inertia: new Vector3(...result.principalMoments),
    inertiaOrientation: new Quaternion(x, y, z, w),
  });
  const L = new Vector3(...impulseFor(result));
  right.applyAngularImpulse(L);
  naive.applyAngularImpulse(L);
  const ratio = right.getAngularVelocity().length() / naive.getAngularVelocity().length();
  expect(Math.abs(ratio / result.mass - 1)).toBeLessThan(2 * HAVOK_INERTIA_EPSILON);
  right.dispose();
  naive.dispose();
});

test('the constructors are required and named when missing', () => {
  let error;
  try {
    toBabylonMassProperties(mp.sphere(1), {});
  } catch (e) {
    error = e;
  }
  expect(error).toBeInstanceOf(MassPropertiesError);
  expect(error.code).toBe('INVALID_ARGUMENT');
  expect(error.message).toMatch(/Vector3 and Quaternion/);
});
