// The resource policy's rules on a URI itself, the same in Node and in browsers: a glTF may name
// a data: URI, or a relative path that stays inside its folder. Nothing is read here.
import { fail } from '../errors.js';

/** A URI as messages quote it: JSON-quoted, long ones (data: URIs) shortened. */
export function quote(uri) {
  const text = JSON.stringify(String(uri));
  return text.length > 80 ? `${text.slice(0, 60)}…" (${String(uri).length} characters)` : text;
}

export const isDataUri = (uri) => /^data:/i.test(uri);

/**
 * The path segments a relative URI names, checked: no scheme (file:, http:, ...), not absolute
 * (/x, //host/x, C:\x), no query or fragment, and no `..` that leaves the folder. Percent-encoding
 * is decoded first, so %2e%2e is `..` and %2F a separator, as a server or file system would see
 * them; a backslash counts as a separator too (Windows writers use it).
 */
export function relativeSegments(uri, what) {
  const refuse = (why) => fail('RESOURCE_REFUSED', `${what} uri ${quote(uri)} is refused: ${why}`);
  if (typeof uri !== 'string' || uri.length === 0) fail('INVALID_FILE', `${what} has a uri that is not a string`);
  if (/^[a-z][a-z0-9+.-]*:/i.test(uri)) refuse('only data: URIs and relative paths are read, not other schemes');
  if (/[?#]/.test(uri)) refuse('a query or fragment names no file');
  let path;
  try {
    path = decodeURIComponent(uri);
  } catch {
    return refuse('malformed percent-encoding');
  }
  if (path.includes('\0')) refuse('it contains a NUL character');
  path = path.replace(/\\/g, '/');
  if (path.startsWith('/') || /^[a-z]:/i.test(path)) refuse('an absolute path');
  const segments = [];
  for (const segment of path.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      if (segments.length === 0) refuse('it leaves the folder of the file');
      segments.pop();
    } else segments.push(segment);
  }
  if (segments.length === 0) refuse('it names the folder, not a file');
  return segments;
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

function base64Bytes(text) {
  if (typeof globalThis.Buffer === 'function') {
    const b = globalThis.Buffer.from(text, 'base64');
    return new Uint8Array(b.buffer, b.byteOffset, b.byteLength);
  }
  const binary = globalThis.atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

// RFC 2397 without ;base64: the text is the data, %XX an escaped byte, other characters UTF-8.
function percentBytes(text, refuse) {
  const out = [];
  const encoder = new TextEncoder();
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '%') {
      if (!/^[0-9a-f]{2}$/i.test(text.slice(i + 1, i + 3))) refuse('a % without two hex digits');
      out.push(parseInt(text.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      const code = text.codePointAt(i);
      if (code > 0xffff) i++;
      out.push(...encoder.encode(String.fromCodePoint(code)));
    }
  }
  return Uint8Array.from(out);
}

/**
 * The bytes of a data: URI (RFC 2397), strictly: base64 only of its own alphabet with correct
 * padding (decoders elsewhere skip what they do not know, so garbage would decode to something).
 * `byteLength` (when given) is what the glTF says it holds: fewer bytes is TRUNCATED_FILE.
 */
export function dataUriBytes(uri, what, byteLength) {
  const refuse = (why) => fail('INVALID_FILE', `${what} uri ${quote(uri)} is not a valid data: URI (${why})`);
  const comma = uri.indexOf(',');
  if (comma < 0) refuse('no comma before the data');
  const base64 = /;base64$/i.test(uri.slice(0, comma));
  const text = uri.slice(comma + 1);
  let bytes;
  if (base64) {
    if (!BASE64.test(text) || text.length % 4 === 1 || (text.includes('=') && text.length % 4 !== 0))
      refuse('characters or padding that are not base64');
    bytes = base64Bytes(text);
  } else bytes = percentBytes(text, refuse);
  if (byteLength !== undefined && bytes.length < byteLength)
    fail('TRUNCATED_FILE', `${what} uri ${quote(uri)} holds ${bytes.length} bytes, its byteLength says ${byteLength}`);
  return bytes;
}
