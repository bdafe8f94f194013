// The examples run as documented and print what they promise.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

import { box } from './helpers/meshes.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const run = (...args) => execFileSync(process.execPath, args, { cwd: ROOT, encoding: 'utf8' });

test('examples/shapes.mjs prints each body', () => {
  const out = run('examples/shapes.mjs');
  for (const name of ['plate', 'cube', 'hammer', 'cone']) expect(out).toContain(`${name}:`);
  // The cube is given a mass of 2.5: I = m/6 about its center.
  expect(out).toContain(`principal moments [${(2.5 / 6).toPrecision(6)}`);
});

// The physics examples on their built-in torus knot: each engine's own estimate is printed, and
// the body given our result reads our numbers back (0.00 % off in every column).
describe.each(['rapier', 'cannon', 'babylon'])('examples/physics-%s.mjs', (engine) => {
  test('prints the engine estimate and reads ours back from the engine', () => {
    const out = run(`examples/physics-${engine}.mjs`);
    expect(out).toContain('torus knot: 16384 triangles');
    const lines = out.split('\n').filter((l) => l.includes(' vs ours'));
    expect(lines.length).toBeGreaterThan(0);
    const fixed = out.split('\n').find((l) => /setRapier|setCannon|toBabylon/.test(l));
    const errors = [...fixed.matchAll(/([+-]?\d+\.\d+) %/g)].map((m) => Number(m[1]));
    expect(errors).toHaveLength(5); // mass, center, three moments
    for (const e of errors) expect(Math.abs(e)).toBeLessThan(0.005);
  }, 60_000);
});

test('examples/physics-rapier.mjs also measures a model file named on the command line', () => {
  // A 2 × 2 × 2 cube as OBJ (1-based faces, outward): Rapier's trimesh and hull are exact for it.
  const { positions, indices } = box([0, 0, 0], [2, 2, 2]);
  const lines = [];
  for (let i = 0; i < positions.length; i += 3) lines.push(`v ${positions[i]} ${positions[i + 1]} ${positions[i + 2]}`);
  for (let t = 0; t < indices.length; t += 3)
    lines.push(`f ${indices[t] + 1} ${indices[t + 1] + 1} ${indices[t + 2] + 1}`);
  const file = join(mkdtempSync(join(tmpdir(), 'mp-obj-')), 'cube.obj');
  writeFileSync(file, `${lines.join('\n')}\n`);
  const out = run('examples/physics-rapier.mjs', file);
  expect(out).toContain('cube.obj: 12 triangles, 8000 kg at 1000 kg/m³');
  // A cube is its own hull: there Rapier's convexHull collider has the solid's mass.
  const after = out.slice(out.indexOf('cube.obj:'));
  const hull = after.split('\n').find((l) => l.includes('convexHull collider vs ours (solid)'));
  expect(Math.abs(Number(/mass\s+([+-]?\d+\.\d+) %/.exec(hull)[1]))).toBeLessThan(0.005);
}, 60_000);

test('examples/polygon-2d.mjs hands the bracket to planck.js with the closed-form mass and inertia', () => {
  const out = run('examples/polygon-2d.mjs');
  const numbers = (label) =>
    new RegExp(`${label}\\s+(.*)`)
      .exec(out)[1]
      .match(/-?\d+(\.\d+)?(e-?\d+)?/g)
      .map(Number);
  // The bracket: rectangles [0, 0.3] × [0, 0.06] and [0, 0.06] × [0.06, 0.24], minus a regular
  // 24-gon of circumradius r about (0.2, 0.03). Per rectangle ∫x² dA = h (x₁³ − x₀³)/3; the n-gon
  // has area n r² sin(a)/2 and polar moment n r⁴ sin(a)(2 + cos a)/12 about its center (a = 2π/n),
  // split equally between x and y by its symmetry.
  const rho = 7.2;
  const rect = ([x0, x1], [y0, y1]) => {
    const [w, h] = [x1 - x0, y1 - y0];
    return {
      a: w * h,
      x: (h * (x1 ** 2 - x0 ** 2)) / 2,
      y: (w * (y1 ** 2 - y0 ** 2)) / 2,
      xx: (h * (x1 ** 3 - x0 ** 3)) / 3,
      yy: (w * (y1 ** 3 - y0 ** 3)) / 3,
    };
  };
  const [n, r, hx, hy] = [24, 0.015, 0.2, 0.03];
  const angle = (2 * Math.PI) / n;
  const ha = (n * r * r * Math.sin(angle)) / 2;
  const hj = (n * r ** 4 * Math.sin(angle) * (2 + Math.cos(angle))) / 12;
  const hole = { a: ha, x: ha * hx, y: ha * hy, xx: ha * hx * hx + hj / 2, yy: ha * hy * hy + hj / 2 };
  const parts = [rect([0, 0.3], [0, 0.06]), rect([0, 0.06], [0.06, 0.24])];
  const sum = (k) => parts[0][k] + parts[1][k] - hole[k];
  const area = sum('a');
  const [cx, cy] = [sum('x') / area, sum('y') / area];
  const polar = rho * (sum('xx') + sum('yy') - area * (cx * cx + cy * cy));
  const close = (got, want) => expect(Math.abs(got / want - 1)).toBeLessThan(1e-7); // printed to 8 digits

  close(numbers('area')[0], area);
  close(numbers('mass')[0], rho * area);
  close(numbers('centroid')[0], cx);
  close(numbers('centroid')[1], cy);
  close(numbers('polar moment')[0], polar);
  // planck holds the same mass and center, and I about its body origin (the parallel-axis shift).
  const [mass, centerX, centerY, aboutOrigin] = numbers('planck body');
  close(mass, rho * area);
  close(centerX, cx);
  close(centerY, cy);
  close(aboutOrigin, polar + rho * area * (cx * cx + cy * cy));
  close(numbers('spin')[0], 0.001 / polar);
});
