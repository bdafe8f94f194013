// webpack, Rollup and esbuild bundle the package as a user's app imports it, with no
// configuration for it and no warnings (Vite, which also runs the result in Chromium, is
// tests/browser/vite.test.mjs). Each bundler runs in a child process, as a user's build would;
// the Rollup and esbuild bundles then run in Node.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const modules = (name) => join(ROOT, 'node_modules', name);

let work;
beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'mass-properties-bundlers-'));
  mkdirSync(join(work, 'node_modules'));
  symlinkSync(ROOT, join(work, 'node_modules', 'mass-properties'), 'dir');
  writeFileSync(join(work, 'package.json'), '{ "type": "module" }\n'); // the bundles run as ES modules
  // The package's main entry, and its worker entry where the bundler follows new URL() workers.
  writeFileSync(
    join(work, 'main.js'),
    "import { init } from 'mass-properties';\ninit().then((mp) => console.log(mp.box(1, 2, 3).mass));\n",
  );
  writeFileSync(join(work, 'with-worker.js'), readFileSync(join(ROOT, 'examples', 'vite-app', 'main.js')));
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

// Runs a bundler script in a child process; it prints its warnings as JSON.
const bundle = (script) =>
  JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: work, encoding: 'utf8' }));

test('webpack 5 bundles the package and its worker with no warnings', () => {
  const out = bundle(`
import webpack from '${modules('webpack')}/lib/index.js';
webpack({ mode: 'production', context: ${JSON.stringify(work)}, entry: './with-worker.js',
  output: { path: ${JSON.stringify(join(work, 'webpack'))} }, performance: { hints: false } }).run((error, stats) => {
  if (error) throw error;
  const { warnings, errors } = stats.toJson({ all: false, warnings: true, errors: true });
  console.log(JSON.stringify([...warnings, ...errors].map((w) => w.message)));
});
`);
  expect(out).toEqual([]);
  // The worker's script became a chunk of its own; the .wasm of both builds of both modules and
  // the threaded core's are assets (init() fetches one core, loadFull() one full module), and the
  // single-thread ones' embedded copies, the fallback, chunks loaded only if that fails.
  const files = readdirSync(join(work, 'webpack'));
  const chunks = files.filter((f) => f.endsWith('.js')).map((f) => readFileSync(join(work, 'webpack', f), 'utf8'));
  expect(chunks.filter((c) => c.includes('the worker has no function')).length).toBe(1);
  const wasm = files.filter((f) => f.endsWith('.wasm')).map((f) => readFileSync(join(work, 'webpack', f)));
  expect(wasm.map((bytes) => bytes.readUInt32BE(0))).toEqual(Array(5).fill(0x0061736d));
  const embedded = (c) => /H4sI[\w+/]{40000}/.test(c); // a gzip stream in base64
  expect(chunks.filter(embedded).length).toBe(4);
  expect(embedded(readFileSync(join(work, 'webpack', 'main.js'), 'utf8'))).toBe(false);
}, 120_000);

test('Rollup with node-resolve bundles the main entry with no warnings', () => {
  const out = bundle(`
import { rollup } from '${modules('rollup')}/dist/es/rollup.js';
import resolve from '${modules('@rollup/plugin-node-resolve')}/dist/es/index.js';
const warnings = [];
const b = await rollup({ input: 'main.js', plugins: [resolve({ browser: true })], onwarn: (w) => warnings.push(w.message) });
await b.write({ dir: 'rollup', format: 'es' });
console.log(JSON.stringify(warnings));
`);
  expect(out).toEqual([]);
  // The bundle runs: the .wasm was not copied beside it, so init() takes the embedded copy.
  expect(execFileSync(process.execPath, [join(work, 'rollup', 'main.js')], { encoding: 'utf8' })).toBe('6\n');
}, 120_000);

test('esbuild bundles the main entry with no warnings', () => {
  const out = bundle(`
import { build } from '${modules('esbuild')}/lib/main.js';
const r = await build({ entryPoints: ['main.js'], bundle: true, format: 'esm', platform: 'browser', outdir: 'esbuild', logLevel: 'silent' });
console.log(JSON.stringify(r.warnings.map((w) => w.text)));
`);
  expect(out).toEqual([]);
  expect(execFileSync(process.execPath, [join(work, 'esbuild', 'main.js')], { encoding: 'utf8' })).toBe('6\n');
}, 120_000);
