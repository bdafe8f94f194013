// Whether a model's size suggests that its file was read in the wrong length unit: a 494 m bust
// read in metres was probably drawn in millimetres, a 0.3 mm chair read in millimetres in metres.
// Only a hint: the numbers are what the file says in the unit it was read in.
import { LENGTH_UNITS } from './units.js';

const NAMES = { m: 'metres', cm: 'centimetres', mm: 'millimetres', in: 'inches', ft: 'feet' };

// Sizes past which a model in the unit read is unlikely (a building is under 100 m; a printed
// part over 1 mm), with the unit that would make it ordinary.
const TOO_LARGE_M = 100;
const TOO_SMALL_M = 0.001;

const shown = (x) => String(Number(x.toPrecision(3)));

/**
 * A hint when the largest side of a model (in metres) is implausible for the unit its file was
 * read in: `{ largestSide, units, suggested, text }` with the side in that unit and `text` like
 * 'the largest side is 494 m: if the file is in millimetres'; null when the size is ordinary or
 * `units` is no unit name (a number of metres per unit was chosen on purpose).
 */
export function unitsHint(largestSideMetres, units) {
  if (!Object.hasOwn(NAMES, units) || !(largestSideMetres > 0) || !Number.isFinite(largestSideMetres)) return null;
  let suggested = null;
  if (largestSideMetres > TOO_LARGE_M && units !== 'mm') suggested = 'mm';
  else if (largestSideMetres < TOO_SMALL_M && units !== 'm') suggested = 'm';
  if (!suggested) return null;
  const largestSide = largestSideMetres / LENGTH_UNITS[units];
  return {
    largestSide,
    units,
    suggested,
    text: `the largest side is ${shown(largestSide)} ${units}: if the file is in ${NAMES[suggested]}`,
  };
}

/** The largest side of a result's bounding box, in its length unit; NaN without bounds. */
export function largestSide(result) {
  const b = result?.bounds;
  return b ? Math.max(...b.max.map((x, k) => x - b.min[k])) : NaN;
}
