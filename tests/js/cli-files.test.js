// The command line on hostile and unusual model files, as a user runs it: a spawned process on
// files written here. Each case is one a hostile-user audit found (a quadratic read, a zip bomb,
// a non-finite number repaired into a wrong volume, a unit misread, an error blamed on the wrong
// thing, a binary STL read as text, a wrong exit code); the expected numbers are closed forms.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { box } from './helpers/meshes.js';
import {
  MiB,
  RELS,
  asciiStl,
  binaryStl,
  deflatedSpaces,
  meshXml,
  modelXml,
  ply,
  plyMesh,
  threeMf,
  trianglesOf,
  zip,
} from './helpers/model-files.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const BIN = join(ROOT, 'cli', 'bin', 'mass-properties.js');
const dir = mkdtempSync(join(tmpdir(), 'mp-cli-files-'));

function cli(...args) {
  const run = spawnSync(process.execPath, [BIN, ...args], { cwd: dir, encoding: 'utf8' });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}
const file = (name, content) => {
  writeFileSync(join(dir, name), content);
  return name;
};
const near = (got, want, rel, what) => {
  if (!(Math.abs(got - want) <= rel * Math.abs(want))) throw new Error(`${what}: got ${got}, want ${want}`);
};
// A failure: its exit code and one line on stderr, without a stack trace.
function expectFailure(name, code, message) {
  const run = cli(name);
  expect({ name, code: run.code }).toEqual({ name, code });
  expect(run.stderr).toMatch(message);
  expect(run.stderr.trim().split('\n')).toHaveLength(1);
  expect(run.stderr).not.toMatch(/\n\s+at /);
}

const cube = box([0, 0, 0], [1, 1, 1]);

test("1.5 MB of 'solid solid ...' is refused at once (15 s for 480 KB before)", () => {
  file('solids.stl', 'solid '.repeat(250000));
  expectFailure(
    'solids.stl',
    7,
    /solids\.stl: not a valid STL file \(line 1: 'solid' is followed by no facet and no 'endsolid'\)/,
  );
});

test('a 1 MB 3MF that inflates to 1 GiB is refused without inflating it (1.15 GB and exit 7 on a string limit before)', () => {
  const bomb = (size) =>
    zip([
      { name: '_rels/.rels', data: RELS() },
      { name: '3D/3dmodel.model', data: deflatedSpaces(1024), raw: true, size },
    ]);
  file('bomb.3mf', bomb(1024 * MiB));
  expectFailure(
    'bomb.3mf',
    7,
    /bomb\.3mf: not a valid 3MF file \(zip entry '3D\/3dmodel\.model' declares 1024 MiB from 1(\.\d)? MiB \(more than 100:1, a zip bomb\)\)/,
  );
  file('liar.3mf', bomb(4096));
  expectFailure(
    'liar.3mf',
    7,
    /liar\.3mf: not a valid 3MF file \(zip entry '3D\/3dmodel\.model' inflates past the 4096 bytes it declares\)/,
  );
});

test('NaN or Infinity in an ASCII STL is an error naming the line (it was dropped and the hole capped)', () => {
  const text = asciiStl([['cube', trianglesOf(cube)]]);
  file('nan.stl', text.replace('vertex 1 0 0', 'vertex NaN 0 0'));
  expectFailure(
    'nan.stl',
    7,
    /nan\.stl: not a valid STL file \(line \d+: vertex coordinate 'NaN' is not a finite number\)/,
  );
  file('inf.stl', text.replace('vertex 1 0 0', 'vertex 1 -Infinity 0'));
  expectFailure(
    'inf.stl',
    7,
    /inf\.stl: not a valid STL file \(line \d+: vertex coordinate '-Infinity' is not a finite number\)/,
  );
});

test('a 3MF unit that is not one (unit="mm") is refused naming the valid ones (it was read as metres)', () => {
  file('mm.3mf', threeMf(modelXml(`<object id="1">${meshXml(cube)}</object>`, '<item objectid="1"/>', 'unit="mm"')));
  expectFailure(
    'mm.3mf',
    7,
    /mm\.3mf: not a valid 3MF file \(3D\/3dmodel\.model line 2: unit 'mm' is not a 3MF unit \(3MF units: micron, millimeter, centimeter, inch, foot, meter\)\)/,
  );
});

test('an OBJ face index out of range names the face line and the index (a coordinate was blamed)', () => {
  file('range.obj', 'v 0 0 0\nv 1 0 0\nv 0 1 0\nv 0 0 1\nf 1 3 2\nf 1 2 4\nf 1 4 3\nf 2 3 7\n');
  expectFailure(
    'range.obj',
    7,
    /range\.obj: not a valid OBJ file \(line 8: face vertex '7': index 7 is out of range \(4 vertices so far/,
  );
});

test("a binary STL whose header starts with 'solid' is read as binary (its size says so)", () => {
  file('solid-header.stl', binaryStl(trianglesOf(box([0, 0, 0], [10, 20, 30])), 'solid part, exported as binary'));
  const run = cli('--json', '--units', 'mm', '--density', '1000', 'solid-header.stl');
  expect(run.code).toBe(0);
  near(JSON.parse(run.stdout).body.mass, 1000 * 6e-6, 1e-12, 'mass of a 10 × 20 × 30 mm box');
});

test('a PLY without end_header is corrupt (7, it was 8); data shorter than its header is truncated (6)', () => {
  const text = ply('ascii', plyMesh(cube));
  file('no-end.ply', text.replace('end_header\n', ''));
  expectFailure('no-end.ply', 7, /no-end\.ply: not a valid PLY file \(its header has no 'end_header' line\)/);
  file('short.ply', text.slice(0, -40));
  expectFailure(
    'short.ply',
    6,
    /short\.ply: truncated PLY file \(its data ends at line \d+, in face \d+ of the 12 its header declares\)/,
  );
  const binary = ply('binary_little_endian', plyMesh(cube));
  file('short-binary.ply', binary.subarray(0, binary.length - 7));
  expectFailure(
    'short-binary.ply',
    6,
    /short-binary\.ply: truncated PLY file \(its data ends in face 12 of the 12 its header declares\)/,
  );
});

test('3MF placements keep every affine map: a shear keeps the volume, a mirror and a scale give |det|', () => {
  const resources = `<object id="1" name="cube">${meshXml(cube)}</object>`;
  // x' = x + 0.5 y (a shear, det 1); x' = -2x, y' = 3y, z' = z, moved (det -6).
  const items =
    '<item objectid="1" transform="1 0 0 0.5 1 0 0 0 1 0 0 0"/><item objectid="1" transform="-2 0 0 0 3 0 0 0 1 10 0 0"/>';
  file('placed.3mf', threeMf(modelXml(resources, items, 'unit="meter"')));
  const run = cli('--json', '--density', '1', 'placed.3mf');
  expect(run.code).toBe(0);
  const report = JSON.parse(run.stdout);
  near(report.parts[0].result.volume, 1, 1e-12, 'sheared cube');
  near(report.parts[1].result.volume, 6, 1e-12, 'mirrored and scaled cube');
  // The sheared cube's centre: (0.5 + 0.5·0.5, 0.5, 0.5); the other's: (10 - 1, 1.5, 0.5).
  [0.75, 0.5, 0.5].forEach((c, i) => near(report.parts[0].result.centerOfMass[i], c, 1e-12, `sheared centre ${i}`));
  [9, 1.5, 0.5].forEach((c, i) => near(report.parts[1].result.centerOfMass[i], c, 1e-12, `mirrored centre ${i}`));
  expect(report.parts.map((p) => p.name)).toEqual(['cube', 'cube']);
});
