// The package in Bun (the npm package `bun`), imported by name from the project's node_modules.
// Run: node --test tests/runtimes/
import { after, test } from 'node:test';
import { execFileSync } from 'node:child_process';

import { ENTRY, bin, checkMeasured, lastJson, makeConsumer, missing } from './consumer.mjs';

const bun = bin('bun');
const consumer = makeConsumer({ 'main.mjs': ENTRY });
after(consumer.remove);

test("Bun: import 'mass-properties' measures a box, a sphere and a mesh", { skip: missing(bun) ?? false }, () => {
  const out = execFileSync(bun, ['main.mjs'], {
    cwd: consumer.dir,
    encoding: 'utf8',
    timeout: 30_000,
    env: { ...process.env, NO_COLOR: '1', BUN_INSTALL_CACHE_DIR: `${consumer.dir}/.bun` },
  });
  checkMeasured(lastJson(out));
});
