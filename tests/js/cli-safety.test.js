// The command line on hostile ground, as a spawned process on files written here: --write never
// loses data (a temporary file beside the destination, flushed, renamed over it), and every
// failure ends with its exit code, one line and no stack trace; names from files cannot drive
// the terminal; a reader that closes the pipe ends the run quietly.
import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  linkSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Document, NodeIO } from '@gltf-transform/core';

import { box } from './helpers/meshes.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const BIN = join(ROOT, 'cli', 'bin', 'mass-properties.js');
const dir = mkdtempSync(join(tmpdir(), 'mp-cli-safety-'));

const file = (name, content) => {
  const path = join(dir, name);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, content);
  return path;
};

// The command line, optionally behind a wrapper (`sh -c 'ulimit -f N; exec "$0" "$@"'`, setpriv).
function cli(args, prefix = []) {
  const command = [...prefix, process.execPath, BIN, ...args];
  const run = spawnSync(command[0], command.slice(1), { cwd: dir, encoding: 'utf8' });
  return { code: run.status, signal: run.signal, stdout: run.stdout, stderr: run.stderr };
}
// A file size limit of `blocks` blocks (512 bytes in dash, 1024 in bash) on the command line.
const limited = (blocks) => ['sh', '-c', `ulimit -f ${blocks}; exec "$0" "$@"`];

// Exactly `count` lines on stderr, none of them a stack frame.
function expectLines(run, count) {
  expect(run.stderr).not.toMatch(/\n\s+at |node:internal|Error:/);
  expect(run.stderr.endsWith('\n')).toBe(true);
  expect(run.stderr.slice(0, -1).split('\n')).toHaveLength(count);
}

// Permissions only stop a process without CAP_DAC_OVERRIDE and CAP_DAC_READ_SEARCH, which root
// has (CI containers run tests as root). There the command line runs under setpriv (util-linux)
// with both capabilities dropped from its bounding set; the probe checks that this really denies.
function unprivileged() {
  if (process.getuid?.() !== 0) return { prefix: [] };
  const prefix = ['setpriv', '--bounding-set=-dac_override,-dac_read_search'];
  const locked = file('probe/locked', 'x');
  chmodSync(locked, 0o000);
  const probe = spawnSync(prefix[0], [...prefix.slice(1), 'cat', locked]);
  chmodSync(locked, 0o600);
  if (probe.error || probe.status === 0) {
    return { skip: 'running as root, and setpriv cannot drop the capabilities that bypass permissions' };
  }
  return { prefix };
}
const permissions = unprivileged();
const withPermissions = permissions.skip ? test.skip : test;
if (permissions.skip) console.warn(`cli-safety: permission tests skipped: ${permissions.skip}`);

function binaryStl({ positions, indices }) {
  const triangles = indices.length / 3;
  const bytes = Buffer.alloc(84 + 50 * triangles);
  bytes.writeUInt32LE(triangles, 80);
  indices.forEach((v, k) => {
    const at = 84 + 50 * Math.floor(k / 3) + 12 + 12 * (k % 3);
    for (let j = 0; j < 3; j++) bytes.writeFloatLE(positions[3 * v + j], at + 4 * j);
  });
  return bytes;
}

// A GLB of two unit cubes on nodes with the given names.
async function namedGlb(names) {
  const document = new Document();
  const buffer = document.createBuffer();
  const scene = document.createScene();
  names.forEach((name, k) => {
    const { positions, indices } = box([2 * k, 0, 0], [2 * k + 1, 1, 1]);
    const primitive = document
      .createPrimitive()
      .setAttribute(
        'POSITION',
        document.createAccessor().setType('VEC3').setArray(new Float32Array(positions)).setBuffer(buffer),
      )
      .setIndices(document.createAccessor().setArray(indices).setBuffer(buffer));
    scene.addChild(document.createNode(name).setMesh(document.createMesh(name).addPrimitive(primitive)));
  });
  return Buffer.from(await new NodeIO().writeBinary(document));
}

const OLD = Buffer.from('the previous output, which must survive a failed write\n'.repeat(40));
const motionOf = async (path) =>
  (await new NodeIO().readAsJSON(path)).json.nodes.filter((n) => n.extensions?.KHR_physics_rigid_bodies);

beforeAll(async () => {
  file('cube.stl', binaryStl(box()));
  file('cube.glb', await namedGlb(['cube']));
  file('empty.stl', '');
  file('notes.txt', 'not a model');
  file('no-models/readme.md', '# nothing to measure here');
  for (let k = 0; k < 40; k++) file(`many/cube-${String(k).padStart(2, '0')}.stl`, binaryStl(box()));
});

describe('--write cannot lose data', () => {
  test('past the file size limit (ulimit -f) the old file keeps every byte and no temporary file is left', () => {
    const out = file('limited/out.glb', OLD);
    const run = cli(['cube.stl', '--write', 'limited/out.glb'], limited(1));
    expect(run.signal).toBeNull(); // not killed by SIGXFSZ
    expect(run.code).toBe(9);
    expect(run.stderr).toMatch(/limited\/out\.glb: cannot write \(EFBIG.*\); the file is unchanged/);
    expectLines(run, 1);
    expect(readFileSync(out).equals(OLD)).toBe(true);
    expect(readdirSync(join(dir, 'limited'))).toEqual(['out.glb']);
    // With room, the same write replaces it.
    expect(cli(['cube.stl', '--write', 'limited/out.glb']).code).toBe(0);
    expect(readFileSync(out).subarray(0, 4).toString()).toBe('glTF');
    expect(statSync(out).size).toBeGreaterThan(1024); // so one block of either size was too little
  });

  test('onto its own input: the input is replaced only when the new file is complete, by a rename', async () => {
    const input = file('self/model.glb', readFileSync(join(dir, 'cube.glb')));
    const original = readFileSync(input);
    chmodSync(input, 0o640);
    // A failed write leaves the input as it was.
    const failed = cli(['self/model.glb', '--write', 'self/model.glb'], limited(1));
    expect(failed.code).toBe(9);
    expectLines(failed, 1);
    expect(readFileSync(input).equals(original)).toBe(true);
    expect(await motionOf(input)).toHaveLength(0);
    // A second name for the input's inode: a write in place would change what it reads.
    linkSync(input, join(dir, 'self/old-inode.glb'));
    const run = cli(['self/model.glb', '--write', 'self/model.glb']);
    expect(run.code).toBe(0);
    expect(readFileSync(join(dir, 'self/old-inode.glb')).equals(original)).toBe(true);
    const motion = (await motionOf(input))[0].extensions.KHR_physics_rigid_bodies.motion;
    expect(motion.mass).toBe(1000); // a unit cube of water
    expect(statSync(input).mode & 0o777).toBe(0o640); // the permissions it had
    expect(readdirSync(join(dir, 'self')).sort()).toEqual(['model.glb', 'old-inode.glb']);
  });

  test('a folder, a missing folder or a file in the path as destination: exit 9 naming it, nothing changed', () => {
    file('taken.glb/inside.txt', 'a folder named like a GLB');
    const cases = [
      ['taken.glb', /taken\.glb: cannot write \(EISDIR: it is a folder\); nothing was written/],
      ['missing/out.glb', /missing\/out\.glb: cannot write \(ENOENT: no such folder\); nothing was written/],
      ['cube.stl/out.glb', /cube\.stl\/out\.glb: cannot write \(ENOTDIR/],
    ];
    for (const [destination, message] of cases) {
      const run = cli(['cube.stl', '--write', destination]);
      expect({ destination, code: run.code }).toEqual({ destination, code: 9 });
      expect(run.stderr).toMatch(message);
      expectLines(run, 1);
    }
    expect(readFileSync(join(dir, 'taken.glb/inside.txt'), 'utf8')).toBe('a folder named like a GLB');
    expect(existsSync(join(dir, 'missing'))).toBe(false);
  });

  withPermissions('a read-only folder or a read-only file is not written: exit 9, the file unchanged', () => {
    const kept = file('read-only/out.glb', OLD);
    chmodSync(join(dir, 'read-only'), 0o555);
    try {
      for (const destination of ['read-only/out.glb', 'read-only/new.glb']) {
        const run = cli(['cube.stl', '--write', destination], permissions.prefix);
        expect(run.code).toBe(9);
        expect(run.stderr).toMatch(/cannot write \(EACCES: permission denied\)/);
        expectLines(run, 1);
      }
    } finally {
      chmodSync(join(dir, 'read-only'), 0o755);
    }
    expect(readFileSync(kept).equals(OLD)).toBe(true);
    expect(readdirSync(join(dir, 'read-only'))).toEqual(['out.glb']);
    // In a writable folder a rename could replace a read-only file; it is refused as a write would be.
    chmodSync(kept, 0o444);
    const run = cli(['cube.stl', '--write', 'read-only/out.glb'], permissions.prefix);
    expect(run.code).toBe(9);
    expect(run.stderr).toMatch(
      /read-only\/out\.glb: cannot write \(EACCES: permission denied\); the file is unchanged/,
    );
    expect(readFileSync(kept).equals(OLD)).toBe(true);
  });
});

withPermissions('a folder that cannot be read is exit 4 naming it, walked into or globbed', () => {
  file('locked-tree/a.stl', binaryStl(box()));
  file('locked-tree/sub/b.stl', binaryStl(box()));
  file('locked-tree/sub/secret/c.stl', binaryStl(box()));
  chmodSync(join(dir, 'locked-tree/sub'), 0o000);
  try {
    for (const input of ['locked-tree', 'locked-tree/**/*.stl', 'locked-tree/sub/*.stl']) {
      const run = cli([input], permissions.prefix);
      expect({ input, code: run.code }).toEqual({ input, code: 4 });
      expect(run.stderr).toMatch(/^mass-properties: locked-tree\/sub: cannot read this folder \(EACCES\)$/m);
      expectLines(run, 1);
      expect(run.stdout).toBe(''); // nothing measured without a word about the rest
    }
    const inside = cli(['locked-tree/sub/b.stl'], permissions.prefix);
    expect(inside.code).toBe(4);
    expect(inside.stderr).toMatch(/locked-tree\/sub\/b\.stl: cannot read \(EACCES\)/);
  } finally {
    chmodSync(join(dir, 'locked-tree/sub'), 0o755);
  }
});

describe('a reader that closes the pipe', () => {
  // The command line's exit code, through a pipe that `head -c 100` closes after 100 bytes.
  function piped(args, merge = false) {
    const command = `{ "$0" "$@" ${merge ? '2>&1' : '2>stderr.txt'}; echo $? > code.txt; } | head -c 100 > /dev/null`;
    const run = spawnSync('sh', ['-c', command, process.execPath, BIN, ...args], { cwd: dir, encoding: 'utf8' });
    expect(run.status).toBe(0);
    return {
      code: Number(readFileSync(join(dir, 'code.txt'), 'utf8')),
      stderr: merge ? '' : readFileSync(join(dir, 'stderr.txt'), 'utf8'),
    };
  }

  test('ends the run quietly: no stack trace, the exit code of the files measured (0, or the first failure)', () => {
    // 40 reports are over 64 KiB (a pipe's buffer) in JSON and in JSON lines: once head has left,
    // the writes fail with EPIPE. (The tables of 40 files fit the buffer: no write fails.)
    expect(cli(['--jsonl', 'many']).stdout.length).toBeGreaterThan(2 ** 16);
    for (const flag of ['--json', '--jsonl']) {
      expect({ flag, ...piped([flag, 'many']) }).toEqual({ flag, code: 0, stderr: '' });
    }
    const failed = piped(['--jsonl', 'empty.stl', 'many']);
    expect(failed.code).toBe(5);
    expect(failed.stderr).toMatch(/^mass-properties: empty\.stl: the file is empty$/m);
    expect(failed.stderr).not.toMatch(/EPIPE|\n\s+at /);
    // stdout and stderr into one closed pipe.
    expect(piped(['--jsonl', 'empty.stl', 'many'], true).code).toBe(5);
  });

  test('a full disk under the output is a failure: exit 9, one line', () => {
    if (!existsSync('/dev/full')) return; // Linux's always-full device
    const command = '"$0" "$@" > /dev/full';
    const run = spawnSync('sh', ['-c', command, process.execPath, BIN, 'cube.stl'], { cwd: dir, encoding: 'utf8' });
    expect(run.status).toBe(9);
    expect(run.stderr).toBe('mass-properties: cannot write the output (ENOSPC: no space left on the device)\n');
  });
});

describe('names from files are shown, never obeyed', () => {
  const EVIL = ['clear\x1b[2J\x1b[31mred', 'two\nmass 0 kg (a forged line)\r', 'reversed\u202egnp.exe\x9b\x7f'];
  const RAW = /[\x00-\x09\x0b-\x1f\x7f-\x9f\u202e]/; // eslint-disable-line no-control-regex

  test('node names in a table are escaped, one line each; JSON keeps them exactly', async () => {
    file('evil.glb', await namedGlb(EVIL));
    const table = cli(['evil.glb']);
    expect(table.code).toBe(0);
    expect(table.stdout).not.toMatch(RAW);
    expect(table.stdout).toContain('part "clear\\x1b[2J\\x1b[31mred"');
    expect(table.stdout).toContain('part "two\\nmass 0 kg (a forged line)\\r"');
    expect(table.stdout).toContain('part "reversed\\u202egnp.exe\\x9b\\x7f"');
    expect(table.stdout.split('\n').filter((line) => line.includes('forged'))).toHaveLength(1);
    const json = cli(['--json', 'evil.glb']);
    expect(json.stdout).not.toMatch(/[\x7f-\x9f\u202e]/);
    expect(JSON.parse(json.stdout).parts.map((p) => p.name)).toEqual(EVIL);
  });

  test('file names in stderr lines and in the summary are escaped', () => {
    const name = 'bad\x1b]0;title\x07\nname.stl';
    file(name, '');
    const run = cli([name, 'cube.stl', name]);
    expect(run.code).toBe(5);
    expect(run.stderr).not.toMatch(RAW);
    expect(run.stderr).toContain('mass-properties: bad\\x1b]0;title\\x07\\nname.stl: the file is empty\n');
    expect(run.stdout.split('\n')[0]).toBe('cube.stl  STL, coordinates in m, density 1000 kg/m³, solid');
    const glob = cli(['bad*']);
    expect(glob.stderr).not.toMatch(RAW);
    expectLines(glob, 1);
  });
});

test('every failure: its exit code, one line (and the summary with several files), no stack trace', () => {
  const cases = [
    [['missing.stl'], 4, /missing\.stl: no such file or folder/],
    [['notes.txt'], 7, /notes\.txt: not a valid model file \(unknown extension/],
    [['empty.stl'], 5, /empty\.stl: the file is empty/],
    [['no-models'], 4, /no-models: no .* files in this folder/],
    [['nothing-*.stl'], 4, /nothing-\*\.stl: no file matches this pattern/],
    [['--jobs', '0', 'cube.stl'], 3, /--jobs must be a whole number > 0, got '0'/],
    [['--jobs'], 2, /--jobs needs a value/],
    [['--jsonl', '--json', 'cube.stl'], 2, /either --json or --jsonl/],
    [['--bogus', 'cube.stl'], 2, /unknown flag '--bogus'/],
    [['-x'], 2, /unknown flag '-x'/],
    [['--write', 'out.glb', 'cube.stl', 'cube.glb'], 2, /--write takes exactly one input file/],
    [['--write', 'out.txt', 'cube.stl'], 3, /--write must name a \.glb file/],
    [['--write', 'taken.glb', 'cube.stl'], 9, /taken\.glb: cannot write/],
    [['--mode', 'shell', 'cube.stl'], 2, /--mode 'shell' with densities in kg\/m³ needs --thickness/],
  ];
  file('taken.glb/inside.txt', 'a folder');
  for (const [args, code, message] of cases) {
    const run = cli(args);
    expect({ args, code: run.code }).toEqual({ args, code });
    expect(run.stderr).toMatch(message);
    expectLines(run, 1);
  }
  // A huge --jobs is only an upper bound.
  expect(cli(['--jobs', '1000000000', 'cube.stl']).code).toBe(0);
  // Several failures: one line each as it happens, then the summary (a line and one per failure).
  const several = cli(['empty.stl', 'cube.stl', 'notes.txt']);
  expect(several.code).toBe(5);
  expectLines(several, 2 + 1 + 2);
  expect(several.stderr).toMatch(/2 of 3 files failed:\n {2}empty\.stl: .*\n {2}notes\.txt: /);
});
