// The command line's own readers of STL, OBJ, PLY and 3MF (cli/js/parsers). On valid files they
// must give the triangles three.js's loaders give (up to order: the loaders are the reference);
// on hostile ones, the right kind of error naming the line or element, in linear time and
// bounded memory (Jest's timeout bounds each test: the inputs are ones that took the loaders
// seconds to minutes, or gigabytes).
import { Mesh, Vector3 } from 'three';
import { STLLoader } from 'three/addons/loaders/STLLoader.js';
import { OBJLoader } from 'three/addons/loaders/OBJLoader.js';
import { PLYLoader } from 'three/addons/loaders/PLYLoader.js';
import { ThreeMFLoader } from 'three/addons/loaders/3MFLoader.js';
import bunny from 'bunny';

import { parseObj } from '../../cli/js/parsers/obj.js';
import { parsePly } from '../../cli/js/parsers/ply.js';
import { parseStl } from '../../cli/js/parsers/stl.js';
import { parse3mf } from '../../cli/js/parsers/threemf.js';
import { ZIP_LIMITS } from '../../cli/js/parsers/zip.js';
import { parseDecimal } from '../../cli/js/parsers/numbers.js';
import { box, torus } from './helpers/meshes.js';
import {
  MiB,
  PRODUCTION,
  asciiStl,
  binaryStl,
  bytesOf,
  deflatedSpaces,
  meshXml,
  modelXml,
  ply,
  plyMesh,
  threeMf,
  trianglesOf,
  zip,
  RELS,
} from './helpers/model-files.js';
import { xmlDomParser } from './helpers/xml-dom.js';

// The bunny with float32 coordinates written in full, so that the loaders (float32) and the
// parsers (double) hold the same numbers.
const BUNNY = {
  positions: new Float64Array(bunny.positions.flat().map(Math.fround)),
  indices: new Uint32Array(bunny.cells.flat()),
};
const arrayBuffer = (bytes) => bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);

// A triangle as a key that does not depend on which corner comes first (the winding is kept),
// and a list of triangles as sorted keys: the same triangles up to order give equal lists.
const vertexKey = (x, y, z) => [x, y, z].map((c) => (Math.abs(c) < 1e-12 ? 0 : c).toPrecision(7)).join(' ');
function canonical(triangles) {
  return triangles
    .map((t) => {
      const corners = [0, 1, 2].map((j) => vertexKey(t[3 * j], t[3 * j + 1], t[3 * j + 2]));
      const first = corners.indexOf([...corners].sort()[0]);
      return [0, 1, 2].map((j) => corners[(first + j) % 3]).join(' | ');
    })
    .sort();
}

// The triangles three.js draws for a loader's result, in world space.
function trianglesOfThree(object) {
  object.updateWorldMatrix(true, true);
  const out = [];
  const v = new Vector3();
  object.traverse((node) => {
    if (!node.isMesh) return;
    const position = node.geometry.getAttribute('position');
    const index = node.geometry.index;
    const count = index ? index.count : position.count;
    for (let i = 0; i + 2 < count; i += 3) {
      const tri = [];
      for (let j = 0; j < 3; j++) {
        v.fromBufferAttribute(position, index ? index.getX(i + j) : i + j).applyMatrix4(node.matrixWorld);
        tri.push(v.x, v.y, v.z);
      }
      out.push(tri);
    }
  });
  return out;
}

// A parsed 3MF's triangles, each placement's transform applied (3MF's row-vector convention).
function trianglesOf3mf({ meshes, placements }) {
  const out = [];
  for (const { mesh, transform: t } of placements) {
    for (const tri of trianglesOf(meshes[mesh])) {
      if (!t) out.push(tri);
      else {
        const placed = [];
        for (let j = 0; j < 9; j += 3) {
          const [x, y, z] = tri.slice(j, j + 3);
          for (let c = 0; c < 3; c++) placed.push(x * t[c] + y * t[3 + c] + z * t[6 + c] + t[9 + c]);
        }
        out.push(placed);
      }
    }
  }
  return out;
}

function expectParseError(parse, kind, pattern) {
  let error = null;
  try {
    parse();
  } catch (e) {
    error = e;
  }
  expect(error?.name).toBe('ParseError');
  expect({ kind: error.kind, message: error.message }).toEqual({ kind, message: expect.stringMatching(pattern) });
}

describe('numbers', () => {
  test('decimals are read as Number reads them, and nothing else is a number', () => {
    for (const text of [
      '0',
      '-0',
      '+1.5',
      '.5',
      '5.',
      '1e3',
      '1E-3',
      '-2.5e+10',
      '0.1',
      '3.4028234663852886e38',
      '1e-320',
    ]) {
      expect(Object.is(parseDecimal(bytesOf(text), 0, text.length), Number(text))).toBe(true);
    }
    // Many digits, large exponents: the slow path, still Number's rounding.
    const random = [];
    for (let k = 0; k < 2000; k++)
      random.push(((k * 7919) % 104729) / 7 + 1e-5 * k, 10 ** ((k % 600) - 300) * (k + 0.1234567891234));
    for (const x of random) {
      for (const text of [String(x), x.toExponential(20), x.toFixed(18)]) {
        expect(parseDecimal(bytesOf(text), 0, text.length)).toBe(Number(text));
      }
    }
    for (const text of ['', '-', '.', 'e5', '1e', '1.5abc', '1,5', 'NaN', 'inf', '0x10', '1 ', '--1', '1.2.3']) {
      expect(parseDecimal(bytesOf(text), 0, text.length)).toBeNaN();
    }
    expect(parseDecimal(bytesOf('1e400'), 0, 5)).toBe(Infinity);
  });
});

describe('STL', () => {
  const triangles = trianglesOf(BUNNY);

  test('binary: the triangles STLLoader reads, also when the header starts with "solid"', () => {
    for (const header of ['exported by a test', 'solid bunny, binary all the same']) {
      const bytes = binaryStl(triangles, header);
      const ours = parseStl(bytesOf(bytes));
      expect(ours.positions).toBeInstanceOf(Float32Array);
      const theirs = new Mesh(new STLLoader().parse(arrayBuffer(bytes)));
      expect(canonical(trianglesOf(ours))).toEqual(canonical(trianglesOfThree(theirs)));
    }
  });

  test('ASCII with several solids and every number form: the triangles STLLoader reads', () => {
    const forms = [String, (x) => x.toExponential(12), (x) => (x < 0 ? String(x) : `+${x}`)];
    const text = asciiStl([
      ['first half', triangles.slice(0, 1800)],
      ['second', triangles.slice(1800)],
    ]).replace(
      /vertex (\S+) (\S+) (\S+)/g,
      (_, ...xyz) =>
        `vertex ${xyz
          .slice(0, 3)
          .map((x, k) => forms[k](Number(x)))
          .join('\t ')}`,
    );
    const ours = parseStl(bytesOf(text));
    const theirs = new Mesh(new STLLoader().parse(arrayBuffer(Buffer.from(text))));
    expect(canonical(trianglesOf(ours))).toEqual(canonical(trianglesOfThree(theirs)));
    expect(ours.positions.length).toBe(9 * triangles.length);
    // The same on one line (the name ends where the first facet starts).
    const oneLine = text.replace(/\s+/g, ' ');
    expect(canonical(trianglesOf(parseStl(bytesOf(oneLine))))).toEqual(canonical(trianglesOf(ours)));
  });

  test("1.5 MB of 'solid solid ...' (15 s for 480 KB in STLLoader) is refused at once", () => {
    const oneLine = bytesOf('solid '.repeat(250000));
    expectParseError(() => parseStl(oneLine), 'corrupt', /^line 1: 'solid' is followed by no facet and no 'endsolid'$/);
    const lines = bytesOf('solid\n'.repeat(250000));
    expectParseError(() => parseStl(lines), 'corrupt', /^line 2: expected 'facet' or 'endsolid', found 'solid'$/);
  });

  test('NaN and Infinity in a vertex are errors naming the line; a NaN normal is not', () => {
    const text = asciiStl([['cube', trianglesOf(box())]]).split('\n');
    const at = (word, value) => {
      const lines = [...text];
      lines[10] = lines[10].replace(/vertex \S+/, `vertex ${value}`); // the second facet's first vertex
      return bytesOf(lines.join('\n').replace('facet normal 0 0 0', `facet normal ${word}`));
    };
    for (const value of ['NaN', 'nan', 'Infinity', '-inf', '1e999', '1.0x']) {
      expectParseError(
        () => parseStl(at('0 0 0', value)),
        'corrupt',
        new RegExp(`^line 11: vertex coordinate '${value.replace('.', '\\.')}' is not a finite number$`),
      );
    }
    expect(parseStl(at('nan -nan NaN', '0')).positions.length).toBe(9 * 12);
    expectParseError(
      () => parseStl(at('0 zero 0', '0')),
      'corrupt',
      /^line 2: normal component 'zero' is not a number$/,
    );
  });

  test('a cut ASCII file is truncated; a wrong keyword is named with its line', () => {
    const text = asciiStl([['cube', trianglesOf(box())]]);
    expectParseError(
      () => parseStl(bytesOf(text.slice(0, 200))),
      'truncated',
      /^it ends inside facet 2 of the solid begun on line 1 \(line 1[0-9]\)$/,
    );
    expectParseError(
      () => parseStl(bytesOf(text.slice(0, text.indexOf('endsolid')))),
      'truncated',
      /after 12 facets .* without 'endsolid'/,
    );
    expectParseError(
      () => parseStl(bytesOf(text.replace('outer loop', 'outer lop'))),
      'corrupt',
      /^line 3: expected 'loop', found 'lop'$/,
    );
    const four = text.replace('endloop', 'vertex 1 1 1\nendloop');
    expectParseError(() => parseStl(bytesOf(four)), 'corrupt', /^line 7: expected 'endloop', found 'vertex'$/);
  });

  test('binary: short, long or non-finite is refused, with the counts', () => {
    const bytes = binaryStl(trianglesOf(box()), 'solid but binary');
    expectParseError(() => parseStl(bytesOf(bytes.subarray(0, 300))), 'truncated', /^300 bytes, its header says 684$/);
    const long = Buffer.concat([bytes, Buffer.alloc(100)]);
    expectParseError(
      () => parseStl(bytesOf(long)),
      'corrupt',
      /counts 12 triangles \(684 bytes\) but the file has 784 bytes/,
    );
    expect(parseStl(bytesOf(Buffer.concat([bytes, Buffer.alloc(2)]))).positions.length).toBe(108); // padding
    bytes.writeFloatLE(NaN, 84 + 50 * 3 + 20);
    expectParseError(
      () => parseStl(bytesOf(bytes)),
      'corrupt',
      /^triangle 4 has a coordinate that is not finite \(NaN\)$/,
    );
  });
});

describe('OBJ', () => {
  // The bunny as two objects, then a block of quads and a pentagon in every face-vertex form,
  // with negative indices, comments, CRLF line ends and a continued line.
  function objFile() {
    const lines = ['# a test file', 'mtllib none.mtl'];
    const { positions, indices } = BUNNY;
    for (let i = 0; i < positions.length; i += 3)
      lines.push(`v ${positions[i]} ${positions[i + 1]} ${positions[i + 2]}`);
    lines.push('vt 0 0', 'vn 0 0 1', 'o bunny front', 'usemtl a');
    const half = 3 * 1800;
    for (let t = 0; t < indices.length; t += 3) {
      if (t === half) lines.push('g bunny back', 's off');
      lines.push(`f ${indices[t] + 1} ${indices[t + 1] + 1}/1 ${indices[t + 2] + 1}//1`);
    }
    lines.push('o block');
    for (const [x, y, z] of [
      [0, 0, 0],
      [1, 0, 0],
      [1, 1, 0],
      [0, 1, 0],
      [0.5, 1.5, 0],
      [0, 0, 1],
      [1, 0, 1],
      [1, 1, 1],
      [0, 1, 1],
    ]) {
      lines.push(`v ${x} ${y} ${z} 1.0`);
    }
    lines.push('f -9/1/1 -6/1/1 -5 -7 -8', 'f -4 -3 -2 \\', '  -1', 'f -9 -8 -3 -4');
    return `${lines.join('\r\n')}\r\n`;
  }

  test('objects, polygons, every vertex form and negative indices: what OBJLoader reads', () => {
    const text = objFile();
    const ours = parseObj(bytesOf(text));
    const theirs = new OBJLoader().parse(text);
    expect(ours.objects.map((o) => o.name)).toEqual(theirs.children.map((m) => m.name));
    expect(ours.objects.map((o) => o.name)).toEqual(['bunny front', 'bunny back', 'block']);
    ours.objects.forEach((object, k) => {
      expect(canonical(trianglesOf(object))).toEqual(canonical(trianglesOfThree(theirs.children[k])));
    });
  });

  test('faces before the first o or g belong to the object it names, as in OBJLoader', () => {
    const text = 'v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\no named later\nf 3 2 1\no next\nf 1 3 2\n';
    const ours = parseObj(bytesOf(text));
    const theirs = new OBJLoader().parse(text);
    expect(ours.objects.map((o) => [o.name, o.positions.length])).toEqual(
      theirs.children.map((m) => [m.name, m.geometry.getAttribute('position').array.length]),
    );
  });

  test('a face index out of range is named with its line, not blamed on a coordinate', () => {
    const head = 'v 0 0 0\nv 1 0 0\nv 0 1 0\n';
    expectParseError(
      () => parseObj(bytesOf(`${head}f 1 2 3\nf 1 2 7\n`)),
      'corrupt',
      /^line 5: face vertex '7': index 7 is out of range \(3 vertices so far/,
    );
    expectParseError(
      () => parseObj(bytesOf(`${head}f -1 -2 -4\n`)),
      'corrupt',
      /^line 4: face vertex '-4': index -4 is out of range/,
    );
    expectParseError(
      () => parseObj(bytesOf(`${head}f 0 1 2\n`)),
      'corrupt',
      /^line 4: face vertex '0': index 0 is out of range/,
    );
    // A vertex defined after the face is out of range at the face.
    expectParseError(
      () => parseObj(bytesOf(`${head}f 1 2 4\nv 1 1 1\n`)),
      'corrupt',
      /^line 4: .*index 4 is out of range/,
    );
  });

  test('bad vertices and faces are errors naming the line', () => {
    const cases = [
      ['v 0 0\n', /^line 1: a vertex needs x, y and z$/],
      ['v 0 0 0\nv 1 nan 0\n', /^line 2: vertex coordinate 'nan' is not a finite number$/],
      ['v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2\n', /^line 4: a face needs at least 3 vertices, this one has 2$/],
      ['v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1/1/1/1 2 3\n', /^line 4: face vertex '1\/1\/1\/1' is not of the form/],
      ['v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1/a 2 3\n', /^line 4: face vertex '1\/a' is not of the form/],
      ['v 0 0 0\nv 1 0 0\nv 0 1 0\nf x 2 3\n', /^line 4: face vertex 'x' does not start with a vertex index$/],
      ['v 0 0 0\nv 1 0 \\\n  \nv 0 1 0\nf 1 2 3\n', /^line 2: a vertex needs x, y and z$/],
    ];
    for (const [text, pattern] of cases) expectParseError(() => parseObj(bytesOf(text)), 'corrupt', pattern);
  });

  test('long lines and many lines are read in one pass: a 2 MB comment, a face of 200,000 corners, a million empty objects', () => {
    const corners = Array.from({ length: 200000 }, (_, k) => (k % 3) + 1).join(' ');
    const text = `# ${'x'.repeat(2 * MiB)}\nv 0 0 0\nv 1 0 0\nv 0 1 0\nf ${corners}\n`;
    expect(parseObj(bytesOf(text)).objects[0].positions.length).toBe(9 * 199998);
    // A million empty objects keep nothing (each renames the empty one before it).
    const empty = `${'o x\n'.repeat(1000000)}v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n`;
    expect(parseObj(bytesOf(empty)).objects).toEqual([
      { name: 'x', positions: new Float64Array([0, 0, 0, 1, 0, 0, 0, 1, 0]) },
    ]);
  });
});

describe('PLY', () => {
  const cube = box([0, 0, 0], [1, 2, 3]);
  // The bunny with normals, colours, a quad block and an element three's loader does not know.
  function elements(type, indexType, countType = 'uchar') {
    const [vertex, face] = plyMesh(BUNNY, type, indexType);
    vertex.properties.splice(1, 0, ['float', 'nx']);
    vertex.properties.push(['uchar', 'red'], ['uchar', 'green'], ['uchar', 'blue']);
    vertex.rows = vertex.rows.map(([x, y, z], k) => [x, 0.5, y, z, k % 256, 7, 255]);
    face.properties = [
      ['list', countType, indexType, 'vertex_indices'],
      ['int', 'flags'],
    ];
    face.rows = face.rows.map(([list]) => [list, 1]);
    // Two quads over the first four vertices: fan-split as PLYLoader splits them.
    face.rows.push([[0, 1, 2, 3], 2], [[3, 2, 1, 0], 2]);
    const edge = {
      name: 'edge',
      properties: [
        ['int', 'vertex1'],
        ['int', 'vertex2'],
        ['list', 'uchar', 'float', 'weights'],
      ],
      rows: [
        [0, 1, [0.5, 1]],
        [1, 2, []],
      ],
    };
    return [vertex, edge, face];
  }

  test.each([
    ['ascii', 'float', 'int'],
    ['binary_little_endian', 'float', 'uint'],
    ['binary_big_endian', 'double', 'int'],
    ['binary_little_endian', 'int', 'ushort'],
    ['ascii', 'double', 'uint32'],
  ])('%s with %s positions and %s indices: what PLYLoader reads', (format, type, indexType) => {
    const data = ply(format, elements(type, indexType));
    const ours = parsePly(bytesOf(data));
    expect(ours.positions).toBeInstanceOf(type === 'float' ? Float32Array : Float64Array);
    const theirs = new Mesh(new PLYLoader().parse(arrayBuffer(Buffer.from(data))));
    expect(canonical(trianglesOf(ours))).toEqual(canonical(trianglesOfThree(theirs)));
    expect(ours.indices.length).toBe(BUNNY.indices.length + 12);
  });

  test('a file without end_header is corrupt, not empty', () => {
    const data = ply('ascii', plyMesh(cube)).replace('end_header\n', '');
    expectParseError(() => parsePly(bytesOf(data)), 'corrupt', /^its header has no 'end_header' line$/);
    expectParseError(() => parsePly(bytesOf('solid cube\n')), 'corrupt', /^it does not start with a 'ply' line$/);
  });

  test('data shorter than the header declares is truncated, in ascii and binary', () => {
    const ascii = ply('ascii', plyMesh(cube));
    expectParseError(
      () => parsePly(bytesOf(ascii.slice(0, -20))),
      'truncated',
      /^its data ends at line \d+, in face \d+ of the 12 its header declares$/,
    );
    const binary = ply('binary_little_endian', plyMesh(cube));
    expectParseError(
      () => parsePly(bytesOf(binary.subarray(0, binary.length - 5))),
      'truncated',
      /^its data ends in face 12 of the 12/,
    );
    // A count far past the bytes is refused before anything is reserved for it.
    const huge = ply('binary_big_endian', plyMesh(cube))
      .toString('latin1')
      .replace('element vertex 8', 'element vertex 4000000000');
    expectParseError(
      () => parsePly(bytesOf(Buffer.from(huge, 'latin1'))),
      'truncated',
      /declares at least 48000000\d+ bytes of data, and \d+ follow it/,
    );
  });

  test('bad headers, numbers and indices are errors naming the line, element or byte', () => {
    const ascii = ply('ascii', plyMesh(cube));
    const cases = [
      [ascii.replace('format ascii', 'format text'), /^line 2: unknown format 'text'/],
      [ascii.replace('property float y\n', ''), /the vertex element has no y property/],
      [ascii.replace('property float x', 'property flaot x'), /^line 5: expected 'property <type> <name>'/],
      [ascii.replace('vertex_indices', 'corners'), /the face element has no vertex_indices list/],
      [ascii.replace('\n0 0 0\n', '\n0 NaN 0\n'), /^line 1\d: vertex 1 has y = NaN, not a finite number$/],
      [ascii.replace('\n0 0 0\n', '\n0 zero 0\n'), /^line 1\d: 'zero' is not a number$/],
      [
        ascii.replace(/\n3 (\d+) (\d+) (\d+)\n/, '\n3 $1 $2 8\n'),
        /face 1 has vertex index 8, out of range \(8 vertices, counted from 0\)/,
      ],
      [ascii.replace(/\n3 (\d+) (\d+) (\d+)\n/, '\n2 $1 $2\n'), /face 1 has 2 vertices; a face needs at least 3/],
      [ascii.replace('comment', 'remark'), /^line 3: unknown header line 'remark'$/],
    ];
    for (const [text, pattern] of cases) expectParseError(() => parsePly(bytesOf(text)), 'corrupt', pattern);
  });
});

describe('3MF', () => {
  const cube = box([0, 0, 0], [10, 20, 30]);
  // The root part: the bunny (1), a box (2), an object of components (3) placing them, one from
  // another part (p:path); the build places 3 and 2 through transforms with a turn and a mirror.
  const turn = '0 1 0 -1 0 0 0 0 1 5 6 7';
  const subPart = modelXml(
    `<object id="10" name="part box" type="model">${meshXml(box([-1, -1, -1], [1, 1, 1]))}</object>`,
    '',
  );
  const root = modelXml(
    `<basematerials id="9"><base name="red" displaycolor="#FF0000"/></basematerials>` +
      `<object id="1" name="bunny" pid="9" pindex="0"><metadatagroup><metadata name="x">a &amp; b</metadata></metadatagroup>${meshXml(BUNNY)}</object>` +
      `<object id="2" name="box">${meshXml(cube)}</object>` +
      `<object id="3" name="assembly"><components><component objectid="1" transform="2 0 0 0 2 0 0 0 2 1 2 3"/>` +
      `<component objectid="2"/><component objectid="10" p:path="/3D/Objects/part.model" transform="${turn}"/></components></object>`,
    `<item objectid="3" transform="${turn}"/><item objectid="2" transform="-1 0 0 0 1 0 0 0 1 40 0 0"/><item objectid="2"/>`,
    `unit="millimeter" xmlns:p="${PRODUCTION}" requiredextensions="p"`,
  );

  test('objects, components, build transforms and a part of its own: what ThreeMFLoader reads', () => {
    const bytes = threeMf(root, { '3D/Objects/part.model': subPart });
    const ours = parse3mf(bytesOf(bytes));
    expect(ours.unit).toBe('millimeter');
    expect(ours.placements).toHaveLength(5);
    expect(ours.meshes.map((m) => m.name)).toEqual(['bunny', 'box', 'part box']);
    globalThis.DOMParser ??= xmlDomParser();
    const theirs = new ThreeMFLoader().parse(arrayBuffer(bytes));
    expect(canonical(trianglesOf3mf(ours))).toEqual(canonical(trianglesOfThree(theirs)));
  });

  test('a shear is kept (three.js decomposes a matrix into a turn and scales, which loses it)', () => {
    const model = modelXml(
      `<object id="2">${meshXml(cube)}</object>`,
      '<item objectid="2" transform="1 0 0 0.5 1 0 0 0 1 0 0 0"/>',
    );
    const { placements } = parse3mf(bytesOf(threeMf(model)));
    expect(placements).toEqual([{ mesh: 0, transform: [1, 0, 0, 0.5, 1, 0, 0, 0, 1, 0, 0, 0] }]);
  });

  test("a unit 3MF does not have is refused naming it and the valid ones ('mm' was read as metres)", () => {
    const model = modelXml(`<object id="2">${meshXml(cube)}</object>`, '<item objectid="2"/>', 'unit="mm"');
    expectParseError(
      () => parse3mf(bytesOf(threeMf(model))),
      'corrupt',
      /^3D\/3dmodel\.model line 2: unit 'mm' is not a 3MF unit \(3MF units: micron, millimeter, centimeter, inch, foot, meter\)$/,
    );
    for (const unit of ['micron', 'inch', 'meter']) {
      const valid = modelXml(`<object id="2">${meshXml(cube)}</object>`, '<item objectid="2"/>', `unit="${unit}"`);
      expect(parse3mf(bytesOf(threeMf(valid))).unit).toBe(unit);
    }
  });

  // A package whose model entry is 1 GiB of spaces deflated into about 1 MB.
  const bomb = (size) =>
    zip([
      { name: '_rels/.rels', data: RELS() },
      { name: '3D/3dmodel.model', data: deflatedSpaces(1024), raw: true, size },
    ]);

  test('a zip bomb is refused on its declared size, or stopped where it passes it', () => {
    // Declared honestly: 1 GiB from 1 MB is past the ratio any XML deflates to.
    expectParseError(
      () => parse3mf(bytesOf(bomb(1024 * MiB))),
      'corrupt',
      /^zip entry '3D\/3dmodel\.model' declares 1024 MiB from 1(\.\d)? MiB \(more than 100:1, a zip bomb\)$/,
    );
    // Declared small: zlib stops right past it.
    expectParseError(
      () => parse3mf(bytesOf(bomb(1000))),
      'corrupt',
      /^zip entry '3D\/3dmodel\.model' inflates past the 1000 bytes it declares$/,
    );
    // Past the total one file may inflate (lowered here: a real one past 1 GiB is a large file).
    const model = threeMf(modelXml(`<object id="1">${meshXml(BUNNY)}</object>`, '<item objectid="1"/>'));
    const limits = { ...ZIP_LIMITS, totalBytes: 100000 };
    expectParseError(
      () => parse3mf(bytesOf(model), undefined, limits),
      'corrupt',
      /^zip entry '3D\/3dmodel\.model' declares \d+ bytes: past the 100000 bytes this reader inflates from one file$/,
    );
  });

  test('only the parts the build needs are inflated: a bomb beside them is never touched', () => {
    const model = modelXml(`<object id="2">${meshXml(cube)}</object>`, '<item objectid="2"/>');
    const bytes = zip([
      { name: '_rels/.rels', data: RELS() },
      { name: '3D/3dmodel.model', data: model },
      { name: '3D/Textures/huge.png', data: deflatedSpaces(64), raw: true, size: 10 },
    ]);
    expect(parse3mf(bytesOf(bytes)).meshes).toHaveLength(1);
  });

  test('deep nesting, DOCTYPE and entities, and malformed XML are refused', () => {
    const deep = modelXml(
      `<object id="2">${meshXml(cube)}</object>${'<a>'.repeat(100000)}${'</a>'.repeat(100000)}`,
      '',
    );
    expectParseError(() => parse3mf(bytesOf(threeMf(deep))), 'corrupt', /line 3: elements nest deeper than 256$/);
    const laughs =
      '<?xml version="1.0"?><!DOCTYPE model [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]>' +
      modelXml(`<object id="2" name="&lol2;">${meshXml(cube)}</object>`, '<item objectid="2"/>').replace(
        /^<\?xml[^>]*>/,
        '',
      );
    expectParseError(
      () => parse3mf(bytesOf(threeMf(laughs))),
      'corrupt',
      /line 1: has a DOCTYPE declaration \(refused: no DTDs, no entity definitions\)$/,
    );
    const cases = [
      [
        modelXml(`<object id="2" name="&lol;">${meshXml(cube)}</object>`, '<item objectid="2"/>'),
        /unknown entity &lol;/,
      ],
      [modelXml(`<object id="2">${meshXml(cube)}</objects>`, ''), /<\/objects> closes <object>/],
      [
        modelXml(`<object id="2">${meshXml(cube)}`, '').replace('</model>', ''),
        /the document ends inside <build>|closes/,
      ],
      [modelXml(`<object id="2" name="a>${meshXml(cube)}</object>`, ''), /./],
      [`${modelXml('', '')}<model/>`, /a second root element/],
      ['<?xml version="1.0"?><resources/>', /the root element is <resources>, not <model>/],
    ];
    for (const [xml, pattern] of cases) expectParseError(() => parse3mf(bytesOf(threeMf(xml))), 'corrupt', pattern);
  });

  test('bad numbers, indices, references and transforms name the object and element', () => {
    const mesh = meshXml(cube);
    const cases = [
      [mesh.replace('x="10"', 'x="NaN"'), '', /line 3: vertex 2 of object 2 has x = 'NaN', not a finite number$/],
      [mesh.replace('x="10"', 'x="1e999"'), '', /vertex 2 of object 2 has x = '1e999'/],
      [mesh.replace('y="0"', ''), '', /vertex 1 of object 2 has y = nothing/],
      [
        mesh.replace('v3="6"', 'v3="8"'),
        '',
        /triangle 1 of object 2 has v3 = '8': not a vertex of the 8 before it \(counted from 0\)$/,
      ],
      [mesh.replace('v1="0"', 'v1="-1"'), '', /triangle 1 of object 2 has v1 = '-1'/],
      [
        mesh,
        ' transform="1 0 0 0 1 0 0 0 1 0 0"',
        /the build item of object 2 has transform '1 0 0 0 1 0 0 0 1 0 0': it must be 12 finite numbers$/,
      ],
      [mesh, ' transform="1 0 0 0 1 0 0 0 1 0 0 nan"', /it must be 12 finite numbers/],
    ];
    for (const [meshText, itemAttributes, pattern] of cases) {
      const model = modelXml(`<object id="2">${meshText}</object>`, `<item objectid="2"${itemAttributes}/>`);
      expectParseError(() => parse3mf(bytesOf(threeMf(model))), 'corrupt', pattern);
    }
    const missing = modelXml(`<object id="2">${mesh}</object>`, '<item objectid="5"/>');
    expectParseError(
      () => parse3mf(bytesOf(threeMf(missing))),
      'corrupt',
      /^3D\/3dmodel\.model's build refers to object 5, which 3D\/3dmodel\.model does not define$/,
    );
    const twice = modelXml(`<object id="2">${mesh}</object><object id="2">${mesh}</object>`, '<item objectid="2"/>');
    expectParseError(() => parse3mf(bytesOf(threeMf(twice))), 'corrupt', /two objects have the id 2/);
    const elsewhere = modelXml(
      `<object id="2"><components><component objectid="1" p:path="/3D/none.model"/></components></object>`,
      '<item objectid="2"/>',
      `xmlns:p="${PRODUCTION}"`,
    );
    expectParseError(
      () => parse3mf(bytesOf(threeMf(elsewhere))),
      'corrupt',
      /refers to the part '3D\/none\.model', which is not in the file/,
    );
  });

  test('components that contain themselves, or multiply past the limits, are refused', () => {
    const mesh = meshXml(cube);
    const cycle = modelXml(
      `<object id="2">${mesh}</object><object id="3"><components><component objectid="4"/></components></object>` +
        `<object id="4"><components><component objectid="2"/><component objectid="3"/></components></object>`,
      '<item objectid="3"/>',
    );
    expectParseError(
      () => parse3mf(bytesOf(threeMf(cycle))),
      'corrupt',
      /object 3 of 3D\/3dmodel\.model contains itself through its components/,
    );
    // Ten levels of ten components: 10^10 boxes from 2 KB.
    let objects = `<object id="1">${mesh}</object>`;
    for (let level = 2; level <= 11; level++) {
      objects += `<object id="${level}"><components>${`<component objectid="${level - 1}"/>`.repeat(10)}</components></object>`;
    }
    expectParseError(
      () => parse3mf(bytesOf(threeMf(modelXml(objects, '<item objectid="11"/>')))),
      'corrupt',
      /the build places more than 10000 objects/,
    );
    const big = modelXml(
      // 20,000 triangles placed 3,000 times.
      `<object id="1">${meshXml(torus(10, 3, 100, 100))}</object>` +
        `<object id="2"><components>${'<component objectid="1"/>'.repeat(3000)}</components></object>`,
      '<item objectid="2"/>',
    );
    expectParseError(() => parse3mf(bytesOf(threeMf(big))), 'corrupt', /the build places more than 50000000 triangles/);
  });

  test('a required extension that changes the shape is refused; materials and production are read', () => {
    const lattice = 'http://schemas.microsoft.com/3dmanufacturing/beamlattice/2017/02';
    const model = modelXml(
      `<object id="2">${meshXml(cube)}</object>`,
      '<item objectid="2"/>',
      `unit="millimeter" xmlns:b="${lattice}" requiredextensions="b"`,
    );
    expectParseError(
      () => parse3mf(bytesOf(threeMf(model))),
      'corrupt',
      /requires the 3MF extension http:\/\/schemas\.microsoft\.com\/3dmanufacturing\/beamlattice\/2017\/02 \('b'\), which changes the shape/,
    );
    const undeclared = modelXml(
      `<object id="2">${meshXml(cube)}</object>`,
      '<item objectid="2"/>',
      'requiredextensions="q"',
    );
    expectParseError(
      () => parse3mf(bytesOf(threeMf(undeclared))),
      'corrupt',
      /requiredextensions names 'q', a prefix not declared on <model>/,
    );
  });

  test('not a zip, a cut zip, a missing model are refused', () => {
    expectParseError(() => parse3mf(bytesOf('<model/>')), 'corrupt', /^not a zip archive/);
    const bytes = threeMf(modelXml(`<object id="2">${meshXml(cube)}</object>`, '<item objectid="2"/>'));
    expectParseError(() => parse3mf(bytesOf(bytes.subarray(0, bytes.length - 30))), 'corrupt', /^not a zip archive/);
    const damaged = Buffer.from(bytes);
    damaged[bytes.indexOf('3D/3dmodel.model') + 40] ^= 0xff; // inside the model's deflated data
    expectParseError(
      () => parse3mf(bytesOf(damaged)),
      'corrupt',
      /zip entry '3D\/3dmodel\.model' (does not inflate|holds|fails its CRC-32)/,
    );
    const noModel = zip([{ name: '_rels/.rels', data: RELS() }]);
    expectParseError(
      () => parse3mf(bytesOf(noModel)),
      'corrupt',
      /refers to the part '3D\/3dmodel\.model', which is not in the file/,
    );
    expectParseError(
      () => parse3mf(bytesOf(zip([{ name: 'a.txt', data: 'a' }]))),
      'corrupt',
      /the zip has no '_rels\/\.rels'/,
    );
  });
});
