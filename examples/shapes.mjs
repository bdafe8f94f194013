// Measures a few bodies and prints their mass properties.  Run: npm run example
import { init } from 'mass-properties';

const mp = await init();

// A steel box 0.1 x 0.02 x 0.05 m (density in kg/m^3 gives kg and kg·m^2).
const plate = mp.box(0.1, 0.02, 0.05, { density: 7850 });

// A unit cube as a triangle mesh: 8 corners, 12 outward-wound triangles.
const positions = new Float32Array([0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0, 0, 0, 1, 1, 0, 1, 1, 1, 1, 0, 1, 1]);
const indices = new Uint32Array([
  0, 2, 1, 0, 3, 2, 4, 5, 6, 4, 6, 7, 0, 1, 5, 0, 5, 4, 1, 2, 6, 1, 6, 5, 2, 3, 7, 2, 7, 6, 3, 0, 4, 3, 4, 7,
]);
const cube = mp.mesh(positions, indices, { mass: 2.5 });

// A hammer: a steel head on a wooden handle, put together from placed parts.
const handle = mp.cylinder(0.015, 0.3, { density: 700 });
const head = mp.transform(mp.box(0.1, 0.03, 0.03, { density: 7850 }), { position: [0, 0.15, 0] });
const hammer = mp.combine([handle, head]);

// A cone as three.js builds it: apex up, center of mass a quarter of the height above the base.
const cone = mp.cone(1, 2);

const fmt = (v) => (Array.isArray(v) ? `[${v.map((x) => x.toPrecision(6)).join(', ')}]` : v.toPrecision(6));
for (const [name, r] of Object.entries({ plate, cube, hammer, cone })) {
  console.log(`${name}:`);
  console.log(`  mass ${fmt(r.mass)}  volume ${fmt(r.volume)}  density ${fmt(r.density)}`);
  console.log(`  center of mass ${fmt(r.centerOfMass)}`);
  console.log(`  principal moments ${fmt(r.principalMoments)}`);
  console.log(`  principal axes ${r.principalAxes.map(fmt).join(' ')}`);
  console.log(`  surface area ${r.surfaceArea === null ? 'n/a' : fmt(r.surfaceArea)}`);
}
console.log(`cube diagnostics: ${JSON.stringify(cube.diagnostics)}`);
