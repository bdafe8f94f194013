// Put before the threaded core module's Emscripten glue (CMakeLists.txt: --extern-pre-js). The glue
// starts its threads with `new Worker(...)`; Node has no Web Worker, so init() hands in one made
// of worker_threads (js/core/threads.js) before it starts the module.
// eslint-disable-next-line no-var, no-unused-vars -- read by the glue that follows
var Worker = globalThis.Worker;
export function useWorker(constructor) {
  Worker = constructor;
}
