// Measures baked triangles off the main thread, so the page stays responsive on large models.
// Module workers do not get the page's import map in every browser, so the package is imported
// by its URL path rather than as 'mass-properties'.
import { init, measureParts } from '/js/index.js';

const ready = init();

// The parts of the current model, kept so a density or unit change needs no new upload.
let parts = [];

// Errors cross postMessage as plain data: a cloned Error keeps neither its class nor its code.
function cloneable({ result, error }) {
  return error ? { result: null, error: { code: error.code, message: error.message } } : { result };
}

self.onmessage = async ({ data }) => {
  const { id, type } = data;
  try {
    const mp = await ready;
    if (type === 'measure') parts = data.parts;
    else if (type !== 'remeasure') throw new Error(`unknown message type ${type}`);
    const start = performance.now();
    const measured = measureParts(mp, parts.map(({ positions, indices }) => ({ positions, indices, density: data.density })));
    const elapsed = performance.now() - start;
    self.postMessage({ id, body: measured.body, parts: measured.parts.map(cloneable), elapsed });
  } catch (error) {
    // Reported to the page instead of thrown, which would only reach the console.
    self.postMessage({ id, failure: String(error?.message ?? error) });
  }
};
