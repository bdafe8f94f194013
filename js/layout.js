// Reads and writes the core's value types in wasm memory by the layouts that the bindings
// declare (cpp/bindings/embind.cpp): one description per type, no per-field code here. Each
// layout is compiled once into a list of small readers and writers over typed views of memory.
import { fail, typeName } from './errors.js';

const SHIFTS = { f64: 3, u32: 2, bool: 0 };

// Memory views, remade only when the module's memory has grown (a new ArrayBuffer).
function viewsOf(memory) {
  let buffer = null;
  const views = { f64: null, u32: null, bool: null };
  return () => {
    const current = memory();
    if (current !== buffer) {
      buffer = current;
      views.f64 = new Float64Array(current);
      views.u32 = new Uint32Array(current);
      views.bool = new Uint8Array(current);
    }
    return views;
  };
}

// Numbers that cannot be known (NaN from the core) are null in JS, and so is an array holding one.
// Every number of every result passes here, so this is the one place where -0 becomes 0.
function scalarReader(type, offset) {
  const shift = SHIFTS[type];
  if (type === 'bool') return (v, base) => v.bool[base + offset] !== 0;
  return (v, base) => {
    const x = v[type][(base + offset) >> shift];
    return x !== x ? null : x + 0; // eslint-disable-line no-self-compare -- and -0 + 0 is +0: no -0 in results
  };
}

function arrayReader(type, offset, shape) {
  const shift = SHIFTS[type];
  const count = shape.reduce((n, k) => n * k, 1);
  const inner = shape.length === 2 ? shape[1] : count;
  return (v, base) => {
    const memory = v[type];
    const start = (base + offset) >> shift;
    const flat = new Array(count);
    for (let i = 0; i < count; i++) {
      const x = memory[start + i];
      if (x !== x) return null; // eslint-disable-line no-self-compare
      flat[i] = x + 0; // -0 reads as 0: results print without "-0"
    }
    if (shape.length === 1) return flat;
    const rows = new Array(shape[0]);
    for (let r = 0; r < shape[0]; r++) rows[r] = flat.slice(r * inner, (r + 1) * inner);
    return rows;
  };
}

function compileReader(layouts, type, cache) {
  if (cache[type]) return cache[type];
  const fields = layouts[type].fields.map((field) => {
    const read =
      field.type in layouts
        ? (
            (nested) => (v, base) =>
              nested(v, base + field.offset)
          )(compileReader(layouts, field.type, cache))
        : field.shape.length === 0
          ? scalarReader(field.type, field.offset)
          : arrayReader(field.type, field.offset, field.shape);
    return { name: field.name, read, present: field.present };
  });
  cache[type] = (v, base) => {
    const out = {};
    for (const { name, read, present } of fields) {
      out[name] = present === undefined || v.bool[base + present] !== 0 ? read(v, base) : null;
    }
    return out;
  };
  return cache[type];
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

/** Codec for the layouts of one module instance; `memory()` returns its current ArrayBuffer. */
export function createCodec(layouts, memory) {
  const views = viewsOf(memory);
  const readers = {};
  const writers = {};
  return {
    size: (type) => layouts[type].size,
    read: (type, address) => compileReader(layouts, type, readers)(views(), address),
    write: (type, address, value) => compileWriter(layouts, type, writers)(views(), address, value),
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
