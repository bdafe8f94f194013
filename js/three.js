// mass-properties/three: measure three.js scene graphs and draw the result.
// The core entry point ('mass-properties') never imports three; this adapter is reachable only
// through the "./three" export, so three stays an optional peer dependency.
//   three/scene.js      which meshes of a scene graph count, their frames, options and densities
//   three/bake.js       the triangles three.js draws, through a matrix, as Float64Arrays
//   three/affine.js     an instance matrix as the rotation and scale steps mp.transform applies
//   three/instances.js  an InstancedMesh measured once and placed per instance
//   three/measure.js    computeMassProperties, measureGeometry
//   three/convert.js    results as Vector3, Matrix3, Quaternion; the equivalent ellipsoid
//   three/helper.js     MassPropertiesHelper
export { bakeMeshes } from './three/bake.js';
export { computeMassProperties, measureGeometry } from './three/measure.js';
export { toCenterOfMassVector3, toEllipsoidVector3, toMatrix3, toQuaternion, toVector3 } from './three/convert.js';
// One name, one meaning: the package's own (an array), whichever entry it is imported from.
export { equivalentEllipsoid } from './derived.js';
export { MassPropertiesHelper } from './three/helper.js';
