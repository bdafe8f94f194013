// One file measured: loaded, measured part by part, reported as plain data (what --json prints).
import { MassPropertiesError, isMassPropertiesError } from '../errors.js';
import { measureBodies, measureDocument } from '../gltf.js';
import { computeMassProperties } from '../three.js';
import { CliError, EXIT } from './exit-codes.js';
import { loadModel, metresPerThreeMfUnit } from './load.js';

// The mp.mesh options of the command line.
export function meshOptions(options) {
  return { mode: options.mode, thickness: options.thickness, weld: options.weld, units: options.units };
}

const errorOf = (error) => ({ code: error.code, message: error.message });

const FROM = { colliders: 'its colliders', meshes: 'its render meshes', none: 'nothing' };

// A glTF whose author wrote rigid bodies: each body measured from its colliders, as --write
// completes it (static colliders and triggers weigh nothing). null when it has no body.
function measureRigidBodies(mp, document, options) {
  const bodies = measureBodies(mp, document, { density: options.density, ...meshOptions(options) });
  if (bodies.length === 0) return null;
  const results = bodies.filter((b) => b.result).map((b) => b.result);
  if (results.length === 0)
    throw new MassPropertiesError('EMPTY_MESH', 'no rigid body has a collider or mesh with a volume');
  return {
    body: results.length === 1 ? results[0] : mp.combine(results),
    parts: bodies.map((b) => ({
      name: b.name || 'body',
      measuredFrom: FROM[b.source],
      result: b.result,
      error: b.result
        ? null
        : {
            code: 'EMPTY_MESH',
            message: `nothing with a volume (${
              b.parts
                .map((p) => p.note)
                .filter(Boolean)
                .join('; ') || 'no geometry'
            })`,
          },
    })),
  };
}

/** Measures a loaded model: `{ body, parts: [{ name, result, error }] }` in SI. */
export function measureModel(mp, model, options) {
  const bodies = model.document ? measureRigidBodies(mp, model.document, options) : null;
  if (bodies) return bodies;
  if (model.document) {
    const { body, parts } = measureDocument(mp, model.document, { density: options.density, ...meshOptions(options) });
    return {
      body,
      parts: parts.map((p) => ({ name: p.name || 'node', result: p.result, error: p.error ? errorOf(p.error) : null })),
    };
  }
  const { body, parts } = computeMassProperties(mp, model.object, {
    density: (mesh) => mesh.userData.density ?? options.density,
    ...meshOptions(options),
  });
  return {
    body,
    parts: parts.map((p, k) => ({
      name: p.mesh.name || `mesh ${k + 1}`,
      result: p.result,
      error: p.error ? errorOf(p.error) : null,
    })),
  };
}

/** A file's report, or a CliError naming the file. */
export async function measureFile(mp, file, options) {
  const model = await loadModel(file);
  // A 3MF says what its coordinates are in; --units overrides it.
  if (model.declaredUnit && !options.unitsGiven) {
    const metres = metresPerThreeMfUnit(model.declaredUnit);
    const name = { 1e-3: 'mm', 1e-2: 'cm', 1: 'm', 0.0254: 'in', 0.3048: 'ft' }[metres];
    options = { ...options, units: name ?? metres };
  }
  let measured;
  try {
    measured = measureModel(mp, model, options);
  } catch (error) {
    if (!isMassPropertiesError(error)) throw error;
    throw new CliError(EXIT.NOT_MEASURABLE, `${file}: ${error.message}`);
  }
  return {
    file,
    format: model.format,
    units: options.units,
    density: options.density,
    material: options.material,
    mode: options.mode,
    ...measured,
  };
}
