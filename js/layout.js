// Reads and writes the core's value types in wasm memory by the layouts that the bindings
// declare (cpp/bindings/embind.cpp): one description per type, no per-field code here. Each
// layout is compiled once into a list of small readers and writers over typed views of memory.
// The small calls' structs have readers and writers generated from the same layouts at build time
// (dist/layout-codec.js, scripts/layout-codec.mjs), used where the module's layouts are theirs.
import { fail, typeName } from './errors.js';

const SHIFTS = { f64: 3, u32: 2, bool: 0 };

// Memory views, remade only when they do not reach `end` (the byte after what is read or
// written): after the memory has grown (its old buffer detached: the views read as empty), or, for
// memory that grows in place, past their length. Checking the length spares a call to `memory()`
// (a property of the Emscripten module, a dictionary-mode object) for every value read or written.
// (f32: for the copy of a mesh's Float32 positions.)
function viewsOf(memory) {
  const views = {
    f64: new Float64Array(0),
    f32: new Float32Array(0),
    u32: new Uint32Array(0),
    bool: new Uint8Array(0),
  };
  return (end) => {
    if (views.bool.length < end) {
      const current = memory();
      views.f64 = new Float64Array(current, 0, current.byteLength >> 3);
      views.f32 = new Float32Array(current, 0, current.byteLength >> 2);
      views.u32 = new Uint32Array(current, 0, current.byteLength >> 2);
      views.bool = new Uint8Array(current);
    }
    return views;
  };
}

// Numbers that cannot be known (NaN from the core) are null in JS, and so is an array holding one.
// Every number of every result passes here, so this is the one place where -0 becomes 0
// (-0 + 0 is +0: results print without "-0").
export const number = (x) => (x !== x ? null : x + 0); // eslint-disable-line no-self-compare

/** `count` numbers of `memory` from `at`, or null if one is NaN (vectors of 3 built at once: the common case). */
export function numbers(memory, at, count) {
  if (count === 3) {
    const x = memory[at],
      y = memory[at + 1],
      z = memory[at + 2];
    return x !== x || y !== y || z !== z ? null : [x + 0, y + 0, z + 0]; // eslint-disable-line no-self-compare
  }
  // Grown from [] rather than made as new Array(count): a packed array of doubles from the start.
  const flat = [];
  for (let i = 0; i < count; i++) {
    const x = memory[at + i];
    if (x !== x) return null; // eslint-disable-line no-self-compare
    flat.push(x + 0);
  }
  return flat;
}

/** matrix(numbers(memory, at, 9), 3) (the principal axes of every result), its rows read at once. */
export function matrix3(memory, at) {
  const r0 = numbers(memory, at, 3),
    r1 = numbers(memory, at + 3, 3),
    r2 = numbers(memory, at + 6, 3);
  return r0 === null || r1 === null || r2 === null ? null : [r0, r1, r2];
}

// A struct's value from its compiled fields: one loop over them rather than a closure per
// field (a small call reads some 80 numbers; the calls through closures were a third of its time).
/** @returns {any} the value, shaped as the layout says */
function readFields(fields, v, base) {
  const out = {};
  for (let i = 0; i < fields.length; i++) {
    const field = fields[i];
    const at = base + field.offset;
    let value = null;
    if (field.present === -1 || v.bool[base + field.present] !== 0) {
      if (field.nested !== null) value = readFields(field.nested, v, at);
      else if (field.type === 'bool') value = v.bool[at] !== 0;
      else {
        const memory = field.type === 'f64' ? v.f64 : v.u32;
        const start = at >> field.shift;
        if (field.count === 0) value = number(memory[start]);
        else {
          const flat = numbers(memory, start, field.count);
          value = field.rows === 0 ? flat : matrix(flat, field.rows);
        }
      }
    }
    out[field.name] = value;
  }
  return out;
}

/** A matrix's `count` rows from its numbers, unless a number is unknown (`flat` null). */
export function matrix(flat, count) {
  if (flat === null) return null;
  const inner = flat.length / count;
  const rows = new Array(count);
  for (let r = 0; r < count; r++) rows[r] = flat.slice(r * inner, (r + 1) * inner);
  return rows;
}

/** FNV-1a of the layouts' JSON text: names the layouts a generated reader or writer was made from. */
export function layoutsHash(text) {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}

// A layout as the list readFields walks: offsets, element shifts, counts and nested layouts.
function compileFields(layouts, type, cache) {
  if (cache[type]) return cache[type];
  const fields = layouts[type].fields.map((field) => {
    const nested = field.type in layouts ? compileFields(layouts, field.type, cache) : null;
    const shape = field.shape ?? [];
    if (field.type === 'bool' && shape.length > 0)
      throw new Error(`${type}.${field.name}: arrays of bool are not read`);
    return {
      name: field.name,
      nested,
      type: field.type,
      offset: field.offset,
      shift: nested === null ? SHIFTS[field.type] : 0,
      count: shape.reduce((n, k) => n * k, shape.length === 0 ? 0 : 1),
      rows: shape.length === 2 ? shape[0] : 0,
      present: field.present ?? -1,
    };
  });
  cache[type] = fields;
  return fields;
}

function compileWriter(layouts, type, cache) {
  if (cache[type]) return cache[type];
  const fields = layouts[type].fields.map((field) => {
    const shift = SHIFTS[field.type];
    let write;
    if (field.type in layouts) {
      const nested = compileWriter(layouts, field.type, cache);
      write = (v, base, value) => nested(v, base + field.offset, value);
    } else if (field.shape.length === 0) {
      write =
        field.type === 'bool'
          ? (v, base, value) => {
              v.bool[base + field.offset] = value ? 1 : 0;
            }
          : (v, base, value) => {
              v[field.type][(base + field.offset) >> shift] = value;
            };
    } else {
      write = (v, base, value) => {
        const flat = field.shape.length === 1 ? value : value.flat();
        v[field.type].set(flat, (base + field.offset) >> shift);
      };
    }
    return { name: field.name, write, present: field.present };
  });
  cache[type] = (v, base, value) => {
    for (const { name, write, present } of fields) {
      const given = value[name];
      if (present !== undefined) v.bool[base + present] = given ? 1 : 0;
      if (present === undefined || given) write(v, base, given);
    }
  };
  return cache[type];
}

/**
 * Codec for the layouts of one module instance; `memory()` returns its current ArrayBuffer.
 * `generated`: readers and writers made from these layouts (dist/layout-codec.js), by type name.
 */
export function createCodec(layouts, memory, generated = { readers: {}, writers: {} }) {
  const views = viewsOf(memory);
  const compiled = { readers: {}, writers: {} };
  const accessors = {};
  // The reader and writer of `type`, made once: the generated ones where there are.
  function accessorsOf(type) {
    if (accessors[type]) return accessors[type];
    const size = layouts[type].size;
    const fields = generated.readers[type] ? null : compileFields(layouts, type, compiled.readers);
    const reader = generated.readers[type] ?? ((v, address) => readFields(fields, v, address));
    const writer = generated.writers[type] ?? compileWriter(layouts, type, compiled.writers);
    accessors[type] = {
      read: (address) => reader(views(address + size), address),
      write: (address, value) => writer(views(address + size), address, value),
    };
    return accessors[type];
  }
  return {
    size: (type) => layouts[type].size,
    read: (type, address) => accessorsOf(type).read(address),
    write: (type, address, value) => accessorsOf(type).write(address, value),
    /** The reader and writer of `type`, to look up once (a small call's structs). */
    accessorsOf,
    /** Views of the memory (f64, f32, u32, bool) that reach byte `end`; stale once the memory grows. */
    views,
    /** A user's copy of a nested struct (e.g. diagnostics), checked field by field against its layout. */
    check(type, value, name, code) {
      if (value === null || typeof value !== 'object') fail(code, `${name} must be an object, got ${typeName(value)}`);
      const out = {};
      for (const field of layouts[type].fields) {
        const x = value[field.name];
        const where = `${name}.${field.name}`;
        if (field.type in layouts) out[field.name] = this.check(field.type, x, where, code);
        else if (
          field.type === 'bool'
            ? typeof x === 'boolean'
            : field.type === 'u32'
              ? Number.isInteger(x) && x >= 0 && x <= 0xffffffff
              : typeof x === 'number'
        )
          out[field.name] = x;
        else
          fail(
            code,
            `${where} must be ${field.type === 'bool' ? 'a boolean' : field.type === 'u32' ? 'a count' : 'a number'}, got ${typeName(x)}`,
          );
      }
      return out;
    },
  };
}
