// Measures baked triangles off the main thread, so the page stays responsive on large models.
// Module workers do not get the page's import map in every browser, so the package is imported
// by its URL path rather than as 'mass-properties'.
import { init, MassPropertiesError, measureParts } from '/js/index.js';

const ready = init();

// The parts of the current model, kept so a density, unit or mode change needs no new upload.
let parts = [];

// Errors cross postMessage as plain data: a cloned Error keeps neither its class nor its code.
function cloneable({ result, error }) {
  return error ? { result: null, error: { code: error.code, message: error.message } } : { result };
}

// The loops the solid mode closes, per part: they depend on the triangles only, so they are
// found once per model. A part the core refuses (flat, non-finite) has none to draw.
function holesOf(mp, { positions, indices }) {
  try {
    return mp.holes(positions, indices);
  } catch (error) {
    if (error instanceof MassPropertiesError) return [];
    throw error;
  }
}

self.onmessage = async ({ data }) => {
  const { id, type, how } = data;
  try {
    const mp = await ready;
    if (type === 'measure') parts = data.parts;
    else if (type !== 'remeasure') throw new Error(`unknown message type ${type}`);
    const start = performance.now();
    // `how.density` is in the model's units; a part with its own density (kg/m³) is scaled alike.
    const { densityKgPerM3, ...options } = how;
    const measured = measureParts(
      mp,
      parts.map(({ positions, indices, densityKgPerM3: own }) => ({
        positions,
        indices,
        ...options,
        density: own === undefined ? options.density : (options.density * own) / densityKgPerM3,
      })),
    );
    const elapsed = performance.now() - start;
    const holes = type === 'measure' ? parts.map((part) => holesOf(mp, part)) : null;
    const transfer = holes ? holes.flat().map((loop) => loop.buffer) : [];
    self.postMessage({ id, body: measured.body, parts: measured.parts.map(cloneable), holes, elapsed }, transfer);
  } catch (error) {
    // Reported to the page instead of thrown, which would only reach the console.
    self.postMessage({ id, failure: String(error?.message ?? error) });
  }
};
