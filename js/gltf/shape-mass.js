// Mass properties of a KHR_implicit_shapes shape placed by a node, in closed form. The shape is
// built in the node's local frame (KHR: centred, axis Y), sized by the absolute value of the
// node's world scale (as KHR_physics_rigid_bodies says of negative scales; a non-uniform scale
// makes a sphere an ellipsoid, as the node's transform does to its children), then turned and
// moved into the scene frame. Planes, unknown types and disabled shapes have no volume: they
// come back with a note instead of a result.
import { isMassPropertiesError } from '../errors.js';
import { poseOf } from './motion.js';

// The body of one shape in its own frame, lengths in metres (s metres per file unit).
function localBody(mp, shape, s, density) {
  const options = { density };
  switch (shape.getType()) {
    case 'box': {
      const [x, y, z] = shape.getSize();
      return { kind: 'box', body: mp.box(x * s, y * s, z * s, options) };
    }
    case 'sphere':
      return { kind: 'sphere', body: mp.sphere(shape.getRadius() * s, options) };
    case 'cylinder': {
      const [bottom, top, height] = [shape.getRadiusBottom(), shape.getRadiusTop(), shape.getHeight()];
      if (bottom === top) return { kind: 'cylinder', body: mp.cylinder(top * s, height * s, options) };
      return { kind: 'tapered cylinder', body: mp.frustum(bottom * s, top * s, height * s, options) };
    }
    case 'capsule': {
      const [bottom, top, height] = [shape.getRadiusBottom(), shape.getRadiusTop(), shape.getHeight()];
      if (bottom === top) return { kind: 'capsule', body: mp.capsule(top * s, height * s, options) };
      return { kind: 'tapered capsule', body: mp.taperedCapsule(bottom * s, top * s, height * s, options) };
    }
    case 'plane':
      return { kind: 'plane', body: null, note: 'a plane has no volume: it adds nothing' };
    default:
      return {
        kind: String(shape.getType()),
        body: null,
        note: `shape type ${JSON.stringify(shape.getType())} is not one of KHR_implicit_shapes': left out`,
      };
  }
}

/**
 * `{ kind, result, note }`: the shape's mass properties in the scene frame (null with a note when
 * it has no volume or cannot be built), for a node with world matrix `matrix` (file units), lengths
 * scaled by `s` metres per unit, at `density`.
 */
export function shapeMass(mp, shape, matrix, { density, s = 1 }) {
  const pose = poseOf(matrix);
  const scale = pose.scale.map(Math.abs);
  if (scale.every((x) => x === 0))
    return { kind: shape.getType(), result: null, note: 'disabled (its node has zero scale)' };
  if (scale.some((x) => x === 0))
    return { kind: shape.getType(), result: null, note: 'flat (its node has a zero scale): no volume' };
  let local;
  try {
    local = localBody(mp, shape, s, density);
  } catch (error) {
    if (!isMassPropertiesError(error)) throw error;
    return { kind: shape.getType(), result: null, note: error.message };
  }
  if (!local.body) return { kind: local.kind, result: null, note: local.note };
  const unscaled = scale.every((x) => x === 1);
  const result = mp.transform(local.body, {
    ...(unscaled ? {} : { scale }),
    quaternion: pose.quaternion,
    position: pose.position.map((x) => x * s),
  });
  return { kind: local.kind, result, note: null };
}
