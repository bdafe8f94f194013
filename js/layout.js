// Reads and writes the core's value types in wasm memory by the layouts that the bindings
// declare (cpp/bindings/embind.cpp): one description per type, no per-field code here.
import { fail, typeName } from './errors.js';

const SIZES = { f64: 8, u32: 4, bool: 1 };

function count(shape) {
  return shape.reduce((n, k) => n * k, 1);
}

function readScalar(view, type, at) {
  if (type === 'f64') return view.getFloat64(at, true);
  if (type === 'u32') return view.getUint32(at, true);
  return view.getUint8(at) !== 0;
}

function writeScalar(view, type, at, value) {
  if (type === 'f64') view.setFloat64(at, value, true);
  else if (type === 'u32') view.setUint32(at, value, true);
  else view.setUint8(at, value ? 1 : 0);
}

// Numbers that cannot be known (NaN from the core) are null in JS, and so is an array holding one.
function readField(layouts, view, field, at) {
  if (field.type in layouts) return readStruct(layouts, view, field.type, at);
  const size = SIZES[field.type];
  if (field.shape.length === 0) {
    const value = readScalar(view, field.type, at);
    return Number.isNaN(value) ? null : value;
  }
  const flat = Array.from({ length: count(field.shape) }, (_, i) => readScalar(view, field.type, at + i * size));
  if (flat.some(Number.isNaN)) return null;
  if (field.shape.length === 1) return flat;
  const inner = field.shape[1];
  return Array.from({ length: field.shape[0] }, (_, i) => flat.slice(i * inner, (i + 1) * inner));
}

function readStruct(layouts, view, type, base) {
  const out = {};
  for (const field of layouts[type].fields) {
    const present = field.present === undefined || view.getUint8(base + field.present) !== 0;
    out[field.name] = present ? readField(layouts, view, field, base + field.offset) : null;
  }
  return out;
}

function writeField(layouts, view, field, at, value) {
  if (field.type in layouts) return writeStruct(layouts, view, field.type, at, value);
  if (field.shape.length === 0) return writeScalar(view, field.type, at, value);
  const flat = field.shape.length === 1 ? value : value.flat();
  flat.forEach((x, i) => writeScalar(view, field.type, at + i * SIZES[field.type], x));
}

function writeStruct(layouts, view, type, base, value) {
  for (const field of layouts[type].fields) {
    const given = value[field.name];
    if (field.present !== undefined) view.setUint8(base + field.present, given ? 1 : 0);
    if (field.present === undefined || given) writeField(layouts, view, field, base + field.offset, given);
  }
}

/** Codec for the layouts of one module instance; `memory()` returns its current ArrayBuffer. */
export function createCodec(layoutsJson, memory) {
  const layouts = JSON.parse(layoutsJson);
  const view = () => new DataView(memory());
  return {
    size: (type) => layouts[type].size,
    read: (type, address) => readStruct(layouts, view(), type, address),
    write: (type, address, value) => writeStruct(layouts, view(), type, address, value),
    /** A user's copy of a nested struct (e.g. diagnostics), checked field by field against its layout. */
    check(type, value, name, code) {
      if (value === null || typeof value !== 'object') fail(code, `${name} must be an object, got ${typeName(value)}`);
      const out = {};
      for (const field of layouts[type].fields) {
        const x = value[field.name];
        const ok =
          field.type === 'bool' ? typeof x === 'boolean' : Number.isInteger(x) && x >= 0 && x <= 0xffffffff;
        if (!ok) fail(code, `${name}.${field.name} must be ${field.type === 'bool' ? 'a boolean' : 'a count'}, got ${typeName(x)}`);
        out[field.name] = x;
      }
      return out;
    },
  };
}
