// Units: coordinates in mm/cm/in/ft with densities in kg/m³ give SI results; convertUnits turns
// an SI result into other units. Expected values are the closed forms of a box.
import * as THREE from 'three';
import { init, convertUnits, LENGTH_UNITS } from '../../js/index.js';
import { computeMassProperties } from '../../js/three.js';
import { RESULT_FIELDS } from '../../js/units.js';
import { box } from './helpers/meshes.js';

let mp;
beforeAll(async () => {
  mp = await init();
});

const near = (got, want, rel, what) => {
  if (!(Math.abs(got - want) <= rel * Math.abs(want))) throw new Error(`${what}: got ${got}, want ${want}`);
};

// A 10 × 20 × 30 box in the given unit, at 1240 kg/m³: the closed form in kg and kg·m².
function expectBoxInSI(result, metres) {
  const [a, b, c] = [10 * metres, 20 * metres, 30 * metres];
  const mass = 1240 * a * b * c;
  near(result.mass, mass, 1e-12, 'mass');
  near(result.volume, a * b * c, 1e-12, 'volume');
  near(result.density, 1240, 1e-12, 'density');
  [a / 2, b / 2, c / 2].forEach((x, i) => near(result.centerOfMass[i], x, 1e-12, `center ${i}`));
  const moments = [(mass * (b * b + c * c)) / 12, (mass * (a * a + c * c)) / 12, (mass * (a * a + b * b)) / 12];
  [0, 4, 8].forEach((d, i) => near(result.inertia[d], moments[i], 1e-11, `moment ${i}`));
  near(result.surfaceArea, 2 * (a * b + b * c + a * c), 1e-12, 'area');
  expect(result.bounds.min.map((x) => x + 0)).toEqual([0, 0, 0]);
  [a, b, c].forEach((x, i) => near(result.bounds.max[i], x, 1e-15, `bounds ${i}`));
}

test('a box in mm with density 1240 is the closed form in kg, and so for every unit', () => {
  const { positions, indices } = box([0, 0, 0], [10, 20, 30]);
  for (const [name, metres] of Object.entries(LENGTH_UNITS)) {
    expectBoxInSI(mp.mesh(positions, indices, { units: name, density: 1240 }), metres);
  }
  expectBoxInSI(mp.mesh(positions, indices, { units: 0.001, density: 1240 }), 0.001);
  // The example: 37,587,724 "kg" was a millimetre model at 1240 taken as metres.
  near(mp.mesh(positions, indices, { units: 'mm', density: 1240 }).mass, 1240 * 6e-6, 1e-12, 'mass in kg');
});

test('a given mass stays exactly as given; shapes take units too', () => {
  const { positions, indices } = box([0, 0, 0], [10, 20, 30]);
  const r = mp.mesh(positions, indices, { units: 'mm', mass: 2 });
  expect(r.mass).toBe(2);
  near(r.volume, 6e-6, 1e-12, 'volume');
  const cube = mp.box(60, 60, 60, { units: 'mm', density: 1240 });
  near(cube.mass, 1240 * 0.06 ** 3, 1e-12, 'box');
  near(cube.principalMoments[0], (cube.mass * 2 * 0.06 ** 2) / 12, 1e-12, 'box moment');
});

test('units are checked: unknown names, non-positive factors, a shell without thickness', () => {
  const { positions, indices } = box([0, 0, 0], [1, 1, 1]);
  for (const units of ['furlong', 0, -1, NaN, '']) {
    expect(() => mp.mesh(positions, indices, { units })).toThrow(expect.objectContaining({ code: 'INVALID_OPTIONS' }));
  }
  expect(() => mp.mesh(positions, indices, { units: 'mm', mode: 'shell' })).toThrow(/needs options.thickness/);
  const shell = mp.mesh(positions, indices, { units: 'mm', mode: 'shell', thickness: 0.5, density: 1000 });
  near(shell.mass, 1000 * 6e-6 * 0.5e-3, 1e-12, 'shell of 6 mm² walls 0.5 mm thick');
});

test('convertUnits gives grams, millimetres and g·mm², and every result field has a unit', () => {
  const { positions, indices } = box([0, 0, 0], [10, 20, 30]);
  const si = mp.mesh(positions, indices, { units: 'mm', density: 1240 });
  const printed = convertUnits(si, { length: 'mm', mass: 'g' });
  near(printed.mass, 7.44, 1e-12, 'g');
  near(printed.volume, 6000, 1e-12, 'mm³');
  near(printed.density, 1.24e-3, 1e-12, 'g/mm³');
  near(printed.inertia[0], (7.44 * (400 + 900)) / 12, 1e-11, 'g·mm²');
  near(printed.bounds.max[2], 30, 1e-12, 'mm');
  expect(printed.principalAxes).toEqual(si.principalAxes);
  expect(printed.diagnostics).toEqual(si.diagnostics);
  // Every field the core returns is listed with its dimension (a new field must decide its unit).
  expect(Object.keys(si).sort()).toEqual([...RESULT_FIELDS].sort());
  expect(() => convertUnits(si, { lenght: 'mm' })).toThrow(/unknown key 'lenght'/);
});

test('the three.js adapter measures a scene in millimetres in SI', () => {
  const geometry = new THREE.BoxGeometry(10, 20, 30);
  const mesh = new THREE.Mesh(geometry);
  mesh.position.set(5, 10, 15);
  const group = new THREE.Group().add(mesh);
  const { body, parts } = computeMassProperties(mp, group, { units: 'mm', density: 1240 });
  expectBoxInSI(body, 0.001);
  expectBoxInSI(parts[0].result, 0.001);
});
