// The two modules init() loads (docs/size.md) in Node, which can load the full one within a call:
// init() loads the core alone, a call the core cannot answer loads the full module and is answered,
// and init({ parts: 'full' }) or mp.loadFull() load it up front. Which module measured a mesh
// does not change its numbers (builds.test.js, bit for bit); here the numbers are closed forms.
import { init } from '../../js/index.js';
import { box, concat } from './helpers/meshes.js';

const parts = (mp) => mp[Symbol.for('mass-properties.loadedParts')];
// The unit cube without its top face (the last two triangles): the repair closes it, volume 1.
const cube = box();
const open = { positions: cube.positions, indices: cube.indices.slice(0, 30) };

test('init() loads the core module alone; shapes, bodies and clean meshes keep it so', async () => {
  const mp = await init();
  expect(parts(mp)).toBe('core');
  expect(mp.box(1, 2, 3).mass).toBe(6);
  expect(mp.mesh(cube.positions, cube.indices).volume).toBeCloseTo(1, 14);
  expect(mp.mesh(cube.positions, cube.indices, { check: false }).volume).toBeCloseTo(1, 14);
  const pair = mp.combine([mp.sphere(1), mp.transform(mp.sphere(1), { position: [3, 0, 0] })]);
  expect(pair.centerOfMass[0]).toBeCloseTo(1.5, 14);
  expect(parts(mp)).toBe('core');
});

test('a mesh that is not clean loads the full module within the call, and is repaired', async () => {
  const mp = await init();
  const result = mp.mesh(open.positions, open.indices);
  expect(parts(mp)).toBe('core+full');
  expect(result.volume).toBeCloseTo(1, 14);
  expect(result.diagnostics.repairs.cappedHoles).toBe(1);
  // Two cubes apart: two shells, measured by the full module now that it is loaded.
  const apart = concat(cube, {
    positions: cube.positions.map((x, i) => (i % 3 === 0 ? x + 2 : x)),
    indices: cube.indices,
  });
  expect(mp.mesh(apart.positions, apart.indices).volume).toBeCloseTo(2, 14);
  expect(mp.polygon(new Float64Array([0, 0, 2, 0, 0, 1])).area).toBe(1);
});

test("init({ parts: 'full' }) and mp.loadFull() resolve once the full module is loaded", async () => {
  const mp = await init({ parts: 'full' });
  expect(mp).toBe(await init());
  expect(parts(mp)).toBe('core+full');
  await expect(mp.loadFull()).resolves.toBeUndefined();
});

test('init() refuses parts it does not know', async () => {
  await expect(init({ parts: 'hull' })).rejects.toMatchObject({ code: 'INVALID_OPTIONS' });
});
