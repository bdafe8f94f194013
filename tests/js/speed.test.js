// check: false, the trusted path: a closed mesh integrated as given, with the core's accuracy
// (against exact rationals) and no surface, diagnostics or bounds; the options it refuses; every
// input type without conversion; the heap after.
import { init, MassPropertiesError } from '../../js/index.js';
import { exactMassProperties, relativeError } from './helpers/exact.js';
import { expectMatchesExact } from './helpers/expect-exact.js';
import {
  box,
  boundingDiagonal,
  centeredBox,
  concat,
  deindex,
  flip,
  mapPositions,
  randomRotation,
  rng,
  toFloat32,
  uvSphere,
} from './helpers/meshes.js';

const mp = await init();
const heapInUse = mp[Symbol.for('mass-properties.heapInUse')];

// Against the exact values of the same binary coordinates, the center of mass relative to the mesh's size.
function expectExact(r, { positions, indices }) {
  expectMatchesExact(r, exactMassProperties(positions, indices), boundingDiagonal(positions));
}

// check: false has no surface: neither its area nor its centroid.
function expectNoSurface(r) {
  expect(r.surfaceArea).toBeNull();
  expect(r.surfaceCentroid).toBeNull();
}

test('a unit cube measured with check: false has its closed form and no diagnostics', () => {
  const { positions, indices } = box();
  const r = mp.mesh(positions, indices, { check: false, density: 2 });
  expect(r.volume).toBeCloseTo(1, 15);
  expect(r.mass).toBeCloseTo(2, 15);
  for (const x of r.centerOfMass) expect(Math.abs(x - 0.5)).toBeLessThan(1e-15);
  expect(Math.abs(r.inertia[0] - 2 / 6)).toBeLessThan(1e-15); // m (1 + 1) / 12
  expect(r.diagnostics).toBeNull();
  expectNoSurface(r);
});

test('check: false keeps the 1e-12 relative accuracy against exact rationals, however the mesh is typed', () => {
  const sphere = toFloat32(uvSphere(1.5, 40, 20));
  const exact = exactMassProperties(sphere.positions, sphere.indices);
  const variants = [
    sphere,
    { positions: sphere.positions, indices: new Uint16Array(sphere.indices) },
    deindex(sphere),
    { positions: new Float64Array(sphere.positions), indices: sphere.indices },
  ];
  for (const { positions, indices } of variants) {
    const r = mp.mesh(positions, indices, { check: false });
    expect(relativeError(r.volume, exact.volume)).toBeLessThan(1e-12);
    for (let k = 0; k < 3; ++k)
      expect(relativeError(r.centerOfMass[k], exact.centerOfMass[k], 1.5)).toBeLessThan(1e-12);
    for (const k of [0, 4, 8]) expect(relativeError(r.inertia[k], exact.inertia[k])).toBeLessThan(1e-12);
  }
});

test('a closed mesh measured with check: false has its exact values wound either way, and no surface', () => {
  const sphere = toFloat32(uvSphere(1, 24, 12)); // Float32 around the origin: the plain sums
  for (const mesh of [sphere, flip(sphere)]) {
    const trusted = mp.mesh(mesh.positions, mesh.indices, { check: false });
    expectExact(trusted, sphere);
    // The trusted path reads no more than it integrates: no surface, diagnostics or bounds.
    expectNoSurface(trusted);
    expect(trusted.diagnostics).toBeNull();
    expect(trusted.bounds).toBeNull();
  }
});

// Plain determinants lose digits with the square of the aspect ratio (a needle of 1e-4 × 1 × 1e-4
// is off by about 4e-10 with them): check: false certifies them for the whole mesh and, where they
// do not certify, integrates again with the default's accurate ones. Float32 around the origin
// (the plain sums, refused) and away from it (the default's sums).
test('check: false keeps 1e-12 on slender needles and thin walls, in random orientations', () => {
  const random = rng(10);
  for (let k = 0; k < 4; ++k) {
    const { matrix } = randomRotation(random);
    const at = k % 2 ? [random() * 10, random() * 10, random() * 10] : [0, 0, 0];
    for (const mesh of [
      centeredBox(1e-4, 1, 1e-4),
      centeredBox(1, 1e-3, 1),
      concat(box([0, 0, 0], [1, 1, 1]), flip(box([1e-4, 1e-4, 1e-4], [1 - 1e-4, 1 - 1e-4, 1 - 1e-4]))),
    ]) {
      const moved = toFloat32(mapPositions(mesh, matrix, at));
      expectExact(mp.mesh(moved.positions, moved.indices, { check: false }), moved);
    }
  }
});

test('a Uint8 box and a non-indexed box measure the same with check: false', () => {
  const { positions, indices } = box([0, 0, 0], [2, 3, 4]);
  const small = mp.mesh(positions, new Uint8Array(indices), { check: false });
  const soup = deindex({ positions, indices });
  const loose = mp.mesh(soup.positions, null, { check: false });
  expect(small.volume).toBeCloseTo(24, 13);
  expect(loose.volume).toBeCloseTo(24, 13);
});

test('check must be a boolean and applies to the solid mode without weld', () => {
  const { positions, indices } = box();
  const refuse = (options, pattern) => {
    let error;
    try {
      mp.mesh(positions, indices, options);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(MassPropertiesError);
    expect(error.code).toBe('INVALID_OPTIONS');
    expect(error.message).toMatch(pattern);
  };
  refuse({ check: 'no' }, /options\.check must be a boolean, got string/);
  refuse({ check: false, mode: 'shell' }, /solid mode only/);
  refuse({ check: false, mode: 'convex' }, /solid mode only/);
  refuse({ check: false, weld: 1e-3 }, /weld has no effect/);
  expect(mp.mesh(positions, indices, { check: true }).diagnostics.closed).toBe(true);
});

test('a flat mesh with check: false is ZERO_VOLUME, and the module works on', () => {
  const positions = new Float64Array([0, 0, 0, 1, 0, 0, 0, 1, 0]);
  const indices = new Uint32Array([0, 1, 2, 0, 2, 1]);
  expect(() => mp.mesh(positions, indices, { check: false })).toThrow(
    expect.objectContaining({ code: 'ZERO_VOLUME', message: expect.stringMatching(/check: false/) }),
  );
  expect(mp.box(1, 1, 1).volume).toBe(1);
});

// The SIMD build tests a Float32 mesh's 32-bit indices as its integration reads them, instead of
// in a pass of their own: wherever the bad index is (either triangle of a pair, any corner, a later
// block of 1,024 triangles, the last triangle of an odd count; one past the last vertex or the
// largest index), the error is the default's, and the module works on.
test('check: false refuses an index out of range wherever it is, as the default does', () => {
  const sphere = toFloat32(uvSphere(1, 64, 40));
  const vertices = sphere.positions.length / 3;
  const corners = sphere.indices.length;
  const errorOf = (indices, options) => {
    try {
      mp.mesh(sphere.positions, indices, options);
    } catch (e) {
      return e;
    }
    return null;
  };
  for (const corner of [0, 4, 5, 3 * 1024 + 2, corners / 2 + 1, corners - 1]) {
    for (const bad of [vertices, vertices + 1, 2 ** 32 - 1]) {
      for (const odd of [false, true]) {
        const indices = Uint32Array.from(sphere.indices.subarray(0, odd ? corners - 3 : corners));
        const at = Math.min(corner, indices.length - 1);
        indices[at] = bad;
        const trusted = errorOf(indices, { check: false });
        expect(trusted).toBeInstanceOf(MassPropertiesError);
        expect(trusted.code).toBe('INDEX_OUT_OF_RANGE');
        expect(trusted.message).toBe(
          `index ${bad} at triangle ${Math.floor(at / 3)} is out of range (${vertices} vertices)`,
        );
        expect(trusted.message).toBe(errorOf(indices, {}).message);
      }
    }
  }
  // The index comes before a wrong option, as by default.
  const indices = Uint32Array.from(sphere.indices);
  indices[7] = vertices;
  expect(errorOf(indices, { check: false, density: -1 }).code).toBe('INDEX_OUT_OF_RANGE');
  expect(errorOf(sphere.indices, { check: false, density: -1 }).code).toBe('INVALID_DENSITY');
  // Every vertex read, the last one too: the exact values; and the module works on.
  expectExact(mp.mesh(sphere.positions, sphere.indices, { check: false }), sphere);
});

test('init() loads the threaded core in Node (SIMD with threads), unless a single-thread build is forced', () => {
  // Node 18+ validates SIMD and shares memory with worker_threads; MASS_PROPERTIES_WASM=scalar is
  // how CI runs this suite on the fallback (=simd: the single-thread SIMD build).
  const expected = process.env.MASS_PROPERTIES_WASM ?? 'threads';
  expect(mp[Symbol.for('mass-properties.moduleKind')]).toBe(expected);
});

test('the heap returns to where it was after a default and a trusted call', () => {
  const sphere = toFloat32(uvSphere(1, 64, 32));
  mp.mesh(sphere.positions, sphere.indices);
  const before = heapInUse();
  mp.mesh(sphere.positions, sphere.indices);
  mp.mesh(sphere.positions, sphere.indices, { check: false });
  expect(heapInUse()).toBe(before);
});
