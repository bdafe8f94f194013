// What every result looks like when printed, and the hint for options given in the indices slot.
import { init } from '../../js/index.js';
import { box } from './helpers/meshes.js';

let mp;
beforeAll(async () => {
  mp = await init();
});

// Every path in `value` (nested arrays and objects) at which a number is -0.
function negativeZeros(value, path = 'result', found = []) {
  if (Array.isArray(value)) value.forEach((x, i) => negativeZeros(x, `${path}[${i}]`, found));
  else if (value !== null && typeof value === 'object') {
    for (const [k, x] of Object.entries(value)) negativeZeros(x, `${path}.${k}`, found);
  } else if (Object.is(value, -0)) found.push(path);
  return found;
}

test('results hold no -0, however the core arrived at a zero', () => {
  // Turning by π and mirroring multiply zero products of inertia by −1: these printed -0 before.
  const results = {
    turned: mp.transform(mp.box(1, 2, 3), { quaternion: [0, 0, 1, 0] }),
    mirrored: mp.transform(mp.cylinder(1, 2), { scale: [-1, 1, 1] }),
    mirroredMesh: mp.transform(mp.mesh(box().positions, box().indices), { scale: [1, -1, 1] }),
    plate: mp.transform2d(mp.polygon(new Float64Array([-1, -1, 1, -1, 1, 1, -1, 1])), { angle: Math.PI }),
    inertia: mp.inertiaAbout(mp.box(1, 1, 1), [0, 0, 0], [0, 1, 0, 0]),
  };
  expect(negativeZeros(results)).toEqual([]);
  expect(JSON.stringify(results)).not.toContain('-0,');
});

test.each([
  ['mesh', (options) => mp.mesh(box().positions, options)],
  ['inspect', (options) => mp.inspect(box().positions, options)],
  ['holes', (options) => mp.holes(box().positions, options)],
])('options in the indices slot of mp.%s: INVALID_TYPE with "did you mean"', (name, call) => {
  expect(() => call({ density: 1 })).toThrow(
    expect.objectContaining({
      code: 'INVALID_TYPE',
      message: expect.stringContaining(`did you mean mp.${name}(positions, null, options)?`),
    }),
  );
});

// A call without options writes the core's defaults itself (the small calls' shortcut): nothing of
// the call before it carries over, in either order.
test('a call without options measures with the defaults whatever the call before it gave', () => {
  const { positions, indices } = box(); // the unit cube
  const plain = mp.mesh(positions, indices);
  expect(plain.diagnostics).not.toBeNull();
  expect(plain.mass).toBe(mp.defaults.density);
  for (const options of [{ check: false }, { density: 5 }, { mass: 3 }, { mode: 'shell' }, { units: 'mm' }, {}]) {
    mp.mesh(positions, indices, options);
    expect(mp.mesh(positions, indices)).toEqual(plain);
    expect(mp.mesh(positions, indices, {})).toEqual(plain);
  }
});

test('a result is plain data, as printed, cloned and spread', () => {
  const { positions, indices } = box();
  const r = mp.mesh(positions, indices);
  expect(Object.getPrototypeOf(r)).toBe(Object.prototype);
  expect(structuredClone(r)).toEqual(r);
  expect({ ...r }).toEqual(r);
  expect(JSON.parse(JSON.stringify(r))).toEqual(r);
  expect(Object.keys(r)).toEqual(Object.keys(mp[Symbol.for('mass-properties.resultDimensions')]));
});
