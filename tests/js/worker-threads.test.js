// mass-properties/worker in Node: createWorker drives a node:worker_threads Worker running
// js/worker-thread.js (which listens on its parentPort there), with the same answers and errors
// as in a browser's Web Worker (tests/browser/worker.test.mjs).
import { Worker } from 'node:worker_threads';

import { createWorker } from '../../js/worker.js';

const THREAD = new URL('../../js/worker-thread.js', import.meta.url);

// The unit cube [0,1]^3, outward triangles.
const CUBE = [0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0, 0, 0, 1, 1, 0, 1, 1, 1, 1, 0, 1, 1];
const FACES = [
  0, 2, 1, 0, 3, 2, 4, 5, 6, 4, 6, 7, 0, 1, 5, 0, 5, 4, 1, 2, 6, 1, 6, 5, 2, 3, 7, 2, 7, 6, 3, 0, 4, 3, 4, 7,
];

let w;
afterEach(() => w?.terminate());

test('a node:worker_threads Worker is accepted and measures a mesh and a box', async () => {
  w = createWorker({ worker: new Worker(THREAD) });
  const positions = new Float64Array(CUBE);
  const cube = await w.mesh(positions, new Uint32Array(FACES), { density: 2 });
  // The unit cube at density 2: mass 2, centre (½, ½, ½), moments m(1 + 1)/12 = 1/3.
  expect(cube.mass).toBeCloseTo(2, 14);
  Array.from(cube.centerOfMass).forEach((x) => expect(x).toBeCloseTo(0.5, 14));
  [0, 4, 8].forEach((k) => expect(cube.inertia[k]).toBeCloseTo(1 / 3, 14));
  expect(positions.byteLength).toBe(0); // moved into the thread, as with a Web Worker
  const box = await w.box(1, 2, 3);
  expect(box.mass).toBe(6);
});

test('errors cross as MassPropertiesErrors, and parts refused by measureParts too', async () => {
  w = createWorker({ worker: new Worker(THREAD), transfer: false });
  await expect(w.sphere(-1)).rejects.toMatchObject({ name: 'MassPropertiesError', code: 'INVALID_DIMENSION' });
  const { parts } = await w.measureParts([
    { positions: new Float64Array(CUBE), indices: new Uint32Array(FACES), density: 1 },
    { positions: new Float64Array([0, 0, NaN, 1, 0, 0, 0, 1, 0]), indices: null, density: 1 },
  ]);
  expect(parts[0].result.mass).toBeCloseTo(1, 14);
  expect(parts[1].error).toMatchObject({ name: 'MassPropertiesError', code: 'NON_FINITE_POSITION' });
});

test('a thread that exits rejects the calls still waiting', async () => {
  const thread = new Worker('process.exit(3)', { eval: true });
  w = createWorker({ worker: thread });
  await expect(w.box(1, 1, 1)).rejects.toMatchObject({ code: 'INTERNAL', message: 'the worker exited (code 3)' });
});

test('terminate() rejects calls still waiting', async () => {
  w = createWorker({ worker: new Worker(THREAD) });
  const waiting = w.box(1, 1, 1);
  w.terminate();
  await expect(waiting).rejects.toMatchObject({ code: 'INTERNAL', message: 'the worker was terminated' });
});

test('without a Web Worker (Node), createWorker() says to pass a worker_threads Worker', () => {
  expect(() => createWorker()).toThrow(/node:worker_threads Worker of 'mass-properties\/worker-thread'/);
});
