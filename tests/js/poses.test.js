// mp.restingPoses against closed forms: a box lands on a face with the probability of the solid
// angle that face subtends at the center of mass (the quasi-static rolling splits its directions
// along the planes through the center and each edge, since the foot of the center on every edge
// line lies inside the edge and above it on every edge's arc: docs/poses.md); a weighted die (the
// center moved along an axis) likewise; a thick coin by the closed form derived in
// tests/cpp/poses_test.cpp. The poses set the body down on y = 0. Hostile input leaves the module working.
import { init, MassPropertiesError } from '../../js/index.js';
import { centeredBox, cylinderMesh, quaternionToMatrix, matVec } from './helpers/meshes.js';

let mp;
beforeAll(async () => {
  mp = await init();
});

// The solid angle of a rectangle of half-sides a, b seen from distance c on its axis.
const rectangle = (a, b, c) => 4 * Math.asin((a * b) / Math.sqrt((a * a + c * c) * (b * b + c * c)));

const poseWithNormal = (poses, n) => poses.find((p) => p.normal.every((x, k) => Math.abs(x - n[k]) < 1e-9));
const total = (poses) => poses.reduce((s, p) => s + p.probability, 0);

test('a box lands on each face with the solid angle it subtends at the center', () => {
  const { positions, indices } = centeredBox(2, 4, 6, [5, -1, 3]); // half-sizes 1, 2, 3
  const poses = mp.restingPoses(positions, indices);
  expect(poses).toHaveLength(6);
  const expected = { 0: rectangle(2, 3, 1), 1: rectangle(1, 3, 2), 2: rectangle(1, 2, 3) };
  for (let axis = 0; axis < 3; ++axis) {
    for (const sign of [1, -1]) {
      const n = [0, 0, 0];
      n[axis] = sign;
      expect(poseWithNormal(poses, n).probability).toBeCloseTo(expected[axis] / (4 * Math.PI), 14);
    }
  }
  expect(total(poses)).toBeCloseTo(1, 14);
  expect(poses[0].probability).toBeGreaterThanOrEqual(poses[5].probability); // most probable first
});

test('a weighted die favours the face nearest its center of mass, by that face solid angle', () => {
  const s = 0.4; // the center of mass moved from the middle towards the face z = -1
  const { positions, indices } = centeredBox(2, 2, 2);
  const poses = mp.restingPoses(positions, indices, { centerOfMass: [0, 0, -s] });
  expect(poseWithNormal(poses, [0, 0, -1]).probability).toBeCloseTo(rectangle(1, 1, 1 - s) / (4 * Math.PI), 14);
  expect(poseWithNormal(poses, [0, 0, 1]).probability).toBeCloseTo(rectangle(1, 1, 1 + s) / (4 * Math.PI), 14);
  expect(poses[0].normal).toEqual([0, 0, -1]);
  // Tipping off the favoured face: over any of its edges, atan(1 / (1 - s)).
  expect(poses[0].tippingAngle).toBeCloseTo(Math.atan(1 / (1 - s)), 14);
  expect(poses[0].centerOfMassHeight).toBeCloseTo(1 - s, 14);
});

test('each pose sets the body down on y = 0 with its center of mass over the origin', () => {
  const { positions, indices } = centeredBox(1, 3, 2, [0.5, 2, -4]);
  const com = [0.7, 2.5, -4.2];
  for (const pose of mp.restingPoses(positions, indices, { centerOfMass: com })) {
    const R = quaternionToMatrix(pose.rotation);
    const place = (p) => matVec(R, p).map((x, k) => x + pose.position[k]);
    const placed = place(com);
    expect(placed[0]).toBeCloseTo(0, 12);
    expect(placed[1]).toBeCloseTo(pose.centerOfMassHeight, 12);
    expect(placed[2]).toBeCloseTo(0, 12);
    let lowest = Infinity;
    for (let i = 0; i < positions.length; i += 3) lowest = Math.min(lowest, place(positions.slice(i, i + 3))[1]);
    expect(lowest).toBeCloseTo(0, 12);
    expect(pose.supportPolygon).toBeInstanceOf(Float64Array);
    expect(pose.supportPolygon.length).toBe(12);
    expect(Math.atan(pose.supportMargin / pose.centerOfMassHeight)).toBeCloseTo(pose.tippingAngle, 14);
  }
});

test('a thick coin from a shape result and its mesh lands on its rim with the closed form', () => {
  const r = 1;
  const h = 0.8;
  const coin = mp.cylinder(r, h);
  const { positions, indices } = cylinderMesh(r, h, 512);
  const poses = mp.restingPoses(positions, indices, { centerOfMass: coin.centerOfMass });
  const rim = poses.filter((p) => Math.abs(p.normal[1]) < 0.5).reduce((s, p) => s + p.probability, 0);
  // P(rim) = a / sqrt(a² + r²) for the half-height a (tests/cpp/poses_test.cpp); the 512-gon is
  // within (pi/512)² of the circle.
  expect(Math.abs(rim - h / 2 / Math.hypot(h / 2, r))).toBeLessThan(1e-4);
  expect(poses).toHaveLength(514);
});

test('the center of mass is measured as mp.mesh would, by mode', () => {
  const { positions, indices } = centeredBox(2, 2, 2);
  const solid = mp.restingPoses(positions, indices);
  const shell = mp.restingPoses(positions, indices, { mode: 'shell' });
  solid.forEach((p) => expect(p.probability).toBeCloseTo(1 / 6, 14));
  shell.forEach((p) => expect(p.probability).toBeCloseTo(1 / 6, 14));
});

test('bad input gets typed errors and the module goes on working', () => {
  const flat = new Float64Array([0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0]);
  const codeOf = (f) => {
    try {
      f();
    } catch (error) {
      expect(error).toBeInstanceOf(MassPropertiesError);
      return error.code;
    }
    return 'no error';
  };
  expect(
    codeOf(() => mp.restingPoses(flat, new Uint32Array([0, 1, 2, 0, 2, 3]), { centerOfMass: [0.5, 0.5, 0] })),
  ).toBe('ZERO_VOLUME');
  const { positions, indices } = centeredBox(1, 1, 1);
  expect(codeOf(() => mp.restingPoses(positions, indices, { centerOfMass: [3, 0, 0] }))).toBe('INVALID_ARGUMENT');
  expect(codeOf(() => mp.restingPoses(positions, indices, { centerOfMass: [0, NaN, 0] }))).toBe('INVALID_ARGUMENT');
  expect(codeOf(() => mp.restingPoses(positions, indices, { density: 2 }))).toBe('INVALID_OPTIONS');
  expect(codeOf(() => mp.restingPoses(positions, new Uint32Array([0, 1, 99])))).toBe('INDEX_OUT_OF_RANGE');
  expect(mp.restingPoses(positions, indices)).toHaveLength(6);
});
