// The two modules on a host that cannot load the full one within a call (a page's main thread,
// docs/size.md), as init() sees it there: no process.versions.node. A call the core cannot answer
// fails with FULL_MODULE_NOT_LOADED and says how to load it, never with a partial result; the
// core goes on working, and after `await mp.loadFull()` every call does.
import { box, uvSphere } from './helpers/meshes.js';

const real = globalThis.process;
globalThis.process = /** @type {any} */ ({ env: real.env, versions: {} });
const { init, measureParts } = await import('../../js/index.js');
const mp = await init();
globalThis.process = real;

const cube = box();
const open = { positions: cube.positions, indices: cube.indices.slice(0, 30) };
const triangle = new Float64Array([0, 0, 2, 0, 0, 1]);
const NOT_LOADED = { code: 'FULL_MODULE_NOT_LOADED', message: expect.stringContaining('await mp.loadFull()') };

// Every call that needs the full module, with arguments it accepts.
const needsFull = {
  'mp.mesh of an open mesh': () => mp.mesh(open.positions, open.indices),
  'mp.mesh in the convex mode': () => mp.mesh(cube.positions, cube.indices, { mode: 'convex' }),
  'mp.mesh in the shell mode': () => mp.mesh(cube.positions, cube.indices, { mode: 'shell', thickness: 0.01 }),
  'mp.mesh with intersections': () => mp.mesh(cube.positions, cube.indices, { intersections: true }),
  'mp.inspect': () => mp.inspect(cube.positions, cube.indices),
  'mp.holes': () => mp.holes(open.positions, open.indices),
  'mp.restingPoses': () => mp.restingPoses(cube.positions, cube.indices),
  'mp.polygon': () => mp.polygon(triangle),
  'mp.transform2d': () => mp.transform2d({ mass: 1, area: 1, centroid: [0, 0], inertia: [1, 0, 0, 1] }, { angle: 1 }),
  'mp.combine2d': () => mp.combine2d([{ mass: 1, area: 1, centroid: [0, 0], inertia: [1, 0, 0, 1] }]),
  'mp.simulateRotation': () =>
    mp.simulateRotation({ principalMoments: [1, 2, 3], angularVelocity: [0, 0, 1], duration: 1 }),
  'mp.submerged': () => mp.submerged(cube.positions, cube.indices, { height: 0.5 }),
  'mp.float': () => mp.float(cube.positions, cube.indices, { density: 500 }),
  'measureParts with an open part': () => measureParts(mp, [open]),
};

// One synchronous test: the first failure starts loading the full module, which may be loaded by
// the next task (so that a later call, or `await mp.loadFull()`, finds it sooner).
test('every call that needs the full module fails with FULL_MODULE_NOT_LOADED before mp.loadFull()', () => {
  for (const [name, call] of Object.entries(needsFull)) {
    let error = null;
    try {
      call();
    } catch (e) {
      error = e;
    }
    expect([name, error]).toEqual([name, expect.objectContaining(NOT_LOADED)]);
    // The core still answers what it can.
    expect(mp.mesh(cube.positions, cube.indices).volume).toBeCloseTo(1, 14);
  }
  expect(mp[Symbol.for('mass-properties.loadedParts')]).toBe('core');
});

test('after mp.loadFull() every one of those calls works, and a clean mesh keeps its numbers', async () => {
  const sphere = uvSphere(1, 48, 24);
  const byCore = mp.mesh(sphere.positions, sphere.indices);
  await mp.loadFull();
  expect(mp[Symbol.for('mass-properties.loadedParts')]).toBe('core+full');
  for (const call of Object.values(needsFull)) expect(call).not.toThrow();
  expect(mp.mesh(open.positions, open.indices).volume).toBeCloseTo(1, 14);
  expect(mp.polygon(triangle).area).toBe(1);
  expect(mp.mesh(sphere.positions, sphere.indices)).toEqual(byCore);
});
