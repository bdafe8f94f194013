// Reading a scene graph: the options, which meshes count, each one's frame and mesh options.
import { Matrix4 } from 'three';
import { fail, typeName } from '../errors.js';
import { readOptions } from '../options.js';
import { PER_MESH_KEYS } from '../schema.js';
import { checkShellThickness, metresPer } from '../units.js';

// The adapter's own options; the mesh options left undefined are the core's (mp.defaults).
const DEFAULTS = Object.freeze({
  ...Object.fromEntries(PER_MESH_KEYS.map((key) => [key, undefined])),
  visibleOnly: false,
  filter: undefined, // (mesh) => boolean: which meshes count
  // The frame of the results: 'parent' (the object's own position, rotation and scale count, as
  // they do on screen), 'world', or 'local' (the object's own frame: its transform is ignored).
  frame: 'parent',
  units: undefined, // the scene's length unit; results in SI (see mass-properties' units option)
});

const FRAMES = ['parent', 'world', 'local'];

const _inverseRoot = new Matrix4();

export function describeObject(object) {
  return object.name ? `${object.type} "${object.name}"` : `${object.type} #${object.id}`;
}

/** A mesh, or one instance of an InstancedMesh or BatchedMesh, named for messages. */
export function describePart(mesh, instanceId) {
  const name = describeObject(mesh);
  return instanceId === undefined ? name : `${name} instance ${instanceId}`;
}

export function checkObject3D(object3D) {
  if (!object3D?.isObject3D) fail('INVALID_TYPE', `object3D must be a three.js Object3D, got ${typeName(object3D)}`);
}

/** The options of computeMassProperties and bakeMeshes over their defaults. */
export function readSceneOptions(options) {
  /** @type {import('../three.js').ComputeOptions & { metresPerUnit?: number }} */
  const o = { ...DEFAULTS, ...readOptions(options, Object.keys(DEFAULTS)) };
  o.metresPerUnit = metresPer(o.units);
  if (o.density !== undefined && typeof o.density !== 'number' && typeof o.density !== 'function') {
    fail(
      'INVALID_DENSITY',
      `options.density must be a number or a function (mesh) => number, got ${typeName(o.density)}`,
    );
  }
  if (o.filter !== undefined && typeof o.filter !== 'function') {
    fail('INVALID_OPTIONS', `options.filter must be a function (mesh) => boolean, got ${typeName(o.filter)}`);
  }
  if (!FRAMES.includes(o.frame)) {
    const shown = typeof o.frame === 'string' ? `'${o.frame}'` : typeName(o.frame);
    fail('INVALID_OPTIONS', `options.frame must be 'parent', 'world' or 'local', got ${shown}`);
  }
  return o;
}

/**
 * The options mp.mesh gets for `mesh` (and instance `instanceId`): { density, mode, thickness,
 * weld }, functions called (each option may differ per mesh: a value, or a function
 * (mesh, instanceId) => value; undefined is the core's default). A bad density is the caller's mistake, not the mesh's: it fails
 * loudly here instead of quietly leaving the part out of the body; the other values are checked
 * by mp.mesh, and measurePart names the mesh when it refuses them.
 */
export function meshOptionsOf(options, mesh, instanceId) {
  /** @type {{ density?: number; mode?: import('../three.js').MeshMode; thickness?: number; weld?: import('../index.js').WeldOption }} */
  const resolved = {};
  for (const key of PER_MESH_KEYS) {
    resolved[key] = typeof options[key] === 'function' ? options[key](mesh, instanceId) : options[key];
  }
  const { mode, thickness } = resolved;
  checkShellThickness({ units: options.units, mode, thickness }, `${describePart(mesh, instanceId)}: `);
  const density = resolved.density;
  if (density === undefined && typeof options.density !== 'function') return resolved; // the core's default
  if (typeof density !== 'number' || !Number.isFinite(density) || density <= 0) {
    fail(
      'INVALID_DENSITY',
      `density of ${describePart(mesh, instanceId)} must be a finite positive number, got ${String(density)}`,
    );
  }
  return resolved;
}

const cycle = (object) =>
  fail('INVALID_ARGUMENT', `${describeObject(object)} is its own descendant: the scene graph has a cycle`);

// three's traverse and updateWorldMatrix recurse without end (a RangeError) through an object
// that is its own ancestor, so both directions are walked here first, by hand.
function checkAncestors(object3D) {
  const seen = new Set();
  for (let node = object3D; node; node = node.parent) {
    if (seen.has(node)) cycle(node);
    seen.add(node);
  }
}

// Helpers draw about the scene, not in it: three's (ArrowHelper, PointLightHelper, … — some are
// Meshes, some have Mesh children) and MassPropertiesHelper are all named '…Helper'.
const isHelper = (node) => node.isMassPropertiesHelper === true || /Helper$/.test(node.type);

// The meshes under `root` (itself included) in traverse order; invisible subtrees are walked
// for cycles but their meshes are skipped when visibleOnly (as traverseVisible would), and so
// are helpers below the root with everything under them. A mesh the filter rejects is
// skipped; its children are still visited.
function collectMeshes(root, visibleOnly, filter) {
  const meshes = [];
  const path = new Set();
  const visit = (node, shown) => {
    if (path.has(node)) cycle(node);
    const drawn = shown && (node.visible || !visibleOnly) && (node === root || !isHelper(node));
    if (drawn && node.isMesh && (!filter || filter(node))) meshes.push(node);
    path.add(node);
    for (const child of node.children) visit(child, drawn);
    path.delete(node);
  };
  visit(root, true);
  return meshes;
}

/**
 * Every Mesh under `object3D` (itself included) that `options.filter` accepts, with its matrix
 * into the frame `options.frame` names, in traverse order. Points, lines and sprites are not
 * meshes, and helpers (MassPropertiesHelper, three's …Helper objects) are not weighed.
 */
/**
 * @param {import('three').Object3D} object3D
 * @param {Pick<import('../three.js').ComputeOptions, 'visibleOnly' | 'filter' | 'frame'>} options
 */
export function meshesIn(object3D, { visibleOnly, filter, frame }) {
  checkAncestors(object3D);
  const meshes = collectMeshes(object3D, visibleOnly, filter);
  object3D.updateWorldMatrix(true, true);
  if (frame === 'world') return meshes.map((mesh) => ({ mesh, matrix: mesh.matrixWorld.clone() }));
  // 'parent': a mesh's matrix relative to the object, then the object's own matrix; the object
  // itself gets exactly its own matrix ('local': identity).
  _inverseRoot.copy(object3D.matrixWorld).invert();
  const own = frame === 'parent' ? object3D.matrix : null;
  return meshes.map((mesh) => {
    // The root itself: its own matrix (or identity), without the round-off of M⁻¹·M.
    const relative = mesh === object3D ? new Matrix4() : new Matrix4().multiplyMatrices(_inverseRoot, mesh.matrixWorld);
    return { mesh, matrix: own ? relative.premultiply(own) : relative };
  });
}
