// Units: what the coordinates are in, and what a result's fields are in. The package computes in
// whatever units it is given; `units` says the coordinates are in millimetres (etc.) while the
// density stays in kg/m³, and the result comes back in SI. The rule for turning a measurement in
// the file's coordinates into SI is the core's own transform: a uniform scale s keeps the
// density, so mass scales with s³ and moments with s⁵ (one home, cpp/src/body.cpp).
import { fail, typeName } from './errors.js';

/** Metres per unit of length. */
export const LENGTH_UNITS = Object.freeze({ m: 1, cm: 0.01, mm: 0.001, in: 0.0254, ft: 0.3048 });
/** Kilograms per unit of mass. */
export const MASS_UNITS = Object.freeze({ kg: 1, g: 0.001, lb: 0.45359237 });

// How each numeric field of a result scales: [power of length, power of mass]: the powers the
// core's field list gives (MASSPROPS_RESULT_FIELDS; tests/js/fields.test.js checks they agree),
// written here too because convertUnits works without the module (the CLI's main thread).
export const DIMENSIONS = Object.freeze({
  mass: [0, 1],
  volume: [3, 0],
  density: [-3, 1],
  centerOfMass: [1, 0],
  inertia: [2, 1],
  principalMoments: [2, 1],
  principalAxes: [0, 0],
  principalRotation: [0, 0],
  surfaceArea: [2, 0],
  surfaceCentroid: [1, 0],
  bounds: [1, 0],
  diagnostics: [0, 0],
});
export const RESULT_FIELDS = Object.freeze(Object.keys(DIMENSIONS));

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

function scaled(value, factor) {
  if (value === null || typeof value !== 'object') return typeof value === 'number' ? value * factor : value;
  if (Array.isArray(value)) return value.map((x) => scaled(x, factor));
  const out = {};
  for (const [key, x] of Object.entries(value)) out[key] = scaled(x, factor);
  return out;
}

/**
 * A copy of an SI result (kg, m) in other units: `{ length, mass }`, each a name from
 * LENGTH_UNITS / MASS_UNITS or a number of metres / kilograms per unit (default m and kg).
 * E.g. `{ length: 'mm', mass: 'g' }` gives grams, mm³, g/mm³, mm and g·mm² — a 3D-printed part.
 */
export function convertUnits(result, units) {
  if (result === null || typeof result !== 'object') {
    fail('INVALID_ARGUMENT', `result must be a mass-properties result, got ${typeName(result)}`);
  }
  if (units === null || typeof units !== 'object')
    fail('INVALID_TYPE', `units must be an object, got ${typeName(units)}`);
  for (const key of Object.keys(units)) {
    if (key !== 'length' && key !== 'mass')
      fail('INVALID_OPTIONS', `unknown key '${key}' in units (expected length, mass)`);
  }
  const perLength = 1 / metresPer(units.length, 'units.length');
  const perMass = 1 / kilogramsPer(units.mass, 'units.mass');
  const out = {};
  for (const [key, value] of Object.entries(result)) {
    const dimension = DIMENSIONS[key];
    out[key] = dimension ? scaled(value, perLength ** dimension[0] * perMass ** dimension[1]) : value;
  }
  return out;
}
