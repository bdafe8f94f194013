// Large meshes go through the heap in one copy each and the heap grows as needed.
import { init } from '../../js/index.js';
import { signedVolume, torus } from './helpers/meshes.js';

let mp;
beforeAll(async () => {
  mp = await init();
});

test('five million triangles are measured and diagnosed', () => {
  const { positions, indices } = torus(2, 1, 1600, 1600, Float32Array); // 5.12 M triangles
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

test('a large triangle soup is welded into a closed mesh', () => {
  const { positions, indices } = torus(2, 1, 400, 400, Float32Array);
  const soup = new Float32Array(indices.length * 3);
  indices.forEach((v, k) => soup.set(positions.subarray(3 * v, 3 * v + 3), 3 * k));
  const r = mp.mesh(soup, null);
  expect(r.diagnostics.closed).toBe(true);
  expect(r.diagnostics.boundaryEdges).toBe(0);
  expect(r.volume).toBeCloseTo(signedVolume(positions, indices), 9);
}, 60000);
