// The examples run as documented and print what they promise.
import { execFileSync } from 'node:child_process';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const run = (...args) => execFileSync(process.execPath, args, { cwd: ROOT, encoding: 'utf8' });

test('examples/shapes.mjs prints each body', () => {
  const out = run('examples/shapes.mjs');
  for (const name of ['plate', 'cube', 'hammer', 'cone']) expect(out).toContain(`${name}:`);
  // The cube is given a mass of 2.5: I = m/6 about its center.
  expect(out).toContain(`principal moments [${(2.5 / 6).toPrecision(6)}`);
});
