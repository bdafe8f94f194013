// Units: coordinates in mm/cm/in/ft with densities in kg/m³ give SI results; convertUnits turns
// an SI result into other units. Expected values are the closed forms of a box.
import * as THREE from 'three';
import { init, convertUnits, LENGTH_UNITS } from '../../js/index.js';
import { computeMassProperties } from '../../js/three.js';
import { RESULT_2D_FIELDS, RESULT_FIELDS, SPIN_FIELDS } from '../../js/units.js';
import { box, concat, lPrism } from './helpers/meshes.js';

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
  // With units the density is kg/m³, even in metres: a shell needs its thickness there too.
  for (const units of ['m', 1])
    expect(() => mp.mesh(positions, indices, { units, mode: 'shell' })).toThrow(/needs options.thickness/);
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

// Every number of `got` against `want`, field by field, relative to the largest number of the
// field (off-diagonals and zeros are judged against the field's scale); other values equal.
function expectSameNumbers(got, want, rel = 1e-12) {
  expect(Object.keys(got).sort()).toEqual(Object.keys(want).sort());
  const numbers = (v) =>
    typeof v === 'number' ? [v] : v && typeof v === 'object' ? Object.values(v).flatMap(numbers) : [];
  for (const key of Object.keys(want)) {
    const [g, w] = [numbers(got[key]), numbers(want[key])];
    if (key === 'diagnostics' || w.length === 0) {
      expect(got[key]).toEqual(want[key]);
      continue;
    }
    const scale = Math.max(...w.map(Math.abs)) || 1;
    expect(g.length).toBe(w.length);
    g.forEach((x, i) => {
      if (!(Math.abs(x - w[i]) <= rel * scale)) throw new Error(`${key}[${i}]: got ${x}, want ${w[i]}`);
    });
  }
}

// 1 g/mm³ = 1e6 kg/m³: the density of the same material with the coordinates in mm and masses in g.
const G_PER_MM3 = 1e-6;

test('convertUnits to mm and g gives what measuring in mm and g gives, for every kind of 3-D result', () => {
  const { positions, indices } = box([0, 0, 0], [10, 20, 30]);
  const l = lPrism(40, 15); // an L-shaped prism in mm: distinct moments, off-diagonal products
  const rho = 1240;
  const pairs = [
    [
      mp.mesh(positions, indices, { units: 'mm', density: rho }),
      mp.mesh(positions, indices, { density: rho * G_PER_MM3 }),
    ],
    [
      mp.mesh(l.positions, l.indices, { units: 'mm', density: rho }),
      mp.mesh(l.positions, l.indices, { density: rho * G_PER_MM3 }),
    ],
    [
      mp.mesh(l.positions, l.indices, { units: 'mm', density: rho, mode: 'shell', thickness: 0.4 }),
      mp.mesh(l.positions, l.indices, { density: rho * G_PER_MM3, mode: 'shell', thickness: 0.4 }),
    ],
    [
      mp.mesh(l.positions, l.indices, { units: 'mm', density: rho, mode: 'convex' }),
      mp.mesh(l.positions, l.indices, { density: rho * G_PER_MM3, mode: 'convex' }),
    ],
    [mp.cylinder(5, 12, { units: 'mm', density: rho }), mp.cylinder(5, 12, { density: rho * G_PER_MM3 })],
  ];
  // Combinations and placements of them: the same in either units.
  const [si, mm] = [pairs.map((p) => p[0]), pairs.map((p) => p[1])];
  pairs.push([mp.combine(si), mp.combine(mm)]);
  pairs.push([
    mp.transform(si[1], { position: [0.01, 0, 0.002], scale: 2 }),
    mp.transform(mm[1], { position: [10, 0, 2], scale: 2 }),
  ]);
  for (const [inSI, inMm] of pairs) expectSameNumbers(convertUnits(inSI, { length: 'mm', mass: 'g' }), inMm);
});

test("convertUnits agrees with the core's transform on the dimension of every field", () => {
  // Scaling a body by s keeps its density; converting to a length unit s times smaller keeps its
  // mass. So a field of dimension length^a mass^b converts to the scaled body's value / s^(3b).
  const l = lPrism(0.04, 0.015);
  const body = mp.mesh(l.positions, l.indices, { density: 1240 });
  const s = 100; // metres → centimetres
  const scaled = mp.transform(body, { scale: s });
  const converted = convertUnits(body, { length: 'cm' });
  const perMass = { mass: 1, density: 1, inertia: 1, principalMoments: 1 };
  const want = {};
  for (const [key, value] of Object.entries(scaled)) {
    const k = s ** (3 * (perMass[key] ?? 0));
    want[key] =
      typeof value === 'number'
        ? value / k
        : Array.isArray(value)
          ? value.map((x) => (Array.isArray(x) ? x : x / k))
          : value;
  }
  expectSameNumbers(converted, want);
});

test('a shell without thickness converts its area and its density per area (perArea)', () => {
  // A 0.1 × 0.2 × 0.3 m box as a shell of 2 kg/m²: 0.22 m² = 2200 cm², 0.44 kg = 440 g, 0.2 g/cm².
  const inM = box([0, 0, 0], [0.1, 0.2, 0.3]);
  const inCm = box([0, 0, 0], [10, 20, 30]);
  const shell = mp.mesh(inM.positions, inM.indices, { mode: 'shell', density: 2 });
  const converted = convertUnits(shell, { length: 'cm', mass: 'g', perArea: true });
  near(converted.volume, 2200, 1e-12, 'area in cm²');
  near(converted.mass, 440, 1e-12, 'g');
  near(converted.density, 0.2, 1e-12, 'g/cm²');
  near(converted.surfaceArea, 2200, 1e-12, 'surface in cm²');
  // The same shell measured in centimetres at 0.2 g/cm².
  expectSameNumbers(converted, mp.mesh(inCm.positions, inCm.indices, { mode: 'shell', density: 0.2 }));
  expect(() => convertUnits(shell, { length: 'cm', perArea: 'yes' })).toThrow(/perArea must be a boolean/);
});

test('convertUnits converts a polygon: area, centroid and density per area', () => {
  // A 0.3 × 0.06 m plate of 7.2 kg/m² (12 mm plywood): in mm and g, 18,000 mm², 129.6 g,
  // 0.0072 g/mm², centroid (150, 30), polar moment m (a² + b²) / 12.
  const inM = mp.polygon(new Float64Array([0, 0, 0.3, 0, 0.3, 0.06, 0, 0.06]), { density: 7.2 });
  expect(Object.keys(inM).sort()).toEqual([...RESULT_2D_FIELDS].sort());
  const plate = convertUnits(inM, { length: 'mm', mass: 'g' });
  near(plate.area, 18000, 1e-12, 'mm²');
  near(plate.mass, 129.6, 1e-12, 'g');
  near(plate.density, 0.0072, 1e-12, 'g/mm²');
  near(plate.centroid[0], 150, 1e-12, 'x');
  near(plate.centroid[1], 30, 1e-12, 'y');
  near(plate.polarMoment, (129.6 * (300 ** 2 + 60 ** 2)) / 12, 1e-12, 'g·mm²');
  // An L with a hole, measured in mm at 0.0072 g/mm², against its conversion from metres.
  const outline = [0, 0, 0.3, 0, 0.3, 0.06, 0.06, 0.06, 0.06, 0.24, 0, 0.24];
  const hole = [0.02, 0.02, 0.04, 0.02, 0.04, 0.04, 0.02, 0.04];
  const mm = (ring) => new Float64Array(ring.map((x) => x * 1000));
  const si = mp.polygon(new Float64Array(outline), { density: 7.2, holes: [new Float64Array(hole)] });
  const inMm = mp.polygon(mm(outline), { density: 0.0072, holes: [mm(hole)] });
  expectSameNumbers(convertUnits(si, { length: 'mm', mass: 'g' }), inMm);
  expectSameNumbers(
    convertUnits(mp.combine2d([si, mp.transform2d(si, { position: [1, 0], angle: 0.3 })]), { length: 'mm', mass: 'g' }),
    mp.combine2d([inMm, mp.transform2d(inMm, { position: [1000, 0], angle: 0.3 })]),
  );
});

test('convertUnits converts a spin: energy and angular momentum in g·mm²/s², g·mm²/s', () => {
  const moments = [0.002, 0.003, 0.005]; // kg·m²
  const start = { angularVelocity: [0.3, 4, 0.2], duration: 0.5 };
  const si = mp.simulateRotation({ principalMoments: moments, ...start });
  expect(Object.keys(si).sort()).toEqual([...SPIN_FIELDS].sort());
  const inGmm2 = mp.simulateRotation({ principalMoments: moments.map((x) => x * 1e9), ...start });
  expectSameNumbers(convertUnits(si, { length: 'mm', mass: 'g' }), inGmm2, 1e-9);
  expect(() => convertUnits({ triangles: 12 }, { length: 'mm' })).toThrow(/result must be a result of mp.mesh/);
});

// Two boxes given in mm that overlap in a 10 × 10 × 20 mm block: the overlap counted once is a
// volume of the result, so it comes in m³ like the volume, and convertUnits takes it back to mm³.
test('the repairs’ volumes follow the result’s units', () => {
  const { positions, indices } = concat(box([0, 0, 0], [20, 20, 20]), box([10, 10, 0], [30, 30, 20]));
  const r = mp.mesh(positions, indices, { units: 'mm' });
  near(r.diagnostics.repairs.overlapVolume, 10 * 10 * 20 * 1e-9, 1e-12, 'overlap in m³');
  near(r.volume, (2 * 20 * 20 * 20 - 10 * 10 * 20) * 1e-9, 1e-12, 'union in m³');
  const back = convertUnits(r, { length: 'mm' });
  near(back.diagnostics.repairs.overlapVolume, 10 * 10 * 20, 1e-12, 'overlap in mm³');
  const doubled = mp.transform(r, { scale: [2, 2, 2] });
  near(doubled.diagnostics.repairs.overlapVolume, 8 * 10 * 10 * 20 * 1e-9, 1e-12, 'scaled with the body');
});
