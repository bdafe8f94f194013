// mp.polygon, transform2d and combine2d against exact rational arithmetic (BigInt) on the very
// coordinates the library reads, and against closed forms; hostile input leaves the module working.
//
// Expected values: each edge (a, b) and the origin span a triangle of signed area
// A = (a.x b.y − b.x a.y)/2, whose integrals are (vertex formula over a triangle with one corner at 0)
//   ∫x dA = A (a.x + b.x)/3,  ∫x² dA = A (a.x² + a.x b.x + b.x²)/6,
//   ∫xy dA = A (2 a.x a.y + 2 b.x b.y + a.x b.y + b.x a.y)/12,
// summed with the outline's sign made positive and each hole's negative. Central moments by
// C = ∫r rᵀ dA − A c cᵀ; the plate tensor is ρ [[Cyy, −Cxy], [−Cxy, Cxx]].
import { init } from '../../js/index.js';
import { Fraction, frac, relativeError } from './helpers/exact.js';
import { rng } from './helpers/meshes.js';

let mp;
let heapInUse;
beforeAll(async () => {
  mp = await init();
  heapInUse = mp[Symbol.for('mass-properties.heapInUse')];
});

const F0 = frac(0);

function ringSums(ring) {
  const n = ring.length / 2;
  const s = { a: F0, x: F0, y: F0, xx: F0, yy: F0, xy: F0 };
  for (let i = 0; i < n; i++) {
    const j = (i + 1) % n;
    const [ax, ay, bx, by] = [ring[2 * i], ring[2 * i + 1], ring[2 * j], ring[2 * j + 1]].map((v) => frac(v));
    const area = ax.mul(by).sub(bx.mul(ay)).div(2);
    s.a = s.a.add(area);
    s.x = s.x.add(area.mul(ax.add(bx)).div(3));
    s.y = s.y.add(area.mul(ay.add(by)).div(3));
    s.xx = s.xx.add(area.mul(ax.mul(ax).add(ax.mul(bx)).add(bx.mul(bx))).div(6));
    s.yy = s.yy.add(area.mul(ay.mul(ay).add(ay.mul(by)).add(by.mul(by))).div(6));
    const mixed = ax.mul(ay).mul(2).add(bx.mul(by).mul(2)).add(ax.mul(by)).add(bx.mul(ay));
    s.xy = s.xy.add(area.mul(mixed).div(12));
  }
  return s;
}

/** The exact plate of an outline and holes at density rho (a number). */
function exactPlate(outer, holes = [], rho = 1) {
  const total = { a: F0, x: F0, y: F0, xx: F0, yy: F0, xy: F0 };
  [outer, ...holes].forEach((ring, r) => {
    const s = ringSums(ring);
    const sign = s.a.sign() > 0 === (r === 0) ? 1 : -1;
    for (const k of Object.keys(total)) total[k] = total[k].add(s[k].mul(sign));
  });
  const { a, x, y, xx, yy, xy } = total;
  const cx = x.div(a);
  const cy = y.div(a);
  const cxx = xx.sub(a.mul(cx).mul(cx));
  const cyy = yy.sub(a.mul(cy).mul(cy));
  const cxy = xy.sub(a.mul(cx).mul(cy));
  const d = frac(rho);
  return {
    area: a,
    mass: a.mul(d),
    centroid: [cx, cy],
    inertia: [cyy.mul(d), cxy.mul(d).neg(), cxy.mul(d).neg(), cxx.mul(d)],
    polarMoment: cxx.add(cyy).mul(d),
  };
}

function expectPlate(got, want, tolerance = 1e-12) {
  expect(relativeError(got.area, want.area)).toBeLessThan(tolerance);
  expect(relativeError(got.mass, want.mass)).toBeLessThan(tolerance);
  expect(relativeError(got.polarMoment, want.polarMoment)).toBeLessThan(tolerance);
  // Entries and the centroid judged against the size of the plate (a zero product has no scale of its own).
  want.inertia.forEach((w, i) => expect(relativeError(got.inertia[i], w, want.polarMoment)).toBeLessThan(tolerance));
  const size = Math.sqrt(want.area.toNumber());
  want.centroid.forEach((w, i) => {
    const scale = Math.max(size, Math.abs(w.toNumber()));
    expect(relativeError(got.centroid[i], w, scale)).toBeLessThan(tolerance);
  });
}

// A star-shaped polygon about (cx, cy): radii in [1, 3] at evenly spaced angles with a jitter,
// coordinates on a 1/1024 grid, so it is simple and contains the disc of radius 0.9 about its center.
function starPolygon(rand, n, cx, cy, ArrayType = Float64Array) {
  const out = new ArrayType(2 * n);
  for (let k = 0; k < n; k++) {
    const angle = ((k + 0.4 * rand()) / n) * 2 * Math.PI;
    const r = 1 + 2 * rand();
    out[2 * k] = cx + Math.round(1024 * r * Math.cos(angle)) / 1024;
    out[2 * k + 1] = cy + Math.round(1024 * r * Math.sin(angle)) / 1024;
  }
  return out;
}

const rectangle = (x0, y0, x1, y1) => new Float64Array([x0, y0, x1, y0, x1, y1, x0, y1]);

function reversed(ring) {
  const out = new ring.constructor(ring.length);
  for (let i = 0; i < ring.length; i += 2) {
    out[ring.length - 2 - i] = ring[i];
    out[ring.length - 1 - i] = ring[i + 1];
  }
  return out;
}

describe('mp.polygon', () => {
  test('random polygons match exact rational moments in both windings, near and far from the origin', () => {
    const rand = rng(7);
    // Float32 keeps 24 bits: 1000 + k/1024 is exact, 1e6 + k/1024 is not (and is fine in Float64).
    const cases = [
      [0, 0, Float64Array],
      [1e6, -2e6, Float64Array],
      [-3.5e8, 1e3, Float64Array],
      [0, 0, Float32Array],
      [1000, -2000, Float32Array],
    ];
    for (const [cx, cy, ArrayType] of cases) {
      for (let trial = 0; trial < 4; trial++) {
        const ring = starPolygon(rand, 5 + Math.floor(40 * rand()), cx, cy, ArrayType);
        const want = exactPlate(Array.from(ring), [], 2.5);
        expectPlate(mp.polygon(ring, { density: 2.5 }), want);
        expectPlate(mp.polygon(reversed(ring), { density: 2.5 }), want);
      }
    }
  });

  test('holes subtract whatever their winding and the outline counts positive whatever its own', () => {
    const rand = rng(11);
    for (const [cx, cy] of [
      [0.25, -0.5],
      [4e6, 4e6],
    ]) {
      const outer = starPolygon(rand, 24, cx, cy);
      const holeA = rectangle(cx - 0.5, cy - 0.25, cx + 0.125, cy + 0.5);
      const holeB = new Float64Array([cx + 0.25, cy - 0.5, cx + 0.625, cy - 0.25, cx + 0.25, cy + 0.125]);
      const want = exactPlate(Array.from(outer), [Array.from(holeA), Array.from(holeB)], 3);
      for (const o of [outer, reversed(outer)]) {
        for (const a of [holeA, reversed(holeA)]) {
          for (const b of [holeB, reversed(holeB)]) expectPlate(mp.polygon(o, { density: 3, holes: [a, b] }), want);
        }
      }
    }
  });

  test('a square with a square hole has the closed form (a⁴ − b⁴)/12 per axis', () => {
    const r = mp.polygon(rectangle(-2, -2, 2, 2), { holes: [rectangle(-1, -1, 1, 1)], mass: 6 });
    // Area 12, so density 1/2; ∫y² dA = (4⁴ − 2⁴)/12 = 20.
    expect(r.area).toBe(12);
    expect(r.density).toBe(0.5);
    expect(r.inertia[0]).toBeCloseTo(10, 13);
    expect(r.inertia[3]).toBeCloseTo(10, 13);
    expect(r.polarMoment).toBeCloseTo(20, 13);
    expect(r.centroid).toEqual([0, 0]);
  });

  test('the principal frame of a turned rectangle is turned with it', () => {
    const [w, h, angle] = [3, 0.5, 0.7];
    const [c, s] = [Math.cos(angle), Math.sin(angle)];
    const corners = [
      [-w / 2, -h / 2],
      [w / 2, -h / 2],
      [w / 2, h / 2],
      [-w / 2, h / 2],
    ].flatMap(([x, y]) => [c * x - s * y, s * x + c * y]);
    const r = mp.polygon(new Float64Array(corners), { density: 2 });
    const m = 2 * w * h;
    expect(r.principalMoments[0]).toBeCloseTo((m * h * h) / 12, 13);
    expect(r.principalMoments[1]).toBeCloseTo((m * w * w) / 12, 13);
    expect(r.principalAngle).toBeCloseTo(angle, 13);
    expect(r.principalAxes[0][0]).toBeCloseTo(c, 13);
    expect(r.principalAxes[0][1]).toBeCloseTo(s, 13);
    expect(r.principalAxes[1]).toEqual([-r.principalAxes[0][1], r.principalAxes[0][0]]);
  });

  test('regular polygons converge to the disc: polar moment πr⁴/2 per unit density', () => {
    const radius = 2;
    const disc = (Math.PI * radius ** 4) / 2;
    let previous = Infinity;
    for (const n of [16, 64, 256, 1024, 4096]) {
      const ring = new Float64Array(2 * n);
      for (let k = 0; k < n; k++) {
        ring[2 * k] = radius * Math.cos((2 * Math.PI * k) / n);
        ring[2 * k + 1] = radius * Math.sin((2 * Math.PI * k) / n);
      }
      const error = Math.abs(mp.polygon(ring).polarMoment - disc) / disc;
      expect(error).toBeLessThan(previous / 15); // second order: ×16 per 4× the vertices
      previous = error;
    }
    expect(previous).toBeLessThan(1e-6);
  });
});

describe('transform2d and combine2d', () => {
  test('a turned and moved plate equals the polygon of its turned corners', () => {
    const plate = mp.polygon(rectangle(0, 0, 4, 1), { density: 3 });
    const moved = mp.transform2d(plate, { position: { x: 10, y: 20 }, angle: Math.PI / 2 });
    // (x, y) → (−y + 10, x + 20): the rectangle [9, 10] × [20, 24].
    expectPlate(moved, exactPlate([9, 20, 10, 20, 10, 24, 9, 24], [], 3), 1e-14);
    expect(mp.transform2d(plate, {}).centroid).toEqual(plate.centroid);
  });

  test('rectangles combine into the L-shape, and a subtracted part is a hole', () => {
    const a = mp.polygon(rectangle(0, 0, 3, 1));
    const b = mp.polygon(rectangle(0, 1, 1, 3));
    expectPlate(mp.combine2d([a, b]), exactPlate([0, 0, 3, 0, 3, 1, 1, 1, 1, 3, 0, 3]), 1e-14);
    const outer = mp.polygon(rectangle(-2, -2, 2, 2));
    const inner = mp.polygon(rectangle(-1, -0.5, 1, 1));
    const want = exactPlate([-2, -2, 2, -2, 2, 2, -2, 2], [[-1, -0.5, 1, -0.5, 1, 1, -1, 1]]);
    expectPlate(mp.combine2d([outer, { body: inner, subtract: true }]), want, 1e-14);
    expectPlate(mp.combine2d([outer, { ...inner, mass: -inner.mass }]), want, 1e-14);
  });

  test('a plate carries over to planck.js as mass, center and I about the body origin', () => {
    // planck's MassData.I is about the body origin: I = polarMoment + m |c|².
    const r = mp.polygon(rectangle(1, 2, 3, 3), { density: 5 });
    const expectedAboutOrigin = new Fraction(10n).mul(frac(4 + 1).div(12)).add(frac(10).mul(frac(4 + 6.25)));
    expect(
      relativeError(r.polarMoment + r.mass * (r.centroid[0] ** 2 + r.centroid[1] ** 2), expectedAboutOrigin),
    ).toBeLessThan(1e-15);
  });
});

describe('hostile input to the 2-D functions', () => {
  const unit = rectangle(0, 0, 1, 1);
  const stillWorks = () => {
    const r = mp.polygon(unit);
    expect([r.area, r.mass, r.centroid[0], r.centroid[1]]).toEqual([1, 1, 0.5, 0.5]);
    expect(r.polarMoment).toBeCloseTo(1 / 6, 15);
  };

  test.each([
    ['points as a plain array', () => mp.polygon([0, 0, 1, 0, 0, 1]), 'INVALID_TYPE', /new Float64Array/],
    ['points as {x, y} objects', () => mp.polygon([{ x: 0, y: 0 }]), 'INVALID_TYPE', /flatMap/],
    ['points of the wrong typed array', () => mp.polygon(new Int32Array(6)), 'INVALID_TYPE', /points must be/],
    ['an odd length', () => mp.polygon(new Float64Array(7)), 'INVALID_LENGTH', /multiple of 2/],
    ['two points', () => mp.polygon(new Float64Array([0, 0, 1, 1])), 'INVALID_LENGTH', /at least 3 points/],
    ['NaN', () => mp.polygon(new Float64Array([0, 0, 1, NaN, 0, 1])), 'NON_FINITE_POSITION', /points\[3\]/],
    [
      'Infinity in a hole',
      () => mp.polygon(unit, { holes: [new Float32Array([0.2, 0.2, Infinity, 0.2, 0.3, 0.3])] }),
      'NON_FINITE_POSITION',
      /holes\[0\]/,
    ],
    ['collinear points', () => mp.polygon(new Float64Array([0, 0, 1, 1, 2, 2])), 'ZERO_VOLUME', /no area/],
    ['holes not an array', () => mp.polygon(unit, { holes: unit }), 'INVALID_TYPE', /holes must be an array/],
    [
      'a hole of the wrong type',
      () => mp.polygon(unit, { holes: [[0.2, 0.2, 0.4, 0.2, 0.3, 0.3]] }),
      'INVALID_TYPE',
      /holes\[0\]/,
    ],
    ['a misspelt option', () => mp.polygon(unit, { hole: [] }), 'INVALID_OPTIONS', /did you mean 'holes'/],
    ['zero density', () => mp.polygon(unit, { density: 0 }), 'INVALID_DENSITY', /density/],
    ['negative mass', () => mp.polygon(unit, { mass: -1 }), 'INVALID_MASS', /mass/],
    ['density and mass', () => mp.polygon(unit, { density: 1, mass: 1 }), 'INVALID_OPTIONS', /not both/],
    ['a bow tie', () => mp.polygon(new Float64Array([0, 0, 2, 1, 2, 0, 0, 2])), 'INVALID_BODY', /not simple/],
    [
      'a hole outside',
      () => mp.polygon(unit, { holes: [rectangle(2, 2, 3, 3)] }),
      'INVALID_BODY',
      /outside the outer ring/,
    ],
    [
      'a hole across the outline',
      () => mp.polygon(unit, { holes: [rectangle(0.5, 0.25, 1.5, 0.75)] }),
      'INVALID_BODY',
      /crosses/,
    ],
    [
      'overlapping holes',
      () => mp.polygon(rectangle(0, 0, 4, 4), { holes: [rectangle(1, 1, 2, 2), rectangle(1.5, 1.5, 3, 3)] }),
      'INVALID_BODY',
      /crosses|overlap/,
    ],
    [
      'the same hole twice (rings that only touch, but overlap)',
      () => mp.polygon(rectangle(0, 0, 4, 4), { holes: [rectangle(1, 1, 2, 2), rectangle(1, 1, 2, 2)] }),
      'INVALID_BODY',
      /holes\[0\] overlaps holes\[1\]|holes\[1\] overlaps holes\[0\]/,
    ],
    ['holes that fill the outline', () => mp.polygon(unit, { holes: [unit] }), 'ZERO_VOLUME', /holes remove/],
    ['transform2d of a non-body', () => mp.transform2d({ mass: 1 }, {}), 'INVALID_BODY', /area/],
    [
      'transform2d with a NaN angle',
      () => mp.transform2d(mp.polygon(unit), { angle: NaN }),
      'INVALID_TRANSFORM',
      /angle/,
    ],
    [
      'transform2d with an unknown key',
      () => mp.transform2d(mp.polygon(unit), { rotation: 1 }),
      'INVALID_TRANSFORM',
      /unknown key/,
    ],
    ['combine2d of nothing', () => mp.combine2d([]), 'INVALID_ARGUMENT', /non-empty/],
    [
      'combine2d removing more than there is',
      () => mp.combine2d([mp.polygon(unit), { body: mp.polygon(rectangle(0, 0, 2, 2)), subtract: true }]),
      'INVALID_BODY',
      /more is removed/,
    ],
  ])('%s', (_, call, code, message) => {
    // The first failure sizes the core's message buffer; the second must allocate nothing more.
    expect(call).toThrow();
    const before = heapInUse();
    expect(call).toThrow(
      expect.objectContaining({ name: 'MassPropertiesError', code, message: expect.stringMatching(message) }),
    );
    expect(heapInUse()).toBe(before);
    stillWorks();
  });
});
