// Rotations for expected values, written here rather than taken from the package: a unit
// quaternion [x, y, z, w] turning a vector, and the tensor R·diag(d)·Rᵀ it makes of principal moments.

/** v turned by the unit quaternion q: v + 2w (u × v) + 2 u × (u × v), u = (x, y, z). */
export function rotate([x, y, z, w], v) {
  const t = [2 * (y * v[2] - z * v[1]), 2 * (z * v[0] - x * v[2]), 2 * (x * v[1] - y * v[0])];
  return [
    v[0] + w * t[0] + (y * t[2] - z * t[1]),
    v[1] + w * t[1] + (z * t[0] - x * t[2]),
    v[2] + w * t[2] + (x * t[1] - y * t[0]),
  ];
}

/** The tensor R·diag(d)·Rᵀ of a quaternion and a diagonal, as 9 numbers (row-major). */
export function tensor(q, d) {
  const axes = [rotate(q, [1, 0, 0]), rotate(q, [0, 1, 0]), rotate(q, [0, 0, 1])];
  const out = [];
  for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) out.push(axes.reduce((s, a, k) => s + a[i] * d[k] * a[j], 0));
  return out;
}
