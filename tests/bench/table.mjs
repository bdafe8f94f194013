// The speed tables of docs/accuracy-and-speed.md from a results object of bench.mjs (bench/results.json).
// Run alone: node tests/bench/table.mjs   (prints the tables of the last bench/results.json)
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const PEERS = [
  ['mp.mesh default (SIMD)', 'mp.mesh default'],
  ['mp.mesh check:false (SIMD)', 'mp.mesh check: false'],
  ['mp.mesh default (scalar)', 'default, scalar build'],
  ['mp.mesh check:false (scalar)', 'check: false, scalar build'],
  ['naive JS loop', 'naive JS loop'],
  ['tuned JS loop', 'tuned JS loop'],
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

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
  console.log(tables(JSON.parse(readFileSync(path.join(root, 'bench/results.json'), 'utf8'))));
}
