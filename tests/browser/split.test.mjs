// The two modules in a page (docs/size.md): import + init() fetch the core module alone; a call
// that needs the full one fails with FULL_MODULE_NOT_LOADED (a page's main thread cannot load it
// within the call) and the core goes on; `await mp.loadFull()` fetches the full module, after
// which that call works, and a clean mesh keeps its numbers bit for bit. Prints the page's init()
// and loadFull() times (not checked: a timing is the benchmark's).
// Run: node --test tests/browser/   (needs /usr/bin/chromium and a built dist/)
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';

import { startServer } from '../../scripts/serve.mjs';
import { openBrowser } from './chromium.mjs';

const PAGE = `
import { init } from '/js/index.js';
const cube = new Float64Array([0,0,0, 1,0,0, 1,1,0, 0,1,0, 0,0,1, 1,0,1, 1,1,1, 0,1,1]);
const faces = new Uint32Array([0,2,1, 0,3,2, 4,5,6, 4,6,7, 0,1,5, 0,5,4, 1,2,6, 1,6,5, 2,3,7, 2,7,6, 3,0,4, 3,4,7]);
const open = faces.slice(0, 30); // no top face: the repair closes it
const codeOf = (call) => { try { call(); return null; } catch (e) { return [e.code, e.message]; } };
try {
  let t = performance.now();
  const mp = await init();
  const initMs = performance.now() - t;
  const parts = () => mp[Symbol.for('mass-properties.loadedParts')];
  const clean = mp.mesh(cube, faces, { density: 2 });
  const before = {
    parts: parts(),
    wasm: performance.getEntriesByType('resource').map((e) => e.name).filter((n) => n.endsWith('.wasm')),
    open: codeOf(() => mp.mesh(cube, open)),
    polygon: codeOf(() => mp.polygon(new Float64Array([0, 0, 2, 0, 0, 1]))),
    cleanMass: mp.mesh(cube, faces, { density: 2 }).mass,
  };
  t = performance.now();
  await mp.loadFull();
  const loadFullMs = performance.now() - t;
  window.result = {
    before,
    initMs,
    loadFullMs,
    parts: parts(),
    openVolume: mp.mesh(cube, open).volume,
    same: JSON.stringify(mp.mesh(cube, faces, { density: 2 })) === JSON.stringify(clean),
  };
} catch (e) {
  window.result = { error: String(e?.stack ?? e) };
}
`;

let server;
let browser;

before(async () => {
  server = await startServer({
    port: 0,
    pages: {
      '/split/index.html': `<!doctype html>
<meta charset="utf-8">
<title>mass-properties: the core module first</title>
<link rel="icon" href="data:,">
<script type="module" src="/split/main.js"></script>
`,
      '/split/main.js': PAGE,
    },
  });
  browser = await openBrowser('split');
});

after(async () => {
  await browser?.close(server);
});

test('a page fetches the core module, and the full one on mp.loadFull()', async () => {
  const page = await browser.firstPage();
  const problems = [];
  page.on('pageerror', (error) => problems.push(error.message));
  await page.goto(`${server.url}split/index.html`);
  await page.waitForFunction(() => window.result, null, { timeout: 60000 });
  const r = await page.evaluate(() => window.result);
  assert.deepEqual(problems, []);
  assert.equal(r.error, undefined, r.error);
  assert.equal(r.before.parts, 'core');
  assert.deepEqual(
    r.before.wasm.map((url) => url.replace(/.*\//, '')),
    ['mass_properties_wasm_core.wasm'],
  );
  for (const [code, message] of [r.before.open, r.before.polygon]) {
    assert.equal(code, 'FULL_MODULE_NOT_LOADED');
    assert.match(message, /await mp\.loadFull\(\)/);
  }
  assert.ok(Math.abs(r.before.cleanMass - 2) <= 1e-14); // the unit cube at density 2
  assert.equal(r.parts, 'core+full');
  assert.ok(Math.abs(r.openVolume - 1) <= 1e-14);
  assert.equal(r.same, true);
  console.log(`init() ${r.initMs.toFixed(1)} ms, mp.loadFull() ${r.loadFullMs.toFixed(1)} ms`);
});
