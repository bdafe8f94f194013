// A 2-D plate measured with mp.polygon and handed to planck.js (Box2D's JavaScript port).
// Run: npm run build && node examples/polygon-2d.mjs
import { init } from 'mass-properties';
import { Box, Vec2, World } from 'planck';

const mp = await init();

// An L-shaped bracket of 12 mm plywood (7.2 kg/m²) with a round bolt hole, in metres. Any
// simple outline works (either winding); holes are extra rings.
const outline = new Float64Array([0, 0, 0.3, 0, 0.3, 0.06, 0.06, 0.06, 0.06, 0.24, 0, 0.24]);
const hole = new Float64Array(48);
for (let k = 0; k < 24; k++) {
  hole[2 * k] = 0.2 + 0.015 * Math.cos((2 * Math.PI * k) / 24);
  hole[2 * k + 1] = 0.03 + 0.015 * Math.sin((2 * Math.PI * k) / 24);
}
const plate = mp.polygon(outline, { density: 7.2, holes: [hole] });

// planck's shapes must be convex, so the bracket collides as two boxes; their density is 0 so
// that planck adds no mass of its own (it would also ignore the hole). The mass comes from
// mp.polygon. planck's MassData.I is about the body origin, not the center of mass:
// I_origin = polarMoment + m·|center|² (the parallel-axis theorem).
const world = new World({ gravity: Vec2(0, 0) });
const body = world.createBody({ type: 'dynamic' });
body.createFixture(new Box(0.15, 0.03, Vec2(0.15, 0.03)), { density: 0 });
body.createFixture(new Box(0.03, 0.09, Vec2(0.03, 0.15)), { density: 0 });
const [cx, cy] = plate.centroid;
body.setMassData({
  mass: plate.mass,
  center: Vec2(cx, cy),
  I: plate.polarMoment + plate.mass * (cx * cx + cy * cy),
});

// A sharp angular impulse spins it at impulse / I about the center of mass.
const impulse = 0.001;
body.applyAngularImpulse(impulse, true);

const f = (x) => x.toPrecision(8);
console.log(`area           ${f(plate.area)} m²`);
console.log(`mass           ${f(plate.mass)} kg`);
console.log(`centroid       ${f(cx)} ${f(cy)} m`);
console.log(`polar moment   ${f(plate.polarMoment)} kg·m² (about the centroid: Box2D's I)`);
console.log(
  `principal      ${plate.principalMoments.map(f).join(' ')} kg·m², axis 1 at ${f(plate.principalAngle)} rad`,
);
const center = body.getLocalCenter();
console.log(
  `planck body    mass ${f(body.getMass())} center ${f(center.x)} ${f(center.y)} I about the origin ${f(body.getInertia())}`,
);
console.log(`spin           ${f(body.getAngularVelocity())} rad/s after an impulse of ${impulse} N·m·s`);
