// PLY (ascii, binary_little_endian, binary_big_endian): the vertex element's x, y, z (of any
// numeric type; px/posx... as three's PLYLoader also accepts) and the face element's
// vertex_indices (or vertex_index) lists, fan-triangulated, as one indexed mesh. Every other
// element and property is read past and not kept. Counts are checked against the bytes before
// anything is allocated, so a header cannot make the reader reserve more than the file holds.
import { corrupt, truncated } from './errors.js';
import { Uint32List } from './growable.js';
import { isNonFiniteSpelling, parseDecimal, parseInteger, quote, textOf } from './numbers.js';
import { Scanner } from './scanner.js';

// Type name → [byte size, DataView getter, is an integer type].
const TYPES = {};
for (const [names, size, getter, integer] of /** @type {[string[], number, string, boolean][]} */ ([
  [['char', 'int8'], 1, 'getInt8', true],
  [['uchar', 'uint8'], 1, 'getUint8', true],
  [['short', 'int16'], 2, 'getInt16', true],
  [['ushort', 'uint16'], 2, 'getUint16', true],
  [['int', 'int32'], 4, 'getInt32', true],
  [['uint', 'uint32'], 4, 'getUint32', true],
  [['float', 'float32'], 4, 'getFloat32', false],
  [['double', 'float64'], 8, 'getFloat64', false],
])) {
  for (const name of names) TYPES[name] = { name, size, getter, integer };
}
const FORMATS = ['ascii', 'binary_little_endian', 'binary_big_endian'];
const POSITION_NAMES = [
  ['x', 'px', 'posx'],
  ['y', 'py', 'posy'],
  ['z', 'pz', 'posz'],
];

// Whether `word` stands at the start of a line (one pass; the header is searched, not the body).
function includesLine(bytes, word) {
  const first = word.charCodeAt(0);
  for (let at = bytes.indexOf(first); at >= 0; at = bytes.indexOf(first, at + 1)) {
    if (bytes[at - 1] !== 10 && bytes[at - 1] !== 13) continue;
    let k = 1;
    while (k < word.length && bytes[at + k] === word.charCodeAt(k)) k++;
    if (k === word.length) return true;
  }
  return false;
}

// The header, up to and including the end_header line: { format, elements, bodyStart, lines }.
function parseHeader(bytes) {
  const scan = new Scanner(bytes);
  const crlf = bytes[3] === 13;
  if (textOf(bytes, 0, 3) !== 'ply' || !(bytes[3] === 10 || (crlf && bytes[4] === 10))) {
    throw corrupt("it does not start with a 'ply' line");
  }
  // Without it the body would be read as header lines: say what is missing instead.
  if (!includesLine(bytes, 'end_header')) throw corrupt("its header has no 'end_header' line");
  scan.nextLine();
  let format = null;
  const elements = [];
  const word = () => (scan.tokenInLine() ? textOf(bytes, scan.start, scan.end) : '');
  for (;;) {
    if (scan.pos >= bytes.length) throw corrupt("its header has no 'end_header' line");
    const line = scan.line;
    const keyword = word();
    if (keyword === 'end_header') {
      if (word()) throw corrupt(`line ${line}: 'end_header' is followed by ${quote(bytes, scan.start, scan.end)}`);
      // The body starts after this line's end: '\n', or '\r\n' in a file whose lines end so.
      let at = scan.pos;
      if (crlf && bytes[at] === 13) at++;
      if (at < bytes.length && bytes[at] !== 10) throw corrupt(`line ${line}: 'end_header' is not alone on its line`);
      return { format, elements, bodyStart: at + 1, line: line + 1 };
    }
    if (keyword === 'format') {
      format = word();
      if (!FORMATS.includes(format))
        throw corrupt(`line ${line}: unknown format '${format}' (known: ${FORMATS.join(', ')})`);
    } else if (keyword === 'element') {
      const name = word();
      const count = scan.tokenInLine() ? parseInteger(bytes, scan.start, scan.end) : NaN;
      if (!name || !(count >= 0 && count <= 0xffffffff))
        throw corrupt(`line ${line}: an element needs a name and a count`);
      elements.push({ name, count, properties: [], line });
    } else if (keyword === 'property') {
      const element = elements[elements.length - 1];
      if (!element) throw corrupt(`line ${line}: a property before any element`);
      let type = word();
      let count = null;
      if (type === 'list') {
        count = TYPES[word()];
        type = word();
        if (!count?.integer) throw corrupt(`line ${line}: a list's count must be of an integer type`);
      }
      const name = word();
      if (!TYPES[type] || !name)
        throw corrupt(
          `line ${line}: expected 'property <type> <name>', with a type of ${Object.keys(TYPES).join(', ')}`,
        );
      element.properties.push({ name, type: TYPES[type], count });
    } else if (keyword !== 'comment' && keyword !== 'obj_info' && keyword !== '') {
      throw corrupt(`line ${line}: unknown header line '${keyword}'`);
    }
    scan.nextLine();
  }
}

// Where x, y, z and the face list are among an element's properties.
function roles(element) {
  const roleOf = new Array(element.properties.length).fill(-1);
  if (element.name === 'vertex') {
    POSITION_NAMES.forEach((names, axis) => {
      const k = names.map((n) => element.properties.findIndex((p) => p.name === n && !p.count)).find((i) => i >= 0);
      if (k === undefined) throw corrupt(`line ${element.line}: the vertex element has no ${names[0]} property`);
      roleOf[k] = axis;
    });
  }
  if (element.name === 'face') {
    const k = element.properties.findIndex(
      (p) => p.count && (p.name === 'vertex_indices' || p.name === 'vertex_index'),
    );
    if (k < 0) throw corrupt(`line ${element.line}: the face element has no vertex_indices list`);
    if (!element.properties[k].type.integer)
      throw corrupt(`line ${element.line}: face vertex indices must be integers`);
    roleOf[k] = 3;
  }
  return roleOf;
}

// Reads a body into sinks: position(vertex, axis, value) and face(corners) per element.
class Mesh {
  constructor(header, bodyBytes) {
    const vertex = header.elements.find((e) => e.name === 'vertex');
    if (!vertex) throw corrupt('it has no vertex element');
    this.vertexCount = vertex.count;
    const x = vertex.properties.find((p) => POSITION_NAMES[0].includes(p.name))?.type;
    const Type = x && !x.integer && x.size === 4 ? Float32Array : Float64Array;
    const faces = header.elements.find((e) => e.name === 'face');
    // Counts against the bytes: each property takes at least its size (a list its count's), or
    // in ASCII one character and a separator, so the header cannot promise more than the file holds.
    const ascii = header.format === 'ascii';
    let least = 0;
    for (const e of header.elements) {
      const size = ascii ? 2 * e.properties.length : e.properties.reduce((n, p) => n + (p.count ?? p.type).size, 0);
      least += e.count * size;
    }
    if (least > bodyBytes + (ascii ? 1 : 0)) {
      throw truncated(`its header declares at least ${least} bytes of data, and ${bodyBytes} follow it`);
    }
    this.positions = new Type(3 * vertex.count);
    this.indices = new Uint32List(faces ? 3 * faces.count : 16);
  }

  position(v, axis, x, where) {
    if (!Number.isFinite(x)) throw corrupt(`${where}: vertex ${v + 1} has ${'xyz'[axis]} = ${x}, not a finite number`);
    this.positions[3 * v + axis] = x;
  }

  face(f, corners, where) {
    if (corners.length < 3)
      throw corrupt(`${where}: face ${f + 1} has ${corners.length} vertices; a face needs at least 3`);
    for (const i of corners) {
      if (!(i >= 0 && i < this.vertexCount)) {
        throw corrupt(
          `${where}: face ${f + 1} has vertex index ${i}, out of range (${this.vertexCount} vertices, counted from 0)`,
        );
      }
    }
    for (let k = 1; k + 1 < corners.length; k++) {
      this.indices.push3(corners[0], corners[k], corners[k + 1]);
    }
  }
}

function readAscii(bytes, header, mesh) {
  const scan = new Scanner(bytes, { start: header.bodyStart, line: header.line });
  const next = (element, j) => {
    if (!scan.token()) {
      throw truncated(
        `its data ends at line ${scan.line}, in ${element.name} ${j + 1} of the ${element.count} its header declares`,
      );
    }
  };
  const integer = (element, j, type) => {
    next(element, j);
    const n = parseInteger(bytes, scan.start, scan.end);
    if (!Number.isInteger(n))
      throw corrupt(`line ${scan.line}: ${quote(bytes, scan.start, scan.end)} is not an integer (${type.name})`);
    return n;
  };
  const value = (element, j, type) => {
    if (type.integer) return integer(element, j, type);
    next(element, j);
    const x = parseDecimal(bytes, scan.start, scan.end);
    if (Number.isNaN(x) && !isNonFiniteSpelling(bytes, scan.start, scan.end)) {
      throw corrupt(`line ${scan.line}: ${quote(bytes, scan.start, scan.end)} is not a number`);
    }
    return x;
  };
  for (const element of header.elements) {
    const roleOf = roles(element);
    if (element.properties.length === 0) continue; // nothing to read, however many
    for (let j = 0; j < element.count; j++) {
      element.properties.forEach((p, k) => {
        if (!p.count) {
          const x = value(element, j, p.type);
          if (roleOf[k] >= 0) mesh.position(j, roleOf[k], x, `line ${scan.line}`);
          return;
        }
        const n = integer(element, j, p.count);
        if (n < 0) throw corrupt(`line ${scan.line}: a list of ${n} items`);
        const list = roleOf[k] === 3 ? [] : null;
        for (let i = 0; i < n; i++) {
          const x = value(element, j, p.type);
          list?.push(x);
        }
        if (list) mesh.face(j, list, `line ${scan.line}`);
      });
    }
  }
}

function readBinary(bytes, header, mesh) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const little = header.format === 'binary_little_endian';
  let at = header.bodyStart;
  const read = (type, element, j) => {
    if (at + type.size > bytes.length) {
      throw truncated(`its data ends in ${element.name} ${j + 1} of the ${element.count} its header declares`);
    }
    const x = view[type.getter](at, little);
    at += type.size;
    return x;
  };
  for (const element of header.elements) {
    const roleOf = roles(element);
    const props = element.properties;
    if (props.length === 0) continue; // nothing to read, however many
    for (let j = 0; j < element.count; j++) {
      for (let k = 0; k < props.length; k++) {
        const p = props[k];
        if (!p.count) {
          const x = read(p.type, element, j);
          if (roleOf[k] >= 0) mesh.position(j, roleOf[k], x, `byte ${at - p.type.size}`);
          continue;
        }
        const n = read(p.count, element, j);
        if (n < 0) throw corrupt(`byte ${at - p.count.size}: a list of ${n} items`);
        if (roleOf[k] !== 3) {
          at += n * p.type.size;
          if (at > bytes.length)
            throw truncated(`its data ends in ${element.name} ${j + 1} of the ${element.count} its header declares`);
          continue;
        }
        const corners = new Array(n);
        for (let i = 0; i < n; i++) corners[i] = read(p.type, element, j);
        mesh.face(j, corners, `byte ${at}`);
      }
    }
  }
}

/** A PLY file's mesh: `{ positions, indices }` (Float32Array positions when x is a float). */
export function parsePly(bytes) {
  const header = parseHeader(bytes);
  if (!header.format) throw corrupt("its header has no 'format' line");
  const mesh = new Mesh(header, Math.max(0, bytes.length - header.bodyStart));
  if (header.format === 'ascii') readAscii(bytes, header, mesh);
  else readBinary(bytes, header, mesh);
  return { positions: mesh.positions, indices: mesh.indices.finish() };
}
