// An instance matrix as steps that mp.transform can apply exactly. mp.transform places a body by
// x′ = R·S·x + p (rotation, diagonal scale). An InstancedMesh keeps its matrices in a
// Float32Array, so a rotated instance is orthonormal only to ~1e-7: Matrix4.decompose would
// place the body that far off the drawn one. The singular value decomposition A = U·Σ·Vᵀ is
// exact for any invertible A (shear included): rotate by Vᵀ, then by U·Σ.
import { Matrix4, Quaternion, Vector3 } from 'three';

const PAIRS = [
  [0, 1],
  [0, 2],
  [1, 2],
];
const MAX_SWEEPS = 12; // Jacobi converges quadratically: 3x3 matrices need 3 to 5 sweeps
const ORTHOGONAL = 1e-15; // columns count as orthogonal when cos(angle) is below this
// The steps must reproduce the matrix to this, relative to its smallest singular value: an error
// E changes the volume by up to |E|/σmin relative, so a thin direction must be as exact as a wide one.
const RECOMPOSED = 1e-12;

/** @type {[Vector3, Vector3, Vector3]} */
const _columns = [new Vector3(), new Vector3(), new Vector3()];
/** @type {[Vector3, Vector3, Vector3]} */
const _turns = [new Vector3(), new Vector3(), new Vector3()];
const _p = new Vector3();
const _basis = new Matrix4();
const _recomposed = new Matrix4();
const _turnMatrix = new Matrix4();

// Rotates columns p and q of `vectors` by the plane rotation (c, s).
function rotatePair(vectors, p, q, c, s) {
  _p.copy(vectors[p]);
  vectors[p].multiplyScalar(c).addScaledVector(vectors[q], -s);
  vectors[q].multiplyScalar(c).addScaledVector(_p, s);
}

// Hestenes' one-sided Jacobi: plane rotations applied on the right make the columns of A
// orthogonal, A·V = U·Σ; `turns` accumulates V (a product of rotations, so det V = +1).
function orthogonalizeColumns(columns, turns) {
  for (let sweep = 0; sweep < MAX_SWEEPS; sweep++) {
    let rotated = false;
    for (const [p, q] of PAIRS) {
      const alpha = columns[p].lengthSq();
      const beta = columns[q].lengthSq();
      const gamma = columns[p].dot(columns[q]);
      if (!(Math.abs(gamma) > ORTHOGONAL * Math.sqrt(alpha * beta))) continue;
      const zeta = (beta - alpha) / (2 * gamma);
      const t = (zeta >= 0 ? 1 : -1) / (Math.abs(zeta) + Math.hypot(1, zeta));
      const c = 1 / Math.hypot(1, t);
      rotatePair(columns, p, q, c, c * t);
      rotatePair(turns, p, q, c, c * t);
      rotated = true;
    }
    if (!rotated) return true;
  }
  return false;
}

// Whether position·quaternion·scale·turn reproduces `matrix` (the check on every split).
function reproduces(matrix, split, smallestScale) {
  _recomposed.compose(split.position, split.quaternion, split.scale);
  if (split.turned) _recomposed.multiply(_turnMatrix.makeRotationFromQuaternion(split.turn));
  const a = matrix.elements;
  const b = _recomposed.elements;
  const tolerance = RECOMPOSED * smallestScale;
  return a.every((x, k) => Math.abs(x - b[k]) <= tolerance);
}

/** Scratch for splitAffine: x′ = position + quaternion·scale·(turn·x). */
export function createSplit() {
  return {
    turned: false,
    turn: new Quaternion(),
    position: new Vector3(),
    quaternion: new Quaternion(),
    scale: new Vector3(),
  };
}

/**
 * Splits `matrix` (a Matrix4 with last row 0 0 0 1) into a rotation `turn` followed by
 * position·quaternion·scale, written to `target`; `turned` is false when the turn is the
 * identity. Returns null when the matrix is singular or not finite, or the split does not
 * reproduce it: such an instance is baked instead.
 */
export function splitAffine(matrix, target) {
  const e = matrix.elements;
  for (let i = 0; i < 3; i++) {
    _columns[i].set(e[4 * i], e[4 * i + 1], e[4 * i + 2]);
    _turns[i].set(0, 0, 0).setComponent(i, 1);
  }
  const converged = orthogonalizeColumns(_columns, _turns);
  const sigma = _columns.map((column) => column.length());
  if (!converged || !sigma.every((s) => s > 0 && Number.isFinite(s))) return null;

  // U has det = sign(det A); a mirroring matrix takes U·(−Σ) with −U, a rotation.
  const sign = matrix.determinant() < 0 ? -1 : 1;
  _columns.forEach((column, i) => column.multiplyScalar(sign / sigma[i]));
  target.quaternion.setFromRotationMatrix(_basis.makeBasis(..._columns));
  target.scale.set(sign * sigma[0], sign * sigma[1], sign * sigma[2]);
  target.position.set(e[12], e[13], e[14]);
  // A tiny turn has cosines of exactly 1: look at the off-diagonal entries.
  target.turned = _turns.some((v, i) => [0, 1, 2].some((k) => k !== i && v.getComponent(k) !== 0));
  target.turn.setFromRotationMatrix(_basis.makeBasis(..._turns)).conjugate(); // Vᵀ
  return reproduces(matrix, target, Math.min(...sigma)) ? target : null;
}
