// The glTF JSON checked before any byte is read through it: every reference an index into its
// array, every accessor inside its buffer view and every buffer view inside its buffer, the node
// hierarchy a forest (glTF 2.0, 3.5). glTF-Transform reads what the JSON says without these
// checks, so a range past a buffer would read whatever memory follows it.
import { fail } from '../errors.js';

const COMPONENT_BYTES = { 5120: 1, 5121: 1, 5122: 2, 5123: 2, 5125: 4, 5126: 4, 5130: 8, 5131: 2 };
const COMPONENTS = { SCALAR: 1, VEC2: 2, VEC3: 3, VEC4: 4, MAT2: 4, MAT3: 9, MAT4: 16 };
const INDEX_TYPES = [5121, 5123, 5125];
const MESHOPT = 'EXT_meshopt_compression';

const invalid = (message) => fail('INVALID_FILE', `not valid glTF: ${message}`);
const isObject = (value) => value !== null && typeof value === 'object' && !Array.isArray(value);

function list(json, key) {
  const value = json[key];
  if (value === undefined) return [];
  if (!Array.isArray(value)) invalid(`${key} is not an array`);
  value.forEach((item, i) => isObject(item) || invalid(`${key}[${i}] is not an object`));
  return value;
}

function integer(value, what, min = 0) {
  if (!Number.isSafeInteger(value) || value < min)
    invalid(`${what} is ${JSON.stringify(value)}, not an integer ≥ ${min}`);
  return value;
}

function reference(value, array, what, target) {
  if (!Number.isSafeInteger(value) || value < 0 || value >= array.length)
    invalid(`${what} is ${JSON.stringify(value)}, not one of the ${array.length} ${target}`);
  return value;
}

const optional = (value, fallback) => (value === undefined ? fallback : value);

function numbers(value, length, what) {
  if (value === undefined) return;
  if (
    !Array.isArray(value) ||
    value.length !== length ||
    !value.every((x) => typeof x === 'number' && Number.isFinite(x))
  )
    invalid(`${what} is not ${length} finite numbers`);
}

// Buffer views, with the bytes behind each one known: a buffer's own data (a uri, the GLB binary
// chunk) or, for EXT_meshopt_compression, what its decoder writes (count × byteStride bytes).
function checkBufferViews(json, buffers, bin, meshoptDecoder) {
  const hasData = buffers.map((buffer, i) => buffer.uri !== undefined || (i === 0 && bin !== null));
  return list(json, 'bufferViews').map((view, i) => {
    const what = `bufferViews[${i}]`;
    const buffer = reference(view.buffer, buffers, `${what}.buffer`, 'buffers');
    const offset = integer(optional(view.byteOffset, 0), `${what}.byteOffset`);
    const length = integer(view.byteLength, `${what}.byteLength`, 1);
    if (offset + length > buffers[buffer].byteLength)
      invalid(
        `${what} (bytes ${offset}–${offset + length}) runs past buffers[${buffer}] (${buffers[buffer].byteLength} bytes)`,
      );
    if (view.byteStride !== undefined) {
      const stride = integer(view.byteStride, `${what}.byteStride`, 4);
      if (stride > 252 || stride % 4 !== 0) invalid(`${what}.byteStride ${stride} is not a multiple of 4 in 4–252`);
    }
    const meshopt = view.extensions?.[MESHOPT];
    if (meshopt !== undefined && meshoptDecoder) {
      const source = reference(meshopt.buffer, buffers, `${what}.extensions.${MESHOPT}.buffer`, 'buffers');
      const from = integer(optional(meshopt.byteOffset, 0), `${what} ${MESHOPT} byteOffset`);
      const size = integer(meshopt.byteLength, `${what} ${MESHOPT} byteLength`, 1);
      if (!hasData[source] || from + size > buffers[source].byteLength)
        invalid(`${what}'s ${MESHOPT} data (bytes ${from}–${from + size}) is not inside buffers[${source}]`);
      const count = integer(meshopt.count, `${what} ${MESHOPT} count`, 1);
      const stride = integer(meshopt.byteStride, `${what} ${MESHOPT} byteStride`, 1);
      if (count * stride !== length)
        invalid(`${what}: ${MESHOPT} decodes ${count} × ${stride} bytes, not its ${length}`);
    } else if (!hasData[buffer]) {
      invalid(`${what} is in buffers[${buffer}], which has no data (no uri, no GLB binary chunk)`);
    }
    return { length, stride: view.byteStride, sparseOk: view.byteStride === undefined };
  });
}

// An accessor's bytes: element k at byteOffset + k·stride, elementBytes long (what glTF-Transform
// reads). Returns the bytes it needs that no buffer view holds (zero-filled, or decoded by Draco).
function checkAccessor(accessor, i, views) {
  const what = `accessors[${i}]`;
  const size = COMPONENT_BYTES[accessor.componentType];
  if (size === undefined) invalid(`${what}.componentType ${JSON.stringify(accessor.componentType)} is not a glTF type`);
  const components = COMPONENTS[accessor.type];
  if (components === undefined) invalid(`${what}.type ${JSON.stringify(accessor.type)} is not a glTF type`);
  const count = integer(accessor.count, `${what}.count`, 1);
  const elementBytes = size * components;
  const inView = (viewIndex, offset, n, bytes, part) => {
    const view = views[reference(viewIndex, views, `${what}${part}.bufferView`, 'bufferViews')];
    const stride = view.stride ?? bytes;
    if (stride < bytes) invalid(`${what}${part}: byteStride ${stride} is smaller than an element (${bytes} bytes)`);
    if (part && !view.sparseOk) invalid(`${what}${part}: a sparse buffer view must not have a byteStride`);
    const end = offset + (n - 1) * stride + bytes;
    if (end > view.length)
      invalid(
        `${what}${part}: ${n} elements from byte ${offset} end at byte ${end}, past bufferViews[${viewIndex}] (${view.length} bytes)`,
      );
  };
  const offset = integer(optional(accessor.byteOffset, 0), `${what}.byteOffset`);
  if (accessor.bufferView !== undefined) inView(accessor.bufferView, offset, count, elementBytes, '');
  const sparse = accessor.sparse;
  if (sparse !== undefined) {
    if (!isObject(sparse) || !isObject(sparse.indices) || !isObject(sparse.values))
      invalid(`${what}.sparse is malformed`);
    const n = integer(sparse.count, `${what}.sparse.count`, 1);
    if (n > count) invalid(`${what}.sparse.count ${n} is more than the accessor's ${count} elements`);
    const indexType = sparse.indices.componentType;
    if (!INDEX_TYPES.includes(indexType)) invalid(`${what}.sparse.indices.componentType ${indexType} is not unsigned`);
    inView(
      sparse.indices.bufferView,
      integer(optional(sparse.indices.byteOffset, 0), `${what}.sparse.indices.byteOffset`),
      n,
      COMPONENT_BYTES[indexType],
      '.sparse.indices',
    );
    inView(
      sparse.values.bufferView,
      integer(optional(sparse.values.byteOffset, 0), `${what}.sparse.values.byteOffset`),
      n,
      elementBytes,
      '.sparse.values',
    );
  }
  return accessor.bufferView === undefined ? count * elementBytes : 0;
}

function checkMeshes(json, accessors, materials, views) {
  list(json, 'meshes').forEach((mesh, m) => {
    if (!Array.isArray(mesh.primitives)) invalid(`meshes[${m}].primitives is not an array`);
    mesh.primitives.forEach((primitive, p) => {
      const what = `meshes[${m}].primitives[${p}]`;
      if (!isObject(primitive) || !isObject(primitive.attributes)) invalid(`${what} has no attributes object`);
      for (const [semantic, index] of Object.entries(primitive.attributes))
        reference(index, accessors, `${what}.attributes.${semantic}`, 'accessors');
      const position = primitive.attributes.POSITION;
      if (position !== undefined && accessors[position].type !== 'VEC3') invalid(`${what}: POSITION is not VEC3`);
      if (primitive.indices !== undefined) {
        const indices = accessors[reference(primitive.indices, accessors, `${what}.indices`, 'accessors')];
        if (indices.type !== 'SCALAR' || !INDEX_TYPES.includes(indices.componentType))
          invalid(`${what}: its indices are not unsigned integer scalars`);
      }
      if (primitive.material !== undefined) reference(primitive.material, materials, `${what}.material`, 'materials');
      const draco = primitive.extensions?.KHR_draco_mesh_compression;
      if (draco !== undefined) reference(draco?.bufferView, views, `${what}'s Draco bufferView`, 'bufferViews');
      if (
        primitive.mode !== undefined &&
        (!Number.isInteger(primitive.mode) || primitive.mode < 0 || primitive.mode > 6)
      )
        invalid(`${what}.mode ${JSON.stringify(primitive.mode)} is not a glTF mode`);
      for (const [t, target] of (Array.isArray(primitive.targets) ? primitive.targets : []).entries())
        for (const [semantic, index] of Object.entries(isObject(target) ? target : {}))
          reference(index, accessors, `${what}.targets[${t}].${semantic}`, 'accessors');
    });
  });
}

// Nodes form a forest: each node the child of at most one node, none its own ancestor, a scene
// lists roots only. Checked without recursion (a chain may be 100,000 nodes deep).
function checkNodes(json, nodes) {
  const parent = new Array(nodes.length).fill(-1);
  const meshes = list(json, 'meshes');
  nodes.forEach((node, i) => {
    const what = `nodes[${i}]`;
    if (node.children !== undefined && !Array.isArray(node.children)) invalid(`${what}.children is not an array`);
    for (const child of node.children ?? []) {
      reference(child, nodes, `a child of ${what}`, 'nodes');
      if (parent[child] !== -1) invalid(`nodes[${child}] is a child of both nodes[${parent[child]}] and ${what}`);
      parent[child] = i;
    }
    if (node.mesh !== undefined) reference(node.mesh, meshes, `${what}.mesh`, 'meshes');
    if (node.camera !== undefined) reference(node.camera, list(json, 'cameras'), `${what}.camera`, 'cameras');
    if (node.skin !== undefined) reference(node.skin, list(json, 'skins'), `${what}.skin`, 'skins');
    numbers(node.matrix, 16, `${what}.matrix`);
    numbers(node.translation, 3, `${what}.translation`);
    numbers(node.rotation, 4, `${what}.rotation`);
    numbers(node.scale, 3, `${what}.scale`);
  });
  // Every node reached from a root; one that is not sits on a cycle of parents.
  const reached = new Uint8Array(nodes.length);
  const stack = [];
  parent.forEach((p, i) => p === -1 && stack.push(i));
  while (stack.length > 0) {
    const i = stack.pop();
    reached[i] = 1;
    for (const child of nodes[i].children ?? []) stack.push(child);
  }
  const cyclic = reached.indexOf(0);
  if (cyclic >= 0) invalid(`nodes[${cyclic}] is its own ancestor (the node hierarchy has a cycle)`);
  const scenes = list(json, 'scenes');
  scenes.forEach((scene, s) => {
    if (scene.nodes !== undefined && !Array.isArray(scene.nodes)) invalid(`scenes[${s}].nodes is not an array`);
    for (const root of scene.nodes ?? []) {
      reference(root, nodes, `a node of scenes[${s}]`, 'nodes');
      if (parent[root] !== -1) invalid(`scenes[${s}] lists nodes[${root}], which is a child of nodes[${parent[root]}]`);
    }
  });
  if (json.scene !== undefined) reference(json.scene, scenes, 'scene', 'scenes');
}

// What glTF-Transform dereferences without a check elsewhere: textures, skins, animations.
function checkOthers(json, accessors, nodes) {
  const images = list(json, 'images');
  const views = list(json, 'bufferViews');
  images.forEach((image, i) => {
    if (image.bufferView !== undefined) reference(image.bufferView, views, `images[${i}].bufferView`, 'bufferViews');
    else if (typeof image.uri !== 'string') invalid(`images[${i}] has neither a uri nor a bufferView`);
  });
  const textures = list(json, 'textures');
  textures.forEach((texture, i) => {
    if (texture.source !== undefined) reference(texture.source, images, `textures[${i}].source`, 'images');
    if (texture.sampler !== undefined)
      reference(texture.sampler, list(json, 'samplers'), `textures[${i}].sampler`, 'samplers');
  });
  list(json, 'materials').forEach((material, i) => {
    const pbr = isObject(material.pbrMetallicRoughness) ? material.pbrMetallicRoughness : {};
    const infos = { ...pbr, ...material };
    for (const key of [
      'baseColorTexture',
      'metallicRoughnessTexture',
      'normalTexture',
      'occlusionTexture',
      'emissiveTexture',
    ]) {
      if (infos[key] !== undefined) reference(infos[key]?.index, textures, `materials[${i}].${key}.index`, 'textures');
    }
  });
  list(json, 'skins').forEach((skin, i) => {
    if (!Array.isArray(skin.joints)) invalid(`skins[${i}].joints is not an array`);
    for (const joint of skin.joints) reference(joint, nodes, `a joint of skins[${i}]`, 'nodes');
    if (skin.skeleton !== undefined) reference(skin.skeleton, nodes, `skins[${i}].skeleton`, 'nodes');
    if (skin.inverseBindMatrices !== undefined)
      reference(skin.inverseBindMatrices, accessors, `skins[${i}].inverseBindMatrices`, 'accessors');
  });
  list(json, 'animations').forEach((animation, a) => {
    const samplers = Array.isArray(animation.samplers) ? animation.samplers : [];
    samplers.forEach((sampler, s) => {
      reference(sampler?.input, accessors, `animations[${a}].samplers[${s}].input`, 'accessors');
      reference(sampler?.output, accessors, `animations[${a}].samplers[${s}].output`, 'accessors');
    });
    for (const [c, channel] of (Array.isArray(animation.channels) ? animation.channels : []).entries()) {
      reference(channel?.sampler, samplers, `animations[${a}].channels[${c}].sampler`, 'samplers');
      if (channel.target?.node !== undefined)
        reference(channel.target.node, nodes, `animations[${a}].channels[${c}].target.node`, 'nodes');
    }
  });
}

/**
 * Checks a glTF's JSON (`bin`: the GLB binary chunk, or null) before anything is read through it.
 * Returns the bytes it declares: every buffer's byteLength, and what accessors without a buffer
 * view will allocate (the caller caps the total).
 */
export function validateJson(json, { bin, meshoptDecoder }) {
  if (!isObject(json.asset) || typeof json.asset.version !== 'string') invalid('it has no asset.version');
  const buffers = list(json, 'buffers');
  let declared = 0;
  buffers.forEach((buffer, i) => {
    declared += integer(buffer.byteLength, `buffers[${i}].byteLength`, 1);
    if (buffer.uri !== undefined && typeof buffer.uri !== 'string') invalid(`buffers[${i}].uri is not a string`);
  });
  if (bin !== null && buffers.length > 0 && buffers[0].uri === undefined && bin.length < buffers[0].byteLength)
    fail(
      'TRUNCATED_FILE',
      `truncated GLB: its binary chunk has ${bin.length} bytes, buffers[0].byteLength says ${buffers[0].byteLength}`,
    );
  const views = checkBufferViews(json, buffers, bin, meshoptDecoder);
  const accessors = list(json, 'accessors');
  accessors.forEach((accessor, i) => {
    declared += checkAccessor(accessor, i, views);
  });
  const nodes = list(json, 'nodes');
  checkMeshes(json, accessors, list(json, 'materials'), views);
  checkNodes(json, nodes);
  checkOthers(json, accessors, nodes);
  return declared;
}

// An unsigned little-endian integer of 1, 2 or 4 bytes.
function readIndex(bytes, at, size) {
  if (size === 1) return bytes[at];
  if (size === 2) return bytes[at] | (bytes[at + 1] << 8);
  return (bytes[at] | (bytes[at + 1] << 8) | (bytes[at + 2] << 16) | (bytes[at + 3] << 24)) >>> 0;
}

/**
 * Sparse indices, once the buffers are read (`data[i]`: buffer i's bytes, or null): each below
 * the accessor's count and increasing, as glTF 2.0 requires (glTF-Transform would drop a
 * substitution past the end without a word). Views decoded by meshopt are not looked into.
 */
export function checkSparseIndices(json, data) {
  const views = json.bufferViews ?? [];
  (json.accessors ?? []).forEach((accessor, i) => {
    const sparse = accessor.sparse;
    if (sparse === undefined) return;
    const view = views[sparse.indices.bufferView];
    const bytes = data[view.buffer];
    if (!bytes || view.extensions?.[MESHOPT] !== undefined) return;
    const size = COMPONENT_BYTES[sparse.indices.componentType];
    const start = (view.byteOffset ?? 0) + (sparse.indices.byteOffset ?? 0);
    let previous = -1;
    for (let k = 0; k < sparse.count; k++) {
      const index = readIndex(bytes, start + k * size, size);
      if (index >= accessor.count || index <= previous) {
        fail(
          'INDEX_OUT_OF_RANGE',
          `accessors[${i}]: sparse index ${index} at ${k} is ${index >= accessor.count ? `not below its count ${accessor.count}` : 'not increasing'}`,
        );
      }
      previous = index;
    }
  });
}
