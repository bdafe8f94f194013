// A result as a KHR_physics_rigid_bodies `motion` object, in the space of the node it goes on.
// The result is measured in the scene's frame (metres, kg); the spec wants the centre of mass in
// node space and the orientation of the principal axes relative to the node's axes, with the
// moments as physical kg·m². The conversion itself is mass-properties/physics' toGltfMotion; this
// file only turns a node's world matrix into the pose it takes.
import { toGltfMotion } from '../physics.js';

const IDENTITY = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1];

// Quaternion [x, y, z, w] of a rotation matrix given by its columns (Shepperd's method).
function quaternionOf(c0, c1, c2) {
  const [m00, m10, m20] = c0;
  const [m01, m11, m21] = c1;
  const [m02, m12, m22] = c2;
  const trace = m00 + m11 + m22;
  let q;
  if (trace > 0) {
    const s = 2 * Math.sqrt(trace + 1);
    q = [(m21 - m12) / s, (m02 - m20) / s, (m10 - m01) / s, s / 4];
  } else if (m00 > m11 && m00 > m22) {
    const s = 2 * Math.sqrt(1 + m00 - m11 - m22);
    q = [s / 4, (m01 + m10) / s, (m02 + m20) / s, (m21 - m12) / s];
  } else if (m11 > m22) {
    const s = 2 * Math.sqrt(1 + m11 - m00 - m22);
    q = [(m01 + m10) / s, s / 4, (m12 + m21) / s, (m02 - m20) / s];
  } else {
    const s = 2 * Math.sqrt(1 + m22 - m00 - m11);
    q = [(m02 + m20) / s, (m12 + m21) / s, s / 4, (m10 - m01) / s];
  }
  const n = Math.hypot(...q) * (q[3] < 0 ? -1 : 1); // w ≥ 0, as the library's quaternions
  return q.map((x) => x / n);
}

const dot = (a, b) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const cross = (a, b) => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
const unit = (a) => a.map((x) => x / Math.hypot(...a));

// The node's axes in the scene frame as a rotation: its matrix's columns made orthonormal
// (Gram–Schmidt; a mirror flips the first axis, so the frame stays right-handed, as
// three.js's decompose does). Under shear this is the nearest frame, not an exact one.
function nodeRotation(m) {
  let x = [m[0], m[1], m[2]];
  const y0 = [m[4], m[5], m[6]];
  const z0 = [m[8], m[9], m[10]];
  if (dot(cross(x, y0), z0) < 0) x = x.map((v) => -v);
  x = unit(x);
  const y = unit(y0.map((v, k) => v - dot(y0, x) * x[k]));
  return [x, y, cross(x, y)];
}

/**
 * The point p of the scene frame in the coordinates of the node whose world matrix is m.
 * @param {ArrayLike<number>} m
 * @param {ArrayLike<number>} p
 * @returns {[number, number, number]}
 */
function toNodeSpace(m, p) {
  const a = [
    [m[0], m[4], m[8]],
    [m[1], m[5], m[9]],
    [m[2], m[6], m[10]],
  ];
  const d = [p[0] - m[12], p[1] - m[13], p[2] - m[14]];
  const det = dot(a[0], cross(a[1], a[2]));
  // Cramer's rule: x_k = det(A with column k replaced by d) / det(A).
  const columns = [0, 1, 2].map((k) => a.map((row) => row[k]));
  const solve = (k) => {
    const c = columns.map((col, j) => (j === k ? d : col));
    return dot(c[0], cross(c[1], c[2])) / det;
  };
  return [solve(0), solve(1), solve(2)];
}

// The node's pose from its world matrix: its translation, the rotation of its orthonormalised
// axes, and its signed scale along them (a mirror shows as a negative scale).
export function poseOf(m) {
  const axes = nodeRotation(m);
  const columns = [0, 4, 8].map((k) => [m[k], m[k + 1], m[k + 2]]);
  return {
    position: [m[12], m[13], m[14]],
    quaternion: quaternionOf(...axes),
    scale: columns.map((c, k) => dot(c, axes[k])),
  };
}

/**
 * The `motion` object of KHR_physics_rigid_bodies for a result measured in the scene frame (in
 * metres and kilograms), to be put on a node whose world matrix is `worldMatrix` (column-major,
 * 16 numbers as glTF and three.js store it; identity by default).
 */
export function motionFromResult(result, worldMatrix = IDENTITY) {
  const motion = toGltfMotion(result, poseOf(worldMatrix));
  // The center through the matrix's inverse: exact for any world matrix, a sheared one included
  // (a parent's non-uniform scale under a rotated child), which no pose describes.
  motion.centerOfMass = toNodeSpace(worldMatrix, result.centerOfMass);
  return motion;
}
