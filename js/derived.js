// Quantities derived from a result: plain functions of its numbers, no WebAssembly. They take
// the 3-D results (mp.mesh, the shapes, transform, combine) and the 2-D ones (mp.polygon,
// transform2d, combine2d), told apart by the number of principal moments.
import { fail, typeName } from './errors.js';

// Moments this far below zero (relative to their sum) are rounding of a flat body's zero.
const FLAT = 1e-10;

// mass and ascending principal moments of a result, checked.
function massAndMoments(result, what) {
  if (result === null || typeof result !== 'object') {
    fail('INVALID_BODY', `${what} needs a mass-properties result, got ${typeName(result)}`);
  }
  const { mass, principalMoments: moments } = result;
  if (typeof mass !== 'number' || !Number.isFinite(mass) || mass <= 0) {
    fail('INVALID_BODY', `${what}: result.mass must be a finite number > 0, got ${String(mass)}`);
  }
  const list = Array.isArray(moments) ? moments : [];
  if (!(list.length === 2 || list.length === 3) || !list.every((x) => typeof x === 'number' && Number.isFinite(x))) {
    fail('INVALID_BODY', `${what}: result.principalMoments must be 2 or 3 finite numbers`);
  }
  return { mass, moments: list };
}

// √max(0, x) where x may be a rounding below zero; a clearly negative x means no real body.
function side(x, scale, what, moments) {
  if (x < -FLAT * scale) {
    fail(
      'INVALID_BODY',
      `${what}: the principal moments [${moments.join(', ')}] break the triangle inequality ` +
        '(Iⱼ + Iₖ ≥ Iᵢ in 3-D, Iᵢ ≥ 0 in 2-D): no real body has them',
    );
  }
  return Math.sqrt(Math.max(0, x));
}

// For each principal axis i of a 3-D body, Iⱼ + Iₖ − Iᵢ = 2∫xᵢ² dm ≥ 0: the second moment along
// that axis, twice. Every size of an equivalent uniform body follows from it.
function secondMoments(mass, moments, what) {
  const [i1, i2, i3] = moments;
  const scale = i1 + i2 + i3;
  return [i2 + i3 - i1, i3 + i1 - i2, i1 + i2 - i3].map((d) => side(d, scale, what, moments) ** 2 / (2 * mass));
}

// √I₂ and √I₁ of a 2-D result: in the plane, the moment about axis 1 is m times the mean square
// extent along axis 2, and the other way round.
function planeRoots(moments, what) {
  const [i1, i2] = moments;
  return [side(i2, i1 + i2, what, moments), side(i1, i1 + i2, what, moments)];
}

/** √(Iᵢ/m) for each principal moment: the distance from the axis at which the whole mass would have that moment. */
export function radiiOfGyration(result) {
  const { mass, moments } = massAndMoments(result, 'radiiOfGyration');
  return moments.map((moment) => Math.sqrt(Math.max(0, moment) / mass));
}

/**
 * The tensor and principal moments divided by the mass (Babylon.js's PhysicsMassProperties
 * `inertia` is the principal moments per unit mass, with `inertiaOrientation` the principal
 * rotation). A 2-D result also gives its polar moment per unit mass.
 */
export function inertiaPerUnitMass(result) {
  const { mass, moments } = massAndMoments(result, 'inertiaPerUnitMass');
  const inertia = Array.isArray(result.inertia) ? result.inertia : [];
  if (!inertia.every((x) => typeof x === 'number' && Number.isFinite(x)) || inertia.length !== moments.length ** 2) {
    fail('INVALID_BODY', `inertiaPerUnitMass: result.inertia must be ${moments.length ** 2} finite numbers`);
  }
  const out = { inertia: inertia.map((x) => x / mass), principalMoments: moments.map((x) => x / mass) };
  if (moments.length === 2) out.polarMoment = (moments[0] + moments[1]) / mass;
  return out;
}

/**
 * Side lengths of the uniform box with the same mass and principal moments, along the principal
 * axes (centered at the center of mass, turned by principalRotation). A box a × b × c has
 * I₁ = m(b² + c²)/12 and cyclically, so a² = 6(I₂ + I₃ − I₁)/m. For a 2-D result: the sides of
 * the uniform rectangle, a = √(12 I₂/m) along axis 1 and b = √(12 I₁/m) along axis 2.
 */
export function equivalentBox(result) {
  const { mass, moments } = massAndMoments(result, 'equivalentBox');
  if (moments.length === 2) return planeRoots(moments, 'equivalentBox').map((s) => Math.sqrt(12 / mass) * s);
  return secondMoments(mass, moments, 'equivalentBox').map((x) => Math.sqrt(12 * x));
}

/**
 * Semi-axes of the uniform solid ellipsoid with the same mass and principal moments, along the
 * principal axes: I₁ = m(b² + c²)/5 and cyclically, so a² = 5(I₂ + I₃ − I₁)/(2m). For a 2-D
 * result: the semi-axes of the uniform elliptical plate, a = 2√(I₂/m) along axis 1 and
 * b = 2√(I₁/m) (its moments are m b²/4 and m a²/4).
 */
export function equivalentEllipsoid(result) {
  const { mass, moments } = massAndMoments(result, 'equivalentEllipsoid');
  if (moments.length === 2) return planeRoots(moments, 'equivalentEllipsoid').map((s) => (2 * s) / Math.sqrt(mass));
  return secondMoments(mass, moments, 'equivalentEllipsoid').map((x) => Math.sqrt(5 * x));
}

/**
 * Whether the numbers describe a well-defined solid without any repair decision: true for
 * results without diagnostics (analytic shapes, polygons, and combinations or transforms of
 * them) and for convex-hull results; for a mesh, exactly when its surface as given is closed
 * and consistently wound, and the solid mode had to leave out nothing and add nothing: no
 * repeated faces, no flipped triangles, no capped holes, no open pieces, no shells crossing
 * another (whose overlap would count twice). Inside-out shells and cavities are allowed: they
 * are decided exactly.
 */
export function isSolid(result) {
  if (result === null || typeof result !== 'object') {
    fail('INVALID_BODY', `isSolid needs a mass-properties result, got ${typeName(result)}`);
  }
  const d = result.diagnostics;
  if (d === null || d === undefined) return true;
  if (d.hullFaces > 0) return true;
  const r = d.repairs;
  return (
    d.closed === true &&
    d.consistentWinding === true &&
    r.duplicateTriangles === 0 &&
    r.flippedTriangles === 0 &&
    r.cappedHoles === 0 &&
    r.openShells === 0 &&
    r.intersectingShells === 0
  );
}
