// Measures a fixed set of meshes with the build MASS_PROPERTIES_WASM names (simd or scalar) and
// prints every result (or error) as JSON, each number as its 64 bits in hex: what
// builds.test.js compares across the builds, bit for bit. With the argument 'core', the core
// module alone answers (docs/size.md): loaded as on a page, where the full one is not loaded within
// a call, so the meshes it cannot measure fail with FULL_MODULE_NOT_LOADED; else the full module.
import { init } from '../../../js/index.js';
import { icosphere, repairSphere, threeSphere } from '../../bench/meshes.mjs';
import { box, concat, deindex, flip, mapPositions, rng, toFloat32, torus, uvSphere } from './meshes.js';

const random = rng(7);
// A slender box: its long faces nearly pass through the reference point (the accurate determinant).
const needle = mapPositions(box(), [1e4, 0, 0, 0, 1e-3, 0, 0, 0, 1e-3], [-5e3, 0, 0]);
// Float32 positions with random digits, the triangles in shuffled order (an odd count).
const jitter = toFloat32(mapPositions(uvSphere(2, 61, 33), [1, 0.3, 0, 0, 1, 0.2, 0, 0, 1], [101, -7, 3]));
const order = Array.from({ length: jitter.indices.length / 3 }, (_, t) => t).sort(() => random() - 0.5);
const shuffled = {
  positions: jitter.positions,
  indices: Uint32Array.from(order.slice(1).flatMap((t) => [...jitter.indices.subarray(3 * t, 3 * t + 3)])),
};
const cases = {
  'icosphere 20k': [icosphere(32), {}],
  'icosphere 20k, check: false': [icosphere(32), { check: false }],
  'three.js sphere (seam copies)': [threeSphere(96, 48), {}],
  'sphere needing repair': [repairSphere(256, 129), {}],
  'torus, Float64': [torus(3, 1, 90, 40), {}],
  'torus, Float64, check: false': [torus(3, 1, 90, 40), { check: false }],
  'two spheres inside out, soup': [deindex(concat(flip(uvSphere(1, 40, 20)), uvSphere(0.5, 30, 15))), {}],
  'slender box': [needle, {}],
  // check: false's certificate refuses the plain determinants: the default's sums instead.
  'slender box, check: false': [needle, { check: false }],
  'shuffled sphere, open (odd count)': [shuffled, {}],
  // check: false's plain determinants, certified: Float32 with random digits, the last triangle alone.
  'shuffled sphere, open (odd count), check: false': [shuffled, { check: false }],
  'shuffled sphere, shell': [shuffled, { mode: 'shell' }],
};

const bits = new DataView(new ArrayBuffer(8));
const hex = (x) => {
  bits.setFloat64(0, x);
  return bits.getBigUint64(0).toString(16);
};
const encode = (value) =>
  typeof value === 'number'
    ? hex(value)
    : Array.isArray(value)
      ? value.map(encode)
      : value !== null && typeof value === 'object'
        ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, encode(v)]))
        : value;

// Shapes and bodies, which the core module measures too.
const bodies = (mp) => {
  const sphere = mp.sphere(0.7, { mass: 3 });
  const placed = mp.transform(mp.box(1, 2, 3), { position: [1, 2, 3], quaternion: [0.6, 0, 0, 0.8], scale: 2 });
  return {
    frustum: mp.frustum(1, 0.3, 2, { units: 'mm' }),
    combined: mp.combine([placed, { body: sphere, subtract: true }, mp.taperedCapsule(0.5, 0.2, 1)]),
    inertiaAbout: mp.inertiaAbout(placed, [1, 1, 1], [0, 0.6, 0, 0.8]),
  };
};

let mp;
if (process.argv[2] === 'core') {
  // No process.versions.node while init() prepares: the host of a page's main thread.
  const real = globalThis.process;
  globalThis.process = /** @type {any} */ ({ env: real.env, versions: {} });
  mp = await init();
  globalThis.process = real;
} else {
  mp = await init({ parts: 'full' });
}
const out = { kind: mp[Symbol.for('mass-properties.moduleKind')], results: {} };
for (const [name, [{ positions, indices }, options]] of Object.entries(cases)) {
  try {
    out.results[name] = encode(mp.mesh(positions, indices, options));
  } catch (error) {
    out.results[name] = { error: error.code };
  }
}
out.results.bodies = encode(bodies(mp));
out.parts = mp[Symbol.for('mass-properties.loadedParts')];
console.log(JSON.stringify(out));
