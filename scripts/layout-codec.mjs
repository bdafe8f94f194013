// The source of dist/layout-codec.js (scripts/bundle.mjs writes it from the built module's layouts):
// the readers and writers of the small calls' structs as straight-line JavaScript, one object
// literal per struct. js/layout.js walks the same layouts at run time, field by field, and is the
// reference these must match (tests/js/layout-codec.test.js): V8 builds an object of fixed shape
// from a literal in a tenth of the time a loop of keyed stores takes (1.1 → 0.13 µs for a mesh's
// result), and a page with a strict CSP allows no code made at run time (no new Function).
// The file names its layouts by their hash: js/core/boundary.js uses it only for a module whose
// layouts hash the same, and js/layout.js's generic codec otherwise.

import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * The layouts a built module reports (its `_layouts()`, cpp/bindings/embind.cpp), the module
 * instantiated as init() does (js/core/load.js): the glue hands over its imports and waits for
 * the instance. `name` is the module's file name in `dist` under `root`, without extension.
 */
export async function builtLayouts(root, name) {
  const glue = await import(pathToFileURL(path.join(root, 'dist', `${name}.js`)).href);
  const compiled = await WebAssembly.compile(await readFile(path.join(root, 'dist', `${name}.wasm`)));
  const wasm = await glue.default({
    locateFile: (file) => file,
    instantiateWasm(imports, receive) {
      WebAssembly.instantiate(compiled, imports).then((instance) => receive(instance, compiled));
      return {};
    },
  });
  return wasm._layouts();
}

const SHIFTS = { f64: 3, u32: 2 };

// An element's index in view f (f64) or u (u32) from d = a >> 3 or w = a >> 2: the slots are
// 8-aligned, so this is the generic codec's (a + offset) >> shift.
function at(offset, shift) {
  if (offset % (1 << shift) !== 0) throw new Error(`an element at byte ${offset} is not aligned`);
  return shift === 3 ? `d + ${offset / 8}` : `w + ${offset / 4}`;
}

// The expression reading `field` of a struct at `a + base` (views f, u, b).
function readExpression(layouts, field, base) {
  const offset = base + field.offset;
  let value;
  if (field.type in layouts) value = readLiteral(layouts, field.type, offset);
  else if (field.type === 'bool') {
    if ((field.shape ?? []).length > 0) throw new Error(`${field.name}: arrays of bool are not read`);
    value = `b[a + ${offset}] !== 0`;
  } else {
    const view = field.type === 'f64' ? 'f' : 'u';
    const shape = field.shape ?? [];
    const index = at(offset, SHIFTS[field.type]);
    const count = shape.reduce((n, k) => n * k, 1);
    // (a u32 is never NaN nor -0: read as it is)
    if (shape.length === 0) value = field.type === 'f64' ? `number(f[${index}])` : `u[${index}]`;
    else if (shape.length === 1) value = `numbers(${view}, ${index}, ${count})`;
    else if (shape.length === 2 && shape[0] === 3 && shape[1] === 3) value = `matrix3(${view}, ${index})`;
    else value = `matrix(numbers(${view}, ${index}, ${count}), ${shape[0]})`;
  }
  return field.present === undefined ? value : `b[a + ${base + field.present}] !== 0 ? ${value} : null`;
}

function readLiteral(layouts, type, base) {
  const fields = layouts[type].fields.map((field) => `${field.name}: ${readExpression(layouts, field, base)}`);
  return `{ ${fields.join(', ')} }`;
}

// The statements writing `value` (an expression) as `type` at `a + base`.
function writeStatements(layouts, type, value, base, depth = 0) {
  const lines = [];
  for (const field of layouts[type].fields) {
    const offset = base + field.offset;
    const given = `${value}.${field.name}`;
    if (field.type in layouts || field.present !== undefined) {
      // A struct, or a value that may be absent: named once, written if present.
      const x = `x${depth}`;
      const body =
        field.type in layouts
          ? writeStatements(layouts, field.type, x, offset, depth + 1)
          : [writeStatement(field, x, offset)];
      if (field.present === undefined) lines.push(`{ const ${x} = ${given};`, ...body, '}');
      else
        lines.push(
          `{ const ${x} = ${given};`,
          `b[a + ${base + field.present}] = ${x} ? 1 : 0;`,
          `if (${x}) {`,
          ...body,
          '} }',
        );
    } else lines.push(writeStatement(field, given, offset));
  }
  return lines;
}

function writeStatement(field, given, offset) {
  if (field.type === 'bool') return `b[a + ${offset}] = ${given} ? 1 : 0;`;
  const view = field.type === 'f64' ? 'f' : 'u';
  const index = at(offset, SHIFTS[field.type]);
  const shape = field.shape ?? [];
  if (shape.length === 0) return `${view}[${index}] = ${given};`;
  return `${view}.set(${shape.length === 1 ? given : `${given}.flat()`}, ${index});`;
}

/**
 * The module text: `LAYOUTS_HASH` (js/layout.js's layoutsHash of the layouts' JSON text), and
 * `readers` and `writers` by type name for the types listed, each `(views, address[, value])`
 * with the views of js/layout.js (f64, u32, bool).
 * @param {string} text the module's layouts, as its _layouts() returns them
 * @param {number} hash layoutsHash(text)
 * @param {{ read: string[], write: string[] }} types
 */
export function layoutCodecSource(text, hash, { read, write }) {
  const layouts = JSON.parse(text);
  const functions = [
    ...read.map(
      (type) => `read${type}(v, a) {
  const f = v.f64, u = v.u32, b = v.bool, d = a >> 3, w = a >> 2; // eslint-disable-line no-unused-vars
  return ${readLiteral(layouts, type, 0)};
}`,
    ),
    ...write.map(
      (type) => `write${type}(v, a, value) {
  const f = v.f64, u = v.u32, b = v.bool, d = a >> 3, w = a >> 2; // eslint-disable-line no-unused-vars
  ${writeStatements(layouts, type, 'value', 0).join('\n  ')}
}`,
    ),
  ];
  const table = (name, kind, types) =>
    `export const ${name} = { ${types.map((t) => `${t}: ${kind}${t}`).join(', ')} };`;
  return `// The readers and writers of the small calls' structs, generated by scripts/bundle.mjs from the
// built module's layouts (scripts/layout-codec.mjs): change cpp/bindings/embind.cpp and rebuild.
import { matrix, matrix3, number, numbers } from '../js/layout.js';

export const LAYOUTS_HASH = ${hash};

${functions.map((f) => `function ${f}`).join('\n\n')}

${table('readers', 'read', read)}
${table('writers', 'write', write)}
`;
}
