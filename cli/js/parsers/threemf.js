// 3MF core (3D Manufacturing Format): a zip of XML parts. The root model part (named by
// _rels/.rels) holds objects (a mesh, or components that place other objects) and the build
// (items that place objects); components and items of the Production extension may name another
// model part (p:path), which is then read too. Only the parts the build reaches are inflated.
// Placing is done here, iteratively and within limits (components may nest and repeat), so the
// result is flat: the meshes, and where the build puts each of them.
import { LENGTH_UNITS } from 'mass-properties';
import { corrupt } from './errors.js';
import { Float64List, Uint32List } from './growable.js';
import { DONE, END, START, XmlReader } from './xml.js';
import { Zip } from './zip.js';

/** Metres per unit of the 3MF units (the <model> element's unit; millimetre when absent). */
export const THREE_MF_UNITS = Object.freeze({
  micron: 1e-6,
  millimeter: LENGTH_UNITS.mm,
  centimeter: LENGTH_UNITS.cm,
  inch: LENGTH_UNITS.in,
  foot: LENGTH_UNITS.ft,
  meter: LENGTH_UNITS.m,
});

export const THREE_MF_LIMITS = Object.freeze({
  // Objects placed (meshes and the components that hold them): components can repeat an object
  // at every level, so 10 levels of 10 place 10^10 from a few hundred bytes. Real builds place
  // tens to hundreds; each placement is a part measured and reported on its own (100,000 cubes
  // placed by a 280 KB file took 18 s, 1.2 GB and printed 200 MB of JSON).
  placements: 10000,
  // Each placement is baked and measured on its own downstream: 50 million placed triangles
  // (a 20,000-triangle part placed 2,490 times by a 240 KB file) take 7 s; the largest scans.
  placedTriangles: 50e6,
});

const MODEL_RELATIONSHIP = 'http://schemas.microsoft.com/3dmanufacturing/2013/01/3dmodel';
// Extensions a file may require and still be read right: they add colours, materials, part
// files or groupings, not geometry. Beam lattices, slices, volumes, displacement and the like
// change the shape, so a file that requires them is refused rather than measured without them.
const READABLE_EXTENSIONS = new Set([
  'http://schemas.microsoft.com/3dmanufacturing/core/2015/02',
  'http://schemas.microsoft.com/3dmanufacturing/material/2015/02',
  'http://schemas.microsoft.com/3dmanufacturing/production/2015/06',
  'http://schemas.microsoft.com/3dmanufacturing/trianglesets/2021/07',
]);

// The elements kept, by parent: everything else (metadata, materials, extensions) is read past.
const OTHER = 0;
const MODEL = 1;
const RESOURCES = 2;
const OBJECT = 3;
const MESH = 4;
const VERTICES = 5;
const VERTEX = 6;
const TRIANGLES = 7;
const TRIANGLE = 8;
const COMPONENTS = 9;
const COMPONENT = 10;
const BUILD = 11;
const ITEM = 12;
const CHILDREN = {
  [MODEL]: [
    ['resources', RESOURCES],
    ['build', BUILD],
  ],
  [RESOURCES]: [['object', OBJECT]],
  [OBJECT]: [
    ['mesh', MESH],
    ['components', COMPONENTS],
  ],
  [MESH]: [
    ['vertices', VERTICES],
    ['triangles', TRIANGLES],
  ],
  [VERTICES]: [['vertex', VERTEX]],
  [TRIANGLES]: [['triangle', TRIANGLE]],
  [COMPONENTS]: [['component', COMPONENT]],
  [BUILD]: [['item', ITEM]],
};

// Part names as zip entry names: without the leading '/', percent-escapes decoded.
function entryName(target, where) {
  try {
    return decodeURIComponent(target.replace(/^\//, ''));
  } catch {
    throw corrupt(`${where} names the part '${target}', which is not a valid URI`);
  }
}

// The root model part: the 3dmodel relationship's target in _rels/.rels (else the first .model
// target, as three's loader takes it).
function rootPart(zip) {
  const xml = new XmlReader(zip.read('_rels/.rels'), '_rels/.rels');
  let fallback = null;
  for (let event = xml.next(); event !== DONE; event = xml.next()) {
    if (event !== START || xml.depth !== 2 || !xml.is('Relationship')) continue;
    const target = xml.find('Target');
    if (target < 0) continue;
    const type = xml.find('Type');
    const name = xml.value(target);
    if (type >= 0 && xml.value(type) === MODEL_RELATIONSHIP) return entryName(name, '_rels/.rels');
    if (!fallback && /\.model$/i.test(name)) fallback = name;
  }
  if (!fallback) throw corrupt('_rels/.rels names no 3D model part');
  return entryName(fallback, '_rels/.rels');
}

// A transform attribute: 12 numbers m00 m01 m02 m10 ... m32 (x' = x·m00 + y·m10 + z·m20 + m30).
function transformOf(xml, what) {
  const k = xml.find('transform');
  if (k < 0) return null;
  const text = xml.value(k).trim();
  const numbers = text ? text.split(/\s+/).map(Number) : [];
  if (numbers.length !== 12 || !numbers.every(Number.isFinite)) {
    xml.fail(xml.tagStart, `${what} has transform ${xml.quoted(k)}: it must be 12 finite numbers`);
  }
  return numbers;
}

// C then P, both in 3MF's row-vector form: a point's placement through a component (C) inside
// an item or component (P).
function compose(c, p) {
  if (!c) return p;
  if (!p) return c;
  const out = new Array(12);
  for (let i = 0; i < 4; i++) {
    for (let j = 0; j < 3; j++) {
      out[3 * i + j] = c[3 * i] * p[j] + c[3 * i + 1] * p[3 + j] + c[3 * i + 2] * p[6 + j] + (i === 3 ? p[9 + j] : 0);
    }
  }
  return out;
}

function objectId(xml, what) {
  const k = xml.find('objectid');
  const id = k < 0 ? NaN : xml.integer(k);
  if (!(id >= 1)) xml.fail(xml.tagStart, `${what} needs an objectid (a positive integer)`);
  return id;
}

// The part (zip entry) a component or item refers into: its p:path, else its own part.
function pathOf(xml, part) {
  const k = xml.find('path', true);
  return k < 0 ? part : entryName(xml.value(k), part);
}

/** One model part: { unit, objects: Map(id → object), items: [{ part, id, transform }] }. */
function parsePart(bytes, part) {
  const xml = new XmlReader(bytes, part);
  const kinds = new Uint8Array(xml.maxDepth + 1);
  const objects = new Map();
  const items = [];
  let unit = 'millimeter';
  let object = null;
  let positions = null;
  let indices = null;

  const fail = (why) => xml.fail(xml.tagStart, why);
  const coordinate = (axis) => {
    const k = xml.find(axis);
    const x = k < 0 ? NaN : xml.number(k);
    if (!Number.isFinite(x)) {
      const n = positions.length / 3 + 1;
      fail(
        `vertex ${n} of object ${object.id} has ${axis} = ${k < 0 ? 'nothing' : xml.quoted(k)}, not a finite number`,
      );
    }
    return x;
  };
  const corner = (name) => {
    const k = xml.find(name);
    const v = k < 0 ? NaN : xml.integer(k);
    const count = positions.length / 3;
    if (!(v >= 0 && v < count)) {
      const t = indices.length / 3 + 1;
      const got = k < 0 ? 'nothing' : xml.quoted(k);
      fail(
        `triangle ${t} of object ${object.id} has ${name} = ${got}: not a vertex of the ${count} before it (counted from 0)`,
      );
    }
    return v;
  };

  for (let event = xml.next(); event !== DONE; event = xml.next()) {
    const depth = xml.depth;
    if (event === END) {
      if (kinds[depth + 1] === OBJECT) object = null;
      continue;
    }
    // Which kept element this is, from its parent's kind.
    const parent = depth === 1 ? -1 : kinds[depth - 1];
    let kind = OTHER;
    if (depth === 1) {
      if (!xml.is('model')) fail(`the root element is <${xml.name()}>, not <model>`);
      kind = MODEL;
    } else if (parent !== OTHER && CHILDREN[parent]) {
      for (const [name, child] of CHILDREN[parent]) if (xml.is(name)) kind = child;
    }
    kinds[depth] = kind;

    if (kind === VERTEX) {
      positions.push3(coordinate('x'), coordinate('y'), coordinate('z'));
    } else if (kind === TRIANGLE) {
      indices.push3(corner('v1'), corner('v2'), corner('v3'));
    } else if (kind === MODEL) {
      unit = readModel(xml, part);
    } else if (kind === OBJECT) {
      const k = xml.find('id');
      const id = k < 0 ? NaN : xml.integer(k);
      if (!(id >= 1)) fail('an <object> needs an id (a positive integer)');
      if (objects.has(id)) fail(`two objects have the id ${id}`);
      const name = xml.find('name');
      object = { id, name: name < 0 ? '' : xml.value(name), mesh: null, components: null };
      objects.set(id, object);
    } else if (kind === MESH || kind === COMPONENTS) {
      if (object.mesh || object.components) fail(`object ${object.id} has more than one <mesh> or <components>`);
      if (kind === COMPONENTS) object.components = [];
      else {
        positions = new Float64List(48); // small: a file may hold many small objects
        indices = new Uint32List(48);
        object.mesh = { positions, indices };
      }
    } else if (kind === COMPONENT) {
      const what = `a component of object ${object.id}`;
      const id = objectId(xml, what);
      // A <component> is read only inside <components>, which set the list.
      /** @type {object[]} */ (object.components).push({
        part: pathOf(xml, part),
        id,
        transform: transformOf(xml, what),
      });
    } else if (kind === ITEM) {
      const id = objectId(xml, 'a build item');
      items.push({ part: pathOf(xml, part), id, transform: transformOf(xml, `the build item of object ${id}`) });
    }
  }
  return { unit, objects, items };
}

// The <model> element: its unit, checked, and the extensions it requires, which must be readable.
function readModel(xml, part) {
  const k = xml.find('unit');
  const unit = k < 0 ? 'millimeter' : xml.value(k).trim();
  if (!(unit in THREE_MF_UNITS)) {
    xml.fail(xml.tagStart, `unit '${unit}' is not a 3MF unit (3MF units: ${Object.keys(THREE_MF_UNITS).join(', ')})`);
  }
  const required = xml.find('requiredextensions');
  if (required >= 0) {
    for (const prefix of xml.value(required).trim().split(/\s+/).filter(Boolean)) {
      const declared = xml.find(`xmlns:${prefix}`);
      if (declared < 0)
        xml.fail(xml.tagStart, `requiredextensions names '${prefix}', a prefix not declared on <model>`);
      const namespace = xml.value(declared);
      if (!READABLE_EXTENSIONS.has(namespace)) {
        xml.fail(
          xml.tagStart,
          `it requires the 3MF extension ${namespace} ('${prefix}'), which changes the shape and is not read here (${part}; readable: core, materials, production, triangle sets)`,
        );
      }
    }
  }
  return unit;
}

/**
 * A 3MF file as `{ unit, meshes: [{ name, positions, indices }], placements: [{ mesh, transform }] }`:
 * the unit its root <model> states, each mesh object the build reaches once, and every placement
 * of one (an index into meshes and a 3MF transform of 12 numbers, or null for none).
 */
export function parse3mf(bytes, limits = THREE_MF_LIMITS, zipLimits = undefined) {
  const zip = new Zip(bytes, zipLimits);
  const root = rootPart(zip);
  const parts = new Map();
  const partOf = (name, from) => {
    if (!parts.has(name)) {
      if (!zip.find(name)) throw corrupt(`${from} refers to the part '${name}', which is not in the file`);
      parts.set(name, parsePart(zip.read(name), name));
    }
    return parts.get(name);
  };
  const { unit, items } = partOf(root, '_rels/.rels');

  const objectAt = ({ part, id }, from) => {
    const object = partOf(part, from).objects.get(id);
    if (!object) throw corrupt(`${from} refers to object ${id}, which ${part} does not define`);
    if (!object.mesh && !object.components) {
      throw corrupt(`object ${id} of ${part} has neither a mesh nor components (a shape this reader does not read)`);
    }
    return object;
  };
  checkAcyclic(items, objectAt, root);

  // Every placement, depth first, in build order; meshes listed as first reached.
  const meshes = [];
  const meshIndex = new Map();
  const placements = [];
  let placedTriangles = 0;
  const stack = items.map((item) => ({ ref: item, transform: item.transform, from: `${root}'s build` })).reverse();
  let placed = 0; // objects placed, meshes and components alike
  while (stack.length > 0) {
    const { ref, transform, from } = stack.pop();
    const object = objectAt(ref, from);
    if (++placed > limits.placements) {
      throw corrupt(`the build places more than ${limits.placements} objects (components within components multiply)`);
    }
    if (object.components) {
      for (let k = object.components.length - 1; k >= 0; k--) {
        const component = object.components[k];
        stack.push({
          ref: component,
          transform: compose(component.transform, transform),
          from: `object ${object.id} of ${ref.part}`,
        });
      }
      continue;
    }
    if (!meshIndex.has(object)) {
      meshIndex.set(object, meshes.length);
      const { positions, indices } = object.mesh;
      meshes.push({ name: object.name, positions: positions.finish(), indices: indices.finish() });
    }
    const mesh = meshes[meshIndex.get(object)];
    placedTriangles += mesh.indices.length / 3;
    if (placedTriangles > limits.placedTriangles) {
      throw corrupt(
        `the build places more than ${limits.placedTriangles} triangles (components within components multiply)`,
      );
    }
    placements.push({ mesh: meshIndex.get(object), transform });
  }
  return { unit, meshes, placements };
}

// Components must not contain themselves, however indirectly: a depth-first walk with colours.
function checkAcyclic(items, objectAt, root) {
  const state = new Map(); // object → 1 while on the path, 2 when done
  for (const item of items) {
    const first = objectAt(item, `${root}'s build`);
    if (state.get(first) === 2) continue;
    const path = [{ object: first, part: item.part, next: 0 }];
    state.set(first, 1);
    while (path.length > 0) {
      const top = path[path.length - 1];
      const components = top.object.components ?? [];
      if (top.next === components.length) {
        state.set(top.object, 2);
        path.pop();
        continue;
      }
      const component = components[top.next++];
      const child = objectAt(component, `object ${top.object.id} of ${top.part}`);
      if (state.get(child) === 1) {
        throw corrupt(`object ${child.id} of ${component.part} contains itself through its components`);
      }
      if (state.get(child) !== 2) {
        state.set(child, 1);
        path.push({ object: child, part: component.part, next: 0 });
      }
    }
  }
}
