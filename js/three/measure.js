// computeMassProperties: a scene graph's parts measured and combined into one body.
import { MassPropertiesError } from '../errors.js';
import { checkModule, combineMeasured, measurePart } from '../parts.js';
import { bakeParts } from './bake.js';
import { measureInstances } from './instances.js';
import { checkObject3D, describeObject, meshesIn, readSceneOptions } from './scene.js';

function describePart(part) {
  const mesh = describeObject(part.mesh);
  return part.instanceId === undefined ? mesh : `${mesh} instance ${part.instanceId}`;
}

// Every part failed: the first one's error, with all of them attached.
function noneMeasured(parts) {
  const first = parts[0];
  const error = new MassPropertiesError(first.error.code,
    `none of the ${parts.length} part(s) could be measured; ${describePart(first)}: ${first.error.message}`);
  error.parts = parts;
  return error;
}

/**
 * Mass properties of a scene graph: every Mesh under `object3D` (itself included) in
 * `object3D`'s frame. Returns the combined `body` and one entry per mesh (or instance) in
 * `parts`; a part that cannot be measured (e.g. a flat plane: ZERO_VOLUME) carries its error
 * and is left out of the body. Throws if no part can be measured.
 */
export function computeMassProperties(mp, object3D, options) {
  checkModule(mp);
  checkObject3D(object3D);
  const o = readSceneOptions(options);
  const parts = [];
  for (const { mesh, matrix } of meshesIn(object3D, o.visibleOnly)) {
    const measured = mesh.isInstancedMesh
      ? measureInstances(mp, mesh, matrix, o)
      : bakeParts(mesh, matrix, o).map((part) => measurePart(mp, part));
    for (const part of measured) parts.push(part);
  }
  if (parts.length === 0) {
    throw new MassPropertiesError('EMPTY_MESH', `no Mesh found in ${describeObject(object3D)} or its descendants`);
  }
  const body = combineMeasured(mp, parts);
  if (!body) throw noneMeasured(parts);
  return { body, parts };
}
