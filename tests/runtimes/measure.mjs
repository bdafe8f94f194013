// What every runtime measures, written once: an analytic box, a sphere and a triangle mesh of a
// box away from the origin, closed and with a face missing, reported as plain numbers. Imported by each runtime's entry script;
// the numbers are checked in Node against closed forms (consumer.mjs).

// The box [10, 11] × [20, 22] × [30, 33] as 12 outward triangles.
const CORNERS = [0, 0, 0, 1, 0, 0, 1, 2, 0, 0, 2, 0, 0, 0, 3, 1, 0, 3, 1, 2, 3, 0, 2, 3];
const FACES = [
  0, 2, 1, 0, 3, 2, 4, 5, 6, 4, 6, 7, 0, 1, 5, 0, 5, 4, 1, 2, 6, 1, 6, 5, 2, 3, 7, 2, 7, 6, 3, 0, 4, 3, 4, 7,
];
const OFFSET = [10, 20, 30];

const plain = (r) => ({
  volume: r.volume,
  mass: r.mass,
  centerOfMass: Array.from(r.centerOfMass),
  inertia: Array.from(r.inertia),
});

export function measure(mp) {
  const positions = new Float64Array(CORNERS.map((x, i) => x + OFFSET[i % 3]));
  let code = null;
  try {
    mp.sphere(-1);
  } catch (error) {
    code = error?.code ?? String(error);
  }
  return {
    box: plain(mp.box(1, 2, 3, { density: 2 })),
    sphere: plain(mp.sphere(0.5)),
    mesh: plain(mp.mesh(positions, new Uint32Array(FACES), { density: 2 })),
    // Without its x = 10 face: the repair, in the full module (docs/size.md), loaded within the call.
    open: plain(mp.mesh(positions, new Uint32Array(FACES.slice(0, 30)), { density: 2 })),
    code,
  };
}
