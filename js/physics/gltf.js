// The motion object of the glTF extension KHR_physics_rigid_bodies
// (node.extensions.KHR_physics_rigid_bodies.motion): mass, centerOfMass in the node's space,
// inertiaDiagonal (principal moments, kg·m² when the result is in kg and m) and
// inertiaOrientation, the quaternion from the principal axes to the node's space.
import { conjugate, multiply, readPose, readResult, representable, rotate, subtract } from './frames.js';

// Quaternions of diag(1, −1, −1), diag(−1, 1, −1), diag(−1, −1, 1): half turns about x, y, z.
const HALF_TURNS = [
  [1, 0, 0, 0],
  [0, 1, 0, 0],
  [0, 0, 1, 0],
];

/**
 * The signs of a node's scale as a rotation: the node's axes point along ±(its rotation's axes).
 * With an odd number of mirrors the node's frame is left-handed; negating all three principal
 * axes (which leaves the tensor as it is) makes the orientation a rotation again, so the
 * rotation used is that of −diag(signs).
 */
function mirrorRotation(scale) {
  const signs = scale.map(Math.sign);
  const proper = signs[0] * signs[1] * signs[2] > 0 ? signs : signs.map((s) => -s);
  const kept = proper.indexOf(1);
  return proper.every((s) => s === 1) ? [0, 0, 0, 1] : HALF_TURNS[kept];
}

/**
 * `nodePose`: the node's { position, quaternion, scale } (its translation, rotation and scale
 * in the result's frame, e.g. its world transform when the result is in world coordinates);
 * leave it out when the result was measured in the node's own coordinates. The center of mass
 * is then in the node's coordinates (divided by the scale), the orientation relative to the
 * node's axes; the moments stay physical. A center the pose takes beyond double precision is
 * refused (INVALID_TRANSFORM).
 */
export function toGltfMotion(result, nodePose) {
  const r = readResult(result);
  const { position, quaternion, scale } = readPose(nodePose, 'nodePose', true);
  const inverse = conjugate(quaternion);
  const center = rotate(inverse, subtract(r.centerOfMass, position)).map((x, k) => x / scale[k]);
  // A far pose or a tiny scale can take the center beyond double precision: JSON would write null.
  representable(center, 'centerOfMass', 'INVALID_TRANSFORM', { target: 'a glTF motion' });
  return {
    mass: r.mass,
    centerOfMass: center,
    inertiaDiagonal: r.principalMoments,
    inertiaOrientation: multiply(mirrorRotation(scale), multiply(inverse, r.principalRotation)),
  };
}
