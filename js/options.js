// Option objects read the way users write them: own or inherited properties, getters, class
// instances and Object.create() chains all count; an unknown key is an error, with a hint.
import { fail, typeName } from './errors.js';

/** Levenshtein distance, for "did you mean" hints (option and flag names are short). */
function editDistance(a, b) {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++) {
      next[j] = Math.min(row[j] + 1, next[j - 1] + 1, row[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    row = next;
  }
  return row[b.length];
}

/**
 * The "did you mean" rule of every option key, flag, unit and material name: the name of `names`
 * nearest to `name` (the first of equals) if it is at most two edits away, else null.
 * @param {string} name
 * @param {readonly string[]} names
 * @returns {string | null}
 */
export function closestName(name, names) {
  let best = null;
  let bestDistance = 3;
  for (const candidate of names) {
    const d = editDistance(name, candidate);
    if (d < bestDistance) [best, bestDistance] = [candidate, d];
  }
  return best;
}

// The enumerable string keys a user put on the object or its own prototypes. Built-in
// prototypes (Object.prototype, even if a page added properties to it) are not the user's.
function userKeys(options) {
  const keys = [];
  for (let level = options; level !== null && level !== Object.prototype; level = Object.getPrototypeOf(level)) {
    for (const key of Object.keys(level)) keys.push(key);
  }
  return keys;
}

function hasUserProperty(options, key) {
  for (let level = options; level !== null && level !== Object.prototype; level = Object.getPrototypeOf(level)) {
    if (Object.prototype.hasOwnProperty.call(level, key)) return true;
  }
  return false;
}

/**
 * The known options of `options` (undefined means none) as a plain object holding the
 * keys whose value is not undefined. `known` lists the accepted keys; `what` names the argument;
 * an unknown key fails with `code`.
 * @param {unknown} options
 * @param {readonly string[]} known
 * @returns {Record<string, any>}
 */
export function readOptions(options, known, what = 'options', code = 'INVALID_OPTIONS') {
  if (options === undefined) return {};
  if (options === null || typeof options !== 'object' || Array.isArray(options) || ArrayBuffer.isView(options)) {
    fail('INVALID_TYPE', `${what} must be an object, got ${typeName(options)}`);
  }
  for (const key of userKeys(options)) {
    if (known.includes(key)) continue;
    const near = closestName(key, known);
    const hint = near ? `; did you mean '${near}'?` : '';
    fail(code, `unknown key '${key}' in ${what} (expected ${known.join(', ')})${hint}`);
  }
  // Known keys are read where the user put them (own, inherited, getters), never from a
  // property a page added to Object.prototype.
  const out = {};
  for (const key of known) {
    if (!hasUserProperty(options, key)) continue;
    const value = options[key];
    if (value !== undefined) out[key] = value;
  }
  return out;
}
