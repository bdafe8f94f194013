// Measuring off the main thread with the package's own worker (mass-properties/worker), so
// large models do not freeze the page. The parts stay here and are copied to the worker for
// each measurement, so a new density, unit or mode needs no new bake.
import { createWorker } from 'mass-properties/worker';

// A part the core refuses (flat, non-finite) has no holes to draw.
const noHoles = (error) => {
  if (error?.name === 'MassPropertiesError') return [];
  throw error;
};

export class Measurer {
  #worker = createWorker({ transfer: false });
  // Settles once the worker has loaded the module, so the time shown is the measuring alone.
  #loaded = this.#worker.box(1, 1, 1).catch(() => {});
  #parts = [];

  /**
   * Measures baked parts ({ positions, indices, densityKgPerM3? }: a part's own density) with
   * `how` = { density, densityKgPerM3, mode, thickness }.
   * Resolves to { body, parts: [{ result } or { result: null, error }], holes, elapsed }, where
   * holes[i] lists the boundary loops of part i that the solid mode closes (as mp.holes gives them).
   */
  async measure(parts, how) {
    this.#parts = parts;
    const holes = Promise.all(
      parts.map(({ positions, indices }) => this.#worker.holes(positions, indices).catch(noHoles)),
    );
    return { ...(await this.remeasure(how)), holes: await holes };
  }

  /**
   * Floats the last parts as one uniform solid (mp.float in the worker): `how` = { density,
   * waterDensity } in the model's units. Resolves to mp.float's result in the model's units.
   */
  async float(how) {
    await this.#loaded;
    const vertices = this.#parts.reduce((n, p) => n + p.positions.length, 0);
    const corners = this.#parts.reduce((n, p) => n + (p.indices?.length ?? p.positions.length / 3), 0);
    const positions = new Float64Array(vertices);
    const indices = new Uint32Array(corners);
    let v = 0;
    let c = 0;
    for (const part of this.#parts) {
      positions.set(part.positions, v);
      const count = part.indices?.length ?? part.positions.length / 3;
      for (let k = 0; k < count; k++) indices[c + k] = v / 3 + (part.indices ? part.indices[k] : k);
      v += part.positions.length;
      c += count;
    }
    return this.#worker.float(positions, indices, how);
  }

  /** Measures the last parts again with another `how`; no holes. */
  async remeasure(how) {
    await this.#loaded;
    const start = performance.now();
    // `how.density` is in the model's units; a part with its own density (kg/m³) is scaled alike.
    const { densityKgPerM3, ...options } = how;
    const parts = this.#parts.map(({ positions, indices, densityKgPerM3: own }) => ({
      positions,
      indices,
      ...options,
      density: own === undefined ? options.density : (options.density * own) / densityKgPerM3,
    }));
    const measured = await this.#worker.measureParts(parts);
    return { ...measured, holes: null, elapsed: performance.now() - start };
  }
}
