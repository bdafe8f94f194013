// Builders for the solid-repair tests: closed meshes with a hand-made closed twin, and the edits
// that damage them (holes, flipped triangles, inside-out shells, shuffles, split seams, jitter).
// A mesh is { positions: Float64Array, indices: Uint32Array }, as in meshes.js. Each closed
// builder is wound outward by construction; repair.test.js checks that with exact arithmetic
// before trusting it.

// The faces of a unit cell as quads of corner numbers, counter-clockwise seen from outside;
// corner k is at offset (k & 1, (k >> 1) & 1, (k >> 2) & 1). `step` is the neighbour across the face.
const CELL_FACES = [
  { quad: [0, 4, 6, 2], step: [-1, 0, 0] },
  { quad: [1, 3, 7, 5], step: [1, 0, 0] },
  { quad: [0, 1, 5, 4], step: [0, -1, 0] },
  { quad: [2, 6, 7, 3], step: [0, 1, 0] },
  { quad: [0, 2, 3, 1], step: [0, 0, -1] },
  { quad: [4, 5, 7, 6], step: [0, 0, 1] },
];

/**
 * The outer surface of a set of unit voxels [[i, j, k], ...] on the integer grid: every cell face
 * whose neighbour is empty, as 2 triangles. Vertices are shared grid points, so the mesh is closed
 * and wound outward; it is manifold when no two cells touch along an edge only.
 */
export function voxelSurface(cells) {
  const filled = new Set(cells.map((c) => c.join(',')));
  const vertexIds = new Map();
  const positions = [];
  const vertex = (x, y, z) => {
    const key = `${x},${y},${z}`;
    if (!vertexIds.has(key)) {
      vertexIds.set(key, positions.length / 3);
      positions.push(x, y, z);
    }
    return vertexIds.get(key);
  };
  const indices = [];
  for (const [i, j, k] of cells) {
    for (const { quad, step } of CELL_FACES) {
      if (filled.has([i + step[0], j + step[1], k + step[2]].join(','))) continue;
      const [p, q, r, s] = quad.map((c) => vertex(i + (c & 1), j + ((c >> 1) & 1), k + ((c >> 2) & 1)));
      indices.push(p, q, r, p, r, s);
    }
  }
  return { positions: new Float64Array(positions), indices: new Uint32Array(indices) };
}

/** A genus-1 block: the 3×3×2 voxels [0,3]×[0,3]×[0,2] without the central column (volume 16). */
export function genusOneBlock() {
  const cells = [];
  for (let k = 0; k < 2; ++k)
    for (let j = 0; j < 3; ++j) for (let i = 0; i < 3; ++i) if (i !== 1 || j !== 1) cells.push([i, j, k]);
  return voxelSurface(cells);
}

/**
 * A regular `segments`-gon prism around the y axis, y in [−h/2, h/2], written the way three.js
 * writes CylinderGeometry: the vertex at angle θ is (r sin θ, y, r cos θ), and the side has a
 * seam column at θ = 2π (sin 2π ≈ −2.4e-16 where column 0 has 0) that only the weld joins.
 * `top` and `bottom` add the caps as fans around a centre vertex (0, ±h/2, 0); without them the
 * prism is open-ended (three.js's openEnded) or a cup.
 */
export function polygonPrism(segments, r, h, { top = true, bottom = true } = {}) {
  const positions = [];
  for (let i = 0; i <= segments; ++i) {
    const theta = (2 * Math.PI * i) / segments;
    positions.push(r * Math.sin(theta), h / 2, r * Math.cos(theta));
    positions.push(r * Math.sin(theta), -h / 2, r * Math.cos(theta));
  }
  const t = (i) => 2 * i,
    b = (i) => 2 * i + 1;
  const indices = [];
  // Increasing θ turns from +z towards +x, so (t_i, b_i, b_i+1) has its normal pointing away from the axis.
  for (let i = 0; i < segments; ++i) indices.push(t(i), b(i), b(i + 1), t(i), b(i + 1), t(i + 1));
  if (top) {
    const c = positions.length / 3;
    positions.push(0, h / 2, 0);
    for (let i = 0; i < segments; ++i) indices.push(c, t(i), t(i + 1)); // normal +y
  }
  if (bottom) {
    const c = positions.length / 3;
    positions.push(0, -h / 2, 0);
    for (let i = 0; i < segments; ++i) indices.push(c, b(i + 1), b(i)); // normal −y
  }
  return { positions: new Float64Array(positions), indices: new Uint32Array(indices) };
}

/**
 * A torus written as three.js writes TorusGeometry: a (nu + 1) × (nv + 1) grid whose last row and
 * column repeat the first (seam copies), major radius R about z, minor radius r. The copies are
 * exact copies of the first row and column, moved by `jitter(copy)` → [dx, dy, dz] if given.
 * Returns the mesh and `copies`, the number of seam copies (nu + nv + 1).
 */
export function seamTorus(R, r, nu, nv, jitter = null) {
  const grid = (i, j) => i * (nv + 1) + j;
  const positions = new Float64Array((nu + 1) * (nv + 1) * 3);
  let copies = 0;
  for (let i = 0; i <= nu; ++i) {
    for (let j = 0; j <= nv; ++j) {
      const i0 = i % nu,
        j0 = j % nv; // the original this vertex copies (itself off the seams)
      const u = (2 * Math.PI * i0) / nu,
        v = (2 * Math.PI * j0) / nv;
      const rho = R + r * Math.cos(v);
      let p = [rho * Math.cos(u), rho * Math.sin(u), r * Math.sin(v)];
      if (i0 !== i || j0 !== j) {
        ++copies;
        if (jitter) {
          const d = jitter(copies);
          p = p.map((x, k) => x + d[k]);
        }
      }
      positions.set(p, 3 * grid(i, j));
    }
  }
  const indices = [];
  // ∂/∂u × ∂/∂v points outward, as in meshes.js's torus.
  for (let i = 0; i < nu; ++i) {
    for (let j = 0; j < nv; ++j) {
      indices.push(grid(i, j), grid(i + 1, j), grid(i + 1, j + 1), grid(i, j), grid(i + 1, j + 1), grid(i, j + 1));
    }
  }
  return { mesh: { positions, indices: new Uint32Array(indices) }, copies };
}

// --- edits ---------------------------------------------------------------------------------------

const corners = (mesh, t) => [mesh.indices[3 * t], mesh.indices[3 * t + 1], mesh.indices[3 * t + 2]];

/** The mesh without the triangles listed (by triangle number). */
export function withoutTriangles(mesh, list) {
  const drop = new Set(list);
  const indices = [];
  for (let t = 0; t < mesh.indices.length / 3; ++t) if (!drop.has(t)) indices.push(...corners(mesh, t));
  return { positions: mesh.positions, indices: new Uint32Array(indices) };
}

/** The mesh with the triangles listed (by number) wound the other way. */
export function flipTriangles(mesh, list) {
  const indices = Uint32Array.from(mesh.indices);
  for (const t of list) [indices[3 * t + 1], indices[3 * t + 2]] = [indices[3 * t + 2], indices[3 * t + 1]];
  return { positions: mesh.positions, indices };
}

/**
 * `count` triangles of which no two share a vertex, picked in a random order: edits on them
 * stay apart, so each removed one leaves its own 3-edge hole and each flipped one its own 3
 * inconsistent edges, none touching another.
 */
export function apartTriangles(mesh, count, random) {
  const n = mesh.indices.length / 3;
  const order = shuffled(
    Array.from({ length: n }, (_, t) => t),
    random,
  );
  const used = new Set();
  const picked = [];
  for (const t of order) {
    const v = corners(mesh, t);
    if (v.some((x) => used.has(x))) continue;
    v.forEach((x) => used.add(x));
    picked.push(t);
    if (picked.length === count) return picked;
  }
  throw new RangeError(`only ${picked.length} of ${count} vertex-disjoint triangles found`);
}

/** A copy of `list` in a random order (Fisher–Yates). */
export function shuffled(list, random) {
  const out = [...list];
  for (let k = out.length - 1; k > 0; --k) {
    const j = Math.floor(random() * (k + 1));
    [out[k], out[j]] = [out[j], out[k]];
  }
  return out;
}

/** The same triangles in a random order, each also starting at a random corner (same winding). */
export function shuffleTriangles(mesh, random) {
  const n = mesh.indices.length / 3;
  const indices = [];
  for (const t of shuffled(
    Array.from({ length: n }, (_, k) => k),
    random,
  )) {
    const v = corners(mesh, t);
    const s = Math.floor(random() * 3);
    indices.push(v[s], v[(s + 1) % 3], v[(s + 2) % 3]);
  }
  return { positions: mesh.positions, indices: new Uint32Array(indices) };
}

/** Each triangle wound the other way with probability p. */
export function flipRandomTriangles(mesh, random, p = 0.3) {
  const list = [];
  for (let t = 0; t < mesh.indices.length / 3; ++t) if (random() < p) list.push(t);
  return flipTriangles(mesh, list);
}

/**
 * Seams split open: each triangle corner, with probability p, gets a new vertex of its own at
 * exactly the same position (what UV seams and per-face normals do to a mesh).
 */
export function splitSeams(mesh, random, p = 0.5) {
  const positions = Array.from(mesh.positions);
  const indices = Uint32Array.from(mesh.indices);
  for (let k = 0; k < indices.length; ++k) {
    if (random() >= p) continue;
    const v = indices[k];
    indices[k] = positions.length / 3;
    positions.push(mesh.positions[3 * v], mesh.positions[3 * v + 1], mesh.positions[3 * v + 2]);
  }
  return { positions: new Float64Array(positions), indices };
}

/** The vertices renumbered by a random permutation (same triangles). */
export function renumberVertices(mesh, random) {
  const n = mesh.positions.length / 3;
  const to = shuffled(
    Array.from({ length: n }, (_, k) => k),
    random,
  );
  const positions = new Float64Array(mesh.positions.length);
  for (let v = 0; v < n; ++v) positions.set(mesh.positions.subarray(3 * v, 3 * v + 3), 3 * to[v]);
  return { positions, indices: mesh.indices.map((v) => to[v]) };
}
