// init() failures arrive as rejected promises with typed errors, and a later call tries again.
// The Emscripten module is replaced by a stand-in that fails the way a strict Content-Security-
// Policy made it fail (an EvalError thrown synchronously), then loads for real.
import { jest } from '@jest/globals';

// The single-thread core, whose glue is the stand-in (in Node, init() would otherwise take the
// threaded core, and fall back to this one only after the threaded one failed).
process.env.MASS_PROPERTIES_WASM ??= 'simd';

let attempts = 0;
// The glue of the module init() loads first, the core one (docs/size.md).
const real = await import('../../dist/mass_properties_wasm_core.js');

jest.unstable_mockModule('../../dist/mass_properties_wasm_core.js', () => ({
  default: (...args) => {
    attempts += 1;
    if (attempts === 1) throw new EvalError('Code generation from strings disallowed for this context');
    return real.default(...args);
  },
}));

const { init, MassPropertiesError } = await import('../../js/index.js');

test('a synchronous failure inside init() is a rejected promise with a typed error', async () => {
  let returned;
  expect(() => {
    returned = init();
  }).not.toThrow();
  await expect(returned).rejects.toBeInstanceOf(MassPropertiesError);
  await expect(returned).rejects.toMatchObject({ code: 'INTERNAL', message: expect.stringMatching(/Code generation/) });
});

test('after a failed load, the next init() loads afresh', async () => {
  const mp = await init();
  expect(mp.box(1, 1, 1).mass).toBe(1);
  expect(attempts).toBe(2);
  expect(await init()).toBe(mp);
});

test("init()'s warm-up, a mesh measured in a task of its own, leaves the module's heap where it was", async () => {
  const mp = await init();
  const heapInUse = mp[Symbol.for('mass-properties.heapInUse')];
  const before = heapInUse();
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(heapInUse()).toBe(before);
  expect(mp.box(1, 2, 3).mass).toBe(6);
});

// The first pass in a task of its own (baseline code: a long task would block a page), the rest
// (12 in all) in tasks of at most about 8 ms each, cancelled by the app's own first mesh; the
// sphere is closed, so the core module measures it.
test("init()'s warm-up measures its sphere in separate tasks, and stops when cancelled", async () => {
  const { scheduleWarmUp } = await import('../../js/core/warm-up.js');
  const tick = () => new Promise((resolve) => setTimeout(resolve, 0));
  const calls = [];
  scheduleWarmUp((positions, indices) => calls.push([positions.length / 3, indices.length / 3]));
  expect(calls).toHaveLength(0); // nothing within the call
  await tick();
  expect(calls).toHaveLength(1);
  await tick();
  expect(calls).toHaveLength(12); // quick passes share a task
  await tick();
  await tick();
  expect(calls).toHaveLength(12);
  // Slow passes (5 ms each) yield after the task's 8 ms, and go on in later tasks.
  const slow = [];
  scheduleWarmUp(() => {
    const start = performance.now();
    while (performance.now() - start < 5);
    slow.push(1);
  });
  await tick();
  await tick();
  expect(slow.length).toBeGreaterThan(1);
  expect(slow.length).toBeLessThanOrEqual(3);
  while (slow.length < 12) await tick();
  await tick();
  expect(slow).toHaveLength(12);
  expect(calls[0]).toEqual([128 * 63 + 2, 2 * 128 * 63]);
  const cancelled = [];
  const cancel = scheduleWarmUp(() => cancelled.push(1));
  await tick();
  cancel();
  await tick();
  await tick();
  expect(cancelled).toHaveLength(1);
  // The sphere is one clean closed piece, which the core module measures (a page's warm-up).
  const spheres = [];
  scheduleWarmUp((...sphere) => spheres.push(sphere));
  await tick();
  const r = (await init()).mesh(...spheres[0]);
  expect([r.diagnostics.closed, r.diagnostics.shells, r.diagnostics.weldedVertices]).toEqual([true, 1, 0]);
  expect(r.volume).toBeGreaterThan(4); // a unit sphere's polyhedron: below 4π/3, near it
  expect(r.volume).toBeLessThan((4 * Math.PI) / 3);
});
