// Rapier (@dimforge/rapier3d, -compat): the four arguments of setAdditionalMassProperties and
// setMassProperties, as the {x, y, z} and {x, y, z, w} objects Rapier reads (arrays read as
// undefined fields there, and turn into NaN without an error).
import { fail, typeName } from '../errors.js';
import { inBodyFrame, representable, xyz, xyzw } from './frames.js';

/**
 * { mass, centerOfMass, principalAngularInertia, angularInertiaLocalFrame } in the frame of the
 * body or collider they are given to. `bodyPose`: that frame's position and rotation in the
 * result's frame; leave it out when the result was measured in the body's own coordinates.
 * Values Rapier's 32-bit floats cannot hold are refused (INVALID_BODY, or INVALID_TRANSFORM for a
 * center the pose takes out of range).
 */
export function toRapierMassProperties(result, bodyPose) {
  const r = inBodyFrame(result, bodyPose);
  // Rapier (its npm builds) keeps f32, and inverts the mass and the moments.
  const f32 = { target: 'Rapier', float32: true };
  representable([r.mass], 'mass', 'INVALID_BODY', { ...f32, inverted: true });
  representable(r.principalMoments, 'principalAngularInertia', 'INVALID_BODY', { ...f32, inverted: true });
  representable(r.centerOfMass, 'centerOfMass', bodyPose === undefined ? 'INVALID_BODY' : 'INVALID_TRANSFORM', f32);
  return {
    mass: r.mass,
    centerOfMass: xyz(r.centerOfMass),
    principalAngularInertia: xyz(r.principalMoments),
    angularInertiaLocalFrame: xyzw(r.principalRotation),
  };
}

const isFunction = (object, key) => typeof object?.[key] === 'function';

/**
 * Gives a Rapier RigidBodyDesc, RigidBody, ColliderDesc or Collider exactly the result's mass
 * properties and returns it. A RigidBody's attached colliders get density 0 (Rapier's default
 * density 1 would add their own estimate) and its mass properties are recomputed at once, so
 * that an impulse applied before the next step already sees them. Colliders created later for a
 * body described this way need `.setDensity(0)`.
 */
export function setRapierMassProperties(target, result, bodyPose) {
  const p = toRapierMassProperties(result, bodyPose);
  const args = [p.mass, p.centerOfMass, p.principalAngularInertia, p.angularInertiaLocalFrame];
  if (isFunction(target, 'setAdditionalMassProperties')) {
    if (isFunction(target, 'recomputeMassPropertiesFromColliders')) {
      // A live RigidBody: its colliders' own mass would add to ours.
      for (let i = 0; i < target.numColliders(); i++) target.collider(i).setDensity(0);
      target.setAdditionalMassProperties(...args, true);
      target.recomputeMassPropertiesFromColliders();
    } else {
      target.setAdditionalMassProperties(...args); // RigidBodyDesc
    }
  } else if (isFunction(target, 'setMassProperties')) {
    target.setMassProperties(...args);
    // A live Collider: its body picks the change up now rather than at the next step.
    const parent = isFunction(target, 'parent') ? target.parent() : null;
    if (isFunction(parent, 'recomputeMassPropertiesFromColliders')) parent.recomputeMassPropertiesFromColliders();
  } else {
    fail(
      'INVALID_ARGUMENT',
      `target must be a Rapier RigidBodyDesc, RigidBody, ColliderDesc or Collider, got ${typeName(target)}`,
    );
  }
  return target;
}
