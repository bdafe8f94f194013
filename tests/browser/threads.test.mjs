// The threaded core module in a browser: a page served cross-origin isolated (scripts/serve.mjs's
// ISOLATION_HEADERS) gets it from init(), with its threads as Web Workers, and measures a large
// sphere to the same bits as the single-thread core loaded beside it; a page without the headers
// gets the single-thread core.
// Run: node --test tests/browser/   (needs /usr/bin/chromium and a built dist/)
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';

import { ISOLATION_HEADERS, startServer } from '../../scripts/serve.mjs';
import { openBrowser } from './chromium.mjs';

const PAGES = {
  '/threads/index.html': `<!doctype html>
<meta charset="utf-8">
<title>mass-properties with threads</title>
<link rel="icon" href="data:,">
<script type="module" src="/threads/main.js"></script>
`,
  '/threads/main.js': `
import { init } from '/js/index.js';
import { init as initSingle } from '/js/core/load.js?single';

// A UV sphere of radius 1 (poles on z), 400 x 200: 80 000 triangles, several parts of each step.
function sphere(segments, rings) {
  const positions = [0, 0, 1];
  for (let k = 1; k < rings; ++k)
    for (let j = 0; j < segments; ++j) {
      const t = (Math.PI * k) / rings, p = (2 * Math.PI * j) / segments;
      positions.push(Math.sin(t) * Math.cos(p), Math.sin(t) * Math.sin(p), Math.cos(t));
    }
  positions.push(0, 0, -1);
  const ring = (k, j) => 1 + (k - 1) * segments + (j % segments);
  const south = positions.length / 3 - 1;
  const indices = [];
  for (let j = 0; j < segments; ++j) indices.push(0, ring(1, j), ring(1, j + 1));
  for (let k = 1; k + 1 < rings; ++k)
    for (let j = 0; j < segments; ++j)
      indices.push(ring(k, j), ring(k + 1, j), ring(k + 1, j + 1), ring(k, j), ring(k + 1, j + 1), ring(k, j + 1));
  for (let j = 0; j < segments; ++j) indices.push(south, ring(rings - 1, j + 1), ring(rings - 1, j));
  return { positions: new Float64Array(positions), indices: new Uint32Array(indices) };
}

try {
  const { positions, indices } = sphere(400, 200);
  const [mp, single] = await Promise.all([init(), initSingle({ threads: false })]);
  const a = mp.mesh(positions, indices);
  const b = single.mesh(positions, indices);
  window.result = {
    isolated: crossOriginIsolated,
    kind: mp[Symbol.for('mass-properties.moduleKind')],
    threads: mp[Symbol.for('mass-properties.threads')],
    singleKind: single[Symbol.for('mass-properties.moduleKind')],
    volume: a.volume,
    same: JSON.stringify(a) === JSON.stringify(b),
  };
} catch (error) {
  window.result = { error: String(error && error.stack || error) };
}
`,
};

let browser;

before(async () => {
  browser = await openBrowser('threads');
});

after(async () => {
  await browser?.close();
});

async function resultOf(headers) {
  const server = await startServer({ port: 0, headers, pages: PAGES });
  try {
    const page = await browser.context.newPage();
    await page.goto(`${server.url}threads/index.html`);
    await page.waitForFunction(() => window.result !== undefined, null, { timeout: 60000 });
    const result = await page.evaluate(() => window.result);
    await page.close();
    return result;
  } finally {
    await server.close();
  }
}

test('a cross-origin isolated page gets the threaded core, with the single-thread bits', async () => {
  const result = await resultOf(ISOLATION_HEADERS);
  assert.equal(result.error, undefined, result.error);
  assert.equal(result.isolated, true);
  assert.equal(result.kind, 'threads');
  assert.ok(result.threads >= 2, `threads: ${result.threads}`);
  assert.equal(result.singleKind, 'simd');
  assert.equal(result.same, true);
  // The inscribed polyhedron is within 1e-3 of 4/3 pi.
  assert.ok(Math.abs(result.volume - (4 / 3) * Math.PI) < 1e-3, `volume ${result.volume}`);
});

test('a page that is not cross-origin isolated gets the single-thread core', async () => {
  const result = await resultOf({});
  assert.equal(result.error, undefined, result.error);
  assert.equal(result.isolated, false);
  assert.equal(result.kind, 'simd');
  assert.equal(result.same, true);
});
