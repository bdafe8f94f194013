// The main entry's size against its budget (docs/size.md): what a browser fetches and compiles
// for `import * as mp from 'mass-properties'` and init() with the SIMD build, gzipped. A size,
// not a timing, so a test can hold it; it prints the figure on every run.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { MAIN_ENTRY_BUDGET, packageSize, sizeLine } from '../bench/size.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

test('the main entry stays within its gzipped size budget', () => {
  const size = packageSize(root);
  console.log(sizeLine(size));
  expect(size.simd.totalMinifiedGzipBytes).toBeLessThanOrEqual(MAIN_ENTRY_BUDGET);
});

test('the budget is the one docs/size.md states', async () => {
  const { readFile } = await import('node:fs/promises');
  const doc = await readFile(path.join(root, 'docs/size.md'), 'utf8');
  expect(doc).toContain(`budget of **${MAIN_ENTRY_BUDGET / 1000} KB**`);
});
