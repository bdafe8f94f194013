// One description of a result: the core's field list (MASSPROPS_RESULT_FIELDS, read through the
// bindings' layout), the .d.ts interfaces and the docs' result table name the same fields, and
// the table's SI units are the core's powers of length and mass; the option keys and the
// module's functions of js/schema.js are the ones index.d.ts declares.
// A new result field is added in three places: MASSPROPS_RESULT_FIELDS (the struct, the
// binding's layout, the C++ checks and, through the build's dist/result-fields.js,
// convertUnits' DIMENSIONS follow it), the MassProperties interface of js/index.d.ts and the
// result table (with its SI unit). This test fails until the three agree.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { init } from '../../js/index.js';
import { MESH_KEYS, METHODS } from '../../js/schema.js';
import { DIMENSIONS } from '../../js/units.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const TYPES = readFileSync(join(ROOT, 'js', 'index.d.ts'), 'utf8');
// The pages that may hold a table: the README and docs/ (not the generated API reference).
const PAGES = [
  'README.md',
  ...(existsSync(join(ROOT, 'docs')) ? readdirSync(join(ROOT, 'docs'), { recursive: true }) : [])
    .map((f) => join('docs', String(f)))
    .filter((f) => f.endsWith('.md') && !f.startsWith(join('docs', 'api'))),
].map((file) => ({ file, text: readFileSync(join(ROOT, file), 'utf8') }));

// The members of `export interface name { ... }` (or `export type name = ... & { ... }`), in order.
function members(declaration) {
  const start = TYPES.indexOf(declaration);
  expect(start).toBeGreaterThanOrEqual(0);
  const body = TYPES.slice(TYPES.indexOf('{', start) + 1, TYPES.indexOf('\n}', start));
  return [...body.matchAll(/^ {2}(?:readonly )?(\w+)\??[:(<]/gm)].map((m) => m[1]);
}

// The rows of the first `| field |` table after the line `heading`, wherever it is (the README or
// a page of docs/: exactly one page may have it), each as its cells.
function tableRows(heading, header = '| field |') {
  const at = (text) => text.search(new RegExp(`^${heading}$`, 'm'));
  const found = PAGES.filter(({ text }) => at(text) >= 0 && text.indexOf(header, at(text)) >= 0);
  expect(found.map(({ file }) => file)).toHaveLength(1);
  const { text } = found[0];
  const table = text
    .slice(text.indexOf(header, at(text)))
    .split('\n\n')[0]
    .trim(); // a page may end with it
  return table
    .split('\n')
    .slice(2)
    .map((row) => row.split('|').slice(1, -1));
}

// The `names` of the first column of that table, in order.
const tableFields = (heading) =>
  tableRows(heading).flatMap(([cell]) => [...cell.matchAll(/`(\w+)`/g)].map((m) => m[1]));

// [power of length, power of mass] of an SI unit as the docs write it: 'kg·m²', 'kg/m³', 'none'.
function powers(unit) {
  const out = [0, 0];
  if (unit === 'none') return out;
  unit.split('/').forEach((part, i) => {
    for (const term of part.split('·')) {
      const [, base, exponent] = /^(kg|m)([²³]?)$/.exec(term) ?? fail(`unknown unit '${unit}'`);
      out[base === 'm' ? 0 : 1] += (i === 0 ? 1 : -1) * { '': 1, '²': 2, '³': 3 }[exponent];
    }
  });
  return out;
}
const fail = (message) => {
  throw new Error(message);
};

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

test("convertUnits scales each field by the core's powers of length and mass (dist/result-fields.js)", () => {
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

test("the docs' result table lists the core's fields, each in the SI unit of the core's powers", () => {
  expect(tableFields('## Results and conventions')).toEqual(RESULT_FIELDS);
  const dimensions = mp[Symbol.for('mass-properties.resultDimensions')];
  const units = Object.fromEntries(
    tableRows('## Results and conventions').map(([field, unit]) => [/`(\w+)`/.exec(field)[1], powers(unit.trim())]),
  );
  expect(units).toEqual(dimensions);
});

test('diagnostics: the core, index.d.ts and the docs list the same fields', () => {
  const fields = Object.keys(mp.inspect(...tetrahedron));
  expect(members('export interface Diagnostics {')).toEqual(fields);
  expect(tableFields('## Diagnostics')).toEqual(fields);
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

test("the module's functions are the schema's METHODS and index.d.ts's, and loadFull", () => {
  const functions = Object.keys(mp).filter((key) => typeof mp[key] === 'function');
  expect(functions).toEqual([...METHODS, 'loadFull']);
  const typed = members('export interface MassPropertiesModule {').filter(
    (m) => !['errorCodes', 'defaults', 'loadFull'].includes(m),
  );
  expect([...new Set(typed)].sort()).toEqual([...METHODS].sort());
});
