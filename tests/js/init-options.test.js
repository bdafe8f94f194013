// init({ wasmModule }): the package's .wasm compiled by the caller (as workerd hands it over) is
// used as given, and options init() does not know are refused by name.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

import { MassPropertiesError } from '../../js/index.js';

// A fresh copy of the package's loader (js/core/load.js, behind index.js's init) for each test:
// init() keeps its first module.
let copies = 0;
const freshInit = async () => (await import(`../../js/core/load.js?copy=${++copies}`)).init;

test('a compiled WebAssembly.Module of mass-properties/wasm is used as given', async () => {
  const { exports } = JSON.parse(await readFile(new URL('../../package.json', import.meta.url), 'utf8'));
  const file = fileURLToPath(new URL(`../../${exports['./wasm']}`, import.meta.url));
  const wasmModule = await WebAssembly.compile(await readFile(file));
  const mp = await (await freshInit())({ wasmModule });
  expect(mp[Symbol.for('mass-properties.moduleKind')]).toBe('given');
  // A 1 × 2 × 3 box at density 2: mass 12, moments 12·(b² + c², a² + c², a² + b²)/12.
  const box = mp.box(1, 2, 3, { density: 2 });
  expect(box.mass).toBe(12);
  expect(Array.from(box.inertia)).toEqual([13, 0, 0, 0, 10, 0, 0, 0, 5]);
});

test.each([
  [null, /init options must be an object, got null/],
  [{ wasm: 1 }, /unknown init option 'wasm'/],
  [{ wasmModule: new Uint8Array(8) }, /wasmModule must be a WebAssembly.Module, got Uint8Array/],
])('init(%p) is refused as INVALID_OPTIONS', async (options, message) => {
  const init = await freshInit();
  const error = await init(options).then(
    () => null,
    (e) => e,
  );
  expect(error).toBeInstanceOf(Error);
  expect(error.code).toBe('INVALID_OPTIONS');
  expect(error.message).toMatch(message);
  expect(error.name).toBe(new MassPropertiesError('INVALID_OPTIONS', '').name);
});
