// mp.restingPoses on 100 k-triangle meshes: medians of CPU-bound wall time after a warm-up.
// A UV sphere is the hardest case for its size: every triangle is a hull face, and with the center
// of mass in the middle every face is a pose; moved off-center, most faces roll on to others.
// Usage: node tests/bench/poses.mjs
import { init } from '../../js/index.js';
import { uvSphere } from './meshes.mjs';

const RUNS = 5;
const mp = await init();

function median(f) {
  f();
  const times = [];
  for (let r = 0; r < RUNS; ++r) {
    const start = performance.now();
    f();
    times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b)[RUNS >> 1];
}

const sphere = uvSphere(317, 159); // 100 170 triangles
const stretched = { positions: sphere.positions.map((x, i) => (i % 3 === 0 ? 2.5 * x : x)), indices: sphere.indices };
const cases = [
  ['UV sphere, center of mass at the center', sphere, undefined],
  ['UV sphere, center of mass 0.3 off', sphere, [0.3, -0.2, 0.1]],
  ['ellipsoid (stretched sphere), own center of mass', stretched, undefined],
];
for (const [name, mesh, centerOfMass] of cases) {
  const options = centerOfMass ? { centerOfMass } : undefined;
  const poses = mp.restingPoses(mesh.positions, mesh.indices, options);
  const ms = median(() => mp.restingPoses(mesh.positions, mesh.indices, options));
  console.log(`${name}: ${mesh.indices.length / 3} triangles, ${poses.length} poses, ${ms.toFixed(0)} ms`);
}
