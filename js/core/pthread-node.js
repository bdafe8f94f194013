// Each thread of the threaded core module, in Node: a worker_thread dressed as the Web Worker that
// Emscripten's worker script expects (self, postMessage, onmessage), then that script, which
// imports the module's glue and runs the threads the core starts (js/core/threads.js).
import { parentPort } from 'node:worker_threads';

Object.assign(globalThis, {
  self: globalThis,
  postMessage: (/** @type {unknown} */ message) => parentPort?.postMessage(message),
});
// By URL: generated code, which tsc does not check (as ./glue.d.ts stands in for the glue).
await import(new URL('../../dist/mass_properties_wasm_core_threads.worker.js', import.meta.url).href);
// Messages wait in the port until this listener starts it: none is lost while the script loads.
parentPort?.on('message', (data) => /** @type {any} */ (globalThis).onmessage({ data }));
