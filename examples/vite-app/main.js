// A Vite app with no configuration: the package and its worker by their names; Vite bundles
// the .wasm as an asset and finds the worker's script by itself.
// Run: npm run build (in the repository), then: cd examples/vite-app && npm install && npx vite
import { init } from 'mass-properties';
import { createWorker } from 'mass-properties/worker';

const show = (text) => (document.getElementById('out').textContent = text);
const worker = createWorker();

// A steel box on the main thread, a unit sphere in the worker: both closed forms.
Promise.all([init().then((mp) => mp.box(0.1, 0.02, 0.05, { density: 7850 })), worker.sphere(1)]).then(
  ([box, sphere]) => {
    window.result = { boxMass: box.mass, sphereVolume: sphere.volume };
    show(`steel box: ${box.mass.toFixed(3)} kg\nunit sphere (in a worker): volume ${sphere.volume.toFixed(6)}`);
  },
  (error) => {
    window.result = { error: String(error?.stack ?? error) };
    show(`failed: ${error.message}`);
  },
);
