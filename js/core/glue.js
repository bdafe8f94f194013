// The Emscripten glue of the five builds and their embedded bytes, as literal import()s so that
// bundlers see them. Kept apart from load.js so that tsc reads ./glue.d.ts (what load.js needs
// of the generated code) instead of checking the generated code itself. `core` is the small
// module init() loads first, `full` the one with everything (docs/size.md), each with WebAssembly
// SIMD and without; the core also with threads (./threads.js).
export const GLUES = {
  core: {
    simd: {
      glue: () => import('../../dist/mass_properties_wasm_core.js'),
      embedded: () => import('../../dist/mass_properties_wasm_core_embedded.js'),
    },
    scalar: {
      glue: () => import('../../dist/mass_properties_wasm_core_scalar.js'),
      embedded: () => import('../../dist/mass_properties_wasm_core_scalar_embedded.js'),
    },
    // The threaded core is loaded from its files only (its threads load the glue by its URL).
    threads: {
      glue: () => import('../../dist/mass_properties_wasm_core_threads.js'),
    },
  },
  full: {
    simd: {
      glue: () => import('../../dist/mass_properties_wasm.js'),
      embedded: () => import('../../dist/mass_properties_wasm_embedded.js'),
    },
    scalar: {
      glue: () => import('../../dist/mass_properties_wasm_scalar.js'),
      embedded: () => import('../../dist/mass_properties_wasm_scalar_embedded.js'),
    },
  },
};
