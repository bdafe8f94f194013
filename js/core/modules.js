// The module init() resolves to, over the two WebAssembly modules (docs/size.md): the core one,
// loaded first, answers what needs no analysis (a mesh the proof finds clean, check: false, the
// shapes and the bodies); the full one answers everything, and once it is loaded every call goes
// there. The first call the core cannot answer loads the full module within the call where the
// host allows it (Node, Deno, Bun), and elsewhere fails with FULL_MODULE_NOT_LOADED, never with a
// partial result, and starts loading it, so that `await mp.loadFull()` then resolves sooner.
import { fail } from '../errors.js';
import { METHODS } from '../schema.js';

// The binding behind a method, where it is not `_${name}` and the core module may bind it.
const BINDING_OF = { mesh: '_measureMesh' };

/**
 * The methods a module answers: those whose binding it has. The core module binds only what it
 * answers (embind.cpp, MASS_PROPERTIES_CORE_MODULE), so that list is written once, there; a mesh
 * it answers only when it finds it clean (mesh.h, measureCleanMesh).
 * @param {Record<string, unknown>} wasm the module's Emscripten object
 */
export function callsOf(wasm) {
  return new Set(METHODS.filter((name) => typeof wasm[BINDING_OF[name] ?? `_${name}`] === 'function'));
}

const HOW_TO_LOAD = "`await mp.loadFull()` loads it (init({ parts: 'full' }) loads it up front)";

/**
 * The module's functions over `core` (createModule's functions of the core module, or null when
 * only the full one is loaded) and `full` (the full one's, or null until it is loaded, by
 * `loadFullSync()` within a call where the host allows it, else null, or by `loadFull()`).
 * `coreCalls`: the methods the core module answers (callsOf). `threads`: the threads the core's
 * mesh paths share; a threaded core keeps answering what it can once the full module is loaded
 * (the same numbers bit for bit, sooner on a big mesh), the rest going on to the full module.
 * @param {{ core?: any, coreCalls?: Set<string>, full?: any, loadFullSync?: (() => any) | null, loadFull?: () => Promise<any>, threads?: number }} modules
 * @returns {import('../index.js').MassPropertiesModule}
 */
export function createParts({
  core = null,
  coreCalls = new Set(),
  full = null,
  loadFullSync = null,
  loadFull = null,
  threads = 1,
}) {
  let loading = null;

  function loadFullModule() {
    if (full) return Promise.resolve();
    if (!loading) {
      const started = /** @type {() => Promise<any>} */ (loadFull)().then((module) => {
        full = module;
      });
      loading = started;
      started.catch(() => {
        if (loading === started) loading = null; // the next call tries again
      });
    }
    return loading;
  }

  // The full module for a call that needs it, loaded now if the host can; else the typed error.
  function needFull(what) {
    if (!full && loadFullSync) full = loadFullSync();
    if (full) return full;
    loadFullModule().catch(() => {}); // a failure is reported by `await mp.loadFull()`
    fail('FULL_MODULE_NOT_LOADED', `${what}: ${HOW_TO_LOAD}`);
  }

  /** @type {Record<string | symbol, unknown>} */
  const mp = {};
  for (const name of METHODS) {
    const inCore = core && coreCalls.has(name) ? core[name] : null; // looked up once: a small call is 2 µs
    mp[name] =
      inCore !== null
        ? function (...args) {
            if (full && threads === 1) return full[name](...args);
            try {
              return inCore(...args);
            } catch (error) {
              if (error?.code !== 'FULL_MODULE_NOT_LOADED') throw error;
              return needFull(`mp.${name}: ${error.message}`)[name](...args);
            }
          }
        : (...args) => (full ?? needFull(`mp.${name} is in the full module, not loaded yet`))[name](...args);
  }
  /** Loads the full module (once): resolves when every call works within the call. */
  mp.loadFull = loadFullModule;
  const first = core ?? full;
  /** Every error code the library uses, in the core's order. */
  mp.errorCodes = first.errorCodes;
  /** What each mesh option left out means: the core's MassOptions{} and MeshOptions{}. */
  mp.defaults = first.defaults;
  const loaded = () => [core, full].filter(Boolean);
  const hidden = (name, value) => Object.defineProperty(mp, Symbol.for(`mass-properties.${name}`), value);
  // For tests: bytes the modules' allocators hold, to prove failing calls leak nothing.
  hidden('heapInUse', {
    value: () => loaded().reduce((sum, m) => sum + m[Symbol.for('mass-properties.heapInUse')](), 0),
  });
  // For the benchmark: the modules' memory (it grows, never shrinks), which build and which parts are loaded.
  hidden('memoryBytes', {
    value: () => loaded().reduce((sum, m) => sum + m[Symbol.for('mass-properties.memoryBytes')](), 0),
  });
  hidden('moduleKind', { value: first[Symbol.for('mass-properties.moduleKind')] });
  hidden('threads', { value: threads });
  hidden('loadedParts', { get: () => [core && 'core', full && 'full'].filter(Boolean).join('+') });
  hidden('resultDimensions', { value: first[Symbol.for('mass-properties.resultDimensions')] });
  return /** @type {import('../index.js').MassPropertiesModule} */ (/** @type {unknown} */ (Object.freeze(mp)));
}
