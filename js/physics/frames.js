// What every engine converter needs: the result's fields checked, and its center of mass and
// principal frame expressed in another frame (a body's pose) with plain quaternion algebra.
// Quaternions are [x, y, z, w] (Hamilton), as the package's principalRotation.
import { readVector } from '../arrays.js';
import { fail, typeName } from '../errors.js';
import { readOptions } from '../options.js';

// A unit quaternion up to rounding in whatever computed it: the core's tolerance
// (cpp/src/physical.h), so a pose mp.transform accepts is accepted here too.
const UNIT_TOLERANCE = 1e-6;

/**
 * The fields a hand-off needs, checked: mass and principal moments finite and positive (every
 * engine and glTF read 0 as infinite or as locked), the center of mass and principal rotation.
 */
export function readResult(result, name = 'result') {
  if (result === null || typeof result !== 'object') {
    fail('INVALID_BODY', `${name} must be a mass-properties result, got ${typeName(result)}`);
  }
  const { mass } = result;
  if (typeof mass !== 'number' || !Number.isFinite(mass) || mass <= 0) {
    fail('INVALID_BODY', `${name}.mass must be a finite positive number, got ${String(mass)}`);
  }
  const centerOfMass = readVector(result.centerOfMass, 3, `${name}.centerOfMass`, 'INVALID_BODY');
  const principalMoments = readVector(result.principalMoments, 3, `${name}.principalMoments`, 'INVALID_BODY');
  principalMoments.forEach((moment, i) => {
    if (moment <= 0) {
      fail(
        'INVALID_BODY',
        `${name}.principalMoments[${i}] (${moment}) is not positive: physics engines read 0 as an infinite (locked) moment`,
      );
    }
  });
  const rotation = readUnitQuaternion(result.principalRotation, `${name}.principalRotation`, 'INVALID_BODY');
  return { mass, centerOfMass, principalMoments, principalRotation: rotation };
}

/** A unit quaternion [x, y, z, w] (array or {x, y, z, w}), renormalised. */
export function readUnitQuaternion(value, name, code) {
  const q = readVector(value, 4, name, code);
  const n = Math.hypot(...q);
  if (Math.abs(n - 1) > UNIT_TOLERANCE) fail(code, `${name} must be a unit quaternion [x, y, z, w], its norm is ${n}`);
  return q.map((c) => c / n);
}

/**
 * A pose { position, quaternion } (either may be left out: origin, identity); with
 * `withScale`, also `scale` (a number or three, finite and non-zero; default 1).
 */
export function readPose(pose, name, withScale = false) {
  const keys = withScale ? ['position', 'quaternion', 'scale'] : ['position', 'quaternion'];
  const p = readOptions(pose, keys, name, 'INVALID_TRANSFORM'); // as mp.transform
  const out = {
    position: p.position === undefined ? [0, 0, 0] : readVector(p.position, 3, `${name}.position`, 'INVALID_TRANSFORM'),
    quaternion:
      p.quaternion === undefined
        ? [0, 0, 0, 1]
        : readUnitQuaternion(p.quaternion, `${name}.quaternion`, 'INVALID_TRANSFORM'),
  };
  if (withScale) {
    const scale = p.scale ?? 1;
    out.scale =
      typeof scale === 'number' ? [scale, scale, scale] : readVector(scale, 3, `${name}.scale`, 'INVALID_TRANSFORM');
    if (!out.scale.every((x) => Number.isFinite(x) && x !== 0)) {
      fail('INVALID_TRANSFORM', `${name}.scale must be finite and non-zero, got ${String(scale)}`);
    }
  }
  return out;
}

/** @typedef {[number, number, number]} Vec3 */
/** @typedef {[number, number, number, number]} Quaternion [x, y, z, w] */

/**
 * The product a·b of two quaternions.
 * @param {readonly number[]} a
 * @param {readonly number[]} b
 * @returns {Quaternion}
 */
export function multiply([ax, ay, az, aw], [bx, by, bz, bw]) {
  return [
    aw * bx + ax * bw + ay * bz - az * by,
    aw * by - ax * bz + ay * bw + az * bx,
    aw * bz + ax * by - ay * bx + az * bw,
    aw * bw - ax * bx - ay * by - az * bz,
  ];
}

/** @type {(q: readonly number[]) => Quaternion} */
export const conjugate = ([x, y, z, w]) => [-x, -y, -z, w];

/**
 * v rotated by the unit quaternion q.
 * @param {readonly number[]} q
 * @param {readonly number[]} v
 * @returns {Vec3}
 */
export function rotate([x, y, z, w], [vx, vy, vz]) {
  // v + 2w (u × v) + 2 u × (u × v), u = (x, y, z)
  const tx = 2 * (y * vz - z * vy);
  const ty = 2 * (z * vx - x * vz);
  const tz = 2 * (x * vy - y * vx);
  return [vx + w * tx + (y * tz - z * ty), vy + w * ty + (z * tx - x * tz), vz + w * tz + (x * ty - y * tx)];
}

/** @type {(a: readonly number[], b: readonly number[]) => Vec3} */
export const add = (a, b) => [a[0] + b[0], a[1] + b[1], a[2] + b[2]];
/** @type {(a: readonly number[], b: readonly number[]) => Vec3} */
export const subtract = (a, b) => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];

/**
 * The result seen from a body whose pose (in the result's frame) is `bodyPose`: its center of
 * mass in the body's coordinates, and the rotation from the principal frame to the body's frame
 * (the same as principalRotation when the result was measured in the body's own coordinates).
 */
export function inBodyFrame(result, bodyPose, name = 'bodyPose') {
  const r = readResult(result);
  const { position, quaternion } = readPose(bodyPose, name);
  const inverse = conjugate(quaternion);
  return {
    mass: r.mass,
    principalMoments: r.principalMoments,
    centerOfMass: rotate(inverse, subtract(r.centerOfMass, position)),
    principalRotation: multiply(inverse, r.principalRotation),
  };
}

const FLOAT32_MIN = 2 ** -126; // the smallest normal float32: its inverse is a float32 too

function limitOf(target, float32, inverted) {
  if (float32 && inverted) return `${target} keeps 32-bit floats and divides by it: 1.2e-38 to 3.4e38 only`;
  if (float32) return `${target} keeps 32-bit floats: magnitudes up to 3.4e38 only`;
  if (inverted) return `${target} divides by it, and its inverse is not a finite number`;
  return `${target} holds finite numbers only`;
}

/**
 * Numbers a converter hands out, checked against what its target can hold, or a typed error
 * with `code` naming the field and value (JSON would write Infinity and NaN as null; an engine
 * would lock or lose the body). `float32`: the target keeps 32-bit floats (Rapier, Havok).
 * `inverted`: the engine divides by the value (a mass, a moment), so its inverse must fit too.
 */
export function representable(values, field, code, { target, float32 = false, inverted = false }) {
  values.forEach((x, i) => {
    const stored = float32 ? Math.fround(x) : x;
    const fits = Number.isFinite(stored) && (!inverted || (float32 ? stored >= FLOAT32_MIN : Number.isFinite(1 / x)));
    if (!fits) {
      const name = values.length > 1 ? `${field}[${i}]` : field;
      fail(code, `${name} would be ${x}: ${limitOf(target, float32, inverted)}`);
    }
  });
  return values;
}

/** @type {(v: readonly number[]) => { x: number; y: number; z: number }} */
export const xyz = ([x, y, z]) => ({ x, y, z });
/** @type {(q: readonly number[]) => { x: number; y: number; z: number; w: number }} */
export const xyzw = ([x, y, z, w]) => ({ x, y, z, w });
