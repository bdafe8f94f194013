// The demo's panel fits the screens people use: at 1280×720 the mesh's repair lines and both
// tables are on screen without scrolling; at a phone's 390×844 nothing is cut off at the side
// (the principal axes' three columns of numbers included). A size that suggests other units
// gets its hint above the numbers. Screenshots go to tests/artifacts/.
// Run: node --test tests/browser/   (needs /usr/bin/chromium and a built dist/)
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { startServer } from '../../scripts/serve.mjs';
import { openBrowser } from './chromium.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const ARTIFACTS = path.join(ROOT, 'tests/artifacts');
// The panel's key elements: the numbers, the repairs in words and the two tables.
const KEY = ['#mass', '#center-of-mass', '#bounding-box', '#mesh-notes', '#inertia', '#principal'];

let server;
let browser;
let page;

before(async () => {
  server = await startServer({ port: 0 });
  await mkdir(ARTIFACTS, { recursive: true });
  browser = await openBrowser('layout');
  page = await browser.firstPage();
});

after(async () => {
  await browser?.close(server);
});

const settled = () =>
  page.waitForFunction(
    () => document.querySelector('#results').dataset.json && !document.body.hasAttribute('data-busy'),
  );

// The teapot: an open mesh with the most to say (holes capped, pieces crossing) and the widest
// numbers (×10⁻⁶ in both tables).
async function showTeapot(width, height) {
  await page.setViewportSize({ width, height });
  await page.goto(server.url);
  await settled();
  await page.selectOption('#model', 'teapot');
  await page.waitForFunction(() =>
    JSON.parse(document.querySelector('#results').dataset.json).model.includes('teapot'),
  );
  await settled();
}

// Each element's box in the viewport, and whether its content is wider than it.
const boxesOf = (selectors) =>
  page.evaluate(
    (list) =>
      list.map((selector) => {
        const el = document.querySelector(selector);
        const r = el.getBoundingClientRect();
        return {
          selector,
          left: r.left,
          top: r.top,
          right: r.right,
          bottom: r.bottom,
          clipped: el.scrollWidth > el.clientWidth + 1,
        };
      }),
    selectors,
  );

test('1280×720: the repair lines and both tables are on screen without scrolling', async () => {
  await showTeapot(1280, 720);
  await page.screenshot({ path: path.join(ARTIFACTS, 'demo-1280x720.png') });
  assert.match(await page.$eval('#mesh-notes', (el) => el.textContent), /holes closed/);
  for (const box of await boxesOf([...KEY, 'aside'])) {
    assert.ok(box.top >= 0 && box.bottom <= 720, `${box.selector} is outside 0..720 px: ${box.top}..${box.bottom}`);
    assert.ok(box.left >= 0 && box.right <= 1280, `${box.selector} is outside 0..1280 px: ${box.left}..${box.right}`);
    assert.ok(!box.clipped, `${box.selector} is cut off`);
  }
});

test('390×844 (a phone): nothing of the panel is cut off at the side', async () => {
  await showTeapot(390, 844);
  await page.screenshot({ path: path.join(ARTIFACTS, 'demo-390x844.png'), fullPage: true });
  assert.ok((await page.evaluate(() => document.documentElement.scrollWidth)) <= 390, 'the page scrolls sideways');
  for (const selector of KEY) {
    await page.$eval(selector, (el) => el.scrollIntoView({ block: 'center' }));
    const [box] = await boxesOf([selector]);
    assert.ok(box.left >= 0 && box.right <= 390, `${selector} is outside 0..390 px: ${box.left}..${box.right}`);
    assert.ok(box.top >= 0 && box.bottom <= 844, `${selector} does not fit the screen's height`);
    assert.ok(!box.clipped, `${selector} is cut off`);
  }
});

test('a 494 m box read in metres: the hint to read it in millimetres, above the numbers', async () => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto(server.url);
  await settled();
  // A 494 × 300 × 200 box as an ASCII STL (12 outward triangles).
  const c = (k) => [k & 1 ? 494 : 0, k & 2 ? 300 : 0, k & 4 ? 200 : 0].join(' ');
  const quads = [
    [0, 4, 6, 2],
    [1, 3, 7, 5],
    [0, 1, 5, 4],
    [2, 6, 7, 3],
    [0, 2, 3, 1],
    [4, 5, 7, 6],
  ];
  const facets = quads.flatMap(([p, q, r, s]) =>
    [
      [p, q, r],
      [p, r, s],
    ].map((t) => `facet normal 0 0 0\nouter loop\n${t.map((k) => `vertex ${c(k)}`).join('\n')}\nendloop\nendfacet`),
  );
  const stl = path.join(browser.dir, 'bust.stl');
  await writeFile(stl, `solid bust\n${facets.join('\n')}\nendsolid bust\n`);
  await page.setInputFiles('#file', stl);
  await page.waitForFunction(() => JSON.parse(document.querySelector('#results').dataset.json).model.includes('bust'));
  await settled();
  assert.equal(
    await page.$eval('#units-hint', (el) => el.textContent),
    'The largest side is 494 m: if the file is in millimetres, choose mm under Units.',
  );
  const [hint, mass] = await boxesOf(['#units-hint', '#mass']);
  assert.ok(hint.bottom <= mass.top && hint.bottom <= 720);
  // Read in millimetres, the bust is 494 mm: no hint.
  await page.selectOption('#units', 'mm');
  await page.waitForFunction(() => JSON.parse(document.querySelector('#results').dataset.json).units.length === 'mm');
  await settled();
  assert.equal(await page.$('#units-hint'), null);
});
