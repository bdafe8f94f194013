// The package in a Vite app with no configuration: `vite build` of examples/vite-app (the
// package linked into its node_modules as an install would put it) bundles the main entry and
// finds mass-properties/worker's worker script by itself, emits the .wasm as an asset, warns about
// nothing; the built page computes in Chromium.
// Run: node --test tests/browser/   (needs /usr/bin/chromium and a built dist/)
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createReadStream } from 'node:fs';
import { cp, mkdir, readdir, stat, symlink } from 'node:fs/promises';
import { createServer } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { openBrowser } from './chromium.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.wasm': 'application/wasm' };

let server;
let browser;
const warnings = [];

// Serves a built app's folder on a free loopback port.
function serve(dir) {
  const s = createServer(async (req, res) => {
    const file = path.join(dir, decodeURIComponent(new URL(req.url, 'http://x').pathname));
    const target = file.endsWith(path.sep) ? path.join(file, 'index.html') : file;
    if (!target.startsWith(dir) || !(await stat(target).catch(() => null))?.isFile()) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'Content-Type': TYPES[path.extname(target)] ?? 'application/octet-stream' });
    createReadStream(target).pipe(res);
  });
  return new Promise((resolve) => s.listen(0, '127.0.0.1', () => resolve(s)));
}

before(async () => {
  browser = await openBrowser('vite');
  const app = path.join(browser.dir, 'app');
  // The example's sources only (not a node_modules or dist/ of someone who ran it by hand).
  await cp(path.join(ROOT, 'examples', 'vite-app'), app, {
    recursive: true,
    filter: (from) => !/[\\/](node_modules|dist)$/.test(from),
  });
  await mkdir(path.join(app, 'node_modules'));
  await symlink(ROOT, path.join(app, 'node_modules', 'mass-properties'), 'dir');
  const note = (message) => warnings.push(message);
  await build({
    root: app,
    configFile: false,
    logLevel: 'warn',
    customLogger: {
      info() {},
      warn: note,
      warnOnce: note,
      error: note,
      clearScreen() {},
      hasErrorLogged: () => false,
      hasWarned: false,
    },
  });
  server = await serve(path.join(app, 'dist'));
});

after(async () => {
  await browser?.close(server);
});

test('vite build bundles the package and its worker without configuration, and the app computes', async () => {
  const assets = await readdir(path.join(browser.dir, 'app', 'dist', 'assets'));
  assert.ok(
    assets.some((f) => /^worker-thread-.*\.js$/.test(f)),
    `no worker chunk among ${assets.join(', ')}`,
  );
  // The .wasm of both builds are assets of their own (one is fetched); no chunk passes Vite's
  // 500 kB advice, and every other warning (e.g. CommonJS variables in the glue) is a defect.
  assert.equal(assets.filter((f) => /^mass_properties_wasm(_scalar)?-.*\.wasm$/.test(f)).length, 2, assets.join(', '));
  assert.deepEqual(warnings, [], 'vite warned');

  const page = await browser.firstPage();
  const problems = [];
  page.on('pageerror', (error) => problems.push(error.message));
  const requested = [];
  page.on('request', (request) => requested.push(new URL(request.url()).pathname));
  await page.goto(`http://127.0.0.1:${server.address().port}/`);
  await page.waitForFunction(() => window.result, null, { timeout: 60000 });
  const result = await page.evaluate(() => window.result);
  assert.equal(result.error, undefined, result.error);
  assert.deepEqual(problems, []);
  // The page and its worker fetched the SIMD module's file, not the embedded copy.
  assert.ok(
    requested.some((p) => /\/mass_properties_wasm-.*\.wasm$/.test(p)),
    requested.join(', '),
  );
  assert.deepEqual(
    requested.filter((p) => /embedded/.test(p)),
    [],
  );
  // 0.1 × 0.02 × 0.05 m of steel at 7850 kg/m³
  assert.ok(Math.abs(result.boxMass - 0.785) <= 1e-14, `box mass ${result.boxMass}`);
  assert.ok(Math.abs(result.sphereVolume - (4 / 3) * Math.PI) <= 1e-12, `sphere volume ${result.sphereVolume}`);
});
