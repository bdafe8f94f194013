// Loading the WebAssembly module: which build (SIMD or scalar), from its .wasm file or the same
// bytes embedded, instantiated through the Emscripten glue; then the module's functions over it.
import { MassPropertiesError, fail, typeName } from '../errors.js';
import { compileFile } from '../wasm-file.js';
import { createModule } from './api.js';
import { GLUES } from './glue.js';

let ready = null;

/**
 * Loads the WebAssembly module once (its .wasm beside the package's files, or the same bytes
 * embedded where that file cannot be reached, so this works the same in Node, browsers, workers
 * and bundlers). Later calls return the same promise; a failure arrives as a rejected promise
 * with a MassPropertiesError, and the next call tries again. `{ wasmModule }` is the package's
 * .wasm ('mass-properties/wasm') already compiled, for runtimes that compile no bytes at run
 * time (Cloudflare's workerd imports a .wasm as a WebAssembly.Module).
 */
export function init(options) {
  if (!ready) {
    const loading = (async () => load(readInitOptions(options)))();
    ready = loading;
    loading.catch(() => {
      if (ready === loading) ready = null;
    });
  }
  return ready;
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

function readInitOptions(options) {
  if (options === undefined) return {};
  if (options === null || typeof options !== 'object')
    fail('INVALID_OPTIONS', `init options must be an object, got ${typeName(options)}`);
  for (const key of Object.keys(options))
    if (key !== 'wasmModule') fail('INVALID_OPTIONS', `unknown init option '${key}'`);
  if (options.wasmModule !== undefined && !(options.wasmModule instanceof WebAssembly.Module))
    fail('INVALID_OPTIONS', `init option wasmModule must be a WebAssembly.Module, got ${typeName(options.wasmModule)}`);
  return options;
}

// The two builds: the Emscripten glue (an ES module) and its .wasm bytes embedded gzipped in
// base64 (scripts/bundle.mjs) from ./glue.js, and the .wasm file. Literal import()s and new
// URL()s, so that bundlers see them: Vite and webpack emit the .wasm as an asset and split out
// what is not loaded.
const BUILDS = {
  simd: { ...GLUES.simd, file: () => new URL('../../dist/mass_properties_wasm.wasm', import.meta.url) },
  scalar: { ...GLUES.scalar, file: () => new URL('../../dist/mass_properties_wasm_scalar.wasm', import.meta.url) },
};

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

async function load({ wasmModule }) {
  let wasm;
  // A given module is the SIMD build's .wasm or the scalar one's: their glues are the same.
  const kind = wasmModule ? 'given' : moduleKind();
  try {
    const build = BUILDS[wasmModule ? 'simd' : kind];
    const [glue, compiled] = await Promise.all([build.glue(), wasmModule ?? compile(build)]);
    // The glue instantiates nothing itself: it hands over its imports, and is ready once the
    // instance is back. A failure there would leave its promise pending, so it is raced.
    let failed;
    const failure = new Promise((resolve, reject) => (failed = reject));
    wasm = await Promise.race([
      glue.default({
        locateFile: (file) => file, // never used; keeps 3.1.6's glue from building a URL of its own
        instantiateWasm(imports, receive) {
          WebAssembly.instantiate(compiled, imports).then((instance) => receive(instance, compiled), failed);
          return {};
        },
      }),
      failure,
    ]);
    wasm.kind = kind;
  } catch (error) {
    throw new MassPropertiesError('INTERNAL', `could not load the WebAssembly module: ${error?.message ?? error}`);
  }
  return createModule(wasm, () => {
    ready = null; // a module that trapped is dropped: the next init() makes a fresh one
  });
}
