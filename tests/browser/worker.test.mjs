// mass-properties/worker in Chromium, as a page would use it: imported by its package name
// through an import map, the worker script found by its URL relative to the package (no
// configuration), typed arrays moved or copied as asked, errors as MassPropertiesErrors, and
// the page free while a large mesh is measured.
// Run: node --test tests/browser/   (needs /usr/bin/chromium and a built dist/)
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';

import { startServer } from '../../scripts/serve.mjs';
import { openBrowser } from './chromium.mjs';

// Each check runs in the page and reports plain data; the assertions are made in Node.
const MAIN = `
import { createWorker } from 'mass-properties/worker';

// The unit cube [0,1]^3, outward triangles; without its two z=0 triangles it has one square hole.
const CUBE = [0,0,0, 1,0,0, 1,1,0, 0,1,0, 0,0,1, 1,0,1, 1,1,1, 0,1,1];
const FACES = [0,2,1, 0,3,2, 4,5,6, 4,6,7, 0,1,5, 0,5,4, 1,2,6, 1,6,5, 2,3,7, 2,7,6, 3,0,4, 3,4,7];
const plain = (r) => ({ volume: r.volume, mass: r.mass, centerOfMass: Array.from(r.centerOfMass), inertia: Array.from(r.inertia) });
const errorOf = (promise) => promise.then(() => null, (e) => ({ name: e.name, code: e.code, message: e.message, isError: e instanceof Error }));

async function run() {
  const out = {};
  const w = createWorker();

  const positions = new Float64Array(CUBE);
  const indices = new Uint32Array(FACES);
  out.moved = plain(await w.mesh(positions, indices, { density: 2 }));
  out.movedLengths = [positions.byteLength, indices.byteLength];

  const kept = createWorker({ transfer: false });
  const p2 = new Float32Array(CUBE);
  const i2 = new Uint16Array(FACES);
  out.copied = plain(await kept.mesh(p2, i2));
  out.copiedLengths = [p2.byteLength, i2.byteLength];

  // A view into a larger buffer: only its bytes cross, and the buffer stays usable.
  const big = new ArrayBuffer(8 * (CUBE.length + 6));
  const view = new Float64Array(big, 24, CUBE.length);
  view.set(CUBE);
  out.view = plain(await w.mesh(view, new Uint32Array(FACES)));
  out.viewBufferLength = big.byteLength;

  out.box = plain(await w.box(1, 2, 3));
  // The same API driving the worker script started as a classic worker.
  const classic = createWorker({ worker: new Worker('/dist/mass-properties-worker.iife.js') });
  out.classicBox = plain(await classic.box(1, 2, 3));
  out.classicError = await errorOf(classic.sphere(-1));
  classic.terminate();
  out.nonFinite = await errorOf(w.mesh(new Float64Array([0, 0, NaN, 1, 0, 0, 0, 1, 0]), null));
  out.afterError = plain(await w.sphere(1));

  const open = new Uint32Array(FACES.slice(6));
  out.holes = (await kept.holes(new Float64Array(CUBE), open)).map((loop) => ({ type: loop.constructor.name, length: loop.length }));

  const parts = await kept.measureParts([
    { positions: new Float64Array(CUBE), indices: new Uint32Array(FACES), density: 1, name: 'cube' },
    { positions: new Float64Array([0, 0, 0, 1, 0, 0, 0, 1, 0]), indices: null, density: 1, name: 'flat' },
  ]);
  out.parts = parts.parts.map((p) => ({ name: p.name, hasResult: !!p.result, error: p.error && { code: p.error.code, isError: p.error instanceof Error, name: p.error.name } }));
  out.partsBody = plain(parts.body);

  try { createWorker({ tranfer: false }); out.badOption = null; } catch (e) { out.badOption = { name: e.name, code: e.code, message: e.message }; }

  // The page keeps running while the worker measures a large soup (about a million triangles).
  const n = 1 << 20;
  const soup = new Float32Array(9 * n);
  for (let k = 0; k < soup.length; k++) soup[k] = Math.sin(k * 12.9898) * 0.5;
  let ticks = 0;
  let ticking = true;
  const tick = () => { ticks++; if (ticking) setTimeout(tick, 0); };
  setTimeout(tick, 0);
  await w.inspect(soup, null);
  ticking = false;
  out.ticksWhileMeasuring = ticks;

  // A pending call is rejected when the worker is terminated, and so are later ones.
  const pending = errorOf(w.box(1, 1, 1));
  w.terminate();
  out.terminated = await pending;
  out.afterTerminate = await errorOf(w.box(1, 1, 1));

  // A worker whose script does not load: the call is rejected, not left waiting.
  const broken = createWorker({ worker: new Worker('/no-such-worker.js', { type: 'module' }) });
  out.broken = await errorOf(broken.box(1, 1, 1));
  return out;
}

run().then((value) => (window.result = { value }), (e) => (window.result = { error: String(e && e.stack || e) }));
`;

const PAGES = {
  '/worker-test/index.html': `<!doctype html>
<meta charset="utf-8">
<title>mass-properties/worker</title>
<link rel="icon" href="data:,">
<script type="importmap">{ "imports": { "mass-properties/worker": "/js/worker.js" } }</script>
<script type="module" src="/worker-test/main.js"></script>
`,
  '/worker-test/main.js': MAIN,
};

let server;
let browser;
let page;

before(async () => {
  server = await startServer({ port: 0, pages: PAGES });
  browser = await openBrowser('worker');
  page = await browser.firstPage();
});

after(async () => {
  await browser?.close(server);
});

const near = (actual, expected, tolerance = 1e-12) =>
  assert.ok(Math.abs(actual - expected) <= tolerance, `${actual} is not ${expected}`);

// Unit cube at density ρ: mass ρ, center 1/2, inertia about the center ρ/6 on the diagonal.
function checkCube(r, density = 1) {
  near(r.volume, 1);
  near(r.mass, density);
  r.centerOfMass.forEach((x) => near(x, 0.5));
  r.inertia.forEach((x, k) => near(x, k % 4 === 0 ? density / 6 : 0));
}

test('mass-properties/worker measures in a Web Worker, moves or copies arrays, and reports errors', async () => {
  await page.goto(`${server.url}worker-test/index.html`);
  await page.waitForFunction(() => window.result, null, { timeout: 120000 });
  const { value: r, error } = await page.evaluate(() => window.result);
  assert.equal(error, undefined, error);

  checkCube(r.moved, 2);
  assert.deepEqual(r.movedLengths, [0, 0], 'transferred arrays are empty afterwards');
  checkCube(r.copied);
  assert.deepEqual(r.copiedLengths, [24 * 4, 36 * 2], 'transfer: false leaves the arrays');
  checkCube(r.view);
  assert.equal(r.viewBufferLength, 8 * 30, 'a partial view is copied, its buffer kept');

  // 1×2×3 box: mass 6, I = m/12·(h²+d², w²+d², w²+h²) = (6.5, 5, 2.5).
  for (const box of [r.box, r.classicBox]) {
    near(box.mass, 6);
    [6.5, 0, 0, 0, 5, 0, 0, 0, 2.5].forEach((x, k) => near(box.inertia[k], x));
  }
  assert.equal(r.classicError.code, 'INVALID_DIMENSION');
  assert.equal(r.nonFinite.name, 'MassPropertiesError');
  assert.equal(r.nonFinite.code, 'NON_FINITE_POSITION');
  assert.ok(r.nonFinite.isError);
  near(r.afterError.volume, (4 / 3) * Math.PI);

  assert.deepEqual(r.holes, [{ type: 'Float64Array', length: 12 }], 'one square hole: 4 corners');
  assert.deepEqual(r.parts, [
    { name: 'cube', hasResult: true, error: undefined },
    { name: 'flat', hasResult: false, error: { code: 'ZERO_VOLUME', isError: true, name: 'MassPropertiesError' } },
  ]);
  checkCube(r.partsBody);
  assert.equal(r.badOption.code, 'INVALID_OPTIONS');
  assert.match(r.badOption.message, /tranfer/);

  assert.ok(
    r.ticksWhileMeasuring >= 2,
    `the page ran ${r.ticksWhileMeasuring} timer callbacks while the worker measured`,
  );
  assert.equal(r.terminated.code, 'INTERNAL');
  assert.equal(r.afterTerminate.code, 'INTERNAL');
  assert.equal(r.broken.code, 'INTERNAL');
});
