// The package in every Node it supports: 18 (the oldest `engines` allows), this one (20 in CI)
// and 22, each importing it by name from a project's node_modules.
// Run: node --test tests/runtimes/   (Node 18 and 22 are fetched into build/ by scripts/test.sh)
import { after, test } from 'node:test';
import { execFileSync } from 'node:child_process';
import path from 'node:path';

import { ENTRY, ROOT, checkMeasured, lastJson, makeConsumer, missing } from './consumer.mjs';

const consumer = makeConsumer({ 'main.mjs': ENTRY });
after(consumer.remove);

for (const [name, node] of [
  ['Node 18', path.join(ROOT, 'build', 'node18', 'bin', 'node')],
  [`this Node (${process.version})`, process.execPath],
  ['Node 22', path.join(ROOT, 'build', 'node22', 'bin', 'node')],
]) {
  test(
    `${name}: import 'mass-properties' measures a box, a sphere and a mesh`,
    { skip: missing(node) ?? false },
    () => {
      const out = execFileSync(node, ['main.mjs'], { cwd: consumer.dir, encoding: 'utf8', timeout: 30_000 });
      checkMeasured(lastJson(out));
    },
  );
}
