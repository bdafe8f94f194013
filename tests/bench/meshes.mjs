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
