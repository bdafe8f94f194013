// Arrays of parts from a stranger: a sparse array of length 2^32 − 1 holds nothing, but copying it
// took all memory and aborted the process. Every call that takes parts refuses such an array at
// once with a typed error naming its length (more than 2^20 parts) or its first hole.
import { init, measureParts } from '../../js/index.js';
import { expectMassPropertiesError } from './helpers/errors.js';

let mp;
beforeAll(async () => {
  mp = await init();
});

const MAX_PARTS = 2 ** 20; // the documented cap (docs/results.md, Errors)

function sparse(length, ...filled) {
  const array = [];
  array.length = length;
  for (const [k, value] of filled) array[k] = value;
  return array;
}

const square = () => mp.polygon(new Float64Array([0, 0, 1, 0, 1, 1, 0, 1]));
const triangle = new Float64Array([0, 0, 1, 0, 0, 1]);
const part = () => ({ positions: new Float64Array([0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1]), indices: null });

test('a sparse array of length 2^32 - 1 is refused by its length, at once', () => {
  const start = Date.now();
  for (const filled of [[], [[5, mp.box(1, 1, 1)]]]) {
    const huge = sparse(2 ** 32 - 1, ...filled);
    expectMassPropertiesError(() => mp.combine(huge), 'INVALID_ARGUMENT', /parts has length 4294967295.*2\^20/);
    expectMassPropertiesError(() => mp.combine2d(huge), 'INVALID_ARGUMENT', /parts has length 4294967295/);
    expectMassPropertiesError(() => measureParts(mp, huge), 'INVALID_ARGUMENT', /parts has length 4294967295/);
    expectMassPropertiesError(
      () => mp.polygon(triangle, { holes: huge }),
      'INVALID_ARGUMENT',
      /options\.holes has length 4294967295/,
    );
  }
  expect(Date.now() - start).toBeLessThan(2000); // refused, not copied
});

test('one element over the cap is refused; a hole is named by its index', () => {
  const body = mp.box(1, 1, 1);
  expectMassPropertiesError(() => mp.combine(sparse(MAX_PARTS + 1, [0, body])), 'INVALID_ARGUMENT', /1048577/);
  // At the cap the length passes and the first hole is what is wrong.
  expectMassPropertiesError(() => mp.combine(sparse(MAX_PARTS, [0, body])), 'INVALID_BODY', /parts\[1\] is missing/);
  const holed = [body, body, body, body, body];
  holed[6] = body;
  expectMassPropertiesError(() => mp.combine(holed), 'INVALID_BODY', /parts\[5\] is missing/);
  expectMassPropertiesError(
    () => mp.combine2d([square(), , square()]), // eslint-disable-line no-sparse-arrays
    'INVALID_BODY',
    /parts\[1\] is missing/,
  );
  expectMassPropertiesError(
    () => measureParts(mp, sparse(3, [0, part()])),
    'INVALID_ARGUMENT',
    /parts\[1\] is missing/,
  );
  expectMassPropertiesError(
    () => mp.polygon(triangle, { holes: sparse(2, [1, triangle]) }),
    'INVALID_TYPE',
    /options\.holes\[0\] is missing/,
  );
});

test('after the refusals, combining explicit undefined still names the part, and a valid call is exact', () => {
  expectMassPropertiesError(() => mp.combine([mp.box(1, 1, 1), undefined]), 'INVALID_BODY', /parts\[1\]/);
  // Two unit cubes side by side: mass 2, center (1, 1/2, 1/2) by symmetry.
  const cube = mp.box(1, 1, 1);
  const pair = mp.combine([
    mp.transform(cube, { position: [0.5, 0.5, 0.5] }),
    mp.transform(cube, { position: [1.5, 0.5, 0.5] }),
  ]);
  expect(pair.mass).toBe(2);
  expect(pair.centerOfMass).toEqual([1, 0.5, 0.5]);
});
