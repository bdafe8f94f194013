// An InstancedMesh measured once and placed per instance with mp.transform, instead of baking
// and measuring every instance (a million instances took 39 s and 3.4 GB that way).
import { Matrix4 } from 'three';
import { measurePart } from '../parts.js';
import { createSplit, splitAffine } from './affine.js';
import { bakeRanges, drawnRanges, instanceMatrix } from './bake.js';
import { describeObject, describePart, meshOptionsOf } from './scene.js';

const IDENTITY = new Matrix4();
const _placed = new Matrix4();
const _split = createSplit();

// Whether a result measured in the mesh's frame can be placed by an affine map. mp.transform
// moves a solid's mass and inertia exactly, and the solid of the mapped triangles is the mapped
// solid when the geometry is closed and consistently wound (an open one's caps and repairs are
// decided in the frame it is measured in), and the convex hull of the mapped points is the mapped
// hull. A shell's mass follows its area, not its volume, so it is never placed; nor is a part with
// a weld distance, which would be measured in the mesh's frame instead of the placed one.
/**
 * @param {{ mode?: string; weld?: import('../index.js').WeldOption }} options
 * @param {import('../index.js').MeshDefaults} defaults
 */
function canPlace({ mode, weld }, defaults) {
  const m = mode ?? defaults.mode; // a mesh left at the core's default mode
  return (m === 'solid' || m === 'convex') && weld === undefined;
}

function placesExactly(mode, result) {
  const d = result?.diagnostics;
  return mode === 'convex' || Boolean(d?.closed && d.consistentWinding); // (no mode: the core's, solid)
}

// The geometry measured in the mesh's own frame, once per set of options (mass and inertia
// scale with the density; the mode changes what is measured).
function templates(mp, mesh, ranges) {
  const byKey = new Map();
  let geometry = null;
  /** @param {{ density?: number; mode?: import('../three.js').MeshMode; thickness?: number }} options */
  return ({ density, mode, thickness }) => {
    const key = `${mode} ${density} ${thickness}`;
    if (!byKey.has(key)) {
      geometry ??= bakeRanges(mesh, IDENTITY, ranges);
      const measured = measurePart(mp, { ...geometry, density, mode, thickness }, describeObject(mesh));
      byKey.set(key, { ...measured, placeable: placesExactly(mode, measured.result) });
    }
    return byKey.get(key);
  };
}

// mp.transform applies x′ = R·S·x + p: the split's turn first, then the rest.
function place(mp, body, split) {
  const turned = split.turned ? mp.transform(body, { quaternion: split.turn }) : body;
  return mp.transform(turned, { position: split.position, quaternion: split.quaternion, scale: split.scale });
}

/**
 * The parts of an InstancedMesh drawn through `matrix` (the mesh's, relative to the measured
 * object), one per instance as computeMassProperties lists them. An instance whose matrix is
 * singular (a zero scale hides it) or too ill-conditioned to split exactly, or whose options
 * cannot be placed (see canPlace), is baked instead.
 */
export function measureInstances(mp, mesh, matrix, options) {
  const ranges = drawnRanges(mesh);
  const templateFor = templates(mp, mesh, ranges);
  const parts = [];
  for (let id = 0; id < mesh.count; id++) {
    instanceMatrix(mesh, matrix, id, _placed);
    const meshOptions = meshOptionsOf(options, mesh, id);
    const template = canPlace(meshOptions, mp.defaults) ? templateFor(meshOptions) : null;
    // A part the core refuses in the mesh's frame (flat, non-finite, bad indices) it refuses placed.
    if (template?.error) parts.push({ mesh, instanceId: id, result: null, error: template.error });
    else if (template?.placeable && splitAffine(_placed, _split)) {
      parts.push({ mesh, instanceId: id, result: place(mp, template.result, _split) });
    } else {
      const baked = { mesh, instanceId: id, ...bakeRanges(mesh, _placed, ranges), ...meshOptions };
      parts.push(measurePart(mp, baked, describePart(mesh, id)));
    }
  }
  return parts;
}
