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
