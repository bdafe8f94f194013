// The solid repair at the package boundary. Every expected value is independent of the library:
// a damaged mesh is compared with the exact rational mass properties (helpers/exact.js) of the
// same mesh closed by hand, or with numbers derived in the comments. Invariances (order, winding,
// seams, number types) are checked against the undamaged answer, not against each other only.
import { init, MassPropertiesError } from '../../js/index.js';
import { Fraction, exactMassProperties } from './helpers/exact.js';
import {
  box,
  CLOSED_CUBE_DIAGNOSTICS,
  concat,
  deindex,
  flip,
  lPrism,
  mapPositions,
  prism,
  rng,
  torus,
  uvSphere,
} from './helpers/meshes.js';
import {
  apartTriangles,
  flipRandomTriangles,
  flipTriangles,
  genusOneBlock,
  polygonPrism,
  renumberVertices,
  seamTorus,
  shuffleTriangles,
  splitSeams,
  voxelSurface,
  withoutTriangles,
} from './helpers/repair-meshes.js';
import { expectMassPropertiesError } from './helpers/errors.js';
import { expectMatchesExact } from './helpers/expect-exact.js';

const TOL = 1e-12;

let mp;
beforeAll(async () => {
  mp = await init();
});

// --- checks --------------------------------------------------------------------------------------

// Nothing repaired: the repairs of a clean closed mesh (one definition, in the helpers).
const NO_REPAIRS = CLOSED_CUBE_DIAGNOSTICS.repairs;

/** Two library results describe the same body (same tolerances as above). */
function expectSameBody(got, want, size, tol = TOL) {
  expect(Math.abs(got.volume - want.volume)).toBeLessThanOrEqual(tol * Math.abs(want.volume));
  expect(Math.abs(got.mass - want.mass)).toBeLessThanOrEqual(tol * Math.abs(want.mass));
  got.centerOfMass.forEach((x, i) => expect(Math.abs(x - want.centerOfMass[i])).toBeLessThanOrEqual(tol * size));
  const scale = Math.max(...want.inertia.map(Math.abs));
  got.inertia.forEach((x, i) => expect(Math.abs(x - want.inertia[i])).toBeLessThanOrEqual(tol * scale));
}

const exactOf = (mesh, options) => exactMassProperties(mesh.positions, mesh.indices, options);
const measure = (mesh, options) => mp.mesh(mesh.positions, mesh.indices, options);

// Areas of triangles first..last−1 of a mesh, in plain doubles (for capArea and surfaceArea).
function areaOf(mesh, first = 0, last = mesh.indices.length / 3) {
  const p = mesh.positions;
  let sum = 0;
  for (let t = first; t < last; ++t) {
    const [a, b, c] = [0, 1, 2].map((k) => 3 * mesh.indices[3 * t + k]);
    const u = [p[b] - p[a], p[b + 1] - p[a + 1], p[b + 2] - p[a + 2]];
    const v = [p[c] - p[a], p[c + 1] - p[a + 1], p[c + 2] - p[a + 2]];
    sum += 0.5 * Math.hypot(u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]);
  }
  return sum;
}

const triangleCount = (mesh) => mesh.indices.length / 3;
const cube = box();

// --- the builders, checked before they are trusted ----------------------------------------------------

describe('the builders of this file', () => {
  test('the genus-1 block encloses its 16 voxels exactly, wound outward and closed', () => {
    const block = genusOneBlock();
    expect(exactOf(block).volume.equals(new Fraction(16n))).toBe(true);
    // 8 top + 8 bottom + 24 outer + 8 inner unit squares, 2 triangles each.
    expect(triangleCount(block)).toBe(96);
    expect(mp.inspect(block.positions, block.indices)).toMatchObject({
      closed: true,
      consistentWinding: true,
      inverted: false,
      shells: 1,
    });
  });

  test('a voxel set is wound outward whatever its cells', () => {
    // An L of 3 cells: volume 3, centroid the mean of the cell centres.
    const l = exactOf(
      voxelSurface([
        [0, 0, 0],
        [1, 0, 0],
        [0, 1, 0],
      ]),
    );
    expect(l.volume.equals(new Fraction(3n))).toBe(true);
    expect(l.centerOfMass.map((x) => x.toString())).toEqual(['5/6', '5/6', '1/2']);
  });

  test('the closed polygon prism has the volume of its n-gon times its height', () => {
    const n = 32,
      r = 0.7,
      h = 1.3;
    const exact = exactOf(polygonPrism(n, r, h)).volume.toNumber();
    expect(Math.abs(exact - (n / 2) * r * r * Math.sin((2 * Math.PI) / n) * h)).toBeLessThanOrEqual(1e-14);
  });
});

// --- the table, exactly ----------------------------------------------------------------------

describe('the cases of the issue hold exactly', () => {
  test('a unit cube with 3 of its 12 triangles flipped has volume 1', () => {
    // Triangles 0 (0,4,6), 4 (0,1,5) and 8 (0,2,3) share only vertex 0, no edge: 3 × 3 inconsistent edges.
    const r = measure(flipTriangles(cube, [0, 4, 8]));
    expect(r.volume).toBe(1);
    expect(r.centerOfMass).toEqual([0.5, 0.5, 0.5]);
    expect(r.diagnostics.inconsistentEdges).toBe(9);
    expect(r.diagnostics.repairs).toEqual({ ...NO_REPAIRS, flippedTriangles: 3 });
  });

  test('a unit cube with one face missing has volume 1 (the hole is closed)', () => {
    const r = measure(withoutTriangles(cube, [10, 11])); // the face z = 1
    expect(r.volume).toBe(1);
    expect(r.centerOfMass).toEqual([0.5, 0.5, 0.5]);
    expect(r.diagnostics).toMatchObject({ closed: false, boundaryEdges: 4, holes: 1 });
    expect(r.diagnostics.repairs).toMatchObject({ ...NO_REPAIRS, cappedHoles: 1, capArea: expect.any(Number) });
  });

  test('a box 2³ with a 1³ box inside: hollow (7) wound inward, counted once (8) wound outward', () => {
    const outer = box([0, 0, 0], [2, 2, 2]),
      inner = box([0.5, 0.5, 0.5], [1.5, 1.5, 1.5]);
    const hollow = measure(concat(outer, flip(inner)));
    expect(hollow.volume).toBe(7);
    expect(hollow.diagnostics.repairs.cavities).toBe(1);
    const full = measure(concat(outer, inner));
    expect(full.volume).toBe(8);
    expect(full.diagnostics.repairs).toMatchObject({ cavities: 0, overlapVolume: 1 });
  });

  test('two disjoint unit cubes, one inside-out, have volume 2', () => {
    const r = measure(concat(cube, flip(box([3, 0, 0], [4, 1, 1]))));
    expect(r.volume).toBe(2);
    expect(r.diagnostics.repairs).toEqual({ ...NO_REPAIRS, invertedShells: 1 });
  });
});

// --- damaged meshes against the same meshes closed by hand, exactly -----------------------------------

describe('repaired meshes equal their hand-closed twins exactly', () => {
  test('a box with a face removed is the closed box', () => {
    const closed = box([0.5, -1, 2], [2, 0.25, 3.75]);
    const open = withoutTriangles(closed, [2, 3]); // the face x = max
    const r = measure(open);
    expectMatchesExact(r, exactOf(closed), 2);
    expect(r.diagnostics).toMatchObject({ triangles: 10, closed: false, boundaryEdges: 4, holes: 1, shells: 1 });
    // The cap is the missing face: 1.25 × 1.75; the surface as given is the other five faces.
    const given = areaOf(open);
    expect(given).toBeCloseTo(2 * (1.5 * 1.25 + 1.5 * 1.75) + 1.25 * 1.75, 14);
    expect(r.diagnostics.repairs).toEqual({ ...NO_REPAIRS, cappedHoles: 1, capArea: expect.any(Number) });
    expect(Math.abs(r.diagnostics.repairs.capArea - (1.25 * 1.75) / given)).toBeLessThanOrEqual(1e-15);
    // The solid measured is the closed box: its surface includes the cap.
    expect(Math.abs(r.surfaceArea - areaOf(closed))).toBeLessThanOrEqual(1e-14 * areaOf(closed));
  });

  test('an open-ended three.js-style prism is the prism with flat caps', () => {
    // Both ends of the side are planar loops (one y each), so a fan from any point of their plane,
    // the loop's mean included, covers exactly the n-gon: the exact answer is the closed prism's.
    const n = 32,
      r = 0.7,
      h = 1.3;
    const closed = polygonPrism(n, r, h);
    const open = polygonPrism(n, r, h, { top: false, bottom: false });
    const result = measure(open);
    expectMatchesExact(result, exactOf(closed), h);
    expect(result.diagnostics).toMatchObject({ closed: false, boundaryEdges: 2 * n, holes: 2, shells: 1 });
    // The seam column (θ = 2π) is two vertices a rounding away from column 0: the default weld joins them.
    expect(result.diagnostics.weldedVertices).toBe(2);
    expect(result.diagnostics.repairs).toEqual({ ...NO_REPAIRS, cappedHoles: 2, capArea: expect.any(Number) });
    const side = areaOf(closed, 0, 2 * n),
      caps = areaOf(closed, 2 * n);
    expect(Math.abs(result.diagnostics.repairs.capArea - caps / side)).toBeLessThanOrEqual(1e-14);
    expect(Math.abs(result.surfaceArea - (side + caps))).toBeLessThanOrEqual(1e-13 * (side + caps));
  });

  test('a UV sphere with its polar caps cut off is the sphere with flat caps', () => {
    // Dropping the triangles around each pole leaves the first and last rings as planar loops;
    // moving each pole into its ring's plane gives the same triangles as flat fans: the hand-closed twin.
    const sphere = uvSphere(1.5, 24, 12);
    const top = 0,
      bottom = sphere.positions.length / 3 - 1;
    const poleTriangles = [];
    for (let t = 0; t < triangleCount(sphere); ++t) {
      const v = [0, 1, 2].map((k) => sphere.indices[3 * t + k]);
      if (v.includes(top) || v.includes(bottom)) poleTriangles.push(t);
    }
    expect(poleTriangles.length).toBe(48);
    const cut = withoutTriangles(sphere, poleTriangles);
    const flat = Float64Array.from(sphere.positions);
    flat[3 * top + 1] = sphere.positions[3 * 1 + 1]; // ring 1 starts at vertex 1
    flat[3 * bottom + 1] = sphere.positions[3 * (bottom - 1) + 1]; // the last ring ends at bottom − 1
    const closed = { positions: flat, indices: sphere.indices };
    const r = measure(cut);
    expectMatchesExact(r, exactOf(closed), 3);
    expect(r.diagnostics).toMatchObject({ closed: false, boundaryEdges: 48, holes: 2, shells: 1 });
    expect(r.diagnostics.repairs).toMatchObject({ ...NO_REPAIRS, cappedHoles: 2, capArea: expect.any(Number) });
    const capArea = areaOf(closed) - areaOf(cut);
    expect(Math.abs(r.diagnostics.repairs.capArea - capArea / areaOf(cut))).toBeLessThanOrEqual(1e-13);
  });

  test('a genus-1 block with flipped and missing triangles is the clean block', () => {
    // Scaled and moved off the origin (every coordinate still exact): 2 triangles removed and 4
    // flipped, no two sharing a vertex, so 2 separate 3-edge holes and 4 × 3 inconsistent edges.
    const clean = mapPositions(genusOneBlock(), [0.25, 0, 0, 0, 0.25, 0, 0, 0, 0.25], [10, -3, 5]);
    const [hole1, hole2, ...flips] = apartTriangles(clean, 6, rng(7));
    const damaged = withoutTriangles(flipTriangles(clean, flips), [hole1, hole2]);
    const r = measure(damaged);
    expectMatchesExact(r, exactOf(clean), 0.75);
    expect(r.diagnostics).toMatchObject({
      triangles: 94,
      closed: false,
      boundaryEdges: 6,
      inconsistentEdges: 12,
      holes: 2,
      shells: 1,
      inverted: false,
    });
    expect(r.diagnostics.repairs).toMatchObject({
      ...NO_REPAIRS,
      flippedTriangles: 4,
      cappedHoles: 2,
      capArea: expect.any(Number),
    });
    // The same block given inside out, with those 4 triangles the only ones wound outward: the
    // shell is inverted as a whole and the 4 are its local flips.
    const inside = withoutTriangles(flipTriangles(flip(clean), flips), [hole1, hole2]);
    const s = measure(inside);
    expectMatchesExact(s, exactOf(clean), 0.75);
    expect(s.diagnostics.repairs).toMatchObject({
      invertedShells: 1,
      flippedTriangles: 4,
      cappedHoles: 2,
      cavities: 0,
    });
  });

  test.each([
    ['outward', (inner) => inner],
    ['inward', (inner) => flip(inner)],
  ])('a box inside a box wound %s: by winding number, counted once or a cavity', (how, wind) => {
    const outer = box([0, 0, 0], [2, 2, 2]);
    const inner = box([0.25, 0.5, 0.75], [1.25, 1.5, 1.75]); // off centre: a cavity moves the centre of mass
    const r = measure(concat(outer, wind(inner)));
    const cavity = how === 'inward';
    const exact = exactOf(cavity ? concat(outer, flip(inner)) : outer);
    expect(exact.volume.equals(new Fraction(cavity ? 7n : 8n))).toBe(true);
    expectMatchesExact(r, exact, 2);
    expect(r.diagnostics.repairs).toEqual({ ...NO_REPAIRS, cavities: cavity ? 1 : 0, overlapVolume: cavity ? 0 : 1 });
    expect(r.diagnostics.shells).toBe(2);
  });

  test('three nested cubes count by winding number, relative to the outer one', () => {
    const outer = box([0, 0, 0], [3, 3, 3]);
    const middle = box([0.25, 0.5, 0.75], [2.25, 2.5, 2.75]);
    const inner = box([1, 1, 1.25], [2, 2, 2.25]);
    // The solids the winding number allows: the outer cube; less the middle one; plus the inner.
    const outerOnly = exactOf(outer),
      lessMiddle = exactOf(concat(outer, flip(middle))),
      hollowed = exactOf(concat(outer, flip(middle), inner));
    expect(hollowed.volume.equals(new Fraction(20n))).toBe(true); // 27 − 8 + 1
    for (let mask = 0; mask < 8; ++mask) {
      const [o, m, i] = [outer, middle, inner].map((shell, k) => (mask & (1 << k) ? flip(shell) : shell));
      const r = measure(concat(o, m, i));
      // A mesh given inside-out as a whole (the outer cube inward) is turned outward, the nested
      // cubes with it; each nested one then adds its winding: +1 outward, -1 inward.
      const whole = mask & 1 ? -1 : 1;
      const mid = (mask & 2 ? -1 : 1) * whole,
        inn = (mask & 4 ? -1 : 1) * whole;
      const w = [1, 1 + mid, 1 + mid + inn]; // outside the middle cube, between, inside the inner
      const volumes = [19, 7, 1];
      const solid = mid > 0 ? outerOnly : inn > 0 ? hollowed : lessMiddle;
      expectMatchesExact(r, solid, 3);
      const counted = w.reduce((sum, x, k) => sum + x * volumes[k], 0);
      const once = w.reduce((sum, x, k) => sum + (x >= 1 ? volumes[k] : 0), 0);
      expect(r.diagnostics.repairs).toEqual({
        ...NO_REPAIRS,
        cavities: (mid < 0 ? 1 : 0) + (inn < 0 ? 1 : 0),
        invertedShells: mask & 1 ? 3 : 0,
        overlapVolume: Math.max(0, counted - once),
      });
    }
  });

  test('two disjoint cubes, one inside-out, are the two cubes', () => {
    const a = box([0, 0, 0], [1, 1, 1]),
      b = box([3, 0.5, -1], [4.5, 1, 1]);
    const r = measure(concat(a, flip(b)));
    expectMatchesExact(r, exactOf(concat(a, b)), 4.5);
    expect(r.diagnostics.repairs).toEqual({ ...NO_REPAIRS, invertedShells: 1 });
  });

  test('every face listed twice is measured once, the repeats counted', () => {
    const rotated = (mesh) => ({
      positions: mesh.positions,
      indices: mesh.indices.map((_, k, a) => a[k - (k % 3) + ((k + 1) % 3)]), // (a, b, c) → (b, c, a): same triangle
    });
    const listings = {
      'the same indices twice': {
        positions: cube.positions,
        indices: Uint32Array.from([...cube.indices, ...cube.indices]),
      },
      'the repeat starting at another corner': {
        positions: cube.positions,
        indices: Uint32Array.from([...cube.indices, ...rotated(cube).indices]),
      },
      'the repeat wound the other way': {
        positions: cube.positions,
        indices: Uint32Array.from([...cube.indices, ...flip(cube).indices]),
      },
      'the repeat on its own vertices': concat(cube, cube),
    };
    const exact = exactOf(cube);
    for (const [name, mesh] of Object.entries(listings)) {
      const r = measure(mesh);
      expect([name, r.volume]).toEqual([name, 1]);
      expectMatchesExact(r, exact, 1);
      expect([name, r.diagnostics.repairs]).toEqual([name, { ...NO_REPAIRS, duplicateTriangles: 12 }]);
      expect([name, r.surfaceArea]).toEqual([name, 6]);
    }
  });

  test('shells that cross are their union, the overlap counted once, and both are reported', () => {
    // [1.5, 2.5] × [0.5, 1.5]² sticks half out of [0, 2]³: the union is [0, 2]³ plus the half outside.
    const big = box([0, 0, 0], [2, 2, 2]),
      small = box([1.5, 0.5, 0.5], [2.5, 1.5, 1.5]);
    const r = measure(concat(big, small));
    expectMatchesExact(r, exactOf(concat(big, box([2, 0.5, 0.5], [2.5, 1.5, 1.5]))), 2.5);
    expect(r.volume).toBeCloseTo(8.5, 14);
    expect(r.diagnostics.repairs).toEqual({
      ...NO_REPAIRS,
      intersectingShells: 2,
      intersectingTriangles: r.diagnostics.repairs.intersectingTriangles,
      overlapVolume: r.diagnostics.repairs.overlapVolume,
    });
    expect(r.diagnostics.repairs.intersectingTriangles).toBeGreaterThan(0);
    expect(r.diagnostics.repairs.overlapVolume).toBeCloseTo(0.5, 14);
  });

  test('a flat surface encloses nothing: ZERO_VOLUME, pointing to the shell mode', () => {
    const square = {
      positions: new Float64Array([0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0]),
      indices: new Uint32Array([0, 1, 2, 0, 2, 3]),
    };
    expectMassPropertiesError(() => measure(square), 'ZERO_VOLUME', /mode 'shell'/);
    // The same sheet in shell mode: its area, 1.
    expect(measure(square, { mode: 'shell' }).mass).toBe(1);
  });
});

// --- input forms ---------------------------------------------------------------------------------

// A scene with every kind of repair, every coordinate exact in Float32: the genus-1 block with 2
// holes and 4 flipped triangles, a hollow box whose cavity is wound outward, and an inside-out cube.
function damagedScene() {
  const block = mapPositions(genusOneBlock(), [0.5, 0, 0, 0, 0.5, 0, 0, 0, 0.5], [-2, 1, 0.25]);
  const [h1, h2, ...flips] = apartTriangles(block, 6, rng(3));
  const damagedBlock = withoutTriangles(flipTriangles(block, flips), [h1, h2]);
  const outer = box([2, 0, 0], [4, 2, 2]),
    inner = box([2.5, 0.25, 0.75], [3.5, 1.25, 1.75]);
  const small = box([0, -2, 0], [0.5, -1.5, 1.5]);
  const parts = [damagedBlock, outer, flip(inner), flip(small)];
  // Where each shell's triangles are in the concatenation, to reverse whole shells.
  const ranges = [];
  let start = 0;
  for (const part of parts) {
    ranges.push([start, start + triangleCount(part)]);
    start += triangleCount(part);
  }
  return {
    mesh: concat(...parts),
    ranges,
    exact: exactOf(concat(block, outer, flip(inner), small)),
    size: 6,
    repairs: { ...NO_REPAIRS, flippedTriangles: 4, cappedHoles: 2, cavities: 1, invertedShells: 1 },
  };
}

describe('every input form gives the same repaired result', () => {
  test('Float32 and Float64 positions; Uint8, Uint16, Uint32 and no indices', () => {
    const { mesh, exact, size, repairs } = damagedScene();
    const vertices = mesh.positions.length / 3;
    expect(vertices).toBeLessThan(256); // Uint8 indices can hold it
    const soup = deindex(mesh);
    for (const Positions of [Float64Array, Float32Array]) {
      const forms = [
        ['Uint8', Positions.from(mesh.positions), Uint8Array.from(mesh.indices)],
        ['Uint16', Positions.from(mesh.positions), Uint16Array.from(mesh.indices)],
        ['Uint32', Positions.from(mesh.positions), Uint32Array.from(mesh.indices)],
        ['none', Positions.from(soup.positions), null],
        ['undefined', Positions.from(soup.positions), undefined],
      ];
      for (const [name, positions, indices] of forms) {
        const r = mp.mesh(positions, indices);
        expectMatchesExact(r, exact, size);
        expect([Positions.name, name, r.diagnostics.repairs]).toEqual([
          Positions.name,
          name,
          { ...repairs, capArea: expect.any(Number) },
        ]);
        // The soup has a copy of a vertex per corner: all but one per point are welded.
        const welded = indices ? 0 : mesh.indices.length - vertices;
        expect([Positions.name, name, r.diagnostics.weldedVertices]).toEqual([Positions.name, name, welded]);
        expect(mp.inspect(positions, indices)).toEqual(r.diagnostics);
      }
    }
  });
});

// --- invariances ---------------------------------------------------------------------------------------

describe('the repaired result does not depend on how the damage is written', () => {
  const scene = damagedScene();
  let baseline;
  beforeAll(() => {
    baseline = measure(scene.mesh);
    expectMatchesExact(baseline, scene.exact, scene.size);
  });

  // The outer box and the cavity in it are reversed together: reversing one alone changes the
  // solid (an inner shell wound like the outer one counts once with it instead of hollowing it).
  const reverseShells = (random) => {
    const list = [];
    const { ranges } = scene;
    for (const group of [[ranges[0]], [ranges[1], ranges[2]], [ranges[3]]])
      if (random() < 0.5) for (const [first, last] of group) for (let t = first; t < last; ++t) list.push(t);
    return flipTriangles(scene.mesh, list);
  };
  const edits = {
    'shuffling the triangles': (random) => shuffleTriangles(scene.mesh, random),
    'flipping random triangles': (random) => flipRandomTriangles(scene.mesh, random),
    'reversing whole shells': reverseShells,
    'splitting seams': (random) => splitSeams(scene.mesh, random),
    'renumbering the vertices': (random) => renumberVertices(scene.mesh, random),
    'all of them at once': (random) =>
      renumberVertices(
        splitSeams(shuffleTriangles(flipRandomTriangles(reverseShells(random), random), random), random),
        random,
      ),
  };

  test.each(Object.keys(edits))('%s', (name) => {
    for (let seed = 1; seed <= 4; ++seed) {
      const r = measure(edits[name](rng(100 * seed + name.length)));
      expectSameBody(r, baseline, scene.size);
      // What was closed and nested does not change with the writing.
      expect(r.diagnostics.repairs).toMatchObject({
        cappedHoles: 2,
        cavities: 1,
        duplicateTriangles: 0,
        openShells: 0,
        intersectingShells: 0,
      });
      expect(r.diagnostics.holes).toBe(2);
    }
  });
});

// --- options at the boundary --------------------------------------------------------------------------

describe('mesh options', () => {
  const { positions, indices } = cube;

  test('an unknown mode is refused, naming the allowed ones', () => {
    for (const mode of ['hull', 'Solid', 'SHELL', '', 'toString', '__proto__', 1, null, true, {}]) {
      expectMassPropertiesError(
        () => mp.mesh(positions, indices, { mode }),
        'INVALID_OPTIONS',
        /'solid'.*'shell'.*'convex'/,
      );
    }
  });

  test('thickness belongs to the shell mode only', () => {
    expectMassPropertiesError(() => mp.mesh(positions, indices, { thickness: 0.1 }), 'INVALID_OPTIONS', /thickness/);
    expectMassPropertiesError(
      () => mp.mesh(positions, indices, { mode: 'solid', thickness: 0.1 }),
      'INVALID_OPTIONS',
      /thickness/,
    );
    expectMassPropertiesError(
      () => mp.mesh(positions, indices, { mode: 'convex', thickness: 0.1 }),
      'INVALID_OPTIONS',
      /thickness/,
    );
  });

  test('a thickness must be a finite positive number', () => {
    for (const thickness of [-1, -0.01, NaN, Infinity, -Infinity]) {
      expectMassPropertiesError(
        () => mp.mesh(positions, indices, { mode: 'shell', thickness }),
        'INVALID_OPTIONS',
        /thickness/,
      );
    }
    for (const thickness of ['0.01', null, [0.01], { value: 0.01 }, 1n]) {
      expectMassPropertiesError(
        () => mp.mesh(positions, indices, { mode: 'shell', thickness }),
        'INVALID_OPTIONS',
        /thickness/,
      );
    }
  });

  test('a weld distance must be a finite number ≥ 0', () => {
    for (const weld of [
      -1,
      -1e-9,
      NaN,
      Infinity,
      { distance: -1 },
      { relative: -1e-6 },
      { relative: NaN },
      { distance: Infinity },
    ]) {
      expectMassPropertiesError(() => mp.mesh(positions, indices, { weld }), 'INVALID_OPTIONS', /weld/);
      expectMassPropertiesError(() => mp.inspect(positions, indices, { weld }), 'INVALID_OPTIONS', /weld/);
    }
    for (const weld of [{ distance: '1' }, { relative: null }]) {
      expectMassPropertiesError(() => mp.mesh(positions, indices, { weld }), 'INVALID_OPTIONS', /weld/);
    }
    // Not a number nor an object: refused too (the code says which).
    expect(() => mp.mesh(positions, indices, { weld: '0.001' })).toThrow(MassPropertiesError);
  });

  test('weld as a distance or { relative } is accepted and leaves a clean cube alone', () => {
    const plain = measure(cube);
    for (const weld of [0.001, 0, { relative: 1e-6 }, { distance: 0.001 }, { distance: 0.001, relative: 1e-6 }, {}]) {
      const r = mp.mesh(positions, indices, { weld });
      expect(r.volume).toBe(1);
      expect(r.inertia).toEqual(plain.inertia);
      expect(r.diagnostics.weldedVertices).toBe(0);
      expect(mp.inspect(positions, indices, { weld })).toEqual(r.diagnostics);
    }
  });

  test('misspelt keys are refused with the key that was meant', () => {
    expectMassPropertiesError(
      () => mp.mesh(positions, indices, { mode: 'shell', thicknes: 0.01 }),
      'INVALID_OPTIONS',
      /'thicknes'.*did you mean 'thickness'/,
    );
    expectMassPropertiesError(
      () => mp.mesh(positions, indices, { mdoe: 'shell' }),
      'INVALID_OPTIONS',
      /did you mean 'mode'/,
    );
    expectMassPropertiesError(
      () => mp.mesh(positions, indices, { wled: 0.001 }),
      'INVALID_OPTIONS',
      /did you mean 'weld'/,
    );
    expectMassPropertiesError(
      () => mp.mesh(positions, indices, { weld: { relativ: 1e-6 } }),
      'INVALID_OPTIONS',
      /did you mean 'relative'/,
    );
    expectMassPropertiesError(
      () => mp.inspect(positions, indices, { wedl: 0.001 }),
      'INVALID_OPTIONS',
      /did you mean 'weld'/,
    );
    // inspect reports the surface and what the solid repair would do: a mode means nothing to it.
    expectMassPropertiesError(() => mp.inspect(positions, indices, { mode: 'shell' }), 'INVALID_OPTIONS', /'mode'/);
  });

  test('the module still works after every refusal', () => {
    expect(measure(cube, { mode: 'shell', thickness: 0.5 }).mass).toBeCloseTo(3, 14);
    expect(measure(cube).volume).toBe(1);
  });
});

// --- shell mode ------------------------------------------------------------------------------------------

describe('shell mode puts the mass on the surface', () => {
  // Unit cube surface, areal density σ. Each face: mass σ, a unit square. About the x axis through
  // the centre: the faces x = 0, 1 spin about their own normal, σ(1 + 1)/12 = σ/6 each; the faces
  // y = 0, 1 and z = 0, 1 turn about an in-plane line, σ/12, shifted by 1/2, σ/4: σ/3 each.
  // I_xx = 2σ/6 + 4σ/3 = 5σ/3, the same about y and z; no products by symmetry.
  const expectCubeShell = (r, sigma) => {
    expect(Math.abs(r.mass - 6 * sigma)).toBeLessThanOrEqual(1e-14 * r.mass);
    r.centerOfMass.forEach((x) => expect(Math.abs(x - 0.5)).toBeLessThanOrEqual(1e-15));
    const want = [5 / 3, 0, 0, 0, 5 / 3, 0, 0, 0, 5 / 3].map((x) => sigma * x);
    r.inertia.forEach((x, i) => expect(Math.abs(x - want[i])).toBeLessThanOrEqual(1e-14 * sigma));
    r.principalMoments.forEach((x) => expect(Math.abs(x - (5 / 3) * sigma)).toBeLessThanOrEqual(1e-14 * sigma));
  };

  test('a unit cube of areal density 2: mass 12, "volume" its area 6, I = 2 · 5/3', () => {
    const r = measure(cube, { mode: 'shell', density: 2 });
    expect(r.volume).toBe(6);
    expect(r.density).toBe(2);
    expectCubeShell(r, 2);
  });

  test('with thickness 0.01 and density 1000: mass 60, volume 0.06', () => {
    const r = measure(cube, { mode: 'shell', density: 1000, thickness: 0.01 });
    expect(Math.abs(r.volume - 0.06)).toBeLessThanOrEqual(1e-16);
    expect(r.density).toBe(1000);
    expectCubeShell(r, 10); // areal density 1000 · 0.01
  });

  test('{ mass: 3 } spreads 3 over the area 6: density 1/2', () => {
    const r = measure(cube, { mode: 'shell', mass: 3 });
    expect(r.mass).toBe(3);
    expect(r.density).toBe(0.5);
    expectCubeShell(r, 0.5);
  });

  test('the surface is taken as given: an open box is not capped, winding does not matter', () => {
    // Five unit faces (z = 1 missing): mass 5; the four sides have their centres at z = 1/2 and
    // the floor at 0, so z̄ = (4 · 1/2) / 5 = 2/5.
    const open = withoutTriangles(cube, [10, 11]);
    const r = measure(flipTriangles(open, [0, 3, 7]), { mode: 'shell' });
    expect(r.mass).toBeCloseTo(5, 14);
    [0.5, 0.5, 0.4].forEach((x, i) => expect(Math.abs(r.centerOfMass[i] - x)).toBeLessThanOrEqual(1e-15));
    expectCubeShell(measure(flip(cube), { mode: 'shell' }), 1);
  });
});

// --- convex mode --------------------------------------------------------------------------------------------

describe('convex mode measures the solid hull of the vertices', () => {
  test('an L-shaped prism: the pentagonal prism over the hull of the L', () => {
    // The L [0,2]×[0,1] ∪ [0,1]×[0,2] (area 3): its hull is the square [0,2]² without the corner
    // triangle (2,1), (2,2), (1,2) of area 1/2: area 7/2. The centroid: (4·(1,1) − ½·(5/3,5/3)) / (7/2)
    // = (19/21, 19/21). Depth 1: volume 7/2, centre (19/21, 19/21, 1/2).
    const r = measure(lPrism(1, 1), { mode: 'convex' });
    const hull = prism(
      [
        [0, 0],
        [2, 0],
        [2, 1],
        [1, 2],
        [0, 2],
      ],
      0,
      1,
      [1, 1],
    );
    const exact = exactOf(hull);
    expect(exact.volume.toString()).toBe('7/2');
    expect(exact.centerOfMass.map(String)).toEqual(['19/21', '19/21', '1/2']);
    expectMatchesExact(r, exact, 2);
    // 10 extreme vertices (the two cap centres and the notch are not): a triangulated convex
    // polyhedron with V vertices has 2V − 4 triangles (Euler).
    expect(r.diagnostics.hullFaces).toBe(16);
  });

  test("an open cup's hull is the closed cup's", () => {
    const n = 24,
      r = 0.8,
      h = 1.1;
    const cup = polygonPrism(n, r, h, { top: false });
    const closed = polygonPrism(n, r, h);
    const exact = exactOf(closed); // a convex prism is its own hull
    const open = measure(cup, { mode: 'convex' });
    expectMatchesExact(open, exact, h);
    expectSameBody(open, measure(closed, { mode: 'convex' }), h);
  });

  test('winding, holes and repeats do not matter to the hull', () => {
    const messy = withoutTriangles(flipTriangles(cube, [1, 5, 9]), [10]);
    const r = measure(
      { positions: messy.positions, indices: Uint32Array.from([...messy.indices, ...messy.indices]) },
      { mode: 'convex' },
    );
    expectMatchesExact(r, exactOf(cube), 1);
  });
});

// --- the weld option --------------------------------------------------------------------------------------

describe('the weld option joins seams a hair apart', () => {
  // A three.js-style torus whose nu + nv + 1 seam copies are moved by 0.5e-7..1e-7 of its size in
  // every coordinate: far beyond the default weld (1e-12 of the size), well within 1e-6 of it.
  const R = 1,
    r = 0.3,
    nu = 24,
    nv = 12;
  const size = 2 * (R + r); // the largest side of the bounding box
  const random = rng(11);
  const jitter = () => [0, 1, 2].map(() => (random() < 0.5 ? -1 : 1) * (0.5 + 0.5 * random()) * 1e-7 * size);
  const { mesh: jittered, copies } = seamTorus(R, r, nu, nv, jitter);
  const exact = exactOf(torus(R, r, nu, nv)); // the same vertices without the seam copies

  test('the builder: an unjittered seam torus is the torus', () => {
    const { mesh } = seamTorus(R, r, nu, nv);
    expectMatchesExact(measure(mesh), exact, size);
    expect(copies).toBe(nu + nv + 1);
  });

  test('by default the jittered seams are open: cut along both seams, the torus is a disk', () => {
    const d = measure(jittered).diagnostics;
    // The disk's rim runs along both sides of both seams: 2 (nu + nv) edges in one loop.
    expect(d).toMatchObject({ closed: false, boundaryEdges: 2 * (nu + nv), holes: 1, weldedVertices: 0 });
    expect(d.repairs.cappedHoles).toBe(1);
  });

  test.each([
    ['{ relative: 1e-6 }', { relative: 1e-6 }],
    ['1e-6 of the size as a distance', 1e-6 * size],
    ['{ distance: 1e-6 of the size }', { distance: 1e-6 * size }],
  ])('with weld %s they close, the copies merged, the volume the torus’s', (_, weld) => {
    const res = measure(jittered, { weld });
    expect(res.diagnostics).toMatchObject({ closed: true, boundaryEdges: 0, holes: 0, weldedVertices: copies });
    expect(res.diagnostics.repairs).toEqual(NO_REPAIRS);
    expectMatchesExact(res, exact, size, 1e-6);
    expect(mp.inspect(jittered.positions, jittered.indices, { weld })).toEqual(res.diagnostics);
  });

  test('a weld smaller than the gaps leaves them open', () => {
    expect(measure(jittered, { weld: { relative: 1e-9 } }).diagnostics).toMatchObject({
      closed: false,
      weldedVertices: 0,
    });
  });

  test('weld: 0.001 closes a split-face cube whose corner copies are 1e-4 apart', () => {
    // 24 vertices, 4 per face (vertex 4f + j on face f), 3 copies of each corner. Face f moves by
    // f · 2e-5 along every axis: no two copies coincide, so every face is an island, yet all copies
    // of a corner are within 1e-4 of each other.
    const split = box([0, 0, 0], [1, 1, 1], { splitFaces: true });
    const moved = Float64Array.from(split.positions, (x, k) => x + Math.floor(k / 12) * 2e-5);
    const mesh = { positions: moved, indices: split.indices };
    // (Unwelded, each face capped is a flat pillow enclosing nothing: inspect, not mesh.)
    expect(mp.inspect(mesh.positions, mesh.indices)).toMatchObject({
      closed: false,
      boundaryEdges: 24,
      weldedVertices: 0,
    });
    const res = measure(mesh, { weld: 0.001 });
    expect(res.diagnostics).toMatchObject({ closed: true, boundaryEdges: 0, weldedVertices: 16 });
    expect(Math.abs(res.volume - 1)).toBeLessThanOrEqual(1e-3);
  });
});

// --- the intersections option ------------------------------------------------------------------------------

// The unit cube with its top face a fan about a centre vertex pulled down to (0.55, 0.4, −½): an
// inverted pyramid that dents the cube and pokes out below. The dent inside the cube is a
// frustum of sides (z + ½) / (3/2), z in [0, 1]: 13/27; below, the winding number is −1 (not
// solid). So the solid is 1 − 13/27 = 14/27, where the signed sum of the clean surface is 1 − ½.
function dentedCube() {
  const positions = [];
  for (let i = 0; i < 8; ++i) positions.push(i & 1, (i >> 1) & 1, (i >> 2) & 1);
  positions.push(0.55, 0.4, -0.5);
  const indices = [];
  for (const [a, b, c, d] of [
    [0, 2, 3, 1],
    [0, 1, 5, 4],
    [2, 6, 7, 3],
    [0, 4, 6, 2],
    [1, 3, 7, 5],
  ])
    indices.push(a, b, c, a, c, d);
  const top = [4, 5, 7, 6];
  for (let k = 0; k < 4; ++k) indices.push(top[k], top[(k + 1) % 4], 8);
  return { positions: Float64Array.from(positions), indices: Uint32Array.from(indices) };
}

describe('intersections: true finds a piece passing through itself', () => {
  test('the dented cube is 14/27 with it, the signed sum 1/2 without', () => {
    const mesh = dentedCube();
    expect(measure(mesh).volume).toBeCloseTo(0.5, 15);
    const r = measure(mesh, { intersections: true });
    expect(r.volume).toBeCloseTo(14 / 27, 14);
    expect(r.diagnostics.repairs).toMatchObject({ selfIntersectingShells: 1, intersectingShells: 0, overlapVolume: 0 });
    expect(r.diagnostics.repairs.intersectingTriangles).toBeGreaterThanOrEqual(5);
  });

  test('inspect reports it only when asked', () => {
    const mesh = dentedCube();
    expect(mp.inspect(mesh.positions, mesh.indices).repairs.selfIntersectingShells).toBe(0);
    expect(mp.inspect(mesh.positions, mesh.indices, { intersections: true }).repairs.selfIntersectingShells).toBe(1);
  });

  test('is a boolean, off by default, for the checked solid mode only', () => {
    const mesh = dentedCube();
    expect(mp.defaults.intersections).toBe(false);
    expectMassPropertiesError(() => measure(mesh, { intersections: 1 }), 'INVALID_OPTIONS', /intersections/);
    expectMassPropertiesError(
      () => measure(mesh, { intersections: true, check: false }),
      'INVALID_OPTIONS',
      /intersections/,
    );
    expectMassPropertiesError(
      () => measure(mesh, { intersections: true, mode: 'shell' }),
      'INVALID_OPTIONS',
      /intersections/,
    );
  });
});
