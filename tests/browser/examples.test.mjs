// The page examples run as their headers say (scripts/serve.mjs serving the example's folder)
// and show what they promise; examples/vite-app is built and run by vite.test.mjs.
// Run: node --test tests/browser/   (needs /usr/bin/chromium and a built dist/)
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';

import { startServer } from '../../scripts/serve.mjs';
import { openBrowser } from './chromium.mjs';

let browser;
const servers = [];

before(async () => {
  browser = await openBrowser('examples');
});

after(async () => {
  await browser?.close(...servers);
});

async function open(example) {
  const server = await startServer({ port: 0, root: `examples/${example}` });
  servers.push(server);
  const page = await browser.context.newPage();
  const problems = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => message.type() === 'error' && problems.push(message.text()));
  await page.goto(server.url);
  return { page, problems };
}

const near = (actual, expected, relative) =>
  assert.ok(Math.abs(actual - expected) <= relative * Math.abs(expected), `${actual} is not ${expected}`);

test('examples/web-page measures the box of its form on every edit', async () => {
  const { page, problems } = await open('web-page');
  const mass = () => page.$eval('#out', (e) => e.dataset.mass);
  await page.waitForFunction(() => document.getElementById('out').dataset.mass !== undefined);
  // 0.1 × 0.02 × 0.05 m of steel (7850 kg/m³): m = 0.785 kg; I = m(a² + b²)/12 over each pair.
  const m = 7850 * 0.1 * 0.02 * 0.05;
  near(Number(await mass()), m, 1e-14);
  const moments = (await page.$eval('#out', (e) => e.dataset.moments)).split(' ').map(Number);
  const expected = [0.02 ** 2 + 0.05 ** 2, 0.1 ** 2 + 0.02 ** 2, 0.1 ** 2 + 0.05 ** 2].map((s) => (m * s) / 12);
  expected.sort((a, b) => a - b).forEach((x, k) => near(moments[k], x, 1e-13));

  await page.fill('input[name=width]', '0.2');
  near(Number(await mass()), 2 * m, 1e-14);
  await page.fill('input[name=width]', '-1');
  assert.match(await page.$eval('#out', (e) => e.textContent), /^INVALID_DIMENSION: /);
  assert.deepEqual(problems, []);
});

test('examples/worker measures a two-million-triangle sphere in a worker while the page draws', async () => {
  const { page, problems } = await open('worker');
  await page.waitForFunction(() => document.getElementById('out').dataset.volume !== undefined, null, {
    timeout: 120000,
  });
  const text = await page.$eval('#out', (e) => e.textContent);
  // An inscribed UV sphere of 1000 × 1000 segments: its volume converges to the ball's as 1/n².
  near(Number(await page.$eval('#out', (e) => e.dataset.volume)), (4 / 3) * Math.PI, 1e-4);
  assert.match(text, /closed, 1 shell/);
  assert.match(text, /while the page drew [1-9]\d* frames/);
  assert.deepEqual(problems, []);
});
