// Model files written by the tests, byte by byte: STL (binary, ASCII), OBJ, PLY (ascii and both
// binary byte orders), and 3MF packages through a small zip writer that can also lie about its
// sizes (for the zip-bomb tests). A mesh is { positions, indices } as in meshes.js.
import { constants, crc32, deflateRawSync } from 'node:zlib';

const encoder = new TextEncoder();
export const MiB = 1024 * 1024;

/** The triangles of a mesh as arrays of 9 numbers. */
export function trianglesOf({ positions, indices }) {
  const out = [];
  const count = indices ? indices.length : positions.length / 3;
  for (let t = 0; t + 2 < count; t += 3) {
    const tri = [];
    for (let j = 0; j < 3; j++) {
      const v = indices ? indices[t + j] : t + j;
      tri.push(positions[3 * v], positions[3 * v + 1], positions[3 * v + 2]);
    }
    out.push(tri);
  }
  return out;
}

/** Binary STL of triangles (arrays of 9); `header` fills the first bytes of the 80-byte header. */
export function binaryStl(triangles, header = '') {
  const bytes = Buffer.alloc(84 + 50 * triangles.length);
  bytes.write(header, 0, 80, 'latin1');
  bytes.writeUInt32LE(triangles.length, 80);
  triangles.forEach((tri, t) => tri.forEach((x, j) => bytes.writeFloatLE(x, 84 + 50 * t + 12 + 4 * j)));
  return bytes;
}

/** ASCII STL of named solids: [[name, triangles], ...]; `number` writes each coordinate. */
export function asciiStl(solids, number = String) {
  const lines = [];
  for (const [name, triangles] of solids) {
    lines.push(`solid ${name}`);
    for (const tri of triangles) {
      lines.push('  facet normal 0 0 0', '    outer loop');
      for (let j = 0; j < 9; j += 3)
        lines.push(
          `      vertex ${tri
            .slice(j, j + 3)
            .map(number)
            .join(' ')}`,
        );
      lines.push('    endloop', '  endfacet');
    }
    lines.push(`endsolid ${name}`);
  }
  return `${lines.join('\n')}\n`;
}

const PLY_TYPES = {
  char: ['setInt8', 1],
  uchar: ['setUint8', 1],
  short: ['setInt16', 2],
  ushort: ['setUint16', 2],
  int: ['setInt32', 4],
  uint: ['setUint32', 4],
  float: ['setFloat32', 4],
  double: ['setFloat64', 8],
};

/**
 * A PLY file. `elements`: [{ name, properties: [[type, name] | ['list', countType, itemType, name]],
 * rows: [[value or list, ...], ...] }]; `format` ascii, binary_little_endian or binary_big_endian.
 */
export function ply(format, elements) {
  const header = ['ply', `format ${format} 1.0`, 'comment written by the tests'];
  for (const e of elements) {
    header.push(`element ${e.name} ${e.rows.length}`);
    for (const p of e.properties) header.push(`property ${p.join(' ')}`);
  }
  header.push('end_header');
  const head = `${header.join('\n')}\n`;
  if (format === 'ascii') {
    const rows = elements.flatMap((e) =>
      e.rows.map((row) => row.map((v) => (Array.isArray(v) ? `${v.length} ${v.join(' ')}` : v)).join(' ')),
    );
    return `${head}${rows.join('\n')}\n`;
  }
  const little = format === 'binary_little_endian';
  const chunks = [];
  for (const e of elements) {
    for (const row of e.rows) {
      e.properties.forEach((p, k) => {
        const values = p[0] === 'list' ? [[p[1], row[k].length], ...row[k].map((v) => [p[2], v])] : [[p[0], row[k]]];
        for (const [type, v] of values) {
          const [setter, size] = PLY_TYPES[type];
          const view = new DataView(new ArrayBuffer(size));
          view[setter](0, v, little);
          chunks.push(new Uint8Array(view.buffer));
        }
      });
    }
  }
  return Buffer.concat([Buffer.from(head, 'latin1'), ...chunks]);
}

/** The vertex and face elements of a mesh for ply(); `type` is x, y and z's. */
export function plyMesh({ positions, indices }, type = 'float', indexType = 'int') {
  const rows = [];
  for (let i = 0; i < positions.length; i += 3) rows.push([positions[i], positions[i + 1], positions[i + 2]]);
  const faces = [];
  for (let t = 0; t < indices.length; t += 3) faces.push([[indices[t], indices[t + 1], indices[t + 2]]]);
  return [
    {
      name: 'vertex',
      properties: [
        [type, 'x'],
        [type, 'y'],
        [type, 'z'],
      ],
      rows,
    },
    { name: 'face', properties: [['list', 'uchar', indexType, 'vertex_indices']], rows: faces },
  ];
}

/**
 * A zip archive of [{ name, data, method?, size?, crc? }]: data deflated (method 8, the default)
 * or stored (0); `raw` data is written as is, with the size and CRC-32 given, true or not.
 */
export function zip(entries) {
  const locals = [];
  const centrals = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const plain = typeof entry.data === 'string' ? Buffer.from(entry.data, 'utf8') : entry.data;
    const method = entry.method ?? 8;
    const stored = entry.raw ? plain : method === 8 ? deflateRawSync(plain) : plain;
    const size = entry.size ?? plain.length;
    const crc = entry.crc ?? (entry.raw ? 0 : crc32(plain));
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(stored.length, 18);
    local.writeUInt32LE(Math.min(size, 0xffffffff), 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(stored.length, 20);
    central.writeUInt32LE(Math.min(size, 0xffffffff), 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, stored);
    centrals.push(central, name);
    offset += 30 + name.length + stored.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/**
 * A raw deflate stream of `mib` MiB of spaces in about mib KB: one MiB deflated and flushed to a
 * byte boundary, repeated (every back-reference still lands on spaces), then a final empty block.
 */
export function deflatedSpaces(mib) {
  const chunk = deflateRawSync(Buffer.alloc(MiB, 32), { level: 9, finishFlush: constants.Z_SYNC_FLUSH });
  return Buffer.concat([...new Array(mib).fill(chunk), Buffer.from([0x03, 0x00])]);
}

const CONTENT_TYPES =
  '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="model" ContentType="application/vnd.ms-package.3dmanufacturing-3dmodel+xml"/></Types>';
export const RELS = (target = '/3D/3dmodel.model') =>
  `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Target="${target}" Id="rel0" Type="http://schemas.microsoft.com/3dmanufacturing/2013/01/3dmodel"/></Relationships>`;
export const CORE = 'http://schemas.microsoft.com/3dmanufacturing/core/2015/02';
export const PRODUCTION = 'http://schemas.microsoft.com/3dmanufacturing/production/2015/06';

/** A <mesh> element of a mesh. */
export function meshXml({ positions, indices }, number = String) {
  const v = [];
  for (let i = 0; i < positions.length; i += 3) {
    v.push(`<vertex x="${number(positions[i])}" y="${number(positions[i + 1])}" z="${number(positions[i + 2])}"/>`);
  }
  const t = [];
  for (let i = 0; i < indices.length; i += 3)
    t.push(`<triangle v1="${indices[i]}" v2="${indices[i + 1]}" v3="${indices[i + 2]}"/>`);
  return `<mesh><vertices>${v.join('')}</vertices><triangles>${t.join('')}</triangles></mesh>`;
}

/** A <model> document: `resources` and `build` are XML; `attributes` go on <model>. */
export const modelXml = (resources, build, attributes = 'unit="millimeter"') =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<model ${attributes} xml:lang="en-US" xmlns="${CORE}">\n<resources>${resources}</resources>\n<build>${build}</build>\n</model>\n`;

/** A 3MF package: the root model part's XML, and other parts as { name: xml }. */
export function threeMf(model, others = {}, { rels = RELS() } = {}) {
  return zip([
    { name: '[Content_Types].xml', data: CONTENT_TYPES },
    { name: '_rels/.rels', data: rels },
    { name: '3D/3dmodel.model', data: model },
    ...Object.entries(others).map(([name, data]) => ({ name, data })),
  ]);
}

export const bytesOf = (text) => (typeof text === 'string' ? encoder.encode(text) : new Uint8Array(text));
