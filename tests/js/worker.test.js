// mass-properties/worker in Node: the client and the worker's own script joined by an in-process
// channel that clones and transfers exactly as postMessage does (structuredClone), so the
// protocol, the typed errors and what is moved or copied are checked without a browser
// (tests/browser/worker.test.mjs runs the same package in a real Web Worker).
import { init, MassPropertiesError } from '../../js/index.js';
import { packForTransfer } from '../../js/transfer.js';
import { createWorker } from '../../js/worker.js';
import { box as boxMesh } from './helpers/meshes.js';

// A Web Worker whose other side is js/worker-thread.js loaded into this process with a `self`.
function channel({ install = true } = {}) {
  const toThread = new EventTarget();
  const toClient = new EventTarget();
  const deliver = (target, message, transfer) => {
    const data = structuredClone(message, { transfer });
    queueMicrotask(() => target.dispatchEvent(Object.assign(new Event('message'), { data })));
  };
  if (install) {
    globalThis.self = {
      addEventListener: (type, fn) => toThread.addEventListener(type, fn),
      postMessage: (message, transfer = []) => deliver(toClient, message, transfer),
    };
  }
  const worker = {
    terminated: false,
    postMessage: (message, transfer = []) => deliver(toThread, message, transfer),
    addEventListener: (type, fn) => toClient.addEventListener(type, fn),
    terminate() {
      this.terminated = true;
    },
    send: (data) => toThread.dispatchEvent(Object.assign(new Event('message'), { data })),
    fail: (message) => toClient.dispatchEvent(Object.assign(new Event('error'), { message })),
  };
  return worker;
}

let fake;
beforeAll(async () => {
  fake = channel();
  await import('../../js/worker-thread.js');
});

const rejection = (promise) =>
  promise.then(
    () => null,
    (error) => error,
  );

test('a mesh measured through the worker is the unit cube, and the moved arrays are empty afterwards', async () => {
  const w = createWorker({ worker: fake });
  const { positions, indices } = boxMesh([0, 0, 0], [1, 1, 1]);
  const r = await w.mesh(positions, indices, { density: 3 });
  // Unit cube at density 3: mass 3, center 1/2, inertia 3/6 on the diagonal about the center.
  expect(r.mass).toBeCloseTo(3, 13);
  r.centerOfMass.forEach((x) => expect(x).toBeCloseTo(0.5, 14));
  r.inertia.forEach((x, k) => expect(x).toBeCloseTo(k % 4 === 0 ? 0.5 : 0, 13));
  expect(positions.byteLength).toBe(0);
  expect(indices.byteLength).toBe(0);
});

test('resting poses come through the worker: a cube lands on each face one time in six', async () => {
  const w = createWorker({ worker: fake });
  const { positions, indices } = boxMesh([0, 0, 0], [1, 1, 1]);
  const poses = await w.restingPoses(positions, indices);
  expect(poses).toHaveLength(6);
  poses.forEach((p) => expect(p.probability).toBeCloseTo(1 / 6, 14));
  expect(poses[0].supportPolygon).toHaveLength(12); // four corners, xyz
});

test('transfer: false copies the arrays and leaves them to the caller', async () => {
  const w = createWorker({ worker: fake, transfer: false });
  const { positions, indices } = boxMesh([0, 0, 0], [2, 1, 1]);
  const before = Array.from(positions);
  expect((await w.mesh(positions, indices)).volume).toBeCloseTo(2, 13);
  expect(Array.from(positions)).toEqual(before);
});

test('errors arrive as MassPropertiesErrors with the core code, and the worker goes on', async () => {
  const w = createWorker({ worker: fake });
  const error = await rejection(w.mesh(new Float64Array([0, 0, 0, 1, 0, 0, 0, 1]), null));
  expect(error).toBeInstanceOf(MassPropertiesError);
  expect(error.code).toBe('INVALID_LENGTH');
  expect((await w.box(1, 2, 3)).mass).toBeCloseTo(6, 14);
});

test('measureParts reports refused parts with MassPropertiesErrors and combines the others', async () => {
  const w = createWorker({ worker: fake });
  const cube = boxMesh([0, 0, 0], [1, 1, 1]);
  const flat = { positions: new Float64Array([0, 0, 0, 1, 0, 0, 0, 1, 0]), indices: null };
  const { body, parts } = await w.measureParts([
    { ...cube, density: 2, id: 'cube' },
    { ...flat, density: 2, id: 'flat' },
  ]);
  expect(body.mass).toBeCloseTo(2, 13);
  expect(parts.map((p) => p.id)).toEqual(['cube', 'flat']);
  expect(parts[1].error).toBeInstanceOf(MassPropertiesError);
  expect(parts[1].error.code).toBe('ZERO_VOLUME');
});

test('a request for a function the module lacks is answered with INVALID_ARGUMENT', async () => {
  const replies = [];
  fake.addEventListener('message', ({ data }) => replies.push(data));
  fake.send({ id: 1e9, method: 'eval', args: ['1'] });
  fake.send({ id: 1e9 + 1, method: 'errorCodes', args: [] });
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(replies.map((r) => r.error.code)).toEqual(['INVALID_ARGUMENT', 'INVALID_ARGUMENT']);
});

test('a worker that fails or is terminated rejects what waits and every later call', async () => {
  const broken = channel({ install: false });
  const w = createWorker({ worker: broken }); // nothing answers on this channel's thread side
  const waiting = rejection(w.box(1, 1, 1));
  broken.fail('script error');
  expect((await waiting).code).toBe('INTERNAL');
  expect((await rejection(w.box(1, 1, 1))).message).toMatch(/script error/);

  const t = createWorker({ worker: fake });
  const pending = rejection(t.box(1, 1, 1));
  t.terminate();
  expect(fake.terminated).toBe(true);
  expect((await pending).code).toBe('INTERNAL');
  expect((await rejection(t.sphere(1))).code).toBe('INTERNAL');
});

test('createWorker refuses unknown options and things that are not workers', () => {
  const code = (fn) => {
    try {
      fn();
    } catch (e) {
      return [e.name, e.code, e.message];
    }
    return null;
  };
  expect(code(() => createWorker({ worker: fake, tranfer: false }))).toEqual([
    'MassPropertiesError',
    'INVALID_OPTIONS',
    "unknown createWorker option 'tranfer'",
  ]);
  expect(code(() => createWorker({ worker: {} }))[1]).toBe('INVALID_OPTIONS');
  expect(code(() => createWorker({ worker: fake, transfer: 'yes' }))[1]).toBe('INVALID_OPTIONS');
  expect(code(() => createWorker(7))[1]).toBe('INVALID_OPTIONS');
  // Node has no Web Worker: the message says to pass one.
  expect(code(() => createWorker())).toEqual([
    'MassPropertiesError',
    'INVALID_ARGUMENT',
    "this runtime has no Web Worker: pass { worker }, e.g. a node:worker_threads Worker of 'mass-properties/worker-thread'",
  ]);
});

describe('packForTransfer', () => {
  test('moves whole buffers once, copies partial views, and moves nothing unless asked', () => {
    const whole = new Float32Array([1, 2, 3]);
    const big = new ArrayBuffer(64);
    const view = new Float64Array(big, 8, 3);
    view.set([4, 5, 6]);
    const [packed, moved] = packForTransfer([{ positions: whole, indices: null, again: whole }, view], true);
    expect(moved).toEqual([whole.buffer]);
    expect(packed[0].positions).toBe(whole);
    expect(packed[1]).not.toBe(view);
    expect(Array.from(packed[1])).toEqual([4, 5, 6]);
    expect(packed[1].buffer.byteLength).toBe(24);
    expect(packForTransfer([whole], false)[1]).toEqual([]);
  });

  test('leaves shared memory, class instances and deep values as they are', () => {
    const shared = new Float64Array(new SharedArrayBuffer(24));
    const instance = new (class Part {})();
    const deep = { a: { b: { c: { d: new Float32Array(3) } } } };
    const [packed, moved] = packForTransfer([shared, instance, deep], true);
    expect(moved).toEqual([]);
    expect(packed[0]).toBe(shared);
    expect(packed[1]).toBe(instance);
    expect(packed[2].a.b.c).toBe(deep.a.b.c);
  });
});

test('the worker offers every function of the module, and measureParts', async () => {
  const mp = await init();
  // But loadFull: the worker's thread loads the full module before its first request.
  const functions = Object.keys(mp).filter((k) => typeof mp[k] === 'function' && k !== 'loadFull');
  const offered = Object.keys(createWorker({ worker: fake }));
  expect(offered.sort()).toEqual([...functions, 'measureParts', 'terminate'].sort());
  // A 2 × 1 rectangle through the worker: area 2, polar moment m(a² + b²)/12 = 2 · 5 / 12.
  const w = createWorker({ worker: fake });
  const plate = await w.polygon(new Float64Array([0, 0, 2, 0, 2, 1, 0, 1]));
  expect(plate.area).toBeCloseTo(2, 14);
  expect(plate.polarMoment).toBeCloseTo(10 / 12, 14);
});
