// The package under a strict Content-Security-Policy (no 'unsafe-eval'): a page and a module
// worker import /js/index.js, measure a box and a cube mesh, and no violation is reported. The
// wasm glue is built with -sDYNAMIC_EXECUTION=0; without it embind's new Function() is blocked.
// Run: node --test tests/browser/   (needs /usr/bin/chromium and a built dist/)
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';

import { STRICT_CSP, startServer } from '../../scripts/serve.mjs';
import { openBrowser } from './chromium.mjs';

// The same measurements in the page and in the worker; posted as JSON-safe numbers.
const MEASURE = `
import { init } from '/js/index.js';

// The unit cube [0,1]^3, outward triangles.
const positions = new Float64Array([0,0,0, 1,0,0, 1,1,0, 0,1,0, 0,0,1, 1,0,1, 1,1,1, 0,1,1]);
const indices = new Uint32Array([0,2,1, 0,3,2, 4,5,6, 4,6,7, 0,1,5, 0,5,4, 1,2,6, 1,6,5, 2,3,7, 2,7,6, 3,0,4, 3,4,7]);

export async function measure() {
  const mp = await init();
  const box = mp.box(1, 2, 3);
  const cube = mp.mesh(positions, indices);
  return {
    box: { mass: box.mass, inertia: Array.from(box.inertia) },
    cube: { volume: cube.volume, centerOfMass: Array.from(cube.centerOfMass), inertia: Array.from(cube.inertia) },
  };
}
`;

const PAGES = {
  '/csp/index.html': `<!doctype html>
<meta charset="utf-8">
<title>mass-properties under a strict CSP</title>
<link rel="icon" href="data:,">
<script type="module" src="/csp/main.js"></script>
`,
  // A page that tries eval itself, to show the policy is in force.
  '/csp/probe.html': `<!doctype html>
<meta charset="utf-8">
<title>eval under a strict CSP</title>
<link rel="icon" href="data:,">
<script src="/csp/probe.js"></script>
`,
  '/csp/probe.js': `
try {
  new Function('return 1');
  window.evalRefused = false;
} catch (error) {
  window.evalRefused = error instanceof EvalError;
}
`,
  '/csp/measure.js': MEASURE,
  '/csp/main.js': `
import { measure } from '/csp/measure.js';

const report = (key, promise) =>
  promise.then(
    (value) => (window[key] = { value }),
    (error) => (window[key] = { error: String(error && error.stack || error) }),
  );

report('pageResult', measure());
report('workerResult', new Promise((resolve, reject) => {
  const worker = new Worker('/csp/worker.js', { type: 'module' });
  worker.onmessage = ({ data }) => (data.error ? reject(new Error(data.error)) : resolve(data.value));
  worker.onerror = (event) => reject(new Error(event.message || 'worker failed'));
}));
`,
  '/csp/worker.js': `
import { measure } from '/csp/measure.js';

self.addEventListener('securitypolicyviolation', (e) => console.error('CSP violation in worker: ' + e.violatedDirective));
measure().then(
  (value) => postMessage({ value }),
  (error) => postMessage({ error: String(error && error.stack || error) }),
);
`,
};

let server;
let browser;
let page;
const problems = [];

before(async () => {
  server = await startServer({ port: 0, headers: { 'Content-Security-Policy': STRICT_CSP }, pages: PAGES });
  browser = await openBrowser('csp');
  page = await browser.firstPage();
  // Registered before any page script runs (DevTools injection is not subject to the CSP).
  await page.addInitScript(() => {
    window.violations = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      window.violations.push(`${e.violatedDirective} blocked ${e.blockedURI || '(inline)'}`);
    });
  });
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('requestfailed', (request) => problems.push(`request failed: ${request.url()}`));
});

after(async () => {
  await browser?.close(server);
});

function checkNumbers(result) {
  const near = (actual, expected, tolerance = 1e-14) =>
    assert.ok(Math.abs(actual - expected) <= tolerance, `${actual} is not ${expected}`);
  // 1×2×3 box, density 1: mass 6, I = m/12·(h²+d², w²+d², w²+h²) = (6.5, 5, 2.5).
  near(result.box.mass, 6);
  [6.5, 0, 0, 0, 5, 0, 0, 0, 2.5].forEach((x, k) => near(result.box.inertia[k], x));
  // Unit cube: V = 1, center 1/2, I = 1/6 on the diagonal.
  near(result.cube.volume, 1);
  result.cube.centerOfMass.forEach((x) => near(x, 0.5));
  result.cube.inertia.forEach((x, k) => near(x, k % 4 === 0 ? 1 / 6 : 0));
}

test('the package measures in a page and a module worker under a strict CSP', async () => {
  const response = await page.goto(`${server.url}csp/index.html`);
  assert.equal(response.headers()['content-security-policy'], STRICT_CSP);
  await page.waitForFunction(() => window.pageResult && window.workerResult, null, { timeout: 30000 });
  const { pageResult, workerResult, violations } = await page.evaluate(() => ({
    pageResult: window.pageResult,
    workerResult: window.workerResult,
    violations: window.violations,
  }));
  assert.deepEqual(violations, []);
  assert.deepEqual(problems, []);
  assert.equal(pageResult.error, undefined, pageResult.error);
  assert.equal(workerResult.error, undefined, workerResult.error);
  checkNumbers(pageResult.value);
  checkNumbers(workerResult.value);
});

test('the policy is in force: new Function() in a page script is refused and reported', async () => {
  // Guards the test above against a policy that is silently not applied (DevTools' own
  // evaluate is exempt from the CSP, so the probe is a page script).
  await page.goto(`${server.url}csp/probe.html`);
  const { evalRefused, violations } = await page.evaluate(() => ({
    evalRefused: window.evalRefused,
    violations: window.violations,
  }));
  assert.equal(evalRefused, true);
  assert.equal(violations.length, 1);
  assert.match(violations[0], /^script-src/);
});
