// cannon-es: a Body holds only a diagonal inertia about its origin, so its frame must be the
// principal frame at the center of mass. The body is placed there and its shapes are added
// with their offsets and orientations moved into that frame; then mass, inverse mass,
// inertia and inverse inertia are set after addShape (which overwrites the inertia with the
// bounding box's), and the world inverse inertia is refreshed (cannon skips that for an
// isotropic one unless forced, keeping the estimate's).
import { fail, typeName } from '../errors.js';
import { readVector } from '../arrays.js';
import {
  add,
  conjugate,
  multiply,
  readPose,
  readResult,
  readUnitQuaternion,
  representable,
  rotate,
  subtract,
  xyz,
  xyzw,
} from './frames.js';
import { readOptions } from '../options.js';

// Body.DYNAMIC and Body.STATIC of cannon-es, for a body whose class does not carry them.
const DYNAMIC = 1;
const STATIC = 2;

function readShapes(shapes) {
  if (shapes === undefined) return [];
  if (!Array.isArray(shapes)) fail('INVALID_ARGUMENT', `options.shapes must be an array, got ${typeName(shapes)}`);
  return shapes.map((entry, i) => {
    const name = `options.shapes[${i}]`;
    // A bare cannon Shape, or { shape, offset, orientation } placed in the result's frame.
    const placed = entry !== null && typeof entry === 'object' && 'shape' in entry;
    const { shape, offset, orientation } = placed
      ? readOptions(entry, ['shape', 'offset', 'orientation'], name, 'INVALID_OPTIONS')
      : { shape: entry };
    if (shape === null || typeof shape !== 'object') {
      fail('INVALID_ARGUMENT', `${name} is not a shape: ${typeName(shape)}`);
    }
    const pose = readPose({ position: offset, quaternion: orientation }, name);
    return { shape, offset: pose.position, orientation: pose.quaternion };
  });
}

const setAll = (body, keys, value) => keys.forEach((key) => body[key]?.set(...value));

const CANNON = { target: 'cannon-es' }; // JavaScript numbers: finite doubles

/**
 * Configures a cannon-es Body with no shapes yet (e.g. `new CANNON.Body()`) for the
 * result and returns it. `options.shapes`: cannon shapes, bare or as { shape, offset,
 * orientation }, placed in the result's frame (the coordinates the result was measured in).
 * `options.objectPose`: where that frame is in the world (the object's position and
 * quaternion). A static body becomes dynamic; the body's frame is then the principal frame, so
 * draw the object at cannonObjectPose(body, result). A pose or result whose numbers leave double
 * precision (an infinite 1/mass, a position beyond 1.8e308) is refused with the body untouched.
 */
export function setCannonMassProperties(body, result, options) {
  if (body === null || typeof body !== 'object' || typeof body.addShape !== 'function') {
    fail('INVALID_ARGUMENT', `body must be a cannon-es Body, got ${typeName(body)}`);
  }
  if (Array.isArray(body.shapes) && body.shapes.length > 0) {
    fail(
      'INVALID_ARGUMENT',
      `body already has ${body.shapes.length} shape(s): pass them in options.shapes so that they move into the principal frame`,
    );
  }
  const o = readOptions(options, ['shapes', 'objectPose'], 'options', 'INVALID_OPTIONS');
  const r = readResult(result);
  const shapes = readShapes(o.shapes);
  const pose = readPose(o.objectPose, 'options.objectPose');

  // Everything computed and checked before the body changes: a refusal leaves it untouched.
  const toPrincipal = conjugate(r.principalRotation);
  const position = add(pose.position, rotate(pose.quaternion, r.centerOfMass));
  const placed = shapes.map(({ shape, offset, orientation }, i) => ({
    shape,
    offset: representable(
      rotate(toPrincipal, subtract(offset, r.centerOfMass)),
      `options.shapes[${i}] offset`,
      'INVALID_TRANSFORM',
      CANNON,
    ),
    orientation: multiply(toPrincipal, orientation),
  }));
  representable(position, 'position', 'INVALID_TRANSFORM', CANNON);
  representable([r.mass], 'mass', 'INVALID_BODY', { ...CANNON, inverted: true }); // invMass
  representable(r.principalMoments, 'inertia', 'INVALID_BODY', { ...CANNON, inverted: true }); // invInertia

  setAll(body, ['position', 'previousPosition', 'interpolatedPosition', 'initPosition'], position);
  setAll(
    body,
    ['quaternion', 'previousQuaternion', 'interpolatedQuaternion', 'initQuaternion'],
    multiply(pose.quaternion, r.principalRotation),
  );
  for (const { shape, offset, orientation } of placed) body.addShape(shape, xyz(offset), xyzw(orientation));

  const Body = body.constructor;
  if (body.type === (Body?.STATIC ?? STATIC)) body.type = Body?.DYNAMIC ?? DYNAMIC;
  body.mass = r.mass;
  body.invMass = 1 / r.mass;
  body.inertia.set(...r.principalMoments);
  const [i1, i2, i3] = body.fixedRotation ? [0, 0, 0] : r.principalMoments.map((moment) => 1 / moment);
  body.invInertia.set(i1, i2, i3);
  body.updateInertiaWorld(true);
  return body;
}

/**
 * Where to draw the object (the frame the result was measured in) for the body's current
 * position and quaternion: { position: {x, y, z}, quaternion: {x, y, z, w} }, or written into
 * `target` (anything whose position and quaternion have .set(), e.g. a three.js Object3D) and
 * `target` returned, to call every frame without allocating.
 */
export function cannonObjectPose(body, result, target) {
  const r = readResult(result);
  const position = readVector(body?.position, 3, 'body.position', 'INVALID_ARGUMENT');
  const quaternion = readUnitQuaternion(body?.quaternion, 'body.quaternion', 'INVALID_ARGUMENT');
  const q = multiply(quaternion, conjugate(r.principalRotation));
  const p = representable(subtract(position, rotate(q, r.centerOfMass)), 'position', 'INVALID_TRANSFORM', CANNON);
  if (target === undefined) return { position: xyz(p), quaternion: xyzw(q) };
  if (typeof target?.position?.set !== 'function' || typeof target?.quaternion?.set !== 'function') {
    fail(
      'INVALID_ARGUMENT',
      `target must have position.set and quaternion.set (e.g. an Object3D), got ${typeName(target)}`,
    );
  }
  target.position.set(...p);
  target.quaternion.set(...q);
  return target;
}
