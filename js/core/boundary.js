// The JavaScript side of the boundary with one instance of the WebAssembly module. One
// convention (cpp/bindings/embind.cpp): every struct of the core crosses through its static slot
// by its layout, only sizes and addresses cross as arguments, and every call returns a status
// that becomes a MassPropertiesError with the core's message. The core's defaults are read here,
// from its input slots before anything is written to them.
import * as generated from '../../dist/layout-codec.js';
import { fail } from '../errors.js';
import { createCodec, layoutsHash } from '../layout.js';

// Memory the module keeps for itself beyond a call's arrays (its code, stack and statics).
const HEAP_RESERVE = 256 * 2 ** 20;
// A block kept for the module's lifetime, for small calls' arrays: a 12-triangle box then costs
// one crossing into the module, not four (allocate, size check, measure, release).
const SCRATCH_BYTES = 16 * 2 ** 10;

// The core writes each number of a message as its 64 bits in hex between two U+E000 marks
// (cpp/bindings/format_number.cpp); JavaScript writes the number (and -0 as -0: a sign that was
// refused must show).
const NUMBER_MARK = /\uE000([0-9a-f]{8})([0-9a-f]{8})\uE000/g;
const numberBits = new DataView(new ArrayBuffer(8));
function withNumbers(message) {
  return message.replace(NUMBER_MARK, (mark, high, low) => {
    numberBits.setUint32(0, parseInt(high, 16));
    numberBits.setUint32(4, parseInt(low, 16));
    const number = numberBits.getFloat64(0);
    return Object.is(number, -0) ? '-0' : String(number);
  });
}

/**
 * The values of an enum the bindings declare, by name (`rename`d): { solid: 0, shell: 1, … }.
 * @param {Record<string, any>} binding
 * @param {(name: string) => string} [rename]
 * @returns {Record<string, number>}
 */
function enumValues(binding, rename = (name) => name) {
  /** @type {Record<string, number>} */
  const values = {};
  for (const [name, value] of Object.entries(binding)) {
    if (typeof value?.value === 'number') values[rename(name)] = value.value;
  }
  return values;
}

/**
 * The boundary with `wasm` (an instantiated Emscripten module); `onTrap` runs once when the
 * module fails (traps), after which every call fails.
 */
export function createBoundary(wasm, onTrap) {
  const codes = wasm._statusCodes().split(' ');
  const layoutsText = wasm._layouts();
  const layouts = JSON.parse(layoutsText);
  // The generated readers and writers where they were made from this module's layouts (a module
  // rebuilt without scripts/bundle.mjs gets the generic ones).
  const fast = generated.LAYOUTS_HASH === layoutsHash(layoutsText) ? generated : undefined;
  const codec = createCodec(layouts, () => wasm.HEAPU8.buffer, fast);
  // Each result field's powers of length and mass, as the core lists them.
  const dimensions = Object.fromEntries(layouts.MassProperties.fields.map((field) => [field.name, field.dimension]));
  const slots = JSON.parse(wasm._slots());
  const heapLimit = wasm._heapMax() - HEAP_RESERVE;
  const read = (type) => codec.read(type, slots[type]);
  const write = (type, value) => codec.write(type, slots[type], value);
  /** The slot of `type`, its reader and writer looked up once (the small calls' structs). */
  function slot(type) {
    const { read: reader, write: writer } = codec.accessorsOf(type);
    const address = slots[type];
    return { read: () => reader(address), write: (value) => writer(address, value) };
  }
  const enums = {
    mode: enumValues(wasm.MeshMode, (name) => name.toLowerCase()),
    given: enumValues(wasm.MassGiven, (name) => name.toLowerCase()),
    scalar: enumValues(wasm.ScalarType), // by the names js/core/read.js gives: 'Float32', ...
    index: enumValues(wasm.IndexType),
  };
  // The core's defaults, read before any call has written the input slots (a duration has none).
  const core = {
    mass: read('MassOptions'),
    mesh: read('MeshOptions'),
    transform: read('Transform'),
    transform2d: read('Transform2D'),
    spin: read('SpinState'),
    spinOptions: read('SpinOptions'),
  };
  if (core.mass.given !== enums.given.density) throw new Error('the core no longer defaults to a density');
  const modeName = Object.keys(enums.mode).find((name) => enums.mode[name] === core.mesh.mode);
  /** What an option left out means, as the core decides it (MassOptions{} and MeshOptions{}). */
  const defaults = Object.freeze({
    density: core.mass.value,
    mode: modeName,
    thickness: core.mesh.thickness,
    weld: Object.freeze({ distance: core.mesh.weldDistance, relative: core.mesh.weldRelative }),
    check: core.mesh.check,
    intersections: core.mesh.intersections,
  });
  let trapped = null;
  const scratch = wasm._allocate(SCRATCH_BYTES);
  // What a mesh whose arrays fit the scratch block can need at most (the core's count for the
  // most vertices and corners that fit), so that such a mesh skips the per-call size check.
  const scratchMeshBytes = SCRATCH_BYTES + wasm._meshWorkingBytes(SCRATCH_BYTES / 12, SCRATCH_BYTES);

  // Runs a raw binding; a non-zero status becomes a MassPropertiesError with the core's message.
  function run(raw, ...args) {
    if (trapped) fail('INTERNAL', `the module failed earlier (${trapped}); call init() again for a fresh one`);
    let status;
    try {
      status = raw(...args);
    } catch (error) {
      trapped = String(error?.message ?? error);
      onTrap();
      fail('INTERNAL', `the WebAssembly module failed: ${trapped}; call init() again for a fresh one`);
    }
    if (status !== 0) fail(codes[status], withNumbers(wasm._message()));
  }

  // `what` names the input, or is a function that does (made only when it is needed).
  function tooLarge(what, bytes) {
    fail(
      'MESH_TOO_LARGE',
      `${typeof what === 'function' ? what() : what} needs about ${(bytes / 2 ** 30).toFixed(2)} GiB of WebAssembly memory; ` +
        `at most ${(heapLimit / 2 ** 30).toFixed(2)} GiB fit: measure it in parts and combine them`,
    );
  }

  // Memory of the module for one call, released whatever happens. `bytes` within the scratch
  // block (and `neededBytes`, what the call needs in all, if given): the block itself.
  function withMemory(bytes, what, use, neededBytes = () => bytes) {
    if (bytes <= SCRATCH_BYTES && scratch !== 0 && scratchMeshBytes <= heapLimit) return use(scratch);
    const needed = neededBytes();
    if (needed > heapLimit) tooLarge(what, needed);
    const address = bytes <= heapLimit ? wasm._allocate(bytes) : 0;
    if (address === 0) tooLarge(what, bytes);
    try {
      return use(address);
    } finally {
      wasm._release(address);
    }
  }

  return {
    wasm,
    codes,
    codec,
    heapLimit,
    enums,
    core,
    defaults,
    read,
    write,
    slot,
    run,
    tooLarge,
    withMemory,
    dimensions,
  };
}
