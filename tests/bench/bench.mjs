// Speed of the package in Node (WebAssembly): mp.mesh (integration + diagnostics) and mp.inspect
// (diagnostics + orientation) on large tori, next to a plain JavaScript signed-volume loop, the
// floor any measurement pays. Run: npm run bench. Prints ratios.
import { init } from '../../js/index.js';
import { signedVolume, torus } from '../js/helpers/meshes.js';

// A closed torus of about `triangles` triangles with shared Float32 vertices, as three.js has them.
function torusOf(triangles) {
  const n = Math.round(Math.sqrt(triangles / 2));
  return torus(2, 1, n, n, Float32Array);
}

function best(f, runs) {
  let min = Infinity;
  for (let r = 0; r < runs; r++) {
    const t0 = performance.now();
    f();
    min = Math.min(min, performance.now() - t0);
  }
  return min;
}

const mp = await init();
for (const triangles of [100_000, 1_000_000, 5_000_000]) {
  const { positions, indices } = torusOf(triangles);
  const count = indices.length / 3;
  const runs = triangles > 1e6 ? 3 : 10;
  const floor = best(() => signedVolume(positions, indices), runs);
  const inspect = best(() => mp.inspect(positions, indices), runs);
  const measure = best(() => mp.mesh(positions, indices), runs);
  console.log(
    `${count} triangles: mesh ${measure.toFixed(1)} ms (${(count / measure / 1e3).toFixed(1)} Mtri/s), ` +
      `inspect ${inspect.toFixed(1)} ms, JS volume-only loop ${floor.toFixed(1)} ms`,
  );
  console.log(
    `  ratios to the JS volume-only loop: mesh ${(measure / floor).toFixed(2)}, inspect ${(inspect / floor).toFixed(2)}`,
  );
}
