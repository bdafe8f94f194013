// Measuring baked parts: each part on its own, then the body they make together. One home for
// what the three.js adapter does after baking and what code measuring baked parts elsewhere
// (the demo's Web Worker) does with them. Plain data only: no three.js here.
import { checkParts } from './arrays.js';
import { MassPropertiesError, fail, isMassPropertiesError, typeName } from './errors.js';

// Errors in how a part was handed over (its options, the type of its arrays) rather than in its
// triangles: the caller's mistake, thrown instead of quietly leaving the part out of the body;
// and the full module not loaded yet (docs/size.md), which would leave out a part it can measure.
const CALLER_CODES = new Set([
  'INVALID_TYPE',
  'INVALID_OPTIONS',
  'INVALID_DENSITY',
  'INVALID_MASS',
  'FULL_MODULE_NOT_LOADED',
]);

export function checkModule(mp) {
  if (typeof mp?.mesh !== 'function' || typeof mp?.combine !== 'function') {
    fail('INVALID_ARGUMENT', `mp must be the module from await init(), got ${typeName(mp)}`);
  }
}

/**
 * One part `{ positions, indices, density, mode, thickness, weld, units, intersections, ...rest }` measured with
 * mp.mesh: `{ ...rest, result }`, or `{ ...rest, result: null, error }` when the core refuses
 * the triangles (a MassPropertiesError, e.g. a flat solid's ZERO_VOLUME). A refused option is
 * thrown with `name` (what the part is called in messages) in front; any other error is a bug
 * and is rethrown as it is.
 * @template {import('./index.js').BakedPart} P
 * @param {import('./index.js').MassPropertiesModule} mp
 * @param {P} part
 * @returns {import('./index.js').MeasuredParts<P>['parts'][number]}
 */
export function measurePart(
  mp,
  { positions, indices, density, mode, thickness, weld, units, intersections, ...rest },
  name = 'part',
) {
  // intersections only when set: the default call stays the package's default.
  const options = { density, mode, thickness, weld, units, ...(intersections ? { intersections } : {}) };
  try {
    return { ...rest, result: mp.mesh(positions, indices, options) };
  } catch (error) {
    if (!isMassPropertiesError(error)) throw error;
    if (CALLER_CODES.has(error.code)) throw new MassPropertiesError(error.code, `${name}: ${error.message}`);
    return { ...rest, result: null, error };
  }
}

/** The body of the parts that were measured (mp.combine of their results), or null if none was. */
export function combineMeasured(mp, parts) {
  const results = [];
  for (const part of parts) if (part.result) results.push(part.result);
  return results.length > 0 ? mp.combine(results) : null;
}

/**
 * Measures baked parts (`{ positions, indices, density }` and optionally `mode`, `thickness`,
 * `weld` as mp.mesh takes them; other fields carried through, e.g. mesh and instanceId) and
 * combines them: `{ body, parts }`, each part with `result` or `error` as measurePart gives it;
 * `body` is null when no part could be measured.
 */
export function measureParts(mp, parts) {
  checkModule(mp);
  if (!Array.isArray(parts)) fail('INVALID_ARGUMENT', `parts must be an array, got ${typeName(parts)}`);
  const measured = checkParts(parts, 'parts', 'INVALID_ARGUMENT').map((part, k) => {
    if (part === null || typeof part !== 'object')
      fail('INVALID_ARGUMENT', `parts[${k}] must be an object, got ${typeName(part)}`);
    return measurePart(mp, part, `parts[${k}]`);
  });
  return { body: combineMeasured(mp, measured), parts: measured };
}
