// The outside of a glTF file: a GLB container (header and chunks checked against the bytes there
// are) or JSON text, as `{ json, bin }`. Nothing inside the JSON is trusted yet (validate.js).
import { fail } from '../errors.js';

const GLB_MAGIC = 0x46546c67; // 'glTF'
const CHUNK_JSON = 0x4e4f534a; // 'JSON'
const CHUNK_BIN = 0x004e4942; // 'BIN\0'

// A JSON.parse failure at the very end of the text means the text stopped early (a truncated
// download or copy), not that it is malformed. V8 says "end of JSON input" or names the position;
// Firefox says "end of data".
function endsEarly(text, error) {
  const message = String(error?.message ?? '');
  if (/end of (JSON input|data)/i.test(message)) return true;
  const at = /position (\d+)/.exec(message);
  return at !== null && Number(at[1]) >= text.trimEnd().length;
}

function parseJson(text, inGlb) {
  let json;
  try {
    json = JSON.parse(text);
  } catch (error) {
    const first = String(error?.message ?? error).split('\n')[0];
    if (!inGlb && endsEarly(text, error)) fail('TRUNCATED_FILE', `truncated glTF: its JSON ends early (${first})`);
    fail('INVALID_FILE', `not valid glTF: its JSON does not parse (${first})`);
  }
  if (json === null || typeof json !== 'object' || Array.isArray(json))
    fail('INVALID_FILE', 'not valid glTF: its JSON is not an object');
  return json;
}

function decodeText(bytes) {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return fail('INVALID_FILE', 'not valid glTF: its JSON is not UTF-8 text');
  }
}

// GLB (glTF 2.0, 4.4): a 12-byte header (magic, version 2, total length), then chunks of
// (length, type, data): JSON first, an optional BIN second, unknown chunks ignored.
function parseGlb(bytes) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length < 12)
    fail('TRUNCATED_FILE', `truncated GLB: ${bytes.length} bytes, shorter than its 12-byte header`);
  const version = view.getUint32(4, true);
  if (version !== 2) fail('INVALID_FILE', `not a glTF 2.0 GLB: its header says version ${version}`);
  const length = view.getUint32(8, true);
  if (bytes.length < length) fail('TRUNCATED_FILE', `truncated GLB: ${bytes.length} bytes, its header says ${length}`);
  let json = null;
  let bin = null;
  for (let offset = 12, k = 0; offset < length; k++) {
    if (offset + 8 > length) fail('INVALID_FILE', `not a valid GLB: chunk ${k} has no room for its header`);
    const chunkLength = view.getUint32(offset, true);
    const type = view.getUint32(offset + 4, true);
    const start = offset + 8;
    if (chunkLength > length - start)
      fail('INVALID_FILE', `not a valid GLB: chunk ${k} (${chunkLength} bytes) runs past the length in its header`);
    const data = bytes.subarray(start, start + chunkLength);
    if (k === 0 && type !== CHUNK_JSON) fail('INVALID_FILE', 'not a valid GLB: its first chunk is not JSON');
    if (k === 0) json = data;
    if (k === 1 && type === CHUNK_BIN) bin = data;
    offset = start + chunkLength;
  }
  if (json === null) fail('INVALID_FILE', 'not a valid GLB: it has no JSON chunk');
  // The JSON chunk is padded with spaces; some writers pad with zeros (trimmed without a regular
  // expression, which would take quadratic time on a long run of spaces inside the text).
  let end = json.length;
  while (end > 0 && (json[end - 1] === 0 || json[end - 1] === 0x20)) end--;
  return { json: parseJson(decodeText(json.subarray(0, end)), true), bin };
}

/** The JSON and the GLB binary chunk (or null) of a .gltf or .glb file's bytes. */
export function parseContainer(bytes) {
  const glb =
    bytes.length >= 4 &&
    new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(0, true) === GLB_MAGIC;
  if (glb) return parseGlb(bytes);
  if (bytes.length === 0) fail('TRUNCATED_FILE', 'truncated glTF: the file is empty');
  return { json: parseJson(decodeText(bytes), false), bin: null };
}
