// Loading the WebAssembly module: which build (SIMD or scalar), from its .wasm file or the same
// bytes embedded, instantiated through the Emscripten glue; then the module's functions over it.
import { MassPropertiesError } from '../errors.js';
import { compileFile } from '../wasm-file.js';
import { createModule } from './api.js';

let ready = null;

/**
 * Loads the WebAssembly module once (its .wasm beside the package's files, or the same bytes
 * embedded where that file cannot be reached, so this works the same in Node, browsers, workers
 * and bundlers). Later calls return the same promise; a failure arrives as a rejected promise
 * with a MassPropertiesError, and the next call tries again.
 */
export function init() {
  if (!ready) {
    const loading = load();
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
  const forced = globalThis.process?.env?.MASS_PROPERTIES_WASM;
  if (forced === 'scalar' || forced === 'simd') return forced;
  try {
    return WebAssembly.validate(SIMD_PROBE) ? 'simd' : 'scalar';
  } catch {
    return 'scalar';
  }
}

// The two builds: the Emscripten glue (an ES module), its .wasm, and the same bytes gzipped in
// base64 (scripts/bundle.mjs). Literal import()s and new URL()s, so that bundlers see them: Vite
// and webpack emit the .wasm as an asset and split out what is not loaded.
const BUILDS = {
  simd: {
    glue: () => import('../../dist/mass_properties_wasm.js'),
    file: () => new URL('../../dist/mass_properties_wasm.wasm', import.meta.url),
    embedded: () => import('../../dist/mass_properties_wasm_embedded.js'),
  },
  scalar: {
    glue: () => import('../../dist/mass_properties_wasm_scalar.js'),
    file: () => new URL('../../dist/mass_properties_wasm_scalar.wasm', import.meta.url),
    embedded: () => import('../../dist/mass_properties_wasm_scalar_embedded.js'),
  },
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

async function load() {
  let wasm;
  const kind = moduleKind();
  try {
    const build = BUILDS[kind];
    const [glue, compiled] = await Promise.all([build.glue(), compile(build)]);
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
