// Baking: the triangles three.js draws for a mesh, through a matrix, as Float64Array positions
// (and Uint32Array indices for indexed geometry), ready for mp.mesh or a worker.
import { Matrix4, Vector3 } from 'three';
import { checkObject3D, meshesIn, meshOptionsOf, readSceneOptions } from './scene.js';

const _instance = new Matrix4();
const _placed = new Matrix4();
const _vertex = new Vector3();

/**
 * Index (or vertex, for non-indexed geometry) ranges [start, end) that three.js draws: the
 * drawRange, split by groups only when the material is an array — a single material draws the
 * whole drawRange and ignores groups, as WebGLRenderer does. Overlapping groups are merged so no
 * triangle counts twice.
 */
export function drawnRanges(mesh) {
  const geometry = mesh.geometry;
  const position = geometry.getAttribute('position');
  const total = geometry.index ? geometry.index.count : position ? position.count : 0;
  const start = Math.max(0, geometry.drawRange.start);
  const end = Math.min(total, geometry.drawRange.start + geometry.drawRange.count);
  if (!Array.isArray(mesh.material) || geometry.groups.length === 0) return end > start ? [[start, end]] : [];

  const clipped = geometry.groups
    .map((g) => [Math.max(start, g.start), Math.min(end, g.start + g.count)])
    .filter(([s, e]) => e > s)
    .sort((a, b) => a[0] - b[0]);
  const merged = [];
  for (const range of clipped) {
    const last = merged[merged.length - 1];
    if (last && range[0] <= last[1]) last[1] = Math.max(last[1], range[1]);
    else merged.push([...range]);
  }
  return merged;
}

// Reads vertex i into _vertex. Morph targets and skinning go through three's own
// getVertexPosition (what raycasting uses), so the measured shape is the one on screen.
function vertexReader(mesh) {
  const geometry = mesh.geometry;
  const position = geometry.getAttribute('position');
  const morphed = geometry.morphAttributes.position && mesh.morphTargetInfluences;
  if ((morphed || mesh.isSkinnedMesh) && typeof mesh.getVertexPosition === 'function') {
    return (i) => mesh.getVertexPosition(i, _vertex);
  }
  const array = position.array;
  const plain = array instanceof Float32Array || array instanceof Float64Array;
  if (plain && !position.isInterleavedBufferAttribute && !position.normalized) {
    const stride = position.itemSize;
    return (i) => _vertex.set(array[i * stride], array[i * stride + 1], array[i * stride + 2]);
  }
  // Interleaved, normalized (quantized) or half-float attributes: getX/getY/getZ decode them.
  return (i) => _vertex.fromBufferAttribute(position, i);
}

// Writes matrix · v (in double precision) to out[k..k+2].
function writeTransformed(out, k, e, v) {
  out[k] = e[0] * v.x + e[4] * v.y + e[8] * v.z + e[12];
  out[k + 1] = e[1] * v.x + e[5] * v.y + e[9] * v.z + e[13];
  out[k + 2] = e[2] * v.x + e[6] * v.y + e[10] * v.z + e[14];
}

const triangleCount = (ranges) => ranges.reduce((n, [s, end]) => n + Math.floor((end - s) / 3), 0);

function bakeSoup(read, e, flip, ranges) {
  const positions = new Float64Array(triangleCount(ranges) * 9);
  let k = 0;
  for (const [s, end] of ranges) {
    for (let t = s; t + 3 <= end; t += 3) {
      writeTransformed(positions, k, e, read(t));
      writeTransformed(positions, flip ? k + 6 : k + 3, e, read(t + 1));
      writeTransformed(positions, flip ? k + 3 : k + 6, e, read(t + 2));
      k += 9;
    }
  }
  return { positions, indices: null };
}

// Keeps the indices and bakes only the span of vertices they use (a BatchedMesh instance uses a
// small slice of a large shared buffer).
function bakeIndexed(geometry, read, e, flip, ranges) {
  const source = geometry.index.array;
  const indices = new Uint32Array(triangleCount(ranges) * 3);
  let k = 0;
  let lo = Infinity;
  let hi = -1;
  for (const [s, end] of ranges) {
    for (let t = s; t + 3 <= end; t += 3) {
      const a = source[t];
      const b = source[flip ? t + 2 : t + 1];
      const c = source[flip ? t + 1 : t + 2];
      indices[k++] = a;
      indices[k++] = b;
      indices[k++] = c;
      lo = Math.min(lo, a, b, c);
      hi = Math.max(hi, a, b, c);
    }
  }
  if (hi < 0) return { positions: new Float64Array(0), indices };
  const vertexCount = geometry.getAttribute('position').count;
  if (hi >= vertexCount) {
    // Bad indices: bake every vertex, unshifted, and let the core report INDEX_OUT_OF_RANGE.
    lo = 0;
    hi = vertexCount - 1;
  }
  const positions = new Float64Array((hi - lo + 1) * 3);
  for (let v = lo; v <= hi; v++) writeTransformed(positions, (v - lo) * 3, e, read(v));
  if (lo > 0) for (let i = 0; i < indices.length; i++) indices[i] -= lo;
  return { positions, indices };
}

/**
 * The triangles of `ranges` with `matrix` applied, as { positions, indices }. A mirroring matrix
 * (negative determinant) turns outward normals inward; swapping two corners of every triangle
 * keeps them outward so the part is not reported as inside-out.
 */
export function bakeRanges(mesh, matrix, ranges) {
  const geometry = mesh.geometry;
  if (!geometry.getAttribute('position')) return { positions: new Float64Array(0), indices: null };
  const read = vertexReader(mesh);
  const flip = matrix.determinant() < 0;
  return geometry.index
    ? bakeIndexed(geometry, read, matrix.elements, flip, ranges)
    : bakeSoup(read, matrix.elements, flip, ranges);
}

// The instances of a BatchedMesh: deleted ids throw in three's accessors, so probe each id.
function batchedInstances(mesh, visibleOnly) {
  const list = [];
  const range = {};
  for (let id = 0; id < mesh.maxInstanceCount; id++) {
    let geometryId;
    try {
      geometryId = mesh.getGeometryIdAt(id);
    } catch {
      continue; // deleted or never added
    }
    if (visibleOnly && !mesh.getVisibleAt(id)) continue;
    mesh.getGeometryRangeAt(geometryId, range);
    list.push({ id, start: range.start, count: range.count });
  }
  return list;
}

/** Where instance `id` of a BatchedMesh or InstancedMesh is drawn: `matrix` (the mesh's) · its own. */
export function instanceMatrix(mesh, matrix, id, target) {
  return target.multiplyMatrices(matrix, mesh.getMatrixAt(id, _instance));
}

/**
 * The baked parts of one mesh, placed by `matrix`: one per instance of a BatchedMesh or
 * InstancedMesh, else one, each with the mesh options mp.mesh gets for it. `options` as read
 * by readSceneOptions.
 */
export function bakeParts(mesh, matrix, options) {
  if (mesh.isSkinnedMesh) mesh.skeleton?.update();
  if (mesh.isBatchedMesh) {
    return batchedInstances(mesh, options.visibleOnly).map(({ id, start, count }) => {
      instanceMatrix(mesh, matrix, id, _placed);
      const meshOptions = meshOptionsOf(options, mesh, id);
      return { mesh, instanceId: id, ...bakeRanges(mesh, _placed, [[start, start + count]]), ...meshOptions };
    });
  }
  if (mesh.isInstancedMesh) {
    const ranges = drawnRanges(mesh);
    const parts = [];
    for (let id = 0; id < mesh.count; id++) {
      instanceMatrix(mesh, matrix, id, _placed);
      const meshOptions = meshOptionsOf(options, mesh, id);
      parts.push({ mesh, instanceId: id, ...bakeRanges(mesh, _placed, ranges), ...meshOptions });
    }
    return parts;
  }
  const meshOptions = meshOptionsOf(options, mesh, undefined);
  return [{ mesh, ...bakeRanges(mesh, matrix, drawnRanges(mesh)), ...meshOptions }];
}

/**
 * The triangles of every Mesh under `object3D` (itself included), in `object3D`'s frame, with
 * transforms baked into Float64Array positions; one entry per mesh or instance. Points, lines
 * and sprites are skipped. computeMassProperties measures the same triangles; this is exported
 * so the measuring can run elsewhere (a worker) on transferable buffers.
 */
export function bakeMeshes(object3D, options) {
  checkObject3D(object3D);
  const o = readSceneOptions(options);
  const baked = [];
  for (const { mesh, matrix } of meshesIn(object3D, o)) {
    for (const part of bakeParts(mesh, matrix, o))
      baked.push(o.units === undefined ? part : { ...part, units: o.units });
  }
  return baked;
}
