// mass-properties/three: measure three.js scene graphs and draw the result.
// The core entry point ('mass-properties') never imports three; this adapter is reachable only
// through the "./three" export, so three stays an optional peer dependency.
import {
  ArrowHelper,
  BufferGeometry,
  Float32BufferAttribute,
  LineBasicMaterial,
  LineSegments,
  Matrix3,
  Matrix4,
  Mesh,
  MeshBasicMaterial,
  Object3D,
  Quaternion,
  SphereGeometry,
  Vector3,
} from 'three';
import { MassPropertiesError } from './index.js';

const DEFAULTS = Object.freeze({
  density: 1,
  visibleOnly: false,
});

const HELPER_DEFAULTS = Object.freeze({
  // Axis i belongs to principal moment i (ascending): red = smallest, green = intermediate, blue = largest.
  axisColors: Object.freeze([0xe5484d, 0x46a758, 0x3e63dd]),
  centerColor: 0xffb224,
  ellipsoidColor: 0x8da4ef,
  ellipsoidOpacity: 0.14,
});

// Module-level scratch objects (the three.js way: no allocation per call).
const _inverseRoot = new Matrix4();
const _relative = new Matrix4();
const _instance = new Matrix4();
const _placed = new Matrix4();
const _vertex = new Vector3();
const _semiAxes = new Vector3();
const _direction = new Vector3();

function typeName(value) {
  if (value === null) return 'null';
  if (typeof value === 'object') return value.constructor?.name ?? 'object';
  return typeof value;
}

function describeMesh(mesh) {
  return mesh.name ? `${mesh.type} "${mesh.name}"` : `${mesh.type} #${mesh.id}`;
}

// Errors may come from a second copy of the package (bundlers sometimes duplicate it), so the
// class identity is not enough to recognise them.
function isMassPropertiesError(error) {
  return error instanceof MassPropertiesError || error?.name === 'MassPropertiesError';
}

function checkOptions(options) {
  if (options !== undefined && (options === null || typeof options !== 'object' || Array.isArray(options))) {
    throw new MassPropertiesError('INVALID_TYPE', `options must be an object, got ${typeName(options)}`);
  }
  const o = { ...DEFAULTS, ...options };
  if (typeof o.density !== 'number' && typeof o.density !== 'function') {
    throw new MassPropertiesError('INVALID_DENSITY',
      `options.density must be a number or a function (mesh) => number, got ${typeName(o.density)}`);
  }
  return o;
}

// A bad density is the caller's mistake, not the mesh's: fail loudly instead of quietly leaving
// the part out of the body.
function densityOf(options, mesh, instanceId) {
  const density = typeof options.density === 'function' ? options.density(mesh, instanceId) : options.density;
  if (typeof density !== 'number' || !Number.isFinite(density) || density <= 0) {
    throw new MassPropertiesError('INVALID_DENSITY',
      `density of ${describeMesh(mesh)} must be a finite positive number, got ${String(density)}`);
  }
  return density;
}

// Index (or vertex, for non-indexed geometry) ranges [start, end) that three.js draws: the
// drawRange, split by groups only when the material is an array — a single material draws the
// whole drawRange and ignores groups, as WebGLRenderer does. Overlapping groups are merged so no
// triangle counts twice.
function drawnRanges(mesh) {
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

// The triangles of `ranges` with `matrix` applied, as positions (and indices for indexed geometry).
// A mirroring matrix (negative determinant) turns outward normals inward; swapping two corners of
// every triangle keeps them outward so the part is not reported as inside-out.
function bakeRanges(mesh, matrix, ranges) {
  const geometry = mesh.geometry;
  if (!geometry.getAttribute('position')) return { positions: new Float64Array(0), indices: null };
  const read = vertexReader(mesh);
  const e = matrix.elements;
  const flip = matrix.determinant() < 0;
  const triangles = ranges.reduce((n, [s, end]) => n + Math.floor((end - s) / 3), 0);

  if (!geometry.index) {
    const positions = new Float64Array(triangles * 9);
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

  // Indexed: keep the indices and bake only the span of vertices they use (a BatchedMesh
  // instance uses a small slice of a large shared buffer).
  const source = geometry.index.array;
  const indices = new Uint32Array(triangles * 3);
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

/**
 * The triangles of every Mesh under `object3D` (itself included), in `object3D`'s frame, with
 * transforms baked into Float64Array positions; one entry per mesh or instance. Points, lines
 * and sprites are skipped. This is what computeMassProperties measures; it is exported so the
 * measuring can run elsewhere (a worker) on transferable buffers.
 */
export function bakeMeshes(object3D, options) {
  if (!object3D?.isObject3D) {
    throw new MassPropertiesError('INVALID_TYPE', `object3D must be a three.js Object3D, got ${typeName(object3D)}`);
  }
  const o = checkOptions(options);
  object3D.updateWorldMatrix(true, true);
  _inverseRoot.copy(object3D.matrixWorld).invert();

  const meshes = [];
  const collect = (node) => {
    if (node.isMesh) meshes.push(node);
  };
  if (o.visibleOnly) object3D.traverseVisible(collect);
  else object3D.traverse(collect);

  const baked = [];
  for (const mesh of meshes) {
    // The root itself is measured in its own frame: identity, without the round-off of M⁻¹·M.
    const relative = mesh === object3D ? _relative.identity() : _relative.multiplyMatrices(_inverseRoot, mesh.matrixWorld);
    if (mesh.isSkinnedMesh) mesh.skeleton?.update();

    if (mesh.isBatchedMesh) {
      for (const { id, start, count } of batchedInstances(mesh, o.visibleOnly)) {
        mesh.getMatrixAt(id, _instance);
        _placed.multiplyMatrices(relative, _instance);
        const density = densityOf(o, mesh, id);
        baked.push({ mesh, instanceId: id, ...bakeRanges(mesh, _placed, [[start, start + count]]), density });
      }
    } else if (mesh.isInstancedMesh) {
      const ranges = drawnRanges(mesh);
      for (let id = 0; id < mesh.count; id++) {
        mesh.getMatrixAt(id, _instance);
        _placed.multiplyMatrices(relative, _instance);
        const density = densityOf(o, mesh, id);
        baked.push({ mesh, instanceId: id, ...bakeRanges(mesh, _placed, ranges), density });
      }
    } else {
      const density = densityOf(o, mesh, undefined);
      baked.push({ mesh, ...bakeRanges(mesh, relative, drawnRanges(mesh)), density });
    }
  }
  return baked;
}

/**
 * Mass properties of a scene graph: every Mesh under `object3D` (itself included) in
 * `object3D`'s frame. Returns the combined `body` and one entry per mesh (or instance) in
 * `parts`; a part that cannot be measured (e.g. a flat plane: ZERO_VOLUME) carries its error
 * and is left out of the body. Throws if no part can be measured.
 */
export function computeMassProperties(mp, object3D, options) {
  if (typeof mp?.mesh !== 'function' || typeof mp?.combine !== 'function') {
    throw new MassPropertiesError('INVALID_ARGUMENT',
      `mp must be the module from await init(), got ${typeName(mp)}`);
  }
  const baked = bakeMeshes(object3D, options);
  if (baked.length === 0) {
    throw new MassPropertiesError('EMPTY_MESH', `no Mesh found in ${describeMesh(object3D)} or its descendants`);
  }

  const parts = baked.map(({ mesh, instanceId, positions, indices, density }) => {
    const part = instanceId === undefined ? { mesh } : { mesh, instanceId };
    try {
      part.result = mp.mesh(positions, indices, { density });
    } catch (error) {
      if (!isMassPropertiesError(error)) throw error;
      part.result = null;
      part.error = error;
    }
    return part;
  });

  const measured = parts.filter((p) => p.result);
  if (measured.length === 0) {
    const first = parts[0];
    const which = first.instanceId === undefined ? describeMesh(first.mesh) : `${describeMesh(first.mesh)} instance ${first.instanceId}`;
    const error = new MassPropertiesError(first.error.code,
      `none of the ${parts.length} part(s) could be measured; ${which}: ${first.error.message}`);
    error.parts = parts;
    throw error;
  }
  return { body: mp.combine(measured.map((p) => p.result)), parts };
}

// --- conversions to three.js types -----------------------------------------------------------

/** The center of mass as a Vector3. */
export function toVector3(result, target = new Vector3()) {
  return target.fromArray(result.centerOfMass);
}

/** The inertia tensor (about the center of mass) as a Matrix3. */
export function toMatrix3(result, target = new Matrix3()) {
  const m = result.inertia;
  // Matrix3.set takes row-major arguments, the package's layout.
  return target.set(m[0], m[1], m[2], m[3], m[4], m[5], m[6], m[7], m[8]);
}

/** The principal frame's rotation (its matrix has the principal axes as columns). */
export function toQuaternion(result, target = new Quaternion()) {
  return target.fromArray(result.principalRotation);
}

/**
 * Semi-axes (in principal-axis order) of the uniform solid ellipsoid with the same mass and
 * principal moments: from I₁ = m(a₂² + a₃²)/5 etc., aᵢ² = 5/(2m) · (Iⱼ + Iₖ − Iᵢ).
 */
export function equivalentEllipsoid(result, target = new Vector3()) {
  const [i1, i2, i3] = result.principalMoments;
  const k = 5 / (2 * result.mass);
  // A flat body has Iⱼ + Iₖ = Iᵢ up to round-off: clamp instead of taking √ of a tiny negative.
  const axis = (a, b, c) => Math.sqrt(Math.max(0, k * (b + c - a)));
  return target.set(axis(i1, i2, i3), axis(i2, i3, i1), axis(i3, i1, i2));
}

// --- helper ----------------------------------------------------------------------------------

// Three unit circles, one per principal plane: the ellipsoid's outline once scaled.
function ringsGeometry(segments = 96) {
  const points = [];
  for (const [u, v] of [[0, 1], [1, 2], [2, 0]]) {
    for (let s = 0; s < segments; s++) {
      for (const t of [s, s + 1]) {
        const angle = (t / segments) * 2 * Math.PI;
        const p = [0, 0, 0];
        p[u] = Math.cos(angle);
        p[v] = Math.sin(angle);
        points.push(...p);
      }
    }
  }
  const geometry = new BufferGeometry();
  geometry.setAttribute('position', new Float32BufferAttribute(points, 3));
  return geometry;
}

/**
 * Draws a MassProperties result: the center of mass, the principal axes (ArrowHelpers colored
 * by axis) and the equivalent inertia ellipsoid. Add it where the measured object is, so it
 * shares that frame (the result's coordinates are in the measured object's frame).
 */
export class MassPropertiesHelper extends Object3D {
  constructor(result, options) {
    super();
    this.isMassPropertiesHelper = true;
    this.type = 'MassPropertiesHelper';
    const o = { ...HELPER_DEFAULTS, ...options };

    /** The drawn result (null until update). */
    this.result = null;

    // The helper's own transform stays the user's; this child carries the principal frame:
    // positioned at the center of mass, rotated by principalRotation.
    this.frame = new Object3D();
    this.add(this.frame);

    this.center = new Mesh(
      new SphereGeometry(1, 16, 8),
      // Drawn over everything: the center of mass usually lies inside the model.
      new MeshBasicMaterial({ color: o.centerColor, depthTest: false, depthWrite: false, transparent: true, toneMapped: false }),
    );
    this.center.renderOrder = 1;
    this.frame.add(this.center);

    this.axes = o.axisColors.slice(0, 3).map((color, i) => {
      _direction.set(0, 0, 0).setComponent(i, 1);
      const arrow = new ArrowHelper(_direction, undefined, 1, color);
      this.frame.add(arrow);
      return arrow;
    });

    this.ellipsoid = new Mesh(
      new SphereGeometry(1, 48, 24),
      new MeshBasicMaterial({ color: o.ellipsoidColor, transparent: true, opacity: o.ellipsoidOpacity, depthWrite: false, toneMapped: false }),
    );
    this.outline = new LineSegments(
      ringsGeometry(),
      new LineBasicMaterial({ color: o.ellipsoidColor, transparent: true, opacity: 0.8, toneMapped: false }),
    );
    this.ellipsoid.add(this.outline);
    this.frame.add(this.ellipsoid);

    if (result) this.update(result);
  }

  /** Redraws for a new result (same frame). */
  update(result) {
    this.result = result;
    this.frame.position.fromArray(result.centerOfMass);
    this.frame.quaternion.fromArray(result.principalRotation);

    const semi = equivalentEllipsoid(result, _semiAxes);
    const largest = Math.max(semi.x, semi.y, semi.z);
    // A zero scale would make the ellipsoid's matrix singular: keep flat bodies a hair thick.
    const floor = largest * 1e-4;
    this.ellipsoid.scale.set(Math.max(semi.x, floor), Math.max(semi.y, floor), Math.max(semi.z, floor));

    // Each arrow reaches past the ellipsoid along its axis, but never shrinks below half the
    // longest one, so the axis of a thin direction stays readable.
    for (let i = 0; i < 3; i++) {
      const length = 1.35 * Math.max(semi.getComponent(i), 0.5 * largest);
      this.axes[i].setLength(length, 0.12 * largest, 0.06 * largest);
    }
    this.center.scale.setScalar(0.035 * largest);
    return this;
  }

  /** Frees the geometries and materials of this helper. */
  dispose() {
    for (const arrow of this.axes) arrow.dispose();
    for (const object of [this.center, this.ellipsoid, this.outline]) {
      object.geometry.dispose();
      object.material.dispose();
    }
  }
}
