// What the main entry costs a browser: js/index.js with its imports (as written, and minified as a
// production bundle ships them), the Emscripten glue and the .wasm of one build, each gzipped -9
// apart as a server sends them; and the embedded copy a host without the file takes. The budget
// for the SIMD build (what init() loads wherever WebAssembly SIMD runs) is docs/size.md's.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

import { buildSync } from 'esbuild';

/** Bytes (1000 a KB) of the main entry, minified and gzipped, with the SIMD build: docs/size.md. */
export const MAIN_ENTRY_BUDGET = 222_000;

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
  const size = (name) => {
    const glue = measure(readFileSync(path.join(root, 'dist', `${name}.js`)));
    const wasm = measure(readFileSync(path.join(root, 'dist', `${name}.wasm`)));
    const embedded = measure(readFileSync(path.join(root, 'dist', `${name}_embedded.js`)));
    return {
      glue,
      wasm,
      embedded,
      totalGzipBytes: js.gzipBytes + glue.gzipBytes + wasm.gzipBytes,
      totalMinifiedGzipBytes: jsMinified.gzipBytes + glue.gzipBytes + wasm.gzipBytes,
    };
  };
  return { js, jsMinified, simd: size('mass_properties_wasm'), scalar: size('mass_properties_wasm_scalar') };
}

/** One line: the main entry's gzipped size against the budget, and its parts. */
export function sizeLine(size) {
  const kb = (bytes) => `${(bytes / 1000).toFixed(1)} KB`;
  const { jsMinified, simd } = size;
  return (
    `main entry, gzipped: ${kb(simd.totalMinifiedGzipBytes)} (budget ${kb(MAIN_ENTRY_BUDGET)}): ` +
    `JavaScript ${kb(jsMinified.gzipBytes)} + glue ${kb(simd.glue.gzipBytes)} + SIMD .wasm ${kb(simd.wasm.gzipBytes)}`
  );
}
