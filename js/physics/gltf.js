// The motion object of the glTF extension KHR_physics_rigid_bodies
// (node.extensions.KHR_physics_rigid_bodies.motion): mass, centerOfMass in the node's space,
// inertiaDiagonal (principal moments, kg·m² when the result is in kg and m) and
// inertiaOrientation, the quaternion from the principal axes to the node's space.
import { inBodyFrame } from './frames.js';

/**
 * `bodyPose`: the node's position and rotation in the result's frame; leave it out when the
 * result was measured in the node's own coordinates (its mesh, unscaled by the node).
 */
export function toGltfMotion(result, bodyPose) {
  const r = inBodyFrame(result, bodyPose);
  return {
    mass: r.mass,
    centerOfMass: r.centerOfMass,
    inertiaDiagonal: r.principalMoments,
    inertiaOrientation: r.principalRotation,
  };
}
