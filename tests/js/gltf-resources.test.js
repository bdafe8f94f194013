// glTF files from strangers: readDocument reads only what the resource policy allows, checks
// every range before it reads, and the command line maps its errors to exit codes. Every file
// is written here; the valid ones measure to the closed form of a box (volume abc, centre, moments
// m(b² + c²)/12), never to the library's own output.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Document, Logger, NodeIO, WebIO } from '@gltf-transform/core';
import { ALL_EXTENSIONS, EXTMeshoptCompression, KHRDracoMeshCompression } from '@gltf-transform/extensions';

import { init } from '../../js/index.js';
import { DEFAULT_MAX_BYTES, measureDocument, prepareIO, readDocument } from '../../js/gltf.js';
import { box } from './helpers/meshes.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const BIN = join(ROOT, 'cli', 'bin', 'mass-properties.js');
const top = mkdtempSync(join(tmpdir(), 'mp-gltf-resources-'));

// A secret beside every test folder, and where hostile URIs point. It is a valid box buffer, so
// a reader that followed a URI to it would measure something rather than fail.
const SECRET_MARK = 'SECRET-7d1f0c';
let mp;
let io;
beforeAll(async () => {
  mp = await init();
  io = (await prepareIO(new NodeIO())).setLogger(new Logger(Logger.Verbosity.ERROR));
  writeFileSync(join(top, 'secret.bin'), Buffer.concat([boxBin(), Buffer.from(SECRET_MARK)]));
});

// The box [1, 3] × [0, 3] × [−1, 1] (sides 2, 3, 2): its closed form at density 1.
const MIN = [1, 0, -1];
const MAX = [3, 3, 1];
const BOX = {
  volume: 12,
  center: [2, 1.5, 0],
  inertia: [(12 * (9 + 4)) / 12, (12 * (4 + 4)) / 12, (12 * (4 + 9)) / 12],
};

// 8 float32 positions (96 bytes) then 36 uint16 indices (72 bytes).
const BIN_LENGTH = 168;
function boxBin(min = MIN, max = MAX) {
  const { positions, indices } = box(min, max);
  const bytes = new Uint8Array(BIN_LENGTH);
  new Float32Array(bytes.buffer, 0, 24).set(positions);
  new Uint16Array(bytes.buffer, 96, 36).set(indices);
  return Buffer.from(bytes);
}

// The glTF JSON of that box in buffer 0 (uri `uri`, or the GLB's binary chunk when undefined).
function boxJson(uri, { byteLength = BIN_LENGTH, ...extra } = {}) {
  return {
    asset: { version: '2.0' },
    buffers: [{ uri, byteLength }],
    bufferViews: [
      { buffer: 0, byteOffset: 0, byteLength: 96 },
      { buffer: 0, byteOffset: 96, byteLength: 72 },
    ],
    accessors: [
      { bufferView: 0, componentType: 5126, count: 8, type: 'VEC3' },
      { bufferView: 1, componentType: 5123, count: 36, type: 'SCALAR' },
    ],
    meshes: [{ primitives: [{ attributes: { POSITION: 0 }, indices: 1 }] }],
    nodes: [{ name: 'box', mesh: 0 }],
    scenes: [{ nodes: [0] }],
    scene: 0,
    ...extra,
  };
}

// A GLB container: header, the JSON chunk padded with spaces, a BIN chunk padded with zeros.
function glb(json, bin) {
  const pad = (bytes, fill) => Buffer.concat([bytes, Buffer.alloc((4 - (bytes.length % 4)) % 4, fill)]);
  const chunk = (data, type) => {
    const head = Buffer.alloc(8);
    head.writeUInt32LE(data.length, 0);
    head.writeUInt32LE(type, 4);
    return Buffer.concat([head, data]);
  };
  const chunks = [chunk(pad(Buffer.from(JSON.stringify(json)), 0x20), 0x4e4f534a)];
  if (bin) chunks.push(chunk(pad(bin, 0), 0x004e4942));
  const header = Buffer.alloc(12);
  header.write('glTF', 0, 'latin1');
  header.writeUInt32LE(2, 4);
  header.writeUInt32LE(12 + chunks.reduce((n, c) => n + c.length, 0), 8);
  return Buffer.concat([header, ...chunks]);
}

// A fresh folder under the top folder with `files` ({ name: content }); returns its path.
let folders = 0;
function folder(files = {}) {
  const dir = join(top, `case-${++folders}`);
  mkdirSync(dir);
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), typeof content === 'string' ? content : content);
  }
  return dir;
}
const gltfFile = (json, files = {}) => join(folder({ 'model.gltf': JSON.stringify(json), ...files }), 'model.gltf');

const near = (got, want, tol, what) => {
  if (!(Math.abs(got - want) <= tol)) throw new Error(`${what}: got ${got}, want ${want}`);
};

function expectBox(body, shift = [0, 0, 0]) {
  near(body.volume, BOX.volume, 1e-12, 'volume');
  BOX.center.forEach((c, i) => near(body.centerOfMass[i], c + shift[i], 1e-12, `centre ${i}`));
  BOX.inertia.forEach((m, i) => near(body.inertia[4 * i], m, 1e-11, `moment ${i}`));
  [1, 2, 5].forEach((k) => near(body.inertia[k], 0, 1e-11, `product ${k}`));
}

async function rejection(promise) {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

async function expectRefusal(promise, code, ...patterns) {
  const error = await rejection(promise);
  expect(error.name).toBe('MassPropertiesError');
  expect(`${error.code}: ${error.message}`).toMatch(new RegExp(`^${code}: `));
  for (const pattern of patterns) expect(error.message).toMatch(pattern);
  expect(error.message).not.toContain(SECRET_MARK);
  return error;
}

const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const names = (uri) => new RegExp(escapeRegExp(JSON.stringify(uri)));

describe('valid files measure to the closed form', () => {
  test('an external .bin beside the file, in a subfolder, with a percent-encoded space, as data: URIs', async () => {
    const cases = [
      gltfFile(boxJson('box.bin'), { 'box.bin': boxBin() }),
      gltfFile(boxJson('parts/deep/box.bin'), { 'parts/deep/box.bin': boxBin() }),
      gltfFile(boxJson('my%20box.bin'), { 'my box.bin': boxBin() }),
      gltfFile(boxJson('parts/../box.bin'), { 'box.bin': boxBin() }),
      gltfFile(boxJson(`data:application/octet-stream;base64,${boxBin().toString('base64')}`)),
      // RFC 2397 without base64: every byte percent-encoded.
      gltfFile(
        boxJson(
          `data:application/octet-stream,${[...boxBin()].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('')}`,
        ),
      ),
    ];
    for (const path of cases) expectBox(measureDocument(mp, await readDocument(io, path)).body);
  });

  test('a GLB, its bytes, a file: URL, and a .bin longer than its byteLength', async () => {
    const dir = folder({
      'box.glb': glb(boxJson(undefined), boxBin()),
      'long.bin': Buffer.concat([boxBin(), Buffer.alloc(100, 7)]),
    });
    expectBox(measureDocument(mp, await readDocument(io, join(dir, 'box.glb'))).body);
    expectBox(measureDocument(mp, await readDocument(io, readFileSync(join(dir, 'box.glb')))).body);
    writeFileSync(join(dir, 'long.gltf'), JSON.stringify(boxJson('long.bin')));
    expectBox(measureDocument(mp, await readDocument(io, new URL(`file://${join(dir, 'long.gltf')}`))).body);
    const bytes = Buffer.from(JSON.stringify(boxJson('long.bin')));
    expectBox(measureDocument(mp, await readDocument(io, bytes, { resourceRoot: dir })).body);
  });

  test('options.resources supplies the files (checked paths, the same caps)', async () => {
    const asked = [];
    const resources = (path) => {
      asked.push(path);
      return path === 'sub/a b.bin' ? boxBin() : null;
    };
    const json = Buffer.from(JSON.stringify(boxJson('sub/./a%20b.bin')));
    expectBox(measureDocument(mp, await readDocument(io, json, { resources })).body);
    expect(asked).toEqual(['sub/a b.bin']);
    await expectRefusal(
      readDocument(io, Buffer.from(JSON.stringify(boxJson('none.bin'))), { resources }),
      'RESOURCE_NOT_FOUND',
      names('none.bin'),
    );
    const short = () => boxBin().subarray(0, 100);
    await expectRefusal(readDocument(io, json, { resources: short }), 'TRUNCATED_FILE', /100 bytes/);
    // Bytes without a folder or resources(): nothing outside the bytes is read.
    await expectRefusal(
      readDocument(io, Buffer.from(JSON.stringify(boxJson('box.bin')))),
      'RESOURCE_REFUSED',
      /no resourceRoot/,
    );
  });

  test('Draco- and meshopt-compressed GLBs pass the checks and measure', async () => {
    for (const Extension of [KHRDracoMeshCompression, EXTMeshoptCompression]) {
      const document = new Document();
      const buffer = document.createBuffer();
      const { positions, indices } = box(MIN, MAX);
      const primitive = document
        .createPrimitive()
        .setAttribute(
          'POSITION',
          document.createAccessor().setType('VEC3').setArray(new Float32Array(positions)).setBuffer(buffer),
        )
        .setIndices(document.createAccessor().setArray(new Uint32Array(indices)).setBuffer(buffer));
      document
        .createScene()
        .addChild(document.createNode('box').setMesh(document.createMesh().addPrimitive(primitive)));
      document.createExtension(Extension).setRequired(true);
      const bytes = await io.writeBinary(document);
      const { body } = measureDocument(mp, await readDocument(io, bytes));
      // Draco quantizes positions (11 bits over the box's 3-unit range by default).
      near(body.volume, BOX.volume, 2e-2, `${Extension.EXTENSION_NAME} volume`);
    }
  });
});

describe('external resources outside the policy are refused, naming the URI', () => {
  test('absolute paths, escapes (also percent-encoded), schemes, queries', async () => {
    for (const uri of [
      join(top, 'secret.bin'),
      '/etc/passwd',
      '../secret.bin',
      '../../../../etc/passwd',
      '%2e%2e/secret.bin',
      '%2E%2E%2Fsecret.bin',
      'a/../../secret.bin',
      '..\\secret.bin',
      '%2Fetc%2Fpasswd',
      '//localhost/etc/passwd',
      'C:\\Windows\\win.ini',
      `file://${join(top, 'secret.bin')}`,
      'http://127.0.0.1:9/box.bin',
      'box.bin?x=1',
      '%zz.bin',
    ]) {
      await expectRefusal(
        readDocument(io, gltfFile(boxJson(uri), { 'box.bin': boxBin() })),
        'RESOURCE_REFUSED',
        names(uri),
      );
    }
  });

  test('a symbolic link out of the folder, to /dev/zero; a folder; a FIFO (without blocking)', async () => {
    const dir = folder({ 'inside.bin': boxBin() });
    symlinkSync(join(top, 'secret.bin'), join(dir, 'out.bin'));
    symlinkSync('/dev/zero', join(dir, 'zero.bin'));
    symlinkSync('inside.bin', join(dir, 'in.bin')); // a link inside the folder is fine
    mkdirSync(join(dir, 'folder.bin'));
    const read = (uri) => readDocument(io, Buffer.from(JSON.stringify(boxJson(uri))), { resourceRoot: dir });
    await expectRefusal(read('out.bin'), 'RESOURCE_REFUSED', names('out.bin'), /outside/);
    await expectRefusal(read('zero.bin'), 'RESOURCE_REFUSED', names('zero.bin'), /outside/);
    await expectRefusal(read('/dev/zero'), 'RESOURCE_REFUSED', names('/dev/zero'));
    await expectRefusal(read('folder.bin'), 'RESOURCE_REFUSED', names('folder.bin'), /a folder/);
    await expectRefusal(read('missing.bin'), 'RESOURCE_NOT_FOUND', names('missing.bin'));
    expectBox(measureDocument(mp, await read('in.bin')).body);
    const fifo = spawnSync('mkfifo', [join(dir, 'fifo.bin')]);
    if (fifo.status === 0) await expectRefusal(read('fifo.bin'), 'RESOURCE_REFUSED', names('fifo.bin'), /FIFO/);
  });

  test('a .bin shorter than its byteLength is truncated; the total cap holds', async () => {
    await expectRefusal(
      readDocument(io, gltfFile(boxJson('box.bin'), { 'box.bin': boxBin().subarray(0, 100) })),
      'TRUNCATED_FILE',
      names('box.bin'),
      /100 bytes/,
    );
    await expectRefusal(
      readDocument(io, gltfFile(boxJson('box.bin', { byteLength: 2 ** 40 }), { 'box.bin': boxBin() })),
      'RESOURCE_REFUSED',
      new RegExp(`cap of ${DEFAULT_MAX_BYTES}`),
    );
    const path = gltfFile(boxJson('box.bin'), { 'box.bin': boxBin() });
    await expectRefusal(readDocument(io, path, { maxBytes: 100 }), 'RESOURCE_REFUSED', /cap of 100/);
  });

  test('images are not read for measuring; with images: true they are read under the same policy', async () => {
    const withImage = (uri) => boxJson('box.bin', { images: [{ uri }], textures: [{ source: 0 }] });
    const hostile = gltfFile(withImage('../secret.bin'), { 'box.bin': boxBin() });
    expectBox(measureDocument(mp, await readDocument(io, hostile)).body);
    await expectRefusal(readDocument(io, hostile, { images: true }), 'RESOURCE_REFUSED', names('../secret.bin'));
    const png = Buffer.from('\x89PNG\r\n\x1a\n not really a png', 'latin1');
    const good = gltfFile(withImage('tex/a.png'), { 'box.bin': boxBin(), 'tex/a.png': png });
    const document = await readDocument(io, good, { images: true });
    const texture = document.getRoot().listTextures()[0];
    expect(Buffer.from(texture.getImage())).toEqual(png);
    expect(texture.getMimeType()).toBe('image/png');
    expect(texture.getURI()).toBe('tex/a.png');
    await expectRefusal(readDocument(io, good, { images: true, maxBytes: BIN_LENGTH + 10 }), 'RESOURCE_REFUSED', /cap/);
  });
});

describe('data: URIs, ranges and indices are checked before any read', () => {
  const bin64 = boxBin().toString('base64');
  const dataJson = (uri, extra) => Buffer.from(JSON.stringify(boxJson(uri, extra)));

  test('garbage base64 and short data: URIs', async () => {
    for (const garbage of [
      `${bin64.slice(0, 40)}!!${bin64.slice(42)}`,
      `${bin64}A`,
      `${bin64.slice(0, -4)}A=AA`,
      'not base64 at all',
    ]) {
      await expectRefusal(
        readDocument(io, dataJson(`data:application/octet-stream;base64,${garbage}`)),
        'INVALID_FILE',
        /not a valid data: URI/,
      );
    }
    await expectRefusal(
      readDocument(
        io,
        dataJson(`data:application/octet-stream;base64,${boxBin().subarray(0, 120).toString('base64')}`),
      ),
      'TRUNCATED_FILE',
      /holds 120 bytes, its byteLength says 168/,
    );
  });

  test('accessors past their buffer view, views past their buffer, sparse out of range: the same error every time', async () => {
    const variants = {
      'count past the view': (j) => (j.accessors[0].count = 9),
      'offset past the view': (j) => (j.accessors[0].byteOffset = 4),
      'stride past the view': (j) => (j.bufferViews[0].byteStride = 16),
      'view past the buffer': (j) => (j.bufferViews[1].byteLength = 80),
      'buffer past its bytes': (j) => {
        j.buffers[0].byteLength = 200;
        j.bufferViews[1].byteLength = 104;
      },
      'a bad component type': (j) => (j.accessors[0].componentType = 5127),
      'a missing buffer view': (j) => (j.accessors[0].bufferView = 7),
      'float indices': (j) => (j.accessors[1].componentType = 5126),
      'sparse values past the view': (j) =>
        (j.accessors[0].sparse = {
          count: 2,
          indices: { bufferView: 1, componentType: 5121 },
          values: { bufferView: 1, byteOffset: 60 },
        }),
    };
    for (const [what, change] of Object.entries(variants)) {
      const json = boxJson(`data:application/octet-stream;base64,${bin64}`);
      change(json);
      const messages = new Set();
      for (let k = 0; k < 4; k++) {
        const error = await rejection(readDocument(io, Buffer.from(JSON.stringify(json))));
        messages.add(`${error.code}: ${error.message}`);
      }
      expect([what, [...messages]]).toEqual([what, [expect.stringMatching(/^(INVALID_FILE|TRUNCATED_FILE): /)]]);
    }
  });

  test('sparse indices must be below the count and increasing', async () => {
    // The box with vertices 6 and 7 moved to the origin, put back by sparse substitutions: indices
    // (uint8) and values (VEC3 float) in views of their own.
    const sparse = (indices) => {
      const extra = Buffer.alloc(4 + 24);
      indices.forEach((v, k) => extra.writeUInt8(v, k));
      [MIN[0], MAX[1], MAX[2], ...MAX].forEach((x, i) => extra.writeFloatLE(x, 4 + 4 * i)); // corners 6 and 7
      const moved = boxBin();
      moved.fill(0, 6 * 12, 8 * 12);
      const bin = Buffer.concat([moved, extra]);
      const json = boxJson(`data:application/octet-stream;base64,${bin.toString('base64')}`, {
        byteLength: bin.length,
      });
      json.bufferViews.push(
        { buffer: 0, byteOffset: BIN_LENGTH, byteLength: 4 },
        { buffer: 0, byteOffset: BIN_LENGTH + 4, byteLength: 24 },
      );
      json.accessors[0].sparse = {
        count: 2,
        indices: { bufferView: 2, componentType: 5121 },
        values: { bufferView: 3 },
      };
      return Buffer.from(JSON.stringify(json));
    };
    expectBox(measureDocument(mp, await readDocument(io, sparse([6, 7]))).body);
    await expectRefusal(readDocument(io, sparse([7, 8])), 'INDEX_OUT_OF_RANGE', /sparse index 8/);
    await expectRefusal(readDocument(io, sparse([7, 6])), 'INDEX_OUT_OF_RANGE', /not increasing/);
  });

  test("an index past its own primitive's vertices is refused, not taken from the next primitive", async () => {
    // Two primitives on one buffer: the first has only vertices 0..3 of the box, its indices reach 7.
    const json = boxJson(`data:application/octet-stream;base64,${bin64}`);
    json.bufferViews.push({ buffer: 0, byteOffset: 48, byteLength: 48 });
    json.accessors[0].count = 4;
    json.accessors.push({ bufferView: 2, componentType: 5126, count: 4, type: 'VEC3' });
    json.meshes[0].primitives.push({ attributes: { POSITION: 2 } });
    const error = await rejection(
      Promise.resolve().then(async () =>
        measureDocument(mp, await readDocument(io, Buffer.from(JSON.stringify(json)))),
      ),
    );
    expect(error.code).toBe('INDEX_OUT_OF_RANGE');
    expect(error.message).toMatch(
      /Node "box", primitive 0 of an unnamed mesh: index [4-7] at triangle \d+ is out of range \(4 vertices\)/,
    );
  });
});

describe('node hierarchies', () => {
  test('100,000 nested nodes are read and measured without recursion', async () => {
    const depth = 100_000;
    const json = boxJson(`data:application/octet-stream;base64,${boxBin().toString('base64')}`);
    json.nodes = Array.from({ length: depth }, (_, i) =>
      i + 1 < depth ? { children: [i + 1] } : { name: 'box', mesh: 0 },
    );
    json.nodes[0].translation = [10, 0, 0];
    const document = await readDocument(io, Buffer.from(JSON.stringify(json)));
    const { body, parts } = measureDocument(mp, document);
    expectBox(body, [10, 0, 0]);
    expect(parts).toHaveLength(1);
    // And written again as a GLB with one body for the whole scene.
    expect((await io.writeBinary(document)).length).toBeGreaterThan(depth);
  }, 60_000);

  test('cycles and shared children are invalid glTF, in the file and in a Document', async () => {
    const bin = `data:application/octet-stream;base64,${boxBin().toString('base64')}`;
    const read = (nodes, scenes = [{ nodes: [0] }]) =>
      readDocument(io, Buffer.from(JSON.stringify(boxJson(bin, { nodes, scenes }))));
    await expectRefusal(read([{ mesh: 0 }, { children: [2] }, { children: [1] }]), 'INVALID_FILE', /cycle/);
    await expectRefusal(read([{ mesh: 0, children: [0] }]), 'INVALID_FILE', /cycle/);
    await expectRefusal(
      read([{ children: [2] }, { children: [2] }, { mesh: 0 }], [{ nodes: [0, 1] }]),
      'INVALID_FILE',
      /child of both/,
    );
    await expectRefusal(
      read([{ children: [1] }, { mesh: 0 }], [{ nodes: [0, 1] }]),
      'INVALID_FILE',
      /child of nodes\[0\]/,
    );
    // addChild moves a node rather than share it, but the graph underneath takes any edge (a
    // program editing it directly): measuring such a Document fails instead of looping.
    const document = await read([
      { name: 'a', children: [1] },
      { name: 'b', mesh: 0 },
    ]);
    const [a, b] = document.getRoot().listNodes();
    b.addRef('children', a);
    expect(() => measureDocument(mp, document)).toThrow(/node "a" is reached twice/);
  });
});

describe('containers and codecs', () => {
  test('a truncated .gltf or .glb is TRUNCATED_FILE; a malformed one INVALID_FILE', async () => {
    const text = JSON.stringify(boxJson('box.bin'));
    for (const cut of [text.length - 1, text.length - 10, Math.floor(text.length / 2), 1])
      await expectRefusal(readDocument(io, Buffer.from(text.slice(0, cut))), 'TRUNCATED_FILE', /ends early/);
    await expectRefusal(readDocument(io, Buffer.from(`${text}]`)), 'INVALID_FILE', /does not parse/);
    await expectRefusal(readDocument(io, Buffer.from('[1, 2]')), 'INVALID_FILE', /not an object/);
    const whole = glb(boxJson(undefined), boxBin());
    for (const cut of [whole.length - 1, 40, 13, 5])
      await expectRefusal(readDocument(io, whole.subarray(0, cut)), 'TRUNCATED_FILE', /truncated GLB/);
    const lying = Buffer.from(whole);
    lying.writeUInt32LE(whole.length + 4, 12); // the JSON chunk claims more than the file holds
    await expectRefusal(readDocument(io, lying.subarray(0, whole.length)), 'INVALID_FILE', /chunk 0/);
    const shortBin = glb(boxJson(undefined, { byteLength: 200 }), boxBin());
    await expectRefusal(readDocument(io, shortBin), 'TRUNCATED_FILE', /binary chunk has 168 bytes/);
    const version1 = Buffer.from(whole);
    version1.writeUInt32LE(1, 4);
    await expectRefusal(readDocument(io, version1), 'INVALID_FILE', /version 1/);
  });

  test('a missing decoder names the npm package to install', async () => {
    const bare = new NodeIO().registerExtensions(ALL_EXTENSIONS).setLogger(new Logger(Logger.Verbosity.ERROR));
    const draco = boxJson(undefined, { extensionsUsed: ['KHR_draco_mesh_compression'] });
    await expectRefusal(readDocument(bare, glb(draco, boxBin())), 'INVALID_FILE', /npm package draco3dgltf/);
    const meshopt = boxJson(undefined, {
      extensionsUsed: ['EXT_meshopt_compression'],
      extensionsRequired: ['EXT_meshopt_compression'],
    });
    await expectRefusal(readDocument(bare, glb(meshopt, boxBin())), 'INVALID_FILE', /npm package meshoptimizer/);
  });
});

describe('over HTTP (WebIO in Node): the same rules', () => {
  let server;
  let base;
  const routes = new Map();
  beforeAll(async () => {
    server = createServer((request, response) => {
      const route = routes.get(request.url);
      if (!route) {
        response.writeHead(404).end();
        return;
      }
      route(request, response);
    });
    await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${server.address().port}`;
    const send = (bytes) => (request, response) => response.writeHead(200).end(bytes);
    routes.set('/secret.bin', send(readFileSync(join(top, 'secret.bin'))));
    routes.set('/models/box.bin', send(boxBin()));
    routes.set('/models/short.bin', send(boxBin().subarray(0, 100)));
    routes.set('/models/redirect.bin', (request, response) =>
      response.writeHead(302, { location: `${base}/secret.bin` }).end(),
    );
    // An endless response starting with the box: read up to its byteLength, then dropped.
    routes.set('/models/endless.bin', (request, response) => {
      response.writeHead(200);
      const more = () => {
        while (!response.destroyed && response.write(boxBin()));
        if (!response.destroyed) response.once('drain', more);
      };
      more();
    });
    for (const name of ['box', 'short', 'redirect', 'endless', '../secret', '%2e%2e/secret'])
      routes.set(`/models/${name.replace(/\W/g, '_')}.gltf`, send(JSON.stringify(boxJson(`${name}.bin`))));
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  test('resources under the file URL are fetched (an endless one only up to its byteLength); others refused', async () => {
    const web = (await prepareIO(new WebIO())).setLogger(new Logger(Logger.Verbosity.ERROR));
    const url = (name) => `${base}/models/${name.replace(/\W/g, '_')}.gltf`;
    expectBox(measureDocument(mp, await readDocument(web, url('box'))).body);
    expectBox(measureDocument(mp, await readDocument(web, new URL(url('endless')))).body);
    await expectRefusal(readDocument(web, url('short')), 'TRUNCATED_FILE', names('short.bin'));
    await expectRefusal(readDocument(web, url('redirect')), 'RESOURCE_NOT_FOUND', names('redirect.bin'));
    await expectRefusal(readDocument(web, url('../secret')), 'RESOURCE_REFUSED', names('../secret.bin'));
    await expectRefusal(readDocument(web, url('%2e%2e/secret')), 'RESOURCE_REFUSED', names('%2e%2e/secret.bin'));
    const bytes = Buffer.from(JSON.stringify(boxJson('box.bin')));
    expectBox(measureDocument(mp, await readDocument(web, bytes, { resourceRoot: `${base}/models` })).body);
  });
});

describe('the command line', () => {
  const run = (dir, ...args) => {
    const r = spawnSync(process.execPath, [BIN, ...args], { cwd: dir, encoding: 'utf8', timeout: 60_000 });
    return { code: r.status, stdout: r.stdout, stderr: r.stderr };
  };
  // Every byte the run left: its output and every file in the folder but the secret.
  const everything = (dir, r) =>
    [r.stdout, r.stderr, ...readdirSync(dir).map((name) => readFileSync(join(dir, name), 'latin1'))].join('\n');

  test('hostile buffer URIs exit 7, a missing .bin 4, a truncated one 6, each naming the URI', () => {
    for (const uri of ['/etc/passwd', '../secret.bin', '%2e%2e/secret.bin', 'file:///etc/passwd', '/dev/zero']) {
      const dir = folder({ 'model.gltf': JSON.stringify(boxJson(uri)) });
      const r = run(dir, '--json', 'model.gltf');
      expect([uri, r.code]).toEqual([uri, 7]);
      expect(r.stderr).toContain(JSON.stringify(uri));
      expect(everything(dir, r)).not.toContain(SECRET_MARK);
    }
    const fifo = folder({ 'model.gltf': JSON.stringify(boxJson('fifo.bin')) });
    if (spawnSync('mkfifo', [join(fifo, 'fifo.bin')]).status === 0) {
      expect(run(fifo, 'model.gltf').code).toBe(7); // at once: spawnSync's timeout would fail it
    }
    const missing = folder({ 'model.gltf': JSON.stringify(boxJson('box.bin')) });
    const r = run(missing, 'model.gltf');
    expect([r.code, r.stderr]).toEqual([4, expect.stringContaining('"box.bin" cannot be read (ENOENT)')]);
    const short = folder({ 'model.gltf': JSON.stringify(boxJson('box.bin')), 'box.bin': boxBin().subarray(0, 10) });
    expect(run(short, 'model.gltf').code).toBe(6);
  });

  test('a truncated .gltf and .glb exit 6; a valid one beside its .bin measures', () => {
    const text = JSON.stringify(boxJson('box.bin'));
    const whole = glb(boxJson(undefined), boxBin());
    const dir = folder({
      'cut.gltf': text.slice(0, 100),
      'cut.glb': whole.subarray(0, 60),
      'box.bin': boxBin(),
      'ok.gltf': text,
    });
    expect(run(dir, 'cut.gltf').code).toBe(6);
    expect(run(dir, 'cut.glb').code).toBe(6);
    const ok = run(dir, '--json', 'ok.gltf');
    expect(ok.code).toBe(0);
    near(JSON.parse(ok.stdout).body.volume, BOX.volume, 1e-12, 'volume');
  });

  test('100,000 nested nodes measure (no call stack runs out)', () => {
    const json = boxJson('box.bin');
    json.nodes = Array.from({ length: 100_000 }, (_, i) => (i < 99_999 ? { children: [i + 1] } : { mesh: 0 }));
    const dir = folder({ 'deep.gltf': JSON.stringify(json), 'box.bin': boxBin() });
    const r = run(dir, '--json', '--density', '1', 'deep.gltf');
    expect(r.code).toBe(0);
    near(JSON.parse(r.stdout).body.volume, BOX.volume, 1e-12, 'volume');
  });

  test('--write with a hostile image URI is refused: no out.glb, no byte of the secret anywhere', () => {
    const json = boxJson('box.bin', { images: [{ uri: '../secret.bin' }], textures: [{ source: 0 }] });
    const dir = folder({ 'model.gltf': JSON.stringify(json), 'box.bin': boxBin() });
    const r = run(dir, '--write', 'out.glb', 'model.gltf');
    expect(r.code).toBe(7);
    expect(r.stderr).toContain('"../secret.bin" is refused');
    expect(existsSync(join(dir, 'out.glb'))).toBe(false);
    expect(everything(dir, r)).not.toContain(SECRET_MARK);
    // A valid image beside the file is kept.
    writeFileSync(join(dir, 'tex.png'), 'PNG-BYTES-OF-THE-TEXTURE');
    writeFileSync(join(dir, 'model.gltf'), JSON.stringify({ ...json, images: [{ uri: 'tex.png' }] }));
    expect(run(dir, '--write', 'out.glb', 'model.gltf').code).toBe(0);
    expect(readFileSync(join(dir, 'out.glb'), 'latin1')).toContain('PNG-BYTES-OF-THE-TEXTURE');
  });
});
