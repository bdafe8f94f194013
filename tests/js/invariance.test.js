// Invariances of mass properties: translation, rotation, scaling, density/mass, additivity
// (combine), transform() and inertiaAbout() against measuring the transformed mesh, holes.
import { init, MassPropertiesError } from '../../js/index.js';
import { Fraction, exactMassProperties, frac, maxAbs } from './helpers/exact.js';
import {
  box,
  torus,
  lPrism,
  tetrahedron,
  concat,
  flip,
  translate,
  rotate,
  scale,
  mapPositions,
  rng,
  randomRotation,
  quaternionToMatrix,
  axisAngle,
  matMul,
  transpose,
  matVec,
  det3,
  dot,
  maxAbsDiff,
  maxAbsEntry,
  boundingDiagonal,
} from './helpers/meshes.js';

const EPS = 2 ** -52;
const TOL = 1e-12;

let mp;
beforeAll(async () => {
  mp = await init();
});

// A general body: non-convex, no symmetry, distinct principal moments, non-zero products of inertia.
function lumpy() {
  return concat(
    lPrism(1, 0.75),
    tetrahedron([3, 0, 0], [4, 0.5, 0], [3.2, 1.5, 0.3], [3.5, 0.4, 1.2]),
    translate(torus(0.6, 0.2, 24, 12), [-1, 2.5, 0.4]),
  );
}

const measure = (m, options) => mp.mesh(m.positions, m.indices, options);

// Two results describe the same body within `tol` (inertia against its largest entry, center of
// mass against the body's size plus its own rounding).
function expectSameBody(a, b, size, tol = TOL) {
  expect(Math.abs(a.mass / b.mass - 1)).toBeLessThanOrEqual(tol);
  expect(Math.abs(a.volume / b.volume - 1)).toBeLessThanOrEqual(tol);
  const far = maxAbsEntry(b.centerOfMass);
  expect(maxAbsDiff(a.centerOfMass, b.centerOfMass)).toBeLessThanOrEqual(tol * size + 4 * EPS * far);
  expect(maxAbsDiff(a.inertia, b.inertia)).toBeLessThanOrEqual(tol * maxAbsEntry(b.inertia));
  expect(maxAbsDiff(a.principalMoments, b.principalMoments)).toBeLessThanOrEqual(tol * maxAbsEntry(b.principalMoments));
}

// Same axis up to sign (principal axes of distinct moments are defined up to sign only).
function expectSameAxis(u, v, tol = 1e-10) {
  expect(Math.abs(Math.abs(dot(u, v)) - 1)).toBeLessThanOrEqual(tol);
}

function expectInvalidBody(fn) {
  let error;
  try {
    fn();
  } catch (e) {
    error = e;
  }
  expect(error).toBeInstanceOf(MassPropertiesError);
  expect(error.code).toBe('INVALID_BODY');
}

describe('translation', () => {
  test('moves only the center of mass: tensor, moments, axes and volume unchanged', () => {
    const m = lumpy();
    const size = boundingDiagonal(m.positions);
    const a = measure(m);
    for (const t of [
      [3.25, -7.5, 12.125],
      [-100, 250, 0.5],
      [0.1, 0.2, 0.3],
    ]) {
      const b = measure(translate(m, t));
      expect(Math.abs(b.volume / a.volume - 1)).toBeLessThanOrEqual(TOL);
      expect(
        maxAbsDiff(
          b.centerOfMass,
          a.centerOfMass.map((c, i) => c + t[i]),
        ),
      ).toBeLessThanOrEqual(TOL * size + 4 * EPS * 300);
      expect(maxAbsDiff(b.inertia, a.inertia)).toBeLessThanOrEqual(TOL * maxAbsEntry(a.inertia));
      a.principalAxes.forEach((axis, i) => expectSameAxis(b.principalAxes[i], axis));
    }
  });

  test('a dyadic shift keeps the exact tensor identical (the exact reference agrees)', () => {
    const m = box([0.25, 0.5, 0.75], [1.5, 2.5, 1]);
    const t = [1024, -2048, 0.125];
    const a = exactMassProperties(m.positions, m.indices);
    const b = exactMassProperties(translate(m, t).positions, m.indices);
    a.inertia.forEach((x, k) => expect(b.inertia[k].equals(x)).toBe(true));
    const r = measure(translate(m, t));
    expect(
      maxAbsDiff(
        r.inertia,
        a.inertia.map((x) => x.toNumber()),
      ),
    ).toBeLessThanOrEqual(TOL * maxAbs(a.inertia).toNumber());
  });
});

describe('rotation', () => {
  test('rotating the mesh by R gives R I Rᵀ, R·com, the same moments and rotated principal axes', () => {
    const m = lumpy();
    const size = boundingDiagonal(m.positions);
    const a = measure(m);
    const [l0, l1, l2] = a.principalMoments;
    // the axes are well defined: the moments are apart by a good fraction of their size
    expect(Math.min(l1 - l0, l2 - l1)).toBeGreaterThan(0.02 * l2);
    const random = rng(11);
    for (let k = 0; k < 8; ++k) {
      const { matrix: R } = randomRotation(random);
      const b = measure(rotate(m, R));
      const expected = matMul(matMul(R, a.inertia), transpose(R));
      expect(maxAbsDiff(b.inertia, expected)).toBeLessThanOrEqual(TOL * maxAbsEntry(a.inertia));
      expect(maxAbsDiff(b.centerOfMass, matVec(R, a.centerOfMass))).toBeLessThanOrEqual(TOL * size);
      expect(maxAbsDiff(b.principalMoments, a.principalMoments)).toBeLessThanOrEqual(TOL * l2);
      a.principalAxes.forEach((axis, i) => expectSameAxis(b.principalAxes[i], matVec(R, axis)));
      expect(Math.abs(b.volume / a.volume - 1)).toBeLessThanOrEqual(TOL);
    }
  });
});

describe('scaling', () => {
  test.each([2, 0.5, 3, 0.3, 1e3])('scaling by s = %p multiplies volume by s³, inertia by s⁵, com by s', (s) => {
    const m = lumpy();
    const a = measure(m);
    const b = measure(scale(m, s));
    expect(Math.abs(b.volume / (a.volume * s ** 3) - 1)).toBeLessThanOrEqual(TOL);
    expect(Math.abs(b.mass / (a.mass * s ** 3) - 1)).toBeLessThanOrEqual(TOL);
    const I = a.inertia.map((x) => x * s ** 5);
    expect(maxAbsDiff(b.inertia, I)).toBeLessThanOrEqual(TOL * maxAbsEntry(I));
    expect(
      maxAbsDiff(
        b.centerOfMass,
        a.centerOfMass.map((c) => c * s),
      ),
    ).toBeLessThanOrEqual(TOL * s * boundingDiagonal(m.positions));
    expect(
      maxAbsDiff(
        b.principalMoments,
        a.principalMoments.map((x) => x * s ** 5),
      ),
    ).toBeLessThanOrEqual(TOL * s ** 5 * a.principalMoments[2]);
  });
});

describe('density and mass options', () => {
  test('density ρ multiplies mass and inertia by ρ and leaves volume, com and axes alone', () => {
    const m = lumpy();
    const a = measure(m);
    for (const rho of [2, 7.85, 1e-3, 1e6]) {
      const b = measure(m, { density: rho });
      expect(b.density).toBe(rho);
      expect(b.volume).toBe(a.volume);
      expect(b.centerOfMass).toEqual(a.centerOfMass);
      expect(Math.abs(b.mass / (rho * a.volume) - 1)).toBeLessThanOrEqual(EPS);
      b.inertia.forEach((x, k) =>
        expect(Math.abs(x - rho * a.inertia[k])).toBeLessThanOrEqual(2 * EPS * Math.abs(rho * a.inertia[k])),
      );
      expect(
        maxAbsDiff(
          b.principalMoments,
          a.principalMoments.map((x) => rho * x),
        ),
      ).toBeLessThanOrEqual(TOL * rho * a.principalMoments[2]);
      a.principalAxes.forEach((axis, i) => expectSameAxis(b.principalAxes[i], axis, 1e-14));
    }
  });

  test('mass M gives density M/V, mass exactly M and inertia (M/V)·I₁', () => {
    const m = lumpy();
    const a = measure(m);
    for (const M of [1, 12.5, 1e-6, 3e9]) {
      const b = measure(m, { mass: M });
      expect(b.mass).toBe(M);
      expect(b.volume).toBe(a.volume);
      expect(Math.abs(b.density / (M / a.volume) - 1)).toBeLessThanOrEqual(EPS);
      const I = a.inertia.map((x) => (M / a.volume) * x);
      expect(maxAbsDiff(b.inertia, I)).toBeLessThanOrEqual(4 * EPS * maxAbsEntry(I));
    }
  });

  test('mass and density agree: { mass: ρV } equals { density: ρ }', () => {
    const m = torus(2, 0.5, 32, 16);
    const byDensity = measure(m, { density: 2.7 });
    const byMass = measure(m, { mass: byDensity.mass });
    expectSameBody(byMass, byDensity, 5, 4 * EPS);
  });
});

describe('combine (additivity)', () => {
  test('a box cut into two closed boxes sharing a face combines to the whole box', () => {
    const whole = measure(box([0, 0, 0], [2, 1, 0.5]));
    const left = measure(box([0, 0, 0], [0.75, 1, 0.5]));
    const right = measure(box([0.75, 0, 0], [2, 1, 0.5]));
    const c = mp.combine([left, right]);
    expectSameBody(c, whole, 3);
    // and both equal the closed form: V = 1, com = (1, 1/2, 1/4), I = V/12·diag(1 + 1/4, 4 + 1/4, 4 + 1)
    expect(maxAbsDiff(c.centerOfMass, [1, 0.5, 0.25])).toBeLessThanOrEqual(TOL);
    expect(maxAbsDiff(c.inertia, [1.25 / 12, 0, 0, 0, 4.25 / 12, 0, 0, 0, 5 / 12])).toBeLessThanOrEqual(TOL);
    expect(c.surfaceArea).toBeCloseTo(whole.surfaceArea + 2 * 0.5, 12); // the shared face counts twice
  });

  test('the L prism is the combination of its two boxes (rotated and shifted as a whole)', () => {
    const { matrix: R } = randomRotation(rng(12));
    const place = (m) => translate(rotate(m, R), [5, -3, 2]);
    const L = measure(place(lPrism(1, 0.75)));
    const parts = [box([0, 0, 0], [2, 1, 0.75]), box([0, 1, 0], [1, 2, 0.75])].map((m) => measure(place(m)));
    expectSameBody(mp.combine(parts), L, 3);
  });

  test('disjoint bodies combine to the measure of their concatenated mesh', () => {
    const parts = [
      lPrism(1, 0.75),
      translate(torus(2, 0.5, 24, 12), [5, 0, 0]),
      tetrahedron([0, 0, 3], [1, 0, 3], [0, 1, 3], [0, 0, 4]),
    ];
    const together = measure(concat(...parts));
    expectSameBody(mp.combine(parts.map((m) => measure(m))), together, 10);
  });

  test('combine of one body is that body', () => {
    const a = measure(lumpy());
    expectSameBody(mp.combine([a]), a, 5, 4 * EPS);
  });
});

describe('holes: combine with { subtract: true }', () => {
  // Outer box wound outward plus an off-center inner box wound inward: a closed mesh of a box
  // with a box-shaped cavity.
  const outer = box([0, 0, 0], [4, 3, 2]);
  const inner = box([0.5, 1, 0.25], [2, 2.5, 1.5]);
  const holed = concat(outer, flip(inner));

  test('subtracting the cavity equals measuring the holed mesh, and both equal the exact values', () => {
    const direct = measure(holed);
    expect(direct.diagnostics).toMatchObject({ closed: true, inverted: false, consistentWinding: true });
    const combined = mp.combine([measure(outer), { body: measure(inner), subtract: true }]);
    expectSameBody(combined, direct, 5.4);
    const exact = exactMassProperties(holed.positions, holed.indices);
    // closed form check of the exact helper: V = 24 − 1.5·1.5·1.25
    expect(exact.volume.equals(frac(24).sub(frac(1.5).mul(frac(1.5)).mul(frac(1.25))))).toBe(true);
    const I = exact.inertia.map((x) => x.toNumber());
    expect(maxAbsDiff(combined.inertia, I)).toBeLessThanOrEqual(TOL * maxAbsEntry(I));
    expect(
      maxAbsDiff(
        combined.centerOfMass,
        exact.centerOfMass.map((x) => x.toNumber()),
      ),
    ).toBeLessThanOrEqual(TOL * 5.4);
    expect(combined.surfaceArea).toBeNull();
    expect(direct.surfaceArea).toBeCloseTo(2 * (12 + 8 + 6) + 2 * (1.5 * 1.5 + 1.5 * 1.25 + 1.5 * 1.25), 12);
  });

  test('a mesh made only of the inward-wound cavity is reported inverted with positive volume', () => {
    const r = measure(flip(inner));
    expect(r.diagnostics.inverted).toBe(true);
    expectSameBody(r, measure(inner), 2.4, 4 * EPS);
  });
});

describe('invalid combinations', () => {
  const small = () => measure(box([0, 0, 0], [1, 1, 1]));
  const big = () => measure(box([0, 0, 0], [2, 2, 2]));

  test('subtracting more mass than there is throws INVALID_BODY', () => {
    expectInvalidBody(() => mp.combine([small(), { body: big(), subtract: true }]));
  });

  test('subtracting a body from itself (zero mass) throws INVALID_BODY', () => {
    expectInvalidBody(() => mp.combine([small(), { body: small(), subtract: true }]));
  });

  test('subtracting a lighter body far outside leaves a non-physical tensor and throws INVALID_BODY', () => {
    // mass 1 − 1/8 > 0, but the "hole" 10 away gives the aggregate negative moments:
    // com x = (0.5 − 10.25/8)/(7/8) ≈ −0.89, and about it the hole contributes −(1/8)(11.14)² ≈ −15.5
    // to I_yy against +1.94 + 1/6 from the cube: a negative moment.
    const hole = measure(box([10, 0, 0], [10.5, 0.5, 0.5]));
    expectInvalidBody(() => mp.combine([small(), { body: hole, subtract: true }]));
  });

  test('a part that is not a body throws INVALID_BODY', () => {
    expectInvalidBody(() => mp.combine([small(), { mass: 'heavy' }]));
    expectInvalidBody(() => mp.combine([small(), { ...small(), inertia: [1, 0, 0, 0, 1, 0, 0, 0, 5] }])); // I1 + I2 < I3
  });
});

describe('transform(body, { position, quaternion, scale }) equals measuring the transformed mesh', () => {
  const cases = [
    ['translation only', { position: [1.5, -2, 30] }],
    ['rotation only', { quaternion: axisAngle([0.6, 0, 0.8], 1.1) }],
    ['uniform scale', { scale: [2.5, 2.5, 2.5] }],
    [
      'non-uniform scale, rotation and translation',
      { position: [-4, 5, 6], quaternion: axisAngle([0, 0.6, -0.8], -2.3), scale: [1.5, 0.75, 2] },
    ],
    [
      'mirror (negative scale) with rotation and translation',
      { position: [1, 2, 3], quaternion: axisAngle([1, 0, 0], 0.7), scale: [-1.25, 0.5, 2] },
    ],
    ['point reflection (all scales negative)', { scale: [-1, -1, -1] }],
  ];

  test.each(cases)('%s', (_, t) => {
    const m = lumpy();
    const body = measure(m);
    const q = t.quaternion ?? [0, 0, 0, 1];
    const s = t.scale ?? [1, 1, 1];
    const p = t.position ?? [0, 0, 0];
    // x' = R·S·x + p
    const A = matMul(quaternionToMatrix(q), [s[0], 0, 0, 0, s[1], 0, 0, 0, s[2]]);
    const moved = mapPositions(m, A, p);
    const mirrored = det3(A) < 0;
    const direct = measure(moved);
    // a mirror turns the winding inside out: the raw mesh is reported inverted (positive volume),
    // the re-wound one is not; both measure the same solid
    expect(direct.diagnostics.inverted).toBe(mirrored);
    expect(direct.volume).toBeGreaterThan(0);
    const rewound = mirrored ? measure(flip(moved)) : direct;
    expect(rewound.diagnostics.inverted).toBe(false);
    const viaTransform = mp.transform(body, t);
    const size = boundingDiagonal(moved.positions);
    expectSameBody(viaTransform, rewound, size);
    expectSameBody(viaTransform, direct, size);
    expect(Math.abs(viaTransform.volume / (body.volume * Math.abs(s[0] * s[1] * s[2])) - 1)).toBeLessThanOrEqual(TOL);
    const uniform = Math.abs(s[0]) === Math.abs(s[1]) && Math.abs(s[1]) === Math.abs(s[2]);
    if (uniform) {
      expect(Math.abs(viaTransform.surfaceArea / direct.surfaceArea - 1)).toBeLessThanOrEqual(TOL);
      expect(maxAbsDiff(viaTransform.surfaceCentroid, direct.surfaceCentroid)).toBeLessThanOrEqual(
        TOL * size + 4 * EPS * 40,
      );
    } else {
      expect(viaTransform.surfaceArea).toBeNull();
    }
  });

  test('a uniform scale may be given as one number', () => {
    const r = mp.transform(mp.box(1, 2, 3), { scale: 2 });
    // A 2×4×6 box: volume 48, I_xx = m (4² + 6²)/12.
    expect(r.volume).toBeCloseTo(48, 12);
    expect(r.inertia[0]).toBeCloseTo((48 * (16 + 36)) / 12, 10);
  });

  test('transform composes: two transforms equal their composition measured directly', () => {
    const m = lumpy();
    const t1 = { position: [1, 0, -1], quaternion: axisAngle([0, 0, 1], 0.4) };
    const t2 = { position: [0, 3, 0], quaternion: axisAngle([1, 0, 0], -1.2) };
    const twice = mp.transform(mp.transform(measure(m), t1), t2);
    const R1 = quaternionToMatrix(t1.quaternion),
      R2 = quaternionToMatrix(t2.quaternion);
    const moved = mapPositions(mapPositions(m, R1, t1.position), R2, t2.position);
    expectSameBody(twice, measure(moved), boundingDiagonal(moved.positions));
  });
});

describe('inertiaAbout(body, point, rotation)', () => {
  // Parallel-axis theorem: about a point p, J = I_c + m (|d|² 1 − d dᵀ) with d = c − p; in a frame
  // whose axes are the columns of R, the components are Rᵀ J R.
  function parallelAxis(body, point, q) {
    const d = body.centerOfMass.map((c, i) => c - point[i]);
    const d2 = dot(d, d);
    const J = body.inertia.map((x, k) => {
      const i = Math.floor(k / 3),
        j = k % 3;
      return x + body.mass * ((i === j ? d2 : 0) - d[i] * d[j]);
    });
    const R = quaternionToMatrix(q);
    return matMul(matMul(transpose(R), J), R);
  }

  test('about the center of mass in world axes it is the inertia itself', () => {
    const body = measure(lumpy());
    expect(maxAbsDiff(mp.inertiaAbout(body, body.centerOfMass), body.inertia)).toBeLessThanOrEqual(
      4 * EPS * maxAbsEntry(body.inertia),
    );
  });

  test('matches the parallel-axis theorem about points and rotated frames', () => {
    const body = measure(lumpy());
    const random = rng(13);
    for (let k = 0; k < 6; ++k) {
      const point = [random() * 10 - 5, random() * 10 - 5, random() * 10 - 5];
      const { quaternion } = randomRotation(random);
      const expected = parallelAxis(body, point, quaternion);
      expect(maxAbsDiff(mp.inertiaAbout(body, point, quaternion), expected)).toBeLessThanOrEqual(
        TOL * maxAbsEntry(expected),
      );
    }
  });

  test('about a point equals tr(S)·1 − S with S the exact second moment about that point', () => {
    // Independent of the parallel-axis theorem: integrate ∫ (x−p)(x−p)ᵀ dm directly by moving
    // the mesh so that p is the origin (the shifted coordinates round by ~1e-16 relative).
    const m = lumpy();
    const body = measure(m, { density: 3 });
    const p = [-2.5, 4.25, 1.125];
    const S = exactMassProperties(
      translate(
        m,
        p.map((x) => -x),
      ).positions,
      m.indices,
    ).secondMoment.map((x) => x.mul(3n));
    const trace = S[0].add(S[4]).add(S[8]);
    const J = S.map((x, k) => (k % 4 === 0 ? trace.sub(x) : x.neg()).toNumber());
    expect(maxAbsDiff(mp.inertiaAbout(body, p), J)).toBeLessThanOrEqual(TOL * maxAbsEntry(J));
    // in a frame rotated 90° about z (x' = y, y' = −x), J'_xx = J_yy and J'_xy = −J_yx
    const Jr = mp.inertiaAbout(body, p, axisAngle([0, 0, 1], Math.PI / 2));
    expect(Math.abs(Jr[0] - J[4])).toBeLessThanOrEqual(TOL * maxAbsEntry(J));
    expect(Math.abs(Jr[4] - J[0])).toBeLessThanOrEqual(TOL * maxAbsEntry(J));
    expect(Math.abs(Jr[1] + J[1])).toBeLessThanOrEqual(TOL * maxAbsEntry(J));
    expect(Math.abs(Jr[8] - J[8])).toBeLessThanOrEqual(TOL * maxAbsEntry(J));
  });

  test('about the center of mass in the principal frame it is diagonal with the principal moments', () => {
    const body = measure(lumpy());
    const D = mp.inertiaAbout(body, body.centerOfMass, body.principalRotation);
    const scaleI = body.principalMoments[2];
    expect(
      maxAbsDiff(D, [body.principalMoments[0], 0, 0, 0, body.principalMoments[1], 0, 0, 0, body.principalMoments[2]]),
    ).toBeLessThanOrEqual(TOL * scaleI);
  });
});

describe('exact invariances of the exact reference', () => {
  test('scaling the coordinates by 2 scales the exact volume by 8 and the inertia by 32 (exactly)', () => {
    const m = lumpy();
    const a = exactMassProperties(m.positions, m.indices);
    const b = exactMassProperties(scale(m, 2).positions, m.indices);
    expect(b.volume.equals(a.volume.mul(8n))).toBe(true);
    a.inertia.forEach((x, k) => expect(b.inertia[k].equals(x.mul(32n))).toBe(true));
    expect(
      Fraction.from(measure(scale(m, 2)).volume)
        .sub(b.volume)
        .abs()
        .div(b.volume)
        .toNumber(),
    ).toBeLessThanOrEqual(TOL);
  });
});

describe('holes given by negative mass', () => {
  // A 4×4×4 box with a 2×2×2 cavity in its middle: I_xx = (64·32 − 8·8)/12 about the center
  // (each box m(b² + c²)/12 at density 1), volume 56.
  test('a part with negative mass is subtracted like { subtract: true }', () => {
    const outer = mp.box(4, 4, 4);
    const inner = mp.box(2, 2, 2);
    const expectedIxx = (64 * 32 - 8 * 8) / 12;
    for (const hole of [
      { ...inner, mass: -inner.mass },
      { ...inner, mass: -inner.mass, volume: -inner.volume, inertia: inner.inertia.map((x) => -x) },
    ]) {
      const r = mp.combine([outer, hole]);
      expect(r.volume).toBeCloseTo(56, 12);
      expect(r.mass).toBeCloseTo(56, 12);
      expect(r.inertia[0]).toBeCloseTo(expectedIxx, 10);
      expect(r.surfaceArea).toBeNull();
    }
    const viaSubtract = mp.combine([outer, { body: inner, subtract: true }]);
    expect(viaSubtract.inertia[0]).toBeCloseTo(expectedIxx, 10);
  });
});
