// The demo's "Copy for Rapier / cannon-es / Babylon / glTF" menu in headless Chromium: each
// entry puts on the clipboard the numbers of the body on screen as that engine takes them, in
// SI units. Expected values are derived here from the page's own report (checked against the
// package by demo.test.mjs): SI scaling, Babylon's inertia per unit mass, cannon's principal frame.
// Run: node --test tests/browser/   (needs /usr/bin/chromium and a built dist/)
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';

import { startServer } from '../../scripts/serve.mjs';
import { openBrowser } from './chromium.mjs';

let server;
let browser;
let page;
const errors = [];

before(async () => {
  server = await startServer({ port: 0 });
  browser = await openBrowser('physics-copy');
  await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(server.url).origin });
  page = await browser.firstPage();
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  await page.goto(server.url);
});

after(async () => {
  await browser?.close(server);
});

// The report once the built-in model is measured in `unit` and nothing is busy.
async function measuredIn(unit) {
  await page.selectOption('#units', unit);
  await page.waitForFunction((u) => {
    const json = document.querySelector('#results').dataset.json;
    return json && JSON.parse(json).units.length === u && !document.body.hasAttribute('data-busy');
  }, unit);
  return JSON.parse(await page.$eval('#results', (el) => el.dataset.json));
}

async function copyFor(engine) {
  await page.evaluate(() => navigator.clipboard.writeText(''));
  await page.selectOption('#copy-for', engine);
  await page.waitForFunction(async () => (await navigator.clipboard.readText()) !== '');
  assert.equal(await page.$eval('#copy-for', (el) => el.value), '', 'the menu returns to its title');
  return page.evaluate(() => navigator.clipboard.readText());
}

const numbers = (text) => text.match(/-?\d+(\.\d+)?(e[-+]?\d+)?/g).map(Number);

function assertClose(got, want, what) {
  assert.ok(Math.abs(got - want) <= 1e-12 * Math.max(Math.abs(want), 1e-300), `${what}: got ${got}, want ${want}`);
}

test('each engine entry copies the body on screen in SI units, the way that engine takes it', async () => {
  // Centimetres and grams on the page: the snippets must convert to kg and m.
  const r = await measuredIn('cm');
  const mass = r.body.mass / 1000;
  const center = r.body.centerOfMass.map((x) => x / 100);
  const moments = r.body.principalMoments.map((x) => x / 1000 / 1e4);

  const motion = JSON.parse(await copyFor('gltf')).KHR_physics_rigid_bodies.motion;
  assertClose(motion.mass, mass, 'glTF mass');
  center.forEach((c, k) => assertClose(motion.centerOfMass[k], c, `glTF center ${k}`));
  moments.forEach((m, k) => assertClose(motion.inertiaDiagonal[k], m, `glTF moment ${k}`));
  assert.deepEqual(motion.inertiaOrientation, r.body.principalRotation);

  const rapier = await copyFor('rapier');
  assert.match(rapier, /setDensity\(0\)/);
  // Rapier reads {x, y, z} and {x, y, z, w} objects: the arguments must be written as such.
  const call = rapier.slice(rapier.indexOf('setAdditionalMassProperties('));
  const vector = String.raw`\{ x: (\S+), y: (\S+), z: (\S+) \}`;
  const rotation = String.raw`\{ x: (\S+), y: (\S+), z: (\S+), w: (\S+) \}`;
  const shape = new RegExp(
    String.raw`\(\s*(\S+), // mass\s*${vector}, //[^\n]*\s*${vector}, //[^\n]*\s*${rotation}, //`,
  );
  const args = shape.exec(call).slice(1).map(Number);
  [mass, ...center, ...moments, ...r.body.principalRotation].forEach((x, k) => assertClose(args[k], x, `Rapier ${k}`));

  const babylon = await copyFor('babylon');
  const inertia = numbers(/inertia: new BABYLON\.Vector3\(([^)]*)\)/.exec(babylon)[1]);
  moments.forEach((m, k) => assertClose(inertia[k], m / mass, `Babylon inertia per unit mass ${k}`));

  // cannon: the body at the center of mass, turned to the principal frame, with the principal moments.
  const cannon = await copyFor('cannon');
  const position = numbers(/body\.position\.set\(([^)]*)\)/.exec(cannon)[1]);
  center.forEach((c, k) => assertClose(position[k], c, `cannon position ${k}`));
  const quaternion = numbers(/body\.quaternion\.set\(([^)]*)\)/.exec(cannon)[1]);
  r.body.principalRotation.forEach((q, k) => assertClose(quaternion[k], q, `cannon quaternion ${k}`));
  const diagonal = numbers(/body\.inertia\.set\(([^)]*)\)/.exec(cannon)[1]);
  moments.forEach((m, k) => assertClose(diagonal[k], m, `cannon inertia ${k}`));
  assert.ok(cannon.indexOf('body.addShape(') < cannon.indexOf('body.inertia.set('), 'inertia set after addShape');

  assert.match(await page.$eval('#status', (el) => el.textContent), /copied for glTF|copied for cannon-es/);
  assert.deepEqual(errors, []);
  await page.selectOption('#units', 'm');
});
