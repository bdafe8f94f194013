// Measuring a glTF-Transform Document: every mesh node of a scene in the scene's frame.
import { MassPropertiesError, fail, isMassPropertiesError, typeName } from '../errors.js';
import { readOptions } from '../options.js';
import { checkModule, combineMeasured, measurePart } from '../parts.js';
import { PASSED_MESH_KEYS, pick } from '../schema.js';
import { forEachNode } from './traverse.js';

const DEFAULTS = Object.freeze({
  density: undefined, // the core's (mp.defaults.density)
  mass: undefined,
  materials: undefined,
  nodes: undefined,
  mode: undefined,
  thickness: undefined,
  weld: undefined,
  units: undefined,
  scene: undefined,
});

/** The option names measureDocument accepts. */
export const MEASURE_KEYS = Object.freeze(Object.keys(DEFAULTS));

// glTF primitive modes (glTF 2.0, 3.7.2.1).
const TRIANGLES = 4;
const TRIANGLE_STRIP = 5;
const TRIANGLE_FAN = 6;
const MODE_NAMES = ['POINTS', 'LINES', 'LINE_LOOP', 'LINE_STRIP', 'TRIANGLES', 'TRIANGLE_STRIP', 'TRIANGLE_FAN'];

function positiveNumber(value, what) {
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) {
    fail('INVALID_DENSITY', `${what} must be a finite number > 0, got ${typeName(value)} ${String(value)}`);
  }
  return value;
}

function readTable(table, what) {
  if (table === undefined) return new Map();
  if (table === null || typeof table !== 'object')
    fail('INVALID_TYPE', `${what} must be an object, got ${typeName(table)}`);
  const map = new Map();
  for (const [name, value] of Object.entries(table)) map.set(name, positiveNumber(value, `${what}['${name}']`));
  return map;
}

export function readMeasureOptions(options, mp) {
  const o = { ...DEFAULTS, ...readOptions(options, Object.keys(DEFAULTS)) };
  o.density ??= mp.defaults.density;
  if (o.mass !== undefined) positiveNumber(o.mass, 'options.mass');
  else positiveNumber(o.density, 'options.density');
  return { ...o, materials: readTable(o.materials, 'options.materials'), nodes: readTable(o.nodes, 'options.nodes') };
}

// The density of one primitive, most specific first: options.nodes by node name, the node's
// extras.density, options.materials by material name, the material's extras.density, then
// options.density. (three.js's GLTFLoader puts extras in userData, where the adapter looks.)
export function densityOf(o, node, material) {
  const fromExtras = (property) => {
    const d = property?.getExtras()?.density;
    return d === undefined ? undefined : positiveNumber(d, `extras.density of ${describe(property)}`);
  };
  return (
    o.nodes.get(node.getName()) ??
    fromExtras(node) ??
    (material ? o.materials.get(material.getName()) : undefined) ??
    fromExtras(material) ??
    o.density
  );
}

export function describe(property) {
  const kind = property.propertyType ?? 'property';
  return property.getName() ? `${kind} "${property.getName()}"` : `an unnamed ${kind.toLowerCase()}`;
}

// Triangle corner indices of a primitive (its index accessor, or 0..n-1), strips and fans
// unrolled to triangles as the glTF spec numbers them, each checked against the primitive's own
// vertex count (baked together, an index past it would pick up the next primitive's vertices).
function triangleCorners(primitive, count, name) {
  const indices = primitive.getIndices();
  const at = indices ? (i) => indices.getScalar(i) : (i) => i;
  const n = indices ? indices.getCount() : count;
  const mode = primitive.getMode();
  if (mode === TRIANGLES) {
    const out = new Uint32Array(n - (n % 3));
    for (let i = 0; i < out.length; i++) out[i] = at(i);
    return checkCorners(out, count, name);
  }
  const triangles = Math.max(0, n - 2);
  const out = new Uint32Array(3 * triangles);
  for (let i = 0; i < triangles; i++) {
    const corners =
      mode === TRIANGLE_STRIP ? [at(i), at(i + 1 + (i % 2)), at(i + 2 - (i % 2))] : [at(i + 1), at(i + 2), at(0)]; // TRIANGLE_FAN
    out.set(corners, 3 * i);
  }
  return checkCorners(out, count, name);
}

function checkCorners(corners, count, name) {
  for (let i = 0; i < corners.length; i++) {
    if (corners[i] >= count)
      fail(
        'INDEX_OUT_OF_RANGE',
        `${name()}: index ${corners[i]} at triangle ${Math.floor(i / 3)} is out of range (${count} vertices)`,
      );
  }
  return corners;
}

// "node "arm", primitive 1 of mesh "arm"": where a primitive is, for messages.
function primitiveLabel(name, primitive) {
  const mesh = primitive.listParents().find((p) => p.propertyType === 'Mesh');
  return mesh ? `${name}, primitive ${mesh.listPrimitives().indexOf(primitive)} of ${describe(mesh)}` : name;
}

const determinant = (m) =>
  m[0] * (m[5] * m[10] - m[6] * m[9]) - m[4] * (m[1] * m[10] - m[2] * m[9]) + m[8] * (m[1] * m[6] - m[2] * m[5]);

// One mesh's group of primitives (same density) as positions in the scene frame and indices;
// a mirroring matrix swaps two corners of every triangle so that outward stays outward.
function bake(primitives, matrix, name) {
  const mirrored = determinant(matrix) < 0;
  let vertexCount = 0;
  let cornerCount = 0;
  const pieces = primitives.map((primitive) => {
    const position = primitive.getAttribute('POSITION');
    const corners = triangleCorners(primitive, position.getCount(), () => primitiveLabel(name, primitive));
    vertexCount += position.getCount();
    cornerCount += corners.length;
    return { position, corners };
  });
  const positions = new Float64Array(3 * vertexCount);
  const indices = new Uint32Array(cornerCount);
  const m = matrix;
  const p = [0, 0, 0];
  let v0 = 0;
  let c0 = 0;
  for (const { position, corners } of pieces) {
    for (let v = 0, n = position.getCount(); v < n; v++) {
      position.getElement(v, p); // decodes normalized (quantized) integers; sparse values are applied on read
      const o = 3 * (v0 + v);
      positions[o] = m[0] * p[0] + m[4] * p[1] + m[8] * p[2] + m[12];
      positions[o + 1] = m[1] * p[0] + m[5] * p[1] + m[9] * p[2] + m[13];
      positions[o + 2] = m[2] * p[0] + m[6] * p[1] + m[10] * p[2] + m[14];
    }
    for (let c = 0; c < corners.length; c += 3) {
      indices[c0 + c] = v0 + corners[c];
      indices[c0 + c + 1] = v0 + corners[mirrored ? c + 2 : c + 1];
      indices[c0 + c + 2] = v0 + corners[mirrored ? c + 1 : c + 2];
    }
    v0 += position.getCount();
    c0 += corners.length;
  }
  return { positions, indices };
}

// The nodes of a scene with their world matrices, depth first in document order.
function meshNodes(scene) {
  const out = [];
  forEachNode(scene.listChildren(), (node, matrix) => {
    if (node.getMesh()) out.push({ node, matrix });
  });
  return out;
}

/** The scene `which` (index or name) of a document, or its default (else first) scene. */
export function sceneOf(document, which) {
  const root = document.getRoot();
  if (which === undefined) {
    const scene = root.getDefaultScene() ?? root.listScenes()[0];
    if (!scene) fail('EMPTY_MESH', 'the document has no scene');
    return scene;
  }
  const scenes = root.listScenes();
  const scene = typeof which === 'number' ? scenes[which] : scenes.find((s) => s.getName() === which);
  if (!scene) fail('INVALID_OPTIONS', `options.scene ${JSON.stringify(which)} is not a scene of the document`);
  return scene;
}

// One group baked and measured as any baked part is (parts.js: a refused option is thrown with
// the node's name, refused triangles are the part's error).
function measureGroup(mp, o, name, primitives, matrix, density) {
  let baked;
  try {
    baked = bake(primitives, matrix, name);
  } catch (error) {
    if (!isMassPropertiesError(error)) throw error;
    return { result: null, error };
  }
  const options = { density, ...pick(o, PASSED_MESH_KEYS) };
  const { result, error = null } = measurePart(mp, { ...baked, ...options }, name);
  return { result, error };
}

// One node: its triangle primitives grouped by density (each group one mesh, so a solid split
// into primitives by material is still one closed surface), measured and combined.
export function measureNode(mp, o, { node, matrix }, densityScale) {
  const name = describe(node);
  const groups = new Map();
  const skipped = [];
  for (const primitive of node.getMesh().listPrimitives()) {
    const mode = primitive.getMode();
    if (mode !== TRIANGLES && mode !== TRIANGLE_STRIP && mode !== TRIANGLE_FAN) {
      skipped.push(MODE_NAMES[mode] ?? `mode ${mode}`);
      continue;
    }
    if (!primitive.getAttribute('POSITION')) continue;
    const density = densityOf(o, node, primitive.getMaterial()) * densityScale;
    if (!groups.has(density)) groups.set(density, []);
    groups.get(density).push(primitive);
  }
  const measured = [...groups].map(([density, primitives]) => measureGroup(mp, o, name, primitives, matrix, density));
  const results = measured.filter((m) => m.result).map((m) => m.result);
  const error = measured.find((m) => m.error)?.error ?? null;
  const part = { node, name: node.getName(), matrix, skipped, result: null, error };
  if (results.length > 0) part.result = results.length === 1 ? results[0] : mp.combine(results);
  else if (!error) {
    part.error = new MassPropertiesError(
      'EMPTY_MESH',
      `${name} has no triangles${skipped.length ? ` (only ${[...new Set(skipped)].join(', ')})` : ''}`,
    );
  }
  return part;
}

/**
 * Mass properties of every mesh node of a glTF-Transform Document, in the scene's frame (node
 * hierarchy and transforms applied). Returns `{ body, parts }`: one part per mesh node
 * (`{ node, name, matrix, result, error, skipped }`), and their combination. See gltf.d.ts.
 */
export function measureDocument(mp, document, options) {
  checkModule(mp);
  if (typeof document?.getRoot !== 'function') {
    fail('INVALID_TYPE', `document must be a glTF-Transform Document, got ${typeName(document)}`);
  }
  const o = readMeasureOptions(options, mp);
  const nodes = meshNodes(sceneOf(document, o.scene));
  if (nodes.length === 0) fail('EMPTY_MESH', 'the scene has no mesh nodes');
  const measureAll = (scale) => nodes.map((entry) => measureNode(mp, o, entry, scale));
  let parts = measureAll(1);
  let body = combineMeasured(mp, parts);
  // A total mass: the relative densities are kept and scaled so that the whole weighs `mass`.
  if (body && o.mass !== undefined) {
    parts = measureAll(o.mass / body.mass);
    body = combineMeasured(mp, parts);
  }
  if (!body) {
    const first = parts[0];
    throw Object.assign(
      new MassPropertiesError(
        first.error.code,
        `no mesh node could be measured; ${first.name || 'node'}: ${first.error.message}`,
      ),
      { parts },
    );
  }
  return { body, parts };
}
