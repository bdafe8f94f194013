// mass-properties/worker: the package's functions in a Web Worker, behind promises, so a large
// mesh never blocks the page. Arguments and results cross by postMessage; typed arrays are moved
// (transferred), not copied, unless the caller asks to keep them.
import { MassPropertiesError, fail, isMassPropertiesError, typeName } from './errors.js';
import { METHODS as MODULE_METHODS } from './schema.js';
import { packForTransfer } from './transfer.js';

// The module's functions (js/schema.js), and measureParts without its `mp` argument.
const METHODS = [...MODULE_METHODS, 'measureParts'];
const WORKER_KEYS = ['worker', 'transfer'];

// Written so that bundlers (Vite, webpack 5, Parcel, esbuild with its worker plugins) see the
// worker's entry and bundle it without configuration.
function startWorker() {
  if (typeof Worker !== 'function') {
    fail(
      'INVALID_ARGUMENT',
      "this runtime has no Web Worker: pass { worker }, e.g. a node:worker_threads Worker of 'mass-properties/worker-thread'",
    );
  }
  return new Worker(new URL('./worker-thread.js', import.meta.url), { type: 'module' });
}

function readWorkerOptions(options) {
  if (options === undefined) return {};
  if (options === null || typeof options !== 'object')
    fail('INVALID_OPTIONS', `createWorker options must be an object, got ${typeName(options)}`);
  for (const key of Object.keys(options))
    if (!WORKER_KEYS.includes(key)) fail('INVALID_OPTIONS', `unknown createWorker option '${key}'`);
  if (options.transfer !== undefined && typeof options.transfer !== 'boolean')
    fail('INVALID_OPTIONS', `createWorker option transfer must be a boolean, got ${typeName(options.transfer)}`);
  const worker = options.worker;
  if (
    worker !== undefined &&
    (typeof worker?.postMessage !== 'function' ||
      (typeof worker?.addEventListener !== 'function' && typeof worker?.on !== 'function'))
  )
    fail(
      'INVALID_OPTIONS',
      `createWorker option worker must be a Web Worker or a node:worker_threads Worker, got ${typeName(worker)}`,
    );
  return options;
}

// A Web Worker's events, or those of a node:worker_threads Worker (an EventEmitter, which hands
// listeners the message itself and an Error, and says when its thread exits), as Web events.
function listen(worker, on) {
  if (typeof worker.addEventListener === 'function') {
    for (const [type, listener] of Object.entries(on)) if (type !== 'exit') worker.addEventListener(type, listener);
    return;
  }
  worker.on('message', (data) => on.message({ data }));
  worker.on('error', (error) => on.error({ message: error?.message ?? String(error) }));
  worker.on('messageerror', () => on.messageerror());
  worker.on('exit', (code) => on.exit(code));
}

const asError = ({ code, message }) => new MassPropertiesError(code, message);

// measureParts reports refused parts as errors inside its result: make them MassPropertiesErrors again.
function revive(method, value) {
  if (method !== 'measureParts') return value;
  return { ...value, parts: value.parts.map((p) => (p.error ? { ...p, error: asError(p.error) } : p)) };
}

/**
 * A worker running the package: `{ mesh, inspect, holes, box, …, measureParts, terminate }`,
 * each function returning a promise of what the module's function returns. `transfer` (default
 * true) moves the typed arrays a call is given into the worker: they are empty afterwards;
 * `transfer: false` copies them. `worker` is a Worker started from 'mass-properties/worker-thread'
 * by the caller (e.g. through a bundler's own worker import, or node:worker_threads' Worker in
 * Node); by default a Web Worker is started here.
 */
export function createWorker(options) {
  const { worker: given, transfer = true } = readWorkerOptions(options);
  const worker = given ?? startWorker();
  const pending = new Map();
  let nextId = 1;
  let broken = null; // why no call can be answered any more

  const stop = (reason) => {
    broken = reason;
    for (const { reject } of pending.values()) reject(new MassPropertiesError('INTERNAL', reason));
    pending.clear();
  };

  listen(worker, {
    message: ({ data }) => {
      const call = pending.get(data?.id);
      if (!call) return;
      pending.delete(data.id);
      if (data.error) call.reject(asError(data.error));
      else call.resolve(revive(call.method, data.value));
    },
    error: (event) => {
      event.preventDefault?.();
      stop(`the worker failed: ${event.message || 'its script could not be loaded'}`);
    },
    messageerror: () => stop('a reply from the worker could not be read'),
    exit: (code) => {
      if (!broken) stop(`the worker exited (code ${code})`);
    },
  });

  function call(method, args) {
    return new Promise((resolve, reject) => {
      if (broken) throw new MassPropertiesError('INTERNAL', broken);
      const id = nextId++;
      const [packed, transferables] = packForTransfer(args, transfer);
      pending.set(id, { method, resolve, reject });
      try {
        worker.postMessage({ id, method, args: packed }, transferables);
      } catch (error) {
        pending.delete(id);
        // e.g. a function or a detached buffer among the arguments: the caller's mistake
        throw isMassPropertiesError(error)
          ? error
          : new MassPropertiesError(
              'INVALID_ARGUMENT',
              `${method}: the arguments cannot be sent to the worker: ${error?.message ?? error}`,
            );
      }
    });
  }

  const api = {};
  for (const method of METHODS) api[method] = (...args) => call(method, args);
  /** Stops the worker; calls still waiting are rejected. */
  api.terminate = () => {
    worker.terminate?.();
    if (!broken) stop('the worker was terminated');
  };
  return Object.freeze(api);
}
