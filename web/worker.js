// Measures baked triangles off the main thread, so the page stays responsive on large models.
// Module workers do not get the page's import map in every browser, so the package is imported
// by its URL path rather than as 'mass-properties'.
import { init } from '/js/index.js';

const ready = init();

// The parts of the current model, kept so a density or unit change needs no new upload.
let parts = [];

function measure(mp, density) {
  const measured = parts.map(({ positions, indices }) => {
    try {
      return { result: mp.mesh(positions, indices, { density }) };
    } catch (error) {
      if (error?.name !== 'MassPropertiesError') throw error;
      return { error: { code: error.code, message: error.message } };
    }
  });
  const results = measured.filter((p) => p.result).map((p) => p.result);
  return { body: results.length ? mp.combine(results) : null, parts: measured };
}

self.onmessage = async ({ data }) => {
  const { id, type } = data;
  try {
    const mp = await ready;
    if (type === 'measure') parts = data.parts;
    else if (type !== 'remeasure') throw new Error(`unknown message type ${type}`);
    const start = performance.now();
    const reply = measure(mp, data.density);
    self.postMessage({ id, ...reply, elapsed: performance.now() - start });
  } catch (error) {
    // Reported to the page instead of thrown, which would only reach the console.
    self.postMessage({ id, failure: String(error?.message ?? error) });
  }
};
