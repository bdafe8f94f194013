// The generated readers and writers (dist/layout-codec.js, made by scripts/layout-codec.mjs from the
// built module's layouts) against js/layout.js's generic codec, the reference they must match:
// the same objects (field order, nulls for unknown numbers, +0 for -0, absent structs) from the same
// bytes, and the same bytes from the same values, for the small calls' structs and, through the
// generator, every struct the module declares. And they are the ones every build uses.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as generated from '../../dist/layout-codec.js';
import { createCodec, layoutsHash } from '../../js/layout.js';
import { builtLayouts, layoutCodecSource } from '../../scripts/layout-codec.mjs';
import { rng } from './helpers/meshes.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const BUILDS = [
  'mass_properties_wasm',
  'mass_properties_wasm_scalar',
  'mass_properties_wasm_core',
  'mass_properties_wasm_core_scalar',
];

// A build's layouts as its _layouts() returns them, instantiated as init() does.
const layoutsOf = (name) => builtLayouts(ROOT, name);

const text = await layoutsOf('mass_properties_wasm_scalar');
const layouts = JSON.parse(text);

// Memory of random bytes, with the numbers a result may hold planted among them: NaN (unknown,
// read as null), -0, infinities, and flags that are 0 or 1 (a struct present or not).
const SPECIAL = [NaN, -0, 0, Infinity, -Infinity, 1, -1.5, 2 ** 31, 5e-324];
function randomMemory(random, bytes = 4096) {
  const buffer = new ArrayBuffer(bytes);
  const u8 = new Uint8Array(buffer);
  for (let i = 0; i < bytes; i++) u8[i] = Math.floor(random() * 256);
  const f64 = new Float64Array(buffer);
  for (let i = 0; i < f64.length; i++) if (random() < 0.3) f64[i] = SPECIAL[Math.floor(random() * SPECIAL.length)];
  for (let i = 0; i < bytes; i++) if (random() < 0.3) u8[i] = random() < 0.5 ? 0 : 1;
  return buffer;
}

const ADDRESS = 1024; // 8-aligned, as every slot is

// A value of `type` as the JavaScript writes one: numbers (special ones among them) in every
// array, a struct that may be absent (a `present` flag) null or given.
function randomValue(type, random) {
  const number = () => (random() < 0.3 ? SPECIAL[Math.floor(random() * SPECIAL.length)] : (random() - 0.5) * 1e6);
  const value = {};
  for (const field of layouts[type].fields) {
    const count = (field.shape ?? []).reduce((n, k) => n * k, 1);
    const scalar =
      field.type === 'bool'
        ? () => random() < 0.5
        : field.type === 'u32'
          ? () => Math.floor(random() * 2 ** 32)
          : number;
    let x;
    if (field.type in layouts)
      x = field.present !== undefined && random() < 0.3 ? null : randomValue(field.type, random);
    else if (!field.shape?.length) x = scalar();
    else if (field.shape.length === 1) x = Array.from({ length: count }, scalar);
    else x = Array.from({ length: field.shape[0] }, () => Array.from({ length: count / field.shape[0] }, scalar));
    value[field.name] = x;
  }
  return value;
}

function compare(types, codecOf) {
  const random = rng(18);
  for (let trial = 0; trial < 100; trial++) {
    const memory = randomMemory(random);
    const reference = createCodec(layouts, () => memory);
    const fast = codecOf(() => memory);
    for (const type of types.read) expect(fast.read(type, ADDRESS)).toEqual(reference.read(type, ADDRESS));
    for (const type of types.write) {
      const value = randomValue(type, random);
      const [a, b] = [memory.slice(0), memory.slice(0)];
      createCodec(layouts, () => a).write(type, ADDRESS, value);
      codecOf(() => b).write(type, ADDRESS, value);
      expect(Buffer.from(b).equals(Buffer.from(a))).toBe(true);
    }
  }
}

test('the generated readers and writers read and write what the generic codec does', () => {
  expect(Object.keys(generated.readers)).toContain('MassProperties');
  expect(Object.keys(generated.writers)).toEqual(expect.arrayContaining(['MeshView', 'MassOptions', 'MeshOptions']));
  compare({ read: Object.keys(generated.readers), write: Object.keys(generated.writers) }, (memory) =>
    createCodec(layouts, memory, generated),
  );
});

test('the generator matches the generic codec on every struct the module declares', async () => {
  const types = Object.keys(layouts);
  expect(types.length).toBeGreaterThan(15);
  // Readers of structs that hold no arrays of bool (the generic codec reads none either).
  const readable = types.filter((type) => !layouts[type].fields.some((f) => f.type === 'bool' && f.shape?.length));
  const dir = await mkdtemp(path.join(tmpdir(), 'layout-codec-'));
  try {
    const file = path.join(dir, 'codec.mjs');
    const source = layoutCodecSource(text, layoutsHash(text), { read: readable, write: types });
    await writeFile(
      file,
      source.replace("'../js/layout.js'", `'${pathToFileURL(path.join(ROOT, 'js/layout.js')).href}'`),
    );
    const all = await import(pathToFileURL(file).href);
    compare({ read: readable, write: types }, (memory) => createCodec(layouts, memory, all));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('every build has the layouts the generated codec was made from, so every build uses it', async () => {
  for (const name of BUILDS) expect(layoutsHash(await layoutsOf(name))).toBe(generated.LAYOUTS_HASH);
});

test('the layouts hash tells layouts apart by any character', () => {
  expect(layoutsHash(text)).toBe(generated.LAYOUTS_HASH);
  expect(layoutsHash(text.replace('"offset":8', '"offset":9'))).not.toBe(layoutsHash(text));
  expect(layoutsHash('')).toBe(0x811c9dc5);
});
