// The Emscripten glue of the two builds and their embedded bytes, as literal import()s so that
// bundlers see them. Kept apart from load.js so that tsc reads ./glue.d.ts (what load.js needs
// of the generated code) instead of checking the generated code itself.
export const GLUES = {
  simd: {
    glue: () => import('../../dist/mass_properties_wasm.js'),
    embedded: () => import('../../dist/mass_properties_wasm_embedded.js'),
  },
  scalar: {
    glue: () => import('../../dist/mass_properties_wasm_scalar.js'),
    embedded: () => import('../../dist/mass_properties_wasm_scalar_embedded.js'),
  },
};
