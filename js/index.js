// mass-properties: the JavaScript face of the WebAssembly core.
// Reads arguments the way users write them, hands the core plain numbers and memory it owns,
// and turns its status codes into MassPropertiesError. The rules (what is physical, how holes
// subtract, what a mesh needs in memory, every default) live in the core.
import {
  checkParts,
  copyInto,
  denseArray,
  readVector,
  typedArrayByteLengthOf,
  typedArrayKind,
  typedArrayLengthOf,
} from './arrays.js';
import { MassPropertiesError, fail, isMassPropertiesError, typeName } from './errors.js';
import { createCodec } from './layout.js';
import { readOptions } from './options.js';
import { checkShellThickness, metresPer } from './units.js';
import { compileFile } from './wasm-file.js';

export { MassPropertiesError } from './errors.js';
export { measureParts } from './parts.js';
export { equivalentBox, equivalentEllipsoid, inertiaPerUnitMass, isSolid, radiiOfGyration } from './derived.js';
export {
  LENGTH_UNITS,
  MASS_UNITS,
  MASS_UNIT_OF_LENGTH,
  convertUnits,
  lengthUnitName,
  shellThicknessProblem,
} from './units.js';
export { largestSide, unitsHint } from './units-hint.js';
export { MATERIALS } from './materials.js';
export { describeDiagnostics } from './describe.js';
export { MODEL_FORMATS, modelFormatOf } from './formats.js';

let ready = null;

/**
 * Loads the WebAssembly module once (its .wasm beside the package's files, or the same bytes
 * embedded where that file cannot be reached, so this works the same in Node, browsers, workers
 * and bundlers). Later calls return the same promise; a failure arrives as a rejected promise
 * with a MassPropertiesError, and the next call tries again. `{ wasmModule }` is the package's
 * .wasm ('mass-properties/wasm') already compiled, for runtimes that compile no bytes at run
 * time (Cloudflare's workerd imports a .wasm as a WebAssembly.Module).
 */
export function init(options) {
  if (!ready) {
    const loading = (async () => load(readInitOptions(options)))();
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
  const forced = environment('MASS_PROPERTIES_WASM');
  if (forced === 'scalar' || forced === 'simd') return forced;
  try {
    return WebAssembly.validate(SIMD_PROBE) ? 'simd' : 'scalar';
  } catch {
    return 'scalar';
  }
}

// Deno without --allow-env throws on reading process.env: that is no reason to fail.
function environment(name) {
  try {
    return globalThis.process?.env?.[name];
  } catch {
    return undefined;
  }
}

function readInitOptions(options) {
  if (options === undefined) return {};
  if (options === null || typeof options !== 'object')
    fail('INVALID_OPTIONS', `init options must be an object, got ${typeName(options)}`);
  for (const key of Object.keys(options))
    if (key !== 'wasmModule') fail('INVALID_OPTIONS', `unknown init option '${key}'`);
  if (options.wasmModule !== undefined && !(options.wasmModule instanceof WebAssembly.Module))
    fail('INVALID_OPTIONS', `init option wasmModule must be a WebAssembly.Module, got ${typeName(options.wasmModule)}`);
  return options;
}

// The two builds: the Emscripten glue (an ES module), its .wasm, and the same bytes gzipped in
// base64 (scripts/bundle.mjs). Literal import()s and new URL()s, so that bundlers see them: Vite
// and webpack emit the .wasm as an asset and split out what is not loaded.
const BUILDS = {
  simd: {
    glue: () => import('../dist/mass_properties_wasm.js'),
    file: () => new URL('../dist/mass_properties_wasm.wasm', import.meta.url),
    embedded: () => import('../dist/mass_properties_wasm_embedded.js'),
  },
  scalar: {
    glue: () => import('../dist/mass_properties_wasm_scalar.js'),
    file: () => new URL('../dist/mass_properties_wasm_scalar.wasm', import.meta.url),
    embedded: () => import('../dist/mass_properties_wasm_scalar_embedded.js'),
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

async function load({ wasmModule }) {
  let wasm;
  // A given module is the SIMD build's .wasm or the scalar one's: their glues are the same.
  const kind = wasmModule ? 'given' : moduleKind();
  try {
    const build = BUILDS[wasmModule ? 'simd' : kind];
    const [glue, compiled] = await Promise.all([build.glue(), wasmModule ?? compile(build)]);
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

// The core writes each number of a message as its 64 bits in hex between two U+E000 marks
// (cpp/bindings/format_number.cpp); JavaScript writes the number (and -0 as -0: a sign that was
// refused must show).
const NUMBER_MARK = /\uE000([0-9a-f]{8})([0-9a-f]{8})\uE000/g;
const numberBits = new DataView(new ArrayBuffer(8));
function withNumbers(message) {
  return message.replace(NUMBER_MARK, (mark, high, low) => {
    numberBits.setUint32(0, parseInt(high, 16));
    numberBits.setUint32(4, parseInt(low, 16));
    const number = numberBits.getFloat64(0);
    return Object.is(number, -0) ? '-0' : String(number);
  });
}

const POSITION_TYPES = { Float32Array: 'Float32', Float64Array: 'Float64' };
const INDEX_TYPES = { Uint8Array: 'Uint8', Uint16Array: 'Uint16', Uint32Array: 'Uint32' };
const HEAP_VIEWS = {
  Float32: Float32Array,
  Float64: Float64Array,
  Uint8: Uint8Array,
  Uint16: Uint16Array,
  Uint32: Uint32Array,
};
const MASS_KEYS = ['density', 'mass', 'units'];
const MESH_KEYS = ['density', 'mass', 'mode', 'thickness', 'weld', 'units', 'check'];
const INSPECT_KEYS = ['weld'];
const WELD_KEYS = ['distance', 'relative'];
const MODES = { solid: 'Solid', shell: 'Shell', convex: 'Convex' };
const TRANSFORM_KEYS = ['position', 'quaternion', 'scale'];
const POLYGON_KEYS = ['density', 'mass', 'holes'];
const TRANSFORM_2D_KEYS = ['position', 'angle'];
const SPIN_KEYS = ['principalMoments', 'angularVelocity', 'orientation', 'duration', 'timeStep'];
// Memory the module keeps for itself beyond a call's arrays (its code, stack and statics).
const HEAP_RESERVE = 256 * 2 ** 20;

function checkNumber(value, name, code) {
  if (typeof value !== 'number') fail(code, `${name} must be a number, got ${typeName(value)}`);
  return value;
}

// An [x, y] array or typed array, or an {x, y} object such as planck's Vec2 or three's Vector2.
function readVector2(value, name, code) {
  const xy = value !== null && typeof value === 'object' && !Array.isArray(value) && !ArrayBuffer.isView(value);
  return readVector(xy && 'x' in value ? [value.x, value.y] : value, 2, name, code);
}

// A ring of x, y pairs; the hint shows how to flatten what 2-D engines hand out.
function polygonRingKind(ring, name) {
  const hint =
    Array.isArray(ring) && ring[0] !== null && typeof ring[0] === 'object'
      ? 'flatten it: Float64Array.from(points.flatMap((p) => [p.x, p.y]))'
      : 'wrap it: new Float64Array(points)';
  return typedArrayKind(ring, POSITION_TYPES, name, 'a Float32Array or Float64Array of x, y pairs', hint);
}

// A closed UV sphere, one vertex per pole: 2 slices (stacks - 1) triangles (the warm-up's mesh).
function sphereMesh(slices, stacks) {
  const last = 1 + slices * (stacks - 1);
  const positions = new Float32Array(3 * (last + 1));
  const indices = new Uint32Array(6 * slices * (stacks - 1));
  const ring = (i, j) => 1 + (i - 1) * slices + (j % slices);
  positions.set([0, 1, 0], 0);
  positions.set([0, -1, 0], 3 * last);
  for (let i = 1; i < stacks; ++i) {
    for (let j = 0; j < slices; ++j) {
      const [theta, phi] = [(Math.PI * i) / stacks, (2 * Math.PI * j) / slices];
      positions.set(
        [Math.sin(theta) * Math.sin(phi), Math.cos(theta), Math.sin(theta) * Math.cos(phi)],
        3 * ring(i, j),
      );
    }
  }
  let t = 0;
  const add = (...corners) => {
    indices.set(corners, t);
    t += corners.length;
  };
  for (let j = 0; j < slices; ++j) {
    add(0, ring(1, j), ring(1, j + 1));
    for (let i = 1; i < stacks - 1; ++i) {
      add(ring(i, j), ring(i + 1, j), ring(i + 1, j + 1), ring(i, j), ring(i + 1, j + 1), ring(i, j + 1));
    }
    add(last, ring(stacks - 1, j + 1), ring(stacks - 1, j));
  }
  return [positions, indices];
}

function createModule(wasm, onTrap) {
  const codes = wasm._statusCodes().split(' ');
  const codec = createCodec(wasm._layouts(), () => wasm.HEAPU8.buffer);
  const slots = JSON.parse(wasm._slots());
  const heapLimit = wasm._heapMax() - HEAP_RESERVE;
  // The core's defaults, read before any call has written the input slots (duration has none).
  const spinDefaults = {
    orientation: codec.read('SpinState', slots.SpinState).orientation,
    timeStep: codec.read('SpinOptions', slots.SpinOptions).timeStep,
  };
  let trapped = null;

  // Runs a raw binding; a non-zero status becomes a MassPropertiesError with the core's message.
  function run(raw, ...args) {
    if (trapped) fail('INTERNAL', `the module failed earlier (${trapped}); call init() again for a fresh one`);
    let status;
    try {
      status = raw(...args);
    } catch (error) {
      trapped = String(error?.message ?? error);
      onTrap();
      fail('INTERNAL', `the WebAssembly module failed: ${trapped}; call init() again for a fresh one`);
    }
    if (status !== 0) fail(codes[status], withNumbers(wasm._message()));
  }

  function tooLarge(what, bytes) {
    fail(
      'MESH_TOO_LARGE',
      `${what} needs about ${(bytes / 2 ** 30).toFixed(2)} GiB of WebAssembly memory; ` +
        `at most ${(heapLimit / 2 ** 30).toFixed(2)} GiB fit: measure it in parts and combine them`,
    );
  }

  // Memory of the module for one call, released whatever happens.
  function withMemory(bytes, what, use) {
    const address = bytes <= heapLimit ? wasm._allocate(bytes) : 0;
    if (address === 0) tooLarge(what, bytes);
    try {
      return use(address);
    } finally {
      wasm._release(address);
    }
  }

  // [given, value] of { density } or { mass }, from options already read.
  function massArgs(o) {
    if (o.mass !== undefined && o.density !== undefined)
      fail('INVALID_OPTIONS', 'give either density or mass, not both');
    if (o.mass !== undefined) return [wasm.MassGiven.Mass, checkNumber(o.mass, 'mass', 'INVALID_MASS')];
    return [wasm.MassGiven.Density, checkNumber(o.density === undefined ? 1 : o.density, 'density', 'INVALID_DENSITY')];
  }

  // The mass arguments for a body measured in coordinates `s` metres per unit and scaled to metres
  // afterwards: a density (kg/m³) is kept by the core's uniform scale, a mass must come out as given.
  function massArgsIn(o, s) {
    const [given, value] = massArgs(o);
    const valid = Number.isFinite(value) && value > 0; // else the core names the value as given
    return [given, given === wasm.MassGiven.Mass && valid ? value / (s * s * s) : value];
  }

  // Metres per unit of `options.units`; a shell's areal density has no volumetric SI form.
  function unitsOf(o) {
    const s = metresPer(o.units);
    checkShellThickness(o);
    return s;
  }

  // A result measured in the caller's coordinates, in metres: the core's transform by `s`. A
  // given mass comes back as given, not rounded through / s³ · s³.
  function inMetres(result, s, o) {
    if (s === 1) return result;
    codec.write('Body', slots.Body, bodyArgs(result, 'result'));
    codec.write('Transform', slots.Transform, { position: [0, 0, 0], quaternion: [0, 0, 0, 1], scale: [s, s, s] });
    run(wasm._transform);
    const out = measured();
    if (o.mass !== undefined) {
      out.mass = o.mass;
      out.density = o.mass / out.volume;
    }
    return out;
  }

  // [distance, relative] of `weld`: a distance, or { distance, relative } (relative to the mesh size).
  function weldArgs(weld) {
    if (weld === undefined) return [0, 0];
    if (typeof weld === 'number') return [weld, 0];
    const w = readOptions(weld, WELD_KEYS, 'options.weld');
    const number = (x, name) => (x === undefined ? 0 : checkNumber(x, `options.weld.${name}`, 'INVALID_OPTIONS'));
    return [number(w.distance, 'distance'), number(w.relative, 'relative')];
  }

  // The raw mesh options: mode, thickness and weld.
  function meshModeArgs(o) {
    const mode = o.mode === undefined ? 'solid' : o.mode;
    if (!Object.hasOwn(MODES, mode)) {
      fail(
        'INVALID_OPTIONS',
        `options.mode must be 'solid', 'shell' or 'convex', got ${typeof mode === 'string' ? `'${mode}'` : typeName(mode)}`,
      );
    }
    const thickness = o.thickness === undefined ? 0 : checkNumber(o.thickness, 'options.thickness', 'INVALID_OPTIONS');
    return [wasm.MeshMode[MODES[mode]], thickness, ...weldArgs(o.weld)];
  }

  // Copies the mesh into module memory and calls `use(meshArgs)` with the raw mesh arguments.
  function withMesh(positions, indices, use, call = 'mesh') {
    skipWarmUp();
    const scalar = typedArrayKind(
      positions,
      POSITION_TYPES,
      'positions',
      'a Float32Array or Float64Array',
      'wrap it: new Float64Array(positions)',
    );
    const indexed = indices !== null && indices !== undefined;
    if (indexed && typeof indices === 'object' && !ArrayBuffer.isView(indices) && !Array.isArray(indices)) {
      fail(
        'INVALID_TYPE',
        `indices must be a Uint32Array, Uint16Array, Uint8Array, null or undefined, got ${typeName(indices)}` +
          ` (did you mean mp.${call}(positions, null, options)?)`,
      );
    }
    const index = indexed
      ? typedArrayKind(
          indices,
          INDEX_TYPES,
          'indices',
          'a Uint32Array, Uint16Array, Uint8Array, null or undefined',
          'wrap it: new Uint32Array(indices)',
        )
      : 'None';
    const positionCount = typedArrayLengthOf(positions);
    const indexCount = indexed ? typedArrayLengthOf(indices) : 0;
    const positionBytes = typedArrayByteLengthOf(positions);
    const indexBytes = indexed ? typedArrayByteLengthOf(indices) : 0;
    const vertices = Math.floor(positionCount / 3);
    const corners = indexed ? indexCount : vertices;
    const indexStart = Math.ceil(positionBytes / 8) * 8;
    const what = `a mesh of ${vertices} vertices and ${Math.floor(corners / 3)} triangles`;
    const bytes = indexStart + indexBytes + wasm._meshWorkingBytes(vertices, corners);
    if (bytes > heapLimit) tooLarge(what, bytes);
    // One block: the positions, then the indices; the core's scratch is counted, not allocated here.
    return withMemory(indexStart + indexBytes + 8, what, (address) => {
      const buffer = wasm.HEAPU8.buffer;
      copyInto(new HEAP_VIEWS[scalar](buffer, address, positionCount), positions);
      if (indexed) copyInto(new HEAP_VIEWS[index](buffer, address + indexStart, indexCount), indices);
      return use([
        address,
        positionCount,
        wasm.ScalarType[scalar],
        address + indexStart,
        indexCount,
        wasm.IndexType[index],
      ]);
    });
  }

  // What the core needs of a body, checked and named; a hole's signs are the core's business.
  function bodyArgs(body, name) {
    if (body === null || typeof body !== 'object') {
      fail('INVALID_BODY', `${name} must be a mass-properties result, got ${typeName(body)}`);
    }
    const number = (key) => checkNumber(body[key], `${name}.${key}`, 'INVALID_BODY');
    const known =
      typeof body.surfaceArea === 'number' && body.surfaceCentroid !== null && body.surfaceCentroid !== undefined;
    const diagnostics = body.diagnostics;
    return {
      mass: number('mass'),
      volume: number('volume'),
      centerOfMass: readVector(body.centerOfMass, 3, `${name}.centerOfMass`, 'INVALID_BODY'),
      inertia: readVector(body.inertia, 9, `${name}.inertia`, 'INVALID_BODY'),
      surfaceArea: known ? number('surfaceArea') : NaN,
      surfaceCentroid: known
        ? readVector(body.surfaceCentroid, 3, `${name}.surfaceCentroid`, 'INVALID_BODY')
        : [NaN, NaN, NaN],
      diagnostics:
        diagnostics === null || diagnostics === undefined
          ? null
          : codec.check('Diagnostics', diagnostics, `${name}.diagnostics`, 'INVALID_BODY'),
      bounds:
        body.bounds === null || body.bounds === undefined
          ? null
          : {
              min: readVector(body.bounds.min, 3, `${name}.bounds.min`, 'INVALID_BODY'),
              max: readVector(body.bounds.max, 3, `${name}.bounds.max`, 'INVALID_BODY'),
            },
    };
  }

  // What transform2d and combine2d need of a 2-D body.
  function body2dArgs(body, name) {
    if (body === null || typeof body !== 'object') {
      fail('INVALID_BODY', `${name} must be a mp.polygon result, got ${typeName(body)}`);
    }
    return {
      mass: checkNumber(body.mass, `${name}.mass`, 'INVALID_BODY'),
      area: checkNumber(body.area, `${name}.area`, 'INVALID_BODY'),
      centroid: readVector2(body.centroid, `${name}.centroid`, 'INVALID_BODY'),
      inertia: readVector(body.inertia, 4, `${name}.inertia`, 'INVALID_BODY'),
    };
  }

  function measured2d() {
    return codec.read('MassProperties2D', slots.MassProperties2D);
  }

  function measured() {
    return codec.read('MassProperties', slots.MassProperties);
  }

  function shape(raw, dimensions, options) {
    const o = readOptions(options, MASS_KEYS, 'options');
    const s = unitsOf(o);
    const mass = massArgsIn(o, s);
    const sizes = dimensions.map(([value, name]) => checkNumber(value, name, 'INVALID_DIMENSION'));
    run(raw, ...sizes, ...mass);
    return inMetres(measured(), s, o);
  }

  const api = {
    /**
     * Mass properties of a triangle mesh (xyz positions, optional triangle indices): by default
     * the solid it bounds, repaired; `mode: 'shell'` or `'convex'` spread the mass otherwise.
     */
    mesh(positions, indices, options) {
      const o = readOptions(options, MESH_KEYS, 'options');
      const s = unitsOf(o);
      const args = [...massArgsIn(o, s), ...meshModeArgs(o)];
      if (o.check !== undefined && typeof o.check !== 'boolean')
        fail('INVALID_OPTIONS', `options.check must be a boolean, got ${typeName(o.check)}`);
      // check: false trusts the mesh to be closed: no welding, analysis, repair or diagnostics.
      const raw = o.check === false ? wasm._measureMeshTrusted : wasm._measureMesh;
      const result = withMesh(positions, indices, (mesh) => {
        run(raw, ...mesh, ...args);
        return measured();
      });
      return inMetres(result, s, o);
    },

    /** Only the surface diagnostics of a mesh (closed, winding, shells, what a repair would do), without integrating. */
    inspect(positions, indices, options) {
      const weld = weldArgs(readOptions(options, INSPECT_KEYS, 'options').weld);
      return withMesh(
        positions,
        indices,
        (mesh) => {
          run(wasm._inspectMesh, ...mesh, ...weld);
          return codec.read('Diagnostics', slots.Diagnostics);
        },
        'inspect',
      );
    },

    /**
     * The holes the solid mode closes, each as a Float64Array of the xyz positions of its boundary
     * loop in order (the cap is the fan from their mean): what a viewer draws to show the repair.
     */
    holes(positions, indices, options) {
      const weld = weldArgs(readOptions(options, INSPECT_KEYS, 'options').weld);
      return withMesh(
        positions,
        indices,
        (mesh) => {
          try {
            run(wasm._holeLoops, ...mesh, ...weld);
            const flat = new Float64Array(wasm.HEAPU8.buffer, wasm._loopBufferAddress(), wasm._loopBufferLength());
            const loops = [];
            for (let i = 0; i < flat.length; i += 1 + 3 * flat[i]) loops.push(flat.slice(i + 1, i + 1 + 3 * flat[i]));
            return loops;
          } finally {
            wasm._releaseLoopBuffer();
          }
        },
        'holes',
      );
    },

    box: (width, height, depth, options) =>
      shape(
        wasm._box,
        [
          [width, 'width'],
          [height, 'height'],
          [depth, 'depth'],
        ],
        options,
      ),
    sphere: (radius, options) => shape(wasm._sphere, [[radius, 'radius']], options),
    ellipsoid: (rx, ry, rz, options) =>
      shape(
        wasm._ellipsoid,
        [
          [rx, 'rx'],
          [ry, 'ry'],
          [rz, 'rz'],
        ],
        options,
      ),
    cylinder: (radius, height, options) =>
      shape(
        wasm._cylinder,
        [
          [radius, 'radius'],
          [height, 'height'],
        ],
        options,
      ),
    capsule: (radius, length, options) =>
      shape(
        wasm._capsule,
        [
          [radius, 'radius'],
          [length, 'length'],
        ],
        options,
      ),
    cone: (radius, height, options) =>
      shape(
        wasm._cone,
        [
          [radius, 'radius'],
          [height, 'height'],
        ],
        options,
      ),
    frustum: (radiusBottom, radiusTop, height, options) =>
      shape(
        wasm._frustum,
        [
          [radiusBottom, 'radiusBottom'],
          [radiusTop, 'radiusTop'],
          [height, 'height'],
        ],
        options,
      ),
    taperedCapsule: (radiusBottom, radiusTop, height, options) =>
      shape(
        wasm._taperedCapsule,
        [
          [radiusBottom, 'radiusBottom'],
          [radiusTop, 'radiusTop'],
          [height, 'height'],
        ],
        options,
      ),

    /** The same body placed in a parent frame: x' = R·S·x + p. */
    transform(body, transform) {
      const t = readOptions(transform, TRANSFORM_KEYS, 'transform', 'INVALID_TRANSFORM');
      const scale = typeof t.scale === 'number' ? [t.scale, t.scale, t.scale] : (t.scale ?? [1, 1, 1]);
      const placed = {
        position: readVector(t.position ?? [0, 0, 0], 3, 'transform.position', 'INVALID_TRANSFORM'),
        quaternion: readVector(t.quaternion ?? [0, 0, 0, 1], 4, 'transform.quaternion', 'INVALID_TRANSFORM'),
        scale: readVector(scale, 3, 'transform.scale', 'INVALID_TRANSFORM'),
      };
      codec.write('Body', slots.Body, bodyArgs(body, 'body'));
      codec.write('Transform', slots.Transform, placed);
      run(wasm._transform);
      return measured();
    },

    /**
     * The aggregate body of several parts. A hole is `{ body, subtract: true }`, or a part with
     * negative mass (its volume and tensor count negatively whichever sign they are given with).
     */
    combine(parts) {
      if (!Array.isArray(parts) || parts.length === 0)
        fail('INVALID_ARGUMENT', `combine needs a non-empty array of bodies, got ${typeName(parts)}`);
      const list = denseArray(checkParts(parts, 'parts', 'INVALID_BODY'));
      const encoded = list.map((part, k) => {
        const wrapped = part !== null && typeof part === 'object' && 'body' in part;
        const o = wrapped ? readOptions(part, ['body', 'subtract'], `parts[${k}]`) : null;
        if (wrapped && o.subtract !== undefined && typeof o.subtract !== 'boolean') {
          fail('INVALID_ARGUMENT', `parts[${k}].subtract must be a boolean, got ${typeName(o.subtract)}`);
        }
        return { body: bodyArgs(wrapped ? o.body : part, `parts[${k}]`), subtract: !!o?.subtract };
      });
      const size = codec.size('Part');
      return withMemory(size * encoded.length, `combining ${encoded.length} parts`, (address) => {
        encoded.forEach((part, k) => codec.write('Part', address + k * size, part));
        run(wasm._combine, address, encoded.length);
        return measured();
      });
    },

    /**
     * Area, mass, centroid and second moments of a polygon (x, y pairs, either winding) with
     * optional holes (rings subtracted whatever their winding); density is mass per unit area.
     */
    polygon(points, options) {
      const o = readOptions(options, POLYGON_KEYS, 'options');
      const mass = massArgs(o);
      if (o.holes !== undefined && !Array.isArray(o.holes)) {
        fail('INVALID_TYPE', `options.holes must be an array of rings (Float64Array), got ${typeName(o.holes)}`);
      }
      const rings = [points, ...denseArray(checkParts(o.holes ?? [], 'options.holes', 'INVALID_TYPE'))];
      rings.forEach((ring, r) => polygonRingKind(ring, r === 0 ? 'points' : `options.holes[${r - 1}]`));
      const lengths = rings.map((ring) => typedArrayLengthOf(ring));
      const doubles = lengths.reduce((n, k) => n + k, 0);
      const what = `a polygon of ${doubles / 2} points`;
      return withMemory(8 * doubles + 4 * rings.length + 8, what, (address) => {
        const buffer = wasm.HEAPU8.buffer;
        let offset = address;
        rings.forEach((ring, r) => {
          copyInto(new Float64Array(buffer, offset, lengths[r]), ring);
          offset += 8 * lengths[r];
        });
        new Uint32Array(buffer, offset, rings.length).set(lengths);
        run(wasm._measurePolygon, address, offset, rings.length, ...mass);
        return measured2d();
      });
    },

    /** A 2-D body placed in a parent frame: x′ = R(angle)·x + position (angle in radians, counter-clockwise). */
    transform2d(body, transform) {
      const t = readOptions(transform, TRANSFORM_2D_KEYS, 'transform', 'INVALID_TRANSFORM');
      const placed = {
        position: readVector2(t.position ?? [0, 0], 'transform.position', 'INVALID_TRANSFORM'),
        angle: checkNumber(t.angle ?? 0, 'transform.angle', 'INVALID_TRANSFORM'),
      };
      codec.write('Body2D', slots.Body2D, body2dArgs(body, 'body'));
      codec.write('Transform2D', slots.Transform2D, placed);
      run(wasm._transform2D);
      return measured2d();
    },

    /** The aggregate of several 2-D bodies; `{ body, subtract: true }` (or a negative mass) is a hole. */
    combine2d(parts) {
      if (!Array.isArray(parts) || parts.length === 0)
        fail('INVALID_ARGUMENT', `combine2d needs a non-empty array of bodies, got ${typeName(parts)}`);
      const list = denseArray(checkParts(parts, 'parts', 'INVALID_BODY'));
      const encoded = list.map((part, k) => {
        const wrapped = part !== null && typeof part === 'object' && 'body' in part;
        const o = wrapped ? readOptions(part, ['body', 'subtract'], `parts[${k}]`) : null;
        if (wrapped && o.subtract !== undefined && typeof o.subtract !== 'boolean') {
          fail('INVALID_ARGUMENT', `parts[${k}].subtract must be a boolean, got ${typeName(o.subtract)}`);
        }
        return { body: body2dArgs(wrapped ? o.body : part, `parts[${k}]`), subtract: !!o?.subtract };
      });
      const size = codec.size('Part2D');
      return withMemory(size * encoded.length, `combining ${encoded.length} parts`, (address) => {
        encoded.forEach((part, k) => codec.write('Part2D', address + k * size, part));
        run(wasm._combine2D, address, encoded.length);
        return measured2d();
      });
    },

    /** The inertia tensor about `point`, in axes rotated by `rotation` (a quaternion [x, y, z, w]). */
    inertiaAbout(body, point, rotation = [0, 0, 0, 1]) {
      const p = readVector(point, 3, 'point', 'INVALID_TRANSFORM');
      const q = readVector(rotation, 4, 'rotation', 'INVALID_TRANSFORM');
      codec.write('Body', slots.Body, bodyArgs(body, 'body'));
      run(wasm._inertiaAbout, ...p, ...q);
      return codec.read('Mat3', slots.Mat3).value;
    },

    /**
     * Torque-free rotation (Euler's equations) of a body with the given principal moments, advanced
     * by `duration` seconds from an orientation (principal frame → world) and a body-frame angular velocity.
     */
    simulateRotation(options) {
      if (options === null || typeof options !== 'object') {
        fail('INVALID_ARGUMENT', `simulateRotation needs an options object, got ${typeName(options)}`);
      }
      const o = { ...spinDefaults, ...readOptions(options, SPIN_KEYS, 'simulateRotation options', 'INVALID_ARGUMENT') };
      const moments = readVector(o.principalMoments, 3, 'principalMoments', 'INVALID_ARGUMENT');
      codec.write('SpinState', slots.SpinState, {
        orientation: readVector(o.orientation, 4, 'orientation', 'INVALID_ARGUMENT'),
        angularVelocity: readVector(o.angularVelocity, 3, 'angularVelocity', 'INVALID_ARGUMENT'),
      });
      codec.write('SpinOptions', slots.SpinOptions, {
        duration: checkNumber(o.duration, 'duration', 'INVALID_ARGUMENT'),
        timeStep: checkNumber(o.timeStep, 'timeStep', 'INVALID_ARGUMENT'),
      });
      run(wasm._simulateRotation, ...moments);
      return codec.read('Spin', slots.Spin);
    },
  };

  // V8 runs a wasm function in its baseline code until it has run for a while, then optimises it
  // on a background thread; a call in progress keeps the code it started with. So the first large
  // mesh would run wholly in baseline code, about twice as slow. Once init() has resolved, a task
  // of its own measures a 2,200-triangle sphere (about 15 ms, most of it the baseline compile the
  // first call pays anyway) so the mesh path's functions are optimised while the app goes on (loads
  // its model, say); skipped when the app measures a mesh first. Node does not wait for it to exit.
  const warm = () => {
    warmUp = null;
    try {
      api.mesh(...sphereMesh(48, 24));
    } catch {
      // nothing to do: the app's own calls report whatever is wrong
    }
  };
  let warmUp = typeof setTimeout === 'function' ? setTimeout(warm, 0) : null; // (worklets have none)
  warmUp?.unref?.();
  function skipWarmUp() {
    if (warmUp !== null) clearTimeout(warmUp);
    warmUp = null;
  }

  // Whatever a caller's getter or Proxy throws while its arguments are read becomes a typed error.
  const guarded = {};
  for (const [name, fn] of Object.entries(api)) {
    guarded[name] = function (...args) {
      try {
        return fn(...args);
      } catch (error) {
        if (isMassPropertiesError(error)) throw error;
        throw new MassPropertiesError(
          'INVALID_ARGUMENT',
          `${name}: reading an argument failed: ${error?.message ?? error}`,
        );
      }
    };
  }
  /** Every error code the library uses, in the core's order. */
  guarded.errorCodes = Object.freeze(codes.filter((c) => c !== 'OK'));
  // For tests: bytes the module's allocator holds, to prove failing calls leak nothing.
  Object.defineProperty(guarded, Symbol.for('mass-properties.heapInUse'), { value: () => wasm._heapInUse() });
  // For the benchmark: the module's memory (it grows, never shrinks) and which build is loaded.
  Object.defineProperty(guarded, Symbol.for('mass-properties.memoryBytes'), { value: () => wasm.HEAPU8.byteLength });
  Object.defineProperty(guarded, Symbol.for('mass-properties.moduleKind'), { value: wasm.kind });
  return Object.freeze(guarded);
}
