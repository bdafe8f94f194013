// Surface diagnostics: edge counts on meshes small enough to count by hand, seam copies welded by
// the rule documented at kWeldTolerance (cpp/include/mass_properties/mass_properties.h), three.js
// geometries, and the Stanford bunny (checked against a plain reference count written here: a Map
// of welded edges, nothing shared with the library); bodies without a mesh have none.
import { createRequire } from 'node:module';

import * as THREE from 'three';

import { init } from '../../js/index.js';
import { CLOSED_CUBE_DIAGNOSTICS, box, concat, deindex, flip } from './helpers/meshes.js';

const require = createRequire(import.meta.url);

let mp;
beforeAll(async () => {
  mp = await init();
});

// ---- meshes ----------------------------------------------------------------------------------------------

// The unit cube [0,1]^3 of the helper: vertex k is the corner (k & 1, k & 2, k & 4), so vertex 7 is
// (1, 1, 1); triangles 2f and 2f + 1 are face f in the order x = 0, x = 1, y = 0, y = 1, z = 0, z = 1:
//   0: (0, 4, 6)  1: (0, 6, 2)    x = 0        6: (2, 6, 7)  7: (2, 7, 3)    y = 1
//   2: (1, 3, 7)  3: (1, 7, 5)    x = 1        8: (0, 2, 3)  9: (0, 3, 1)    z = 0
//   4: (0, 1, 5)  5: (0, 5, 4)    y = 0       10: (4, 5, 7) 11: (4, 7, 6)    z = 1
const cube = box();
const splitCube = (min, max) => box(min, max, { splitFaces: true }); // 24 vertices, 4 per face
// The cube without its face z = 1 (triangles 10 and 11).
const openCube = () => ({ positions: cube.positions, indices: cube.indices.slice(0, 30) });
const withPositions = (mesh, extra) => Float64Array.from([...mesh.positions, ...extra]);
const withTriangles = (mesh, extra) => Uint32Array.from([...mesh.indices, ...extra]);

function geometryArrays(geometry) {
  return { positions: geometry.attributes.position.array, indices: geometry.index ? geometry.index.array : null };
}

// ---- a reference count, independent of the library --------------------------------------------------------

/**
 * Welds exactly equal coordinates (−0 = +0) and counts how triangles use every edge. The meshes
 * given to it have their copies exactly equal (or snapped to a grid first), where exact welding and
 * the library's tolerance agree.
 */
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

// The edge counts checked by hand here. The other fields (shells, holes, repairs) describe what the
// solid repair did and are tested with it; weldedVertices is checked where welding is the point.
const EDGE_FIELDS = [
  'triangles',
  'closed',
  'boundaryEdges',
  'nonManifoldEdges',
  'inconsistentEdges',
  'consistentWinding',
  'inverted',
  'degenerateTriangles',
];
const edgeCounts = (d) => Object.fromEntries(EDGE_FIELDS.map((k) => [k, d[k]]));
const CLOSED_CUBE_EDGES = edgeCounts(CLOSED_CUBE_DIAGNOSTICS);

// ---- hand-counted cases -----------------------------------------------------------------------------------

test('a closed cube has 18 edges, each used twice, once in each direction', () => {
  const r = mp.mesh(cube.positions, cube.indices);
  expect(r.diagnostics).toEqual(CLOSED_CUBE_DIAGNOSTICS);
  expect(mp.inspect(cube.positions, cube.indices)).toEqual(CLOSED_CUBE_DIAGNOSTICS);
  expect(referenceEdges(cube.positions, cube.indices)).toMatchObject({ closed: true, boundaryEdges: 0 });
});

test('removing the two triangles of one face leaves its 4 rim edges used once', () => {
  // The face z = 1 (triangles 10 and 11) goes; its diagonal 4–7 was used only by those two
  // triangles and disappears; the rim edges 4–5, 5–7, 7–6, 6–4 keep one triangle each (the sides).
  const open = openCube();
  const d = mp.inspect(open.positions, open.indices);
  expect(edgeCounts(d)).toEqual({
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
  expect(mp.mesh(open.positions, open.indices).diagnostics).toEqual(d);
});

test('an inside-out cube is reported inverted and measured as the cube', () => {
  const inside = flip(cube);
  const r = mp.mesh(inside.positions, inside.indices);
  expect(edgeCounts(r.diagnostics)).toEqual({ ...CLOSED_CUBE_EDGES, inverted: true });
  // Unit cube by hand: V = 1, center 1/2, I = diag(1/6) about the center.
  expect(r.volume).toBe(1);
  expect(r.mass).toBe(1);
  expect(r.centerOfMass).toEqual([0.5, 0.5, 0.5]);
  r.inertia.forEach((x, i) => close(x, i % 4 === 0 ? 1 / 6 : 0));
  expect(r.surfaceArea).toBe(6);
  // Same numbers as the outward cube.
  const outward = mp.mesh(cube.positions, cube.indices);
  r.inertia.forEach((x, i) => close(x, outward.inertia[i])); // (−0 and +0 alike)
  r.principalMoments.forEach((x, i) => close(x, outward.principalMoments[i]));
});

test('inspect of an inside-out cube says inverted, as mesh does', () => {
  // Both return the same Diagnostics type; an inverted mesh must not be reported as upright by one
  // of them.
  const inside = flip(cube);
  expect(mp.inspect(inside.positions, inside.indices)).toEqual(mp.mesh(inside.positions, inside.indices).diagnostics);
});

test('one flipped triangle makes its 3 edges run twice in the same direction', () => {
  // Triangle 4 (0, 1, 5) becomes (0, 5, 1). Its edges 0–1, 1–5, 5–0 are shared with triangles 9
  // (0, 3, 1), 3 (1, 7, 5) and 5 (0, 5, 4), which now run them the same way (1→0, 5→1, 0→5):
  // 3 inconsistent edges. Every edge is still used twice: closed.
  const indices = cube.indices.slice();
  [indices[13], indices[14]] = [indices[14], indices[13]];
  const d = mp.inspect(cube.positions, indices);
  expect(edgeCounts(d)).toEqual({ ...CLOSED_CUBE_EDGES, inconsistentEdges: 3, consistentWinding: false });
  expect(referenceEdges(cube.positions, indices)).toMatchObject({ inconsistentEdges: 3, closed: true });
  expect(mp.mesh(cube.positions, indices).diagnostics).toEqual(d);
});

test('two cubes sharing one edge use that edge 4 times', () => {
  // Cube A = [0,1]^3 and cube B = [1,2]×[1,2]×[0,1] touch along x = 1, y = 1, z ∈ [0,1]. After
  // welding the two shared corners, that edge has 2 triangles from A (faces x = 1 and y = 1) and 2
  // from B (faces x = 1 and y = 1 of B): one non-manifold edge, used 4 times (even: still closed),
  // twice in each direction (each closed cube runs it once each way). 18 + 18 − 1 = 35 edges.
  const { positions, indices } = concat(cube, box([1, 1, 0], [2, 2, 1]));
  const r = mp.mesh(positions, indices);
  expect(r.diagnostics.weldedVertices).toBe(2); // B's copies of (1, 1, 0) and (1, 1, 1)
  expect(edgeCounts(r.diagnostics)).toEqual({
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

test('three triangles on one edge are non-manifold, open, and not consistently wound', () => {
  // Fins around the edge A–B: each fin's two other edges are used once (6 boundary edges); A–B is
  // used 3 times: non-manifold, odd (open), and 3 uses cannot split evenly into both directions.
  const positions = new Float64Array([0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, -1, -1]);
  const indices = new Uint32Array([0, 1, 2, 0, 1, 3, 1, 0, 4]);
  expect(edgeCounts(mp.inspect(positions, indices))).toEqual({
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

test('a repeated index and three collinear points are counted as degenerate triangles', () => {
  // Cube + triangle (0, 0, 6) (repeated index: no edges at all) + a triangle on three collinear new
  // points (5,0,0), (6,0,0), (7,0,0) (zero area; its 3 edges are used once each).
  const positions = withPositions(cube, [5, 0, 0, 6, 0, 0, 7, 0, 0]);
  const indices = withTriangles(cube, [0, 0, 6, 8, 9, 10]);
  const d = mp.inspect(positions, indices);
  expect(edgeCounts(d)).toEqual({
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
  const r = mp.mesh(positions, indices);
  expect(r.diagnostics).toEqual(d);
  close(r.volume, 1);
  r.centerOfMass.forEach((x) => close(x, 0.5));
  // Two coincident vertices with distinct indices are welded too: a triangle on them is degenerate.
  const twin = withPositions(cube, [1, 1, 1]); // vertex 8 = vertex 7
  const d2 = mp.inspect(twin, withTriangles(cube, [7, 8, 0]));
  expect(d2.degenerateTriangles).toBe(1);
  expect(d2.weldedVertices).toBe(1);
  expect(d2.closed).toBe(true); // the collapsed triangle has no edges
});

// ---- welding ------------------------------------------------------------------------------------------------

// The rule: vertices closer than 1e-12 of the mesh's size (or 4 ulps of its largest coordinate)
// are one vertex, transitively. The split-face cube has every corner 3 times (once per face):
// unwelded, every face would be an island with 4 boundary edges, 24 in all; welded, its 24
// vertices are 8 and weldedVertices counts the 16 merged copies.
const WELDED_SPLIT_CUBE = { ...CLOSED_CUBE_DIAGNOSTICS, weldedVertices: 16 };
describe('welding seam copies', () => {
  // Split vertex 4 is corner 1 = (1, 0, 0) of face x = 1; vertices 6, 14, 22 are the copies of
  // corner 7 = (1, 1, 1) in the faces x = 1, y = 1, z = 1.
  const moveX = (mesh, vertex, x) => {
    const positions = mesh.positions.slice();
    positions[3 * vertex] = x;
    return positions;
  };

  test('a 24-vertex cube (4 vertices per face) is closed after welding', () => {
    const { positions, indices } = splitCube([0, 0, 0], [1, 1, 1]);
    expect(positions.length).toBe(72);
    const r = mp.mesh(positions, indices);
    expect(r.diagnostics).toEqual(WELDED_SPLIT_CUBE);
    expect(r.volume).toBe(1);
    expect(r.centerOfMass).toEqual([0.5, 0.5, 0.5]);
  });

  test('a copy one ulp or 1e-13 of the size off welds; 1e-10 or 1e-6 off is a real gap', () => {
    const m = splitCube([0, 0, 0], [1, 1, 1]);
    for (const x of [1 + Number.EPSILON, 1 - 1e-13, 1 + 1e-13]) {
      expect(mp.inspect(moveX(m, 4, x), m.indices)).toEqual(WELDED_SPLIT_CUBE);
    }
    // Moved apart, the copy's 2 rim edges at that corner (to corners 3 and 5) are alone, and so are
    // the edges 1–3 of face z = 0 and 1–5 of face y = 0 that they were paired with: 4 boundary edges.
    // A plate 1e-10 of its size thick must keep its two faces apart, so 1e-10 is a gap too.
    for (const x of [1 + 1e-10, 1 + 1e-6]) {
      const moved = moveX(m, 4, x);
      const d = mp.inspect(moved, m.indices);
      expect(d).toMatchObject({ closed: false, boundaryEdges: 4, weldedVertices: 15 });
      expect(referenceEdges(moved, m.indices)).toMatchObject({ boundaryEdges: 4 });
    }
  });

  test('welding is transitive: copies 0.75e-12 apart in a chain 1.5e-12 long are one vertex', () => {
    // The three copies of corner 7 at x = 1 − 0.75e-12, 1, 1 + 0.75e-12: the outer two are farther
    // apart than the tolerance, but each is within it of the middle one.
    const m = splitCube([0, 0, 0], [1, 1, 1]);
    const positions = m.positions.slice();
    positions[3 * 6] = 1 - 0.75e-12;
    positions[3 * 22] = 1 + 0.75e-12;
    expect(mp.inspect(positions, m.indices)).toEqual(WELDED_SPLIT_CUBE);
  });

  test('far from the origin, copies a few ulps of the coordinates apart weld', () => {
    // At 1e8 an ulp is 2^-26 ≈ 1.5e-8, far more than 1e-12 of this unit cube's size: rounding of
    // far coordinates must not open seams, while a gap of 1e-3 stays one.
    const m = splitCube([1e8, 1e8, 1e8], [1e8 + 1, 1e8 + 1, 1e8 + 1]);
    const oneUlp = 1e8 + 1 + 2 ** -26;
    expect(oneUlp).toBeGreaterThan(1e8 + 1);
    expect(mp.inspect(moveX(m, 4, oneUlp), m.indices)).toEqual(WELDED_SPLIT_CUBE);
    expect(mp.inspect(moveX(m, 4, 1e8 + 1 + 1e-3), m.indices)).toMatchObject({
      closed: false,
      boundaryEdges: 4,
      weldedVertices: 15,
    });
  });

  test('-0 and +0 are the same coordinate', () => {
    const positions = withPositions(cube, [-0, 0, -0]); // vertex 8 = vertex 0
    positions[1] = -0; // vertex 0 = (0, −0, 0)
    const indices = cube.indices.map((v) => (v === 0 ? 8 : v));
    indices[0] = 0; // triangle 0 keeps vertex 0, the others use its −0 twin
    expect(mp.inspect(positions, indices)).toEqual({ ...CLOSED_CUBE_DIAGNOSTICS, weldedVertices: 1 });
  });

  test('a non-indexed (STL-like) soup is welded like the indexed mesh', () => {
    const soup = deindex(cube).positions;
    expect(soup.length).toBe(108); // 36 corners, no shared vertex
    // 36 corners are 8 points: 28 copies welded.
    const r = mp.mesh(soup, null);
    expect(r.diagnostics).toEqual({ ...CLOSED_CUBE_DIAGNOSTICS, weldedVertices: 28 });
    expect(r.volume).toBe(1);
    expect(mp.mesh(new Float32Array(soup)).diagnostics).toEqual({ ...CLOSED_CUBE_DIAGNOSTICS, weldedVertices: 28 });
    // The open box as a soup: 4 boundary edges as before.
    expect(mp.inspect(deindex(openCube()).positions)).toMatchObject({ closed: false, boundaryEdges: 4, triangles: 10 });
    // Two cubes on an edge as a soup.
    const twoSoup = deindex(concat(cube, box([1, 1, 0], [2, 2, 1]))).positions;
    expect(mp.inspect(twoSoup)).toMatchObject({ closed: true, nonManifoldEdges: 1, boundaryEdges: 0 });
  });
});

// ---- the same diagnostics from every entry and array type ----------------------------------------------------

test('mp.inspect equals the diagnostics of mp.mesh', () => {
  const cases = [
    cube,
    openCube(),
    concat(cube, box([1, 1, 0], [2, 2, 1])),
    splitCube([0, 0, 0], [1, 1, 1]),
    { positions: withPositions(cube, [5, 0, 0, 6, 0, 0, 7, 0, 0]), indices: withTriangles(cube, [0, 0, 6, 8, 9, 10]) },
    geometryArrays(new THREE.TorusKnotGeometry(1, 0.3, 64, 8)),
  ];
  for (const { positions, indices } of cases) {
    expect(mp.inspect(positions, indices)).toEqual(mp.mesh(positions, indices).diagnostics);
  }
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

// ---- bodies without a mesh --------------------------------------------------------------------------------

describe('bodies without a mesh', () => {
  const shapes = () => [
    mp.box(1, 2, 3),
    mp.sphere(1),
    mp.ellipsoid(1, 2, 3),
    mp.cylinder(1, 2),
    mp.capsule(1, 2),
    mp.cone(1, 2),
  ];

  test('analytic shapes, and transforms and combinations of them, have diagnostics null', () => {
    // There is no surface to inspect: null rather than counts of zero triangles.
    for (const s of shapes()) expect(s.diagnostics).toBeNull();
    expect(mp.transform(mp.box(1, 2, 3), { position: [1, 2, 3], quaternion: [0, 0, 0.6, 0.8] }).diagnostics).toBeNull();
    expect(mp.combine(shapes()).diagnostics).toBeNull();
    expect(mp.combine([mp.box(2, 2, 2), { body: mp.sphere(0.5), subtract: true }]).diagnostics).toBeNull();
  });

  test('a measured mesh keeps its diagnostics through transform, and combine adds them up', () => {
    const r = mp.mesh(cube.positions, cube.indices);
    expect(mp.transform(r, { position: [5, 0, 0] }).diagnostics).toEqual(CLOSED_CUBE_DIAGNOSTICS);
    const open = openCube();
    const both = mp.combine([r, mp.transform(mp.mesh(open.positions, open.indices), { position: [3, 0, 0] })]);
    expect(edgeCounts(both.diagnostics)).toEqual({
      ...CLOSED_CUBE_EDGES,
      triangles: 22,
      closed: false,
      boundaryEdges: 4,
    });
  });
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
// axis): well within the library's weld tolerance, 1e-12 of the mesh's size. The second test
// counts edges independently after snapping coordinates to a 1e-8 grid: coarse enough to merge
// those seam copies, fine enough to keep every real vertex of these geometries apart.
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
    expect({ ...edgeCounts(d), inverted: undefined, degenerateTriangles: undefined }).toEqual({
      ...ref,
      inverted: undefined,
      degenerateTriangles: undefined,
    });
  });
});

test('IcosahedronGeometry is non-indexed and still welds to a closed 20-face solid', () => {
  const { positions, indices } = geometryArrays(new THREE.IcosahedronGeometry(1, 0));
  expect(indices).toBeNull();
  expect(positions.length).toBe(20 * 9);
  const d = mp.inspect(positions);
  expect(edgeCounts(d)).toEqual({ ...CLOSED_CUBE_EDGES, triangles: 20 });
  expect(d.weldedVertices).toBe(60 - 12); // 60 corners, 12 points
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
