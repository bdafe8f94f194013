// One cold start, in a fresh process (bench.mjs spawns it): init() time, the first and second
// mp.mesh calls on the mesh in argv[2] (bench.mjs's binary format) and the memory the module grew
// for it. Wall times, and CPU times of the process (all its threads: V8 compiles the wasm on
// background threads, so CPU time can exceed wall time). Prints JSON.
// By default the mesh is read after init() resolves, asynchronously, as an app loads its model
// (init()'s warm-up runs meanwhile); with argv[3] = 'immediate' it is in memory before init() and
// measured at once (no warm-up: the first call runs in V8's baseline code).
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';

// [wall ms, CPU ms] of f().
async function timed(f) {
  const start = performance.now();
  const cpu = process.cpuUsage();
  const value = await f();
  const used = process.cpuUsage(cpu);
  return [performance.now() - start, (used.user + used.system) / 1000, value];
}

const immediate = process.argv[3] === 'immediate';
const early = immediate ? readFileSync(process.argv[2]) : null;
const [initMs, initCpuMs, mp] = await timed(async () => (await import('../../js/index.js')).init());

const bytes = early ?? (await readFile(process.argv[2]));
const [vertices, triangles] = new Uint32Array(bytes.buffer, bytes.byteOffset, 2);
const positions = new Float32Array(bytes.buffer.slice(bytes.byteOffset + 8, bytes.byteOffset + 8 + 12 * vertices));
const offset = bytes.byteOffset + 8 + 12 * vertices;
const indices = new Uint32Array(bytes.buffer.slice(offset, offset + 12 * triangles));

const memory = mp[Symbol.for('mass-properties.memoryBytes')];
const heapInUse = mp[Symbol.for('mass-properties.heapInUse')];
const memoryBefore = memory();
const heapBefore = heapInUse();
const [firstCallMs, firstCallCpuMs] = await timed(() => mp.mesh(positions, indices));
const memoryAfter = memory();
const [secondCallMs, secondCallCpuMs] = await timed(() => mp.mesh(positions, indices));
const [firstTrustedCallMs, firstTrustedCallCpuMs] = await timed(() => mp.mesh(positions, indices, { check: false }));
console.log(
  JSON.stringify({
    kind: mp[Symbol.for('mass-properties.moduleKind')],
    triangles,
    initMs,
    initCpuMs,
    firstCallMs,
    firstCallCpuMs,
    secondCallMs,
    secondCallCpuMs,
    firstTrustedCallMs,
    firstTrustedCallCpuMs,
    memoryGrownBytesPerTriangle: (memoryAfter - memoryBefore) / triangles,
    heapReturned: heapInUse() === heapBefore,
  }),
);
