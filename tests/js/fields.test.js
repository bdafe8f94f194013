// One description of a result: the core's field list (MASSPROPS_RESULT_FIELDS, read through the
// bindings' layout), the .d.ts interfaces and the tables of docs/ name the same fields; the
// option keys and the module's functions of js/schema.js are the ones index.d.ts declares.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { init } from '../../js/index.js';
import { MESH_KEYS, METHODS } from '../../js/schema.js';
import { DIMENSIONS } from '../../js/units.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const TYPES = readFileSync(join(ROOT, 'js', 'index.d.ts'), 'utf8');
// The pages of docs/ that describe a result, field by field.
const RESULTS_PAGE = readFileSync(join(ROOT, 'docs', 'results.md'), 'utf8');
const UNITS_PAGE = readFileSync(join(ROOT, 'docs', 'units.md'), 'utf8');

// The members of `export interface name { ... }` (or `export type name = ... & { ... }`), in order.
function members(declaration) {
  const start = TYPES.indexOf(declaration);
  expect(start).toBeGreaterThanOrEqual(0);
  const body = TYPES.slice(TYPES.indexOf('{', start) + 1, TYPES.indexOf('\n}', start));
  return [...body.matchAll(/^ {2}(?:readonly )?(\w+)\??[:(<]/gm)].map((m) => m[1]);
}

// The `names` of the first column of the first table after `heading` in `page`, in order.
function tableFields(page, heading, header = '| field |') {
  expect(page.indexOf(heading)).toBeGreaterThanOrEqual(0);
  const section = page.slice(page.indexOf(heading));
  const table = section.slice(section.indexOf(header)).split('\n\n')[0].trim(); // a page may end with it
  return table
    .split('\n')
    .slice(2)
    .flatMap((row) => [...row.split('|')[1].matchAll(/`(\w+)`/g)].map((m) => m[1]));
}

let mp;
let RESULT_FIELDS; // the core's list, in its order
beforeAll(async () => {
  mp = await init();
  RESULT_FIELDS = Object.keys(mp[Symbol.for('mass-properties.resultDimensions')]);
});

const tetrahedron = [
  new Float64Array([0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1]),
  new Uint32Array([0, 2, 1, 0, 1, 3, 0, 3, 2, 1, 2, 3]),
];

test("convertUnits scales each field by the core's powers of length and mass", () => {
  expect(DIMENSIONS).toEqual(mp[Symbol.for('mass-properties.resultDimensions')]);
});

test("a mesh result has the core's fields, in the core's order", () => {
  expect(RESULT_FIELDS.length).toBeGreaterThan(10);
  expect(Object.keys(mp.mesh(...tetrahedron))).toEqual(RESULT_FIELDS);
  expect(Object.keys(mp.box(1, 2, 3))).toEqual(RESULT_FIELDS);
});

test('index.d.ts types the same result fields', () => {
  expect(members('export interface MassProperties {')).toEqual(RESULT_FIELDS);
});

test("the docs' result table and units table list the same fields", () => {
  expect(tableFields(RESULTS_PAGE, '## Results and conventions')).toEqual(RESULT_FIELDS);
  expect(tableFields(UNITS_PAGE, '# Units').sort()).toEqual([...RESULT_FIELDS].sort());
});

test('diagnostics: the core, index.d.ts and the docs list the same fields', () => {
  const fields = Object.keys(mp.inspect(...tetrahedron));
  expect(members('export interface Diagnostics {')).toEqual(fields);
  expect(tableFields(RESULTS_PAGE, '## Diagnostics')).toEqual(fields);
  const repairs = Object.keys(mp.inspect(...tetrahedron).repairs);
  expect(members('export interface Repairs {')).toEqual(repairs);
});

test("mp.mesh's option keys are MeshOptions' and the core's defaults cover what it defaults", () => {
  const massOptions = TYPES.slice(
    TYPES.indexOf('export type MassOptions ='),
    TYPES.indexOf('\n};', TYPES.indexOf('export type MassOptions =')),
  );
  const typed = [...massOptions.matchAll(/(\w+)\?:/g)].map((m) => m[1]).concat(members('export type MeshOptions ='));
  expect(new Set(typed)).toEqual(new Set(MESH_KEYS));
  expect(Object.keys(mp.defaults)).toEqual(members('export interface MeshDefaults {'));
  expect(Object.isFrozen(mp.defaults)).toBe(true);
});

test("the module's functions are the schema's METHODS and index.d.ts's", () => {
  const functions = Object.keys(mp).filter((key) => typeof mp[key] === 'function');
  expect(functions).toEqual([...METHODS]);
  const typed = members('export interface MassPropertiesModule {').filter(
    (m) => !['errorCodes', 'defaults'].includes(m),
  );
  expect([...new Set(typed)].sort()).toEqual([...METHODS].sort());
});
