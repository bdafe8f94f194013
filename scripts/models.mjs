// Measures every model in a folder as a user would (the file's triangles given to mp.mesh) and
// against the winding-number solid of the independent reference (tests/js/helpers/winding.js):
//
//   node scripts/models.mjs <folder> [--intersections] [--resolution N] [--holes N] [--cuts N] [--json]
//
// Per model: the reference volume with its error estimate and time, mp.mesh's volume, the
// relative difference, mp.mesh's time, and its diagnostics in words. Volumes are in the model's
// own units³. STL, OBJ and PLY; an OBJ's objects are one mesh, as the issue's table measured them.
// The reference's knobs (windingSolid's): --resolution cells across x (default 384, and twice
// that for its error estimate), --holes the grid near the holes (24, raised until the smallest
// hole spans 8 cells, up to 256: a car with small holes then takes minutes), --cuts up to how many
// distinct vertex x every vertex ends a cell (12000). The estimate is the difference between the
// two resolutions; on a large model it converges irregularly (beast: 528342 ± 4.9 at 96, 528350 ±
// 6.5 at 384), so read it as a scale, not a bound.
import { readdirSync, readFileSync } from 'node:fs';
import { basename, extname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { init, describeDiagnostics } from '../js/index.js';
import { parseObj } from '../cli/js/parsers/obj.js';
import { parsePly } from '../cli/js/parsers/ply.js';
import { parseStl } from '../cli/js/parsers/stl.js';
import { windingSolid } from '../tests/js/helpers/winding.js';

const PARSERS = {
  '.obj': (bytes) => {
    const soups = parseObj(bytes).objects.map((o) => o.positions);
    const positions = new Float64Array(soups.reduce((n, s) => n + s.length, 0));
    soups.reduce((at, s) => (positions.set(s, at), at + s.length), 0);
    return { positions, indices: null };
  },
  '.stl': (bytes) => ({ positions: Float64Array.from(parseStl(bytes).positions), indices: null }),
  '.ply': (bytes) => {
    const { positions, indices } = parsePly(bytes);
    return { positions: Float64Array.from(positions), indices: indices ? Uint32Array.from(indices) : null };
  },
};

function parseCommandLine(argv) {
  const options = { folder: null, intersections: false, resolution: 384, holes: 24, cuts: 12000, json: false };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--intersections') options.intersections = true;
    else if (argv[i] === '--json') options.json = true;
    else if (argv[i] === '--resolution') options.resolution = Number(argv[++i]);
    else if (argv[i] === '--holes') options.holes = Number(argv[++i]);
    else if (argv[i] === '--cuts') options.cuts = Number(argv[++i]);
    else options.folder = argv[i];
  }
  if (!options.folder || !(options.resolution >= 2)) {
    console.error(
      'usage: node scripts/models.mjs <folder> [--intersections] [--resolution N] [--holes N] [--cuts N] [--json]',
    );
    process.exit(2);
  }
  return options;
}

const timed = (f) => {
  const start = performance.now();
  const value = f();
  return [value, (performance.now() - start) / 1000];
};

function measure(mp, file, options) {
  const mesh = PARSERS[extname(file).toLowerCase()](readFileSync(file));
  const triangles = (mesh.indices ? mesh.indices.length : mesh.positions.length / 3) / 3;
  const [reference, referenceSeconds] = timed(() =>
    windingSolid(mesh, { resolution: options.resolution, holes: options.holes, cuts: options.cuts }),
  );
  const row = {
    model: basename(file, extname(file)),
    triangles,
    reference: reference.volume,
    referenceError: reference.error.volume,
    referenceSeconds,
  };
  try {
    const meshOptions = options.intersections ? { intersections: true } : {};
    const [result, seconds] = timed(() => mp.mesh(mesh.positions, mesh.indices, meshOptions));
    row.volume = result.volume;
    row.relativeDifference = (result.volume - reference.volume) / reference.volume;
    row.seconds = seconds;
    row.diagnostics = describeDiagnostics(result.diagnostics).map((line) => line.text);
  } catch (error) {
    if (!error.code) throw error;
    row.error = `${error.code}: ${error.message}`;
  }
  return row;
}

const g = (x, digits = 7) => (x === undefined ? '—' : Number(x.toPrecision(digits)).toString());
const pct = (x) => (x === undefined ? '—' : `${x >= 0 ? '+' : ''}${Number((100 * x).toPrecision(3))} %`);

const options = parseCommandLine(process.argv.slice(2));
const files = readdirSync(options.folder)
  .filter((name) => Object.hasOwn(PARSERS, extname(name).toLowerCase()))
  .sort()
  .map((name) => join(options.folder, name));
const mp = await init();
const rows = [];
if (!options.json) {
  console.log(
    '| model | triangles | winding-number volume (± estimate) | reference time | `mp.mesh` | off by | time | diagnostics |',
  );
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
}
for (const file of files) {
  const row = measure(mp, file, options);
  rows.push(row);
  if (options.json) continue;
  const result = row.error ?? g(row.volume);
  const words = row.error ? '' : row.diagnostics.join('; ');
  console.log(
    `| ${row.model} | ${row.triangles.toLocaleString('en')} | ${g(row.reference)} (± ${g(row.referenceError, 2)}) | ` +
      `${row.referenceSeconds.toFixed(1)} s | ${result} | ${pct(row.relativeDifference)} | ` +
      `${row.seconds === undefined ? '—' : `${(1000 * row.seconds).toFixed(1)} ms`} | ${words} |`,
  );
}
if (options.json) console.log(JSON.stringify(rows, null, 2));
