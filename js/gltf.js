// mass-properties/gltf: glTF documents through glTF-Transform — read a file from a stranger
// safely, measure every mesh node of a scene, and write KHR_physics_rigid_bodies motion onto nodes.
import { ALL_EXTENSIONS } from '@gltf-transform/extensions';
import { fail, typeName } from './errors.js';
import { KHRPhysicsRigidBodies } from './gltf/extension.js';
import { KHRImplicitShapes } from './gltf/implicit-shapes.js';

export {
  CollisionFilter,
  KHRPhysicsRigidBodies,
  KHR_PHYSICS_RIGID_BODIES,
  PHYSICS_SLOTS,
  PhysicsCollider,
  PhysicsGeometry,
  PhysicsJoint,
  PhysicsJointDescription,
  PhysicsMaterial,
  PhysicsMotion,
  PhysicsTrigger,
} from './gltf/extension.js';
export { ImplicitShape, KHRImplicitShapes, KHR_IMPLICIT_SHAPES, SHAPE_TYPES } from './gltf/implicit-shapes.js';
export { measureDocument } from './gltf/measure.js';
export { measureBodies } from './gltf/bodies.js';
export { motionFromResult } from './gltf/motion.js';
export { DEFAULT_MAX_BYTES, readDocument } from './gltf/read.js';
export { writeMotion } from './gltf/write.js';

// Optional decoders: installed by the user (draco3dgltf, meshoptimizer), loaded only if present.
async function optionalDependencies() {
  const dependencies = {};
  try {
    const draco = (await import('draco3dgltf')).default;
    dependencies['draco3d.decoder'] = await draco.createDecoderModule();
    dependencies['draco3d.encoder'] = await draco.createEncoderModule();
  } catch {
    // not installed: readDocument names the package to install when a file needs it
  }
  try {
    const { MeshoptDecoder, MeshoptEncoder } = await import('meshoptimizer');
    await MeshoptDecoder.ready;
    await MeshoptEncoder.ready;
    dependencies['meshopt.decoder'] = MeshoptDecoder;
    dependencies['meshopt.encoder'] = MeshoptEncoder;
  } catch {
    // likewise for EXT_meshopt_compression
  }
  return dependencies;
}

/**
 * Makes a glTF-Transform I/O (a NodeIO or WebIO) read and write what real files use: every
 * extension glTF-Transform knows (quantization, Draco, meshopt, materials, ...), this package's
 * KHR_physics_rigid_bodies and KHR_implicit_shapes, and the Draco and meshopt codecs when
 * draco3dgltf / meshoptimizer are installed. Returns the same io.
 */
export async function prepareIO(io) {
  if (typeof io?.registerExtensions !== 'function') {
    fail('INVALID_TYPE', `prepareIO needs a glTF-Transform NodeIO or WebIO, got ${typeName(io)}`);
  }
  io.registerExtensions([...ALL_EXTENSIONS, KHRImplicitShapes, KHRPhysicsRigidBodies]);
  io.registerDependencies(await optionalDependencies());
  return io;
}
