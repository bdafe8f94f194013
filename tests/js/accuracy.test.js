// Accuracy of mp.mesh against exact rational values computed (tests/js/helpers/exact.js) from the
// very same binary coordinates the library reads. The exact helper is itself checked first against
// textbook closed forms, so it is not trusted blindly.
import { init, MassPropertiesError } from '../../js/index.js';
import { Fraction, decompose, exactMassProperties, frac, relativeError, maxAbs } from './helpers/exact.js';
import {
  box,
  centeredBox,
  torus,
  lPrism,
  starPrism,
  tetrahedron,
  concat,
  flip,
  deindex,
  translate,
  rotate,
  toFloat32,
  rng,
  randomRotation,
  uvSphere,
  cylinderMesh,
  coneMesh,
  capsuleMesh,
  boundingDiagonal,
  maxAbsDiff,
  maxAbsEntry,
} from './helpers/meshes.js';
import { expectMatchesExact as expectNumbersMatchExact } from './helpers/expect-exact.js';

const EPS = 2 ** -52;
const TOL = 1e-12;

let mp;
beforeAll(async () => {
  mp = await init();
});

// --- checks ------------------------------------------------------------------------------------

// Largest exact |got_i − exact_i| over a list, as a Fraction.
function maxExactDiff(got, exact) {
  return maxAbs(got.map((g, i) => Fraction.from(g).sub(exact[i])));
}

// Rational invariants of a symmetric 3×3 tensor of Fractions: trace, sum of principal 2×2 minors, det.
function invariants(I) {
  const [a, b, c, , e, f, , , i] = I;
  const trace = a.add(e).add(i);
  const minors = a.mul(e).sub(b.mul(b)).add(a.mul(i)).sub(c.mul(c)).add(e.mul(i)).sub(f.mul(f));
  const det = a
    .mul(e.mul(i).sub(f.mul(f)))
    .sub(b.mul(b.mul(i).sub(f.mul(c))))
    .add(c.mul(b.mul(f).sub(e.mul(c))));
  return [trace, minors, det];
}

/**
 * Compares a library result with the exact values of the same mesh:
 * - volume and mass: relative error ≤ tol;
 * - center of mass: |error| ≤ tol·size + 4ε·|com_i| (relative to the body size; a far body's
 *   center cannot be closer than its own rounding, which is relative to |com|);
 * - inertia: max |error| ≤ tol·max|I_exact| (zero off-diagonals cannot be judged relatively);
 * - principal moments: their symmetric functions against the exact tensor invariants.
 */
function expectMatchesExact(result, exact, size, tol = TOL) {
  expectNumbersMatchExact(result, exact, size, tol);
  const scale = maxAbs(exact.inertia);
  const [t, m, d] = invariants(exact.inertia).map((x) => x.toNumber());
  const [l0, l1, l2] = result.principalMoments;
  const s = scale.toNumber();
  expect(Math.abs(l0 + l1 + l2 - t)).toBeLessThanOrEqual(tol * s);
  expect(Math.abs(l0 * l1 + l1 * l2 + l2 * l0 - m)).toBeLessThanOrEqual(tol * s * s);
  expect(Math.abs(l0 * l1 * l2 - d)).toBeLessThanOrEqual(tol * s * s * s);
  expect(result.diagnostics.closed).toBe(true);
  expect(result.diagnostics.inverted).toBe(false);
}

function measureAndCompare(mesh, options) {
  const result = mp.mesh(mesh.positions, mesh.indices, options);
  const exact = exactMassProperties(mesh.positions, mesh.indices, options);
  expectMatchesExact(result, exact, boundingDiagonal(mesh.positions));
  return { result, exact };
}

// --- the exact helper itself -------------------------------------------------------------------

describe('exact rational helper', () => {
  test('decompose reads the IEEE-754 mantissa and exponent exactly', () => {
    expect(decompose(1)).toEqual([2n ** 52n, -52]);
    expect(decompose(0.1)).toEqual([7205759403792794n, -56]); // 0.1 = 3602879701896397 / 2^55
    expect(Fraction.from(0.1).equals(new Fraction(3602879701896397n, 2n ** 55n))).toBe(true);
    expect(decompose(-3)).toEqual([-(3n * 2n ** 51n), -51]);
    expect(decompose(Number.MIN_VALUE)).toEqual([1n, -1074]);
    expect(decompose(Math.fround(0.1))).toEqual([13421773n * 2n ** 29n, -56]); // float32 0.1 = 13421773 / 2^27
  });

  test('number → fraction → number round-trips every double, including subnormals and float32 values', () => {
    const random = rng(1);
    const view = new DataView(new ArrayBuffer(8));
    const values = [
      0,
      -0,
      1,
      -1,
      0.1,
      1 / 3,
      Math.PI,
      1e300,
      -1e-300,
      Number.MAX_VALUE,
      Number.MIN_VALUE,
      2 ** -1060 * 3,
    ];
    for (let k = 0; k < 2000; ++k) {
      view.setUint32(0, Math.floor(random() * 2 ** 32));
      view.setUint32(4, Math.floor(random() * 2 ** 32));
      const x = view.getFloat64(0);
      if (Number.isFinite(x)) values.push(x);
      if (Number.isFinite(Math.fround(x))) values.push(Math.fround(x));
    }
    for (const x of values) expect(Fraction.from(x).toNumber()).toBe(x === 0 ? 0 : x);
  });

  test('toNumber rounds rationals correctly (checked against IEEE division of exact integers)', () => {
    // For integers p, q < 2^53, p / q in doubles is the correctly rounded quotient.
    const random = rng(2);
    for (let k = 0; k < 2000; ++k) {
      const p = Math.floor(random() * 2 ** 53) * (random() < 0.5 ? -1 : 1);
      const q = 1 + Math.floor(random() * 2 ** (1 + Math.floor(random() * 52)));
      expect(new Fraction(BigInt(p), BigInt(q)).toNumber()).toBe(p / q);
    }
    expect(new Fraction(1n, 3n).toNumber()).toBe(1 / 3);
    expect(new Fraction(1n, 10n).toNumber()).toBe(0.1);
    // ties go to even; anything above a tie goes up
    expect(new Fraction(2n ** 53n + 1n).toNumber()).toBe(2 ** 53);
    expect(new Fraction(2n ** 53n + 3n).toNumber()).toBe(2 ** 53 + 4);
    expect(new Fraction(2n ** 54n + 2n ** 54n + 1n, 2n).toNumber()).toBe(2 ** 54); // 2^54 + 1/2
    expect(new Fraction((2n ** 53n + 1n) * 3n + 1n, 3n).toNumber()).toBe(2 ** 53 + 2); // just above a tie
    expect(new Fraction(1n, 2n ** 1075n).toNumber()).toBe(0); // half the smallest subnormal: tie to even 0
    expect(new Fraction(3n, 2n ** 1076n).toNumber()).toBe(Number.MIN_VALUE); // 0.75 of it
    expect(new Fraction(2n ** 1024n).toNumber()).toBe(Infinity);
  });

  test('field operations are exact', () => {
    const a = frac(0.1),
      b = frac(0.2);
    expect(a.add(b).equals(frac(0.3))).toBe(false); // 0.1 + 0.2 ≠ 0.3 in binary, exactly
    expect(a.add(b).sub(b).equals(a)).toBe(true);
    expect(a.mul(b).div(b).equals(a)).toBe(true);
    expect(new Fraction(6n, -4n).toString()).toBe('-3/2');
    expect(frac(1).div(3n).mul(3n).equals(frac(1))).toBe(true);
    expect(frac(2).cmp(frac(3))).toBe(-1);
    expect(frac(-2).abs().cmp(frac(2))).toBe(0);
  });

  test('unit cube [0,1]³: V = 1, ∫x dV = 1/2, ∫x² dV = 1/3, ∫xy dV = 1/4, central I = diag(1/6)', () => {
    const e = exactMassProperties(box().positions, box().indices);
    expect(e.volume.equals(frac(1))).toBe(true);
    for (const f of e.firstMoment) expect(f.equals(new Fraction(1n, 2n))).toBe(true);
    for (let i = 0; i < 3; ++i) {
      for (let j = 0; j < 3; ++j) {
        expect(e.secondMoment[3 * i + j].equals(i === j ? new Fraction(1n, 3n) : new Fraction(1n, 4n))).toBe(true);
        expect(e.inertia[3 * i + j].equals(i === j ? new Fraction(1n, 6n) : frac(0))).toBe(true);
      }
    }
  });

  test('box [x0,x1]×[y0,y1]×[z0,z1]: ∫x² dV = (x1³−x0³)/3·Δy·Δz and ∫xy dV = (x1²−x0²)(y1²−y0²)/4·Δz', () => {
    const [x0, x1, y0, y1, z0, z1] = [-0.3, 1.7, 2.25, 5.1, -4, -1.5].map((x) => frac(x));
    const m = box([-0.3, 2.25, -4], [1.7, 5.1, -1.5]);
    const e = exactMassProperties(m.positions, m.indices);
    const dy = y1.sub(y0),
      dz = z1.sub(z0);
    const cube = (x) => x.mul(x).mul(x);
    const sq = (x) => x.mul(x);
    expect(e.volume.equals(x1.sub(x0).mul(dy).mul(dz))).toBe(true);
    expect(e.secondMoment[0].equals(cube(x1).sub(cube(x0)).div(3n).mul(dy).mul(dz))).toBe(true);
    expect(
      e.secondMoment[1].equals(
        sq(x1)
          .sub(sq(x0))
          .mul(sq(y1).sub(sq(y0)))
          .div(4n)
          .mul(dz),
      ),
    ).toBe(true);
    // a box's central tensor is diagonal with I_xx = V (Δy² + Δz²) / 12
    expect(e.inertia[1].isZero() && e.inertia[2].isZero() && e.inertia[5].isZero()).toBe(true);
    expect(e.inertia[0].equals(e.volume.mul(sq(dy).add(sq(dz))).div(12n))).toBe(true);
  });

  test('unit tetrahedron: V = 1/6, centroid 1/4, ∫x² dV = 1/60, ∫xy dV = 1/120 (textbook)', () => {
    const m = tetrahedron([0, 0, 0], [1, 0, 0], [0, 1, 0], [0, 0, 1]);
    const e = exactMassProperties(m.positions, m.indices);
    expect(e.volume.equals(new Fraction(1n, 6n))).toBe(true);
    for (const c of e.centerOfMass) expect(c.equals(new Fraction(1n, 4n))).toBe(true);
    for (let i = 0; i < 3; ++i) {
      for (let j = 0; j < 3; ++j) {
        expect(e.secondMoment[3 * i + j].equals(new Fraction(1n, i === j ? 60n : 120n))).toBe(true);
      }
    }
    // central: 1/60 − V/16 = 1/160 and 1/120 − V/16 = −1/480, so I_xx = 2/160 = 1/80, I_xy = +1/480
    expect(e.inertia[0].equals(new Fraction(1n, 80n))).toBe(true);
    expect(e.inertia[1].equals(new Fraction(1n, 480n))).toBe(true);
  });

  test('any tetrahedron: ∫x xᵀ dV = V/20 (Σ vᵢvᵢᵀ + s sᵀ), s = Σ vᵢ (vertex formula, no origin apex)', () => {
    const random = rng(3);
    for (let k = 0; k < 20; ++k) {
      const p = Array.from({ length: 4 }, () => [random() * 10 - 5, random() * 10 - 5, random() * 10 - 5]);
      const m = tetrahedron(...p);
      const e = exactMassProperties(m.positions, m.indices);
      const v = p.map((q) => q.map((x) => frac(x)));
      const [a, b, c, d] = v;
      const edge = (x) => [0, 1, 2].map((i) => x[i].sub(a[i]));
      const [e1, e2, e3] = [edge(b), edge(c), edge(d)];
      const det = e1[0]
        .mul(e2[1].mul(e3[2]).sub(e2[2].mul(e3[1])))
        .sub(e1[1].mul(e2[0].mul(e3[2]).sub(e2[2].mul(e3[0]))))
        .add(e1[2].mul(e2[0].mul(e3[1]).sub(e2[1].mul(e3[0]))));
      const V = det.abs().div(6n);
      expect(e.volume.equals(V)).toBe(true);
      const s = [0, 1, 2].map((i) => a[i].add(b[i]).add(c[i]).add(d[i]));
      for (let i = 0; i < 3; ++i) {
        expect(e.centerOfMass[i].equals(s[i].div(4n))).toBe(true);
        for (let j = 0; j < 3; ++j) {
          const sum = v.reduce((acc, x) => acc.add(x[i].mul(x[j])), frac(0)).add(s[i].mul(s[j]));
          expect(e.secondMoment[3 * i + j].equals(V.mul(sum).div(20n))).toBe(true);
        }
      }
    }
  });

  test('the central tensor of a closed mesh does not depend on where the origin is', () => {
    const m = concat(lPrism(1.25, 0.5), tetrahedron([3, 0, 0], [4, 0.5, 0], [3.25, 1.5, 0.25], [3.5, 0.375, 1.25]));
    const a = exactMassProperties(m.positions, m.indices);
    const b = exactMassProperties(translate(m, [1024, -512, 0.5]).positions, m.indices); // dyadic: exact shift
    expect(b.volume.equals(a.volume)).toBe(true);
    a.inertia.forEach((x, k) => expect(b.inertia[k].equals(x)).toBe(true));
    expect(b.centerOfMass[0].equals(a.centerOfMass[0].add(1024n))).toBe(true);
  });

  test('every test mesh is closed and wound outward (positive exact volume, library agrees)', () => {
    const meshes = [
      box(),
      torus(3, 1, 24, 12),
      lPrism(),
      starPrism(5, 2, 0.8),
      uvSphere(1, 16, 8),
      cylinderMesh(1, 2, 16),
      coneMesh(1, 2, 16),
      capsuleMesh(1, 2, 16, 4),
      tetrahedron([0, 0, 0], [0, 1, 0], [1, 0, 0], [0, 0, 1]),
    ];
    for (const m of meshes) {
      expect(exactMassProperties(m.positions, m.indices).volume.sign()).toBe(1);
      const d = mp.inspect(m.positions, m.indices);
      expect(d).toMatchObject({ closed: true, boundaryEdges: 0, nonManifoldEdges: 0, consistentWinding: true });
    }
  });
});

// --- Tonon's tetrahedron -----------------------------------------------------------------------

describe("Tonon's tetrahedron (F. Tonon 2004)", () => {
  const vertices = [
    [8.3322, -11.86875, 0.93355],
    [0.75523, 5, 16.37072],
    [52.61236, 5, -5.3858],
    [2, 5, 3],
  ];
  const m = tetrahedron(...vertices);
  const exact = exactMassProperties(m.positions, m.indices);
  // Printed in the paper (density 1). a, b, c: moments about x, y, z through the centroid;
  // a' = ∫yz dm, b' = ∫xz dm, c' = ∫xy dm.
  const paper = {
    volume: 1873.23,
    centroid: [15.92492, 0.78281, 3.72962],
    a: 43520.33257,
    b: 194711.28938,
    c: 191168.76173,
    a1: 4417.6615,
    b1: -46343.16662,
    c1: 11996.20119,
  };

  test('volume and centroid agree with the paper to its printed precision, except the misprinted x', () => {
    expect(Math.abs(exact.volume.toNumber() - paper.volume)).toBeLessThanOrEqual(0.005);
    // centroid = mean of the vertices: x = 63.69979/4 = 15.9249475 → 15.92495, not the printed 15.92492
    expect(exact.centerOfMass[0].equals(frac(8.3322).add(0.75523).add(52.61236).add(2).div(4n))).toBe(true);
    expect(exact.centerOfMass[0].toNumber().toFixed(5)).toBe('15.92495');
    expect(Math.abs(exact.centerOfMass[1].toNumber() - paper.centroid[1])).toBeLessThanOrEqual(5e-6);
    expect(Math.abs(exact.centerOfMass[2].toNumber() - paper.centroid[2])).toBeLessThanOrEqual(5e-6);
  });

  test("a', b', c' are ∫yz, ∫xz, ∫xy dm: inertia = [[a, −c', −b'], [−c', b, −a'], [−b', −a', c]]", () => {
    const C = exact.centralSecondMoment.map((x) => x.toNumber()); // ∫ (x−c)(x−c)ᵀ dm
    const I = exact.inertia.map((x) => x.toNumber());
    const close = (x, y) => Math.abs(x - y) <= 2e-8 * Math.abs(y);
    // Identify each printed product by value (the signs tell them apart too).
    expect(close(C[5], paper.a1)).toBe(true); // ∫yz
    expect(close(C[2], paper.b1)).toBe(true); // ∫xz
    expect(close(C[1], paper.c1)).toBe(true); // ∫xy
    // The paper's matrix [[a, −b', −c'], [−b', b, −a'], [−c', −a', c]] puts −∫xz at (x, y): wrong.
    expect(close(I[1], -paper.b1)).toBe(false);
    const layout = [paper.a, -paper.c1, -paper.b1, -paper.c1, paper.b, -paper.a1, -paper.b1, -paper.a1, paper.c];
    layout.forEach((x, k) => expect(close(I[k], x)).toBe(true));
  });

  test("the paper's six tensor values are exact only to ~2e-8 relative (all low by 1.6–1.7e-8)", () => {
    const C = exact.centralSecondMoment.map((x) => x.toNumber());
    const I = exact.inertia.map((x) => x.toNumber());
    const pairs = [
      [paper.a, I[0]],
      [paper.b, I[4]],
      [paper.c, I[8]],
      [paper.a1, C[5]],
      [paper.b1, C[2]],
      [paper.c1, C[1]],
    ];
    for (const [printed, value] of pairs) {
      const rel = printed / value - 1;
      expect(rel).toBeLessThan(-1.5e-8);
      expect(rel).toBeGreaterThan(-1.8e-8);
    }
    // e.g. a is 43520.3332854 exactly, printed 43520.33257: more than the printed half unit 5e-6 off
    expect(Math.abs(I[0] - paper.a)).toBeGreaterThan(5e-6);
  });

  test('library matches the exact values to 1e-12', () => {
    const { result } = measureAndCompare(m);
    // and the layout of the library's tensor is the physical one derived above: the products of
    // inertia are −∫(x−c)(y−c) dV etc., taken from the exact central second moments of the same
    // coordinates (C[1] = ∫xy, C[2] = ∫xz, C[5] = ∫yz about the centroid; the paper's c', b', a').
    const C = exact.centralSecondMoment;
    const scale = maxAbs(exact.inertia).toNumber();
    for (const k of [1, 2, 5]) {
      expect(Math.abs(result.inertia[k] + C[k].toNumber())).toBeLessThanOrEqual(TOL * scale);
    }
    // With the paper's signs: c' = ∫xy > 0 and a' = ∫yz > 0 make I_xy, I_yz negative; b' < 0 makes I_xz positive.
    expect([result.inertia[1], result.inertia[2], result.inertia[5]].map(Math.sign)).toEqual([-1, 1, -1]);
  });

  test('library matches exactly also with the vertices given in another order', () => {
    measureAndCompare(tetrahedron(vertices[2], vertices[0], vertices[3], vertices[1]));
  });

  test('library matches the exact values when the tetrahedron is 1e8 out (rounded coordinates)', () => {
    measureAndCompare(translate(m, [1e8, -1e8, 1e8]));
  });
});

// --- far, tiny and huge bodies -----------------------------------------------------------------

describe('cubes and boxes far from the origin and at extreme sizes', () => {
  test.each([
    ['at the origin', 0],
    ['at (1e4, 1e4, 1e4)', 1e4],
    ['at (1e6, 1e6, 1e6)', 1e6],
  ])('unit cube %s in Float32Array: V = 1, com = corner + 1/2, I = diag(1/6)', (_, o) => {
    const m = toFloat32(box([o, o, o], [o + 1, o + 1, o + 1]));
    expect(Array.from(m.positions).every((x) => x === o || x === o + 1)).toBe(true); // exact in float32
    const { result, exact } = measureAndCompare(m);
    expect(exact.volume.equals(frac(1))).toBe(true);
    expect(exact.inertia[0].equals(new Fraction(1n, 6n))).toBe(true);
    exact.centerOfMass.forEach((c) => expect(c.equals(frac(o + 0.5))).toBe(true));
    expect(maxAbsDiff(result.centerOfMass, [o + 0.5, o + 0.5, o + 0.5])).toBeLessThanOrEqual(TOL + 4 * EPS * (o + 0.5));
  });

  test('box 1×2×3 1e8 from the origin in Float64Array', () => {
    const c = [1e8, -2e8, 3e8];
    const m = centeredBox(1, 2, 3, c);
    const { result } = measureAndCompare(m);
    // closed form: I = V/12 · diag(h² + d², w² + d², w² + h²) = 6/12 · (13, 10, 5)
    expect(maxAbsDiff(result.inertia, [6.5, 0, 0, 0, 5, 0, 0, 0, 2.5])).toBeLessThanOrEqual(TOL * 6.5);
    expect(maxAbsDiff(result.centerOfMass, c)).toBeLessThanOrEqual(TOL + 4 * EPS * 3e8);
  });

  test('rotated box 1e8 from the origin (coordinates rounded at 1e8) in Float64Array', () => {
    const { matrix } = randomRotation(rng(4));
    measureAndCompare(translate(rotate(centeredBox(1, 2, 3), matrix), [1e8, 1e8, -1e8]));
  });

  test.each([
    ['1e-6', 1e-6],
    ['1e4', 1e4],
  ])('cube of edge %s: V = L³, I = L⁵/6 (inertia grows as L⁵)', (_, L) => {
    const m = box([L, 2 * L, -3 * L], [2 * L, 3 * L, -2 * L]);
    const { result } = measureAndCompare(m);
    expect(relativeError(result.volume, frac(L).mul(frac(L)).mul(frac(L)))).toBeLessThanOrEqual(TOL);
    expect(Math.abs(result.inertia[0] - L ** 5 / 6)).toBeLessThanOrEqual(TOL * L ** 5);
    expect(maxAbsEntry([result.inertia[1], result.inertia[2], result.inertia[5]])).toBeLessThanOrEqual(TOL * L ** 5);
  });

  // Every OK result is finite: where the volume or the inertia leaves the range of doubles
  // (edge 1e-120: V = 1e-360 underflows; 1e120: I = 1e600/6 overflows) the answer is a typed error,
  // not 0 or Infinity; where doubles hold them, the exact values or a typed error.
  test.each([1e-120, 1e-60, 1e60, 1e120])(
    'cube of edge %p: the exact values if doubles hold them, else a typed error',
    (L) => {
      const m = box([L, 2 * L, -3 * L], [2 * L, 3 * L, -2 * L]);
      const exact = exactMassProperties(m.positions, m.indices);
      const normal = (x) => Math.abs(x) >= 2 ** -1022 && Math.abs(x) <= Number.MAX_VALUE;
      const representable = normal(exact.volume.toNumber()) && normal(exact.inertia[0].toNumber());
      expect(representable).toBe(L === 1e-60 || L === 1e60);
      let result;
      try {
        result = mp.mesh(m.positions, m.indices);
      } catch (error) {
        expect(error).toBeInstanceOf(MassPropertiesError);
        expect(mp.errorCodes).toContain(error.code);
        return;
      }
      expect(representable).toBe(true);
      // The cube's tensor is isotropic, I = L⁵/6 · 1, so the moments are compared with the exact
      // diagonal directly (the invariant products of expectMatchesExact would overflow here).
      expect(relativeError(result.volume, exact.volume)).toBeLessThanOrEqual(TOL);
      expect(maxExactDiff(result.inertia, exact.inertia).div(exact.inertia[0]).toNumber()).toBeLessThanOrEqual(TOL);
      for (const x of result.principalMoments) expect(relativeError(x, exact.inertia[0])).toBeLessThanOrEqual(TOL);
      for (let i = 0; i < 3; ++i)
        expect(relativeError(result.centerOfMass[i], exact.centerOfMass[i])).toBeLessThanOrEqual(TOL);
    },
  );

  test('randomly rotated and translated Tonon tetrahedra of many sizes', () => {
    const random = rng(5);
    const base = tetrahedron([8.3322, -11.86875, 0.93355], [0.75523, 5, 16.37072], [52.61236, 5, -5.3858], [2, 5, 3]);
    for (const size of [1e-5, 1e-2, 1, 1e3, 1e6]) {
      const { matrix } = randomRotation(random);
      const t = [random() - 0.5, random() - 0.5, random() - 0.5].map((x) => x * 1e3 * size);
      const m = translate(
        rotate(
          base,
          matrix.map((x) => x * size),
        ),
        t,
      );
      measureAndCompare(m);
      measureAndCompare(toFloat32(m));
    }
  });
});

// --- shapes and layouts ------------------------------------------------------------------------

describe('non-convex, genus-1, multi-body and differently stored meshes', () => {
  test('non-convex L-shaped prism', () => {
    const { exact } = measureAndCompare(lPrism(1, 0.5));
    // closed form: the L is 3 unit squares (x̄ = (2·1 + 1·1/2)/3 = 5/6, ȳ likewise), depth 1/2 (z̄ = 1/4)
    expect(exact.volume.equals(new Fraction(3n, 2n))).toBe(true);
    expect(exact.centerOfMass[0].equals(new Fraction(5n, 6n))).toBe(true);
    expect(exact.centerOfMass[2].equals(new Fraction(1n, 4n))).toBe(true);
  });

  test('non-convex star prism, rotated', () => {
    const { matrix } = randomRotation(rng(6));
    measureAndCompare(rotate(starPrism(7, 3, 1.2, -0.5, 0.75), matrix));
  });

  test('genus-1 torus; its volume converges to 2π²Rr²', () => {
    const { result } = measureAndCompare(torus(3, 1, 48, 24));
    const fine = mp.mesh(torus(3, 1, 400, 200).positions, torus(3, 1, 400, 200).indices);
    expect(Math.abs(result.volume / (2 * Math.PI ** 2 * 3) - 1)).toBeLessThan(0.02);
    expect(Math.abs(fine.volume / (2 * Math.PI ** 2 * 3) - 1)).toBeLessThan(1e-3);
  });

  test('several disjoint bodies in one mesh', () => {
    const { matrix } = randomRotation(rng(7));
    const m = concat(
      box([-5, -5, -5], [-4, -3, -2]),
      translate(torus(2, 0.5, 32, 16), [6, 0, 1]),
      rotate(starPrism(5, 2, 0.8), matrix),
      tetrahedron([10, 10, 10], [11, 10, 10], [10, 12, 10], [10, 10, 13]),
    );
    measureAndCompare(m);
  });

  test('Uint16Array indices give the same exact values as Uint32Array', () => {
    const m = torus(2, 0.75, 40, 20);
    const m16 = { positions: m.positions, indices: Uint16Array.from(m.indices) };
    const { result } = measureAndCompare(m16);
    expect(result).toEqual(mp.mesh(m.positions, m.indices));
  });

  test('non-indexed geometry (three vertices per triangle)', () => {
    const { matrix } = randomRotation(rng(8));
    const m = deindex(rotate(lPrism(2, 1), matrix));
    expect(m.indices).toBeNull();
    measureAndCompare(m);
    measureAndCompare(toFloat32(m));
  });

  test.each([
    ['UV sphere', () => uvSphere(1.5, 24, 12)],
    ['cylinder', () => cylinderMesh(0.5, 2, 30)],
    ['cone', () => coneMesh(1, 3, 30)],
    ['capsule', () => capsuleMesh(0.5, 1, 24, 6)],
  ])('tessellated %s', (_, build) => {
    measureAndCompare(translate(build(), [0.1, -2, 3]));
  });

  test('thin-walled hollow box (walls 1e-4: the tetrahedra cancel to V ≈ 6e-4 of Σ|V_tet|)', () => {
    const w = 1e-4;
    const { matrix } = randomRotation(rng(9));
    const shell = concat(box([0, 0, 0], [1, 1, 1]), flip(box([w, w, w], [1 - w, 1 - w, 1 - w])));
    measureAndCompare(shell);
    measureAndCompare(translate(rotate(shell, matrix), [2, -3, 4]));
  });

  test('slender bodies in random orientations, aspect ratio 100 (needle and plate)', () => {
    const random = rng(10);
    for (let k = 0; k < 6; ++k) {
      const { matrix } = randomRotation(random);
      const c = [random() * 10, random() * 10, random() * 10];
      measureAndCompare(translate(rotate(centeredBox(1e-2, 1, 1e-2), matrix), c));
      measureAndCompare(translate(rotate(centeredBox(1, 1e-2, 1), matrix), c));
    }
  });

  test('slender needle 1e-4 × 1 × 1e-4 in random orientations is accurate to 1e-12 too', () => {
    // A thin rod (1 mm × 1 m × 1 mm). The exact values are those of the same rounded coordinates,
    // so the only error is the library's own arithmetic. Worst relative error over the cases:
    const random = rng(10);
    let worst = 0;
    for (let k = 0; k < 6; ++k) {
      const { matrix } = randomRotation(random);
      const c = [random() * 10, random() * 10, random() * 10];
      const m = translate(rotate(centeredBox(1e-4, 1, 1e-4), matrix), c);
      const r = mp.mesh(m.positions, m.indices);
      const e = exactMassProperties(m.positions, m.indices);
      worst = Math.max(
        worst,
        relativeError(r.volume, e.volume),
        maxExactDiff(r.inertia, e.inertia).div(maxAbs(e.inertia)).toNumber(),
      );
    }
    expect(worst).toBeLessThanOrEqual(TOL);
  });

  test('density scales the exact values (density 7.85)', () => {
    measureAndCompare(lPrism(1, 2), { density: 7.85 });
  });
});
