// A smoke run of `npm run bench` (tests/bench/bench.mjs --quick: small meshes, one run, nothing
// written): the script runs to its tables and every peer agrees with the exact volume. Speed
// itself is never asserted in a test.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

test('the benchmark script runs to its tables on small meshes', () => {
  const run = spawnSync(process.execPath, [path.join(root, 'tests/bench/bench.mjs'), '--quick'], {
    encoding: 'utf8',
    timeout: 120_000,
  });
  expect(run.stderr).not.toMatch(/Error/);
  expect(run.status).toBe(0);
  expect(run.stdout).toMatch(/\| mp\.mesh default \|/);
  expect(run.stdout).toMatch(/volume error \(relative\)/);
  // The closed sphere's volume, as mp.mesh measures it, within 1e-12 of the exact reference.
  const line = run.stdout.split('\n').find((l) => l.includes('mp.mesh default (SIMD)') && l.includes('volume error'));
  const error = Number(/volume error ([\d.e+-]+)/.exec(line)[1]);
  expect(error).toBeLessThan(1e-12);
}, 150_000);
