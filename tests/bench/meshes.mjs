// The benchmark's meshes and its exact reference: closed UV spheres (Float32 positions, Uint32
// indices, one vertex per pole, no seam copies), a far-from-origin one, one that needs repair, and
// a 12-triangle box. Shared by bench.mjs and cold.mjs.
import { box, toFloat32 } from '../js/helpers/meshes.js';

/** A closed UV sphere with `slices` vertices per ring and `stacks` bands: 2 slices (stacks − 1) triangles. */
export function uvSphere(slices, stacks, { center = [0, 0, 0], radius = 1 } = {}) {
  const vertices = 2 + slices * (stacks - 1);
  const positions = new Float32Array(3 * vertices);
  positions.set([center[0], center[1] + radius, center[2]], 0);
  let k = 3;
  for (let i = 1; i < stacks; ++i) {
    const theta = (Math.PI * i) / stacks;
    for (let j = 0; j < slices; ++j) {
      const phi = (2 * Math.PI * j) / slices;
      positions[k++] = center[0] + radius * Math.sin(theta) * Math.sin(phi);
      positions[k++] = center[1] + radius * Math.cos(theta);
      positions[k++] = center[2] + radius * Math.sin(theta) * Math.cos(phi);
    }
  }
  positions.set([center[0], center[1] - radius, center[2]], k);
  const indices = new Uint32Array(6 * slices * (stacks - 1));
  const ring = (i, j) => 1 + (i - 1) * slices + (j % slices);
  let t = 0;
  const add = (a, b, c) => {
    indices[t++] = a;
    indices[t++] = b;
    indices[t++] = c;
  };
  for (let j = 0; j < slices; ++j) {
    add(0, ring(1, j), ring(1, j + 1));
    for (let i = 1; i < stacks - 1; ++i) {
      add(ring(i, j), ring(i + 1, j), ring(i + 1, j + 1));
      add(ring(i, j), ring(i + 1, j + 1), ring(i, j + 1));
    }
    add(vertices - 1, ring(stacks - 1, j + 1), ring(stacks - 1, j));
  }
  return { positions, indices };
}

/**
 * A UV sphere as three.js's SphereGeometry builds it: a seam column of copies (sin 2π written as
 * −2.4e-16 where the first column has 0) and a copy of each pole per slice, so it is closed only
 * once welded. Float32 positions, Uint32 indices.
 */
export function threeSphere(slices, stacks) {
  const positions = new Float32Array(3 * (stacks + 1) * (slices + 1));
  let k = 0;
  for (let i = 0; i <= stacks; ++i) {
    const v = (Math.PI * i) / stacks;
    for (let j = 0; j <= slices; ++j) {
      const u = (2 * Math.PI * j) / slices;
      positions[k++] = -Math.cos(u) * Math.sin(v);
      positions[k++] = Math.cos(v);
      positions[k++] = Math.sin(u) * Math.sin(v);
    }
  }
  const indices = [];
  const at = (i, j) => i * (slices + 1) + j;
  for (let i = 0; i < stacks; ++i) {
    for (let j = 0; j < slices; ++j) {
      if (i !== 0) indices.push(at(i, j + 1), at(i, j), at(i + 1, j + 1));
      if (i !== stacks - 1) indices.push(at(i, j), at(i + 1, j), at(i + 1, j + 1));
    }
  }
  return { positions, indices: Uint32Array.from(indices) };
}

/**
 * The sphere with holes and flipped patches: in every block of 64 x 64 quads, the first 4 x 4 are
 * left out (a hole) or wound the other way (a flipped patch), alternately. No exact reference:
 * the repair caps the holes flat, which the closed sphere does not.
 */
export function repairSphere(slices, stacks) {
  const sphere = uvSphere(slices, stacks);
  const kept = [];
  const quadsPerColumn = stacks - 2;
  for (let j = 0; j < slices; ++j) {
    // triangle offsets of column j: 1 north fan, 2 per quad, 1 south fan
    const base = j * (2 + 2 * quadsPerColumn);
    kept.push(...sphere.indices.subarray(3 * base, 3 * (base + 1)));
    for (let i = 0; i < quadsPerColumn; ++i) {
      const t = base + 1 + 2 * i;
      const inBlock = j % 64 < 4 && i % 64 < 4 && i > 8 && i < quadsPerColumn - 8;
      const kind = inBlock ? ((Math.floor(j / 64) + Math.floor(i / 64)) % 2 === 0 ? 'hole' : 'flip') : 'keep';
      if (kind === 'hole') continue;
      for (const tt of [t, t + 1]) {
        const [a, b, c] = sphere.indices.subarray(3 * tt, 3 * tt + 3);
        kept.push(...(kind === 'flip' ? [a, c, b] : [a, b, c]));
      }
    }
    kept.push(...sphere.indices.subarray(3 * (base + 1 + 2 * quadsPerColumn), 3 * (base + 2 + 2 * quadsPerColumn)));
  }
  return { positions: sphere.positions, indices: Uint32Array.from(kept) };
}

/** The unit cube [0, 1]^3 as 12 triangles, Float32 positions (the tests' one box builder). */
export function box12() {
  return toFloat32(box([0, 0, 0], [1, 1, 1]));
}

// Error-free transformations (Knuth's twoSum, Dekker's product with Veltkamp's split).
function twoSum(a, b) {
  const s = a + b;
  const z = s - a;
  return [s, a - (s - z) + (b - z)];
}
function split(a) {
  const t = 134217729 * a;
  const hi = t - (t - a);
  return [hi, a - hi];
}
function twoProduct(a, b) {
  const p = a * b;
  const [ah, al] = split(a);
  const [bh, bl] = split(b);
  return [p, ah * bh - p + ah * bl + al * bh + al * bl];
}

/**
 * The volume of a closed mesh with Float32 positions to about 1e-25 relative: a product of two
 * floats is exact in a double, so each det[a b c] is an exact sum of twelve doubles (two-sums and
 * two-products), accumulated as a double-double. The reference of every error in the table.
 */
export function referenceVolume(positions, indices) {
  let hi = 0;
  let lo = 0;
  const add = (x) => {
    const [s, e] = twoSum(hi, x);
    hi = s;
    lo += e;
  };
  for (let t = 0; t < indices.length; t += 3) {
    const a = 3 * indices[t],
      b = 3 * indices[t + 1],
      c = 3 * indices[t + 2];
    for (let i = 0; i < 3; ++i) {
      const j = (i + 1) % 3,
        k = (i + 2) % 3;
      const [m, me] = twoSum(positions[b + j] * positions[c + k], -(positions[b + k] * positions[c + j]));
      for (const part of [m, me]) {
        const [p, pe] = twoProduct(positions[a + i], part);
        add(p);
        add(pe);
      }
    }
  }
  return (hi + lo) / 6;
}

/**
 * An icosphere: each face of the icosahedron cut into n² triangles (20 n² in all; n = 256 gives
 * 1.3 M, 512 gives 5.2 M), the points pushed out to the unit sphere. Shared vertices once: the 12
 * corners, then each edge's inner points, then each face's, so the vertex order follows the faces.
 * Float32 positions, Uint32 indices.
 */
export function icosphere(n) {
  const t = (1 + Math.sqrt(5)) / 2;
  const corners = [
    [-1, t, 0], [1, t, 0], [-1, -t, 0], [1, -t, 0], [0, -1, t], [0, 1, t],
    [0, -1, -t], [0, 1, -t], [t, 0, -1], [t, 0, 1], [-t, 0, -1], [-t, 0, 1],
  ]; // prettier-ignore
  const faces = [
    [0, 11, 5], [0, 5, 1], [0, 1, 7], [0, 7, 10], [0, 10, 11], [1, 5, 9], [5, 11, 4], [11, 10, 2], [10, 7, 6],
    [7, 1, 8], [3, 9, 4], [3, 4, 2], [3, 2, 6], [3, 6, 8], [3, 8, 9], [4, 9, 5], [2, 4, 11], [6, 2, 10],
    [8, 6, 7], [9, 8, 1],
  ]; // prettier-ignore
  const edges = new Map();
  for (const [a, b, c] of faces)
    for (const [p, q] of [
      [a, b],
      [b, c],
      [c, a],
    ]) {
      const key = Math.min(p, q) * 12 + Math.max(p, q);
      if (!edges.has(key)) edges.set(key, edges.size);
    }
  const inner = ((n - 1) * (n - 2)) / 2;
  const vertices = 12 + 30 * (n - 1) + 20 * inner;
  const positions = new Float32Array(3 * vertices);
  const put = (v, a, b, c, i, j) => {
    // the point a + (b − a) i/n + (c − a) j/n, on the unit sphere
    const p = [0, 1, 2].map(
      (k) => corners[a][k] + ((corners[b][k] - corners[a][k]) * i + (corners[c][k] - corners[a][k]) * j) / n,
    );
    const r = Math.hypot(p[0], p[1], p[2]);
    positions.set([p[0] / r, p[1] / r, p[2] / r], 3 * v);
  };
  for (let v = 0; v < 12; ++v) put(v, v, v, v, 0, 0);
  // Point k (0 < k < n) of edge p–q, counted from the lower corner.
  const onEdge = (p, q, k) => {
    const e = edges.get(Math.min(p, q) * 12 + Math.max(p, q));
    return 12 + e * (n - 1) + (p < q ? k : n - k) - 1;
  };
  for (const [key, e] of edges) {
    const p = Math.floor(key / 12), q = key % 12; // prettier-ignore
    for (let k = 1; k < n; ++k) put(12 + e * (n - 1) + k - 1, p, q, p, k, 0);
  }
  const indices = new Uint32Array(60 * n * n);
  let at = 0;
  faces.forEach(([a, b, c], f) => {
    const base = 12 + 30 * (n - 1) + f * inner;
    // vertex (i, j) of face f: i steps along a→b, j along a→c, i + j <= n
    const id = (i, j) => {
      if (i === 0 && j === 0) return a;
      if (i === n) return b;
      if (j === n) return c;
      if (j === 0) return onEdge(a, b, i);
      if (i === 0) return onEdge(a, c, j);
      if (i + j === n) return onEdge(b, c, j);
      return base + ((j - 1) * (2 * n - j - 2)) / 2 + (i - 1); // row j holds i = 1 … n − j − 1
    };
    for (let j = 1; j < n - 1; ++j) for (let i = 1; i < n - j; ++i) put(id(i, j), a, b, c, i, j);
    for (let j = 0; j < n; ++j)
      for (let i = 0; i < n - j; ++i) {
        indices.set([id(i, j), id(i + 1, j), id(i, j + 1)], at);
        at += 3;
        if (i + j < n - 1) {
          indices.set([id(i + 1, j), id(i + 1, j + 1), id(i, j + 1)], at);
          at += 3;
        }
      }
  });
  return { positions, indices };
}
