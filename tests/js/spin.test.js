// Torque-free spin through the package, called once per animation frame as the demo does, and the
// bounds of one call (docs/measuring.md: at most 1e6 steps of timeStep, default 1/240 s, except symmetric bodies).
// Expected values are the conservation laws themselves: kinetic energy ½ω·Iω and the world
// angular momentum R(q)·Iω, computed here from the starting state.
import { init, MassPropertiesError } from '../../js/index.js';

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

const energyOf = (I, w) => 0.5 * (I[0] * w[0] ** 2 + I[1] * w[1] ** 2 + I[2] * w[2] ** 2);
const worldMomentum = (I, s) =>
  rotate(
    s.orientation,
    s.angularVelocity.map((w, i) => I[i] * w),
  );

function run(moments, omega, seconds, onFrame) {
  let state = { orientation: [0, 0, 0, 1], angularVelocity: omega };
  for (let frame = 0; frame < seconds * 60; frame++) {
    const { orientation, angularVelocity } = state; // the options take only the state, no other keys
    state = mp.simulateRotation({ principalMoments: moments, orientation, angularVelocity, duration: 1 / 60 });
    onFrame?.(state, (frame + 1) / 60);
  }
  return state;
}

test('two minutes of tumbling keep the energy and the angular momentum', () => {
  const I = [1, 2, 3];
  const w0 = [0.3, 4, 0.2];
  const energy = energyOf(I, w0);
  const L = [I[0] * w0[0], I[1] * w0[1], I[2] * w0[2]];
  const size = Math.hypot(...L);
  const worst = { energy: 0, momentum: 0 };
  run(I, w0, 120, (s) => {
    worst.energy = Math.max(worst.energy, Math.abs(s.kineticEnergy / energy - 1));
    const world = worldMomentum(I, s);
    worst.momentum = Math.max(worst.momentum, Math.hypot(world[0] - L[0], world[1] - L[1], world[2] - L[2]) / size);
  });
  expect(worst.energy).toBeLessThan(1e-5);
  expect(worst.momentum).toBeLessThan(1e-9);
});

test('a spin about the intermediate axis flips while the others hold', () => {
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

test('the default time step is 1/240 s', () => {
  const start = {
    principalMoments: [1, 2, 3],
    angularVelocity: [0.3, 4, 0.2],
    orientation: [0, 0, 0, 1],
    duration: 0.5,
  };
  expect(mp.simulateRotation(start)).toEqual(mp.simulateRotation({ ...start, timeStep: 1 / 240 }));
  // A coarser step gives a (slightly) different answer, so the comparison above means something.
  expect(mp.simulateRotation(start)).not.toEqual(mp.simulateRotation({ ...start, timeStep: 1 / 60 }));
});

test('a spin longer than 1e6 steps is advanced in several calls; a symmetric body in one call of any length', () => {
  // 6000 s at the default 1/240 s is 1.44e6 steps: refused in one call, accepted in three.
  const I = [1, 2, 3];
  const w0 = [0.3, 4, 0.2];
  let refused;
  try {
    mp.simulateRotation({ principalMoments: I, angularVelocity: w0, duration: 6000 });
  } catch (e) {
    refused = e;
  }
  expect(refused).toBeInstanceOf(MassPropertiesError);
  expect(refused.code).toBe('INVALID_ARGUMENT');
  let state = { orientation: [0, 0, 0, 1], angularVelocity: w0 };
  for (let k = 0; k < 3; ++k) {
    const { orientation, angularVelocity } = state;
    state = mp.simulateRotation({ principalMoments: I, orientation, angularVelocity, duration: 2000 });
  }
  expect(Math.abs(energyOf(I, state.angularVelocity) / energyOf(I, w0) - 1)).toBeLessThan(1e-5);
  const L = [I[0] * w0[0], I[1] * w0[1], I[2] * w0[2]];
  const world = worldMomentum(I, state);
  expect(Math.hypot(world[0] - L[0], world[1] - L[1], world[2] - L[2]) / Math.hypot(...L)).toBeLessThan(1e-8);

  // Two equal moments: solved exactly, so a million seconds (2.4e8 steps' worth) is one call, and
  // the axial rate and the energy stay as they were.
  const S = [2, 2, 3];
  const s = mp.simulateRotation({ principalMoments: S, angularVelocity: w0, duration: 1e6 });
  expect(Math.abs(s.angularVelocity[2] / w0[2] - 1)).toBeLessThan(1e-12);
  expect(Math.abs(energyOf(S, s.angularVelocity) / energyOf(S, w0) - 1)).toBeLessThan(1e-12);
});
