// The package in Deno (the npm package `deno`), imported by name from the project's node_modules
// as Deno does for a project with a package.json: with read permission (the .wasm file is read)
// and with none at all (the embedded bytes; process.env is not even readable).
// Run: node --test tests/runtimes/
import { after, test } from 'node:test';
import { execFileSync } from 'node:child_process';

import { ENTRY, bin, checkMeasured, lastJson, makeConsumer, missing } from './consumer.mjs';

const deno = bin('deno');
const consumer = makeConsumer({ 'main.mjs': ENTRY });
after(consumer.remove);

for (const [name, flags] of [
  ['with --allow-read --allow-env', ['--allow-read', '--allow-env']],
  ['with no permissions', []],
]) {
  test(
    `Deno ${name}: import 'mass-properties' measures a box, a sphere and a mesh`,
    { skip: missing(deno) ?? false },
    () => {
      const out = execFileSync(deno, ['run', '--no-prompt', ...flags, 'main.mjs'], {
        cwd: consumer.dir,
        encoding: 'utf8',
        timeout: 30_000,
        env: { ...process.env, NO_COLOR: '1', DENO_NO_UPDATE_CHECK: '1', DENO_DIR: `${consumer.dir}/.deno` },
      });
      checkMeasured(lastJson(out));
    },
  );
}
