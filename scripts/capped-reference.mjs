// A second, independent winding-number reference for a surface with holes, precise where the
// holes are small (tests/js/helpers/winding.js integrates the whole solid; this integrates only
// what the holes change):
//
//   node scripts/capped-reference.mjs <model.obj|stl|ply> [n ...]
//
// Fan caps C (each boundary loop to its mean) close the surface S. S and C together are closed,
// so their winding number w_SC is an integer and w_S = w_SC - w_C. Where w_SC is 0 or 1 (no
// overlaps) and |w_C| < 3/2, [w_S >= 1/2] = w_SC - round(w_C): the solid's volume is the closed
// surface's (exact, by its triangles) minus the integral of round(w_C), which vanishes farther
// than sqrt(area of C / 2 pi) from the caps. That integral is taken by brute force: n x n lines
// along z over the caps' grown box, 4n samples a line, each change of round(w_C) bisected; w_C
// is summed over the caps' triangles (Van Oosterom and Strackee's solid angle). Prints one line
// per n (default 64 128): the difference between two n is the estimate. It refuses a boundary
// that is not simple loops (a vertex on two loops, a non-manifold edge), where fans are ambiguous.
// Shares no code with the core: the file parsers are the command line's.
import { readFileSync } from 'node:fs';
import { extname } from 'node:path';
import { parseObj } from '../cli/js/parsers/obj.js';
import { parsePly } from '../cli/js/parsers/ply.js';
import { parseStl } from '../cli/js/parsers/stl.js';

const [file, ...ns] = process.argv.slice(2);
if (!file) {
  console.error('usage: node scripts/capped-reference.mjs <model> [n ...]');
  process.exit(2);
}
const bytes = readFileSync(file);
const soup = (() => {
  const ext = extname(file).toLowerCase();
  if (ext === '.obj') return parseObj(bytes).objects.flatMap((o) => Array.from(o.positions));
  const m = ext === '.stl' ? parseStl(bytes) : parsePly(bytes);
  if (!m.indices) return Array.from(m.positions);
  return Array.from(m.indices).flatMap((i) => [m.positions[3 * i], m.positions[3 * i + 1], m.positions[3 * i + 2]]);
})();

// Vertices welded where their coordinates are equal; half-edges counted.
const ids = new Map();
const vertices = [];
const corners = [];
for (let c = 0; c < soup.length; c += 3) {
  const key = `${soup[c]},${soup[c + 1]},${soup[c + 2]}`;
  if (!ids.has(key)) ids.set(key, vertices.push([soup[c], soup[c + 1], soup[c + 2]]) - 1);
  corners.push(ids.get(key));
}
const halfEdges = new Map();
const edgeKey = (a, b) => `${a} ${b}`;
for (let t = 0; t < corners.length; t += 3)
  for (let i = 0; i < 3; i++) {
    const key = edgeKey(corners[t + i], corners[t + ((i + 1) % 3)]);
    halfEdges.set(key, (halfEdges.get(key) ?? 0) + 1);
  }
const next = new Map();
for (const [key, uses] of halfEdges) {
  const [a, b] = key.split(' ').map(Number);
  const back = halfEdges.get(edgeKey(b, a)) ?? 0;
  if (uses === back) continue;
  if (uses !== 1 || back !== 0 || next.has(a)) {
    console.error(`${file}: the boundary is not simple loops (edge ${a}-${b}): no fan caps`);
    process.exit(1);
  }
  next.set(a, b);
}
const loops = [];
const seen = new Set();
for (const first of next.keys()) {
  if (seen.has(first)) continue;
  const loop = [];
  for (let v = first; !seen.has(v); v = next.get(v)) {
    seen.add(v);
    loop.push(v);
  }
  loops.push(loop);
}

const sub = (a, b) => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const cross = (a, b) => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
const dot = (a, b) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
// A boundary half-edge a -> b of S is b -> a in its cap: triangle (b, a, mean).
const caps = [];
let capArea = 0;
for (const loop of loops) {
  const mean = [0, 1, 2].map((k) => loop.reduce((s, v) => s + vertices[v][k], 0) / loop.length);
  loop.forEach((v, i) => {
    const a = vertices[v];
    const b = vertices[loop[(i + 1) % loop.length]];
    caps.push([b, a, mean]);
    capArea += Math.hypot(...cross(sub(a, b), sub(mean, b))) / 2;
  });
}
const lo = [0, 1, 2].map((k) => Math.min(...vertices.map((v) => v[k])));
const hi = [0, 1, 2].map((k) => Math.max(...vertices.map((v) => v[k])));
const centre = [0, 1, 2].map((k) => (lo[k] + hi[k]) / 2);
let six = 0;
const addTetrahedron = ([a, b, c]) => (six += dot(sub(a, centre), cross(sub(b, centre), sub(c, centre))));
for (let t = 0; t < corners.length; t += 3) addTetrahedron(corners.slice(t, t + 3).map((v) => vertices[v]));
caps.forEach(addTetrahedron);
const closedVolume = six / 6;

const flat = Float64Array.from(caps.flat(2));
function capsWinding(x, y, z) {
  let sum = 0;
  for (let i = 0; i < flat.length; i += 9) {
    const ax = flat[i] - x,
      ay = flat[i + 1] - y,
      az = flat[i + 2] - z;
    const bx = flat[i + 3] - x,
      by = flat[i + 4] - y,
      bz = flat[i + 5] - z;
    const cx = flat[i + 6] - x,
      cy = flat[i + 7] - y,
      cz = flat[i + 8] - z;
    // Math.sqrt, not Math.hypot: this is the hot loop, and hypot is several times slower.
    const la = Math.sqrt(ax * ax + ay * ay + az * az);
    const lb = Math.sqrt(bx * bx + by * by + bz * bz);
    const lc = Math.sqrt(cx * cx + cy * cy + cz * cz);
    const det = ax * (by * cz - bz * cy) - ay * (bx * cz - bz * cx) + az * (bx * cy - by * cx);
    const den =
      la * lb * lc +
      (ax * bx + ay * by + az * bz) * lc +
      (ax * cx + ay * cy + az * cz) * lb +
      (bx * cx + by * cy + bz * cz) * la;
    sum += 2 * Math.atan2(det, den);
  }
  return sum / (4 * Math.PI);
}
const reach = Math.sqrt(capArea / (2 * Math.PI));
const flatCorners = caps.flat();
const boxLo = [0, 1, 2].map((k) => Math.min(...flatCorners.map((v) => v[k])) - reach);
const boxHi = [0, 1, 2].map((k) => Math.max(...flatCorners.map((v) => v[k])) + reach);
console.log(
  `${file}: ${corners.length / 3} triangles, ${loops.length} boundary loops (${loops.map((l) => l.length).join(', ')} edges); closed by fans ${closedVolume}`,
);

for (const n of ns.length ? ns.map(Number) : [64, 128]) {
  const started = Date.now();
  const samples = 4 * n;
  const dx = (boxHi[0] - boxLo[0]) / n,
    dy = (boxHi[1] - boxLo[1]) / n,
    dz = (boxHi[2] - boxLo[2]) / samples;
  let integral = 0;
  for (let i = 0; i < n; i++)
    for (let j = 0; j < n; j++) {
      const x = boxLo[0] + (i + 0.5) * dx,
        y = boxLo[1] + (j + 0.5) * dy;
      const level = (z) => Math.round(capsWinding(x, y, z));
      let z0 = boxLo[2],
        r0 = level(z0),
        line = 0;
      for (let k = 1; k <= samples; k++) {
        const z1 = boxLo[2] + k * dz,
          r1 = level(z1);
        let cut = z1;
        if (r1 !== r0) {
          let a = z0,
            b = z1;
          for (let it = 0; it < 40; it++) {
            const c = (a + b) / 2;
            if (level(c) === r0) a = c;
            else b = c;
          }
          cut = (a + b) / 2;
        }
        line += r0 * (cut - z0) + r1 * (z1 - cut);
        z0 = z1;
        r0 = r1;
      }
      integral += line * dx * dy;
    }
  console.log(
    `  n ${n}: volume ${closedVolume - integral} (integral of round(w_C) ${integral}, ${((Date.now() - started) / 1000).toFixed(1)} s)`,
  );
}
