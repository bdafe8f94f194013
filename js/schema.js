// The options of the package's functions and the names of its functions: the one list that the
// API (js/core/), the three.js adapter, the command line, the worker and the types follow
// (tests/js/fields.test.js and tests/types check index.d.ts against it). No default is written
// here: the defaults are the core's (MassOptions{} and MeshOptions{} in mass_properties.h), read
// when the module loads and shown as `mp.defaults`.

/** How heavy a body is and what its coordinates are in: the options of every 3-D measuring function. */
export const MASS_KEYS = Object.freeze(['density', 'mass', 'units']);

/** What a mesh is measured as: the options that may differ from mesh to mesh in a scene. */
export const PER_MESH_KEYS = Object.freeze(['density', 'mode', 'thickness', 'weld', 'intersections']);

/** mp.mesh's options, each with the kind of value it takes (see MeshOptions in index.d.ts). */
export const MESH_OPTIONS = Object.freeze({
  density: 'number',
  mass: 'number',
  mode: 'mode',
  thickness: 'number',
  weld: 'weld',
  units: 'units',
  check: 'boolean',
  intersections: 'boolean',
});
export const MESH_KEYS = Object.freeze(Object.keys(MESH_OPTIONS));

/** The mesh options a caller that only passes options through (the command line, glTF) hands on. */
export const PASSED_MESH_KEYS = Object.freeze(['mode', 'thickness', 'weld', 'units', 'intersections']);

/** mp.inspect's and mp.holes's options. */
export const INSPECT_KEYS = Object.freeze(['weld', 'intersections']);
export const WELD_KEYS = Object.freeze(['distance', 'relative']);
export const POLYGON_KEYS = Object.freeze(['density', 'mass', 'holes']);
export const TRANSFORM_KEYS = Object.freeze(['position', 'quaternion', 'scale']);
export const TRANSFORM_2D_KEYS = Object.freeze(['position', 'angle']);
export const PART_KEYS = Object.freeze(['body', 'subtract']);
/** mp.submerged's options: the water plane (normal and height, or the body's pose), G, and the mesh's. */
export const SUBMERGED_KEYS = Object.freeze(['normal', 'height', 'pose', 'centerOfMass', 'weld', 'check', 'units']);
export const POSE_KEYS = Object.freeze(['quaternion', 'position']);
/** mp.float's options: the body's weight, the water's density, which way is up, G, and the mesh's. */
export const FLOAT_KEYS = Object.freeze([
  'density',
  'mass',
  'waterDensity',
  'up',
  'centerOfMass',
  'search',
  'weld',
  'check',
  'units',
]);
/** mp.restingPoses's options: what decides the center of mass of the mesh, or the center of mass itself. */
export const POSES_KEYS = Object.freeze(['mode', 'weld', 'check', 'centerOfMass']);
export const SPIN_KEYS = Object.freeze(['principalMoments', 'angularVelocity', 'orientation', 'duration', 'timeStep']);

/** The functions of the module init() resolves to (MassPropertiesModule in index.d.ts), in order. */
export const METHODS = Object.freeze([
  'mesh',
  'inspect',
  'holes',
  'restingPoses',
  'box',
  'sphere',
  'ellipsoid',
  'cylinder',
  'capsule',
  'cone',
  'frustum',
  'taperedCapsule',
  'transform',
  'combine',
  'polygon',
  'transform2d',
  'combine2d',
  'inertiaAbout',
  'simulateRotation',
  'submerged',
  'float',
]);

/** The options in `options` named by `keys`, undefined ones included: what a caller passes through. */
export function pick(options, keys) {
  const out = {};
  for (const key of keys) out[key] = options[key];
  return out;
}
