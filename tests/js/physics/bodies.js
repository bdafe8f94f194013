// Bodies the engine tests hand over, and what an engine must do with them, derived here from
// the result's inertia tensor alone (own 3×3 inverse), never from the converters.
import { axisAngle, lPrism, matMul, matVec, quaternionToMatrix, transpose } from '../helpers/meshes.js';

/** An L-shaped PLA prism (non-convex, no symmetry axis) measured in its own coordinates. */
export function lShape(mp) {
  const mesh = lPrism(0.1, 0.05);
  return { mesh, result: mp.mesh(mesh.positions, mesh.indices, { density: 1240 }) };
}

const norm = (q) => {
  const n = Math.hypot(...q);
  return q.map((c) => c / n);
};

/**
 * A steel pin through an aluminium plate, placed and turned in the world and measured there;
 * `pose` is where its body goes (the result is then in world coordinates, not the body's).
 */
export function placedAssembly(mp) {
  const plate = mp.transform(mp.box(0.3, 0.02, 0.12, { density: 2700 }), {
    position: [0.05, 0.01, -0.02],
    quaternion: axisAngle([0, 0, 1], 0.3),
  });
  const pin = mp.transform(mp.cylinder(0.01, 0.2, { density: 7850 }), {
    position: [0.12, 0.05, 0.03],
    quaternion: norm([0.3, -0.2, 0.5, 0.8]),
  });
  const result = mp.combine([plate, pin]);
  return { result, pose: { position: [1.5, -0.4, 2], quaternion: norm([-0.4, 0.7, 0.1, 0.5]) } };
}

/** ω = I⁻¹ L for the row-major tensor I (adjugate over determinant). */
export function solve(I, L) {
  const [a, b, c, d, e, f, g, h, k] = I;
  const inverse = [
    e * k - f * h,
    c * h - b * k,
    b * f - c * e,
    f * g - d * k,
    a * k - c * g,
    c * d - a * f,
    d * h - e * g,
    b * g - a * h,
    a * e - b * d,
  ];
  const det = a * inverse[0] + b * inverse[3] + c * inverse[6];
  return [0, 1, 2].map((r) => (inverse[3 * r] * L[0] + inverse[3 * r + 1] * L[1] + inverse[3 * r + 2] * L[2]) / det);
}

/** Largest distance between two vectors given as arrays or {x, y, z}, relative to |expected|. */
export function relativeDistance(got, expected) {
  const g = Array.isArray(got) ? got : [got.x, got.y, got.z];
  return Math.hypot(g[0] - expected[0], g[1] - expected[1], g[2] - expected[2]) / Math.hypot(...expected);
}

/**
 * An angular impulse (N·m·s) along no principal axis, scaled to spin the body at about
 * 0.01 rad/s: one 1/60 s step then turns it by ~2e-4 rad, so that the engines' integration of
 * the gyroscopic term errs by ~(2e-4)², below float32's resolution.
 */
export function impulseFor(result) {
  const s = 0.01 * result.principalMoments[1];
  return [0.6 * s, -0.3 * s, 0.75 * s];
}

/**
 * The world angular momentum I(q)·ω of a body whose tensor was `inertia` (row-major, world
 * axes) at orientation q0 and which has turned to q1 (quaternions [x, y, z, w]).
 */
export function angularMomentum(inertia, q0, q1, omega) {
  const turn = matMul(quaternionToMatrix(q1), transpose(quaternionToMatrix(q0)));
  return matVec(matMul(matMul(turn, inertia), transpose(turn)), omega);
}

/** float32 machine epsilon: the engines built on float32 store every number with this spacing. */
export const FLOAT32_EPSILON = 2 ** -23;

/**
 * How far an engine storing numbers with spacing `epsilon` may put ω or L: I⁻¹ amplifies a
 * relative error by up to the condition number I₃/I₁ (5 for the assembly, 3 for the L).
 */
export const spinTolerance = (result, epsilon, ulps = 8) =>
  ulps * epsilon * (result.principalMoments[2] / result.principalMoments[0]);
