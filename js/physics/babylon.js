// Babylon.js Physics V2 (Havok): a PhysicsMassProperties for PhysicsBody.setMassProperties.
// Babylon's `inertia` is per unit mass (the principal moments divided by the mass; see
// PhysicsMassProperties in @babylonjs/core), and the plugin calls .asArray() on the vectors, so
// they must be Babylon's own Vector3 and Quaternion: the caller hands over the constructors,
// which keeps this package free of a Babylon import (and of a second copy of Babylon).
import { fail, typeName } from '../errors.js';
import { inBodyFrame, representable } from './frames.js';

/**
 * `babylon`: an object with Babylon's Vector3 and Quaternion constructors (`import * as BABYLON
 * from '@babylonjs/core'`, or `{ Vector3, Quaternion }`). `bodyPose`: the body's transform node
 * position and rotation in the result's frame; leave it out when the result was measured in the
 * node's own coordinates (scaling included: Havok bodies carry no scale). Values Havok's 32-bit
 * floats cannot hold are refused (INVALID_BODY, or INVALID_TRANSFORM for a center the pose moves).
 */
export function toBabylonMassProperties(result, babylon, bodyPose) {
  const Vector3 = babylon?.Vector3;
  const Quaternion = babylon?.Quaternion;
  if (typeof Vector3 !== 'function' || typeof Quaternion !== 'function') {
    fail(
      'INVALID_ARGUMENT',
      `babylon must hold Babylon's Vector3 and Quaternion constructors (import * as BABYLON from '@babylonjs/core'), got ${typeName(babylon)}`,
    );
  }
  const r = inBodyFrame(result, bodyPose);
  const inertia = r.principalMoments.map((moment) => moment / r.mass);
  // Havok keeps 32-bit floats and inverts the mass and the inertia.
  const f32 = { target: 'Havok', float32: true };
  representable([r.mass], 'mass', 'INVALID_BODY', { ...f32, inverted: true });
  representable(inertia, 'inertia (per unit mass)', 'INVALID_BODY', { ...f32, inverted: true });
  representable(r.centerOfMass, 'centerOfMass', bodyPose === undefined ? 'INVALID_BODY' : 'INVALID_TRANSFORM', f32);
  const [x, y, z, w] = r.principalRotation;
  return {
    mass: r.mass,
    centerOfMass: new Vector3(...r.centerOfMass),
    inertia: new Vector3(...inertia),
    inertiaOrientation: new Quaternion(x, y, z, w),
  };
}
