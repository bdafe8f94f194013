// Typed arrays and small vectors as the caller hands them over, read through the built-in
// getters (captured at load) so that a shadowed `length`, a patched prototype or an array from
// another realm (an iframe, a vm context, jsdom) is read for what it really is.
import { fail, typeName } from './errors.js';

const TypedArray = Object.getPrototypeOf(Uint8Array);
const getter = (prototype, key) => Object.getOwnPropertyDescriptor(prototype, key).get;
const typedArrayTag = getter(TypedArray.prototype, Symbol.toStringTag);
const typedArrayLength = getter(TypedArray.prototype, 'length');
const typedArrayByteLength = getter(TypedArray.prototype, 'byteLength');
const typedArrayBuffer = getter(TypedArray.prototype, 'buffer');
const typedArraySet = TypedArray.prototype.set;
const call = Function.prototype.call.bind(Function.prototype.call);

/** 'Float32Array', 'Uint16Array', …, or undefined for anything that is not a typed array. */
export function typedArrayName(value) {
  return call(typedArrayTag, value);
}

export function typedArrayLengthOf(array) {
  return call(typedArrayLength, array);
}

export function typedArrayByteLengthOf(array) {
  return call(typedArrayByteLength, array);
}

// A detached buffer (transferred to a worker, or a wasm memory that grew) reads as length 0;
// making a view of it throws, which tells the two apart.
function isDetached(array) {
  try {
    new Uint8Array(call(typedArrayBuffer, array), 0, 0);
    return false;
  } catch {
    return true;
  }
}

/**
 * The typed array's kind among `accepted` (a map from typed-array name to kind), or a typed
 * error naming `what`; `hint` is added when the value is a plain array.
 */
export function typedArrayKind(value, accepted, what, expected, hint) {
  const name = typedArrayName(value);
  if (name === undefined || !(name in accepted)) {
    const suffix = Array.isArray(value) && hint ? ` (${hint})` : '';
    fail('INVALID_TYPE', `${what} must be ${expected}, got ${name ?? typeName(value)}${suffix}`);
  }
  if (typedArrayLengthOf(value) === 0 && isDetached(value)) {
    fail('INVALID_TYPE', `${what} is a ${name} whose buffer is detached (transferred to a worker?)`);
  }
  return accepted[name];
}

/** Copies a typed array into `target` (a view of wasm memory of the same element type) from element `offset`. */
export function copyInto(target, source, offset = 0) {
  call(typedArraySet, target, source, offset);
}

function describe(value) {
  if (Array.isArray(value)) {
    const shown = Array.from({ length: Math.min(value.length, 9) }, (_, i) => String(value[i]));
    return `[${shown.join(', ')}${value.length > 9 ? ', …' : ''}]`;
  }
  return typeName(value);
}

/**
 * `length` finite numbers from an array, a typed array, or an {x, y, z[, w]} object such as
 * three.js's Vector3 and Quaternion; a plain array copy, or a typed error with `code`.
 */
export function readVector(value, length, name, code) {
  const named = typedArrayName(value);
  if (value !== null && typeof value === 'object' && named === undefined && !Array.isArray(value) && 'x' in value) {
    value = length === 4 ? [value.x, value.y, value.z, value.w] : [value.x, value.y, value.z];
  }
  const size = named !== undefined ? typedArrayLengthOf(value) : Array.isArray(value) ? value.length : -1;
  const out = size === length ? Array.from({ length }, (_, i) => value[i]) : null;
  if (!out || !out.every((x) => typeof x === 'number' && Number.isFinite(x))) {
    fail(code, `${name} must be ${length} finite numbers, got ${describe(value)}`);
  }
  return out;
}

/** A dense copy of an array's elements: holes read as undefined, never reach the core as holes. */
export function denseArray(array) {
  return Array.from({ length: array.length }, (_, i) => array[i]);
}

/**
 * The most elements an array of parts takes (combine, combine2d, measureParts; a polygon's holes):
 * 2^20, 1 048 576. A million parts are read into about half a gigabyte before the core sees
 * them; more are combined in groups (combine is exact either way).
 */
export const MAX_PARTS = 2 ** 20;

/**
 * An array of parts checked before anything is allocated for it: its length at most MAX_PARTS
 * (a sparse array of length 2^32 − 1 holds nothing, but a copy of it exhausts memory), or
 * INVALID_ARGUMENT; then no holes (`parts[5] is missing`), or `holeCode`.
 */
export function checkParts(array, name, holeCode) {
  const { length } = array;
  if (length > MAX_PARTS) {
    fail('INVALID_ARGUMENT', `${name} has length ${length}; at most ${MAX_PARTS} (2^20) are taken at once`);
  }
  for (let k = 0; k < length; k++) {
    if (!(k in array)) fail(holeCode, `${name}[${k}] is missing (a hole in a sparse array)`);
  }
  return array;
}
