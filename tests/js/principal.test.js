// Principal moments, axes and rotation: a valid eigen-decomposition of the inertia tensor in every
// case, including repeated moments (sphere, cube, cylinder), where the output must still be
// finite and deterministic.
import { init } from '../../js/index.js';
import {
  box,
  centeredBox,
  torus,
  lPrism,
  tetrahedron,
  concat,
  translate,
  rotate,
  scale,
  rng,
  randomRotation,
  cylinderMesh,
  coneMesh,
  uvSphere,
  quaternionToMatrix,
  matVec,
  cross,
  dot,
  norm,
  maxAbsDiff,
  maxAbsEntry,
} from './helpers/meshes.js';

const TOL = 1e-12;

let mp;
beforeAll(async () => {
  mp = await init();
});

const measure = (m, options) => mp.mesh(m.positions, m.indices, options);

/**
 * The principal frame is a valid eigen-decomposition of `r.inertia`:
 * finite; moments ascending; axes unit, orthogonal, right-handed; I·aᵢ = λᵢ·aᵢ; the moments
 * sum to the trace; principalRotation is a unit quaternion whose matrix has the axes as columns.
 */
function expectValidFrame(r, tol = TOL) {
  const { inertia: I, principalMoments: l, principalAxes: a, principalRotation: q } = r;
  for (const x of [...I, ...l, ...a.flat(), ...q]) expect(Number.isFinite(x)).toBe(true);
  const scale = maxAbsEntry(l);
  expect(l[0]).toBeLessThanOrEqual(l[1]);
  expect(l[1]).toBeLessThanOrEqual(l[2]);
  for (let i = 0; i < 3; ++i) {
    expect(Math.abs(norm(a[i]) - 1)).toBeLessThanOrEqual(tol);
    for (let j = i + 1; j < 3; ++j) expect(Math.abs(dot(a[i], a[j]))).toBeLessThanOrEqual(tol);
    const residual = matVec(I, a[i]).map((x, k) => x - l[i] * a[i][k]);
    expect(norm(residual)).toBeLessThanOrEqual(tol * scale);
  }
  expect(dot(cross(a[0], a[1]), a[2])).toBeGreaterThan(1 - tol); // +1: right-handed
  expect(Math.abs(l[0] + l[1] + l[2] - (I[0] + I[4] + I[8]))).toBeLessThanOrEqual(tol * scale);
  expect(Math.abs(Math.hypot(...q) - 1)).toBeLessThanOrEqual(tol);
  const R = quaternionToMatrix(q);
  for (let i = 0; i < 3; ++i) {
    expect(maxAbsDiff([R[i], R[3 + i], R[6 + i]], a[i])).toBeLessThanOrEqual(tol); // column i = axis i
  }
}

function expectSameAxis(u, v, tol = 1e-10) {
  expect(Math.abs(Math.abs(dot(u, v)) - 1)).toBeLessThanOrEqual(tol);
}

// Bodies with three distinct principal moments.
const tonon = () =>
  tetrahedron([8.3322, -11.86875, 0.93355], [0.75523, 5, 16.37072], [52.61236, 5, -5.3858], [2, 5, 3]);
const lumpy = () => concat(lPrism(1, 0.75), tetrahedron([3, 0, 0], [4, 0.5, 0], [3.2, 1.5, 0.3], [3.5, 0.4, 1.2]));

describe('general bodies: distinct moments', () => {
  test.each([
    ["Tonon's tetrahedron", () => measure(tonon())],
    ['non-convex L prism with a tetrahedron', () => measure(lumpy())],
    [
      'squashed torus (tilted)',
      () => measure(rotate(scale(torus(3, 1, 32, 16), [1, 0.7, 0.5]), randomRotation(rng(21)).matrix)),
    ],
    ['analytic box 1×2×3', () => mp.box(1, 2, 3)],
    ['analytic ellipsoid 3×1×2', () => mp.ellipsoid(3, 1, 2)],
    [
      'analytic cone, flattened and turned',
      () =>
        mp.transform(mp.cone(1, 3), {
          quaternion: randomRotation(rng(22)).quaternion,
          position: [1, 2, 3],
          scale: [1, 1, 0.5],
        }),
    ],
    ['tiny mesh (1e-6)', () => measure(rotate(centeredBox(1e-6, 2e-6, 3e-6), randomRotation(rng(23)).matrix))],
    [
      'huge mesh (1e4), heavy',
      () => measure(rotate(centeredBox(1e4, 2e4, 3e4), randomRotation(rng(24)).matrix), { density: 7800 }),
    ],
  ])('%s: axes unit, orthogonal, right-handed, ascending eigenvectors; rotation columns are the axes', (_, make) => {
    const r = make();
    expectValidFrame(r);
    expect(r.principalMoments[1] - r.principalMoments[0]).toBeGreaterThan(1e-6 * r.principalMoments[2]);
    expect(r.principalMoments[2] - r.principalMoments[1]).toBeGreaterThan(1e-6 * r.principalMoments[2]);
  });

  test('an axis-aligned box has the coordinate axes (up to sign) as principal axes, in moment order', () => {
    // box 3×2×1: I_xx = m(4+1)/12 < I_yy = m(9+1)/12 < I_zz = m(9+4)/12
    const r = measure(centeredBox(3, 2, 1, [5, -1, 2]));
    expectValidFrame(r);
    expect(r.principalMoments.map((x) => (x * 12) / 6)).toEqual([5, 10, 13].map((x) => expect.closeTo(x, 12)));
    expectSameAxis(r.principalAxes[0], [1, 0, 0]);
    expectSameAxis(r.principalAxes[1], [0, 1, 0]);
    expectSameAxis(r.principalAxes[2], [0, 0, 1]);
  });

  test('random boxes in random orientations: axes are the rotated box edges', () => {
    const random = rng(25);
    for (let k = 0; k < 10; ++k) {
      const dims = [0.5 + random(), 1.7 + random(), 3 + random()]; // ascending edges → descending moments
      const { matrix: R } = randomRotation(random);
      const r = measure(translate(rotate(centeredBox(...dims), R), [random(), random(), random()]));
      expectValidFrame(r);
      // the longest edge is the axis of the smallest moment
      expectSameAxis(r.principalAxes[0], matVec(R, [0, 0, 1]));
      expectSameAxis(r.principalAxes[1], matVec(R, [0, 1, 0]));
      expectSameAxis(r.principalAxes[2], matVec(R, [1, 0, 0]));
    }
  });

  test('principalRotation diagonalizes the tensor: Rᵀ I R = diag(moments)', () => {
    const r = measure(tonon());
    const R = quaternionToMatrix(r.principalRotation);
    const RtIR = [];
    for (let i = 0; i < 3; ++i) {
      for (let j = 0; j < 3; ++j) {
        const col = [R[j], R[3 + j], R[6 + j]];
        RtIR.push(dot([R[i], R[3 + i], R[6 + i]], matVec(r.inertia, col)));
      }
    }
    const [l0, l1, l2] = r.principalMoments;
    expect(maxAbsDiff(RtIR, [l0, 0, 0, 0, l1, 0, 0, 0, l2])).toBeLessThanOrEqual(TOL * l2);
  });
});

describe('repeated moments', () => {
  test('sphere (mp.sphere): three equal moments, a valid frame, no NaN, deterministic', () => {
    // Its value, 2/5·m·r², is proven in tests/cpp (SphereClosedForm); here: the frame of a triple moment.
    const r = mp.sphere(2, { density: 3 });
    expectValidFrame(r);
    for (const x of r.principalMoments) expect(Math.abs(x / r.inertia[0] - 1)).toBeLessThanOrEqual(TOL);
    expect(mp.sphere(2, { density: 3 })).toEqual(r);
  });

  test('tessellated sphere: moments equal within its (non-spherical) anisotropy, a valid frame', () => {
    const r = measure(uvSphere(1, 64, 32));
    expectValidFrame(r);
    expect(r.principalMoments[2] / r.principalMoments[0] - 1).toBeLessThan(1e-2);
    expect(measure(uvSphere(1, 64, 32))).toEqual(r);
  });

  test('cube mesh: three equal moments 1/6, a valid frame, no NaN, deterministic', () => {
    const m = box([2, 3, 4], [3, 4, 5]);
    const r = measure(m);
    expectValidFrame(r);
    for (const x of r.principalMoments) expect(Math.abs(x - 1 / 6)).toBeLessThanOrEqual(TOL);
    expect(measure(m)).toEqual(r);
    // the same input in fresh arrays gives the same output
    expect(mp.mesh(Float64Array.from(m.positions), Uint32Array.from(m.indices))).toEqual(r);
  });

  test('rotated cube: the tensor stays isotropic and the axes stay valid', () => {
    const random = rng(26);
    for (let k = 0; k < 10; ++k) {
      const { matrix: R } = randomRotation(random);
      const m = rotate(centeredBox(1, 1, 1, [0.5, 0.5, 0.5]), R);
      const r = measure(m);
      expectValidFrame(r);
      expect(maxAbsDiff(r.inertia, [1 / 6, 0, 0, 0, 1 / 6, 0, 0, 0, 1 / 6])).toBeLessThanOrEqual(TOL);
      expect(measure(m)).toEqual(r);
    }
  });

  test.each([
    ['long', 1, 3, 0], // axial m r²/2 = m/2 < transverse m(3r² + h²)/12 = m: the axis has the smallest moment
    ['flat', 1, 0.5, 2], // transverse m(3 + 1/4)/12 < m/2: the axis has the largest moment
  ])(
    '%s cylinder (mp.cylinder): the distinct axis is ±y with the axial moment, the pair is repeated',
    (_, radius, height, k) => {
      // The moments' values are proven in tests/cpp (CylinderClosedForm); here: which axis carries which.
      const r = mp.cylinder(radius, height);
      expectValidFrame(r);
      const axial = r.inertia[4],
        transverse = r.inertia[0];
      expect(r.inertia[8]).toBe(transverse);
      expectSameAxis(r.principalAxes[k], [0, 1, 0]);
      expect(Math.abs(r.principalMoments[k] / axial - 1)).toBeLessThanOrEqual(TOL);
      for (const i of [0, 1, 2].filter((i) => i !== k))
        expect(Math.abs(r.principalMoments[i] / transverse - 1)).toBeLessThanOrEqual(TOL);
      expect(mp.cylinder(radius, height)).toEqual(r);
    },
  );

  test.each([
    ['long', 1, 3, 0],
    ['flat', 1, 0.5, 2],
  ])(
    '%s tessellated cylinder mesh: a regular prism has two equal moments; distinct axis ±y',
    (_, radius, height, k) => {
      const m = cylinderMesh(radius, height, 24);
      const r = measure(m);
      expectValidFrame(r);
      expectSameAxis(r.principalAxes[k], [0, 1, 0]);
      const others = [0, 1, 2].filter((i) => i !== k).map((i) => r.principalMoments[i]);
      expect(Math.abs(others[0] - others[1])).toBeLessThanOrEqual(TOL * r.principalMoments[2]);
      expect(measure(m)).toEqual(r);
    },
  );

  test('tilted torus (axisymmetric): the distinct axis follows the rotation, frame valid', () => {
    const { matrix: R } = randomRotation(rng(29));
    const r = measure(rotate(torus(3, 1, 32, 16), R));
    expectValidFrame(r);
    expectSameAxis(r.principalAxes[2], matVec(R, [0, 0, 1])); // a ring's largest moment is about its axis
  });

  test('rotated tessellated cylinder and cone: the distinct axis follows the rotation, frame valid', () => {
    const random = rng(27);
    for (const make of [() => cylinderMesh(0.5, 2, 32), () => coneMesh(1, 3, 32)]) {
      for (let k = 0; k < 5; ++k) {
        const { matrix: R } = randomRotation(random);
        const r = measure(translate(rotate(make(), R), [random() * 10, random() * 10, random() * 10]));
        expectValidFrame(r);
        expectSameAxis(r.principalAxes[0], matVec(R, [0, 1, 0])); // both are long: smallest moment about the axis
      }
    }
  });

  test('analytic cylinder after a rotation (mp.transform) keeps a valid frame and the rotated axis', () => {
    const random = rng(28);
    for (let k = 0; k < 5; ++k) {
      const { quaternion, matrix: R } = randomRotation(random);
      const r = mp.transform(mp.cylinder(1, 3), { quaternion });
      expectValidFrame(r);
      expectSameAxis(r.principalAxes[0], matVec(R, [0, 1, 0]));
    }
  });

  test('nearly repeated moments (box 1×1×(1+1e-6)) still give the distinct axis and a valid frame', () => {
    const r = mp.box(1, 1, 1 + 1e-6);
    expectValidFrame(r);
    // I_zz = m·2/12 is the smallest; I_xx = I_yy = m(1 + (1+1e-6)²)/12
    expectSameAxis(r.principalAxes[0], [0, 0, 1], 1e-9);
    const mesh = measure(centeredBox(1, 1, 1 + 1e-6));
    expectValidFrame(mesh);
    expectSameAxis(mesh.principalAxes[0], [0, 0, 1], 1e-9);
  });
});
