// The main entry's size against its budget (docs/size.md): what a browser fetches and compiles
// for `import * as mp from 'mass-properties'` and init() with the SIMD core module, gzipped; and
// the full module's, which the first call that needs it (or mp.loadFull()) fetches. Sizes, not
// timings, so a test can hold them; it prints the figures on every run.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { FULL_MODULE_BUDGET, MAIN_ENTRY_BUDGET, packageSize, sizeLine } from '../bench/size.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

test('the main entry and the full module stay within their gzipped size budgets', () => {
  const size = packageSize(root);
  console.log(sizeLine(size));
  expect(size.simd.totalMinifiedGzipBytes).toBeLessThanOrEqual(MAIN_ENTRY_BUDGET);
  expect(size.simd.full.gzipBytes).toBeLessThanOrEqual(FULL_MODULE_BUDGET);
});

test('the budgets are the ones docs/size.md states', async () => {
  const { readFile } = await import('node:fs/promises');
  const doc = await readFile(path.join(root, 'docs/size.md'), 'utf8');
  expect(doc).toContain(`budget of **${MAIN_ENTRY_BUDGET / 1000} KB**`);
  expect(doc).toContain(`budget of **${FULL_MODULE_BUDGET / 1000} KB**`);
});
