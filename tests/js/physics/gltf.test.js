// The KHR_physics_rigid_bodies motion object: its fields as the extension's schema names them,
// and, rebuilt the way the extension defines them (R(inertiaOrientation) · diag(inertiaDiagonal)
// · Rᵀ, centerOfMass in node space), the result's own tensor and center.
import { init } from '../../../js/index.js';
import { toGltfMotion } from '../../../js/physics.js';
import { matMul, matVec, maxAbsDiff, quaternionToMatrix, transpose } from '../helpers/meshes.js';
import { lShape, placedAssembly } from './bodies.js';

let mp;
beforeAll(async () => {
  mp = await init();
});

const diagonal = ([a, b, c]) => [a, 0, 0, 0, b, 0, 0, 0, c];

function rebuiltTensor(motion) {
  const R = quaternionToMatrix(motion.inertiaOrientation);
  return matMul(matMul(R, diagonal(motion.inertiaDiagonal)), transpose(R));
}

test('the motion of a mesh measured in node space rebuilds its tensor and center exactly', () => {
  const { result } = lShape(mp);
  const motion = toGltfMotion(result);
  expect(Object.keys(motion)).toEqual(['mass', 'centerOfMass', 'inertiaDiagonal', 'inertiaOrientation']);
  expect(motion.mass).toBe(result.mass);
  expect(motion.centerOfMass).toEqual(result.centerOfMass);
  expect(maxAbsDiff(rebuiltTensor(motion), result.inertia)).toBeLessThan(1e-14 * result.principalMoments[2]);
  // Plain JSON: what a glTF writer stores, unchanged by the trip.
  expect(JSON.parse(JSON.stringify(motion))).toEqual(motion);
});

test('a result in world coordinates moves into the space of a node at a pose', () => {
  const { result, pose } = placedAssembly(mp);
  const motion = toGltfMotion(result, pose);
  const Q = quaternionToMatrix(pose.quaternion);
  const worldTensor = matMul(matMul(Q, rebuiltTensor(motion)), transpose(Q));
  expect(maxAbsDiff(worldTensor, result.inertia)).toBeLessThan(1e-14 * result.principalMoments[2]);
  const worldCenter = matVec(Q, motion.centerOfMass).map((x, k) => x + pose.position[k]);
  expect(maxAbsDiff(worldCenter, result.centerOfMass)).toBeLessThan(1e-15 * 4);
  // The schema: mass and every moment > 0 (0 would mean infinite), a unit quaternion.
  expect(motion.inertiaDiagonal.every((x) => x > 0)).toBe(true);
  expect(Math.abs(Math.hypot(...motion.inertiaOrientation) - 1)).toBeLessThan(1e-15 * 4);
});

// A glTF node's scale: node coordinates are the world's divided by it, along the node's axes;
// a mirror (negative entry) flips that axis. The physical tensor, expressed along the node's
// axes R·diag(sign s), must be what the motion's orientation and moments rebuild.
test.each([
  ['uniform', 0.01],
  ['non-uniform', [2, 0.5, 3]],
  ['one mirror', [2, -0.5, 3]],
  ['two mirrors', [-2, -0.5, 3]],
  ['three mirrors', [-1, -1, -1]],
])('a node with a %s scale: center in node coordinates, orientation along its axes', (_what, scale) => {
  const { result, pose } = placedAssembly(mp);
  const s = typeof scale === 'number' ? [scale, scale, scale] : scale;
  const motion = toGltfMotion(result, { ...pose, scale });
  const Q = quaternionToMatrix(pose.quaternion);
  const axes = matMul(Q, diagonal(s.map(Math.sign))); // the node's unit axes, as columns, in the world
  const worldTensor = matMul(matMul(axes, rebuiltTensor(motion)), transpose(axes));
  expect(maxAbsDiff(worldTensor, result.inertia)).toBeLessThan(1e-14 * result.principalMoments[2]);
  const worldCenter = matVec(
    Q,
    motion.centerOfMass.map((x, k) => x * s[k]),
  ).map((x, k) => x + pose.position[k]);
  expect(maxAbsDiff(worldCenter, result.centerOfMass)).toBeLessThan(1e-15 * 4);
  expect(Math.abs(Math.hypot(...motion.inertiaOrientation) - 1)).toBeLessThan(1e-15 * 4);
});

test('a zero or non-finite scale is refused by name', () => {
  const box = mp.box(1, 2, 3);
  expect(() => toGltfMotion(box, { scale: [1, 0, 1] })).toThrow(/nodePose\.scale must be finite and non-zero/);
  expect(() => toGltfMotion(box, { scale: NaN })).toThrow(/nodePose\.scale/);
});
