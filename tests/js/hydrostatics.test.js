// mp.submerged and mp.float through the package: the box barge's closed forms (derived in
// tests/cpp/hydrostatics_test.cpp: V = L B T, KB = T/2, BM = B²/12T, T = m/ρLB), the water plane
// of a pose, units, the worker entry, and typed errors for bad planes and a body that sinks.
import { init, convertUnits } from '../../js/index.js';
import { box } from './helpers/meshes.js';

let mp;
beforeAll(async () => {
  mp = await init();
});

const L = 4;
const B = 2;
const D = 1;
// Keel at y = 0, length along x, beam along z.
const barge = () => box([-L / 2, 0, -B / 2], [L / 2, D, B / 2]);

const close = (got, want, tolerance = 1e-12) => expect(Math.abs(got - want)).toBeLessThanOrEqual(tolerance);

test('a box barge below a plane has the closed forms', () => {
  const { positions, indices } = barge();
  const T = 0.3;
  const h = mp.submerged(positions, indices, { normal: [0, 1, 0], height: T });
  close(h.volume, L * B * T);
  close(h.centerOfBuoyancy[1], T / 2);
  close(h.waterplaneArea, L * B);
  close(h.metacentricRadii[0], (B * B) / (12 * T));
  close(h.metacentricRadii[1], (L * L) / (12 * T));
  close(h.metacentricHeights[0], T / 2 + (B * B) / (12 * T) - D / 2);
  close(h.draft, T);
});

test('a pose gives the plane the body sees: the barge lowered by T is T deep in the water at y = 0', () => {
  const { positions, indices } = barge();
  const T = 0.25;
  const posed = mp.submerged(positions, indices, { pose: { position: [5, -T, 3] } });
  close(posed.volume, L * B * T);
  close(posed.draft, T);
});

test('a plane that misses the body submerges nothing: the centroids are null', () => {
  const { positions, indices } = barge();
  const h = mp.submerged(positions, indices, { height: -1 });
  expect(h.volume).toBe(0);
  expect(h.centerOfBuoyancy).toBeNull();
  expect(h.metacentricRadii).toBeNull();
});

test('the barge floats at T = m / (ρ L B), upright and stable; the search lists upright among the stable poses', () => {
  const { positions, indices } = barge();
  const f = mp.float(positions, indices, { density: 300 });
  const T = (300 * L * B * D) / (1025 * L * B);
  close(f.mass, 300 * L * B * D, 1e-9);
  close(f.displacedVolume, (300 * L * B * D) / 1025);
  close(f.upright.hydrostatics.draft, T);
  expect(f.upright.stable).toBe(true);
  close(f.upright.position[1], -T);
  expect(f.equilibria.length).toBeGreaterThan(0);
  expect(f.equilibria[0].stable).toBe(true);
  expect(f.equilibria.some((p) => p.stable && Math.abs(Math.abs(p.plane.normal[1]) - 1) < 1e-9)).toBe(true);
  // Fresh water and a given mass: the same barge floats deeper.
  const fresh = mp.float(positions, indices, { mass: 2400, waterDensity: 1000, search: false });
  close(fresh.upright.hydrostatics.draft, 2400 / (1000 * L * B));
  expect(fresh.equilibria).toEqual([]);
});

test('coordinates in mm give results in metres (and convertUnits turns them back)', () => {
  const { positions, indices } = barge();
  const mm = positions.map((x) => 1000 * x);
  const h = mp.submerged(mm, indices, { height: 300, units: 'mm' });
  close(h.volume, L * B * 0.3);
  close(h.waterplaneMoments[0], (L * B ** 3) / 12, 1e-11);
  close(convertUnits(h, { length: 'mm' }).draft, 300, 1e-9);
  const f = mp.float(mm, indices, { mass: 2400, waterDensity: 1000, units: 'mm', search: false });
  expect(f.mass).toBe(2400);
  close(f.upright.hydrostatics.draft, 0.3);
  close(convertUnits(f, { length: 'mm' }).upright.hydrostatics.draft, 300, 1e-9);
});

test('a body denser than the water sinks: SINKS with the numbers', () => {
  const { positions, indices } = barge();
  expect(() => mp.float(positions, indices, { density: 1100.5 })).toThrow(
    expect.objectContaining({ code: 'SINKS', message: expect.stringMatching(/1100\.5.*1025/) }),
  );
  expect(mp.errorCodes).toContain('SINKS');
});

test('bad planes and options are typed errors, and the module works afterwards', () => {
  const { positions, indices } = barge();
  const code = (options) => {
    try {
      mp.submerged(positions, indices, options);
    } catch (error) {
      return error.code;
    }
    return 'OK';
  };
  expect(code({ normal: [0, 0, 0] })).toBe('INVALID_ARGUMENT');
  expect(code({ normal: [0, 2, 0] })).toBe('INVALID_ARGUMENT');
  expect(code({ normal: [NaN, 1, 0] })).toBe('INVALID_ARGUMENT');
  expect(code({ height: NaN })).toBe('INVALID_ARGUMENT');
  expect(code({ height: '1' })).toBe('INVALID_ARGUMENT');
  expect(code({ normal: [0, 1, 0], pose: {} })).toBe('INVALID_OPTIONS');
  expect(code({ plane: 1 })).toBe('INVALID_OPTIONS');
  expect(code({ pose: { quaternion: [0, 0, 0, 0] } })).toBe('INVALID_TRANSFORM');
  expect(code({ pose: { quaternion: [0, 0, 0, 2] } })).toBe('INVALID_TRANSFORM');
  expect(code({ pose: { position: [0, NaN, 0] } })).toBe('INVALID_TRANSFORM');
  expect(() => mp.float(positions, indices, { waterDensity: 0 })).toThrow(
    expect.objectContaining({ code: 'INVALID_DENSITY' }),
  );
  expect(() => mp.float(positions, indices, { search: 'yes' })).toThrow(
    expect.objectContaining({ code: 'INVALID_OPTIONS' }),
  );
  close(mp.submerged(positions, indices, { height: 0.5 }).volume, L * B * 0.5);
});
