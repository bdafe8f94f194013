// Hostile input for every entry point. Each bad call must throw a MassPropertiesError with a
// stable code (one of mp.errorCodes and of the ErrorCode union in js/index.d.ts) and a message that
// names the problem; and after every error the module must still give exact results for a unit cube.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import { init, MassPropertiesError } from '../../js/index.js';
import { CLOSED_CUBE_DIAGNOSTICS } from './helpers/meshes.js';

let mp;
beforeAll(async () => {
  mp = await init();
});

// ---- a unit cube [0,1]^3, outward winding (counter-clockwise seen from outside) ----------------
// Its exact values, by hand: V = 1, center (1/2, 1/2, 1/2); ∫(y'^2 + z'^2) over the cube about its
// center = 2 · ∫_{-1/2}^{1/2} t^2 dt = 2 · 1/12 = 1/6, products of inertia 0 by symmetry; area 6.
const CUBE_P = new Float64Array([0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0, 0, 0, 1, 1, 0, 1, 1, 1, 1, 0, 1, 1]);
const CUBE_I = new Uint32Array([
  0,
  2,
  1,
  0,
  3,
  2, // z = 0, normal −z
  4,
  5,
  6,
  4,
  6,
  7, // z = 1, normal +z
  0,
  1,
  5,
  0,
  5,
  4, // y = 0, normal −y
  1,
  2,
  6,
  1,
  6,
  5, // x = 1, normal +x
  2,
  3,
  7,
  2,
  7,
  6, // y = 1, normal +y
  3,
  0,
  4,
  3,
  4,
  7, // x = 0, normal −x
]);

const EXACT = 1e-15; // "exact" up to the last bit of 1/6

function expectUnitCube(r, density = 1) {
  expect(r.volume).toBe(1);
  expect(r.mass).toBe(density);
  expect(r.density).toBe(density);
  expect(r.centerOfMass).toEqual([0.5, 0.5, 0.5]);
  for (let i = 0; i < 3; i++) {
    for (let j = 0; j < 3; j++) {
      const want = i === j ? density / 6 : 0;
      expect(Math.abs(r.inertia[3 * i + j] - want)).toBeLessThanOrEqual(EXACT * density);
    }
    expect(Math.abs(r.principalMoments[i] - density / 6)).toBeLessThanOrEqual(EXACT * density);
  }
  expect(r.surfaceArea).toBe(6);
  expect(r.surfaceCentroid).toEqual([0.5, 0.5, 0.5]);
  expect(r.diagnostics).toEqual(CLOSED_CUBE_DIAGNOSTICS);
}

// The analytic unit box at the origin: the same moments, center 0, no triangles.
function expectUnitBox(r) {
  expect(r.volume).toBe(1);
  expect(r.mass).toBe(1);
  expect(r.centerOfMass).toEqual([0, 0, 0]);
  for (let i = 0; i < 9; i++) {
    const want = i % 4 === 0 ? 1 / 6 : 0;
    expect(Math.abs(r.inertia[i] - want)).toBeLessThanOrEqual(EXACT);
  }
  expect(r.surfaceArea).toBe(6);
}

const thrown = new Set();

/**
 * `fn` must throw a MassPropertiesError with `code` and a message matching every pattern; then the
 * module must still work (a unit cube mesh and a unit box give their exact values).
 */
function expectError(fn, code, ...patterns) {
  let error;
  let returned;
  try {
    returned = fn();
  } catch (e) {
    error = e;
  }
  if (error === undefined) {
    throw new Error(
      `expected a MassPropertiesError ${code}, but the call returned ${JSON.stringify(returned)?.slice(0, 300)}`,
    );
  }
  if (!(error instanceof MassPropertiesError)) {
    throw new Error(`expected a MassPropertiesError ${code}, got ${error?.name}: ${error?.message}`);
  }
  expect(error).toBeInstanceOf(Error);
  expect(error.name).toBe('MassPropertiesError');
  if (error.code !== code) throw new Error(`expected code ${code}, got ${error.code}: "${error.message}"`);
  expect(mp.errorCodes).toContain(error.code);
  for (const p of patterns) expect(error.message).toMatch(p);
  thrown.add(error.code);
  // The next valid calls are unaffected.
  expectUnitCube(mp.mesh(CUBE_P, CUBE_I));
  expectUnitBox(mp.box(1, 1, 1));
  return error;
}

const withPosition = (k, value, Type = Float64Array) => {
  const p = new Type(CUBE_P);
  p[k] = value;
  return p;
};

// ---- MassPropertiesError itself ---------------------------------------------------------------------

test('MassPropertiesError is an Error subclass with name and code', () => {
  const e = new MassPropertiesError('INVALID_MASS', 'mass must be > 0');
  expect(e).toBeInstanceOf(Error);
  expect(e).toBeInstanceOf(MassPropertiesError);
  expect(e.name).toBe('MassPropertiesError');
  expect(e.code).toBe('INVALID_MASS');
  expect(e.message).toBe('mass must be > 0');
  expect(String(e)).toBe('MassPropertiesError: mass must be > 0');
});

test('the unit cube reference values hold before any error', () => {
  expectUnitCube(mp.mesh(CUBE_P, CUBE_I));
  expectUnitCube(mp.mesh(new Float32Array(CUBE_P), new Uint16Array(CUBE_I)));
  expectUnitCube(mp.mesh(CUBE_P, CUBE_I, { density: 2.5 }), 2.5);
  expectUnitBox(mp.box(1, 1, 1));
});

// ---- mesh and inspect: positions ---------------------------------------------------------------------

describe.each([
  ['mesh', (p, i, o) => mp.mesh(p, i, o)],
  ['inspect', (p, i) => mp.inspect(p, i)],
])('%s', (name, call) => {
  test('NaN / ±Infinity coordinates: the message names the position index, vertex and axis', () => {
    // positions[7] is vertex 2 (= 7 div 3), axis y (7 mod 3 = 1).
    expectError(
      () => call(withPosition(7, NaN), CUBE_I),
      'NON_FINITE_POSITION',
      /positions\[7\]/,
      /vertex 2\b/,
      /\by\b/,
      /NaN/,
    );
    // positions[23] is vertex 7, z.
    expectError(
      () => call(withPosition(23, Infinity), CUBE_I),
      'NON_FINITE_POSITION',
      /positions\[23\]/,
      /vertex 7\b/,
      /\bz\b/,
      /Infinity/,
    );
    expectError(
      () => call(withPosition(0, -Infinity), CUBE_I),
      'NON_FINITE_POSITION',
      /positions\[0\]/,
      /vertex 0\b/,
      /\bx\b/,
      /-Infinity/,
    );
    expectError(
      () => call(withPosition(13, NaN, Float32Array), CUBE_I),
      'NON_FINITE_POSITION',
      /positions\[13\]/,
      /vertex 4\b/,
      /NaN/,
    );
    // The first bad value is the one reported.
    const two = withPosition(20, NaN);
    two[4] = Infinity;
    expectError(() => call(two, CUBE_I), 'NON_FINITE_POSITION', /positions\[4\]/, /vertex 1\b/);
    // Non-indexed too.
    const soup = new Float64Array(9).fill(1);
    soup[8] = NaN;
    expectError(() => call(soup, null), 'NON_FINITE_POSITION', /positions\[8\]/, /vertex 2\b/);
  });

  test('index out of range: the message names the index, the triangle and the vertex count', () => {
    // 1024 vertices (a grid of points), 300 triangles of valid indices, except that corner 2 of
    // triangle 270 (indices[812]) is 1030 and triangle 280 holds 5000: the first one is reported.
    const positions = new Float64Array(3 * 1024).map((_, k) => (k * 7919) % 1013);
    const indices = new Uint32Array(900).map((_, k) => (k * 37) % 1024);
    indices[812] = 1030;
    indices[841] = 5000;
    expectError(
      () => call(positions, indices),
      'INDEX_OUT_OF_RANGE',
      /^index 1030 at triangle 270 is out of range \(1024 vertices\)$/,
    );
    // Off by one: index == vertex count.
    const i8 = new Uint32Array(CUBE_I);
    i8[35] = 8;
    expectError(() => call(CUBE_P, i8), 'INDEX_OUT_OF_RANGE', /index 8 at triangle 11\b/, /8 vertices/);
    // The extremes of both index types.
    const i16 = new Uint16Array(CUBE_I);
    i16[3] = 65535;
    expectError(() => call(CUBE_P, i16), 'INDEX_OUT_OF_RANGE', /index 65535 at triangle 1\b/, /8 vertices/);
    const i32 = new Uint32Array(CUBE_I);
    i32[0] = 2 ** 32 - 1;
    expectError(() => call(CUBE_P, i32), 'INDEX_OUT_OF_RANGE', /index 4294967295 at triangle 0\b/);
  });

  test('indices into an empty positions array are out of range', () => {
    // Three indices but no vertex at all: index 0 of triangle 0 does not exist.
    expectError(
      () => call(new Float64Array(0), new Uint32Array([0, 1, 2])),
      'INDEX_OUT_OF_RANGE',
      /index 0 at triangle 0\b/,
      /0 vertices/,
    );
  });

  test('lengths that are not a multiple of 3', () => {
    expectError(() => call(new Float64Array(25), CUBE_I), 'INVALID_LENGTH', /positions/, /25/, /multiple of 3/);
    expectError(() => call(new Float32Array(1), null), 'INVALID_LENGTH', /positions/, /\b1\b/);
    expectError(() => call(CUBE_P, CUBE_I.subarray(0, 35)), 'INVALID_LENGTH', /indices/, /35/, /multiple of 3/);
    expectError(() => call(CUBE_P, new Uint16Array([0, 1])), 'INVALID_LENGTH', /indices/, /\b2\b/);
    // Non-indexed: 8 vertices do not make whole triangles.
    expectError(() => call(CUBE_P, null), 'INVALID_LENGTH', /\b8 vertices/, /3 vertices per triangle/);
    expectError(() => call(CUBE_P, undefined), 'INVALID_LENGTH', /\b8 vertices/);
  });

  test('empty meshes', () => {
    expectError(() => call(new Float64Array(0), null), 'EMPTY_MESH', /no triangles/);
    expectError(() => call(new Float32Array(0)), 'EMPTY_MESH', /no triangles/);
    expectError(() => call(CUBE_P, new Uint32Array(0)), 'EMPTY_MESH', /no triangles/);
    expectError(() => call(new Float64Array(0), new Uint16Array(0)), 'EMPTY_MESH', /no triangles/);
  });

  test('wrong position types', () => {
    for (const [bad, what] of [
      [Array.from(CUBE_P), /Array/],
      [new Int32Array(CUBE_P), /Int32Array/],
      [new Uint8Array(24), /Uint8Array/],
      [new BigInt64Array(24), /BigInt64Array/],
      [CUBE_P.buffer, /ArrayBuffer/],
      [new DataView(CUBE_P.buffer), /DataView/],
      ['0,0,0,1,0,0,0,1,0', /string/],
      [{ length: 24 }, /Object|object/],
      [{ array: CUBE_P }, /Object|object/],
      [null, /null/],
      [undefined, /undefined/],
      [42, /number/],
    ]) {
      expectError(() => call(bad, CUBE_I), 'INVALID_TYPE', /positions/, /Float32Array or Float64Array/, what);
    }
    // A plain array gets a hint on how to wrap it.
    expectError(() => call([0, 0, 0, 1, 0, 0, 0, 1, 0]), 'INVALID_TYPE', /new Float64Array/);
  });

  test('wrong index types', () => {
    for (const [bad, what] of [
      [Array.from(CUBE_I), /Array/],
      [new Float32Array(CUBE_I), /Float32Array/],
      [new Float64Array(CUBE_I), /Float64Array/],
      [new Int32Array(CUBE_I), /Int32Array/],
      [new Int8Array(CUBE_I), /Int8Array/],
      [new Uint8ClampedArray(CUBE_I), /Uint8ClampedArray/],
      ['0,2,1', /string/],
      [{ 0: 0, 1: 2, 2: 1, length: 3 }, /Object|object/],
      [7, /number/],
      [false, /boolean/],
    ]) {
      expectError(() => call(CUBE_P, bad), 'INVALID_TYPE', /indices/, /Uint32Array/, what);
    }
    expectError(() => call(CUBE_P, Array.from(CUBE_I)), 'INVALID_TYPE', /new Uint32Array/);
  });

  test('a typed array viewing part of a larger buffer is read at its offset', () => {
    const big = new Float64Array(3 + CUBE_P.length + 3).fill(NaN);
    big.set(CUBE_P, 3);
    const view = new Float64Array(big.buffer, 3 * 8, CUBE_P.length);
    const idx = new Uint32Array(CUBE_I.length + 2).fill(99);
    idx.set(CUBE_I, 1);
    const result = call(view, idx.subarray(1, 1 + CUBE_I.length));
    if (name === 'mesh') expectUnitCube(result);
    else expect(result.closed).toBe(true);
  });
});

// ---- mesh: mass options and flat meshes ----------------------------------------------------------

describe('mesh options', () => {
  test('zero / negative / NaN / Infinity / non-number density', () => {
    for (const d of [0, -0, -1, -1e-300, NaN, Infinity, -Infinity]) {
      const shown = Object.is(d, -0) ? '-0' : String(d);
      expectError(
        () => mp.mesh(CUBE_P, CUBE_I, { density: d }),
        'INVALID_DENSITY',
        /density/,
        new RegExp(`got ${shown}\\)`),
      );
    }
    for (const d of ['1', null, [1], {}, 1n, true]) {
      expectError(() => mp.mesh(CUBE_P, CUBE_I, { density: d }), 'INVALID_DENSITY', /density must be a number/);
    }
  });

  test('zero / negative / NaN / Infinity / non-number mass', () => {
    for (const m of [0, -2, NaN, Infinity, -Infinity]) {
      expectError(
        () => mp.mesh(CUBE_P, CUBE_I, { mass: m }),
        'INVALID_MASS',
        /mass/,
        new RegExp(`got ${String(m)}\\)`),
      );
    }
    for (const m of ['3', null, [3], {}]) {
      expectError(() => mp.mesh(CUBE_P, CUBE_I, { mass: m }), 'INVALID_MASS', /mass must be a number/);
    }
  });

  test('both density and mass', () => {
    expectError(
      () => mp.mesh(CUBE_P, CUBE_I, { density: 1, mass: 1 }),
      'INVALID_OPTIONS',
      /density/,
      /mass/,
      /not both/,
    );
    expectError(() => mp.mesh(CUBE_P, CUBE_I, { density: 2, mass: 5 }), 'INVALID_OPTIONS', /not both/);
  });

  test('options that are not an object', () => {
    for (const [o, what] of [
      [null, /null/],
      [5, /number/],
      ['dense', /string/],
      [[1], /Array/],
      [true, /boolean/],
    ]) {
      expectError(() => mp.mesh(CUBE_P, CUBE_I, o), 'INVALID_TYPE', /options must be an object/, what);
    }
  });

  test('an explicit undefined beside the other option is not "both"', () => {
    expectUnitCube(mp.mesh(CUBE_P, CUBE_I, { density: 3, mass: undefined }), 3);
    // mass 4 over volume 1: density 4, exactly.
    expectUnitCube(mp.mesh(CUBE_P, CUBE_I, { mass: 4, density: undefined }), 4);
  });

  test('a flat (zero-volume) mesh gives ZERO_VOLUME', () => {
    // One triangle: open and flat.
    expectError(() => mp.mesh(new Float64Array([0, 0, 0, 1, 0, 0, 0, 1, 0])), 'ZERO_VOLUME', /no volume/);
    // A square and its mirror (both windings): closed as a surface, but it encloses nothing.
    const square = new Float64Array([0, 0, 0, 2, 0, 0, 2, 2, 0, 0, 2, 0]);
    const twoSided = new Uint32Array([0, 1, 2, 0, 2, 3, 0, 2, 1, 0, 3, 2]);
    expectError(() => mp.mesh(square, twoSided), 'ZERO_VOLUME', /no volume/);
    // The same flat pair lifted to z = 5 and in Float32 / Uint16.
    const lifted = new Float32Array(square.map((x, k) => (k % 3 === 2 ? 5 : x)));
    expectError(() => mp.mesh(lifted, new Uint16Array(twoSided)), 'ZERO_VOLUME');
    // inspect does not integrate: it describes the flat pair without an error.
    const d = mp.inspect(square, twoSided);
    expect(d.closed).toBe(true);
    expect(d.triangles).toBe(4);
  });
});

// ---- analytic shapes ------------------------------------------------------------------------------------

const SHAPES = {
  box: { call: (a, o) => mp.box(...a, o), names: ['width', 'height', 'depth'] },
  sphere: { call: (a, o) => mp.sphere(...a, o), names: ['radius'] },
  ellipsoid: { call: (a, o) => mp.ellipsoid(...a, o), names: ['rx', 'ry', 'rz'] },
  cylinder: { call: (a, o) => mp.cylinder(...a, o), names: ['radius', 'height'] },
  capsule: { call: (a, o) => mp.capsule(...a, o), names: ['radius', 'length'] },
  cone: { call: (a, o) => mp.cone(...a, o), names: ['radius', 'height'] },
  frustum: { call: (a, o) => mp.frustum(...a, o), names: ['radiusBottom', 'radiusTop', 'height'] },
  taperedCapsule: { call: (a, o) => mp.taperedCapsule(...a, o), names: ['radiusBottom', 'radiusTop', 'height'] },
};

describe.each(Object.keys(SHAPES))('%s', (shape) => {
  const { call, names } = SHAPES[shape];
  const good = names.map((_, k) => 1 + k / 2);

  test('zero / negative / NaN / Infinity dimensions name the parameter and the value', () => {
    names.forEach((name, k) => {
      // A capsule of length 0 is a sphere (three.js's CapsuleGeometry(r, 0) draws one): valid;
      // so is one radius 0 of a tapered shape (a cone, a ball tapering to a point).
      const zeroValid =
        (shape === 'capsule' && name === 'length') ||
        (['frustum', 'taperedCapsule'].includes(shape) && name.startsWith('radius'));
      for (const bad of zeroValid
        ? [-1, -2.5, NaN, Infinity, -Infinity]
        : [0, -0, -1, -2.5, NaN, Infinity, -Infinity]) {
        const args = [...good];
        args[k] = bad;
        const shown = Object.is(bad, -0) ? '-0' : String(bad);
        expectError(() => call(args), 'INVALID_DIMENSION', new RegExp(`\\b${name}\\b`), new RegExp(`got ${shown}\\)`));
      }
    });
  });

  test('non-number and missing dimensions', () => {
    names.forEach((name, k) => {
      for (const [bad, what] of [
        ['2', /string/],
        [null, /null/],
        [undefined, /undefined/],
        [{}, /Object/],
        [[1], /Array/],
        [2n, /bigint/],
      ]) {
        const args = [...good];
        args[k] = bad;
        expectError(() => call(args), 'INVALID_DIMENSION', new RegExp(`\\b${name}\\b`), /must be a number/, what);
      }
    });
    expectError(() => call([]), 'INVALID_DIMENSION', new RegExp(`\\b${names[0]}\\b`));
  });

  test('bad density, mass and options', () => {
    expectError(() => call(good, { density: 0 }), 'INVALID_DENSITY', /density/);
    expectError(() => call(good, { density: -3 }), 'INVALID_DENSITY', /-3/);
    expectError(() => call(good, { density: NaN }), 'INVALID_DENSITY', /NaN/);
    expectError(() => call(good, { density: Infinity }), 'INVALID_DENSITY', /Infinity/);
    expectError(() => call(good, { mass: 0 }), 'INVALID_MASS', /mass/);
    expectError(() => call(good, { mass: -1 }), 'INVALID_MASS', /-1/);
    expectError(() => call(good, { mass: NaN }), 'INVALID_MASS', /NaN/);
    expectError(() => call(good, { mass: Infinity }), 'INVALID_MASS', /Infinity/);
    expectError(() => call(good, { mass: 1, density: 1 }), 'INVALID_OPTIONS', /not both/);
    expectError(() => call(good, null), 'INVALID_TYPE', /options/);
    expectError(() => call(good, 'heavy'), 'INVALID_TYPE', /options/);
  });

  test('a bad dimension is reported before bad options', () => {
    const args = [...good];
    args[names.length - 1] = -1;
    expectError(() => call(args, { density: -1 }), 'INVALID_DIMENSION', new RegExp(`\\b${names[names.length - 1]}\\b`));
  });
});

test('shapes never return non-finite results for finite positive dimensions', () => {
  // 1e200³ overflows a double: the library must either say so or return finite numbers, never
  // a body of infinite mass (Infinity shows up as null in JSON and breaks every later step).
  expectEach(
    [
      ['box(1e200, 1e200, 1e200)', () => mp.box(1e200, 1e200, 1e200)],
      ['sphere(1e150)', () => mp.sphere(1e150)],
      ['cylinder(1e120, 1e120)', () => mp.cylinder(1e120, 1e120)],
    ],
    (call) => {
      let result;
      try {
        result = call();
      } catch (e) {
        expect(e).toBeInstanceOf(MassPropertiesError);
        expect(mp.errorCodes).toContain(e.code);
        return;
      }
      const numbers = [result.mass, result.volume, result.density, ...result.centerOfMass, ...result.inertia];
      if (!numbers.every(Number.isFinite))
        throw new Error(`returned non-finite numbers: mass ${result.mass}, volume ${result.volume}`);
    },
  );
  expectUnitCube(mp.mesh(CUBE_P, CUBE_I));
});

// ---- bodies: transform, combine, inertiaAbout --------------------------------------------------------

// Malformed bodies: [label, body, what the message must mention].
function malformedBodies(cube) {
  return [
    ['null', null, /null/],
    ['undefined', undefined, /undefined/],
    ['a number', 42, /number/],
    ['a string', 'cube', /string/],
    ['an empty object', {}, /mass/],
    ['mass as a string', { ...cube, mass: '1' }, /mass/],
    ['no volume', { ...cube, volume: undefined }, /volume/],
    ['a 2-vector center', { ...cube, centerOfMass: [0, 0] }, /centerOfMass/],
    ['a NaN center', { ...cube, centerOfMass: [0, NaN, 0] }, /centerOfMass/],
    ['a string center', { ...cube, centerOfMass: 'origin' }, /centerOfMass/],
    ['8 inertia entries', { ...cube, inertia: [1, 0, 0, 0, 1, 0, 0, 0] }, /inertia/],
    ['an infinite inertia entry', { ...cube, inertia: [1, 0, 0, 0, Infinity, 0, 0, 0, 1] }, /inertia/],
    ['inertia null', { ...cube, inertia: null }, /inertia/],
    ['mass NaN', { ...cube, mass: NaN }, /mass/],
    ['mass Infinity', { ...cube, mass: Infinity }, /mass/],
    ['mass 0', { ...cube, mass: 0 }, /mass/],
    // Principal moments 1, 1, 5 break the triangle inequality 1 + 1 ≥ 5: no real body has them.
    ['moments 1, 1, 5', { ...cube, inertia: [1, 0, 0, 0, 1, 0, 0, 0, 5] }, /inertia|physical/],
    ['a negative moment', { ...cube, inertia: [-1, 0, 0, 0, 1, 0, 0, 0, 1] }, /inertia|physical/],
    ['volume and mass of different signs', { ...cube, volume: -1 }, /volume/],
  ];
}

// Runs every case and reports all that fail at once (not only the first).
function expectEach(cases, run) {
  const failures = [];
  for (const [label, ...rest] of cases) {
    try {
      run(...rest);
    } catch (e) {
      failures.push(`${label}: ${e.message.split('\n')[0]}`);
    }
  }
  expect(failures).toEqual([]);
}

describe('transform', () => {
  test('malformed bodies', () => {
    const cube = mp.mesh(CUBE_P, CUBE_I);
    expectEach(malformedBodies(cube), (body, what) => {
      expectError(() => mp.transform(body, { position: [1, 2, 3] }), 'INVALID_BODY', what);
    });
  });

  test('non-unit, zero or NaN quaternion', () => {
    const cube = mp.mesh(CUBE_P, CUBE_I);
    expectError(
      () => mp.transform(cube, { quaternion: [0, 0, 0, 2] }),
      'INVALID_TRANSFORM',
      /quaternion/,
      /unit length/,
      /\b2\b/,
    );
    expectError(() => mp.transform(cube, { quaternion: [1, 1, 1, 1] }), 'INVALID_TRANSFORM', /quaternion/, /\b2\b/);
    expectError(() => mp.transform(cube, { quaternion: [0, 0, 0, 0] }), 'INVALID_TRANSFORM', /quaternion/, /\b0\b/);
    expectError(() => mp.transform(cube, { quaternion: [0, 0, NaN, 1] }), 'INVALID_TRANSFORM', /quaternion/, /NaN/);
    expectError(
      () => mp.transform(cube, { quaternion: [0, 0, 1] }),
      'INVALID_TRANSFORM',
      /quaternion/,
      /4 finite numbers/,
    );
    expectError(() => mp.transform(cube, { quaternion: 'identity' }), 'INVALID_TRANSFORM', /quaternion/);
  });

  test('zero, NaN or malformed scale and position', () => {
    const cube = mp.mesh(CUBE_P, CUBE_I);
    for (const s of [
      [0, 1, 1],
      [1, 0, 1],
      [1, 1, -0],
    ]) {
      expectError(() => mp.transform(cube, { scale: s }), 'INVALID_TRANSFORM', /scale/, /zero/);
    }
    expectError(() => mp.transform(cube, { scale: [1, NaN, 1] }), 'INVALID_TRANSFORM', /scale/);
    expectError(() => mp.transform(cube, { scale: [2, 2] }), 'INVALID_TRANSFORM', /scale/, /3 finite numbers/);
    expectError(() => mp.transform(cube, { scale: 0 }), 'INVALID_TRANSFORM', /scale/, /zero/);
    expectError(() => mp.transform(cube, { scale: NaN }), 'INVALID_TRANSFORM', /scale/);
    expectError(() => mp.transform(cube, { position: [0, Infinity, 0] }), 'INVALID_TRANSFORM', /position/);
    expectError(() => mp.transform(cube, { position: new Float64Array(4) }), 'INVALID_TRANSFORM', /position/);
  });

  test('a transform that is not an object', () => {
    const cube = mp.mesh(CUBE_P, CUBE_I);
    expectError(() => mp.transform(cube, null), 'INVALID_TYPE', /transform must be an object/, /null/);
    expectError(() => mp.transform(cube, 'translate'), 'INVALID_TYPE', /transform/, /string/);
    expectError(() => mp.transform(cube, [1, 2, 3]), 'INVALID_TYPE', /transform/, /Array/);
  });

  test('a valid transform after the errors is exact', () => {
    // Moving the unit cube by (1, 2, 3) moves its center; its inertia about the center is unchanged.
    const moved = mp.transform(mp.mesh(CUBE_P, CUBE_I), { position: [1, 2, 3] });
    expect(moved.centerOfMass).toEqual([1.5, 2.5, 3.5]);
    expect(moved.volume).toBe(1);
    for (let i = 0; i < 9; i++)
      expect(Math.abs(moved.inertia[i] - (i % 4 === 0 ? 1 / 6 : 0))).toBeLessThanOrEqual(EXACT);
  });
});

describe('combine', () => {
  test('not a non-empty array', () => {
    for (const parts of [[], null, undefined, 'cubes', 3, {}, { length: 1, 0: null }]) {
      expectError(() => mp.combine(parts), 'INVALID_ARGUMENT', /non-empty array/);
    }
  });

  test('malformed parts name the part', () => {
    const cube = mp.mesh(CUBE_P, CUBE_I);
    expectEach(malformedBodies(cube), (body, what) => {
      expectError(() => mp.combine([cube, body]), 'INVALID_BODY', what, /part/);
      expectError(() => mp.combine([cube, { body }]), 'INVALID_BODY', what);
    });
    expectError(() => mp.combine([cube, null]), 'INVALID_BODY', /parts\[1\]/);
    expectError(() => mp.combine([cube, cube, { body: { ...cube, mass: 'x' } }]), 'INVALID_BODY', /parts\[2\]\.mass/);
  });

  test('subtracting more than there is', () => {
    const cube = mp.mesh(CUBE_P, CUBE_I);
    // 1 − 8 = −7: not a body.
    expectError(() => mp.combine([cube, { body: mp.box(2, 2, 2), subtract: true }]), 'INVALID_BODY', /-7/, /positive/);
    // 1 − 1 = 0: not a body either.
    expectError(() => mp.combine([cube, { body: cube, subtract: true }]), 'INVALID_BODY', /positive/);
  });

  test('a valid combine after the errors is exact', () => {
    // Two unit cubes side by side = a 2×1×1 box centered at (1, 1/2, 1/2):
    // I_xx = m(1 + 1)/12 = 2·2/12 = 1/3, I_yy = I_zz = m(4 + 1)/12 = 10/12 = 5/6.
    const cube = mp.mesh(CUBE_P, CUBE_I);
    const pair = mp.combine([cube, mp.transform(cube, { position: [1, 0, 0] })]);
    expect(pair.mass).toBe(2);
    expect(pair.centerOfMass).toEqual([1, 0.5, 0.5]);
    const want = [1 / 3, 0, 0, 0, 5 / 6, 0, 0, 0, 5 / 6];
    for (let i = 0; i < 9; i++) expect(Math.abs(pair.inertia[i] - want[i])).toBeLessThanOrEqual(4 * EXACT);
  });
});

describe('inertiaAbout', () => {
  test('malformed bodies', () => {
    const cube = mp.mesh(CUBE_P, CUBE_I);
    // The volume is not used here, so a volume of the wrong sign is left out; every other defect
    // (no mass, NaN or infinite mass, an unphysical tensor) makes the answer meaningless.
    expectEach(
      malformedBodies(cube).filter(([label]) => !label.startsWith('volume')),
      (body, what) => {
        expectError(() => mp.inertiaAbout(body, [0, 0, 0]), 'INVALID_BODY', what);
      },
    );
  });

  test('bad point', () => {
    const cube = mp.mesh(CUBE_P, CUBE_I);
    // The point and rotation define the frame, so their errors share the transform code.
    for (const p of [[0, NaN, 0], [0, 0, Infinity], [0, 0], [0, 0, 0, 0], 'origin', null, { x: 0, y: NaN, z: 0 }]) {
      expectError(() => mp.inertiaAbout(cube, p), 'INVALID_TRANSFORM', /point/, /3 finite numbers/);
    }
  });

  test('bad rotation', () => {
    const cube = mp.mesh(CUBE_P, CUBE_I);
    const nan = expectError(() => mp.inertiaAbout(cube, [0, 0, 0], [0, NaN, 0, 1]), 'INVALID_TRANSFORM', /rotation/);
    expectError(() => mp.inertiaAbout(cube, [0, 0, 0], [0, 0, 1]), 'INVALID_TRANSFORM', /rotation/, /4 finite numbers/);
    // A rotation of length 2 is as wrong as a NaN one; it must get the same stable code, and the
    // message must say what is wrong with it.
    let nonUnit;
    try {
      mp.inertiaAbout(cube, [0, 0, 0], [0, 0, 0, 2]);
    } catch (e) {
      nonUnit = e;
    }
    expect(nonUnit).toBeInstanceOf(MassPropertiesError);
    expect(nonUnit.message).toMatch(/rotation/);
    expect(nonUnit.message).toMatch(/unit/);
    expect(nonUnit.code).toBe(nan.code);
  });

  test('a valid inertiaAbout after the errors is exact', () => {
    // About the corner (0,0,0): 1/6 + m·d², d² = 1/4 + 1/4 = 1/2 → 2/3; products −m·x·y = −1/4.
    const corner = mp.inertiaAbout(mp.mesh(CUBE_P, CUBE_I), [0, 0, 0]);
    const want = [2 / 3, -1 / 4, -1 / 4, -1 / 4, 2 / 3, -1 / 4, -1 / 4, -1 / 4, 2 / 3];
    for (let i = 0; i < 9; i++) expect(Math.abs(corner[i] - want[i])).toBeLessThanOrEqual(4 * EXACT);
  });
});

// ---- simulateRotation ------------------------------------------------------------------------------------

describe('simulateRotation', () => {
  const ok = { principalMoments: [1, 2, 3], angularVelocity: [0, 0, 2], duration: 1 };

  test('missing or malformed vectors', () => {
    expectError(() => mp.simulateRotation(), 'INVALID_ARGUMENT', /options object/);
    expectError(() => mp.simulateRotation({}), 'INVALID_ARGUMENT', /principalMoments/);
    expectError(
      () => mp.simulateRotation({ ...ok, principalMoments: [1, 2] }),
      'INVALID_ARGUMENT',
      /principalMoments/,
      /3 finite numbers/,
    );
    expectError(
      () => mp.simulateRotation({ ...ok, principalMoments: [1, NaN, 3] }),
      'INVALID_ARGUMENT',
      /principalMoments/,
    );
    expectError(
      () => mp.simulateRotation({ ...ok, principalMoments: 'inertia' }),
      'INVALID_ARGUMENT',
      /principalMoments/,
    );
    expectError(
      () => mp.simulateRotation({ ...ok, angularVelocity: undefined }),
      'INVALID_ARGUMENT',
      /angularVelocity/,
    );
    expectError(
      () => mp.simulateRotation({ ...ok, angularVelocity: [0, Infinity, 0] }),
      'INVALID_ARGUMENT',
      /angularVelocity/,
    );
    expectError(() => mp.simulateRotation({ ...ok, orientation: [0, 0, NaN, 1] }), 'INVALID_ARGUMENT', /orientation/);
    expectError(() => mp.simulateRotation({ ...ok, orientation: [0, 0, 1] }), 'INVALID_ARGUMENT', /orientation/);
  });

  test('options that are not an object', () => {
    expectEach(
      [
        ['null', null],
        ['5', 5],
        ["'spin'", 'spin'],
      ],
      (o) => {
        expectError(() => mp.simulateRotation(o), 'INVALID_ARGUMENT', /principalMoments|options/);
      },
    );
  });

  test('non-unit orientation', () => {
    expectError(
      () => mp.simulateRotation({ ...ok, orientation: [0, 0, 0, 2] }),
      'INVALID_ARGUMENT',
      /orientation/,
      /unit length/,
      /\b2\b/,
    );
    expectError(
      () => mp.simulateRotation({ ...ok, orientation: [0, 0, 0, 0] }),
      'INVALID_ARGUMENT',
      /orientation/,
      /\b0\b/,
    );
  });

  test('bad duration and timeStep', () => {
    expectError(
      () => mp.simulateRotation({ ...ok, duration: undefined }),
      'INVALID_ARGUMENT',
      /duration must be a number/,
    );
    expectError(() => mp.simulateRotation({ ...ok, duration: '1s' }), 'INVALID_ARGUMENT', /duration/, /string/);
    for (const d of [-1, NaN, Infinity]) {
      expectError(
        () => mp.simulateRotation({ ...ok, duration: d }),
        'INVALID_ARGUMENT',
        /duration/,
        new RegExp(`got ${d}\\)`),
      );
    }
    for (const s of [0, -0.1, NaN, Infinity]) {
      expectError(
        () => mp.simulateRotation({ ...ok, timeStep: s }),
        'INVALID_ARGUMENT',
        /timeStep/,
        new RegExp(`got ${s}\\)`),
      );
    }
    expectError(() => mp.simulateRotation({ ...ok, timeStep: null }), 'INVALID_ARGUMENT', /timeStep/, /null/);
    // 1e6 s in 1 µs steps is 1e12 steps: refused at once (the bound is the core's kMaxSpinSteps).
    expectError(
      () => mp.simulateRotation({ ...ok, duration: 1e6, timeStep: 1e-6 }),
      'INVALID_ARGUMENT',
      /more than the 1000000 one call may take/,
    );
  });

  test('moments that are not a body', () => {
    for (const m of [
      [1, 1, 5],
      [0, 2, 3],
      [-1, 2, 3],
      [1, 2, -3],
    ]) {
      expectError(
        () => mp.simulateRotation({ ...ok, principalMoments: m }),
        'INVALID_BODY',
        /principal moments/,
        /triangle inequality|positive/,
      );
    }
  });

  test('a valid spin after the errors is exact', () => {
    // Spinning about a principal axis is steady: ω stays (0, 0, 2), the body turns by 2 rad about z
    // in 1 s, so q = (0, 0, sin 1, cos 1); kinetic energy ½·3·2² = 6; momentum I·ω = (0, 0, 6).
    const s = mp.simulateRotation(ok);
    const near = (a, b) => a.forEach((x, i) => expect(Math.abs(x - b[i])).toBeLessThan(1e-12));
    near(s.angularVelocity, [0, 0, 2]);
    near(s.orientation, [0, 0, Math.sin(1), Math.cos(1)]);
    expect(Math.abs(s.kineticEnergy - 6)).toBeLessThan(1e-12);
    near(s.angularMomentum, [0, 0, 6]);
  });
});

// ---- hydrostatics ------------------------------------------------------------------------------------

test('mp.submerged and mp.float: hostile planes and options, and a body that sinks', () => {
  const submerged = (options) => () => mp.submerged(CUBE_P, CUBE_I, options);
  expectError(submerged({ normal: [0, 0, 0] }), 'INVALID_ARGUMENT', /unit vector/, /length 0/);
  expectError(submerged({ normal: [1, 1, 0] }), 'INVALID_ARGUMENT', /plane\.normal/);
  expectError(submerged({ normal: [Infinity, 0, 0] }), 'INVALID_ARGUMENT', /options\.normal/);
  expectError(submerged({ height: NaN }), 'INVALID_ARGUMENT', /plane\.height/);
  expectError(submerged({ height: 0.5, pose: {} }), 'INVALID_OPTIONS', /not both/);
  expectError(submerged({ pose: { turn: 1 } }), 'INVALID_OPTIONS', /turn/);
  expectError(submerged({ pose: { quaternion: [0, 0, 0, 3] } }), 'INVALID_TRANSFORM', /pose quaternion/, /length 3/);
  expectError(submerged({ centerOfMass: [0, 0] }), 'INVALID_ARGUMENT', /centerOfMass/);
  expectError(submerged({ mode: 'shell' }), 'INVALID_OPTIONS', /mode/);
  expectError(() => mp.submerged(withPosition(4, NaN), CUBE_I), 'NON_FINITE_POSITION');
  const float = (options) => () => mp.float(CUBE_P, CUBE_I, options);
  expectError(float({ density: 2000 }), 'SINKS', /sinks/, /2000/, /1025/);
  expectError(float({ mass: 1000, waterDensity: 1000 }), 'SINKS', /not below/);
  expectError(float({ waterDensity: -1 }), 'INVALID_DENSITY', /waterDensity/);
  expectError(float({ density: 0 }), 'INVALID_DENSITY');
  expectError(float({ mass: 1, density: 1 }), 'INVALID_OPTIONS');
  expectError(float({ up: [0, 0, 0] }), 'INVALID_ARGUMENT', /up must be a unit vector/);
  expectError(float({ search: 1 }), 'INVALID_OPTIONS', /search/);
});

// ---- many errors in a row ------------------------------------------------------------------------------

test('a long run of large failing calls leaves the module working', () => {
  const big = new Float64Array(3 * 30000).map((_, k) => k % 97);
  const bigIndices = new Uint32Array(3 * 30000).map((_, k) => k % 30000);
  bigIndices[bigIndices.length - 1] = 30000;
  const nanBig = new Float64Array(big);
  nanBig[nanBig.length - 1] = NaN;
  for (let k = 0; k < 100; k++) {
    for (const f of [() => mp.mesh(big, bigIndices), () => mp.mesh(nanBig, null), () => mp.inspect(big, bigIndices)]) {
      expect(f).toThrow(MassPropertiesError);
    }
  }
  expectUnitCube(mp.mesh(CUBE_P, CUBE_I));
});

// ---- the codes ---------------------------------------------------------------------------------------------

function errorCodeUnion() {
  const dts = readFileSync(fileURLToPath(new URL('../../js/index.d.ts', import.meta.url)), 'utf8');
  const match = dts.match(/export\s+type\s+ErrorCode\s*=([^;]*);/);
  expect(match).not.toBeNull();
  return [...match[1].matchAll(/'([A-Z_]+)'/g)].map((m) => m[1]);
}

test('a mesh beyond the 4 GiB wasm heap is refused before it reaches the core', () => {
  // A real Float32Array of 1.5e9 coordinates (6 GB, left untouched so the OS never backs it):
  // the budget check must refuse it from its size alone, and the module must stay usable.
  const huge = new Float32Array(1.5e9);
  for (const call of [() => mp.mesh(huge), () => mp.inspect(huge)]) {
    expectError(call, 'MESH_TOO_LARGE', /500000000 vertices/, /GiB/, /combine/);
  }
  expectUnitCube(mp.mesh(CUBE_P, CUBE_I));
});

test('a glTF from a stranger: the file and resource codes of mass-properties/gltf readDocument', async () => {
  const { NodeIO } = await import('@gltf-transform/core');
  const { readDocument } = await import('../../js/gltf.js');
  const gltf = (text) => new TextEncoder().encode(text);
  const withBuffer = (uri) => gltf(JSON.stringify({ asset: { version: '2.0' }, buffers: [{ uri, byteLength: 4 }] }));
  const resources = (path) => (path === 'two.bin' ? new Uint8Array(2) : null);
  const cases = [
    [gltf('{"asset": {"version": "2.0"'), 'TRUNCATED_FILE', /ends early/],
    [gltf('{"asset": {}}'), 'INVALID_FILE', /asset\.version/],
    [withBuffer('data:,ab'), 'TRUNCATED_FILE', /holds 2 bytes, its byteLength says 4/],
    [withBuffer('two.bin'), 'TRUNCATED_FILE', /"two\.bin"/],
    [withBuffer('../secret.bin'), 'RESOURCE_REFUSED', /"\.\.\/secret\.bin"/, /leaves the folder/],
    [withBuffer('missing.bin'), 'RESOURCE_NOT_FOUND', /"missing\.bin"/],
  ];
  for (const [bytes, code, ...patterns] of cases) {
    let error;
    try {
      await readDocument(new NodeIO(), bytes, { resources });
    } catch (e) {
      error = e;
    }
    expectError(
      () => {
        throw error ?? new Error('readDocument resolved');
      },
      code,
      ...patterns,
    );
  }
});

test('mp.errorCodes and the ErrorCode union of index.d.ts list the same codes', () => {
  const union = errorCodeUnion();
  expect(union.length).toBeGreaterThan(0);
  expect(new Set(union).size).toBe(union.length);
  expect([...mp.errorCodes].sort()).toEqual([...union].sort());
  expect(mp.errorCodes).not.toContain('OK');
  expect(Object.isFrozen(mp.errorCodes)).toBe(true);
});

test('every code thrown above is in mp.errorCodes and in ErrorCode, and every code was thrown', () => {
  const union = new Set(errorCodeUnion());
  for (const code of thrown) {
    expect(mp.errorCodes).toContain(code);
    expect(union.has(code)).toBe(true);
  }
  // This file exercises every code the library declares but INTERNAL, which only a module that
  // failed to load or trapped gives (tests/js/foundation.test.js provokes it), and
  // FULL_MODULE_NOT_LOADED, which only a host that cannot load the full module within a call
  // gives (Node can: tests/js/modules.test.js provokes it without that, tests/browser/split.test.mjs in a page).
  const elsewhere = ['INTERNAL', 'FULL_MODULE_NOT_LOADED'];
  expect([...thrown].sort()).toEqual(mp.errorCodes.filter((c) => !elsewhere.includes(c)).sort());
});

test('typed arrays from another realm are accepted (vm context, iframe, jsdom)', async () => {
  const { runInNewContext } = await import('node:vm');
  const foreign = runInNewContext('({ p: new Float64Array(8 * 3), i: new Uint32Array(36) })');
  expect(foreign.p instanceof Float64Array).toBe(false);
  foreign.p.set(CUBE_P);
  foreign.i.set(CUBE_I);
  expectUnitCube(mp.mesh(foreign.p, foreign.i));
});
