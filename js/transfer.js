// What a message to or from the worker moves instead of copying. postMessage clones a typed
// array with its whole buffer, so a small view into a large buffer (a glTF's binary chunk)
// would copy all of it: such views are sliced first. Whole buffers are moved when asked.

const MAX_DEPTH = 4; // parts → part → positions: deep enough for every argument the API takes

function isPlainObject(value) {
  const proto = Object.getPrototypeOf(value);
  // Object.prototype of this realm or another one (its own prototype is null)
  return proto === null || (Object.getPrototypeOf(proto) === null && proto.constructor?.name === 'Object');
}

// By tag, not instanceof: arrays may come from another realm (an iframe, a vm context).
const isArrayBuffer = (buffer) => Object.prototype.toString.call(buffer) === '[object ArrayBuffer]';

function isMovable(buffer) {
  return isArrayBuffer(buffer) && buffer.byteLength > 0;
}

/**
 * `[packed, transferables]`: `value` with partial typed-array views replaced by copies of just
 * their bytes, and, if `move`, the buffers of the typed arrays that own them whole (each once).
 */
export function packForTransfer(value, move) {
  const buffers = new Set();
  const pack = (v, depth) => {
    if (ArrayBuffer.isView(v) && !(v instanceof DataView)) {
      const whole = v.byteOffset === 0 && v.byteLength === v.buffer.byteLength;
      if (!whole && isArrayBuffer(v.buffer)) return /** @type {Uint8Array} */ (v).slice(); // (any typed array's)
      if (move && isMovable(v.buffer)) buffers.add(v.buffer);
      return v;
    }
    if (v === null || typeof v !== 'object' || depth >= MAX_DEPTH) return v;
    if (Array.isArray(v)) return v.map((x) => pack(x, depth + 1));
    if (!isPlainObject(v)) return v;
    const out = {};
    for (const [k, x] of Object.entries(v)) out[k] = pack(x, depth + 1);
    return out;
  };
  const packed = pack(value, 0);
  return [packed, [...buffers]];
}

/** The buffers of the typed arrays in a value the package made (results own theirs whole). */
export function collectTransferables(value) {
  return packForTransfer(value, true)[1];
}
