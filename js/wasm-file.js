// Compiles the module's .wasm from where the package's own files are: read from disk in Node
// (whose fetch cannot read file: URLs), else fetched, and compiled while it downloads where the
// server says application/wasm (browsers, workers, bundles whose bundler emitted it as an asset).
export async function compileFile(url) {
  if (url.protocol === 'file:') {
    // A name bundlers leave alone: browser builds never reach this line, and must not bundle fs.
    const fs = 'node:fs/promises';
    const { readFile } = await import(/* webpackIgnore: true */ /* @vite-ignore */ fs);
    return WebAssembly.compile(await readFile(url));
  }
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  const streaming = response.headers.get('content-type')?.startsWith('application/wasm');
  if (streaming && typeof WebAssembly.compileStreaming === 'function') return WebAssembly.compileStreaming(response);
  return WebAssembly.compile(await response.arrayBuffer());
}
