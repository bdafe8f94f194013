// The speed tables of docs/accuracy-and-speed.md from a results object of bench.mjs (bench/results.json).
// Run alone: node tests/bench/table.mjs   (prints the tables of the last bench/results.json)
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const PEERS = [
  ['mp.mesh default (SIMD)', 'mp.mesh default'],
  // check: false computes more than the bare kernel: the input checks and bounds, and the accuracy
  // certificate (the summed squared edges; the default's sums again where it does not certify).
  ['mp.mesh check:false (SIMD)', 'mp.mesh check: false (+ checks, bounds, certificate)'],
  ['mp.mesh default (scalar)', 'default, scalar build'],
  ['mp.mesh check:false (scalar)', 'check: false, scalar build'],
  ['naive JS loop', 'naive JS loop'],
  ['tuned JS loop', 'tuned JS loop'],
  ['bare SIMD kernel (with copy)', 'bare SIMD kernel, with its copy'],
  ['Rapier trimesh (f32)', 'Rapier trimesh'],
  ['native default', 'native core, default'],
  ['native check:false', 'native core, check: false'],
  ['native full analysis', 'native core, full analysis'],
];

const exponent = (x) => (x === null || x === undefined ? '—' : x === 0 ? '0' : x.toExponential(0));

export function tables(results) {
  const lines = [];
  const meshes = results.meshes;
  lines.push(`| | ${meshes.map((m) => m.mesh).join(' | ')} |`);
  lines.push(`| --- | ${meshes.map(() => '---:').join(' | ')} |`);
  for (const [key, label] of PEERS) {
    const cells = meshes.map((m) => {
      const r = m.results[key];
      if (!r) return '—';
      const base = m.results['mp.mesh default (SIMD)'];
      const speed = m.triangles < 100 ? `${(r.ms * 1000).toFixed(1)} µs` : `${r.mtrisPerSecond.toFixed(1)}`;
      return key === 'mp.mesh default (SIMD)' ? `**${speed}**` : `${speed} (${(base.ms / r.ms).toFixed(2)}×)`;
    });
    lines.push(`| ${label} | ${cells.join(' | ')} |`);
  }
  lines.push('');
  lines.push(
    `| volume error (relative) | ${meshes
      .filter((m) => m.referenceVolume !== null)
      .map((m) => m.mesh)
      .join(' | ')} |`,
  );
  lines.push(
    `| --- | ${meshes
      .filter((m) => m.referenceVolume !== null)
      .map(() => '---:')
      .join(' | ')} |`,
  );
  for (const [key, label] of PEERS) {
    const cells = meshes.filter((m) => m.referenceVolume !== null).map((m) => exponent(m.results[key]?.volumeError));
    lines.push(`| ${label} | ${cells.join(' | ')} |`);
  }
  return lines.join('\n');
}

/**
 * The targets of issue #18 against a run, as [what, target, [mesh or figure, value, met]...]
 * rows (single thread): the default call against the naive loop and check: false against the
 * bare kernel on the meshes marked `targets`, the 12-triangle box per call, the first call on
 * 1 M triangles after init() (CPU time, wall time beside it) and the gzipped main entry.
 */
export function targets(results) {
  const ratio = (m, a, b) => (m.results[a] && m.results[b] ? m.results[b].ms / m.results[a].ms : null);
  const marked = results.meshes.filter((m) => m.targets);
  const micro = results.meshes.find((m) => m.triangles < 100);
  const cold = results.coldStart.simd;
  const size = results.packageSize.simd; // the main entry: JavaScript, the core glue and .wasm
  const rows = [
    [
      'default call / naive JS loop',
      '≥ 1.5×',
      marked.map((m) => {
        const x = ratio(m, 'mp.mesh default (SIMD)', 'naive JS loop');
        return [m.mesh, `${x.toFixed(2)}×`, x >= 1.5];
      }),
    ],
    [
      'check: false (+ checks, bounds, accuracy certificate) / bare SIMD kernel (with its copy)',
      '≥ 0.85×',
      marked
        .filter((m) => m.results['bare SIMD kernel (with copy)'])
        .map((m) => {
          const x = ratio(m, 'mp.mesh check:false (SIMD)', 'bare SIMD kernel (with copy)');
          return [m.mesh, `${x.toFixed(2)}×`, x >= 0.85];
        }),
    ],
  ];
  if (micro) {
    const us = micro.results['mp.mesh default (SIMD)'].ms * 1000;
    rows.push(['12-triangle box, per call', '≤ 2 µs', [[micro.mesh, `${us.toFixed(2)} µs`, us <= 2]]]);
  }
  rows.push([
    `first call on ${cold.triangles} triangles after init()`,
    '≤ 80 ms',
    [
      [
        'CPU',
        `${cold.firstCallCpuMs.toFixed(0)} ms (wall ${cold.firstCallMs.toFixed(0)} ms)`,
        cold.firstCallCpuMs <= 80,
      ],
    ],
  ]);
  // As docs/size.md and size.mjs count it: the JavaScript minified, as a bundle ships it; 1 KB = 1000 bytes.
  const kb = size.totalMinifiedGzipBytes / 1000;
  rows.push([
    'main entry, gzip -9 (index.js + imports minified, glue, SIMD core .wasm)',
    '≤ 90 KB',
    [['size', `${kb.toFixed(1)} KB`, kb <= 90]],
  ]);
  return rows;
}

/** targets() as lines of text. */
export function targetLines(results) {
  return targets(results).map(
    ([what, target, cells]) =>
      `  ${what} (${target}): ${cells.map(([name, value, met]) => `${name} ${value} ${met ? 'met' : 'NOT MET'}`).join('; ')}`,
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
  const results = JSON.parse(readFileSync(path.join(root, 'bench/results.json'), 'utf8'));
  console.log(tables(results));
  if (results.meshes.some((m) => m.targets))
    console.log(`\ntargets of issue #18 (single thread):\n${targetLines(results).join('\n')}`);
}
