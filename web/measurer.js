// The measuring Web Worker (worker.js) as promises, so large models do not freeze the page.
export class Measurer {
  #worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
  #pending = new Map();
  #lastId = 0;

  constructor() {
    this.#worker.onmessage = ({ data }) => {
      const request = this.#pending.get(data.id);
      this.#pending.delete(data.id);
      if (!request) return;
      if (data.failure) request.reject(new Error(data.failure));
      else request.resolve(data);
    };
    this.#worker.onerror = (event) => {
      event.preventDefault();
      for (const request of this.#pending.values())
        request.reject(new Error(event.message || 'the measuring worker failed'));
      this.#pending.clear();
    };
  }

  /**
   * Measures baked parts ({ positions, indices }; their buffers are transferred, not copied) with
   * `how` = { density, mode, thickness }. Resolves to { body, parts: [{ result } or
   * { result: null, error: { code, message } }], holes, elapsed }, where holes[i] lists the
   * boundary loops of part i that the solid mode closes (Float64Arrays, as mp.holes gives them).
   */
  measure(parts, how) {
    const transfer = parts.flatMap(({ positions, indices }) =>
      indices ? [positions.buffer, indices.buffer] : [positions.buffer],
    );
    return this.#ask({ type: 'measure', parts, how }, transfer);
  }

  /** Measures the last parts again with another `how` (the worker kept them); no holes. */
  remeasure(how) {
    return this.#ask({ type: 'remeasure', how });
  }

  #ask(message, transfer = []) {
    const id = ++this.#lastId;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      this.#worker.postMessage({ ...message, id }, transfer);
    });
  }
}
