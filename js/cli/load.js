// Reading model files: glTF/GLB through glTF-Transform; STL, OBJ, PLY and 3MF through three.js's
// own loaders. Bad files become CliErrors with the exit code of what is wrong with them.
import { readFileSync, statSync } from 'node:fs';
import { dirname, extname } from 'node:path';
import { NodeIO } from '@gltf-transform/core';
import { Group, Mesh, MeshBasicMaterial } from 'three';
import { STLLoader } from 'three/addons/loaders/STLLoader.js';
import { OBJLoader } from 'three/addons/loaders/OBJLoader.js';
import { PLYLoader } from 'three/addons/loaders/PLYLoader.js';
import { ThreeMFLoader } from 'three/addons/loaders/3MFLoader.js';
import { unzipSync } from 'three/addons/libs/fflate.module.js';
import { isMassPropertiesError } from '../errors.js';
import { prepareIO, readDocument } from '../gltf.js';
import { CliError, EXIT } from './exit-codes.js';
import { xmlDomParser } from './xml-dom.js';

export const FORMATS = { '.stl': 'STL', '.obj': 'OBJ', '.ply': 'PLY', '.3mf': '3MF', '.glb': 'GLB', '.gltf': 'glTF' };

let io = null;

function readBytes(file) {
  let bytes;
  try {
    if (!statSync(file).isFile()) throw new Error('not a file');
    bytes = readFileSync(file);
  } catch (error) {
    throw new CliError(EXIT.NOT_FOUND, `${file}: cannot read (${error.code ?? error.message})`);
  }
  if (bytes.length === 0) throw new CliError(EXIT.EMPTY_FILE, `${file}: the file is empty`);
  return bytes;
}

const corrupt = (file, format, why) => new CliError(EXIT.CORRUPT_FILE, `${file}: not a valid ${format} file (${why})`);
const truncated = (file, format, have, want) =>
  new CliError(EXIT.TRUNCATED_FILE, `${file}: truncated ${format} file (${have} bytes, its header says ${want})`);

// Binary STL: 80-byte header, a triangle count, 50 bytes per triangle. ASCII STL starts with
// "solid" and has facets. three's STLLoader tells them apart by size, so a truncated binary
// file would be misread as text: it is caught here first.
function checkStl(file, bytes) {
  const head = bytes.subarray(0, Math.min(bytes.length, 1024)).toString('latin1');
  const ascii =
    /^\s*solid/.test(head) && /facet|endsolid/.test(bytes.toString('latin1', 0, Math.min(bytes.length, 4096)));
  if (ascii) return;
  // A binary count is a small number: its high bytes are zero. Text there is not an STL at all.
  const text = !bytes.subarray(0, Math.min(bytes.length, 84)).includes(0);
  if (text) throw corrupt(file, 'STL', 'neither ASCII facets nor a binary triangle count');
  if (bytes.length < 84) throw truncated(file, 'binary STL', bytes.length, 'at least 84');
  const want = 84 + 50 * bytes.readUInt32LE(80);
  if (bytes.length < want) throw truncated(file, 'binary STL', bytes.length, want);
}

// readDocument's errors as exit codes: a resource that cannot be read is like a missing file.
const GLTF_EXITS = {
  TRUNCATED_FILE: EXIT.TRUNCATED_FILE,
  RESOURCE_NOT_FOUND: EXIT.NOT_FOUND,
  RESOURCE_REFUSED: EXIT.CORRUPT_FILE,
  INVALID_FILE: EXIT.CORRUPT_FILE,
  INDEX_OUT_OF_RANGE: EXIT.CORRUPT_FILE,
};

// A glTF/GLB under the resource policy: its buffers only from its own folder; images only for
// --write (which keeps them), never for measuring.
async function loadGltf(file, format, bytes, images) {
  if (format === 'GLB' && bytes.toString('latin1', 0, 4) !== 'glTF') throw corrupt(file, 'GLB', 'no glTF header');
  io ??= await prepareIO(new NodeIO());
  try {
    return { format, document: await readDocument(io, bytes, { resourceRoot: dirname(file), images }) };
  } catch (error) {
    if (!isMassPropertiesError(error)) throw error;
    throw new CliError(GLTF_EXITS[error.code] ?? EXIT.CORRUPT_FILE, `${file}: ${error.message}`);
  }
}

// 3MF states its unit on the <model> element (3MF core spec; millimetre when absent).
const THREE_MF_UNITS = { micron: 1e-6, millimeter: 0.001, centimeter: 0.01, inch: 0.0254, foot: 0.3048, meter: 1 };

function threeMfUnit(bytes) {
  try {
    const files = unzipSync(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    const model = Object.keys(files).find((name) => /\.model$/i.test(name));
    const head = new TextDecoder().decode(files[model].subarray(0, 4096));
    const unit = /<model\b[^>]*\bunit\s*=\s*["'](\w+)["']/.exec(head)?.[1] ?? 'millimeter';
    return THREE_MF_UNITS[unit] === undefined ? null : unit;
  } catch {
    return null; // the loader reports what is wrong with the file
  }
}

/** Metres per unit of a 3MF unit name. */
export const metresPerThreeMfUnit = (unit) => THREE_MF_UNITS[unit];

const arrayBufferOf = (bytes) => bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);

function parseWithThree(file, format, bytes) {
  try {
    switch (format) {
      case 'STL':
        return new Mesh(new STLLoader().parse(arrayBufferOf(bytes)), new MeshBasicMaterial());
      case 'PLY':
        return new Mesh(new PLYLoader().parse(arrayBufferOf(bytes)), new MeshBasicMaterial());
      case 'OBJ':
        return new OBJLoader().parse(bytes.toString('utf8'));
      default: {
        // three's 3MF loader parses its XML with the browser's DOMParser; in Node, xmldom's.
        globalThis.DOMParser ??= xmlDomParser();
        return new ThreeMFLoader().parse(arrayBufferOf(bytes));
      }
    }
  } catch (error) {
    throw corrupt(file, format, String(error?.message ?? error).split('\n')[0]);
  }
}

/**
 * A model file as `{ format, document }` (glTF, a glTF-Transform Document) or `{ format, object }`
 * (a three.js Object3D; a 3MF adds `declaredUnit`, the unit its <model> states), or a CliError.
 * `images`: read a glTF's images too (to write it again).
 */
export async function loadModel(file, { images = false } = {}) {
  const format = FORMATS[extname(file).toLowerCase()];
  if (!format) throw corrupt(file, 'model', `unknown extension; known: ${Object.keys(FORMATS).join(' ')}`);
  const bytes = readBytes(file);
  if (format === 'STL') checkStl(file, bytes);
  if (format === 'GLB' || format === 'glTF') return loadGltf(file, format, bytes, images);
  const object = parseWithThree(file, format, bytes);
  const root = new Group();
  root.add(object);
  return format === '3MF' ? { format, object: root, declaredUnit: threeMfUnit(bytes) } : { format, object: root };
}
