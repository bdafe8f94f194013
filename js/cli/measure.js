// One file measured: loaded, measured part by part, reported as plain data (what --json prints).
import { isMassPropertiesError } from '../errors.js';
import { measureDocument } from '../gltf.js';
import { computeMassProperties } from '../three.js';
import { CliError, EXIT } from './exit-codes.js';
import { loadModel, metresPerThreeMfUnit } from './load.js';

// The mp.mesh options of the command line.
export function meshOptions(options) {
  return { mode: options.mode, thickness: options.thickness, weld: options.weld, units: options.units };
}

const errorOf = (error) => ({ code: error.code, message: error.message });

/** Measures a loaded model: `{ body, parts: [{ name, result, error }] }` in SI. */
export function measureModel(mp, model, options) {
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
