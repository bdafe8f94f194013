// Reading model files: glTF/GLB through glTF-Transform; STL, OBJ, PLY and 3MF through the
// parsers of ./parsers (linear in time, bounded in memory, strict about every number and index).
// Bad files become CliErrors with the exit code of what is wrong with them.
import { readFileSync, statSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import { NodeIO } from '@gltf-transform/core';
import { BufferAttribute, BufferGeometry, Group, Mesh, MeshBasicMaterial } from 'three';
import { MODEL_FORMATS, MassPropertiesError, modelFormatOf } from 'mass-properties';
import { prepareIO, readDocument } from 'mass-properties/gltf';
import { CliError, EXIT } from './exit-codes.js';
import { ParseError } from './parsers/errors.js';
import { parseObj } from './parsers/obj.js';
import { parsePly } from './parsers/ply.js';
import { parseStl } from './parsers/stl.js';
import { THREE_MF_UNITS, parse3mf } from './parsers/threemf.js';

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
const truncated = (file, format, why) =>
  new CliError(EXIT.TRUNCATED_FILE, `${file}: truncated ${format} file (${why})`);

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
    if (!(error instanceof MassPropertiesError)) throw error;
    throw new CliError(GLTF_EXITS[error.code] ?? EXIT.CORRUPT_FILE, `${file}: ${error.message}`);
  }
}

/** Metres per unit of a 3MF unit name. */
export const metresPerThreeMfUnit = (unit) => THREE_MF_UNITS[unit];

const material = new MeshBasicMaterial();

function geometryOf(positions, indices = null) {
  const geometry = new BufferGeometry();
  geometry.setAttribute('position', new BufferAttribute(positions, 3));
  if (indices) geometry.setIndex(new BufferAttribute(indices, 1));
  return geometry;
}

function meshOf(name, geometry) {
  const mesh = new Mesh(geometry, material);
  mesh.name = name;
  return mesh;
}

// A 3MF build as three.js draws it: one Mesh per placement, sharing its object's geometry, with
// the full affine placement as its matrix (three's loader decomposes it, which loses a shear).
function buildOf({ meshes, placements }) {
  const group = new Group();
  const geometries = meshes.map(({ positions, indices }) => geometryOf(positions, indices));
  for (const { mesh: k, transform: t } of placements) {
    const mesh = meshOf(meshes[k].name, geometries[k]);
    if (t) {
      mesh.matrix.set(t[0], t[3], t[6], t[9], t[1], t[4], t[7], t[10], t[2], t[5], t[8], t[11], 0, 0, 0, 1);
      mesh.matrixAutoUpdate = false;
    }
    group.add(mesh);
  }
  return group;
}

// STL, OBJ, PLY and 3MF through the parsers of ./parsers, as the three.js objects the rest of
// the command line measures (soups for STL and OBJ, indexed meshes for PLY and 3MF).
function parseModel(file, format, bytes) {
  try {
    switch (format) {
      case 'STL':
        return { object: meshOf('', geometryOf(parseStl(bytes).positions)) };
      case 'OBJ': {
        const group = new Group();
        for (const { name, positions } of parseObj(bytes).objects) group.add(meshOf(name, geometryOf(positions)));
        return { object: group };
      }
      case 'PLY': {
        const { positions, indices } = parsePly(bytes);
        return { object: meshOf('', geometryOf(positions, indices)) };
      }
      default: {
        const model = parse3mf(bytes);
        return { object: buildOf(model), declaredUnit: model.unit };
      }
    }
  } catch (error) {
    if (!(error instanceof ParseError)) throw error;
    const what = error.format ?? format;
    throw (error.kind === 'truncated' ? truncated : corrupt)(file, what, error.message);
  }
}

/**
 * A model file as `{ format, document }` (glTF, a glTF-Transform Document) or `{ format, object }`
 * (a three.js Object3D; a 3MF adds `declaredUnit`, the unit its <model> states), or a CliError.
 * `images`: read a glTF's images too (to write it again).
 */
export async function loadModel(file, { images = false } = {}) {
  const format = modelFormatOf(basename(file));
  if (!format) {
    const known = Object.keys(MODEL_FORMATS).map((extension) => `.${extension}`);
    throw corrupt(file, 'model', `unknown extension; known: ${known.join(' ')}`);
  }
  const bytes = readBytes(file);
  if (format === 'GLB' || format === 'glTF') return loadGltf(file, format, bytes, images);
  const { object, declaredUnit } = parseModel(file, format, bytes);
  const root = new Group();
  root.add(object);
  return format === '3MF' ? { format, object: root, declaredUnit } : { format, object: root };
}
