// The one check of a library result against the exact values of a closed mesh (exact.js).
import { Fraction, maxAbs, relativeError } from './exact.js';

const EPS = 2 ** -52;

/**
 * Volume and mass relative to themselves, the center of mass relative to the body's `size` (plus
 * its own rounding: a far body's center cannot be closer than that), the inertia tensor relative
 * to its largest entry (zero off-diagonals cannot be judged relatively), each within `tol`.
 */
export function expectMatchesExact(result, exact, size, tol = 1e-12) {
  expect(relativeError(result.volume, exact.volume)).toBeLessThanOrEqual(tol);
  expect(relativeError(result.mass, exact.mass)).toBeLessThanOrEqual(tol);
  result.centerOfMass.forEach((x, i) => {
    const err = Fraction.from(x).sub(exact.centerOfMass[i]).abs().toNumber();
    expect(err).toBeLessThanOrEqual(tol * size + 4 * EPS * Math.abs(x));
  });
  const scale = maxAbs(exact.inertia);
  const err = maxAbs(result.inertia.map((x, i) => Fraction.from(x).sub(exact.inertia[i])));
  expect(err.div(scale).toNumber()).toBeLessThanOrEqual(tol);
}
