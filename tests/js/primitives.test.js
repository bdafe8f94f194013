// Analytic shapes against closed forms written here, and against ever finer tessellations of the
// matching three.js geometries measured by mp.mesh: the error must shrink like the inscribed
// polygon error (about 4x per doubling of the segment counts) and be small at the finest level.
import * as THREE from 'three';

import { init } from '../../js/index.js';

let mp;
beforeAll(async () => {
  mp = await init();
});

const PI = Math.PI;
const rel = (got, want) => Math.abs(got - want) / Math.abs(want);
const expectRel = (got, want, tol) => {
  if (!(rel(got, want) <= tol)) throw new Error(`got ${got}, want ${want} (relative error ${rel(got, want)} > ${tol})`);
};
const expectAbs = (got, want, tol) => {
  if (!(Math.abs(got - want) <= tol)) throw new Error(`got ${got}, want ${want} (error ${Math.abs(got - want)} > ${tol})`);
};
const diag = (m) => [m[0], m[4], m[8]];

// ---- closed forms -----------------------------------------------------------------------------------------
//
// All about the center of mass, Y the long axis of cylinder, capsule and cone (three.js frames).
//
// Box w×h×d: ∫x² dV over [−w/2, w/2] × ... = (w³/12)·h·d = V w²/12, so
//   I_xx = m(h² + d²)/12, I_yy = m(w² + d²)/12, I_zz = m(w² + h²)/12; area 2(wh + hd + dw).
// Sphere r: ∫(x²+y²+z²) dV = ∫₀ʳ ρ²·4πρ² dρ = 4πr⁵/5, a third of it per axis pair ⇒ ∫x² dV = V r²/5,
//   I = 2·V r²/5 ⇒ I = 2/5 m r²; area 4πr².
// Ellipsoid a, b, c: the unit ball stretched by diag(a, b, c) ⇒ ∫x² dV = V a²/5 ⇒ I_xx = m(b² + c²)/5.
// Cylinder r, h: polar moment of a disk ∫(x²+z²) dA = πr⁴/2 ⇒ I_yy = m r²/2; ∫x² dV = V r²/4 and
//   ∫y² dV = V h²/12 ⇒ I_xx = I_zz = m(3r² + h²)/12; area 2πr h + 2πr².
// Cone r, h, apex at +h/2: slices at distance s from the apex have radius r s/h.
//   V = ∫₀ʰ π r² s²/h² ds = πr²h/3; mean s = ∫ s·s² / ∫ s² = 3h/4 ⇒ centroid 3h/4 below the apex,
//   y = h/2 − 3h/4 = −h/4.  I_yy = ∫ (π r⁴ s⁴ / 2h⁴) ds = π r⁴ h / 10 = 3/10 m r².
//   ∫x² dV = I_yy/2 = 3/20 m r²; ∫s² dV = m·3h²/5, about the centroid: 3h²/5 − 9h²/16 = 3h²/80
//   ⇒ I_xx = I_zz = m(3r²/20 + 3h²/80).  Area: lateral π r l (l = √(r² + h²)) + base π r².
//   Surface centroid: the lateral band at s has area ∝ s ⇒ its centroid is at 2h/3 from the apex,
//   y = h/2 − 2h/3 = −h/6; the base is at −h/2 ⇒ y_S = (π r l·(−h/6) + π r²·(−h/2)) / (π r l + π r²)
//   = −(h/6)(l + 3r)/(l + r).
// Capsule r, L (straight part along Y, hemispheres on both ends, three.js CapsuleGeometry):
//   cylinder part m_c = ρπr²L; hemispheres m_h = ρ(2/3)πr³ each.
//   Axial: the two hemispheres form a sphere about the axis ⇒ I_yy = m_c r²/2 + 2·(2/5 m_h r²).
//   Transverse: a hemisphere about a transverse axis through the center of its flat face has half
//   of the full sphere's moment with half the mass: 2/5 m_h r². Its centroid is 3r/8 from the face
//   (∫ y dV over the half ball = ∫₀ʳ y·π(r² − y²) dy = πr⁴/4, divided by 2πr³/3). Parallel axis:
//   about its centroid 2/5 m_h r² − m_h (3r/8)²; the centroid is at L/2 + 3r/8 from the capsule's
//   center ⇒ about the center: 2/5 m_h r² − m_h (3r/8)² + m_h (L/2 + 3r/8)².
//   I_xx = I_zz = m_c (3r² + L²)/12 + 2·[2/5 m_h r² − m_h(3r/8)² + m_h(L/2 + 3r/8)²].
//   Area: 2πrL + 4πr².
function closedForm(shape, dims, density) {
  switch (shape) {
    case 'box': {
      const [w, h, d] = dims;
      const V = w * h * d;
      const m = density * V;
      return { V, com: [0, 0, 0], I: [m * (h * h + d * d) / 12, m * (w * w + d * d) / 12, m * (w * w + h * h) / 12], A: 2 * (w * h + h * d + d * w), S: [0, 0, 0] };
    }
    case 'sphere': {
      const [r] = dims;
      const V = (4 / 3) * PI * r ** 3;
      const m = density * V;
      return { V, com: [0, 0, 0], I: [0.4 * m * r * r, 0.4 * m * r * r, 0.4 * m * r * r], A: 4 * PI * r * r, S: [0, 0, 0] };
    }
    case 'ellipsoid': {
      const [a, b, c] = dims;
      const V = (4 / 3) * PI * a * b * c;
      const m = density * V;
      return { V, com: [0, 0, 0], I: [m * (b * b + c * c) / 5, m * (a * a + c * c) / 5, m * (a * a + b * b) / 5], S: [0, 0, 0] };
    }
    case 'cylinder': {
      const [r, h] = dims;
      const V = PI * r * r * h;
      const m = density * V;
      const t = m * (3 * r * r + h * h) / 12;
      return { V, com: [0, 0, 0], I: [t, m * r * r / 2, t], A: 2 * PI * r * h + 2 * PI * r * r, S: [0, 0, 0] };
    }
    case 'cone': {
      const [r, h] = dims;
      const V = (PI * r * r * h) / 3;
      const m = density * V;
      const t = m * ((3 * r * r) / 20 + (3 * h * h) / 80);
      const l = Math.hypot(r, h);
      return { V, com: [0, -h / 4, 0], I: [t, 0.3 * m * r * r, t], A: PI * r * l + PI * r * r, S: [0, (-(h / 6) * (l + 3 * r)) / (l + r), 0] };
    }
    case 'capsule': {
      const [r, L] = dims;
      const mc = density * PI * r * r * L;
      const mh = density * (2 / 3) * PI * r ** 3;
      const V = PI * r * r * L + (4 / 3) * PI * r ** 3;
      const axial = (mc * r * r) / 2 + 2 * (0.4 * mh * r * r);
      const hemi = 0.4 * mh * r * r - mh * ((3 * r) / 8) ** 2 + mh * (L / 2 + (3 * r) / 8) ** 2;
      const t = (mc * (3 * r * r + L * L)) / 12 + 2 * hemi;
      return { V, com: [0, 0, 0], I: [t, axial, t], A: 2 * PI * r * L + 4 * PI * r * r, S: [0, 0, 0] };
    }
    default:
      throw new Error(shape);
  }
}

const measure = {
  box: (d, o) => mp.box(...d, o),
  sphere: (d, o) => mp.sphere(...d, o),
  ellipsoid: (d, o) => mp.ellipsoid(...d, o),
  cylinder: (d, o) => mp.cylinder(...d, o),
  capsule: (d, o) => mp.capsule(...d, o),
  cone: (d, o) => mp.cone(...d, o),
};

const CASES = [
  ['box', [1.5, 2, 3.25]],
  ['box', [0.01, 100, 7]],
  ['sphere', [1.5]],
  ['sphere', [1e-3]],
  ['ellipsoid', [1.25, 0.75, 2]],
  ['cylinder', [0.75, 2.5]],
  ['cylinder', [3, 0.1]],
  ['capsule', [0.5, 1.25]],
  ['capsule', [2, 0.01]],
  ['cone', [0.75, 2.5]],
  ['cone', [4, 0.5]],
];

describe.each(CASES)('%s %j matches its closed form', (shape, dims) => {
  test.each([1, 2.7])('density %p', (density) => {
    const want = closedForm(shape, dims, density);
    const r = measure[shape](dims, { density });
    expectRel(r.volume, want.V, 1e-15);
    expectRel(r.mass, density * want.V, 1e-15);
    expect(r.density).toBe(density);
    r.centerOfMass.forEach((x, k) => expectAbs(x, want.com[k], 1e-15 * Math.max(...dims)));
    diag(r.inertia).forEach((x, k) => expectRel(x, want.I[k], 1e-14));
    for (const k of [1, 2, 3, 5, 6, 7]) expect(r.inertia[k]).toBe(0);
    // Principal moments ascend and are the diagonal here.
    expect(r.principalMoments[0]).toBeLessThanOrEqual(r.principalMoments[1]);
    expect(r.principalMoments[1]).toBeLessThanOrEqual(r.principalMoments[2]);
    [...want.I].sort((a, b) => a - b).forEach((x, k) => expectRel(r.principalMoments[k], x, 1e-14));
    if (want.A !== undefined) expectRel(r.surfaceArea, want.A, 1e-14);
    r.surfaceCentroid.forEach((x, k) => expectAbs(x, want.S[k], 1e-14 * Math.max(...dims)));
    expect(r.diagnostics).toMatchObject({ triangles: 0, closed: true });
  });
});

// ---- mass instead of density -----------------------------------------------------------------------------

test('mass scaling is exact', () => {
  // 1×2×3 box: V = 6, so mass 6 means density 1 — exactly, and the same inertia as density 1.
  const byMass = mp.box(1, 2, 3, { mass: 6 });
  expect(byMass.density).toBe(1);
  expect(byMass.mass).toBe(6);
  expect(byMass.inertia).toEqual(mp.box(1, 2, 3).inertia);
  // mass 12 ⇒ density 2; I_xx = 12(4 + 9)/12 = 13, I_yy = 12(1 + 9)/12 = 10, I_zz = 12(1 + 4)/12 = 5.
  const heavy = mp.box(1, 2, 3, { mass: 12 });
  expect(heavy.density).toBe(2);
  expect(diag(heavy.inertia)).toEqual([13, 10, 5]);
  // Every shape: the given mass is returned as given, density = m / V, inertia ∝ mass.
  for (const [shape, dims] of CASES) {
    const unit = measure[shape](dims);
    for (const m of [1, 5, 1e-6, 3e8]) {
      const r = measure[shape](dims, { mass: m });
      expect(r.mass).toBe(m);
      expect(r.volume).toBe(unit.volume);
      expectRel(r.density, m / unit.volume, 1e-15);
      expect(r.centerOfMass).toEqual(unit.centerOfMass);
      diag(r.inertia).forEach((x, k) => expectRel(x, (m / unit.mass) * diag(unit.inertia)[k], 1e-14));
    }
  }
  // sphere of radius 2 with mass 5: I = 2/5 · 5 · 4 = 8.
  diag(mp.sphere(2, { mass: 5 }).inertia).forEach((x) => expectRel(x, 8, 1e-15));
  // cone r = 1, h = 4 with mass 80: I_yy = 3/10·80 = 24, I_xx = 80(3/20 + 3·16/80) = 12 + 48 = 60.
  const cone = mp.cone(1, 4, { mass: 80 });
  expectRel(cone.inertia[4], 24, 1e-15);
  expectRel(cone.inertia[0], 60, 1e-15);
  expect(cone.centerOfMass[1]).toBe(-1);
});

test('mass given for a mesh: the unit cube scaled to 2×2×2 with mass 4', () => {
  // V = 8 ⇒ density 1/2; I = m(4 + 4)/12 = 8/3 on the diagonal, center (1, 1, 1).
  const g = new THREE.BoxGeometry(2, 2, 2);
  g.translate(1, 1, 1);
  const r = mp.mesh(g.attributes.position.array, g.index.array, { mass: 4 });
  expect(r.mass).toBe(4);
  expect(r.density).toBe(0.5);
  r.centerOfMass.forEach((x) => expectAbs(x, 1, 1e-15));
  diag(r.inertia).forEach((x) => expectRel(x, 8 / 3, 1e-15));
});

// ---- ellipsoid surface area --------------------------------------------------------------------------------

// Spheroids (two equal semi-axes a, third c):
//   prolate (c > a): e² = 1 − a²/c², S = 2πa² (1 + c/(a e) · asin e)
//   oblate  (c < a): e² = 1 − c²/a², S = 2πa² (1 + (1 − e²)/e · atanh e)
function spheroidArea(a, c) {
  if (c > a) {
    const e = Math.sqrt(1 - (a * a) / (c * c));
    return 2 * PI * a * a * (1 + (c / (a * e)) * Math.asin(e));
  }
  const e = Math.sqrt(1 - (c * c) / (a * a));
  return 2 * PI * a * a * (1 + ((1 - e * e) / e) * Math.atanh(e));
}

// Gauss–Legendre nodes and weights on [−1, 1] (Newton on P_n).
function gaussLegendre(n) {
  const x = new Float64Array(n);
  const w = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    let t = Math.cos((PI * (i + 0.75)) / (n + 0.5));
    let dp = 0;
    for (let it = 0; it < 100; it++) {
      let p0 = 1;
      let p1 = t;
      for (let k = 2; k <= n; k++) [p0, p1] = [p1, ((2 * k - 1) * t * p1 - (k - 1) * p0) / k];
      dp = (n * (t * p1 - p0)) / (t * t - 1);
      const step = p1 / dp;
      t -= step;
      if (Math.abs(step) < 1e-16) break;
    }
    x[i] = t;
    w[i] = 2 / ((1 - t * t) * dp * dp);
  }
  return { x, w };
}

// Area of the ellipsoid x = a sinθ cosφ, y = b sinθ sinφ, z = c cosθ: |r_θ × r_φ| dθ dφ with
// t = cos θ becomes sqrt(b²c²(1−t²)cos²φ + a²c²(1−t²)sin²φ + a²b²t²) dt dφ — smooth in t on [−1, 1]
// and periodic in φ. The pole is put on the shortest axis (c smallest), which keeps the square
// root's complex zeros off the real interval; composite Gauss–Legendre in t (panels) and the
// trapezoid rule in φ then converge exponentially even for flat ellipsoids.
function ellipsoidAreaQuadrature(x, y, z, panels = 64, nphi = 512) {
  const [c, b, a] = [x, y, z].sort((p, q) => p - q);
  const { x: gx, w: gw } = gaussLegendre(16);
  let sum = 0;
  for (let j = 0; j < nphi; j++) {
    const phi = ((j + 0.5) * 2 * PI) / nphi;
    const cc = Math.cos(phi) ** 2;
    const ss = Math.sin(phi) ** 2;
    let inner = 0;
    for (let p = 0; p < panels; p++) {
      const lo = -1 + (2 * p) / panels;
      const half = 1 / panels;
      for (let i = 0; i < gx.length; i++) {
        const t = lo + half * (gx[i] + 1);
        const u = 1 - t * t;
        inner += half * gw[i] * Math.sqrt(b * b * c * c * u * cc + a * a * c * c * u * ss + a * a * b * b * t * t);
      }
    }
    sum += inner;
  }
  return (sum * 2 * PI) / nphi;
}

describe('ellipsoid surface area', () => {
  test('spheroids match the closed forms to 1e-12, whichever axis is the odd one', () => {
    for (const [a, c] of [[1, 3], [2, 5], [1, 1000], [1, 1.001], [3, 1], [4, 1], [1000, 1], [1.001, 1], [0.5, 0.499]]) {
      const want = spheroidArea(a, c);
      for (const dims of [[a, a, c], [a, c, a], [c, a, a]]) {
        expectRel(mp.ellipsoid(...dims).surfaceArea, want, 1e-12);
      }
    }
  });

  test('a sphere is the limit: 4πr²', () => {
    for (const r of [1, 0.3, 7e5]) expectRel(mp.ellipsoid(r, r, r).surfaceArea, 4 * PI * r * r, 1e-14);
  });

  test('the quadrature reproduces the spheroid closed forms (it is a valid reference)', () => {
    for (const [a, c] of [[1, 3], [3, 1], [2, 2.5]]) {
      expectRel(ellipsoidAreaQuadrature(a, a, c), spheroidArea(a, c), 1e-13);
      expectRel(ellipsoidAreaQuadrature(c, a, a), spheroidArea(a, c), 1e-13);
    }
  });

  test('triaxial ellipsoids match the quadrature to 1e-12', () => {
    for (const dims of [[1.25, 0.75, 2], [1, 2, 3], [3, 2, 1], [0.2, 1, 5], [10, 9, 8]]) {
      const q = ellipsoidAreaQuadrature(...dims);
      // The quadrature itself is converged: doubling its points changes nothing at this level.
      expectRel(ellipsoidAreaQuadrature(...dims, 128, 1024), q, 1e-14);
      expectRel(mp.ellipsoid(...dims).surfaceArea, q, 1e-12);
    }
  });
});

// ---- convergence of tessellations ---------------------------------------------------------------------------

function arrays(geometry) {
  return { positions: geometry.attributes.position.array, indices: geometry.index ? geometry.index.array : null };
}

// Measures `make(n)` for every level and returns, per quantity, the errors against `analytic`.
function errorsByLevel(levels, make, analytic) {
  const out = { volume: [], Ixx: [], Iyy: [], Izz: [], area: [], com: [], offDiagonal: [], meshes: [] };
  for (const n of levels) {
    const { positions, indices } = make(n);
    const r = mp.mesh(positions, indices);
    out.meshes.push(r);
    out.volume.push(rel(r.volume, analytic.volume));
    out.Ixx.push(rel(r.inertia[0], analytic.inertia[0]));
    out.Iyy.push(rel(r.inertia[4], analytic.inertia[4]));
    out.Izz.push(rel(r.inertia[8], analytic.inertia[8]));
    out.area.push(rel(r.surfaceArea, analytic.surfaceArea));
    out.com.push(Math.hypot(...r.centerOfMass.map((x, k) => x - analytic.centerOfMass[k])));
    out.offDiagonal.push(Math.max(...[1, 2, 5].map((k) => Math.abs(r.inertia[k]))) / (r.inertia[0] + r.inertia[4] + r.inertia[8]));
  }
  return out;
}

// The error of an inscribed tessellation falls like 1/n²: 4x per doubling. The coarsest level
// may still be pre-asymptotic, so the ratios of the later doublings are checked tightly.
function expectQuadraticConvergence(errors, finest, label) {
  for (let k = 1; k < errors.length; k++) {
    const ratio = errors[k - 1] / errors[k];
    const [lo, hi] = k === 1 ? [3.3, 4.7] : [3.7, 4.3];
    if (!(ratio >= lo && ratio <= hi)) {
      throw new Error(`${label}: error ratio ${ratio} at doubling ${k} (errors ${errors.map((e) => e.toExponential(2)).join(', ')})`);
    }
  }
  if (!(errors[errors.length - 1] <= finest)) throw new Error(`${label}: finest error ${errors[errors.length - 1]} > ${finest}`);
}

// Richardson: with error ≈ C/n², (4 Q(2n) − Q(n))/3 cancels the leading term; what remains is
// O(1/n⁴) plus the float32 rounding of the three.js positions (~1e-7).
function expectRichardson(meshes, get, want, tol, label) {
  const n = meshes.length;
  const extrapolated = (4 * get(meshes[n - 1]) - get(meshes[n - 2])) / 3;
  if (!(rel(extrapolated, want) <= tol)) throw new Error(`${label}: Richardson ${extrapolated} vs ${want}: ${rel(extrapolated, want)} > ${tol}`);
}

const QUANTITIES = [
  ['volume', (r) => r.volume, (a) => a.volume],
  ['Ixx', (r) => r.inertia[0], (a) => a.inertia[0]],
  ['Iyy', (r) => r.inertia[4], (a) => a.inertia[4]],
  ['Izz', (r) => r.inertia[8], (a) => a.inertia[8]],
  ['area', (r) => r.surfaceArea, (a) => a.surfaceArea],
];

function checkConvergence(name, levels, make, analytic, { finest, comTolerance }) {
  const e = errorsByLevel(levels, make, analytic);
  for (const [q, get, want] of QUANTITIES) {
    expectQuadraticConvergence(e[q], finest, `${name} ${q}`);
    expectRichardson(e.meshes, get, want(analytic), 2e-6, `${name} ${q}`);
  }
  // Inscribed in a convex solid: the polyhedron lies inside, so its volume and area are smaller.
  for (const r of e.meshes) {
    expect(r.volume).toBeLessThan(analytic.volume);
    expect(r.surfaceArea).toBeLessThan(analytic.surfaceArea);
  }
  // By symmetry the center needs no convergence: it is right at every level (up to float32 input).
  e.com.forEach((c) => expect(c).toBeLessThanOrEqual(comTolerance));
  e.offDiagonal.forEach((x) => expect(x).toBeLessThan(1e-7));
  return e;
}

describe('tessellations converge to the analytic shapes', () => {
  test('BoxGeometry(w, h, d) is exact at any segment count', () => {
    // Half-sizes 0.75, 1, 1.625 are exact in float32: the mesh is the box itself.
    const want = closedForm('box', [1.5, 2, 3.25], 1);
    for (const segments of [[1, 1, 1], [2, 3, 4], [7, 1, 5]]) {
      const { positions, indices } = arrays(new THREE.BoxGeometry(1.5, 2, 3.25, ...segments));
      const r = mp.mesh(positions, indices);
      expectRel(r.volume, want.V, 1e-14);
      diag(r.inertia).forEach((x, k) => expectRel(x, want.I[k], 1e-14));
      for (const k of [1, 2, 5]) expectAbs(r.inertia[k], 0, 1e-14);
      r.centerOfMass.forEach((x) => expectAbs(x, 0, 1e-15));
      expectRel(r.surfaceArea, want.A, 1e-14);
      const a = mp.box(1.5, 2, 3.25);
      expectRel(r.volume, a.volume, 1e-14);
      diag(r.inertia).forEach((x, k) => expectRel(x, diag(a.inertia)[k], 1e-14));
    }
  });

  test('SphereGeometry(r, 2n, n) → sphere(r)', () => {
    const r = 1.5;
    checkConvergence('sphere', [8, 16, 32, 64, 128], (n) => arrays(new THREE.SphereGeometry(r, 2 * n, n)), mp.sphere(r), {
      finest: 6e-4,
      comTolerance: 1e-6,
    });
  });

  test('SphereGeometry scaled by (rx, ry, rz) → ellipsoid(rx, ry, rz)', () => {
    const [rx, ry, rz] = [1.25, 0.75, 2];
    const make = (n) => {
      const { positions, indices } = arrays(new THREE.SphereGeometry(1, 2 * n, n));
      const scaled = new Float64Array(positions.length);
      for (let k = 0; k < positions.length; k += 3) {
        scaled[k] = positions[k] * rx;
        scaled[k + 1] = positions[k + 1] * ry;
        scaled[k + 2] = positions[k + 2] * rz;
      }
      return { positions: scaled, indices };
    };
    const analytic = mp.ellipsoid(rx, ry, rz);
    const e = checkConvergence('ellipsoid', [8, 16, 32, 64, 128], make, analytic, { finest: 6e-4, comTolerance: 1e-6 });
    // The triaxial area, independently: the quadrature above.
    const q = ellipsoidAreaQuadrature(rx, ry, rz);
    expectRel(analytic.surfaceArea, q, 1e-12);
    expectRichardson(e.meshes, (m) => m.surfaceArea, q, 2e-6, 'ellipsoid area vs quadrature');
  });

  test('CylinderGeometry(r, r, h, N) → cylinder(r, h)', () => {
    const [r, h] = [0.75, 2.5];
    const e = checkConvergence('cylinder', [16, 32, 64, 128, 256], (n) => arrays(new THREE.CylinderGeometry(r, r, h, n)), mp.cylinder(r, h), {
      finest: 3e-4,
      comTolerance: 1e-6,
    });
    // The prism on a regular N-gon inscribed in the circle is known exactly: its base is N
    // triangles of area r² sin(2π/N)/2, so V_N = (N/2) r² sin(2π/N) h (float32 input: 1e-6).
    [16, 32, 64, 128, 256].forEach((n, k) => expectRel(e.meshes[k].volume, (n / 2) * r * r * Math.sin((2 * PI) / n) * h, 1e-6));
  });

  test('ConeGeometry(r, h, N) → cone(r, h), center of mass at (0, −h/4, 0)', () => {
    const [r, h] = [0.75, 2.5];
    const analytic = mp.cone(r, h);
    const levels = [16, 32, 64, 128, 256];
    const e = checkConvergence('cone', levels, (n) => arrays(new THREE.ConeGeometry(r, h, n)), analytic, {
      finest: 3e-4,
      comTolerance: 1e-6,
    });
    // Any pyramid has its centroid a quarter of the height above its base: exact at every level.
    for (const m of e.meshes) expectAbs(m.centerOfMass[1], -h / 4, 1e-6);
    expectAbs(analytic.centerOfMass[1], -h / 4, 1e-15);
    // The surface centroid converges to −(h/6)(l + 3r)/(l + r).
    const l = Math.hypot(r, h);
    const yS = (-(h / 6) * (l + 3 * r)) / (l + r);
    expectAbs(analytic.surfaceCentroid[1], yS, 1e-15);
    expectQuadraticConvergence(e.meshes.map((m) => Math.abs(m.surfaceCentroid[1] - yS) / (h / 2)), 1e-5, 'cone surface centroid');
  });

  test('CapsuleGeometry(r, L, capSegments n, radialSegments 4n) → capsule(r, L)', () => {
    // three r187: new CapsuleGeometry(radius, height, capSegments, radialSegments, heightSegments),
    // `height` being the straight middle part — the `length` of mp.capsule.
    const [r, L] = [0.5, 1.25];
    checkConvergence('capsule', [4, 8, 16, 32, 64], (n) => arrays(new THREE.CapsuleGeometry(r, L, n, 4 * n)), mp.capsule(r, L), {
      finest: 3e-4,
      comTolerance: 1e-6,
    });
  });

  test('the tessellations are measured the same with Float64 positions', () => {
    // Same vertices in double precision: same answer to rounding (guards against a float32-only path).
    const { positions, indices } = arrays(new THREE.CapsuleGeometry(0.5, 1.25, 8, 32));
    const a = mp.mesh(positions, indices);
    const b = mp.mesh(new Float64Array(positions), new Uint32Array(indices));
    expectRel(b.volume, a.volume, 1e-14);
    diag(b.inertia).forEach((x, k) => expectRel(x, diag(a.inertia)[k], 1e-13));
    expectRel(b.surfaceArea, a.surfaceArea, 1e-14);
  });
});
