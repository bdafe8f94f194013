// What js/core/load.js needs of the generated Emscripten glue (dist/, not checked by tsc).

/** The module the glue resolves to: the core's exported functions and its memory. */
export interface WasmModule {
  HEAPU8: Uint8Array;
  HEAPU32: Uint32Array;
  HEAPF32: Float32Array;
  HEAPF64: Float64Array;
  /** Which build was loaded ('threads', 'simd', 'scalar', or 'given' for init({ wasmModule })). */
  kind?: string;
  /** The threads its mesh paths share (1: a single-thread build). */
  threads?: number;
  [name: string]: unknown;
}

/** The options load.js passes to the glue's factory. */
export interface GlueOverrides {
  locateFile(file: string): string;
  instantiateWasm(
    imports: WebAssembly.Imports,
    receive: (instance: WebAssembly.Instance, module: WebAssembly.Module) => void,
  ): object;
}

export interface Build {
  /** The glue: an ES module whose default export makes the module. */
  glue(): Promise<{ default: (overrides: GlueOverrides) => Promise<WasmModule> }>;
  /** The .wasm gzipped, in base64 (scripts/bundle.mjs). */
  embedded(): Promise<{ default: string }>;
}

/** The threaded build's glue: the Worker class its threads are made of can be handed in. */
export interface ThreadedBuild {
  glue(): Promise<{
    default: (overrides: GlueOverrides & { pthreadPoolSize: number }) => Promise<WasmModule>;
    useWorker(constructor: new (url: string) => object): void;
  }>;
}

export const GLUES: {
  core: { simd: Build; scalar: Build; threads: ThreadedBuild };
  full: { simd: Build; scalar: Build };
};
