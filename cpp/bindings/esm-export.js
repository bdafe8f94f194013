// Appended by emcc (--extern-post-js) after the MODULARIZE factory: it turns the classic glue into
// an ES module. Emscripten 3.1.6's own EXPORT_ES6 output uses __dirname, which breaks in Node ESM.
/* global createMassPropertiesModule -- defined by the glue this file is appended to */
export default createMassPropertiesModule;
