// The threaded core module (dist/mass_properties_wasm_core_threads.*): where it can run, with how
// many threads, and what its Emscripten glue needs to start them. Its threads are Web Workers sharing
// the module's memory (in Node, worker_threads dressed as Web Workers: ./pthread-node.js), so it
// needs SharedArrayBuffer: Node, and pages and workers that are cross-origin isolated.

/** Each thread's script in Node (worker_threads). */
const NODE_THREAD = './pthread-node.js';

/** At most this many threads by default: past it, a mesh's memory bandwidth is the limit. */
const DEFAULT_MAX_THREADS = 8;

/** Node itself (Deno and Bun imitate its globals, not its worker_threads). */
function isNode() {
  const versions = globalThis.process?.versions;
  return typeof versions?.node === 'string' && !versions.bun && !('Deno' in globalThis);
}

/**
 * How many threads init() should start: `requested` (init's `threads` option: false or 1 for
 * none, a number for that many, true or undefined for the host's cores, up to 8), or 1 where the
 * host cannot share memory with workers or the package's files cannot be located (the CommonJS
 * and classic-script builds have no import.meta.url).
 */
export async function threadsToStart(requested) {
  if (requested === false || requested === 1) return 1;
  if (typeof SharedArrayBuffer !== 'function' || typeof Atomics !== 'object') return 1;
  if (typeof import.meta.url !== 'string') return 1; // the bundles of scripts/bundle.mjs define it undefined
  let cores;
  if (isNode()) {
    const name = 'node:os';
    const os = await import(/* webpackIgnore: true */ /* @vite-ignore */ name);
    cores = os.availableParallelism?.() ?? os.cpus().length;
  } else if (globalThis.crossOriginIsolated === true && typeof globalThis.Worker === 'function') {
    cores = globalThis.navigator?.hardwareConcurrency ?? 1;
  } else {
    return 1;
  }
  if (typeof requested === 'number') return requested;
  return Math.max(1, Math.min(cores, DEFAULT_MAX_THREADS));
}

/**
 * The Worker class the glue starts its threads with: the host's own in browsers and workers, one
 * made of worker_threads in Node. Each worker started is added to `started`, and an error in one
 * (a script the host refused, a bundler that left the worker script behind) goes to `failed`.
 */
export async function workerClass(started, failed) {
  if (!isNode()) {
    return class extends globalThis.Worker {
      constructor(url) {
        super(url);
        started.push(this);
        this.addEventListener('error', (event) => failed(new Error(`a thread did not start: ${event.message}`)));
      }
    };
  }
  const name = 'node:worker_threads';
  const { Worker } = await import(/* webpackIgnore: true */ /* @vite-ignore */ name);
  // A URL bundlers leave alone (not new URL(literal, import.meta.url), which they take for an
  // asset of the build): Node only, never part of a browser build.
  const here = import.meta.url;
  const script = new URL(NODE_THREAD, here);
  return class extends Worker {
    constructor() {
      super(script);
      started.push(this);
      // The glue listens as a Web Worker's owner does.
      this.on('message', (data) => this.onmessage?.({ data }));
      this.on('error', (error) => failed(error));
    }
  };
}

/** Where the glue finds the worker script that each thread runs. */
export function workerScript() {
  return new URL('../../dist/mass_properties_wasm_core_threads.worker.js', import.meta.url).href;
}

/**
 * Once the module is up: its threads must not keep Node running (they sleep between calls), and
 * the package reads the heap through the module's views (HEAPU8, HEAPU32, HEAPF32, HEAPF64),
 * which the glue renews only when memory grows on the main thread. A thread may grow it too, so
 * the views are renewed when the memory is larger than they are, checked once after each call
 * into the module (reading a shared memory's buffer costs about 0.6 µs: not on every access).
 */
export function settleThreads(wasm, started) {
  for (const worker of started) worker.unref?.();
  const memory = wasm.wasmMemory;
  const kinds = { HEAPU8: Uint8Array, HEAPU32: Uint32Array, HEAPF32: Float32Array, HEAPF64: Float64Array };
  const views = {};
  const renew = () => {
    for (const [name, View] of Object.entries(kinds)) views[name] = new View(memory.buffer);
  };
  renew();
  let called = false;
  for (const name of Object.keys(wasm)) {
    const f = wasm[name];
    if (!name.startsWith('_') || typeof f !== 'function') continue;
    wasm[name] = (...args) => {
      called = true;
      return f(...args);
    };
  }
  for (const name of Object.keys(kinds))
    Object.defineProperty(wasm, name, {
      get() {
        if (called) {
          called = false;
          if (views.HEAPU8.byteLength !== memory.buffer.byteLength) renew();
        }
        return views[name];
      },
      set: () => {}, // the glue's own renewal, after growth on this thread: seen after the call
    });
}
