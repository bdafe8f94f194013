// The winding-number solid (issue 17): mp.mesh measures { p : w(p) ≥ 1/2 } of the surface once
// each piece is wound consistently and a mesh wound inside-out as a whole is turned outward.
// Expected values come from closed forms where there are some (boxes) and otherwise from the
// independent reference of helpers/winding.js (brute force along lines, no code shared with the
// core), within the error that reference estimates for itself; the shuffled, far-moved and
// re-wound variants must give the same solid.
import { init } from '../../js/index.js';
import { box } from './helpers/meshes.js';
import { fannedVolume, soupOf, windingNumber, windingSolid } from './helpers/winding.js';
import {
  EMBEDDED_CUBES_UNION,
  boxesMassProperties,
  crossingTori,
  deepLobedHoleSphere,
  embeddedCubes,
  figureEightTube,
  flatBowl,
  reversed,
  saddleHoleSphere,
  shuffled,
  someFlipped,
  translated,
  wavyBowl,
} from './helpers/winding-meshes.js';

let mp;
beforeAll(async () => {
  mp = await init();
});

const FAR = [3e4, -2e4, 1e4];

// The fixtures: how to measure each, and its reference (computed once, lazily: a second or two each).
const FIXTURES = {
  'a cube with a cube pushed through its face': { mesh: embeddedCubes, options: {} },
  'two linked tori whose tubes cross': { mesh: crossingTori, options: {} },
  'a bowl with a wavy rim': { mesh: wavyBowl, options: {} },
  'a sphere with a saddle-shaped hole': { mesh: saddleHoleSphere, options: {} },
  'a sphere with a deep three-lobed hole': { mesh: deepLobedHoleSphere, options: {} },
  'a tube around a figure eight, through itself': { mesh: figureEightTube, options: { intersections: true } },
};
const references = new Map();
function referenceOf(name) {
  if (!references.has(name)) references.set(name, windingSolid(FIXTURES[name].mesh(), { resolution: 16 }));
  return references.get(name);
}

// |got − want| within the reference's estimate of its own error (twice it: the estimate is the
// difference between two resolutions, and on kinks the convergence is irregular), plus the
// result's own bound where it is numerical (repairs.relativeError, 0 when exact or absent) and
// rounding.
function expectSameSolid(result, want, estimate, shift = [0, 0, 0]) {
  const error = { volume: 2 * estimate.volume, centerOfMass: 2 * estimate.centerOfMass, inertia: 2 * estimate.inertia };
  const relative = result.diagnostics?.repairs?.relativeError ?? 0;
  const size = Math.cbrt(Math.abs(want.volume));
  const scale = Math.max(...want.inertia.flat().map(Math.abs));
  expect(Math.abs(result.volume - want.volume)).toBeLessThanOrEqual(
    error.volume + (relative + 1e-9) * Math.abs(want.volume),
  );
  for (let i = 0; i < 3; i++) {
    expect(Math.abs(result.centerOfMass[i] - (want.centerOfMass[i] + shift[i]))).toBeLessThanOrEqual(
      error.centerOfMass + (relative + 1e-9) * (size + Math.abs(shift[i])),
    );
  }
  for (let k = 0; k < 9; k++) {
    expect(Math.abs(result.inertia[k] - want.inertia.flat()[k])).toBeLessThanOrEqual(
      error.inertia + (relative + 1e-9) * scale,
    );
  }
}

describe('the reference itself', () => {
  test('the winding number of a closed cube is 1 inside, 0 outside, 1/2 on a face', () => {
    const soup = soupOf(box([0, 0, 0], [1, 1, 1]));
    expect(windingNumber(soup, 0.3, 0.6, 0.2)).toBeCloseTo(1, 14);
    expect(windingNumber(soup, 1.3, 0.6, 0.2)).toBeCloseTo(0, 14);
    expect(windingNumber(soup, 0.5, 0.5, 1)).toBeCloseTo(0.5, 14);
  });

  test('a box, and two crossing boxes, come out as their closed forms with a tiny error estimate', () => {
    const single = windingSolid(box([-1, 0, 2], [3, 1, 2.5]), { resolution: 4 });
    expect(single.volume).toBeCloseTo(2, 12);
    const union = windingSolid(embeddedCubes(), { resolution: 4 });
    const want = boxesMassProperties(EMBEDDED_CUBES_UNION);
    expect(union.volume).toBeCloseTo(want.volume, 12);
    union.centerOfMass.forEach((x, i) => expect(x).toBeCloseTo(want.centerOfMass[i], 12));
    union.inertia.flat().forEach((x, k) => expect(x).toBeCloseTo(want.inertia.flat()[k], 11));
    expect(union.error.volume).toBeLessThan(1e-12);
  });

  test('a bowl with a flat rim is exactly the half-ball its flat cap closes (w of a flat disc never reaches 1/2)', () => {
    const bowl = flatBowl();
    const solid = windingSolid(bowl, { resolution: 16 });
    expect(solid.open).toBe(true);
    expect(solid.volume).toBeCloseTo(fannedVolume(soupOf(bowl)), 12);
  });

  test('the saddle hole is not where a fan from its mean closes it (so the tests below can tell)', () => {
    const sphere = saddleHoleSphere();
    const solid = referenceOf('a sphere with a saddle-shaped hole');
    const fanned = fannedVolume(soupOf(sphere));
    expect(Math.abs(solid.volume - fanned)).toBeGreaterThan(100 * solid.error.volume);
    // A point just above the fan's centre, inside the sphere: w < 1/2 there (the hole lets it out).
    expect(windingNumber(soupOf(sphere), 0, 0, 0.8)).toBeLessThan(0.5);
  });

  test('the deep three-lobed hole: its fan adds about 40 % to the solid (so the tests below can tell)', () => {
    const solid = referenceOf('a sphere with a deep three-lobed hole');
    const fanned = fannedVolume(soupOf(deepLobedHoleSphere()));
    expect(fanned / solid.volume).toBeGreaterThan(1.3);
    expect(Math.abs(solid.volume - fanned)).toBeGreaterThan(100 * solid.error.volume);
  });
});

describe.each(Object.keys(FIXTURES))('%s', (name) => {
  const measure = (mesh) => mp.mesh(mesh.positions, mesh.indices, FIXTURES[name].options);

  test('mp.mesh measures the winding-number solid', () => {
    const { error, ...want } = referenceOf(name);
    expectSameSolid(measure(FIXTURES[name].mesh()), want, error);
  });

  test('shuffled (triangle order, vertex numbers, first corners) it is the same solid', () => {
    const { error, ...want } = referenceOf(name);
    expectSameSolid(measure(shuffled(FIXTURES[name].mesh())), want, error);
  });

  test('moved far from the origin it is the same solid, moved', () => {
    const { error, ...want } = referenceOf(name);
    // Coordinates of 3e4 keep about 1e-12 of a unit: the same solid to that, and to the reference's error.
    const far = measure(translated(FIXTURES[name].mesh(), FAR));
    const slack = 1e-7 * Math.abs(want.volume);
    expectSameSolid(far, want, { ...error, volume: error.volume + slack, inertia: error.inertia + slack }, FAR);
  });

  test('wound inside-out as a whole, or with some triangles wound the other way, it is the same solid', () => {
    const { error, ...want } = referenceOf(name);
    expectSameSolid(measure(reversed(FIXTURES[name].mesh())), want, error);
    expectSameSolid(measure(someFlipped(FIXTURES[name].mesh())), want, error);
  });
});

describe('what the result says it did', () => {
  test('the cubes: the overlap (half a unit cube) counted once, exactly', () => {
    const { diagnostics, ...result } = mp.mesh(embeddedCubes().positions, embeddedCubes().indices);
    const want = boxesMassProperties(EMBEDDED_CUBES_UNION);
    expect(result.volume).toBeCloseTo(want.volume, 12);
    expect(diagnostics.repairs.intersectingShells).toBeGreaterThan(0);
    expect(diagnostics.repairs.intersectingTriangles).toBeGreaterThan(0);
    expect(diagnostics.repairs.overlapVolume).toBeCloseTo(0.5, 12);
    expect(diagnostics.repairs.exact ?? true).toBe(true);
  });

  test('the tori: the overlap reported is what the divergence sum counts twice', () => {
    const tori = crossingTori();
    const { volume, error } = referenceOf('two linked tori whose tubes cross');
    const { diagnostics } = mp.mesh(tori.positions, tori.indices);
    expect(Math.abs(diagnostics.repairs.overlapVolume - (fannedVolume(soupOf(tori)) - volume))).toBeLessThanOrEqual(
      error.volume + 1e-9 * volume,
    );
  });

  test('the figure eight: counted as given by default (one clean shell), its self-overlap found on request', () => {
    const tube = figureEightTube();
    const { volume, error } = referenceOf('a tube around a figure eight, through itself');
    const given = fannedVolume(soupOf(tube));
    // Default: the clean path, the crossing strands counted twice (the contract's fast path).
    expect(mp.mesh(tube.positions, tube.indices).volume).toBeCloseTo(given, 12);
    const found = mp.mesh(tube.positions, tube.indices, { intersections: true }).diagnostics.repairs;
    expect(found.selfIntersectingShells).toBe(1);
    expect(Math.abs(found.overlapVolume - (given - volume))).toBeLessThanOrEqual(error.volume + 1e-9 * volume);
    expect(mp.inspect(tube.positions, tube.indices, { intersections: true }).repairs.selfIntersectingShells).toBe(1);
  });

  test('a flat hole stays an exact flat cap; the saddle hole says it is numerical, with its bound and its correction', () => {
    const bowl = flatBowl();
    const flat = mp.mesh(bowl.positions, bowl.indices).diagnostics.repairs;
    expect(flat.exact ?? true).toBe(true);
    expect(flat.windingCorrection ?? 0).toBe(0);
    const sphere = saddleHoleSphere();
    const { volume, error } = referenceOf('a sphere with a saddle-shaped hole');
    const saddle = mp.mesh(sphere.positions, sphere.indices).diagnostics.repairs;
    expect(saddle.exact).toBe(false);
    expect(saddle.relativeError).toBeGreaterThan(0);
    expect(saddle.relativeError).toBeLessThanOrEqual(1e-6);
    // Relative to fan caps from each loop's mean (one simple loop here: the reference's cone).
    expect(Math.abs(saddle.windingCorrection - (volume - fannedVolume(soupOf(sphere))))).toBeLessThanOrEqual(
      error.volume + 2e-6 * volume,
    );
  });
});
