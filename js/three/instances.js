// An InstancedMesh measured once and placed per instance with mp.transform, instead of baking
// and measuring every instance (a million instances took 39 s and 3.4 GB that way).
import { Matrix4 } from 'three';
import { measurePart } from '../parts.js';
import { createSplit, splitAffine } from './affine.js';
import { bakeRanges, drawnRanges, instanceMatrix } from './bake.js';
import { densityOf } from './scene.js';

const IDENTITY = new Matrix4();
const _placed = new Matrix4();
const _split = createSplit();

// The geometry measured in the mesh's own frame, once per density (mass and inertia scale with
// it). Placing is only exact for a closed, consistently wound geometry: an open one's numbers
// depend on where its bounding box centre lands, so its instances are baked.
function templateByDensity(mp, mesh, ranges) {
  const byDensity = new Map();
  let geometry = null;
  return (density) => {
    if (!byDensity.has(density)) {
      geometry ??= bakeRanges(mesh, IDENTITY, ranges);
      const measured = measurePart(mp, { ...geometry, density });
      const d = measured.result?.diagnostics;
      measured.placeable = Boolean(d?.closed && d.consistentWinding);
      byDensity.set(density, measured);
    }
    return byDensity.get(density);
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
 * singular (a zero scale hides it) or too ill-conditioned to split exactly is baked instead.
 */
export function measureInstances(mp, mesh, matrix, options) {
  const ranges = drawnRanges(mesh);
  const templateFor = templateByDensity(mp, mesh, ranges);
  const parts = [];
  for (let id = 0; id < mesh.count; id++) {
    instanceMatrix(mesh, matrix, id, _placed);
    const density = densityOf(options, mesh, id);
    const template = templateFor(density);
    // A part the core refuses in the mesh's frame (flat, non-finite, bad indices) it refuses placed.
    if (template.error) parts.push({ mesh, instanceId: id, result: null, error: template.error });
    else if (template.placeable && splitAffine(_placed, _split)) parts.push({ mesh, instanceId: id, result: place(mp, template.result, _split) });
    else parts.push(measurePart(mp, { mesh, instanceId: id, ...bakeRanges(mesh, _placed, ranges), density }));
  }
  return parts;
}
