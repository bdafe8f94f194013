// Loading the WebAssembly modules: which build (SIMD or scalar, and for the core, threaded where
// the host allows it: ./threads.js), which part (the small core that init() loads first, or the
// full module), from its .wasm file or the same bytes embedded,
// instantiated through the Emscripten glue; then the module's functions over them (./modules.js).
import { MassPropertiesError, fail, typeName } from '../errors.js';
import { compileFile } from '../wasm-file.js';
import { createModule } from './api.js';
import { GLUES } from './glue.js';
import { callsOf, createParts } from './modules.js';
import { settleThreads, threadsToStart, workerClass, workerScript } from './threads.js';

let ready = null;

/**
 * Loads the WebAssembly module once (its .wasm beside the package's files, or the same bytes
 * embedded where that file cannot be reached, so this works the same in Node, browsers, workers
 * and bundlers). Later calls return the same promise; a failure arrives as a rejected promise
 * with a MassPropertiesError, and the next call tries again. `{ parts: 'full' }` loads the full
 * module up front instead of the core (docs/size.md). `{ wasmModule }` is the package's full .wasm
 * ('mass-properties/wasm') already compiled, for runtimes that compile no bytes at run time
 * (Cloudflare's workerd imports a .wasm as a WebAssembly.Module). `{ threads }`: false (or 1)
 * loads a single-thread core even where the threaded one could run (Node, and pages and workers
 * that are cross-origin isolated); a number asks for that many threads.
 */
export function init(options) {
  let o;
  try {
    o = readInitOptions(options);
  } catch (error) {
    return Promise.reject(error);
  }
  if (!ready) {
    const loading = (async () => load(o))();
    ready = loading;
    loading.catch(() => {
      if (ready === loading) ready = null;
    });
  }
  if (o.parts !== 'full') return ready;
  // The full module too, whether the first call loaded it or not.
  return ready.then(async (mp) => {
    await mp.loadFull();
    return mp;
  });
}

// The smallest module that uses a SIMD instruction (i8x16.splat of an i32.const, dropped):
// runtimes without WebAssembly SIMD refuse to validate it.
const SIMD_PROBE = new Uint8Array([
  0, 97, 115, 109, 1, 0, 0, 0, 1, 4, 1, 96, 0, 0, 3, 2, 1, 0, 10, 9, 1, 7, 0, 65, 0, 253, 15, 26, 11,
]);

/** 'simd' where the runtime validates WebAssembly SIMD, else 'scalar'; MASS_PROPERTIES_WASM=scalar (Node) forces the fallback. */
function moduleKind() {
  const forced = environment('MASS_PROPERTIES_WASM');
  if (forced === 'scalar' || forced === 'simd') return forced;
  try {
    return WebAssembly.validate(SIMD_PROBE) ? 'simd' : 'scalar';
  } catch {
    return 'scalar';
  }
}

// Deno without --allow-env throws on reading process.env: that is no reason to fail.
function environment(name) {
  try {
    return globalThis.process?.env?.[name];
  } catch {
    return undefined;
  }
}

const PARTS = ['core', 'full'];

function readInitOptions(options) {
  if (options === undefined) return {};
  if (options === null || typeof options !== 'object')
    fail('INVALID_OPTIONS', `init options must be an object, got ${typeName(options)}`);
  for (const key of Object.keys(options))
    if (key !== 'wasmModule' && key !== 'parts' && key !== 'threads')
      fail('INVALID_OPTIONS', `unknown init option '${key}'`);
  const { threads } = options;
  if (
    threads !== undefined &&
    typeof threads !== 'boolean' &&
    !(Number.isInteger(threads) && threads >= 1 && threads <= 64)
  )
    fail(
      'INVALID_OPTIONS',
      `init option threads must be a boolean or an integer from 1 to 64, got ${typeName(threads)} ${String(threads)}`,
    );
  if (options.wasmModule !== undefined && !(options.wasmModule instanceof WebAssembly.Module))
    fail('INVALID_OPTIONS', `init option wasmModule must be a WebAssembly.Module, got ${typeName(options.wasmModule)}`);
  if (options.parts !== undefined && !PARTS.includes(options.parts))
    fail('INVALID_OPTIONS', `init option parts must be 'core' or 'full', got ${typeName(options.parts)}`);
  return options;
}

// The builds of each part: the glue and its embedded bytes (./glue.js), and the .wasm file.
// Literal new URL()s, so that bundlers see them: Vite and webpack emit the .wasm as an asset.
const FILES = {
  core: {
    simd: () => new URL('../../dist/mass_properties_wasm_core.wasm', import.meta.url),
    scalar: () => new URL('../../dist/mass_properties_wasm_core_scalar.wasm', import.meta.url),
  },
  full: {
    simd: () => new URL('../../dist/mass_properties_wasm.wasm', import.meta.url),
    scalar: () => new URL('../../dist/mass_properties_wasm_scalar.wasm', import.meta.url),
  },
};
// The CommonJS and classic-script builds are one file each (scripts/bundle.mjs: no
// import.meta.url), which holds the full module's bytes anyway: init() loads it at once there, so
// that every call works after it, as before the split.
const ONE_FILE = typeof import.meta.url !== 'string';

const buildOf = (part, kind) => ({ ...GLUES[part][kind], file: FILES[part][kind] });

async function gunzip(base64) {
  const text = atob(base64);
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; ++i) bytes[i] = text.charCodeAt(i);
  return new Response(new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'))).arrayBuffer();
}

// The compiled module: from the .wasm file, else from the embedded bytes. The file is missing
// where a bundler did not copy it (esbuild, Rollup without plugins), where a server refuses it,
// and in the CommonJS and classic-script builds (no import.meta.url: new URL throws).
async function compile(build) {
  try {
    return await compileFile(build.file());
  } catch (fileError) {
    try {
      return await WebAssembly.compile(await gunzip((await build.embedded()).default));
    } catch (error) {
      throw new Error(`${error?.message ?? error} (the .wasm file: ${fileError?.message ?? fileError})`);
    }
  }
}

// The glue's overrides: it instantiates nothing itself, but hands over its imports to
// `instantiate` and is ready once the instance is back.
function overrides(instantiate) {
  return {
    locateFile: (file) => file, // never used; keeps 3.1.6's glue from building a URL of its own
    instantiateWasm: instantiate,
  };
}

// `extra`: more overrides (the threaded core's); `stop`: a promise that rejects to give up waiting.
async function instantiate(glue, compiled, extra = {}, stop = new Promise(() => {})) {
  // A failure there would leave the glue's promise pending, so it is raced.
  let failed;
  const failure = new Promise((resolve, reject) => (failed = reject));
  return Promise.race([
    glue.default({
      ...overrides((imports, receive) => {
        WebAssembly.instantiate(compiled, imports).then((instance) => receive(instance, compiled), failed);
        return {};
      }),
      ...extra,
    }),
    failure,
    stop,
  ]);
}

/** How long init() waits for the threaded core's workers before it loads a single-thread core. */
const THREADS_START_MS = 15000;

// The threaded core module with `threads` threads (the caller's included), or null where its
// files or its workers could not be had: init() then loads the single-thread SIMD core.
async function loadThreadedCore(threads) {
  const started = [];
  let failed;
  const failure = new Promise((resolve, reject) => (failed = reject));
  // Workers that neither load nor fail (a host that queues them forever) must not hang init().
  const timer = setTimeout(() => failed(new Error('the threads did not start')), THREADS_START_MS);
  try {
    const [glue, compiled] = await Promise.all([
      GLUES.core.threads.glue(),
      compileFile(new URL('../../dist/mass_properties_wasm_core_threads.wasm', import.meta.url)),
    ]);
    glue.useWorker(await workerClass(started, failed));
    const script = workerScript();
    const wasm = await instantiate(
      glue,
      compiled,
      { pthreadPoolSize: threads - 1, locateFile: (file) => (file.endsWith('.worker.js') ? script : file) },
      failure,
    );
    settleThreads(wasm, started);
    wasm.threads = wasm._setThreadCount(threads);
    wasm.kind = 'threads';
    return wasm;
  } catch {
    for (const worker of started) worker.terminate();
    return null;
  } finally {
    clearTimeout(timer);
  }
}

// Instantiated within the call: 3.1.6's glue uses the object it is given as the module and,
// given the instance at once, runs its constructors before it returns.
function instantiateSync(glue, bytes) {
  const compiled = new WebAssembly.Module(bytes);
  const wasm = overrides((imports, receive) => {
    receive(new WebAssembly.Instance(compiled, imports), compiled);
    return {};
  });
  glue.default(wasm);
  if (typeof (/** @type {any} */ (wasm)._statusCodes) !== 'function') throw new Error('the glue did not run at once');
  return /** @type {import('./glue.js').WasmModule} */ (/** @type {unknown} */ (wasm));
}

const loadFailure = (error) =>
  new MassPropertiesError('INTERNAL', `could not load the WebAssembly module: ${error?.message ?? error}`);

// The full module, fetched and compiled while nothing waits (await mp.loadFull()).
async function loadFullAsync(kind, onTrap) {
  try {
    const build = buildOf('full', kind);
    const [glue, compiled] = await Promise.all([build.glue(), compile(build)]);
    const wasm = await instantiate(glue, compiled);
    wasm.kind = kind;
    return createModule(wasm, onTrap);
  } catch (error) {
    throw loadFailure(error);
  }
}

// Where the host can read a file within a call (Node, Deno, Bun), the full module's loader for
// the first call that needs it: what must be awaited (the glue, node:fs, the embedded bytes
// where the file cannot be reached) is done here; reading and compiling wait for that call.
// Elsewhere (browsers: no file to read within a call, and a page's main thread may not compile a
// large module at once) null.
async function prepareFullSync(kind, onTrap) {
  if (typeof globalThis.process?.versions?.node !== 'string') return null;
  try {
    const build = buildOf('full', kind);
    const names = ['node:fs', 'node:zlib']; // names bundlers leave alone: browser builds never get here
    const fs = await import(/* webpackIgnore: true */ /* @vite-ignore */ names[0]);
    const glue = await build.glue();
    // The file where it can be read (not where a bundler did not copy it, nor in Deno without
    // --allow-read), else the embedded bytes.
    let file = null;
    try {
      file = build.file();
      fs.accessSync(file, fs.constants.R_OK);
    } catch {
      file = null;
    }
    let bytes;
    if (file?.protocol === 'file:') {
      bytes = () => fs.readFileSync(file);
    } else {
      const zlib = await import(/* webpackIgnore: true */ /* @vite-ignore */ names[1]);
      const base64 = (await build.embedded()).default;
      bytes = () => zlib.gunzipSync(globalThis.Buffer.from(base64, 'base64'));
    }
    return () => {
      try {
        const wasm = instantiateSync(glue, bytes());
        wasm.kind = kind;
        return createModule(wasm, onTrap);
      } catch (error) {
        throw loadFailure(error);
      }
    };
  } catch {
    return null;
  }
}

async function load({ wasmModule, parts, threads }) {
  const onTrap = () => {
    ready = null; // a module that trapped is dropped: the next init() makes a fresh one
  };
  if (wasmModule) {
    // A given module is the full SIMD build's .wasm or the scalar one's: their glues are the same.
    let wasm;
    try {
      wasm = await instantiate(await GLUES.full.simd.glue(), wasmModule);
    } catch (error) {
      throw loadFailure(error);
    }
    wasm.kind = 'given';
    return createParts({ full: createModule(wasm, onTrap) });
  }
  const kind = moduleKind();
  // The threaded core is the SIMD one with threads; MASS_PROPERTIES_WASM (Node) forces a
  // single-thread build.
  const count =
    !ONE_FILE && kind === 'simd' && !environment('MASS_PROPERTIES_WASM') ? await threadsToStart(threads) : 1;
  // With threads the core is loaded beside the full module too: it answers the big clean meshes.
  if (ONE_FILE || (parts === 'full' && count === 1)) return createParts({ full: await loadFullAsync(kind, onTrap) });
  let core, loadFullSync;
  try {
    const [threaded, sync] = await Promise.all([
      count > 1 ? loadThreadedCore(count) : null,
      prepareFullSync(kind, onTrap),
    ]);
    core = threaded;
    if (!core) {
      const build = buildOf('core', kind);
      const [glue, compiled] = await Promise.all([build.glue(), compile(build)]);
      core = await instantiate(glue, compiled);
      core.kind = kind;
      core.threads = 1;
    }
    loadFullSync = sync;
  } catch (error) {
    throw loadFailure(error);
  }
  return createParts({
    core: createModule(core, onTrap),
    coreCalls: callsOf(core),
    loadFullSync,
    loadFull: () => loadFullAsync(kind, onTrap),
    threads: core.threads,
  });
}
