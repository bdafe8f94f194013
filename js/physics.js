// mass-properties/physics: a result handed to a physics engine, each engine's traps handled.
// Pure functions with no engine import: they need neither init() nor the engine's package.
//   physics/frames.js   the result's fields checked; center and principal frame in a body's frame
//   physics/rapier.js   Rapier: setAdditionalMassProperties / setMassProperties arguments
//   physics/cannon.js   cannon-es: a Body in the principal frame, and where to draw its object
//   physics/babylon.js  Babylon.js + Havok: PhysicsMassProperties (inertia per unit mass)
//   physics/gltf.js     the KHR_physics_rigid_bodies motion object
export { toRapierMassProperties, setRapierMassProperties } from './physics/rapier.js';
export { setCannonMassProperties, cannonObjectPose } from './physics/cannon.js';
export { toBabylonMassProperties } from './physics/babylon.js';
export { toGltfMotion } from './physics/gltf.js';
