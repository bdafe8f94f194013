// unitsHint: a model whose size suggests its file is in other units gets a hint, in words and
// on the command line's stderr (one line; --json carries it as `hint`, its numbers unchanged).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { largestSide, unitsHint } from '../../js/index.js';
import { box } from './helpers/meshes.js';

test('over 100 m suggests millimetres, under 1 mm metres; ordinary sizes and numeric units get none', () => {
  expect(unitsHint(494, 'm')).toEqual({
    largestSide: 494,
    units: 'm',
    suggested: 'mm',
    text: 'the largest side is 494 m: if the file is in millimetres',
  });
  // 15,000 cm = 150 m read in centimetres; in millimetres it would be 15 m.
  expect(unitsHint(150, 'cm')).toMatchObject({ largestSide: 15000, suggested: 'mm' });
  expect(unitsHint(0.0003, 'mm')).toMatchObject({
    suggested: 'm',
    text: 'the largest side is 0.3 mm: if the file is in metres',
  });
  expect(unitsHint(0.0003, 'in').largestSide).toBeCloseTo(0.0003 / 0.0254, 14);
  for (const [side, units] of [
    [100, 'm'], // the limit itself is ordinary
    [0.001, 'mm'],
    [2, 'm'],
    [494, 'mm'], // already the smallest unit: nothing better to suggest
    [0.0001, 'm'],
    [494, 0.001], // a number of metres per unit was chosen on purpose
    [494, undefined],
    [NaN, 'm'],
    [0, 'm'],
  ])
    expect(unitsHint(side, units)).toBeNull();
});

test('largestSide is the bounding box’s longest edge, NaN without bounds', () => {
  expect(largestSide({ bounds: { min: [1, -2, 3], max: [4, 5, 3.5] } })).toBe(7);
  expect(largestSide({ bounds: null })).toBeNaN();
  expect(largestSide(undefined)).toBeNaN();
});

describe('the command line', () => {
  const dir = mkdtempSync(join(tmpdir(), 'mp-hint-'));
  const BIN = fileURLToPath(new URL('../../cli/bin/mass-properties.js', import.meta.url));
  const cli = (...args) => spawnSync(process.execPath, [BIN, ...args], { cwd: dir, encoding: 'utf8' });
  // A 494 × 300 × 200 box as an ASCII STL: a bust drawn in millimetres.
  const { positions, indices } = box([0, 0, 0], [494, 300, 200]);
  const facets = [];
  for (let t = 0; t < indices.length; t += 3) {
    const corners = [0, 1, 2].map(
      (k) => `vertex ${Array.from(positions.subarray(3 * indices[t + k], 3 * indices[t + k] + 3)).join(' ')}`,
    );
    facets.push(`facet normal 0 0 0\nouter loop\n${corners.join('\n')}\nendloop\nendfacet`);
  }
  writeFileSync(join(dir, 'bust.stl'), `solid bust\n${facets.join('\n')}\nendsolid bust\n`);
  const HINT = 'the largest side is 494 m: if the file is in millimetres, use --units mm';

  test('read in metres by default: one line on stderr, the numbers those of metres', () => {
    const run = cli('--json', 'bust.stl');
    expect(run.status).toBe(0);
    expect(run.stderr).toBe(`mass-properties: bust.stl: ${HINT}\n`);
    const report = JSON.parse(run.stdout);
    expect(report.hint).toBe(HINT);
    expect(report.body.volume).toBe(494 * 300 * 200);
  });

  test('the table too; --units given (even m) says the unit was meant, and gets no hint', () => {
    expect(cli('bust.stl').stderr).toBe(`mass-properties: bust.stl: ${HINT}\n`);
    for (const units of ['mm', 'm']) {
      const run = cli('--json', '--units', units, 'bust.stl');
      expect(run.stderr).toBe('');
      expect(JSON.parse(run.stdout).hint).toBeUndefined();
    }
  });
});
