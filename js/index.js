// mass-properties: the JavaScript face of the WebAssembly core.
// Checks arguments, turns status codes into MassPropertiesError, shapes plain result objects.
import createMassPropertiesModule from '../dist/mass_properties_wasm.js';

/** Thrown for bad input; `code` is one of the core's status codes (e.g. 'INDEX_OUT_OF_RANGE'). */
export class MassPropertiesError extends Error {
  constructor(code, message) {
    super(message);
    this.name = 'MassPropertiesError';
    this.code = code;
  }
}

const DEFAULTS = Object.freeze({ density: 1 });
const IDENTITY_TRANSFORM = Object.freeze({ position: [0, 0, 0], quaternion: [0, 0, 0, 1], scale: [1, 1, 1] });

let ready = null;

/**
 * Loads the WebAssembly module once (the bytes are embedded, so this works the same in Node,
 * browsers, workers and bundlers). Later calls return the same promise.
 */
export function init() {
  if (!ready) {
    ready = createMassPropertiesModule().then((wasm) => new MassPropertiesModule(wasm));
    ready.catch(() => {
      ready = null; // a failed load may be retried
    });
  }
  return ready;
}

function typeName(value) {
  if (value === null) return 'null';
  if (value === undefined) return 'undefined';
  if (typeof value === 'object') return value.constructor?.name ?? 'object';
  return typeof value;
}

function fail(code, message) {
  throw new MassPropertiesError(code, message);
}

// The typed array's own tag, not instanceof, so arrays from another realm (an iframe, a vm
// context, jsdom) are accepted too.
function typedArrayName(value) {
  return ArrayBuffer.isView(value) ? value[Symbol.toStringTag] : undefined;
}

function positionKind(positions) {
  const name = typedArrayName(positions);
  if (name === 'Float32Array') return 0;
  if (name === 'Float64Array') return 1;
  const hint = Array.isArray(positions) ? ' (wrap it: new Float64Array(positions))' : '';
  return fail('INVALID_TYPE', `positions must be a Float32Array or Float64Array, got ${typeName(positions)}${hint}`);
}

function indexKind(indices) {
  if (indices === null || indices === undefined) return 0;
  const name = typedArrayName(indices);
  if (name === 'Uint16Array') return 1;
  if (name === 'Uint32Array') return 2;
  const hint = Array.isArray(indices) ? ' (wrap it: new Uint32Array(indices))' : '';
  return fail('INVALID_TYPE', `indices must be a Uint32Array, Uint16Array, null or undefined, got ${typeName(indices)}${hint}`);
}

// A wasm32 heap ends at 4 GiB; past it the core would abort instead of failing cleanly. Peak use
// is the two input copies plus the welding (20 B a vertex, 4 B a corner) or the edge buckets
// (8 B a vertex and a corner), whichever is larger.
const HEAP_BUDGET = 3.75e9;

function checkHeapBudget(positions, indices) {
  const vertices = positions.length / 3;
  const corners = indices ? indices.length : vertices;
  const bytes = positions.byteLength + (indices ? indices.byteLength : 0) +
    Math.max(20 * vertices + 4 * corners, 8 * vertices + 8 * corners);
  if (bytes > HEAP_BUDGET) {
    fail('MESH_TOO_LARGE', `mesh of ${vertices} vertices and ${Math.floor(corners / 3)} triangles needs about ` +
      `${(bytes / 2 ** 30).toFixed(1)} GiB of WebAssembly memory; at most ${(HEAP_BUDGET / 2 ** 30).toFixed(1)} GiB fit: ` +
      'measure it in parts and combine them');
  }
}

function checkPlainObject(value, what) {
  if (value !== undefined && (value === null || typeof value !== 'object' || Array.isArray(value))) {
    fail('INVALID_TYPE', `${what} must be an object, got ${typeName(value)}`);
  }
}

const OPTION_KEYS = new Set(['density', 'mass']);

// { density } or { mass }, never both; the core checks that the number is finite and positive.
function massArgs(options) {
  checkPlainObject(options, 'options');
  for (const key of Object.keys(options ?? {})) {
    if (!OPTION_KEYS.has(key)) fail('INVALID_OPTIONS', `unknown option '${key}' (expected density or mass)`);
  }
  const o = { ...DEFAULTS, ...options };
  if (options && options.mass !== undefined) {
    if (options.density !== undefined) fail('INVALID_OPTIONS', 'give either density or mass, not both');
    if (typeof o.mass !== 'number') fail('INVALID_MASS', `mass must be a number, got ${typeName(o.mass)}`);
    return [o.mass, true];
  }
  if (typeof o.density !== 'number') fail('INVALID_DENSITY', `density must be a number, got ${typeName(o.density)}`);
  return [o.density, false];
}

function checkNumber(value, name) {
  if (typeof value !== 'number') fail('INVALID_DIMENSION', `${name} must be a number, got ${typeName(value)}`);
  return value;
}

// Arrays, typed arrays, or {x, y, z[, w]} objects such as three.js's Vector3 and Quaternion.
function checkVector(value, length, name) {
  if (value && typeof value === 'object' && !ArrayBuffer.isView(value) && !Array.isArray(value) && 'x' in value) {
    value = length === 4 ? [value.x, value.y, value.z, value.w] : length === 3 ? [value.x, value.y, value.z] : value;
  }
  const ok = (Array.isArray(value) || ArrayBuffer.isView(value)) && value.length === length;
  if (!ok || !Array.prototype.every.call(value, (x) => typeof x === 'number' && Number.isFinite(x))) {
    fail('INVALID_ARGUMENT', `${name} must be ${length} finite numbers, got ${describe(value)}`);
  }
  return Array.from(value);
}

function describe(value) {
  if (Array.isArray(value)) return `[${value.slice(0, 9).map(String).join(', ')}${value.length > 9 ? ', …' : ''}]`;
  return typeName(value);
}

function nullIfNaN(value) {
  return Number.isNaN(value) ? null : value;
}

// The core's plain value object, with NaN (not derivable) shown as null.
function shape(value) {
  const centroid = value.surfaceCentroid;
  return {
    mass: value.mass,
    volume: value.volume,
    density: value.density,
    centerOfMass: value.centerOfMass,
    inertia: value.inertia,
    principalMoments: value.principalMoments,
    principalAxes: value.principalAxes,
    principalRotation: value.principalRotation,
    surfaceArea: nullIfNaN(value.surfaceArea),
    surfaceCentroid: centroid.some(Number.isNaN) ? null : centroid,
    diagnostics: value.diagnostics,
  };
}

function unwrap(result) {
  if (result.code !== 'OK') fail(result.code, result.message);
  return result.value;
}

// What the core needs of a body: mass, volume, center of mass, inertia (and the surface if known).
function toBody(body, name) {
  if (body === null || typeof body !== 'object') fail('INVALID_BODY', `${name} must be a mass-properties result, got ${typeName(body)}`);
  const number = (key) => {
    if (typeof body[key] !== 'number') fail('INVALID_BODY', `${name}.${key} must be a number, got ${typeName(body[key])}`);
    return body[key];
  };
  const vector = (key, n) => {
    try {
      return checkVector(body[key], n, `${name}.${key}`);
    } catch (e) {
      throw new MassPropertiesError('INVALID_BODY', e.message);
    }
  };
  const known = body.surfaceArea !== null && body.surfaceArea !== undefined && body.surfaceCentroid;
  const out = {
    mass: number('mass'),
    volume: number('volume'),
    centerOfMass: vector('centerOfMass', 3),
    inertia: vector('inertia', 9),
    surfaceArea: known ? number('surfaceArea') : NaN,
    surfaceCentroid: known ? vector('surfaceCentroid', 3) : [NaN, NaN, NaN],
  };
  return out.mass < 0 ? asHole(out) : out;
}

// A hole: mass, volume and tensor all negative, whichever sign the volume and tensor were given
// with (a hole's own tensor is that of its shape, negated).
function asHole(body) {
  const trace = body.inertia[0] + body.inertia[4] + body.inertia[8];
  return {
    ...body,
    mass: -Math.abs(body.mass),
    volume: -Math.abs(body.volume),
    inertia: trace > 0 ? body.inertia.map((x) => -x) : body.inertia,
  };
}

// Diagnostics of an aggregate: counts add up, flags hold only if they hold for every part.
function mergeDiagnostics(list) {
  if (list.length === 0 || list.some((d) => !d)) return undefined;
  return list.reduce((a, d) => ({
    triangles: a.triangles + d.triangles,
    closed: a.closed && d.closed,
    boundaryEdges: a.boundaryEdges + d.boundaryEdges,
    nonManifoldEdges: a.nonManifoldEdges + d.nonManifoldEdges,
    inconsistentEdges: a.inconsistentEdges + d.inconsistentEdges,
    consistentWinding: a.consistentWinding && d.consistentWinding,
    inverted: a.inverted || d.inverted,
    degenerateTriangles: a.degenerateTriangles + d.degenerateTriangles,
  }));
}

class MassPropertiesModule {
  #wasm;

  constructor(wasm) {
    this.#wasm = wasm;
    /** Every error code the library uses, in the core's order. */
    this.errorCodes = Object.freeze(wasm.statusCodes().filter((c) => c !== 'OK'));
  }

  /** Mass properties of a closed triangle mesh (xyz positions, optional triangle indices). */
  mesh(positions, indices, options) {
    const p = positionKind(positions);
    const i = indexKind(indices);
    checkHeapBudget(positions, indices);
    const [value, byMass] = massArgs(options);
    return shape(unwrap(this.#wasm.measureMesh(positions, p, indices ?? null, i, value, byMass)));
  }

  /** Only the surface diagnostics of a mesh (closed, winding, ...), without integrating. */
  inspect(positions, indices) {
    const p = positionKind(positions);
    const i = indexKind(indices);
    checkHeapBudget(positions, indices);
    return unwrap(this.#wasm.inspectMesh(positions, p, indices ?? null, i));
  }

  box(width, height, depth, options) {
    const [value, byMass] = massArgs(options);
    return shape(unwrap(this.#wasm.box(checkNumber(width, 'width'), checkNumber(height, 'height'),
      checkNumber(depth, 'depth'), value, byMass)));
  }

  sphere(radius, options) {
    const [value, byMass] = massArgs(options);
    return shape(unwrap(this.#wasm.sphere(checkNumber(radius, 'radius'), value, byMass)));
  }

  ellipsoid(rx, ry, rz, options) {
    const [value, byMass] = massArgs(options);
    return shape(unwrap(this.#wasm.ellipsoid(checkNumber(rx, 'rx'), checkNumber(ry, 'ry'), checkNumber(rz, 'rz'),
      value, byMass)));
  }

  cylinder(radius, height, options) {
    const [value, byMass] = massArgs(options);
    return shape(unwrap(this.#wasm.cylinder(checkNumber(radius, 'radius'), checkNumber(height, 'height'), value, byMass)));
  }

  capsule(radius, length, options) {
    const [value, byMass] = massArgs(options);
    return shape(unwrap(this.#wasm.capsule(checkNumber(radius, 'radius'), checkNumber(length, 'length'), value, byMass)));
  }

  cone(radius, height, options) {
    const [value, byMass] = massArgs(options);
    return shape(unwrap(this.#wasm.cone(checkNumber(radius, 'radius'), checkNumber(height, 'height'), value, byMass)));
  }

  /** The same body placed in a parent frame: x' = R·S·x + p. */
  transform(body, transform) {
    checkPlainObject(transform, 'transform');
    for (const key of Object.keys(transform ?? {})) {
      if (!(key in IDENTITY_TRANSFORM)) fail('INVALID_TRANSFORM', `unknown transform key '${key}' (expected position, quaternion, scale)`);
    }
    const t = { ...IDENTITY_TRANSFORM, ...transform };
    if (typeof t.scale === 'number') t.scale = [t.scale, t.scale, t.scale];
    const placed = {
      position: checkTransformPart(t.position, 3, 'transform.position'),
      quaternion: checkTransformPart(t.quaternion, 4, 'transform.quaternion'),
      scale: checkTransformPart(t.scale, 3, 'transform.scale'),
    };
    const result = shape(unwrap(this.#wasm.transform(toBody(body, 'body'), placed)));
    if (body.diagnostics) result.diagnostics = body.diagnostics;
    return result;
  }

  /**
   * The aggregate body of several parts. A hole is `{ body, subtract: true }`, or a part with
   * negative mass (its volume and tensor are then taken as negative too).
   */
  combine(parts) {
    if (!Array.isArray(parts) || parts.length === 0) fail('INVALID_ARGUMENT', `combine needs a non-empty array of bodies, got ${describe(parts)}`);
    const bodies = parts.map((part, k) => {
      const wrapped = part && typeof part === 'object' && 'body' in part;
      const body = toBody(wrapped ? part.body : part, `parts[${k}]`);
      return wrapped && part.subtract ? asHole(body) : body;
    });
    const result = shape(unwrap(this.#wasm.combine(bodies)));
    const diagnostics = mergeDiagnostics(parts.map((part) => (part && 'body' in part ? part.body : part)?.diagnostics));
    if (diagnostics) result.diagnostics = diagnostics;
    return result;
  }

  /** The inertia tensor about `point`, in axes rotated by `rotation` (a quaternion [x, y, z, w]). */
  inertiaAbout(body, point, rotation = [0, 0, 0, 1]) {
    return unwrap(this.#wasm.inertiaAbout(toBody(body, 'body'), checkTransformPart(point, 3, 'point'),
      checkTransformPart(rotation, 4, 'rotation')));
  }

  /**
   * Torque-free rotation (Euler's equations) of a body with the given principal moments, advanced
   * by `duration` seconds from an orientation (principal frame → world) and a body-frame angular velocity.
   */
  simulateRotation(options) {
    if (options === null || typeof options !== 'object') fail('INVALID_ARGUMENT', `simulateRotation needs an options object, got ${typeName(options)}`);
    const { principalMoments, angularVelocity, orientation = [0, 0, 0, 1], duration, timeStep = 1 / 240 } = options;
    const moments = checkVector(principalMoments, 3, 'principalMoments');
    const start = {
      orientation: checkVector(orientation, 4, 'orientation'),
      angularVelocity: checkVector(angularVelocity, 3, 'angularVelocity'),
    };
    if (typeof duration !== 'number') fail('INVALID_ARGUMENT', `duration must be a number, got ${typeName(duration)}`);
    if (typeof timeStep !== 'number') fail('INVALID_ARGUMENT', `timeStep must be a number, got ${typeName(timeStep)}`);
    const r = this.#wasm.simulateRotation(moments, start, duration, timeStep);
    if (r.code !== 'OK') fail(r.code, r.message);
    return {
      orientation: r.state.orientation,
      angularVelocity: r.state.angularVelocity,
      kineticEnergy: r.kineticEnergy,
      angularMomentum: r.angularMomentum,
    };
  }
}

function checkTransformPart(value, n, name) {
  try {
    return checkVector(value, n, name);
  } catch (e) {
    throw new MassPropertiesError('INVALID_TRANSFORM', e.message);
  }
}
