// Reading the arguments of the public functions the way users write them, into what the
// boundary writes to the core's slots: checked, named in messages, defaults left to the core.
import { checkParts, denseArray, readVector, typedArrayKind } from '../arrays.js';
import { fail, typeName } from '../errors.js';
import { readOptions } from '../options.js';
import { PART_KEYS, WELD_KEYS } from '../schema.js';

export const POSITION_TYPES = { Float32Array: 'Float32', Float64Array: 'Float64' };
export const INDEX_TYPES = { Uint8Array: 'Uint8', Uint16Array: 'Uint16', Uint32Array: 'Uint32' };

export function checkNumber(value, name, code) {
  if (typeof value !== 'number') fail(code, `${name} must be a number, got ${typeName(value)}`);
  return value;
}

/** An [x, y] array or typed array, or an {x, y} object such as planck's Vec2 or three's Vector2. */
export function readVector2(value, name, code) {
  const xy = value !== null && typeof value === 'object' && !Array.isArray(value) && !ArrayBuffer.isView(value);
  return readVector(xy && 'x' in value ? [value.x, value.y] : value, 2, name, code);
}

/** A ring of x, y pairs; the hint shows how to flatten what 2-D engines hand out. */
export function polygonRingKind(ring, name) {
  const hint =
    Array.isArray(ring) && ring[0] !== null && typeof ring[0] === 'object'
      ? 'flatten it: Float64Array.from(points.flatMap((p) => [p.x, p.y]))'
      : 'wrap it: new Float64Array(points)';
  return typedArrayKind(ring, POSITION_TYPES, name, 'a Float32Array or Float64Array of x, y pairs', hint);
}

/** The scalar type of mesh positions. */
export function positionKind(positions) {
  return typedArrayKind(
    positions,
    POSITION_TYPES,
    'positions',
    'a Float32Array or Float64Array',
    'wrap it: new Float64Array(positions)',
  );
}

/** The index type of mesh indices ('None' for null or undefined); `call` names the function for the hint. */
export function indexKind(indices, call) {
  if (indices === null || indices === undefined) return 'None';
  if (typeof indices === 'object' && !ArrayBuffer.isView(indices) && !Array.isArray(indices)) {
    fail(
      'INVALID_TYPE',
      `indices must be a Uint32Array, Uint16Array, Uint8Array, null or undefined, got ${typeName(indices)}` +
        ` (did you mean mp.${call}(positions, null, options)?)`,
    );
  }
  return typedArrayKind(
    indices,
    INDEX_TYPES,
    'indices',
    'a Uint32Array, Uint16Array, Uint8Array, null or undefined',
    'wrap it: new Uint32Array(indices)',
  );
}

/**
 * The MassOptions slot's value for { density } or { mass } from options already read: `given`
 * names which, as the enum's value in `given` (the boundary's enums.given); no density means the
 * core's default.
 */
export function massOptions(o, given, defaultDensity) {
  if (o.mass !== undefined && o.density !== undefined) fail('INVALID_OPTIONS', 'give either density or mass, not both');
  if (o.mass !== undefined) return { given: given.mass, value: checkNumber(o.mass, 'mass', 'INVALID_MASS') };
  const density = o.density === undefined ? defaultDensity : o.density;
  return { given: given.density, value: checkNumber(density, 'density', 'INVALID_DENSITY') };
}

/** The weld of `weld`: a distance, or { distance, relative } (relative to the mesh size); undefined keeps the core's. */
export function weldOptions(weld, defaults) {
  if (weld === undefined) return { weldDistance: defaults.weldDistance, weldRelative: defaults.weldRelative };
  if (typeof weld === 'number') return { weldDistance: weld, weldRelative: defaults.weldRelative };
  const w = readOptions(weld, WELD_KEYS, 'options.weld');
  const number = (x, name, fallback) =>
    x === undefined ? fallback : checkNumber(x, `options.weld.${name}`, 'INVALID_OPTIONS');
  return {
    weldDistance: number(w.distance, 'distance', defaults.weldDistance),
    weldRelative: number(w.relative, 'relative', defaults.weldRelative),
  };
}

/**
 * The MeshOptions slot's value for mp.mesh's options already read, over the core's `defaults`
 * (MeshOptions{}); `modes` maps each mode's name to the enum's value.
 */
/** options.intersections: also look for a piece passing through itself (see MeshOptions). */
export function readIntersections(o, defaults) {
  if (o.intersections !== undefined && typeof o.intersections !== 'boolean')
    fail('INVALID_OPTIONS', `options.intersections must be a boolean, got ${typeName(o.intersections)}`);
  return o.intersections ?? defaults.intersections;
}

export function meshOptions(o, defaults, modes) {
  let mode = defaults.mode;
  if (o.mode !== undefined) {
    if (typeof o.mode !== 'string' || !Object.hasOwn(modes, o.mode)) {
      const names = Object.keys(modes).map((m) => `'${m}'`);
      const shown = typeof o.mode === 'string' ? `'${o.mode}'` : typeName(o.mode);
      fail(
        'INVALID_OPTIONS',
        `options.mode must be ${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}, got ${shown}`,
      );
    }
    mode = modes[o.mode];
  }
  const thickness =
    o.thickness === undefined ? defaults.thickness : checkNumber(o.thickness, 'options.thickness', 'INVALID_OPTIONS');
  if (o.check !== undefined && typeof o.check !== 'boolean')
    fail('INVALID_OPTIONS', `options.check must be a boolean, got ${typeName(o.check)}`);
  return {
    mode,
    thickness,
    ...weldOptions(o.weld, defaults),
    check: o.check ?? defaults.check,
    intersections: readIntersections(o, defaults),
  };
}

/**
 * The parts of combine or combine2d: each a body, or `{ body, subtract }`, read by `readBody`.
 * @param {string} call the function's name, for messages
 */
export function readParts(parts, call, readBody) {
  if (!Array.isArray(parts) || parts.length === 0)
    fail('INVALID_ARGUMENT', `${call} needs a non-empty array of bodies, got ${typeName(parts)}`);
  return denseArray(checkParts(parts, 'parts', 'INVALID_BODY')).map((part, k) => {
    const wrapped = part !== null && typeof part === 'object' && 'body' in part;
    const o = wrapped ? readOptions(part, PART_KEYS, `parts[${k}]`) : null;
    if (wrapped && o.subtract !== undefined && typeof o.subtract !== 'boolean') {
      fail('INVALID_ARGUMENT', `parts[${k}].subtract must be a boolean, got ${typeName(o.subtract)}`);
    }
    return { body: readBody(wrapped ? o.body : part, `parts[${k}]`), subtract: !!o?.subtract };
  });
}

/** What the core needs of a body (its Body slot), checked and named; a hole's signs are the core's business. */
export function readBody(body, name, codec) {
  if (body === null || typeof body !== 'object') {
    fail('INVALID_BODY', `${name} must be a mass-properties result, got ${typeName(body)}`);
  }
  const number = (key) => checkNumber(body[key], `${name}.${key}`, 'INVALID_BODY');
  const known =
    typeof body.surfaceArea === 'number' && body.surfaceCentroid !== null && body.surfaceCentroid !== undefined;
  const diagnostics = body.diagnostics;
  return {
    mass: number('mass'),
    volume: number('volume'),
    centerOfMass: readVector(body.centerOfMass, 3, `${name}.centerOfMass`, 'INVALID_BODY'),
    inertia: readVector(body.inertia, 9, `${name}.inertia`, 'INVALID_BODY'),
    surfaceArea: known ? number('surfaceArea') : NaN,
    surfaceCentroid: known
      ? readVector(body.surfaceCentroid, 3, `${name}.surfaceCentroid`, 'INVALID_BODY')
      : [NaN, NaN, NaN],
    diagnostics:
      diagnostics === null || diagnostics === undefined
        ? null
        : codec.check('Diagnostics', diagnostics, `${name}.diagnostics`, 'INVALID_BODY'),
    bounds:
      body.bounds === null || body.bounds === undefined
        ? null
        : {
            min: readVector(body.bounds.min, 3, `${name}.bounds.min`, 'INVALID_BODY'),
            max: readVector(body.bounds.max, 3, `${name}.bounds.max`, 'INVALID_BODY'),
          },
  };
}

/** What transform2d and combine2d need of a 2-D body (its Body2D slot). */
export function readBody2d(body, name) {
  if (body === null || typeof body !== 'object') {
    fail('INVALID_BODY', `${name} must be a mp.polygon result, got ${typeName(body)}`);
  }
  return {
    mass: checkNumber(body.mass, `${name}.mass`, 'INVALID_BODY'),
    area: checkNumber(body.area, `${name}.area`, 'INVALID_BODY'),
    centroid: readVector2(body.centroid, `${name}.centroid`, 'INVALID_BODY'),
    inertia: readVector(body.inertia, 4, `${name}.inertia`, 'INVALID_BODY'),
  };
}
