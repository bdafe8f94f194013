// Units: what the coordinates are in, and what a result's fields are in. The package computes in
// whatever units it is given; `units` says the coordinates are in millimetres (etc.) while the
// density stays in kg/m³, and the result comes back in SI. The rule for turning a measurement in
// the file's coordinates into SI is the core's own transform: a uniform scale s keeps the
// density, so mass scales with s³ and moments with s⁵ (one home, cpp/src/body.cpp). The tables
// below say what each field of each kind of result is in; the units test holds them to the
// core's transform and to measurements made directly in other units.
import { fail, typeName } from './errors.js';
import { readOptions } from './options.js';
import { RESULT_DIMENSIONS } from '../dist/result-fields.js';

/** Metres per unit of length. */
export const LENGTH_UNITS = Object.freeze({ m: 1, cm: 0.01, mm: 0.001, in: 0.0254, ft: 0.3048 });
/** Kilograms per unit of mass. */
export const MASS_UNITS = Object.freeze({ kg: 1, g: 0.001, lb: 0.45359237 });
/**
 * The mass unit that reads naturally beside each length unit, for showing a model in its own
 * units: a 3D-printed part in millimetres weighs grams, a part in inches pounds.
 */
export const MASS_UNIT_OF_LENGTH = Object.freeze({ m: 'kg', cm: 'g', mm: 'g', in: 'lb', ft: 'lb' });

/** The name in LENGTH_UNITS of `metres` per unit (e.g. 0.001 → 'mm'), or undefined if it has none. */
export function lengthUnitName(metres) {
  return Object.keys(LENGTH_UNITS).find((name) => LENGTH_UNITS[name] === metres);
}

// How each numeric field of each kind of result scales: [power of length, power of mass]. A 3-D
// result's are the core's own (MASSPROPS_RESULT_FIELDS), which the build writes into
// dist/result-fields.js from the built module's layout (scripts/bundle.mjs): convertUnits works
// without the module (the command line's main thread formats what its workers measured).
export const DIMENSIONS = RESULT_DIMENSIONS;
export const RESULT_FIELDS = Object.freeze(Object.keys(DIMENSIONS));

// A shell measured without a thickness: `volume` is its area and `density` is per area (kg/m²).
const PER_AREA = Object.freeze({ ...DIMENSIONS, volume: [2, 0], density: [-2, 1] });

// A 2-D result (mp.polygon, transform2d, combine2d): a plate, its density per area.
const DIMENSIONS_2D = Object.freeze({
  mass: [0, 1],
  area: [2, 0],
  density: [-2, 1],
  centroid: [1, 0],
  inertia: [2, 1],
  polarMoment: [2, 1],
  principalMoments: [2, 1],
  principalAxes: [0, 0],
  principalAngle: [0, 0],
});
export const RESULT_2D_FIELDS = Object.freeze(Object.keys(DIMENSIONS_2D));

// A spin (mp.simulateRotation); time stays in seconds.
const SPIN_DIMENSIONS = Object.freeze({
  orientation: [0, 0],
  angularVelocity: [0, 0],
  kineticEnergy: [2, 1],
  angularMomentum: [2, 1],
});
export const SPIN_FIELDS = Object.freeze(Object.keys(SPIN_DIMENSIONS));

// What lies below a water plane (mp.submerged), and each pose of a floating body (mp.float).
const HYDROSTATICS_DIMENSIONS = Object.freeze({
  volume: [3, 0],
  centerOfBuoyancy: [1, 0],
  draft: [1, 0],
  waterplaneArea: [2, 0],
  waterplaneCentroid: [1, 0],
  waterplaneMoments: [4, 0],
  waterplaneAxes: [0, 0],
  metacentricRadii: [1, 0],
  metacentricHeights: [1, 0],
  centerOfMass: [1, 0],
});
export const HYDROSTATICS_FIELDS = Object.freeze(Object.keys(HYDROSTATICS_DIMENSIONS));

const names = (table) =>
  Object.keys(table)
    .map((k) => `'${k}'`)
    .join(', ');

/**
 * Metres per unit of `units` ('mm', 'cm', 'm', 'in', 'ft', or a positive number of metres per
 * unit); undefined means metres. `what` names the option in messages.
 */
export function metresPer(units, what = 'options.units') {
  if (units === undefined) return 1;
  if (typeof units === 'number') {
    if (Number.isFinite(units) && units > 0) return units;
    fail('INVALID_OPTIONS', `${what} must be a finite number of metres per unit > 0, got ${units}`);
  }
  if (typeof units === 'string' && Object.hasOwn(LENGTH_UNITS, units)) return LENGTH_UNITS[units];
  fail(
    'INVALID_OPTIONS',
    `${what} must be ${names(LENGTH_UNITS)} or metres per unit, got ${typeof units === 'string' ? `'${units}'` : typeName(units)}`,
  );
}

function kilogramsPer(mass, what) {
  if (mass === undefined) return 1;
  if (typeof mass === 'number' && Number.isFinite(mass) && mass > 0) return mass;
  if (typeof mass === 'string' && Object.hasOwn(MASS_UNITS, mass)) return MASS_UNITS[mass];
  fail('INVALID_OPTIONS', `${what} must be ${names(MASS_UNITS)} or kilograms per unit, got ${String(mass)}`);
}

/**
 * The one rule for a shell and units: a shell measured without a thickness has a density per
 * area (kg/m²), which has no kg/m³ form, so wherever units are given (the API's `units`, the
 * command line's `--units`, always set) a shell needs its thickness. `names` are the option
 * names as the caller's users write them. Returns the message, or null when the options are fine.
 */
export function shellThicknessProblem(
  { units, mode, thickness },
  names = { units: 'options.units', mode: 'options.mode', thickness: 'options.thickness' },
) {
  if (units === undefined || mode !== 'shell' || thickness !== undefined) return null;
  return (
    `${names.mode} 'shell' with ${names.units} needs ${names.thickness}, the wall thickness in the ` +
    `coordinates' unit: a density in kg/m³ fills area × thickness; without a thickness a shell's ` +
    `density is per area (kg/m², coordinates in metres), which no unit converts`
  );
}

/** Throws INVALID_OPTIONS when shellThicknessProblem finds one; `prefix` names the part. */
export function checkShellThickness(options, prefix = '') {
  const problem = shellThicknessProblem(options);
  if (problem) fail('INVALID_OPTIONS', prefix + problem);
}

function scaled(value, factor) {
  if (value === null || typeof value !== 'object') return typeof value === 'number' ? value * factor : value;
  if (Array.isArray(value)) return value.map((x) => scaled(x, factor));
  const out = {};
  for (const [key, x] of Object.entries(value)) out[key] = scaled(x, factor);
  return out;
}

// A copy of `result` with each field of `dimensions` scaled by perLength and perMass to its powers.
function convertFields(result, dimensions, perLength, perMass) {
  const out = {};
  for (const [key, value] of Object.entries(result)) {
    const dimension = Object.hasOwn(dimensions, key) ? dimensions[key] : null;
    out[key] = dimension ? scaled(value, perLength ** dimension[0] * perMass ** dimension[1]) : value;
  }
  return out;
}

// A result of mp.float: its poses hold a plane and hydrostatics, each scaled by its own table.
function convertFlotation(result, perLength, perMass) {
  const pose = (p) => ({
    ...p,
    position: scaled(p.position, perLength),
    plane: { ...p.plane, height: p.plane.height * perLength },
    hydrostatics: convertFields(p.hydrostatics, HYDROSTATICS_DIMENSIONS, perLength, perMass),
  });
  return {
    ...result,
    mass: result.mass * perMass,
    displacedVolume: result.displacedVolume * perLength ** 3,
    upright: pose(result.upright),
    equilibria: result.equilibria.map(pose),
  };
}

/**
 * A result measured in coordinates of `metres` per unit, in metres (mp.submerged's and
 * mp.float's `units`): the tables above, read the other way.
 */
export function hydrostaticsInMetres(result, metres) {
  if (metres === 1) return result;
  if ('displacedVolume' in result) return convertFlotation(result, metres, 1);
  return convertFields(result, HYDROSTATICS_DIMENSIONS, metres, 1);
}

// Which kind of result this is, told by a field only that kind has.
function dimensionsOf(result, perArea) {
  if ('waterplaneArea' in result) return HYDROSTATICS_DIMENSIONS;
  if ('volume' in result) return perArea ? PER_AREA : DIMENSIONS;
  if ('area' in result) return DIMENSIONS_2D;
  if ('kineticEnergy' in result) return SPIN_DIMENSIONS;
  fail(
    'INVALID_ARGUMENT',
    'result must be a result of mp.mesh, a shape, transform or combine (volume), of mp.polygon, ' +
      'transform2d or combine2d (area), or of simulateRotation (kineticEnergy)',
  );
}

/**
 * A copy of an SI result (kg, m) in other units: `{ length, mass }`, each a name from
 * LENGTH_UNITS / MASS_UNITS or a number of metres / kilograms per unit (default m and kg).
 * E.g. `{ length: 'mm', mass: 'g' }` gives grams, mm³, g/mm³, mm and g·mm² — a 3D-printed part.
 * Any kind of result: 3-D (mesh, shapes, transform, combine), 2-D (polygon: area, centroid,
 * density per area), spins and hydrostatics (submerged, float). A shell measured without a thickness has an area for its volume
 * and a density per area; nothing in its numbers says so, so say it: `perArea: true`.
 */
export function convertUnits(result, units) {
  if (result === null || typeof result !== 'object' || Array.isArray(result)) {
    fail('INVALID_ARGUMENT', `result must be a mass-properties result, got ${typeName(result)}`);
  }
  if (units === null || typeof units !== 'object')
    fail('INVALID_TYPE', `units must be an object, got ${typeName(units)}`);
  const u = readOptions(units, ['length', 'mass', 'perArea'], 'units');
  if (u.perArea !== undefined && typeof u.perArea !== 'boolean')
    fail('INVALID_OPTIONS', `units.perArea must be a boolean, got ${typeName(u.perArea)}`);
  const perLength = 1 / metresPer(u.length, 'units.length');
  const perMass = 1 / kilogramsPer(u.mass, 'units.mass');
  if ('displacedVolume' in result) return convertFlotation(result, perLength, perMass);
  const dimensions = dimensionsOf(result, u.perArea === true);
  const out = convertFields(result, dimensions, perLength, perMass);
  if (dimensions === DIMENSIONS && result.diagnostics)
    out.diagnostics = withRepairVolumes(result.diagnostics, perLength ** 3);
  return out;
}

// The repairs' volumes (the overlap counted once, what closing the holes changed): lengths³,
// like the result's volume. The rest of the diagnostics are counts and fractions.
export const REPAIR_VOLUMES = Object.freeze(['overlapVolume', 'windingCorrection']);

/** A copy of `diagnostics` with its repairs' volumes times `factor` (those present; the rest as they are). */
export function withRepairVolumes(diagnostics, factor) {
  const repairs = diagnostics?.repairs;
  if (!repairs || factor === 1 || !REPAIR_VOLUMES.some((key) => typeof repairs[key] === 'number')) return diagnostics;
  const out = { ...repairs };
  for (const key of REPAIR_VOLUMES) if (typeof out[key] === 'number') out[key] *= factor;
  return { ...diagnostics, repairs: out };
}
