// One cold start, in a fresh process (bench.mjs spawns it): init() time, the first and second
// mp.mesh calls on the mesh in argv[2] (bench.mjs's binary format), the memory the module grew
// to for it, and the core's own bound on its scratch. Prints JSON.
import { readFileSync } from 'node:fs';

const start = performance.now();
const { init } = await import('../../js/index.js');
const mp = await init();
const initMs = performance.now() - start;

const bytes = readFileSync(process.argv[2]);
const [vertices, triangles] = new Uint32Array(bytes.buffer, bytes.byteOffset, 2);
const positions = new Float32Array(bytes.buffer.slice(bytes.byteOffset + 8, bytes.byteOffset + 8 + 12 * vertices));
const offset = bytes.byteOffset + 8 + 12 * vertices;
const indices = new Uint32Array(bytes.buffer.slice(offset, offset + 12 * triangles));

const memory = mp[Symbol.for('mass-properties.memoryBytes')];
const heapInUse = mp[Symbol.for('mass-properties.heapInUse')];
const memoryBefore = memory();
const heapBefore = heapInUse();
let t = performance.now();
mp.mesh(positions, indices);
const firstCallMs = performance.now() - t;
const memoryAfter = memory();
t = performance.now();
mp.mesh(positions, indices);
const secondCallMs = performance.now() - t;
t = performance.now();
mp.mesh(positions, indices, { check: false });
const firstTrustedCallMs = performance.now() - t;
console.log(
  JSON.stringify({
    kind: mp[Symbol.for('mass-properties.moduleKind')],
    triangles,
    initMs,
    firstCallMs,
    secondCallMs,
    firstTrustedCallMs,
    memoryGrownBytesPerTriangle: (memoryAfter - memoryBefore) / triangles,
    heapReturned: heapInUse() === heapBefore,
  }),
);
