// What the main entry costs a browser: js/index.js with its imports (as written, and minified as a
// production bundle ships them), the Emscripten glue and the .wasm of the core module that init()
// loads (docs/size.md), each gzipped -9 apart as a server sends them; the full module, which
// `mp.loadFull()` or the first call that needs it loads, apart; and the embedded copies a host
// without the files takes. The budgets, for the SIMD builds (what init() loads wherever
// WebAssembly SIMD runs), are docs/size.md's.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

import { buildSync } from 'esbuild';

/** Bytes (1000 a KB) of the main entry, minified and gzipped, with the SIMD core module: docs/size.md. */
export const MAIN_ENTRY_BUDGET = 72_000;
/** Bytes of the full SIMD module (glue and .wasm, gzipped) that mp.loadFull() fetches: docs/size.md. */
export const FULL_MODULE_BUDGET = 222_000;

export function packageSize(root) {
  const measure = (bytes) => ({ bytes: bytes.length, gzipBytes: gzipSync(bytes, { level: 9 }).length });
  const wrapper = (minify) =>
    measure(
      buildSync({
        entryPoints: [path.join(root, 'js/index.js')],
        bundle: true,
        minify,
        write: false,
        format: 'esm',
        platform: 'browser',
        // The glue and the .wasm are measured apart; the embedded copy is loaded only without the file.
        external: ['../../dist/mass_properties_wasm*'],
      }).outputFiles[0].contents,
    );
  const js = wrapper(false);
  const jsMinified = wrapper(true);
  const module = (name) => {
    const glue = measure(readFileSync(path.join(root, 'dist', `${name}.js`)));
    const wasm = measure(readFileSync(path.join(root, 'dist', `${name}.wasm`)));
    const embedded = measure(readFileSync(path.join(root, 'dist', `${name}_embedded.js`)));
    return { glue, wasm, embedded, gzipBytes: glue.gzipBytes + wasm.gzipBytes };
  };
  // The main entry with one build's core module, and that build's full module beside it.
  const size = (core, full) => {
    const parts = { core: module(core), full: module(full) };
    return {
      ...parts,
      totalGzipBytes: js.gzipBytes + parts.core.gzipBytes,
      totalMinifiedGzipBytes: jsMinified.gzipBytes + parts.core.gzipBytes,
    };
  };
  // The threaded core, fetched instead of the SIMD core only where it is used (Node, pages and
  // workers that are cross-origin isolated): its glue, its threads' script and its .wasm.
  const threaded = (name) => {
    const read = (file) => measure(readFileSync(path.join(root, 'dist', file)));
    const parts = { glue: read(`${name}.js`), worker: read(`${name}.worker.js`), wasm: read(`${name}.wasm`) };
    return { ...parts, gzipBytes: parts.glue.gzipBytes + parts.worker.gzipBytes + parts.wasm.gzipBytes };
  };
  return {
    js,
    jsMinified,
    threads: threaded('mass_properties_wasm_core_threads'),
    simd: size('mass_properties_wasm_core', 'mass_properties_wasm'),
    scalar: size('mass_properties_wasm_core_scalar', 'mass_properties_wasm_scalar'),
  };
}

/**
 * One line: the main entry's gzipped size against the budget, and its parts; the full module's;
 * the threaded core's.
 */
export function sizeLine(size) {
  const kb = (bytes) => `${(bytes / 1000).toFixed(1)} KB`;
  const { jsMinified, simd, threads } = size;
  return (
    `main entry, gzipped: ${kb(simd.totalMinifiedGzipBytes)} (budget ${kb(MAIN_ENTRY_BUDGET)}): ` +
    `JavaScript ${kb(jsMinified.gzipBytes)} + glue ${kb(simd.core.glue.gzipBytes)} + ` +
    `SIMD core .wasm ${kb(simd.core.wasm.gzipBytes)}; full module on first use: ${kb(simd.full.gzipBytes)} ` +
    `(budget ${kb(FULL_MODULE_BUDGET)}); threaded core where used: ${kb(threads.gzipBytes)}`
  );
}
