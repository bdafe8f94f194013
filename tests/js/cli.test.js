// The command line as a user runs it: a spawned process on files written here. Expected numbers
// are closed forms of boxes (mass = ρ·a·b·c, moments m(b² + c²)/12), not the library's output.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, writeFileSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Document, NodeIO } from '@gltf-transform/core';
import { GLTFLoader } from 'three/addons/loaders/GLTFLoader.js';
import { strToU8, zipSync } from 'three/addons/libs/fflate.module.js';

import { box } from './helpers/meshes.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const BIN = join(ROOT, 'cli', 'bin', 'mass-properties.js');
const dir = mkdtempSync(join(tmpdir(), 'mp-cli-'));

function cli(...args) {
  const run = spawnSync(process.execPath, [BIN, ...args], { cwd: dir, encoding: 'utf8' });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}
const json = (...args) => {
  const run = cli('--json', ...args);
  if (run.code !== 0) throw new Error(run.stderr);
  return JSON.parse(run.stdout);
};
const near = (got, want, rel, what) => {
  if (!(Math.abs(got - want) <= rel * Math.abs(want))) throw new Error(`${what}: got ${got}, want ${want}`);
};

// A box [min, max] as triangle soup (every 3 vertices a triangle), outward.
function soup(min, max) {
  const { positions, indices } = box(min, max);
  return Array.from(indices, (i) => [positions[3 * i], positions[3 * i + 1], positions[3 * i + 2]]);
}

function binaryStl(vertices) {
  const triangles = vertices.length / 3;
  const bytes = Buffer.alloc(84 + 50 * triangles);
  bytes.writeUInt32LE(triangles, 80);
  vertices.forEach((v, k) => {
    const at = 84 + 50 * Math.floor(k / 3) + 12 + 12 * (k % 3);
    v.forEach((x, j) => bytes.writeFloatLE(x, at + 4 * j));
  });
  return bytes;
}

function asciiStl(vertices) {
  const facets = [];
  for (let k = 0; k < vertices.length; k += 3) {
    const corners = vertices.slice(k, k + 3).map((v) => `vertex ${v.join(' ')}`);
    facets.push(`facet normal 0 0 0\nouter loop\n${corners.join('\n')}\nendloop\nendfacet`);
  }
  return `solid part\n${facets.join('\n')}\nendsolid part\n`;
}

// An OBJ box of quads (OBJLoader splits them into triangles), counter-clockwise from outside.
function objBox([x0, y0, z0], [x1, y1, z1], name = 'box') {
  const v = [];
  for (const z of [z0, z1]) for (const y of [y0, y1]) for (const x of [x0, x1]) v.push(`v ${x} ${y} ${z}`);
  // vertex k = 1 + x + 2y + 4z
  const faces = ['1 3 4 2', '5 6 8 7', '1 2 6 5', '3 7 8 4', '1 5 7 3', '2 4 8 6'];
  return `o ${name}\n${v.join('\n')}\n${faces.map((f) => `f ${f}`).join('\n')}\n`;
}

function plyBox(min, max) {
  const { positions, indices } = box(min, max);
  const vertices = [];
  for (let i = 0; i < positions.length; i += 3)
    vertices.push(`${positions[i]} ${positions[i + 1]} ${positions[i + 2]}`);
  const faces = [];
  for (let t = 0; t < indices.length; t += 3) faces.push(`3 ${indices[t]} ${indices[t + 1]} ${indices[t + 2]}`);
  return `ply\nformat ascii 1.0\nelement vertex ${vertices.length}\nproperty float x\nproperty float y\nproperty float z\nelement face ${faces.length}\nproperty list uchar int vertex_indices\nend_header\n${vertices.join('\n')}\n${faces.join('\n')}\n`;
}

// A 3MF package (a zip) holding one box, in the unit its <model> element states.
function threeMfBox(min, max, unit) {
  const { positions, indices } = box(min, max);
  const vertices = [];
  for (let i = 0; i < positions.length; i += 3)
    vertices.push(`<vertex x="${positions[i]}" y="${positions[i + 1]}" z="${positions[i + 2]}"/>`);
  const triangles = [];
  for (let t = 0; t < indices.length; t += 3)
    triangles.push(`<triangle v1="${indices[t]}" v2="${indices[t + 1]}" v3="${indices[t + 2]}"/>`);
  const xml = (body) => strToU8(`<?xml version="1.0" encoding="UTF-8"?>${body}`);
  return Buffer.from(
    zipSync({
      '[Content_Types].xml': xml(
        '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="model" ContentType="application/vnd.ms-package.3dmanufacturing-3dmodel+xml"/></Types>',
      ),
      '_rels/.rels': xml(
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Target="/3D/3dmodel.model" Id="rel0" Type="http://schemas.microsoft.com/3dmanufacturing/2013/01/3dmodel"/></Relationships>',
      ),
      '3D/3dmodel.model': xml(
        `<model unit="${unit}" xmlns="http://schemas.microsoft.com/3dmanufacturing/core/2015/02"><resources><object id="1" type="model"><mesh><vertices>${vertices.join('')}</vertices><triangles>${triangles.join('')}</triangles></mesh></object></resources><build><item objectid="1"/></build></model>`,
      ),
    }),
  );
}

async function glbBox(min, max) {
  const document = new Document();
  const buffer = document.createBuffer();
  const { positions, indices } = box(min, max);
  const primitive = document
    .createPrimitive()
    .setAttribute(
      'POSITION',
      document.createAccessor().setType('VEC3').setArray(new Float32Array(positions)).setBuffer(buffer),
    )
    .setIndices(document.createAccessor().setArray(new Uint32Array(indices)).setBuffer(buffer));
  const node = document
    .createNode('crate')
    .setMesh(document.createMesh().addPrimitive(primitive))
    .setTranslation([0, 5, 0]);
  document.createScene().addChild(node);
  return new NodeIO().writeBinary(document);
}

const file = (name, content) => {
  const path = join(dir, name);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, content);
  return path;
};

beforeAll(async () => {
  file('binary.stl', binaryStl(soup([0, 0, 0], [10, 20, 30])));
  file('ascii.stl', asciiStl(soup([0, 0, 0], [10, 20, 30])));
  file('quads.obj', objBox([0, 0, 0], [2, 3, 4]));
  file('box.ply', plyBox([0, 0, 0], [1, 2, 3]));
  file('crate.glb', await glbBox([-1, -1, -1], [1, 1, 1]));
  file('box.3mf', threeMfBox([0, 0, 0], [10, 20, 30], 'millimeter'));
  file('inch.3mf', threeMfBox([0, 0, 0], [1, 1, 1], 'inch'));
  file('assets/a/one.stl', binaryStl(soup([0, 0, 0], [1, 1, 1])));
  file('assets/b/two.obj', objBox([0, 0, 0], [1, 1, 2]));
  file('assets/b/notes.txt', 'not a model');
  file('empty.stl', '');
  file('truncated.stl', binaryStl(soup([0, 0, 0], [1, 1, 1])).subarray(0, 300));
  file('corrupt.glb', Buffer.from('glTF\x02\x00\x00\x00\x10\x00\x00\x00garbage!'));
  file('text.stl', 'This is a note about the part, not a model of it; it is long enough to fill an STL header.');
  file('flat.obj', 'v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n');
});

test('binary and ASCII STL in millimetres with a named material give the closed-form box in SI', () => {
  for (const name of ['binary.stl', 'ascii.stl']) {
    const r = json('--units', 'mm', '--material', 'pla', name);
    const mass = 1240 * 0.01 * 0.02 * 0.03; // kg
    near(r.body.mass, mass, 1e-12, `${name} mass`);
    expect(r.units).toEqual({ length: 'm', mass: 'kg' });
    [0.005, 0.01, 0.015].forEach((c, i) => near(r.body.centerOfMass[i], c, 1e-12, `${name} center`));
    // Ascending principal moments of a 10 × 20 × 30 mm box.
    const [a, b, c] = [0.01, 0.02, 0.03];
    const moments = [(mass * (b * b + c * c)) / 12, (mass * (a * a + c * c)) / 12, (mass * (a * a + b * b)) / 12].sort(
      (x, y) => x - y,
    );
    moments.forEach((m, i) => near(r.body.principalMoments[i], m, 1e-9, `${name} moment ${i}`));
    r.body.bounds.max.forEach((x, i) => near(x - r.body.bounds.min[i], [a, b, c][i], 1e-12, 'bounding box'));
  }
});

test('--output input prints a millimetre part in grams, mm and g·mm²', () => {
  const r = json('--units', 'mm', '--density', '1240', '--output', 'input', 'binary.stl');
  expect(r.units).toEqual({ length: 'mm', mass: 'g' });
  near(r.body.mass, 1.24e-3 * 6000, 1e-12, 'grams');
  near(r.body.volume, 6000, 1e-12, 'mm³');
  near(r.body.principalMoments[2], (7.44 * (400 + 900)) / 12, 1e-9, 'g·mm² (the largest: about x)');
  const table = cli('--units', 'mm', '--material', 'pla', '--output', 'input', 'binary.stl');
  expect(table.code).toBe(0);
  expect(table.stdout).toMatch(/mass\s+7\.44 g/);
  expect(table.stdout).toMatch(/bounding box size\s+\(10, 20, 30\) mm/);
  expect(table.stdout).toMatch(/closed and consistently wound; nothing repaired/);
});

test('--poses: a box lands on each face with the solid angle it subtends at the center', () => {
  // The 10 × 20 × 30 mm box: half-sides a, b at distance c give 4·asin(ab/√((a²+c²)(b²+c²)))/4π.
  const p = (a, b, c) => Math.asin((a * b) / Math.sqrt((a * a + c * c) * (b * b + c * c))) / Math.PI;
  const r = json('--units', 'mm', '--output', 'input', '--poses', 'binary.stl');
  expect(r.restingPoses).toHaveLength(6);
  for (const pose of r.restingPoses) {
    const axis = pose.normal.findIndex((x) => Math.abs(x) > 0.5);
    const [a, b, c] = [
      [10, 15, 5],
      [5, 15, 10],
      [5, 10, 15],
    ][axis];
    near(pose.probability, p(a, b, c), 1e-12, `face ${axis}`);
    near(pose.centerOfMassHeight, c, 1e-12, 'height in mm');
    near(pose.tippingAngle, Math.atan(Math.min(a, b) / c), 1e-12, 'tipping angle');
  }
  const table = cli('--units', 'mm', '--poses', 'binary.stl');
  expect(table.code).toBe(0);
  expect(table.stdout).toMatch(/resting poses\s+6, dropped at random/);
  expect(table.stdout).toMatch(/face down \(0, 0, [-1]+\), center of mass 0\.015 m high, tips at 18\.43°/);
});

test('an OBJ of quads, a PLY and a GLB (node transform applied) are measured', () => {
  near(json('--density', '2', 'quads.obj').body.mass, 2 * 24, 1e-12, 'obj');
  near(json('box.ply').body.mass, 1000 * 6, 1e-12, 'ply at the default density (water)');
  const glb = json('crate.glb', '--density', '3');
  near(glb.body.mass, 3 * 8, 1e-12, 'glb mass');
  near(glb.body.centerOfMass[1], 5, 1e-12, 'glb center moved by its node');
  expect(glb.parts[0].name).toBe('crate');
});

test('a 3MF is read in the unit it declares, unless --units says otherwise', () => {
  near(json('--material', 'pla', 'box.3mf').body.mass, 1240 * 6e-6, 1e-12, '3MF in millimetres');
  expect(json('box.3mf').inputUnits).toBe('mm');
  near(json('--density', '1000', 'inch.3mf').body.mass, 1000 * 0.0254 ** 3, 1e-12, '3MF in inches');
  near(json('--units', 'm', '--density', '1', 'box.3mf').body.mass, 6000, 1e-12, '--units wins');
});

test('folders and globs are expanded; --jsonl streams one line per file', () => {
  const lines = cli('--jsonl', 'assets')
    .stdout.trim()
    .split('\n')
    .map((l) => JSON.parse(l));
  expect(lines.map((l) => l.file).sort()).toEqual([join('assets', 'a', 'one.stl'), join('assets', 'b', 'two.obj')]);
  const globbed = cli('--jsonl', '--jobs', '2', 'assets/**/*.{stl,obj}').stdout.trim().split('\n');
  expect(globbed).toHaveLength(2);
  expect(cli('--json', 'assets/**/*.glb').code).toBe(4);
});

test('a failed file does not stop the others, and is summarised at the end', () => {
  const run = cli('--jsonl', 'binary.stl', 'empty.stl', 'quads.obj');
  expect(run.code).toBe(5);
  const lines = run.stdout
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));
  expect(lines.filter((l) => l.body)).toHaveLength(2);
  expect(lines.find((l) => l.error).error.exit).toBe(5);
  expect(run.stderr).toMatch(/1 of 3 files failed/);
});

test('every failure has its exit code and one line naming the flag or file, without a stack trace', () => {
  const cases = [
    [['--densty', '1240', 'binary.stl'], 2, /unknown flag '--densty'; did you mean '--density'\?/],
    [['--density'], 2, /--density needs a value/],
    [[], 2, /no input files/],
    [
      ['--density', '1,240', 'binary.stl'],
      3,
      /--density must be a number > 0, got '1,240' \(no thousands separators: 1240\)/,
    ],
    [['--units', 'furlong', 'binary.stl'], 3, /--units must be one of m, cm, mm, in, ft/],
    [['--material', 'plla', 'binary.stl'], 3, /did you mean 'pla'/],
    [['missing.stl'], 4, /missing\.stl: no such file or folder/],
    [['empty.stl'], 5, /empty\.stl: the file is empty/],
    [['truncated.stl'], 6, /truncated\.stl: truncated binary STL file \(300 bytes, its header says 684\)/],
    [['corrupt.glb'], 7, /corrupt\.glb: not a valid GLB/],
    [['text.stl'], 7, /text\.stl: not a valid STL file \(neither ASCII facets nor a binary triangle count\)/],
    [['flat.obj'], 8, /flat\.obj: .*encloses no volume|flat\.obj: .*ZERO|flat\.obj:/],
    [['--write', join(dir, 'no-such-dir', 'out.glb'), 'binary.stl'], 9, /out\.glb: cannot write/],
  ];
  for (const [args, code, message] of cases) {
    const run = cli(...args);
    expect({ args, code: run.code }).toEqual({ args, code });
    expect(run.stderr).toMatch(message);
    expect(run.stderr).not.toMatch(/\n\s+at /);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
  }
});

test('--help and --version', () => {
  const help = cli('--help');
  expect(help.code).toBe(0);
  expect(help.stdout).toMatch(/Usage: mass-properties/);
  expect(help.stdout).toMatch(/Exit codes/);
  const version = cli('--version');
  expect(version.stdout.trim()).toBe(JSON.parse(readFileSync(join(ROOT, 'cli', 'package.json'), 'utf8')).version);
});

test('--write puts KHR_physics_rigid_bodies motion into a GLB that three.js reads back', async () => {
  const out = join(dir, 'with-physics.glb');
  const run = cli('--units', 'mm', '--material', 'steel', '--write', out, 'binary.stl');
  expect(run.code).toBe(0);
  const bytes = readFileSync(out);
  const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
  const gltf = await new Promise((resolve, reject) => new GLTFLoader().parse(buffer, '', resolve, reject));
  const node = gltf.parser.json.nodes.find((n) => n.extensions?.KHR_physics_rigid_bodies);
  const motion = node.extensions.KHR_physics_rigid_bodies.motion;
  near(motion.mass, 7850 * 6e-6, 1e-12, 'mass');
  // The node keeps the file's millimetres under a root scaled by 0.001: the centre in node space is in mm.
  [5, 10, 15].forEach((c, i) => near(motion.centerOfMass[i], c, 1e-9, `center ${i}`));
});

test('--write on a GLB keeps its nodes and puts the motion in node space', async () => {
  const out = join(dir, 'crate-physics.glb');
  expect(cli('--density', '2', '--write', out, 'crate.glb').code).toBe(0);
  const io = new NodeIO();
  const json = (await io.readAsJSON(out)).json;
  const crate = json.nodes.find((n) => n.name === 'crate');
  expect(crate.translation).toEqual([0, 5, 0]);
  const motion = crate.extensions.KHR_physics_rigid_bodies.motion;
  near(motion.mass, 16, 1e-12, 'mass of the 2 m cube at 2 kg/m³');
  // The cube is centred on its node's origin: (0, 5, 0) in the scene is (0, 0, 0) in node space.
  expect(motion.centerOfMass.map((x) => Math.abs(x) < 1e-12)).toEqual([true, true, true]);
  motion.inertiaDiagonal.forEach((m) => near(m, (16 * 8) / 12, 1e-12, 'moment m(b² + c²)/12'));
});

// A box barge 40 × 10 × 20 mm (x, y, z), keel at y = 0, at 300 kg/m³ in water of 1000: the draft
// is T = m / (ρ L B) = 0.3 × 10 mm = 3 mm, and BM = B²/12T = 400/36 mm against KG − KB = 5 − 1.5.
test('--float prints the draft and whether the model floats upright; a denser one sinks (exit 8)', () => {
  writeFileSync(join(dir, 'barge.stl'), binaryStl(soup([0, 0, 0], [40, 10, 20])));
  const run = cli('--units', 'mm', '--density', '300', '--float', '1000', '--output', 'input', 'barge.stl');
  expect(run.code).toBe(0);
  expect(run.stdout).toMatch(/draft\s+3 mm/);
  expect(run.stdout).toMatch(/upright\s+stable/);
  const report = json('--units', 'mm', '--density', '300', '--float', '1000', 'barge.stl');
  near(report.float.upright.hydrostatics.draft, 0.003, 1e-9, 'draft in m');
  near(report.float.upright.hydrostatics.metacentricHeights[0], 400 / 36 / 1000 - 0.0035, 1e-9, 'GM in m');
  const sinks = cli('--units', 'mm', '--density', '1100', '--float', '1000', 'barge.stl');
  expect(sinks.code).toBe(8);
  expect(sinks.stderr).toMatch(/sinks/);
  expect(cli('--float', 'salty', 'barge.stl').code).toBe(3);
});

// Issue 17: the caps of a shallow open tray (its whole top is one hole) carry most of its
// surface: the number is given, and a warning in words says what it is. 1 × 1 × 0.1 without its
// top face: the cap is 1 of a surface of 1.4.
test('a mesh that is mostly caps is measured with a warning in words; --intersections is a switch', () => {
  const tray = soup([0, 0, 0], [1, 1, 0.1]).slice(0, 30); // the last two triangles are the top face
  writeFileSync(join(dir, 'tray.stl'), binaryStl(tray));
  const run = cli('tray.stl');
  expect(run.code).toBe(0);
  expect(run.stderr).toContain('tray.stl: the caps carry 71 % of the surface: this is hardly a solid');
  expect(run.stdout).toContain('the caps carry 71 % of the surface');
  expect(json('tray.stl').warning).toMatch(/^the caps carry 71 % of the surface: this is hardly a solid/);
  expect(cli('--help').stdout).toContain('--intersections');
  expect(cli('--intersections', '--bogus').code).toBe(2); // a switch: takes no value, and the next flag is read as one
});
