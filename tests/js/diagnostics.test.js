// Surface diagnostics: edge counts on meshes small enough to count by hand, seams welded by exact
// coordinates, three.js geometries, and the Stanford bunny (checked against a plain reference
// count written here: a Map of welded edges, nothing shared with the library).
import { createRequire } from 'node:module';

import * as THREE from 'three';

import { init } from '../../js/index.js';
import { CLOSED_CUBE_DIAGNOSTICS } from './helpers/meshes.js';

const require = createRequire(import.meta.url);

let mp;
beforeAll(async () => {
  mp = await init();
});

// ---- meshes ----------------------------------------------------------------------------------------------

// Unit cube [0,1]^3, 8 vertices, 12 outward triangles (counter-clockwise seen from outside).
const CUBE_P = [0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0, 0, 0, 1, 1, 0, 1, 1, 1, 1, 0, 1, 1];
const CUBE_I = [
  0, 2, 1, 0, 3, 2, // z = 0
  4, 5, 6, 4, 6, 7, // z = 1
  0, 1, 5, 0, 5, 4, // y = 0
  1, 2, 6, 1, 6, 5, // x = 1
  2, 3, 7, 2, 7, 6, // y = 1
  3, 0, 4, 3, 4, 7, // x = 0
];

const f64 = (a) => new Float64Array(a);
const u32 = (a) => new Uint32Array(a);
const flip = (indices) => {
  const out = Array.from(indices);
  for (let t = 0; t < out.length; t += 3) [out[t + 1], out[t + 2]] = [out[t + 2], out[t + 1]];
  return out;
};
const translate = (positions, [dx, dy, dz]) => positions.map((x, k) => x + [dx, dy, dz][k % 3]);

// Every triangle with its own three vertices (an STL triangle soup).
function unindex(positions, indices) {
  const out = [];
  for (const v of indices) out.push(positions[3 * v], positions[3 * v + 1], positions[3 * v + 2]);
  return out;
}

// A cube built like three.js BoxGeometry: every face has its own 4 vertices (24 in all).
function cube24() {
  const positions = [];
  const indices = [];
  // Each face: an origin corner and two edge vectors u, v with u × v pointing outward.
  const faces = [
    [[1, 0, 0], [0, 1, 0], [0, 0, 1]], // x = 1: u = +y, v = +z, u × v = +x
    [[0, 0, 0], [0, 0, 1], [0, 1, 0]], // x = 0: u = +z, v = +y, u × v = −x
    [[0, 1, 0], [0, 0, 1], [1, 0, 0]], // y = 1: u = +z, v = +x, u × v = +y
    [[0, 0, 0], [1, 0, 0], [0, 0, 1]], // y = 0: u = +x, v = +z, u × v = −y
    [[0, 0, 1], [1, 0, 0], [0, 1, 0]], // z = 1: u = +x, v = +y, u × v = +z
    [[0, 0, 0], [0, 1, 0], [1, 0, 0]], // z = 0: u = +y, v = +x, u × v = −z
  ];
  for (const [o, u, v] of faces) {
    const base = positions.length / 3;
    for (const [a, b] of [[0, 0], [1, 0], [1, 1], [0, 1]]) {
      positions.push(o[0] + a * u[0] + b * v[0], o[1] + a * u[1] + b * v[1], o[2] + a * u[2] + b * v[2]);
    }
    indices.push(base, base + 1, base + 2, base, base + 2, base + 3);
  }
  return { positions, indices };
}

function geometryArrays(geometry) {
  return { positions: geometry.attributes.position.array, indices: geometry.index ? geometry.index.array : null };
}

// ---- a reference count, independent of the library --------------------------------------------------------

/** Welds exactly equal coordinates (−0 = +0) and counts how triangles use every edge. */
function referenceEdges(positions, indices) {
  const corners = indices ? indices.length : positions.length / 3;
  const key = (v) => [0, 1, 2].map((k) => String(positions[3 * v + k] + 0)).join(',');
  const weld = new Map();
  const id = (v) => {
    const k = key(v);
    if (!weld.has(k)) weld.set(k, weld.size);
    return weld.get(k);
  };
  const edges = new Map(); // "lo,hi" -> { n, forward }
  for (let t = 0; t < corners; t += 3) {
    const v = [0, 1, 2].map((k) => id(indices ? indices[t + k] : t + k));
    if (v[0] === v[1] || v[1] === v[2] || v[2] === v[0]) continue;
    for (let k = 0; k < 3; k++) {
      const a = v[k];
      const b = v[(k + 1) % 3];
      const e = `${Math.min(a, b)},${Math.max(a, b)}`;
      const entry = edges.get(e) ?? { n: 0, forward: 0 };
      entry.n += 1;
      entry.forward += a < b ? 1 : 0;
      edges.set(e, entry);
    }
  }
  let boundaryEdges = 0;
  let nonManifoldEdges = 0;
  let inconsistentEdges = 0;
  let odd = 0;
  for (const { n, forward } of edges.values()) {
    if (n === 1) boundaryEdges++;
    if (n > 2) nonManifoldEdges++;
    if (n % 2 === 1) odd++;
    if (n >= 2 && 2 * forward !== n) inconsistentEdges++;
  }
  return {
    triangles: corners / 3,
    closed: odd === 0,
    boundaryEdges,
    nonManifoldEdges,
    inconsistentEdges,
    consistentWinding: inconsistentEdges === 0,
  };
}

const close = (a, b, tol = 1e-14) => expect(Math.abs(a - b)).toBeLessThanOrEqual(tol);

// ---- hand-counted cases -----------------------------------------------------------------------------------

test('closed cube: 18 edges, each used twice, once in each direction', () => {
  const r = mp.mesh(f64(CUBE_P), u32(CUBE_I));
  expect(r.diagnostics).toEqual(CLOSED_CUBE_DIAGNOSTICS);
  expect(mp.inspect(f64(CUBE_P), u32(CUBE_I))).toEqual(CLOSED_CUBE_DIAGNOSTICS);
  expect(referenceEdges(CUBE_P, CUBE_I)).toMatchObject({ closed: true, boundaryEdges: 0 });
});

test('open box: removing the two triangles of one face leaves its 4 rim edges used once', () => {
  // The face z = 1 (triangles 2 and 3) goes; its diagonal 4–6 was used only by those two triangles
  // and disappears; the rim edges 4–5, 5–6, 6–7, 7–4 keep one triangle each (the side faces).
  const open = CUBE_I.slice(0, 6).concat(CUBE_I.slice(12));
  const d = mp.inspect(f64(CUBE_P), u32(open));
  expect(d).toEqual({
    triangles: 10,
    closed: false,
    boundaryEdges: 4,
    nonManifoldEdges: 0,
    inconsistentEdges: 0,
    consistentWinding: true,
    inverted: false,
    degenerateTriangles: 0,
  });
  // Measured anyway (the diagnostics say it is open); the diagnostics travel with the result.
  expect(mp.mesh(f64(CUBE_P), u32(open)).diagnostics).toEqual(d);
});

test('inside-out cube: inverted, but the volume, center and inertia of the cube', () => {
  const r = mp.mesh(f64(CUBE_P), u32(flip(CUBE_I)));
  expect(r.diagnostics).toEqual({ ...CLOSED_CUBE_DIAGNOSTICS, inverted: true });
  // Unit cube by hand: V = 1, center 1/2, I = diag(1/6) about the center.
  expect(r.volume).toBe(1);
  expect(r.mass).toBe(1);
  expect(r.centerOfMass).toEqual([0.5, 0.5, 0.5]);
  r.inertia.forEach((x, i) => close(x, i % 4 === 0 ? 1 / 6 : 0));
  expect(r.surfaceArea).toBe(6);
  // Same numbers as the outward cube.
  const outward = mp.mesh(f64(CUBE_P), u32(CUBE_I));
  r.inertia.forEach((x, i) => close(x, outward.inertia[i])); // (−0 and +0 alike)
  r.principalMoments.forEach((x, i) => close(x, outward.principalMoments[i]));
});

test('inspect of an inside-out cube says inverted, as mesh() does', () => {
  // Both return the same Diagnostics type; an inverted mesh must not be reported as upright by one
  // of them.
  expect(mp.inspect(f64(CUBE_P), u32(flip(CUBE_I)))).toEqual(mp.mesh(f64(CUBE_P), u32(flip(CUBE_I))).diagnostics);
});

test('one flipped triangle: its 3 edges are traversed twice in the same direction', () => {
  // Triangle 4 (0, 1, 5) becomes (0, 5, 1). Its edges 0–1, 1–5, 5–0 are each shared with one
  // unflipped neighbour (0–1 with triangle 0, 1–5 with triangle 7, 5–0 with triangle 5) that now runs
  // the same way: 3 inconsistent edges. Every edge is still used twice: closed.
  const one = CUBE_I.slice();
  [one[13], one[14]] = [one[14], one[13]];
  const d = mp.inspect(f64(CUBE_P), u32(one));
  expect(d).toEqual({ ...CLOSED_CUBE_DIAGNOSTICS, inconsistentEdges: 3, consistentWinding: false });
  expect(referenceEdges(CUBE_P, one)).toMatchObject({ inconsistentEdges: 3, closed: true });
  expect(mp.mesh(f64(CUBE_P), u32(one)).diagnostics).toEqual(d);
});

test('two cubes sharing one edge: that edge is used by 4 triangles', () => {
  // Cube A = [0,1]^3 and cube B = [1,2]×[1,2]×[0,1] touch along x = 1, y = 1, z ∈ [0,1]. After
  // welding the two shared corners, that edge has 2 triangles from A (faces x = 1 and y = 1) and 2
  // from B (faces x = 1 and y = 1 of B): one non-manifold edge, used 4 times (even: still closed),
  // twice in each direction (each closed cube runs it once each way). 18 + 18 − 1 = 35 edges.
  const positions = CUBE_P.concat(translate(CUBE_P, [1, 1, 0]));
  const indices = CUBE_I.concat(CUBE_I.map((v) => v + 8));
  const r = mp.mesh(f64(positions), u32(indices));
  expect(r.diagnostics).toEqual({
    triangles: 24,
    closed: true,
    boundaryEdges: 0,
    nonManifoldEdges: 1,
    inconsistentEdges: 0,
    consistentWinding: true,
    inverted: false,
    degenerateTriangles: 0,
  });
  expect(referenceEdges(positions, indices)).toMatchObject({ nonManifoldEdges: 1, closed: true });
  // Mass properties by hand: V = 2, center (1, 1, 1/2). Each cube has 1/6 about its own center,
  // which sits at (∓1/2, ∓1/2, 0) from the common one: I_xx = 2 (1/6 + 1/4) = 5/6 = I_yy,
  // I_zz = 2 (1/6 + 1/2) = 4/3, I_xy = −Σ m dx dy = −2 (1/4) = −1/2, I_xz = I_yz = 0.
  expect(r.volume).toBe(2);
  r.centerOfMass.forEach((x, i) => close(x, [1, 1, 0.5][i]));
  const want = [5 / 6, -1 / 2, 0, -1 / 2, 5 / 6, 0, 0, 0, 4 / 3];
  r.inertia.forEach((x, i) => close(x, want[i], 1e-13));
});

test('three triangles on one edge: non-manifold, open, and not consistently wound', () => {
  // Fins around the edge A–B: each fin's two other edges are used once (6 boundary edges); A–B is
  // used 3 times: non-manifold, odd (open), and 3 uses cannot split evenly into both directions.
  const positions = [0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, -1, -1];
  const indices = [0, 1, 2, 0, 1, 3, 1, 0, 4];
  expect(mp.inspect(f64(positions), u32(indices))).toEqual({
    triangles: 3,
    closed: false,
    boundaryEdges: 6,
    nonManifoldEdges: 1,
    inconsistentEdges: 1,
    consistentWinding: false,
    inverted: false,
    degenerateTriangles: 0,
  });
});

test('degenerate triangles: a repeated index and three collinear points are counted', () => {
  // Cube + triangle (0, 0, 6) (repeated index: no edges at all) + a triangle on three collinear new
  // points (5,0,0), (6,0,0), (7,0,0) (zero area; its 3 edges are used once each).
  const positions = CUBE_P.concat([5, 0, 0, 6, 0, 0, 7, 0, 0]);
  const indices = CUBE_I.concat([0, 0, 6, 8, 9, 10]);
  const d = mp.inspect(f64(positions), u32(indices));
  expect(d).toEqual({
    triangles: 14,
    closed: false,
    boundaryEdges: 3,
    nonManifoldEdges: 0,
    inconsistentEdges: 0,
    consistentWinding: true,
    inverted: false,
    degenerateTriangles: 2,
  });
  // Flat triangles add no volume: still the unit cube.
  const r = mp.mesh(f64(positions), u32(indices));
  expect(r.diagnostics).toEqual(d);
  close(r.volume, 1);
  r.centerOfMass.forEach((x) => close(x, 0.5));
  // Two coincident vertices with distinct indices are welded too: a triangle on them is degenerate.
  const welded = CUBE_P.concat([1, 1, 1]); // vertex 8 = vertex 6
  const d2 = mp.inspect(f64(welded), u32(CUBE_I.concat([6, 8, 0])));
  expect(d2.degenerateTriangles).toBe(1);
  expect(d2.closed).toBe(true); // the collapsed triangle has no edges
});

test('seam duplicates: a 24-vertex cube (4 vertices per face) is closed after welding', () => {
  const { positions, indices } = cube24();
  expect(positions.length).toBe(72);
  const r = mp.mesh(f64(positions), u32(indices));
  expect(r.diagnostics).toEqual(CLOSED_CUBE_DIAGNOSTICS);
  expect(r.volume).toBe(1);
  expect(r.centerOfMass).toEqual([0.5, 0.5, 0.5]);
  // Without welding every face would be an island with 4 boundary edges: 24. A copy one ulp off
  // is rounding and still welds; moved by 1e-6 of the size it is a real gap there: 2 rim edges of
  // that face copy are now alone on the moved vertex and 2 edges of its neighbours lose their partner.
  const nudged = positions.slice();
  nudged[0] = 1 + Number.EPSILON; // vertex 0 = (1,0,0) of face x = 1 becomes (1+ε, 0, 0)
  expect(mp.inspect(f64(nudged), u32(indices)).closed).toBe(true);
  const moved = positions.slice();
  moved[0] = 1 + 1e-6;
  const d = mp.inspect(f64(moved), u32(indices));
  expect(d.closed).toBe(false);
  expect(d.boundaryEdges).toBe(4);
  expect(referenceEdges(moved, indices)).toMatchObject({ boundaryEdges: 4 });
});

test('-0 and +0 are the same coordinate', () => {
  const positions = CUBE_P.slice();
  positions[1] = -0; // vertex 0 = (0, −0, 0)
  const extra = positions.concat([-0, 0, -0]); // vertex 8 = vertex 0
  const indices = CUBE_I.map((v) => (v === 0 ? 8 : v));
  indices[0] = 0; // triangle 0 keeps vertex 0, the others use its −0 twin
  expect(mp.inspect(f64(extra), u32(indices))).toEqual(CLOSED_CUBE_DIAGNOSTICS);
});

test('a non-indexed (STL-like) soup is welded like the indexed mesh', () => {
  const soup = unindex(CUBE_P, CUBE_I);
  expect(soup.length).toBe(108); // 36 corners, no shared vertex
  const r = mp.mesh(f64(soup), null);
  expect(r.diagnostics).toEqual(CLOSED_CUBE_DIAGNOSTICS);
  expect(r.volume).toBe(1);
  expect(mp.mesh(new Float32Array(soup)).diagnostics).toEqual(CLOSED_CUBE_DIAGNOSTICS);
  // The open box as a soup: 4 boundary edges as before.
  const open = CUBE_I.slice(0, 6).concat(CUBE_I.slice(12));
  expect(mp.inspect(f64(unindex(CUBE_P, open)))).toMatchObject({ closed: false, boundaryEdges: 4, triangles: 10 });
  // Two cubes on an edge as a soup.
  const two = CUBE_P.concat(translate(CUBE_P, [1, 1, 0]));
  const twoSoup = unindex(two, CUBE_I.concat(CUBE_I.map((v) => v + 8)));
  expect(mp.inspect(f64(twoSoup))).toMatchObject({ closed: true, nonManifoldEdges: 1, boundaryEdges: 0 });
});

test('mp.inspect equals the diagnostics of mp.mesh', () => {
  const cases = [
    [CUBE_P, CUBE_I],
    [CUBE_P, CUBE_I.slice(0, 6).concat(CUBE_I.slice(12))],
    [CUBE_P.concat(translate(CUBE_P, [1, 1, 0])), CUBE_I.concat(CUBE_I.map((v) => v + 8))],
    [cube24().positions, cube24().indices],
    [CUBE_P.concat([5, 0, 0, 6, 0, 0, 7, 0, 0]), CUBE_I.concat([0, 0, 6, 8, 9, 10])],
  ];
  for (const [p, i] of cases) {
    expect(mp.inspect(f64(p), u32(i))).toEqual(mp.mesh(f64(p), u32(i)).diagnostics);
  }
  const knot = geometryArrays(new THREE.TorusKnotGeometry(1, 0.3, 64, 8));
  expect(mp.inspect(knot.positions, knot.indices)).toEqual(mp.mesh(knot.positions, knot.indices).diagnostics);
});

test('Uint16 and Uint32 indices, Float32 and Float64 positions agree', () => {
  const { positions, indices } = geometryArrays(new THREE.TorusKnotGeometry(1, 0.4, 96, 12));
  expect(indices).toBeInstanceOf(Uint16Array);
  const a = mp.mesh(positions, indices);
  const b = mp.mesh(positions, new Uint32Array(indices));
  expect(b).toEqual(a);
  expect(mp.inspect(positions, new Uint32Array(indices))).toEqual(mp.inspect(positions, indices));
  // Float64 copies of the same Float32 values are the same points.
  const c = mp.mesh(new Float64Array(positions), new Uint32Array(indices));
  expect(c.diagnostics).toEqual(a.diagnostics);
  close(c.volume, a.volume, 1e-12 * a.volume);
});

// ---- three.js geometries -----------------------------------------------------------------------------------

const THREE_GEOMETRIES = [
  ['BoxGeometry(1, 2, 3)', () => new THREE.BoxGeometry(1, 2, 3)],
  ['BoxGeometry(1, 2, 3, 4, 5, 6)', () => new THREE.BoxGeometry(1, 2, 3, 4, 5, 6)],
  ['SphereGeometry(1, 32, 16)', () => new THREE.SphereGeometry(1, 32, 16)],
  ['TorusKnotGeometry(1, 0.3, 128, 16)', () => new THREE.TorusKnotGeometry(1, 0.3, 128, 16)],
  ['CylinderGeometry(1, 1, 2, 32)', () => new THREE.CylinderGeometry(1, 1, 2, 32)],
  ['CapsuleGeometry(1, 2, 4, 8)', () => new THREE.CapsuleGeometry(1, 2, 4, 8)],
  ['ConeGeometry(1, 2, 32)', () => new THREE.ConeGeometry(1, 2, 32)],
  ['IcosahedronGeometry(1, 0)', () => new THREE.IcosahedronGeometry(1, 0)],
  ['IcosahedronGeometry(1, 3)', () => new THREE.IcosahedronGeometry(1, 3)],
];

// These are closed solids; seams with duplicated vertices must not count as open. three.js
// computes the last column of a seam at φ = 2π, so those duplicates sit at r·sin(2π) ≈ −2.4e-16·r
// instead of 0 (and CapsuleGeometry's top pole ring at r·cos(π/2) ≈ 6.1e-17·r instead of the
// axis): the library welds vertices closer than ~1e-9 of the mesh's size. The second test counts
// edges independently after snapping coordinates to a grid of that order (1e-8 here).
describe.each(THREE_GEOMETRIES)('three.js %s', (name, make) => {
  test('is reported closed and consistently wound, not inverted', () => {
    const { positions, indices } = geometryArrays(make());
    const d = mp.mesh(positions, indices).diagnostics;
    expect({
      closed: d.closed,
      boundaryEdges: d.boundaryEdges,
      nonManifoldEdges: d.nonManifoldEdges,
      consistentWinding: d.consistentWinding,
      inverted: d.inverted,
    }).toEqual({ closed: true, boundaryEdges: 0, nonManifoldEdges: 0, consistentWinding: true, inverted: false });
  });

  test('edge counts agree with a reference count after snapping seam copies together', () => {
    const { positions, indices } = geometryArrays(make());
    const d = mp.inspect(positions, indices);
    const snapped = positions.map((x) => Math.round(x * 1e8) / 1e8 + 0);
    const ref = referenceEdges(snapped, indices);
    expect({ ...d, inverted: undefined, degenerateTriangles: undefined }).toEqual({ ...ref, inverted: undefined, degenerateTriangles: undefined });
  });
});

test('IcosahedronGeometry is non-indexed and still welds to a closed 20-face solid', () => {
  const { positions, indices } = geometryArrays(new THREE.IcosahedronGeometry(1, 0));
  expect(indices).toBeNull();
  expect(positions.length).toBe(20 * 9);
  const d = mp.inspect(positions);
  expect(d).toEqual({ ...CLOSED_CUBE_DIAGNOSTICS, triangles: 20 });
});

// ---- the Stanford bunny --------------------------------------------------------------------------------------

// The `bunny` package holds a reduced, hole-free bunny: by plain counting over its cells (no welding
// needed: its 1839 positions are all distinct), each of its 5511 edges is used by exactly 2 of its
// 3674 triangles, and V − E + F = 1839 − 5511 + 3674 = 2 (a sphere-like closed surface). So the
// package's bunny is closed; cutting triangles out of it opens it.
function bunnyMesh() {
  const bunny = require('bunny');
  return { bunny, positions: new Float64Array(bunny.positions.flat()), cells: bunny.cells };
}

test('the Stanford bunny from the bunny package is closed (counted independently)', () => {
  const { bunny, positions, cells } = bunnyMesh();
  const uses = new Map();
  for (const c of cells) {
    for (let k = 0; k < 3; k++) {
      const a = c[k];
      const b = c[(k + 1) % 3];
      const e = `${Math.min(a, b)},${Math.max(a, b)}`;
      uses.set(e, (uses.get(e) ?? 0) + 1);
    }
  }
  expect(new Set(bunny.positions.map((p) => p.join(','))).size).toBe(bunny.positions.length);
  expect([...uses.values()].every((n) => n === 2)).toBe(true);
  expect(bunny.positions.length - uses.size + cells.length).toBe(2);

  const indices = new Uint32Array(cells.flat());
  const d = mp.inspect(positions, indices);
  const ref = referenceEdges(positions, indices);
  expect(d).toMatchObject({ ...ref, triangles: 3674, closed: true, boundaryEdges: 0 });
  const r = mp.mesh(positions, indices);
  expect(r.diagnostics).toEqual(d);
  expect(r.volume).toBeGreaterThan(0);
});

test('the bunny with triangles cut out is reported open with the right boundary', () => {
  const { positions, cells } = bunnyMesh();
  // One triangle removed: its 3 edges lose their partner.
  const minusOne = new Uint32Array(cells.slice(1).flat());
  const d1 = mp.inspect(positions, minusOne);
  expect(d1).toMatchObject({ triangles: 3673, closed: false, boundaryEdges: 3, nonManifoldEdges: 0 });
  // Two triangles sharing an edge removed: the shared edge is gone, the other 4 become boundary.
  const [a, b] = [cells[0][0], cells[0][1]];
  const neighbour = cells.findIndex((c, t) => t > 0 && c.includes(a) && c.includes(b));
  expect(neighbour).toBeGreaterThan(0);
  const minusTwo = new Uint32Array(cells.filter((_, t) => t !== 0 && t !== neighbour).flat());
  const d2 = mp.inspect(positions, minusTwo);
  expect(d2).toMatchObject({ triangles: 3672, closed: false, boundaryEdges: 4 });
  expect(referenceEdges(positions, minusTwo).boundaryEdges).toBe(4);
  // Measured anyway; the result carries the same open diagnostics.
  expect(mp.mesh(positions, minusTwo).diagnostics).toMatchObject({ closed: false, boundaryEdges: 4 });
});
