// The threaded core module (init() in Node, unless told otherwise) against the single-thread
// builds: the same results bit for bit on meshes large enough that the proof, the weld and the
// integration are shared among the threads, and the options that choose between them. Calls the
// core cannot answer (an open mesh, a shell) go on to the full module, which is single-thread.
import { deindex, uvSphere } from './helpers/meshes.js';
import { shuffled } from './helpers/winding-meshes.js';

// Fresh copies of the package's loader (init() keeps its first module): one per build.
let copies = 0;
const freshInit = async () => (await import(`../../js/core/load.js?threads-copy=${++copies}`)).init;

const kind = (mp) => mp[Symbol.for('mass-properties.moduleKind')];
const threadsOf = (mp) => mp[Symbol.for('mass-properties.threads')];

// A 300 × 150 UV sphere: 45 000 vertices and 90 000 triangles, several parts of every step.
const sphere = uvSphere(1.5, 300, 150);

// An open sphere: the first ring of triangles (around one pole) left out; the default call caps it.
function open({ positions, indices }) {
  return { positions, indices: indices.slice(3 * 300) };
}

const forced = process.env.MASS_PROPERTIES_WASM; // CI's scalar run: no threaded build then
let single;
let threaded;
let threadedFull;
beforeAll(async () => {
  single = await (await freshInit())({ threads: false, parts: 'full' });
  threaded = await (await freshInit())({ threads: 3 });
  threadedFull = await (await freshInit())({ threads: 2, parts: 'full' });
});

test('init() loads the threaded core in Node with the threads asked for, and a single-thread one with threads: false', () => {
  expect(kind(threaded)).toBe(forced ?? 'threads');
  expect(threadsOf(threaded)).toBe(forced ? 1 : 3);
  expect(kind(single)).toBe(forced === 'scalar' ? 'scalar' : 'simd');
  expect(threadsOf(single)).toBe(1);
  expect(single[Symbol.for('mass-properties.loadedParts')]).toBe('full');
});

test("with parts: 'full' and threads, the threaded core is loaded beside the full module and answers first", () => {
  expect(threadedFull[Symbol.for('mass-properties.loadedParts')]).toBe(forced ? 'full' : 'core+full');
  expect(threadsOf(threadedFull)).toBe(forced ? 1 : 2);
  expect(threadedFull.mesh(sphere.positions, sphere.indices)).toEqual(single.mesh(sphere.positions, sphere.indices));
});

test.each([
  ['a clean sphere', sphere, {}],
  ['the sphere shuffled', shuffled(sphere), {}],
  ['the sphere as a triangle soup', deindex(shuffled(sphere)), {}],
  ['an open sphere (capped by the full analysis)', open(shuffled(sphere)), {}],
  ['the sphere with check: false', shuffled(sphere), { check: false }],
  ['the sphere as a shell', sphere, { mode: 'shell' }],
])('%s: the threaded build gives the single-thread results bit for bit', (name, mesh, options) => {
  const one = single.mesh(mesh.positions, mesh.indices, options);
  const many = threaded.mesh(mesh.positions, mesh.indices, options);
  expect(many).toEqual(one);
  expect(threadedFull.mesh(mesh.positions, mesh.indices, options)).toEqual(one);
  // And they are the sphere's: the inscribed polyhedron is within 1e-3 of 4/3 π r³.
  if (options.mode !== 'shell') expect(many.volume).toBeCloseTo((4 / 3) * Math.PI * 1.5 ** 3, 1);
});

test('the threaded module measures on after an error', () => {
  expect(() =>
    threaded.mesh(new Float64Array([0, 0, 0, 1, 0, 0, 0, 1, 0]), new Uint32Array([0, 1, 2, 0, 2, 1])),
  ).toThrow(expect.objectContaining({ code: 'ZERO_VOLUME' }));
  expect(threaded.mesh(sphere.positions, sphere.indices)).toEqual(single.mesh(sphere.positions, sphere.indices));
});

test.each([
  [{ threads: 0 }, /threads must be a boolean or an integer from 1 to 64, got number 0/],
  [{ threads: 2.5 }, /threads must be a boolean or an integer from 1 to 64/],
  [{ threads: 'all' }, /threads must be a boolean or an integer from 1 to 64, got string all/],
])('init(%p) is refused as INVALID_OPTIONS', async (options, message) => {
  const error = await (
    await freshInit()
  )(options).then(
    () => null,
    (e) => e,
  );
  expect(error?.code).toBe('INVALID_OPTIONS');
  expect(error.message).toMatch(message);
});
