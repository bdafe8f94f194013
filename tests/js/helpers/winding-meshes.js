// Meshes whose solid is the winding number's and not a plain divergence sum (issue 17): pieces
// that cross, open surfaces with non-planar holes, a surface through itself; and the variants
// that must give the same solid (shuffled, far away, wound the other way). Each mesh is
// { positions: Float64Array, indices: Uint32Array }, wound outward by construction.
import { box, concat, rng, torus } from './meshes.js';
import { shuffled as inRandomOrder } from './repair-meshes.js';

/**
 * A 2-cube with a unit cube pushed halfway through its face x = 2 (an eye in a head): two
 * pieces whose faces cross. Its union is three boxes, so `union` gives the closed form.
 */
export function embeddedCubes() {
  return concat(box([0, 0, 0], [2, 2, 2]), box([1.5, 0.5, 0.5], [2.5, 1.5, 1.5]));
}

/** The union of embeddedCubes() as disjoint boxes: the 2-cube and the half of the small one outside it. */
export const EMBEDDED_CUBES_UNION = [
  [
    [0, 0, 0],
    [2, 2, 2],
  ],
  [
    [2, 0.5, 0.5],
    [2.5, 1.5, 1.5],
  ],
];

/** Volume, centre of mass and inertia about it (density 1) of disjoint axis-aligned boxes. */
export function boxesMassProperties(boxes) {
  let V = 0;
  const S = [0, 0, 0];
  const SS = [
    [0, 0, 0],
    [0, 0, 0],
    [0, 0, 0],
  ];
  for (const [min, max] of boxes) {
    const v = (max[0] - min[0]) * (max[1] - min[1]) * (max[2] - min[2]);
    const mean = [0, 1, 2].map((i) => (min[i] + max[i]) / 2);
    const second = [0, 1, 2].map((i) => (max[i] ** 3 - min[i] ** 3) / (3 * (max[i] - min[i]))); // mean of x²
    V += v;
    for (let i = 0; i < 3; i++) {
      S[i] += v * mean[i];
      for (let j = 0; j < 3; j++) SS[i][j] += v * (i === j ? second[i] : mean[i] * mean[j]);
    }
  }
  const m = S.map((s) => s / V);
  const C = SS.map((row, i) => row.map((x, j) => x - V * m[i] * m[j])); // ∫ (x − m)(x − m)ᵀ
  const trace = C[0][0] + C[1][1] + C[2][2];
  const inertia = C.map((row, i) => row.map((x, j) => (i === j ? trace - x : -x)));
  return { volume: V, centerOfMass: m, inertia };
}

function transformed({ positions, indices }, f) {
  const out = new Float64Array(positions.length);
  for (let v = 0; v < positions.length; v += 3) out.set(f(positions[v], positions[v + 1], positions[v + 2]), v);
  return { positions: out, indices: Uint32Array.from(indices) };
}

/** Two linked tori (a chain's links) thick enough that their tubes cross. */
export function crossingTori() {
  const a = torus(1, 0.6, 32, 16);
  // The second in the plane y = 0, centred on the first's tube circle: the centre circles come
  // within 1 of each other, the tubes are 1.2 across.
  const b = transformed(torus(1, 0.6, 32, 16), (x, y, z) => [1 + x, z, -y]);
  return concat(a, b);
}

/**
 * A piece of the unit sphere: the points whose polar angle φ (from +z) runs from `rim(θ)` to π
 * (the south pole), nu around, nv from the rim to the pole; outward. One boundary loop, the rim.
 */
function sphericalPatch(rim, nu, nv) {
  const positions = [];
  for (let i = 0; i < nu; i++) {
    const theta = (2 * Math.PI * i) / nu;
    for (let j = 0; j < nv; j++) {
      const phi = rim(theta) + ((Math.PI - rim(theta)) * j) / nv;
      positions.push(Math.sin(phi) * Math.cos(theta), Math.sin(phi) * Math.sin(theta), Math.cos(phi));
    }
  }
  positions.push(0, 0, -1);
  const pole = nu * nv;
  const at = (i, j) => (i % nu) * nv + j;
  const indices = [];
  for (let i = 0; i < nu; i++) {
    for (let j = 0; j + 1 < nv; j++) {
      // Rows run from the rim towards the pole (increasing φ): (φ, θ) is a right-handed frame
      // against the outward normal, so (θ, φ) order is outward.
      indices.push(at(i, j), at(i, j + 1), at(i + 1, j + 1), at(i, j), at(i + 1, j + 1), at(i + 1, j));
    }
    indices.push(at(i, nv - 1), pole, at(i + 1, nv - 1));
  }
  return { positions: new Float64Array(positions), indices: new Uint32Array(indices) };
}

/** A bowl (the lower half of the unit sphere) whose rim rises and falls twice around: open, non-planar. */
export const wavyBowl = () =>
  sphericalPatch((theta) => Math.PI / 2 - 0.4 * Math.sin(2 * theta) - 0.3 * Math.cos(3 * theta), 32, 10);

/** The lower hemisphere with a flat rim: its solid is exactly the closed half-ball. */
export const flatBowl = () => sphericalPatch(() => Math.PI / 2, 32, 10);

/** The unit sphere with a hole at the top whose rim is a saddle (z = cos φ rises and falls twice). */
export const saddleHoleSphere = () => sphericalPatch((theta) => 0.7 + 0.3 * Math.cos(2 * theta), 32, 16);

/**
 * The unit sphere cut open by a deep three-lobed hole: its rim runs from high on the sphere
 * (φ = 1.1) down to near the south pole (φ = 2.9) and back, three times, so that the hole's fan
 * from the rim's mean is far from where the surface closes it (it adds 40 % to the solid).
 */
export const deepLobedHoleSphere = () => sphericalPatch((theta) => 2.0 + 0.9 * Math.cos(3 * theta), 32, 16);

/**
 * One closed tube around a figure-eight (Gerono's lemniscate, x = 1.5 cos u, y = sin 2u / 2):
 * a single piece, a torus, whose two strands pass through each other at the crossing.
 */
export function figureEightTube(r = 0.2, nu = 96, nv = 16) {
  const positions = [];
  for (let i = 0; i < nu; i++) {
    const u = (2 * Math.PI * i) / nu;
    const c = [1.5 * Math.cos(u), Math.sin(2 * u) / 2];
    const d = [-1.5 * Math.sin(u), Math.cos(2 * u)];
    const len = Math.hypot(d[0], d[1]);
    const normal = [d[1] / len, -d[0] / len]; // in the plane, to the right of the direction
    for (let j = 0; j < nv; j++) {
      const v = (2 * Math.PI * j) / nv;
      positions.push(c[0] + r * Math.cos(v) * normal[0], c[1] + r * Math.cos(v) * normal[1], r * Math.sin(v));
    }
  }
  const at = (i, j) => (i % nu) * nv + (j % nv);
  const indices = [];
  for (let i = 0; i < nu; i++) {
    for (let j = 0; j < nv; j++)
      indices.push(at(i, j), at(i + 1, j), at(i + 1, j + 1), at(i, j), at(i + 1, j + 1), at(i, j + 1));
  }
  return outward({ positions: new Float64Array(positions), indices: new Uint32Array(indices) });
}

// The mesh turned inside-out if its divergence sum is negative (for the tube, whose frame's
// handedness the formula above does not make obvious).
function outward(mesh) {
  const { positions: p, indices } = mesh;
  let v = 0;
  for (let t = 0; t < indices.length; t += 3) {
    const [a, b, c] = [3 * indices[t], 3 * indices[t + 1], 3 * indices[t + 2]];
    v +=
      p[a] * (p[b + 1] * p[c + 2] - p[b + 2] * p[c + 1]) -
      p[a + 1] * (p[b] * p[c + 2] - p[b + 2] * p[c]) +
      p[a + 2] * (p[b] * p[c + 1] - p[b + 1] * p[c]);
  }
  return v >= 0 ? mesh : reversed(mesh);
}

// ---- variants that must give the same solid ----

/** The same triangles in another order, the vertices renumbered, each triangle starting at another corner. */
export function shuffled({ positions, indices }, seed = 17) {
  const next = rng(seed);
  const permutation = (n) =>
    inRandomOrder(
      Array.from({ length: n }, (_, i) => i),
      next,
    );
  const nv = positions.length / 3;
  const newOf = permutation(nv);
  const out = new Float64Array(positions.length);
  for (let v = 0; v < nv; v++) out.set(positions.subarray(3 * v, 3 * v + 3), 3 * newOf[v]);
  const order = permutation(indices.length / 3);
  const tris = new Uint32Array(indices.length);
  order.forEach((t, k) => {
    const r = Math.floor(next() * 3);
    for (let j = 0; j < 3; j++) tris[3 * k + j] = newOf[indices[3 * t + ((j + r) % 3)]];
  });
  return { positions: out, indices: tris };
}

/** The mesh moved by `offset` (far away: its coordinates then carry fewer digits of its shape). */
export const translated = (mesh, offset) =>
  transformed(mesh, (x, y, z) => [x + offset[0], y + offset[1], z + offset[2]]);

/** Every triangle wound the other way: the whole mesh inside-out. */
export function reversed({ positions, indices }) {
  const tris = Uint32Array.from(indices);
  for (let t = 0; t < tris.length; t += 3) [tris[t + 1], tris[t + 2]] = [indices[t + 2], indices[t + 1]];
  return { positions: Float64Array.from(positions), indices: tris };
}

/** A few triangles wound the other way (every `every`-th): locally inconsistent winding. */
export function someFlipped({ positions, indices }, every = 7) {
  const tris = Uint32Array.from(indices);
  for (let t = 0; t < tris.length; t += 3 * every) [tris[t + 1], tris[t + 2]] = [indices[t + 2], indices[t + 1]];
  return { positions: Float64Array.from(positions), indices: tris };
}
