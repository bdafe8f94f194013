// The SIMD build and the scalar fallback give the same numbers, bit for bit: the input scan
// orders floats by their bits, the integration sums the even and the odd triangles of each block
// apart in both, and every other step is the same scalar code. Each build runs in a process of
// its own (init() loads one per process), on meshes that take every path: the proof, the weld of
// seam copies, the repair, Float64 input, the accurate determinant, check: false (certified and
// not), an odd count.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const script = path.join(path.dirname(fileURLToPath(import.meta.url)), 'helpers/measure-build.mjs');

function measure(kind, parts = 'full') {
  const run = spawnSync(process.execPath, [script, parts], {
    encoding: 'utf8',
    env: { ...process.env, MASS_PROPERTIES_WASM: kind },
    timeout: 60_000,
  });
  expect(run.stderr).toBe('');
  return JSON.parse(run.stdout);
}

test('the SIMD and the scalar builds give bit-identical results', () => {
  const simd = measure('simd');
  const scalar = measure('scalar');
  expect(simd.kind).toBe('simd');
  expect(scalar.kind).toBe('scalar');
  expect(Object.keys(simd.results)).toHaveLength(13);
  // Every case measured (the open one repaired), none failed, so the comparison is of numbers.
  for (const result of Object.values(simd.results)) expect(result.error).toBeUndefined();
  expect(scalar.results).toEqual(simd.results);
}, 120_000);

// The core module is the same sources as the full one, linked without what it does not call: a
// mesh it measures must come out as the full module measures it, bit for bit, in both builds.
test.each(['simd', 'scalar'])(
  'the core and the full modules give bit-identical results (%s)',
  (kind) => {
    const core = measure(kind, 'core');
    const full = measure(kind, 'full');
    expect([core.parts, full.parts]).toEqual(['core', 'full']);
    const answered = [];
    for (const [name, result] of Object.entries(core.results)) {
      if (result.error === 'FULL_MODULE_NOT_LOADED') continue;
      answered.push(name);
      expect(result).toEqual(full.results[name]);
    }
    // The clean meshes, check: false and the bodies; the rest needs the analysis or the repair.
    expect(answered).toEqual([
      'icosphere 20k',
      'icosphere 20k, check: false',
      'three.js sphere (seam copies)',
      'torus, Float64',
      'torus, Float64, check: false',
      'slender box',
      'slender box, check: false',
      'shuffled sphere, open (odd count), check: false',
      'bodies',
    ]);
  },
  120_000,
);
