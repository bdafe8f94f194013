// The inside of mass-properties/worker: runs the package's functions in a Web Worker or a
// node:worker_threads thread and answers each request `{ id, method, args }` with `{ id, value }`
// or `{ id, error }`. Started by createWorker() (js/worker.js); a page may also start it itself
// with `new Worker(new URL('mass-properties/worker-thread', import.meta.url), { type: 'module' })`,
// Node with `new Worker(new URL(import.meta.resolve('mass-properties/worker-thread')))`.
import { MassPropertiesError, isMassPropertiesError } from './errors.js';
import { init, measureParts } from './index.js';
import { METHODS } from './schema.js';
import { collectTransferables } from './transfer.js';

// A worker measures whatever it is sent: the full module, loaded before the first request.
const ready = init({ parts: 'full' });

// The functions a request may name: the module's, and measureParts over it.
function methodOf(mp, method) {
  if (method === 'measureParts') return (parts) => measureParts(mp, parts);
  if (METHODS.includes(method)) return mp[method];
  return null;
}

// A MassPropertiesError crosses as plain data: a cloned Error keeps neither its class nor its code.
function errorData(error) {
  if (isMassPropertiesError(error)) return { code: error.code, message: error.message };
  return { code: 'INTERNAL', message: `the worker failed: ${error?.message ?? error}` };
}

// measureParts puts MassPropertiesErrors inside its result: those cross as data too.
function cloneable(method, value) {
  if (method !== 'measureParts') return value;
  const parts = value.parts.map((part) => (part.error ? { ...part, error: errorData(part.error) } : part));
  return { ...value, parts };
}

function serve(port) {
  port.addEventListener('message', async ({ data }) => {
    if (data === null || typeof data !== 'object' || typeof data.id !== 'number') return; // not ours
    const { id, method, args } = data;
    let reply;
    try {
      const mp = await ready;
      const fn = methodOf(mp, method);
      if (!fn) throw new MassPropertiesError('INVALID_ARGUMENT', `the worker has no function ${String(method)}`);
      reply = { id, value: cloneable(method, fn(...(Array.isArray(args) ? args : []))) };
    } catch (error) {
      reply = { id, error: errorData(error) };
    }
    port.postMessage(reply, collectTransferables(reply.value));
  });
}

// A Web Worker listens on its global scope; a node:worker_threads thread on its parentPort (a
// name bundlers leave alone: browser builds never reach it).
if (typeof self === 'object' && self !== null) serve(self);
else {
  const threads = 'node:worker_threads';
  import(/* webpackIgnore: true */ /* @vite-ignore */ threads).then(({ parentPort }) => serve(parentPort));
}
