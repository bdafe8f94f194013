// readDocument: a glTF or GLB read under one resource policy, in Node and in browsers. The
// container and the JSON are checked here first (container.js, validate.js); every buffer (and,
// when asked, every image) is read here through the policy (uri.js, files-node.js,
// files-web.js); glTF-Transform then gets JSON and bytes only (io.readJSON), so it never touches
// a file or the network itself.
import { FileUtils, GLB_BUFFER, ImageUtils } from '@gltf-transform/core';
import { fail, isMassPropertiesError, typeName } from '../errors.js';
import { readOptions } from '../options.js';
import { parseContainer } from './container.js';
import { fetchCapped, folderUrl, urlReader } from './files-web.js';
import { folderOf, folderReader, readRegularFile } from './files-node.js';
import { dataUriBytes, isDataUri, quote, relativeSegments } from './uri.js';
import { checkSparseIndices, validateJson } from './validate.js';

/**
 * The default cap on the bytes a glTF may make us hold: its buffers' byteLengths, the arrays of
 * accessors without a buffer view, and images. A mesh the core can measure needs far less (it
 * stops at about 30 M triangles, ~0.5 GB of positions and indices: MESH_TOO_LARGE), a GLB's
 * 32-bit length allows up to 4 GiB, and 2 GiB stays clear of what Node and browsers will allocate.
 */
export const DEFAULT_MAX_BYTES = 2 ** 31;

const DRACO = 'KHR_draco_mesh_compression';
const MESHOPT = 'EXT_meshopt_compression';
const isNode = () => typeof globalThis.process?.versions?.node === 'string';
const isHttp = (url) => url.protocol === 'http:' || url.protocol === 'https:';

/**
 * @param {unknown} options
 * @returns {import('../gltf.js').ReadDocumentOptions & { maxBytes: number; images: boolean }}
 */
function readReadOptions(options) {
  const o = readOptions(options, ['resourceRoot', 'images', 'resources', 'maxBytes']);
  const maxBytes = o.maxBytes ?? DEFAULT_MAX_BYTES;
  if (!Number.isSafeInteger(maxBytes) || maxBytes <= 0)
    fail('INVALID_OPTIONS', `options.maxBytes must be a whole number of bytes > 0, got ${String(o.maxBytes)}`);
  if (o.images !== undefined && typeof o.images !== 'boolean')
    fail('INVALID_OPTIONS', `options.images must be a boolean, got ${typeName(o.images)}`);
  if (o.resources !== undefined && typeof o.resources !== 'function')
    fail('INVALID_OPTIONS', `options.resources must be a function (path) => bytes, got ${typeName(o.resources)}`);
  const root = o.resourceRoot;
  if (root !== undefined && typeof root !== 'string' && !(root instanceof URL))
    fail('INVALID_OPTIONS', `options.resourceRoot must be a folder path or URL, got ${typeName(root)}`);
  return { ...o, maxBytes, images: o.images ?? false };
}

// A string or URL as an absolute URL when it is one (http:, https:, file:), else null (a path).
function absoluteUrl(place) {
  if (place instanceof URL) return place;
  if (!isNode()) return new URL(place, globalThis.location?.href);
  return /^(https?|file):/i.test(place) ? new URL(place) : null;
}

async function filePath(url) {
  const { fileURLToPath } = await import(/* webpackIgnore: true */ /* @vite-ignore */ 'node:url');
  return fileURLToPath(url);
}

// Where resources are read from: a reader (segments, uri, what, cap) => bytes, or null.
async function readerAt(place) {
  const url = absoluteUrl(place);
  if (url === null) return folderReader(place);
  if (isHttp(url)) return urlReader(folderUrl(url));
  if (url.protocol === 'file:' && isNode()) return folderReader(await filePath(url));
  return fail('INVALID_OPTIONS', `resources cannot be read from ${url.protocol} URLs`);
}

// The file's bytes, and where its resources are read by default (its own folder).
async function loadSource(source, maxBytes) {
  if (source instanceof Uint8Array) return { bytes: source, folder: null };
  if (source instanceof ArrayBuffer) return { bytes: new Uint8Array(source), folder: null };
  if (typeof source !== 'string' && !(source instanceof URL))
    fail('INVALID_TYPE', `source must be a path, a URL or the file's bytes, got ${typeName(source)}`);
  const url = absoluteUrl(source);
  const name = quote(String(source));
  if (url !== null && isHttp(url)) {
    return { bytes: await fetchCapped(url, { max: maxBytes, name }), folder: new URL('.', url) };
  }
  if (url !== null && url.protocol !== 'file:') fail('INVALID_OPTIONS', `cannot read ${url.protocol} URLs`);
  const path = url === null ? source : await filePath(url);
  return { bytes: await readRegularFile(path, { max: maxBytes, name }), folder: await folderOf(path) };
}

// A reader over options.resources(path): the caller's own store of files (a drop of files in a
// page, an archive), behind the same checks and caps.
function callerReader(resources) {
  return async (segments, uri, what, { want, max }) => {
    const path = segments.join('/');
    let bytes = await resources(path);
    if (bytes === null || bytes === undefined)
      fail('RESOURCE_NOT_FOUND', `${what} uri ${quote(uri)} cannot be read (options.resources has no ${quote(path)})`);
    if (bytes instanceof ArrayBuffer) bytes = new Uint8Array(bytes);
    if (!(bytes instanceof Uint8Array))
      fail('INVALID_TYPE', `options.resources(${quote(path)}) must return a Uint8Array, got ${typeName(bytes)}`);
    if (want !== undefined && bytes.length < want)
      fail(
        'TRUNCATED_FILE',
        `${what} uri ${quote(uri)} is truncated: ${bytes.length} bytes, its byteLength says ${want}`,
      );
    if (want === undefined && bytes.length > max)
      fail('RESOURCE_REFUSED', `${what} uri ${quote(uri)} is refused: ${bytes.length} bytes, over the cap of ${max}`);
    return want === undefined ? bytes : bytes.subarray(0, want);
  };
}

// glTF-Transform keeps these in private fields in version 4; where they are not there, the
// checks below are skipped and glTF-Transform reports what is missing itself.
function codecsOf(io, json) {
  const used = Array.isArray(json.extensionsUsed) ? json.extensionsUsed : [];
  const required = Array.isArray(json.extensionsRequired) ? json.extensionsRequired : [];
  const registered = (name) =>
    !(io._extensions instanceof Set) || [...io._extensions].some((e) => e.EXTENSION_NAME === name);
  const installed = (key) =>
    io._dependencies === null || typeof io._dependencies !== 'object' || Boolean(io._dependencies[key]);
  if (used.includes(DRACO) && registered(DRACO) && !installed('draco3d.decoder'))
    fail('INVALID_FILE', `the file is Draco-compressed (${DRACO}): install the npm package draco3dgltf to read it`);
  const meshopt = used.includes(MESHOPT) && registered(MESHOPT) && installed('meshopt.decoder');
  if (required.includes(MESHOPT) && !meshopt)
    fail(
      'INVALID_FILE',
      `the file is meshopt-compressed (${MESHOPT}): install the npm package meshoptimizer to read it`,
    );
  return { meshoptDecoder: meshopt };
}

const mimeTypeOf = (image) => image.mimeType ?? ImageUtils.extensionToMimeType(FileUtils.extension(image.uri));

/**
 * Reads a .gltf or .glb (a path or URL, or its bytes) into a glTF-Transform Document through
 * `io` (a NodeIO or WebIO, see prepareIO), under the resource policy (docs/gltf.md, "External
 * resources"). Options: `resourceRoot` (the folder or folder URL resources must be inside;
 * default the file's own), `images` (read images too, for writing the document again; default
 * false: they become empty placeholders), `resources(path)` (the caller's own files instead of
 * the file system or network), `maxBytes` (the total cap, default DEFAULT_MAX_BYTES).
 */
export async function readDocument(io, source, options) {
  if (typeof io?.readJSON !== 'function')
    fail('INVALID_TYPE', `readDocument needs a glTF-Transform NodeIO or WebIO, got ${typeName(io)}`);
  const o = readReadOptions(options);
  const { bytes, folder } = await loadSource(source, o.maxBytes);
  const { json, bin } = parseContainer(bytes);
  const { meshoptDecoder } = codecsOf(io, json);
  const declared = validateJson(json, { bin, meshoptDecoder });
  if (declared > o.maxBytes)
    fail(
      'RESOURCE_REFUSED',
      `the file declares ${declared} bytes of buffers and arrays, over the cap of ${o.maxBytes}`,
    );

  let read = null;
  const reader = async () => {
    if (o.resources) return callerReader(o.resources);
    const place = o.resourceRoot ?? folder;
    return place === null ? null : readerAt(place);
  };
  const external = async (uri, what, cap) => {
    const segments = relativeSegments(uri, what); // refused before anything is read
    read ??= await reader();
    if (read === null)
      fail('RESOURCE_REFUSED', `${what} uri ${quote(uri)} is refused: no resourceRoot or resources given`);
    return read(segments, uri, what, cap);
  };

  // One resource at a time, in order: the caps and the first error do not depend on timing.
  const resources = {};
  const data = [];
  const buffers = [];
  for (const [i, buffer] of (json.buffers ?? []).entries()) {
    const what = `buffers[${i}]`;
    if (buffer.uri === undefined) {
      if (i === 0 && bin !== null) resources[GLB_BUFFER] = data[i] = bin;
      buffers.push(buffer);
      continue;
    }
    const want = buffer.byteLength;
    data[i] = isDataUri(buffer.uri) ? dataUriBytes(buffer.uri, what, want) : await external(buffer.uri, what, { want });
    // glTF-Transform keeps a name not starting with '__' as the buffer's URI for writing.
    const key =
      isDataUri(buffer.uri) || buffer.uri.startsWith('__') || buffer.uri in resources ? `__buffer${i}` : buffer.uri;
    resources[key] = data[i];
    buffers.push({ ...buffer, uri: key });
  }
  let left = o.maxBytes - declared;
  const images = [];
  for (const [i, image] of (json.images ?? []).entries()) {
    if (image.uri === undefined) {
      images.push(image);
      continue;
    }
    const what = `images[${i}]`;
    let bytes = new Uint8Array(0); // not read: measuring needs no image
    if (o.images) {
      bytes = isDataUri(image.uri) ? dataUriBytes(image.uri, what) : await external(image.uri, what, { max: left });
      if (bytes.length > left) fail('RESOURCE_REFUSED', `${what} uri ${quote(image.uri)} is refused: over the cap`);
      left -= bytes.length;
    }
    const key =
      o.images && !isDataUri(image.uri) && !image.uri.startsWith('__') && !(image.uri in resources)
        ? image.uri
        : `__image${i}`;
    resources[key] = bytes;
    images.push({ ...image, uri: key, mimeType: mimeTypeOf(image) });
  }
  checkSparseIndices(json, data);

  // glTF-Transform reads sparse indices at the accessor's byteOffset when their own is absent:
  // both offsets are written out, so it reads exactly what was checked.
  const accessors = json.accessors?.map((a) =>
    a.sparse === undefined
      ? a
      : {
          ...a,
          sparse: {
            ...a.sparse,
            indices: { ...a.sparse.indices, byteOffset: a.sparse.indices.byteOffset ?? 0 },
            values: { ...a.sparse.values, byteOffset: a.sparse.values.byteOffset ?? 0 },
          },
        },
  );
  const checked = { ...json };
  if (json.buffers) checked.buffers = buffers;
  if (json.images) checked.images = images;
  if (json.accessors) checked.accessors = accessors;
  try {
    return await io.readJSON({ json: checked, resources });
  } catch (error) {
    if (isMassPropertiesError(error)) throw error;
    const first = String(error?.message ?? error).split('\n')[0];
    return fail('INVALID_FILE', `not readable as glTF: ${first}`);
  }
}
