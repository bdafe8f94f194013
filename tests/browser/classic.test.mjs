// The classic-script build (package.json "unpkg", dist/mass-properties.iife.js) where no module
// system is: a <script> tag in a page and importScripts() in a classic worker, each measuring
// with the global MassProperties.
// Run: node --test tests/browser/   (needs /usr/bin/chromium and a built dist/)
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { startServer } from '../../scripts/serve.mjs';
import { openBrowser } from './chromium.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const MEASURE = `
function measure(mp) {
  var cube = mp.mesh(
    new Float64Array([0,0,0, 1,0,0, 1,1,0, 0,1,0, 0,0,1, 1,0,1, 1,1,1, 0,1,1]),
    new Uint32Array([0,2,1, 0,3,2, 4,5,6, 4,6,7, 0,1,5, 0,5,4, 1,2,6, 1,6,5, 2,3,7, 2,7,6, 3,0,4, 3,4,7]),
    { density: 2 }
  );
  var code = null;
  try { mp.box(-1, 1, 1); } catch (e) { code = e instanceof MassProperties.MassPropertiesError && e.code; }
  return { boxMass: mp.box(1, 2, 3).mass, cubeMass: cube.mass, center: Array.from(cube.centerOfMass), code: code };
}
`;

let server;
let browser;

before(async () => {
  const unpkg = JSON.parse(await readFile(path.join(ROOT, 'package.json'), 'utf8')).unpkg.replace(/^\.\//, '/');
  server = await startServer({
    port: 0,
    pages: {
      '/classic/index.html': `<!doctype html>
<meta charset="utf-8">
<title>mass-properties as a classic script</title>
<link rel="icon" href="data:,">
<script src="${unpkg}"></script>
<script src="/classic/measure.js"></script>
<script src="/classic/main.js"></script>
`,
      '/classic/measure.js': MEASURE,
      '/classic/main.js': `
MassProperties.init().then(function (mp) { window.pageResult = measure(mp); },
  function (e) { window.pageResult = { error: String(e) }; });
var worker = new Worker('/classic/worker.js');
worker.onmessage = function (event) { window.workerResult = event.data; };
worker.onerror = function (event) { window.workerResult = { error: event.message || 'worker failed' }; };
`,
      '/classic/worker.js': `
importScripts('${unpkg}', '/classic/measure.js');
MassProperties.init().then(function (mp) { postMessage(measure(mp)); },
  function (e) { postMessage({ error: String(e) }); });
`,
    },
  });
  browser = await openBrowser('classic');
});

after(async () => {
  await browser?.close(server);
});

test('the classic-script build measures in a page and in a classic worker', async () => {
  const page = await browser.firstPage();
  const problems = [];
  page.on('pageerror', (error) => problems.push(error.message));
  await page.goto(`${server.url}classic/index.html`);
  await page.waitForFunction(() => window.pageResult && window.workerResult, null, { timeout: 60000 });
  const results = await page.evaluate(() => [window.pageResult, window.workerResult]);
  assert.deepEqual(problems, []);
  for (const r of results) {
    assert.equal(r.error, undefined, r.error);
    assert.equal(r.boxMass, 6); // 1 × 2 × 3 at density 1
    assert.ok(Math.abs(r.cubeMass - 2) <= 1e-14); // the unit cube at density 2
    r.center.forEach((x) => assert.ok(Math.abs(x - 0.5) <= 1e-15));
    assert.equal(r.code, 'INVALID_DIMENSION');
  }
});
