// Large meshes go through the heap in one copy each and the heap grows as needed.
import { init } from '../../js/index.js';

let mp;
beforeAll(async () => {
  mp = await init();
});

// A torus of 2·n² triangles (major radius 2, minor 1) with shared vertices.
function torus(n) {
  const positions = new Float32Array(n * n * 3);
  const indices = new Uint32Array(n * n * 6);
  for (let i = 0, p = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      const a = (2 * Math.PI * i) / n, b = (2 * Math.PI * j) / n;
      positions[p++] = (2 + Math.cos(b)) * Math.cos(a);
      positions[p++] = (2 + Math.cos(b)) * Math.sin(a);
      positions[p++] = Math.sin(b);
    }
  }
  const id = (i, j) => (i % n) * n + (j % n);
  for (let i = 0, k = 0; i < n; i++) {
    for (let j = 0; j < n; j++, k += 6) {
      indices.set([id(i, j), id(i + 1, j), id(i + 1, j + 1), id(i, j), id(i + 1, j + 1), id(i, j + 1)], k);
    }
  }
  return { positions, indices };
}

// Divergence theorem written out plainly in JS: sum of det[a b c] / 6 over the triangles.
function signedVolume(p, idx) {
  let sum = 0;
  for (let t = 0; t < idx.length; t += 3) {
    const a = 3 * idx[t], b = 3 * idx[t + 1], c = 3 * idx[t + 2];
    sum += p[a] * (p[b + 1] * p[c + 2] - p[b + 2] * p[c + 1]) +
      p[a + 1] * (p[b + 2] * p[c] - p[b] * p[c + 2]) +
      p[a + 2] * (p[b] * p[c + 1] - p[b + 1] * p[c]);
  }
  return sum / 6;
}

test('FiveMillionTrianglesAreMeasuredAndDiagnosed', () => {
  const { positions, indices } = torus(1600); // 5.12 M triangles
  const r = mp.mesh(positions, indices);
  expect(r.diagnostics.triangles).toBe(indices.length / 3);
  expect(r.diagnostics.closed).toBe(true);
  expect(r.diagnostics.consistentWinding).toBe(true);
  expect(r.volume).toBeCloseTo(signedVolume(positions, indices), 9);
  // The inscribed polyhedron converges to the smooth torus, 2π²Rr².
  expect(Math.abs(r.volume / (2 * Math.PI ** 2 * 2) - 1)).toBeLessThan(1e-5);
  // By symmetry the center of mass is the torus center.
  for (const c of r.centerOfMass) expect(Math.abs(c)).toBeLessThan(1e-9);
}, 60000);

test('LargeTriangleSoupIsWelded', () => {
  const { positions, indices } = torus(400);
  const soup = new Float32Array(indices.length * 3);
  indices.forEach((v, k) => soup.set(positions.subarray(3 * v, 3 * v + 3), 3 * k));
  const r = mp.mesh(soup, null);
  expect(r.diagnostics.closed).toBe(true);
  expect(r.diagnostics.boundaryEdges).toBe(0);
  expect(r.volume).toBeCloseTo(signedVolume(positions, indices), 9);
}, 60000);
