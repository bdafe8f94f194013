// The package in Cloudflare's workerd (the npm package `workerd`), as a Worker is deployed: its
// script bundled by esbuild (as wrangler does) with the package's .wasm left as a module of its
// own ('mass-properties/wasm', a WebAssembly.Module: workerd compiles no bytes at run time), run
// by `workerd test`, whose test() handler prints the measurements.
// Run: node --test tests/runtimes/
import { after, test } from 'node:test';
import { execFileSync } from 'node:child_process';

import { bin, checkMeasured, lastJson, makeConsumer, missing } from './consumer.mjs';

const workerd = bin('workerd');

const WORKER = `import { init } from 'mass-properties';
import wasmModule from 'mass-properties/wasm';
import { measure } from './measure.mjs';

export default {
  async test() {
    console.log(JSON.stringify(measure(await init({ wasmModule }))));
  },
};
`;

// Where the package's exports map 'mass-properties/wasm' (workerd embeds files by relative path).
const WASM = 'node_modules/mass-properties/dist/mass_properties_wasm.wasm';
const CONFIG = `using Workerd = import "/workerd/workerd.capnp";
const config :Workerd.Config = (services = [(name = "main", worker = .worker)]);
const worker :Workerd.Worker = (
  modules = [
    (name = "worker.js", esModule = embed "worker.js"),
    (name = "mass-properties/wasm", wasm = embed ${JSON.stringify(WASM)}),
  ],
  compatibilityDate = "2025-01-01",
);
`;

const consumer = makeConsumer({ 'main.mjs': WORKER, 'config.capnp': CONFIG });
after(consumer.remove);

test(
  'workerd: a Worker bundled with the package measures a box, a sphere and a mesh',
  { skip: missing(workerd) ?? false },
  () => {
    const run = (file, args) =>
      execFileSync(file, args, { cwd: consumer.dir, encoding: 'utf8', timeout: 60_000, stdio: 'pipe' });
    run(bin('esbuild'), [
      'main.mjs',
      '--bundle',
      '--format=esm',
      '--external:mass-properties/wasm',
      '--outfile=worker.js',
      '--log-level=warning',
    ]);
    const out = run(workerd, ['test', 'config.capnp']);
    checkMeasured(lastJson(out));
  },
);
