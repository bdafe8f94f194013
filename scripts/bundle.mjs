// The glue minified, the wasm embedded, the result's fields, and the package's other module
// formats, made from the ES modules in js/:
//   - dist/mass_properties_wasm*.js: the Emscripten glue of each build (the full and the core
//     module, each with SIMD and without), minified in place (docs/size.md);
//   - dist/mass_properties_wasm*_embedded.js: each build's .wasm gzipped, in base64, as an ES
//     module: what init() compiles where the .wasm file cannot be reached (js/index.js);
//   - dist/result-fields.js: each result field's powers of length and mass, as the built module's
//     layout lists them (MASSPROPS_RESULT_FIELDS), for convertUnits (js/units.js), which runs
//     without the module (the command line's main thread formats what its workers measured);
//   - dist/layout-codec.js: the small calls' structs read and written by straight-line code made
//     from the built module's layouts (scripts/layout-codec.mjs);
// then with esbuild:
//   - CommonJS, for `require()` (Node 18+, Jest's default configuration, CommonJS TypeScript):
//     every entry of package.json "exports" with a "require" condition gets the file it names,
//     bundled from the entry's "import" file, with its types copied as .d.cts;
//   - one classic-script build (IIFE, global `MassProperties`) for <script> tags and
//     importScripts() in classic workers: package.json "unpkg";
//   - mass-properties/worker's worker script as a classic script, for hosts that start classic
//     workers only: package.json "exports" "./classic-worker".
// package.json is the one list of what is built. Usage: node scripts/bundle.mjs (after the wasm build).
import { build, transform } from 'esbuild';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { layoutsHash } from '../js/layout.js';
import { builtLayouts, layoutCodecSource } from './layout-codec.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const pkg = JSON.parse(await readFile(path.join(ROOT, 'package.json'), 'utf8'));

for (const name of [
  'mass_properties_wasm',
  'mass_properties_wasm_scalar',
  'mass_properties_wasm_core',
  'mass_properties_wasm_core_scalar',
]) {
  // Emscripten 3.1.6 at -O3 strips whitespace but keeps every local name, and Debian's has no
  // closure compiler: minified, the glue is 6.4 KB gzipped instead of 8.5, for every host, bundled
  // or not. Properties and strings stay as they are (the wasm's imports are named by strings).
  const glue = path.join(ROOT, 'dist', `${name}.js`);
  const { code } = await transform(await readFile(glue, 'utf8'), { minify: true, format: 'esm', target: 'es2020' });
  await writeFile(glue, `// Emscripten's glue for dist/${name}.wasm, minified (scripts/bundle.mjs).\n${code}`);
  const base64 = gzipSync(await readFile(path.join(ROOT, 'dist', `${name}.wasm`)), { level: 9 }).toString('base64');
  await writeFile(
    path.join(ROOT, 'dist', `${name}_embedded.js`),
    `// dist/${name}.wasm, gzipped, in base64 (scripts/bundle.mjs).\nexport default '${base64}';\n`,
  );
}

const layoutsText = await builtLayouts(ROOT, 'mass_properties_wasm_scalar');
const dimensions = JSON.parse(layoutsText).MassProperties.fields.map(
  (field) => `  ${field.name}: Object.freeze([${field.dimension.join(', ')}]),`,
);
await writeFile(
  path.join(ROOT, 'dist', 'result-fields.js'),
  `// Each field of a result, in the core's order, with its powers of [length, mass]: the layout of
// the built module (MASSPROPS_RESULT_FIELDS, cpp/include/mass_properties/mass_properties.h),
// written by scripts/bundle.mjs. Generated: change the header and rebuild.
export const RESULT_DIMENSIONS = Object.freeze({
${dimensions.join('\n')}
});
`,
);

// A mesh's result and what the mesh and shape calls write (js/core/api.js).
await writeFile(
  path.join(ROOT, 'dist', 'layout-codec.js'),
  layoutCodecSource(layoutsText, layoutsHash(layoutsText), {
    read: ['MassProperties'],
    write: ['MeshView', 'MassOptions', 'MeshOptions'],
  }),
);

// The one-file builds load the full module at init() (js/core/load.js, ONE_FILE): the core
// module's glue and bytes would be dead weight in them.
const withoutCoreModule = {
  name: 'without-core-module',
  setup(b) {
    b.onResolve({ filter: /dist\/mass_properties_wasm_core/ }, (args) => ({ path: args.path, namespace: 'unused' }));
    b.onLoad({ filter: /.*/, namespace: 'unused' }, () => ({
      contents: "throw new Error('the one-file builds hold the full module only');",
    }));
  },
};

const COMMON = {
  plugins: [withoutCoreModule],
  bundle: true,
  platform: 'neutral',
  target: 'es2020',
  logLevel: 'warning',
  // three.js stays the user's own copy (an optional peer), as in the ES modules.
  external: ['three', 'three/*'],
  // No file to locate in one file: init() finds no import.meta.url and takes the embedded wasm.
  define: { 'import.meta.url': 'undefined' },
};

// Declarations for the CommonJS face: the same text, with relative imports naming .d.cts files.
async function copyTypes(from, to) {
  const text = await readFile(path.join(ROOT, from), 'utf8');
  const cts = text.replace(/(from\s+['"]\.{1,2}\/[^'"]+?)\.js(['"])/g, '$1.cjs$2');
  await mkdir(path.dirname(path.join(ROOT, to)), { recursive: true });
  await writeFile(path.join(ROOT, to), cts);
}

const builds = [];
for (const [subpath, target] of Object.entries(pkg.exports)) {
  const require = target?.require;
  if (!require) continue;
  const source = target.import?.default ?? target.import;
  builds.push(
    build({
      ...COMMON,
      entryPoints: [path.join(ROOT, source)],
      outfile: path.join(ROOT, require.default),
      format: 'cjs',
    }),
  );
  if (require.types && target.import.types) builds.push(copyTypes(target.import.types, require.types));
  // Types a .d.ts imports relatively must exist as .d.cts too.
  for (const imported of (await readFile(path.join(ROOT, target.import.types), 'utf8')).matchAll(
    /from\s+['"](\.{1,2}\/[^'"]+?)\.js['"]/g,
  )) {
    const from = path.join(path.dirname(target.import.types), `${imported[1]}.d.ts`);
    const to = path.join(path.dirname(require.types), `${imported[1]}.d.cts`);
    builds.push(copyTypes(from, to));
  }
  if (subpath === '.' && pkg.unpkg) {
    builds.push(
      build({
        ...COMMON,
        entryPoints: [path.join(ROOT, source)],
        outfile: path.join(ROOT, pkg.unpkg),
        format: 'iife',
        globalName: 'MassProperties',
        platform: 'browser',
      }),
    );
  }
}
// The worker script as a classic worker: createWorker({ worker: new Worker(url) }) drives it.
const classic = pkg.exports['./classic-worker'];
if (classic) {
  builds.push(
    build({
      ...COMMON,
      entryPoints: [path.join(ROOT, pkg.exports['./worker-thread'].default)],
      outfile: path.join(ROOT, classic),
      format: 'iife',
      platform: 'browser',
    }),
  );
}
await Promise.all(builds);
