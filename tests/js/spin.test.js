// Torque-free spin through the package, called once per animation frame as the demo does.
// Expected values are the conservation laws themselves: kinetic energy ½ω·Iω and the world
// angular momentum R(q)·Iω, computed here from the starting state.
import { init } from '../../js/index.js';

let mp;
beforeAll(async () => {
  mp = await init();
});

function rotate(q, v) {
  const [x, y, z, w] = q;
  // v + 2w (u × v) + 2 u × (u × v), u = (x, y, z)
  const t = [2 * (y * v[2] - z * v[1]), 2 * (z * v[0] - x * v[2]), 2 * (x * v[1] - y * v[0])];
  return [
    v[0] + w * t[0] + (y * t[2] - z * t[1]),
    v[1] + w * t[1] + (z * t[0] - x * t[2]),
    v[2] + w * t[2] + (x * t[1] - y * t[0]),
  ];
}

function run(moments, omega, seconds, onFrame) {
  let state = { orientation: [0, 0, 0, 1], angularVelocity: omega };
  for (let frame = 0; frame < seconds * 60; frame++) {
    state = mp.simulateRotation({ principalMoments: moments, ...state, duration: 1 / 60 });
    onFrame?.(state, (frame + 1) / 60);
  }
  return state;
}

test('TwoMinutesOfTumblingKeepEnergyAndAngularMomentum', () => {
  const I = [1, 2, 3];
  const w0 = [0.3, 4, 0.2];
  const energy = 0.5 * (I[0] * w0[0] ** 2 + I[1] * w0[1] ** 2 + I[2] * w0[2] ** 2);
  const L = [I[0] * w0[0], I[1] * w0[1], I[2] * w0[2]];
  const size = Math.hypot(...L);
  let worst = { energy: 0, momentum: 0 };
  run(I, w0, 120, (s) => {
    worst.energy = Math.max(worst.energy, Math.abs(s.kineticEnergy / energy - 1));
    const world = rotate(s.orientation, s.angularVelocity.map((w, i) => I[i] * w));
    worst.momentum = Math.max(worst.momentum, Math.hypot(world[0] - L[0], world[1] - L[1], world[2] - L[2]) / size);
  });
  expect(worst.energy).toBeLessThan(1e-5);
  expect(worst.momentum).toBeLessThan(1e-9);
});

test('IntermediateAxisFlipsWhileTheOthersHold', () => {
  const I = [1, 2, 3];
  const eps = 1e-3;
  const flips = (axis) => {
    const w = [eps, eps, eps];
    w[axis] = 5;
    let reversed = false;
    let drift = 0;
    run(I, w, 10, (s) => {
      if (Math.sign(s.angularVelocity[axis]) < 0) reversed = true;
      drift = Math.max(drift, Math.hypot(...s.angularVelocity.filter((_, i) => i !== axis)));
    });
    return { reversed, drift };
  };
  expect(flips(1).reversed).toBe(true);
  for (const axis of [0, 2]) {
    const { reversed, drift } = flips(axis);
    expect(reversed).toBe(false);
    expect(drift).toBeLessThan(0.05);
  }
});
