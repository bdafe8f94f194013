// Builds a UV sphere of radius 1 (about two million triangles), measures it in the package's
// worker and compares it with the ball it approximates. See index.html for how to run it.
import { createWorker } from 'mass-properties/worker';

const out = document.getElementById('out');

// Rings × segments quads between poles, outward wound; vertices shared.
function uvSphere(rings, segments) {
  const positions = new Float32Array((rings + 1) * (segments + 1) * 3);
  let k = 0;
  for (let r = 0; r <= rings; r++) {
    const theta = (Math.PI * r) / rings;
    for (let s = 0; s <= segments; s++) {
      const phi = (2 * Math.PI * s) / segments;
      positions[k++] = -Math.cos(phi) * Math.sin(theta);
      positions[k++] = Math.cos(theta);
      positions[k++] = Math.sin(phi) * Math.sin(theta);
    }
  }
  const indices = [];
  const id = (r, s) => r * (segments + 1) + s;
  for (let r = 0; r < rings; r++)
    for (let s = 0; s < segments; s++) {
      if (r > 0) indices.push(id(r, s + 1), id(r, s), id(r + 1, s + 1));
      if (r < rings - 1) indices.push(id(r, s), id(r + 1, s), id(r + 1, s + 1));
    }
  return { positions, indices: new Uint32Array(indices) };
}

const { positions, indices } = uvSphere(1000, 1000);
document.getElementById('count').textContent = (indices.length / 3).toLocaleString('en');
const worker = createWorker(); // the arrays are moved to the worker, not copied

const start = performance.now();
let frames = 0;
const count = () => {
  frames++;
  if (out.dataset.volume === undefined) requestAnimationFrame(count);
};
requestAnimationFrame(count);

const r = await worker.mesh(positions, indices);
const ms = performance.now() - start;
const ball = (4 / 3) * Math.PI;
out.dataset.volume = r.volume;
out.textContent = [
  `volume ${r.volume.toFixed(6)} (the ball: ${ball.toFixed(6)}; off by ${((1 - r.volume / ball) * 100).toFixed(4)} %)`,
  `principal moments ${r.principalMoments.map((x) => x.toFixed(6)).join(', ')} (the ball: ${((2 / 5) * ball).toFixed(6)})`,
  `${r.diagnostics.closed ? 'closed' : 'open'}, ${r.diagnostics.shells} shell`,
  `measured in ${ms.toFixed(0)} ms, while the page drew ${frames} frames`,
].join('\n');
worker.terminate();
