// computeMassProperties: a scene graph's parts measured and combined into one body.
import { Matrix4, Mesh } from 'three';
import { MassPropertiesError, fail, typeName } from '../errors.js';
import { checkModule, combineMeasured, measurePart } from '../parts.js';
import { bakeParts, bakeRanges, drawnRanges } from './bake.js';
import { measureInstances } from './instances.js';
import { checkObject3D, describeObject, describePart, meshesIn, readSceneOptions } from './scene.js';

// Every part failed: the first one's error, with all of them attached.
function noneMeasured(parts) {
  const first = parts[0];
  return Object.assign(
    new MassPropertiesError(
      first.error.code,
      `none of the ${parts.length} part(s) could be measured; ${describePart(first.mesh, first.instanceId)}: ${first.error.message}`,
    ),
    { parts },
  );
}

/**
 * Mass properties of a scene graph: every Mesh under `object3D` (itself included) that
 * `options.filter` accepts, in `object3D`'s parent's frame by default (its own transform counts;
 * `frame: 'world'` or `'local'` otherwise), each measured with its own density, mode, thickness
 * and weld. Returns the
 * combined `body` and one entry per mesh (or instance) in `parts`; a part that cannot be
 * measured (e.g. a flat plane as a solid: ZERO_VOLUME) carries its error and is left out of the
 * body. Throws if no part can be measured, and for an option the core refuses (naming the mesh).
 */
export function computeMassProperties(mp, object3D, options) {
  checkModule(mp);
  checkObject3D(object3D);
  const o = readSceneOptions(options);
  const parts = [];
  for (const { mesh, matrix } of meshesIn(object3D, o)) {
    const measured = mesh.isInstancedMesh
      ? measureInstances(mp, mesh, matrix, o)
      : bakeParts(mesh, matrix, o).map((part) => measurePart(mp, part, describePart(part.mesh, part.instanceId)));
    for (const part of measured) parts.push(part);
  }
  if (parts.length === 0) {
    throw new MassPropertiesError('EMPTY_MESH', `no Mesh found in ${describeObject(object3D)} or its descendants`);
  }
  // Units: every part measured in the scene's units, then scaled to metres by the core's
  // transform (density kept, so mass grows with s³), the same rule as mp.mesh's units option.
  const s = o.metresPerUnit;
  if (s !== 1) {
    for (const part of parts) if (part.result) part.result = mp.transform(part.result, { scale: s });
  }
  const body = combineMeasured(mp, parts);
  if (!body) throw noneMeasured(parts);
  return { body, parts };
}

const IDENTITY = new Matrix4();

/**
 * Mass properties of a BufferGeometry as three.js draws it with one material (its drawRange;
 * indexed or not; interleaved, quantized or half-float positions), in the geometry's own
 * coordinates; `options` are mp.mesh's.
 */
export function measureGeometry(mp, geometry, options) {
  checkModule(mp);
  if (!geometry?.isBufferGeometry) {
    fail('INVALID_TYPE', `geometry must be a three.js BufferGeometry, got ${typeName(geometry)}`);
  }
  const mesh = new Mesh(geometry);
  const { positions, indices } = bakeRanges(mesh, IDENTITY, drawnRanges(mesh));
  return mp.mesh(positions, indices, options);
}
