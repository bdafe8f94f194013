// `npm run bench`: mp.mesh (default and check: false, SIMD and scalar builds; the default with
// threads on the large meshes, in wall time), a naive and a tuned
// JavaScript loop, a bare SIMD kernel, Rapier's trimesh collider and the native core, side by side
// on the same meshes, their calls interleaved (one call of each in turn, so a busy spell of the
// shared machine slows all alike). Medians after a warm-up, Mtri/s, ratios, each one's volume
// error against an exact reference, cold start, memory and package size, and the targets of
// issue #18 met or not. Single thread, but for the threaded core's rows. Writes bench/results.json; prints the tables of
// docs/accuracy-and-speed.md.
// Usage: node tests/bench/bench.mjs [--quick]   (--quick: small meshes, one run: a smoke test)
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import RAPIER from '@dimforge/rapier3d-compat';

import { init } from '../../js/index.js';
import { box12, icosphere, referenceVolume, repairSphere, threeSphere, uvSphere } from './meshes.mjs';
import { packageSize, sizeLine } from './size.mjs';
import { tables, targetLines } from './table.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const quick = process.argv.includes('--quick');
const RUNS = quick ? 1 : 7;

// --- the JavaScript peers ----------------------------------------------------------------------

/** A straightforward port of the per-triangle formula (about the world origin), as found in blog posts. */
function naiveJs(positions, indices) {
  let volume = 0;
  const first = [0, 0, 0];
  const second = [0, 0, 0, 0, 0, 0];
  for (let t = 0; t < indices.length; t += 3) {
    const a = [positions[3 * indices[t]], positions[3 * indices[t] + 1], positions[3 * indices[t] + 2]];
    const b = [positions[3 * indices[t + 1]], positions[3 * indices[t + 1] + 1], positions[3 * indices[t + 1] + 2]];
    const c = [positions[3 * indices[t + 2]], positions[3 * indices[t + 2] + 1], positions[3 * indices[t + 2] + 2]];
    const d =
      a[0] * (b[1] * c[2] - b[2] * c[1]) + a[1] * (b[2] * c[0] - b[0] * c[2]) + a[2] * (b[0] * c[1] - b[1] * c[0]);
    volume += d / 6;
    const s = [a[0] + b[0] + c[0], a[1] + b[1] + c[1], a[2] + b[2] + c[2]];
    for (let k = 0; k < 3; ++k) first[k] += (d * s[k]) / 24;
    const pairs = [
      [0, 0],
      [1, 1],
      [2, 2],
      [0, 1],
      [1, 2],
      [2, 0],
    ];
    pairs.forEach(([i, j], k) => {
      second[k] += (d * (a[i] * a[j] + b[i] * b[j] + c[i] * c[j] + s[i] * s[j])) / 120;
    });
  }
  const com = first.map((f) => f / volume);
  return { volume, centerOfMass: com, second };
}

/** The same sums in one tuned pass: scalar locals, no allocation, relative to the first vertex. */
function tunedJs(positions, indices) {
  const ox = positions[0],
    oy = positions[1],
    oz = positions[2];
  let v6 = 0,
    fx = 0,
    fy = 0,
    fz = 0,
    xx = 0,
    yy = 0,
    zz = 0,
    xy = 0,
    yz = 0,
    zx = 0;
  for (let t = 0, n = indices.length; t < n; t += 3) {
    const i = 3 * indices[t],
      j = 3 * indices[t + 1],
      k = 3 * indices[t + 2];
    const ax = positions[i] - ox,
      ay = positions[i + 1] - oy,
      az = positions[i + 2] - oz;
    const bx = positions[j] - ox,
      by = positions[j + 1] - oy,
      bz = positions[j + 2] - oz;
    const cx = positions[k] - ox,
      cy = positions[k + 1] - oy,
      cz = positions[k + 2] - oz;
    const d = ax * (by * cz - bz * cy) + ay * (bz * cx - bx * cz) + az * (bx * cy - by * cx);
    const sx = ax + bx + cx,
      sy = ay + by + cy,
      sz = az + bz + cz;
    v6 += d;
    fx += d * sx;
    fy += d * sy;
    fz += d * sz;
    xx += d * (ax * ax + bx * bx + cx * cx + sx * sx);
    yy += d * (ay * ay + by * by + cy * cy + sy * sy);
    zz += d * (az * az + bz * bz + cz * cz + sz * sz);
    xy += d * (ax * ay + bx * by + cx * cy + sx * sy);
    yz += d * (ay * az + by * bz + cy * cz + sy * sz);
    zx += d * (az * ax + bz * bx + cz * cx + sz * sx);
  }
  const volume = v6 / 6;
  return {
    volume,
    centerOfMass: [ox + fx / (4 * v6), oy + fy / (4 * v6), oz + fz / (4 * v6)],
    second: [xx, yy, zz, xy, yz, zx].map((x) => x / 120),
  };
}

/** Rapier 3D's trimesh collider with density 1 on a dynamic body: its mass properties read back. */
function rapierOf() {
  const world = new RAPIER.World({ x: 0, y: 0, z: 0 });
  return (positions, indices) => {
    const body = world.createRigidBody(RAPIER.RigidBodyDesc.dynamic());
    const collider = world.createCollider(RAPIER.ColliderDesc.trimesh(positions, indices).setDensity(1), body);
    const out = { volume: collider.volume(), mass: body.mass(), centerOfMass: body.localCom() };
    world.removeRigidBody(body);
    return out;
  };
}

/**
 * The bare SIMD kernel (tests/bench/kernel.cpp, built by scripts/bench.sh): the mesh copied into
 * its memory, then its sums: what check: false does at the least, with no checks and no extras.
 */
async function bareKernelOf() {
  const file = path.join(root, 'build/bench/kernel.wasm');
  if (!existsSync(file)) return null;
  const { instance } = await WebAssembly.instantiate(readFileSync(file), {
    env: { emscripten_notify_memory_growth: () => {} },
  });
  const k = instance.exports;
  k._initialize();
  const out = k.allocate(80);
  return (positions, indices) => {
    const positionBytes = positions.byteLength + 8; // a float of slack: the last corner's load reads it
    const address = k.allocate(positionBytes + indices.byteLength);
    const buffer = k.memory.buffer; // after allocating: the memory may have grown
    new Float32Array(buffer, address, positions.length).set(positions);
    new Uint32Array(buffer, address + positionBytes, indices.length).set(indices);
    k.kernel(address, address + positionBytes, indices.length / 3, out);
    const sums = new Float64Array(k.memory.buffer, out, 10);
    k.release(address);
    return { volume: sums[0] / 6 };
  };
}

// --- timing ------------------------------------------------------------------------------------

// Median milliseconds per call of each of `peers` (name -> f), after a warm-up (tier-up, heap
// growth): the runs interleaved, one call of each peer in turn. CPU time of this process, not wall
// time: the benchmark machine is shared, and wall time would charge this code for other jobs'
// turns on its cores (both are in results.json; the table shows CPU time). `calls` calls per
// timed run (small meshes: a loop of them, its time divided).
function interleaved(peers, calls = 1, runs = RUNS) {
  const entries = Object.entries(peers);
  const loop = (f) => () => {
    for (let i = 0; i < calls; ++i) f();
  };
  for (const [, f] of entries) {
    const warm = performance.now();
    for (let n = 0; n < 3 || performance.now() - warm < (quick ? 0 : 200); ++n) loop(f)();
  }
  const times = entries.map(() => []);
  const walls = entries.map(() => []);
  for (let r = 0; r < runs; ++r) {
    entries.forEach(([, f], p) => {
      const start = performance.now();
      const cpu = process.cpuUsage();
      loop(f)();
      const used = process.cpuUsage(cpu);
      walls[p].push((performance.now() - start) / calls);
      times[p].push((used.user + used.system) / 1000 / calls);
    });
  }
  const median = (list) => list.sort((a, b) => a - b)[list.length >> 1];
  return Object.fromEntries(entries.map(([name], p) => [name, { ms: median(times[p]), wallMs: median(walls[p]) }]));
}

function relativeError(value, reference) {
  return reference === null ? null : Math.abs(value - reference) / Math.abs(reference);
}

// --- the meshes --------------------------------------------------------------------------------

// `targets`: the meshes of issue #18's targets (default ≥ 1.5x the naive loop, check: false ≥
// 0.85x the bare kernel); `big`: no Rapier (its BVH takes seconds there).
const meshes = quick
  ? [
      { name: 'sphere 20k', ...uvSphere(100, 101) },
      { name: 'icosphere 20k', ...icosphere(32), targets: true },
      { name: 'box, 12 triangles', ...box12(), micro: true },
      { name: 'sphere needing repair', ...repairSphere(256, 129), repair: true },
    ]
  : [
      { name: 'sphere 20k', ...uvSphere(100, 101) },
      { name: 'icosphere 1.3M', ...icosphere(256), targets: true },
      { name: 'three.js sphere 1.3M (seam copies)', ...threeSphere(1024, 636), targets: true },
      { name: 'icosphere 5.2M', ...icosphere(512), targets: true, big: true },
      { name: 'sphere 100k far from origin', ...uvSphere(200, 251, { center: [1000, -2000, 3000], radius: 10 }) },
      { name: 'sphere 1M needing repair', ...repairSphere(1000, 501), repair: true },
      { name: 'box, 12 triangles', ...box12(), micro: true },
    ];

// The native core on the same triangles (scripts/bench.sh builds build/bench/mass_properties_bench).
function nativeTimings() {
  const binary = path.join(root, 'build/bench/mass_properties_bench');
  if (!existsSync(binary)) return new Map();
  const dir = path.join(root, 'build/bench/meshes');
  mkdirSync(dir, { recursive: true });
  const files = meshes.map((m, i) => {
    const file = path.join(dir, `mesh${i}.bin`);
    const header = new Uint32Array([m.positions.length / 3, m.indices.length / 3]);
    writeFileSync(
      file,
      Buffer.concat([
        Buffer.from(header.buffer),
        Buffer.from(m.positions.buffer, m.positions.byteOffset, m.positions.byteLength),
        Buffer.from(m.indices.buffer, m.indices.byteOffset, m.indices.byteLength),
      ]),
    );
    return file;
  });
  const run = spawnSync(binary, [String(RUNS), ...files], { encoding: 'utf8', maxBuffer: 1 << 24 });
  if (run.status !== 0) throw new Error(`native benchmark failed: ${run.stderr}`);
  const results = JSON.parse(run.stdout);
  return new Map(results.map((r, i) => [meshes[i].name, r]));
}

// Cold start and memory in fresh processes (a module once loaded stays warm), per build.
function coldStart(kind, mesh, immediate = false) {
  const dir = path.join(root, 'build/bench/meshes');
  const file = path.join(dir, 'cold.bin');
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    file,
    Buffer.concat([
      Buffer.from(new Uint32Array([mesh.positions.length / 3, mesh.indices.length / 3]).buffer),
      Buffer.from(mesh.positions.buffer),
      Buffer.from(mesh.indices.buffer),
    ]),
  );
  const run = spawnSync(
    process.execPath,
    [path.join(root, 'tests/bench/cold.mjs'), file, ...(immediate ? ['immediate'] : [])],
    {
      encoding: 'utf8',
      env: { ...process.env, MASS_PROPERTIES_WASM: kind },
    },
  );
  if (run.status !== 0) throw new Error(`cold start failed: ${run.stderr}`);
  return JSON.parse(run.stdout);
}

// --- run ---------------------------------------------------------------------------------------

await RAPIER.init();
const rapier = rapierOf();
const bareKernel = await bareKernelOf();
// The single-thread SIMD core (init() would take the threaded one in Node), and the threaded core
// as a second instance of the loader, on its own rows.
const mp = await init({ threads: false });
const threaded = await (await import(`../../js/core/load.js?threads`)).init();
const threadCount = threaded[Symbol.for('mass-properties.threads')];
const scalar = await (async () => {
  // The scalar build in this process too: a second instance of the loader (which keeps the one
  // module it loaded), told to load it. (A second instance of index.js shares the first's loader.)
  process.env.MASS_PROPERTIES_WASM = 'scalar';
  const { init: initScalar } = await import(`../../js/core/load.js?scalar`);
  const loading = initScalar(); // reads the variable before its first await
  delete process.env.MASS_PROPERTIES_WASM;
  return loading;
})();
if (mp[Symbol.for('mass-properties.moduleKind')] !== 'simd') console.warn('note: the default build is not SIMD here');
if (scalar[Symbol.for('mass-properties.moduleKind')] !== 'scalar')
  throw new Error('the scalar rows would not run the scalar build');

// Every peer once for a second on the first mesh, then a pause: V8 compiles the modules' hot
// code on background threads, whose CPU time would otherwise be charged to the first rows.
if (!quick) {
  const { positions, indices } = meshes[0];
  const start = performance.now();
  while (performance.now() - start < 1000) {
    mp.mesh(positions, indices);
    mp.mesh(positions, indices, { check: false });
    scalar.mesh(positions, indices);
    scalar.mesh(positions, indices, { check: false });
    naiveJs(positions, indices);
    tunedJs(positions, indices);
    bareKernel?.(positions, indices);
  }
  await new Promise((resolve) => setTimeout(resolve, 2000));
}

const native = nativeTimings();
if (bareKernel)
  console.log(
    'note: check: false computes more than the bare SIMD kernel: the input checks and bounds, and the accuracy' +
      " certificate of its plain determinants (the summed squared edges; where it does not certify, the default's sums)",
  );
const rows = [];
for (const mesh of meshes) {
  const { positions, indices } = mesh;
  const triangles = indices.length / 3;
  const reference = mesh.repair ? null : referenceVolume(positions, indices);
  const peers = {
    'mp.mesh default (SIMD)': () => mp.mesh(positions, indices).volume,
    'mp.mesh check:false (SIMD)': () => mp.mesh(positions, indices, { check: false }).volume,
    'mp.mesh default (scalar)': () => scalar.mesh(positions, indices).volume,
    'mp.mesh check:false (scalar)': () => scalar.mesh(positions, indices, { check: false }).volume,
    'naive JS loop': () => naiveJs(positions, indices).volume,
    'tuned JS loop': () => tunedJs(positions, indices).volume,
    ...(bareKernel && !mesh.repair
      ? { 'bare SIMD kernel (with copy)': () => bareKernel(positions, indices).volume }
      : {}),
    ...(mesh.big ? {} : { 'Rapier trimesh (f32)': () => rapier(positions, indices).volume }),
  };
  const row = { mesh: mesh.name, triangles, referenceVolume: reference, targets: !!mesh.targets, results: {} };
  const timings = interleaved(peers, mesh.micro ? 1000 : 1);
  for (const [name, f] of Object.entries(peers)) {
    const volume = f();
    const { ms, wallMs } = timings[name];
    row.results[name] = {
      ms,
      wallMs,
      mtrisPerSecond: triangles / ms / 1e3,
      volume,
      volumeError: relativeError(volume, reference),
    };
  }
  // The threaded core on the large clean meshes, against the naive loop: wall time (its CPU time
  // adds up every thread's), both measured here, interleaved.
  if (!mesh.micro && !mesh.repair && triangles >= 1e6 && threadCount > 1) {
    const name = `mp.mesh default (${threadCount} threads)`;
    const walls = interleaved({
      [name]: () => threaded.mesh(positions, indices).volume,
      'naive JS loop': () => naiveJs(positions, indices).volume,
    });
    const volume = threaded.mesh(positions, indices).volume;
    row.threads = {
      threads: threadCount,
      wallMs: { [name]: walls[name].wallMs, 'naive JS loop': walls['naive JS loop'].wallMs },
      vsNaive: walls['naive JS loop'].wallMs / walls[name].wallMs,
      volume,
      sameAsSingleThread: volume === row.results['mp.mesh default (SIMD)'].volume,
    };
  }
  const n = native.get(mesh.name);
  if (n) {
    for (const [key, name] of [
      ['default', 'native default'],
      ['checkFalse', 'native check:false'],
      ['fullAnalysis', 'native full analysis'],
    ]) {
      row.results[name] = {
        ms: n.ms[key],
        mtrisPerSecond: triangles / n.ms[key] / 1e3,
        volume: n.volume,
        volumeError: relativeError(n.volume, reference),
      };
    }
    row.nativeSteps = { proven: n.proven, ...n.ms };
  }
  rows.push(row);
  const base = row.results['mp.mesh default (SIMD)'].ms;
  console.log(`\n${mesh.name} (${triangles} triangles)${reference === null ? '' : `, exact volume ${reference}`}`);
  for (const [name, r] of Object.entries(row.results)) {
    const speed = mesh.micro ? `${(r.ms * 1000).toFixed(2)} µs/call` : `${r.mtrisPerSecond.toFixed(1)} Mtri/s`;
    const error = r.volumeError === null ? '' : `, volume error ${r.volumeError.toExponential(1)}`;
    console.log(`  ${name.padEnd(30)} ${speed.padStart(16)}  (${(base / r.ms).toFixed(2)}x default's speed${error})`);
  }
  if (row.nativeSteps) console.log('  native steps (ms):', JSON.stringify(row.nativeSteps));
  if (row.threads) console.log('  threaded core, wall ms:', JSON.stringify(row.threads));
}

const coldMesh = quick ? meshes[0] : uvSphere(1000, 501);
// The first call after the app loads its mesh (init()'s warm-up has run), and at once.
const cold = {
  simd: coldStart('simd', coldMesh),
  scalar: coldStart('scalar', coldMesh),
  simdImmediate: coldStart('simd', coldMesh, true),
};
const size = packageSize(root);
console.log('\ncold start (fresh process, %d triangles):', coldMesh.indices.length / 3, JSON.stringify(cold));
console.log('main entry (index.js and its imports, glue, .wasm), bytes and gzip -9:', JSON.stringify(size));
console.log(sizeLine(size));

const results = {
  date: new Date().toISOString(),
  machine: {
    cpus: os.cpus().length,
    cpu: os.cpus()[0]?.model,
    node: process.version,
    platform: `${os.platform()} ${os.arch()}`,
    loadAverage: os.loadavg(),
  },
  runs: RUNS,
  quick,
  meshes: rows,
  coldStart: cold,
  packageSize: size,
};
console.log(`\n${tables(results)}`);
console.log(`\ntargets of issue #18 (single thread):\n${targetLines(results).join('\n')}`);
if (!quick) {
  mkdirSync(path.join(root, 'bench'), { recursive: true });
  writeFileSync(path.join(root, 'bench/results.json'), `${JSON.stringify(results, null, 2)}\n`);
  console.log('\nwritten: bench/results.json');
}
