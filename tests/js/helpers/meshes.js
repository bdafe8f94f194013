// Mesh builders for the tests. A mesh is { positions: Float64Array, indices: Uint32Array | null }.
// Every builder is wound outward by construction (checked in the tests with exact arithmetic),
// has no duplicate vertices unless asked for (the non-indexed form, a box with split faces), and
// is closed.

// The faces of a box as quads (p, q, r, s) of corner numbers, counter-clockwise seen from
// outside; corner k has the coordinate bits (x, y, z) = (k & 1, k & 2, k & 4).
const BOX_FACES = [
  [0, 4, 6, 2], // x = min, normal −x
  [1, 3, 7, 5], // x = max, normal +x
  [0, 1, 5, 4], // y = min, normal −y
  [2, 6, 7, 3], // y = max, normal +y
  [0, 2, 3, 1], // z = min, normal −z
  [4, 5, 7, 6], // z = max, normal +z
];

/**
 * Axis-aligned box between corners `min` and `max`, outward winding, 12 triangles: the one box
 * (and cube) builder of the JS tests. Vertex k is the corner whose x is max if k & 1, y if k & 2,
 * z if k & 4 (so vertex 0 is `min`, vertex 7 is `max`); triangles 2f and 2f + 1 are face f of
 * BOX_FACES, split as (p, q, r), (p, r, s).
 * With { splitFaces: true } every face has its own 4 vertices (24 in all, vertex 4f + j being
 * corner j of face f), as three.js BoxGeometry writes them: a seam of duplicates on every edge.
 */
export function box(min = [0, 0, 0], max = [1, 1, 1], { splitFaces = false } = {}) {
  const corner = (k) => [k & 1 ? max[0] : min[0], k & 2 ? max[1] : min[1], k & 4 ? max[2] : min[2]];
  const positions = [];
  const indices = [];
  if (splitFaces) {
    BOX_FACES.forEach((quad, f) => {
      for (const k of quad) positions.push(...corner(k));
      indices.push(4 * f, 4 * f + 1, 4 * f + 2, 4 * f, 4 * f + 2, 4 * f + 3);
    });
  } else {
    for (let k = 0; k < 8; ++k) positions.push(...corner(k));
    for (const [p, q, r, s] of BOX_FACES) indices.push(p, q, r, p, r, s);
  }
  return { positions: new Float64Array(positions), indices: new Uint32Array(indices) };
}

/** Box of size (w, h, d) centered at `center`. */
export function centeredBox(w, h, d, center = [0, 0, 0]) {
  return box(
    [center[0] - w / 2, center[1] - h / 2, center[2] - d / 2],
    [center[0] + w / 2, center[1] + h / 2, center[2] + d / 2],
  );
}

/**
 * Torus around the z axis: major radius R, minor radius r, nu segments around z, nv around the tube.
 * Genus 1, nu·nv vertices (the grid wraps in both directions, no seam duplicates), 2·nu·nv triangles.
 */
export function torus(R, r, nu, nv, PositionArray = Float64Array) {
  const positions = new PositionArray(nu * nv * 3);
  for (let i = 0, p = 0; i < nu; ++i) {
    const u = (2 * Math.PI * i) / nu;
    for (let j = 0; j < nv; ++j) {
      const v = (2 * Math.PI * j) / nv;
      const rho = R + r * Math.cos(v);
      positions[p++] = rho * Math.cos(u);
      positions[p++] = rho * Math.sin(u);
      positions[p++] = r * Math.sin(v);
    }
  }
  const at = (i, j) => (i % nu) * nv + (j % nv);
  const indices = new Uint32Array(nu * nv * 6);
  // ∂/∂u × ∂/∂v points outward, so (i,j) → (i+1,j) → (i+1,j+1) is counter-clockwise from outside.
  for (let i = 0, k = 0; i < nu; ++i) {
    for (let j = 0; j < nv; ++j, k += 6) {
      indices.set([at(i, j), at(i + 1, j), at(i + 1, j + 1), at(i, j), at(i + 1, j + 1), at(i, j + 1)], k);
    }
  }
  return { positions, indices };
}

/**
 * Right prism over a simple polygon (counter-clockwise in xy) that is star-shaped with respect to
 * `center` (each cap is a fan around an added center vertex), from z = z0 to z = z1 > z0.
 */
export function prism(polygon, z0, z1, center) {
  const n = polygon.length;
  const positions = [];
  for (const [x, y] of polygon) positions.push(x, y, z0);
  for (const [x, y] of polygon) positions.push(x, y, z1);
  positions.push(center[0], center[1], z0, center[0], center[1], z1);
  const bottomCenter = 2 * n,
    topCenter = 2 * n + 1;
  const indices = [];
  for (let i = 0; i < n; ++i) {
    const j = (i + 1) % n;
    indices.push(bottomCenter, j, i); // bottom cap, normal −z
    indices.push(topCenter, n + i, n + j); // top cap, normal +z
    // side: the polygon runs counter-clockwise, so its outward normal is (dy, −dx)
    indices.push(i, j, n + j, i, n + j, n + i);
  }
  return { positions: new Float64Array(positions), indices: new Uint32Array(indices) };
}

/** Non-convex L-shaped prism: the L [0,2]×[0,1] ∪ [0,1]×[0,2] (scaled by `size`), z in [0, depth]. */
export function lPrism(size = 1, depth = 1) {
  const s = size;
  const polygon = [
    [0, 0],
    [2 * s, 0],
    [2 * s, s],
    [s, s],
    [s, 2 * s],
    [0, 2 * s],
  ];
  return prism(polygon, 0, depth, [s / 2, s / 2]);
}

/** Non-convex star prism: `points` tips at radius `outer`, notches at `inner`, z in [z0, z1]. */
export function starPrism(points, outer, inner, z0 = 0, z1 = 1) {
  const polygon = [];
  for (let k = 0; k < 2 * points; ++k) {
    const a = (Math.PI * k) / points;
    const r = k % 2 === 0 ? outer : inner;
    polygon.push([r * Math.cos(a), r * Math.sin(a)]);
  }
  return prism(polygon, z0, z1, [0, 0]);
}

/** Tetrahedron on four points, wound outward whatever their order (orientation from a float determinant). */
export function tetrahedron(a, b, c, d) {
  const e1 = sub(b, a),
    e2 = sub(c, a),
    e3 = sub(d, a);
  const det = dot(e1, cross(e2, e3));
  if (det === 0) throw new RangeError('flat tetrahedron');
  // Order (a, p, q, d) so that det[p−a, q−a, d−a] > 0; then the face (a, p, q) faces d (inward),
  // and the outward faces are (a, q, p), (a, p, d), (a, d, q), (p, q, d).
  const [p, q] = det > 0 ? [b, c] : [c, b];
  const positions = new Float64Array([...a, ...p, ...q, ...d]);
  const indices = new Uint32Array([0, 2, 1, 0, 1, 3, 0, 3, 2, 1, 2, 3]);
  return { positions, indices };
}

/**
 * Surface of revolution about the y axis from a profile [[rho, y], ...] that starts and ends on
 * the axis (rho = 0: single pole vertices) with rho > 0 in between; `segments` around the axis.
 */
export function revolve(profile, segments) {
  const last = profile.length - 1;
  if (profile[0][0] !== 0 || profile[last][0] !== 0) throw new RangeError('profile must start and end on the axis');
  const positions = [0, profile[0][1], 0];
  for (let k = 1; k < last; ++k) {
    const [rho, y] = profile[k];
    for (let i = 0; i < segments; ++i) {
      const phi = (2 * Math.PI * i) / segments;
      positions.push(rho * Math.sin(phi), y, rho * Math.cos(phi));
    }
  }
  positions.push(0, profile[last][1], 0);
  const top = 0,
    bottom = positions.length / 3 - 1;
  const ring = (k, i) => 1 + (k - 1) * segments + (i % segments);
  const indices = [];
  // With x = rho·sin(phi), z = rho·cos(phi), increasing phi turns from +z to +x: seen from +y that
  // is clockwise, so (top, ring i, ring i+1) faces outward.
  for (let i = 0; i < segments; ++i) {
    indices.push(top, ring(1, i), ring(1, i + 1));
    for (let k = 1; k < last - 1; ++k) {
      indices.push(ring(k, i), ring(k + 1, i), ring(k + 1, i + 1), ring(k, i), ring(k + 1, i + 1), ring(k, i + 1));
    }
    indices.push(bottom, ring(last - 1, i + 1), ring(last - 1, i));
  }
  return { positions: new Float64Array(positions), indices: new Uint32Array(indices) };
}

/** UV sphere of radius r (poles on y, as three.js SphereGeometry). */
export function uvSphere(r, segments, rings) {
  const profile = [];
  for (let k = 0; k <= rings; ++k) {
    const theta = (Math.PI * k) / rings;
    profile.push([k === 0 || k === rings ? 0 : r * Math.sin(theta), r * Math.cos(theta)]);
  }
  return revolve(profile, segments);
}

/** Cylinder mesh (a regular prism inscribed in the circle), axis y, centered (three.js CylinderGeometry). */
export function cylinderMesh(r, h, segments) {
  return revolve(
    [
      [0, h / 2],
      [r, h / 2],
      [r, -h / 2],
      [0, -h / 2],
    ],
    segments,
  );
}

/** Cone mesh, apex at +h/2, base at −h/2 (three.js ConeGeometry). */
export function coneMesh(r, h, segments) {
  return revolve(
    [
      [0, h / 2],
      [r, -h / 2],
      [0, -h / 2],
    ],
    segments,
  );
}

/** Capsule mesh: straight part `length` along y plus hemispheres of radius r (three.js CapsuleGeometry). */
export function capsuleMesh(r, length, segments, capRings) {
  const profile = [[0, length / 2 + r]];
  for (let k = 1; k <= capRings; ++k) {
    const theta = (Math.PI / 2) * (k / capRings);
    profile.push([r * Math.sin(theta), length / 2 + r * Math.cos(theta)]);
  }
  for (let k = capRings; k >= 1; --k) {
    const theta = (Math.PI / 2) * (k / capRings);
    profile.push([r * Math.sin(theta), -length / 2 - r * Math.cos(theta)]);
  }
  profile.push([0, -length / 2 - r]);
  return revolve(profile, segments);
}

/** Several meshes as one (disjoint bodies in one index space). */
export function concat(...meshes) {
  const positions = [];
  const indices = [];
  for (const m of meshes) {
    const base = positions.length / 3;
    positions.push(...m.positions);
    const own = m.indices ?? Array.from({ length: m.positions.length / 3 }, (_, k) => k);
    for (const i of own) indices.push(base + i);
  }
  return { positions: new Float64Array(positions), indices: new Uint32Array(indices) };
}

/** The same triangles with every triangle's winding reversed (normals flipped). */
export function flip(mesh) {
  const indices = Uint32Array.from(mesh.indices);
  for (let t = 0; t < indices.length; t += 3) [indices[t + 1], indices[t + 2]] = [indices[t + 2], indices[t + 1]];
  return { positions: mesh.positions, indices };
}

/** Non-indexed form: three consecutive vertices per triangle. */
export function deindex(mesh) {
  const positions = new Float64Array(mesh.indices.length * 3);
  mesh.indices.forEach((v, k) => positions.set(mesh.positions.subarray(3 * v, 3 * v + 3), 3 * k));
  return { positions, indices: null };
}

/** Positions mapped by x → M·x + t (M row-major 3×3; default identity), rounded to doubles. */
export function mapPositions(mesh, M = [1, 0, 0, 0, 1, 0, 0, 0, 1], t = [0, 0, 0]) {
  const p = mesh.positions;
  const out = new Float64Array(p.length);
  for (let k = 0; k < p.length; k += 3) {
    const x = p[k],
      y = p[k + 1],
      z = p[k + 2];
    out[k] = M[0] * x + M[1] * y + M[2] * z + t[0];
    out[k + 1] = M[3] * x + M[4] * y + M[5] * z + t[1];
    out[k + 2] = M[6] * x + M[7] * y + M[8] * z + t[2];
  }
  return { positions: out, indices: mesh.indices };
}

export const translate = (mesh, t) => mapPositions(mesh, undefined, t);
export const rotate = (mesh, R) => mapPositions(mesh, R);
export const scale = (mesh, s) =>
  mapPositions(mesh, typeof s === 'number' ? [s, 0, 0, 0, s, 0, 0, 0, s] : [s[0], 0, 0, 0, s[1], 0, 0, 0, s[2]]);

/** Float32 positions (each coordinate rounded with Math.fround). */
export function toFloat32(mesh) {
  return { positions: Float32Array.from(mesh.positions), indices: mesh.indices };
}

// --- rotations ---------------------------------------------------------------------------------

/** Deterministic PRNG in [0, 1) (mulberry32). */
export function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Rotation matrix (row-major) of a unit quaternion [x, y, z, w] (same convention as three.js). */
export function quaternionToMatrix([x, y, z, w]) {
  return [
    1 - 2 * (y * y + z * z),
    2 * (x * y - z * w),
    2 * (x * z + y * w),
    2 * (x * y + z * w),
    1 - 2 * (x * x + z * z),
    2 * (y * z - x * w),
    2 * (x * z - y * w),
    2 * (y * z + x * w),
    1 - 2 * (x * x + y * y),
  ];
}

/** A uniformly distributed random rotation (Shoemake): { quaternion, matrix }. */
export function randomRotation(random) {
  const u1 = random(),
    u2 = random(),
    u3 = random();
  const a = Math.sqrt(1 - u1),
    b = Math.sqrt(u1);
  const quaternion = [
    a * Math.sin(2 * Math.PI * u2),
    a * Math.cos(2 * Math.PI * u2),
    b * Math.sin(2 * Math.PI * u3),
    b * Math.cos(2 * Math.PI * u3),
  ];
  return { quaternion, matrix: quaternionToMatrix(quaternion) };
}

/** Quaternion of a rotation by `angle` about the unit `axis`. */
export function axisAngle(axis, angle) {
  const s = Math.sin(angle / 2);
  return [axis[0] * s, axis[1] * s, axis[2] * s, Math.cos(angle / 2)];
}

// --- small linear algebra ----------------------------------------------------------------------

export function sub(a, b) {
  return [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
}
export function dot(a, b) {
  return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}
export function cross(a, b) {
  return [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
}
export function norm(a) {
  return Math.hypot(a[0], a[1], a[2]);
}
export function matMul(A, B) {
  const C = new Array(9).fill(0);
  for (let i = 0; i < 3; ++i)
    for (let j = 0; j < 3; ++j) for (let k = 0; k < 3; ++k) C[3 * i + j] += A[3 * i + k] * B[3 * k + j];
  return C;
}
export function transpose(A) {
  return [A[0], A[3], A[6], A[1], A[4], A[7], A[2], A[5], A[8]];
}
export function matVec(A, v) {
  return [dot(A.slice(0, 3), v), dot(A.slice(3, 6), v), dot(A.slice(6, 9), v)];
}
export function det3(A) {
  return dot(A.slice(0, 3), cross(A.slice(3, 6), A.slice(6, 9)));
}

/** Largest |a_i − b_i| over two equal-length lists. */
export function maxAbsDiff(a, b) {
  let m = 0;
  for (let i = 0; i < a.length; ++i) m = Math.max(m, Math.abs(a[i] - b[i]));
  return m;
}

/** Largest |a_i|. */
export function maxAbsEntry(a) {
  let m = 0;
  for (const x of a) m = Math.max(m, Math.abs(x));
  return m;
}

/** Bounding-box diagonal of a mesh's positions (the body's size). */
export function boundingDiagonal(positions) {
  const lo = [Infinity, Infinity, Infinity],
    hi = [-Infinity, -Infinity, -Infinity];
  for (let k = 0; k < positions.length; ++k) {
    lo[k % 3] = Math.min(lo[k % 3], positions[k]);
    hi[k % 3] = Math.max(hi[k % 3], positions[k]);
  }
  return norm(sub(hi, lo));
}

/** The divergence theorem written out plainly: the sum of det[a b c] / 6 over the triangles. */
export function signedVolume(positions, indices) {
  const p = positions;
  let sum = 0;
  for (let t = 0; t < indices.length; t += 3) {
    const a = 3 * indices[t],
      b = 3 * indices[t + 1],
      c = 3 * indices[t + 2];
    sum +=
      p[a] * (p[b + 1] * p[c + 2] - p[b + 2] * p[c + 1]) +
      p[a + 1] * (p[b + 2] * p[c] - p[b] * p[c + 2]) +
      p[a + 2] * (p[b] * p[c + 1] - p[b + 1] * p[c]);
  }
  return sum / 6;
}

/** Diagnostics of a closed, consistently wound, outward cube of 12 triangles. */
export const CLOSED_CUBE_DIAGNOSTICS = Object.freeze({
  triangles: 12,
  closed: true,
  boundaryEdges: 0,
  nonManifoldEdges: 0,
  inconsistentEdges: 0,
  consistentWinding: true,
  inverted: false,
  degenerateTriangles: 0,
  shells: 1,
  holes: 0,
  weldedVertices: 0,
  hullFaces: 0,
  // A clean closed mesh is measured as given: nothing repaired.
  repairs: Object.freeze({
    duplicateTriangles: 0,
    flippedTriangles: 0,
    invertedShells: 0,
    cavities: 0,
    cappedHoles: 0,
    openShells: 0,
    flatPieces: 0,
    fins: 0,
    twistedPieces: 0,
    intersectingShells: 0,
    selfIntersectingShells: 0,
    intersectingTriangles: 0,
    overlapVolume: 0,
    capArea: 0,
    windingCorrection: 0,
    exact: true,
    relativeError: 0,
  }),
});
