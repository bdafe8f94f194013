// The analytic shapes at the package boundary. Their closed forms and quadratures are proven once,
// in C++ (tests/cpp/primitives_test.cpp: closed forms, Gauss-Legendre quadrature of every shape,
// sizes 1e-6..1e6; elliptic_test.cpp: the ellipsoid's area; range_test.cpp: sizes beyond double
// precision), and those tests also run as wasm32. What only the package can show is checked here:
// each shape is the limit of the matching three.js geometry measured through mp.mesh (an
// independent tessellation, not a formula), the options reach the core, and results are plain
// objects of finite numbers.
import * as THREE from 'three';

import { init } from '../../js/index.js';

let mp;
beforeAll(async () => {
  mp = await init();
});

const EPS = 2 ** -52;
const rel = (got, want) => Math.abs(got - want) / Math.abs(want);
const expectRel = (got, want, tol) => {
  if (!(rel(got, want) <= tol)) throw new Error(`got ${got}, want ${want} (relative error ${rel(got, want)} > ${tol})`);
};
const diag = (m) => [m[0], m[4], m[8]];

// Every shape, with its options.
const SHAPES = [
  ['box', (o) => mp.box(1.5, 2, 3.25, o)],
  ['sphere', (o) => mp.sphere(1.5, o)],
  ['ellipsoid', (o) => mp.ellipsoid(1.25, 0.75, 2, o)],
  ['cylinder', (o) => mp.cylinder(0.75, 2.5, o)],
  ['capsule', (o) => mp.capsule(0.5, 1.25, o)],
  ['cone', (o) => mp.cone(0.75, 2.5, o)],
  ['frustum', (o) => mp.frustum(0.75, 0.3, 2.5, o)],
  ['taperedCapsule', (o) => mp.taperedCapsule(0.5, 0.25, 1.25, o)],
];

// ---- the package boundary ------------------------------------------------------------------------

describe.each(SHAPES)('%s', (name, make) => {
  test('density reaches the core: the density is returned as given, mass and inertia scale with it', () => {
    const unit = make();
    for (const density of [2.7, 7.85, 7850, 1e-3]) {
      const r = make({ density });
      expect(r.density).toBe(density);
      expect(r.volume).toBe(unit.volume);
      expect(r.centerOfMass).toEqual(unit.centerOfMass);
      expect(r.surfaceArea).toBe(unit.surfaceArea);
      expectRel(r.mass, density * unit.volume, 2 * EPS);
      diag(r.inertia).forEach((x, k) => expectRel(x, density * diag(unit.inertia)[k], 4 * EPS));
    }
  });

  test('mass reaches the core: the mass is returned exactly, the density is mass / volume', () => {
    const unit = make();
    for (const mass of [1, 5, 1e-6, 3e8]) {
      const r = make({ mass });
      expect(r.mass).toBe(mass);
      expect(r.volume).toBe(unit.volume);
      expect(r.centerOfMass).toEqual(unit.centerOfMass);
      expectRel(r.density, mass / unit.volume, 2 * EPS);
      diag(r.inertia).forEach((x, k) => expectRel(x, (mass / unit.mass) * diag(unit.inertia)[k], 4 * EPS));
    }
  });

  test('the result is a plain object of finite numbers in plain arrays, with no diagnostics', () => {
    const r = make();
    // Plain data: nothing to .delete(), survives JSON and structured cloning (postMessage to a worker).
    expect(Object.getPrototypeOf(r)).toBe(Object.prototype);
    expect(Object.keys(r).sort()).toEqual([
      'bounds',
      'centerOfMass',
      'density',
      'diagnostics',
      'inertia',
      'mass',
      'principalAxes',
      'principalMoments',
      'principalRotation',
      'surfaceArea',
      'surfaceCentroid',
      'volume',
    ]);
    expect(JSON.parse(JSON.stringify(r))).toEqual(r);
    expect(structuredClone(r)).toEqual(r);
    const arrays = {
      centerOfMass: 3,
      inertia: 9,
      principalMoments: 3,
      principalAxes: 3,
      principalRotation: 4,
      surfaceCentroid: 3,
    };
    for (const [key, length] of Object.entries(arrays)) {
      expect(Array.isArray(r[key])).toBe(true);
      expect(r[key]).toHaveLength(length);
    }
    r.principalAxes.forEach((axis) => expect(Array.isArray(axis) && axis.length === 3).toBe(true));
    const numbers = [
      r.mass,
      r.volume,
      r.density,
      r.surfaceArea,
      ...r.centerOfMass,
      ...r.inertia,
      ...r.principalMoments,
      ...r.principalAxes.flat(),
      ...r.principalRotation,
      ...r.surfaceCentroid,
    ];
    for (const x of numbers) expect(Number.isFinite(x)).toBe(true);
    // No mesh, so nothing to diagnose.
    expect(r.diagnostics).toBeNull();
    // The shapes are built in their principal frames: the products of inertia are exactly zero
    // (tests/cpp asserts exact zeros only for box, sphere and cylinder, and 1e-12 of the trace for
    // the others, so this stays here).
    for (const k of [1, 2, 3, 5, 6, 7]) expect(r.inertia[k]).toBe(0);
  });
});

// ---- convergence of three.js tessellations ---------------------------------------------------------

function arrays(geometry) {
  return { positions: geometry.attributes.position.array, indices: geometry.index ? geometry.index.array : null };
}

// Measures `make(n)` for every level and returns, per quantity, the errors against `analytic`.
function errorsByLevel(levels, make, analytic) {
  const out = { volume: [], Ixx: [], Iyy: [], Izz: [], area: [], com: [], offDiagonal: [], meshes: [] };
  for (const n of levels) {
    const { positions, indices } = make(n);
    const r = mp.mesh(positions, indices);
    out.meshes.push(r);
    out.volume.push(rel(r.volume, analytic.volume));
    out.Ixx.push(rel(r.inertia[0], analytic.inertia[0]));
    out.Iyy.push(rel(r.inertia[4], analytic.inertia[4]));
    out.Izz.push(rel(r.inertia[8], analytic.inertia[8]));
    out.area.push(rel(r.surfaceArea, analytic.surfaceArea));
    out.com.push(Math.hypot(...r.centerOfMass.map((x, k) => x - analytic.centerOfMass[k])));
    out.offDiagonal.push(
      Math.max(...[1, 2, 5].map((k) => Math.abs(r.inertia[k]))) / (r.inertia[0] + r.inertia[4] + r.inertia[8]),
    );
  }
  return out;
}

// The error of an inscribed tessellation falls like 1/n²: 4x per doubling. The coarsest level
// may still be pre-asymptotic, so the ratios of the later doublings are checked tightly.
function expectQuadraticConvergence(errors, finest, label) {
  for (let k = 1; k < errors.length; k++) {
    const ratio = errors[k - 1] / errors[k];
    const [lo, hi] = k === 1 ? [3.3, 4.7] : [3.7, 4.3];
    if (!(ratio >= lo && ratio <= hi)) {
      throw new Error(
        `${label}: error ratio ${ratio} at doubling ${k} (errors ${errors.map((e) => e.toExponential(2)).join(', ')})`,
      );
    }
  }
  if (!(errors[errors.length - 1] <= finest))
    throw new Error(`${label}: finest error ${errors[errors.length - 1]} > ${finest}`);
}

// Richardson: with error ≈ C/n², (4 Q(2n) − Q(n))/3 cancels the leading term; what remains is
// O(1/n⁴) plus the float32 rounding of the three.js positions (~1e-7).
function expectRichardson(meshes, get, want, tol, label) {
  const n = meshes.length;
  const extrapolated = (4 * get(meshes[n - 1]) - get(meshes[n - 2])) / 3;
  if (!(rel(extrapolated, want) <= tol))
    throw new Error(`${label}: Richardson ${extrapolated} vs ${want}: ${rel(extrapolated, want)} > ${tol}`);
}

const QUANTITIES = [
  ['volume', (r) => r.volume],
  ['Ixx', (r) => r.inertia[0]],
  ['Iyy', (r) => r.inertia[4]],
  ['Izz', (r) => r.inertia[8]],
  ['area', (r) => r.surfaceArea],
];

function checkConvergence(name, levels, make, analytic, { finest, comTolerance }) {
  const e = errorsByLevel(levels, make, analytic);
  for (const [q, get] of QUANTITIES) {
    expectQuadraticConvergence(e[q], finest, `${name} ${q}`);
    expectRichardson(e.meshes, get, get(analytic), 2e-6, `${name} ${q}`);
  }
  // Inscribed in a convex solid: the polyhedron lies inside, so its volume and area are smaller.
  for (const r of e.meshes) {
    expect(r.volume).toBeLessThan(analytic.volume);
    expect(r.surfaceArea).toBeLessThan(analytic.surfaceArea);
  }
  // By symmetry the center needs no convergence: it is right at every level (up to float32 input).
  e.com.forEach((c) => expect(c).toBeLessThanOrEqual(comTolerance));
  e.offDiagonal.forEach((x) => expect(x).toBeLessThan(1e-7));
  return e;
}

describe('three.js tessellations converge to the analytic shapes', () => {
  test('BoxGeometry(w, h, d) is box(w, h, d) at any segment count', () => {
    // Half-sizes 0.75, 1, 1.625 are exact in float32: the mesh is the box itself.
    const want = mp.box(1.5, 2, 3.25);
    for (const segments of [
      [1, 1, 1],
      [2, 3, 4],
      [7, 1, 5],
    ]) {
      const { positions, indices } = arrays(new THREE.BoxGeometry(1.5, 2, 3.25, ...segments));
      const r = mp.mesh(positions, indices);
      expectRel(r.volume, want.volume, 1e-14);
      diag(r.inertia).forEach((x, k) => expectRel(x, diag(want.inertia)[k], 1e-14));
      for (const k of [1, 2, 5]) expect(Math.abs(r.inertia[k])).toBeLessThanOrEqual(1e-14 * want.inertia[0]);
      r.centerOfMass.forEach((x) => expect(Math.abs(x)).toBeLessThanOrEqual(1e-15));
      expectRel(r.surfaceArea, want.surfaceArea, 1e-14);
    }
  });

  test('SphereGeometry(r, 2n, n) → sphere(r)', () => {
    const r = 1.5;
    checkConvergence(
      'sphere',
      [8, 16, 32, 64, 128],
      (n) => arrays(new THREE.SphereGeometry(r, 2 * n, n)),
      mp.sphere(r),
      {
        finest: 6e-4,
        comTolerance: 1e-6,
      },
    );
  });

  test('SphereGeometry scaled by (rx, ry, rz) → ellipsoid(rx, ry, rz)', () => {
    // The area too: the triaxial area (Carlson's integrals in the core) is the tessellations' limit.
    const [rx, ry, rz] = [1.25, 0.75, 2];
    const make = (n) => {
      const { positions, indices } = arrays(new THREE.SphereGeometry(1, 2 * n, n));
      const scaled = new Float64Array(positions.length);
      for (let k = 0; k < positions.length; k += 3) {
        scaled[k] = positions[k] * rx;
        scaled[k + 1] = positions[k + 1] * ry;
        scaled[k + 2] = positions[k + 2] * rz;
      }
      return { positions: scaled, indices };
    };
    checkConvergence('ellipsoid', [8, 16, 32, 64, 128], make, mp.ellipsoid(rx, ry, rz), {
      finest: 6e-4,
      comTolerance: 1e-6,
    });
  });

  test('CylinderGeometry(r, r, h, N) → cylinder(r, h)', () => {
    const [r, h] = [0.75, 2.5];
    checkConvergence(
      'cylinder',
      [16, 32, 64, 128, 256],
      (n) => arrays(new THREE.CylinderGeometry(r, r, h, n)),
      mp.cylinder(r, h),
      {
        finest: 3e-4,
        comTolerance: 1e-6,
      },
    );
  });

  test('ConeGeometry(r, h, N) → cone(r, h), in the same frame (apex up) and with the same surface centroid', () => {
    const [r, h] = [0.75, 2.5];
    const analytic = mp.cone(r, h);
    // Any pyramid has the cone's center of mass, so comTolerance holds at every level: a cone
    // built apex down, or off center, would fail it.
    const e = checkConvergence(
      'cone',
      [16, 32, 64, 128, 256],
      (n) => arrays(new THREE.ConeGeometry(r, h, n)),
      analytic,
      {
        finest: 3e-4,
        comTolerance: 1e-6,
      },
    );
    const yS = analytic.surfaceCentroid[1];
    expectQuadraticConvergence(
      e.meshes.map((m) => Math.abs(m.surfaceCentroid[1] - yS) / (h / 2)),
      1e-5,
      'cone surface centroid',
    );
  });

  test('CapsuleGeometry(r, L, capSegments n, radialSegments 4n) → capsule(r, L)', () => {
    // three r187: new CapsuleGeometry(radius, height, capSegments, radialSegments, heightSegments),
    // `height` being the straight middle part — the `length` of mp.capsule.
    const [r, L] = [0.5, 1.25];
    checkConvergence(
      'capsule',
      [4, 8, 16, 32, 64],
      (n) => arrays(new THREE.CapsuleGeometry(r, L, n, 4 * n)),
      mp.capsule(r, L),
      {
        finest: 3e-4,
        comTolerance: 1e-6,
      },
    );
  });

  test('CapsuleGeometry(r, 0) → capsule(r, 0): a capsule of length 0 is accepted, as three.js draws it', () => {
    // The two caps meet at the equator (a band of zero-area triangles there): a sphere. That
    // capsule(r, 0) equals sphere(r) is proven in tests/cpp (CapsuleOfLengthZeroIsTheSphere).
    const r = 0.5;
    checkConvergence(
      'capsule of length 0',
      [4, 8, 16, 32, 64],
      (n) => arrays(new THREE.CapsuleGeometry(r, 0, n, 4 * n)),
      mp.capsule(r, 0),
      {
        finest: 6e-4,
        comTolerance: 1e-6,
      },
    );
  });

  test('CylinderGeometry(top, bottom, h, N) → frustum(bottom, top, h): radii in either order, the same frame', () => {
    // Every slice of a regular-prism frustum is a scaled copy of one polygon, so its center of
    // mass is the round frustum's at every level, as for the cylinder and the cone.
    for (const [bottom, top, h] of [
      [0.75, 0.3, 2.5],
      [0.2, 1.1, 1.5],
    ]) {
      checkConvergence(
        `frustum ${bottom} ${top} ${h}`,
        [16, 32, 64, 128, 256],
        (n) => arrays(new THREE.CylinderGeometry(top, bottom, h, n)),
        mp.frustum(bottom, top, h),
        { finest: 3e-4, comTolerance: 1e-6 },
      );
    }
  });

  test('a lathe of the hull of two balls → taperedCapsule(bottom, top, h), center of mass included', () => {
    for (const [a, b, h] of [
      [0.75, 0.35, 1.5],
      [0.3, 0.9, 1.2],
    ]) {
      // Where the common tangent leaves the balls (polar angle from +Y), found from tangency
      // itself: the chord between the two touching points is perpendicular to their normal.
      const residual = (phi) => (b - a) * Math.sin(phi) ** 2 + (h + (b - a) * Math.cos(phi)) * Math.cos(phi);
      let [lo, hi] = [0, Math.PI];
      for (let i = 0; i < 100; i++) {
        const mid = (lo + hi) / 2;
        if (residual(mid) > 0) lo = mid;
        else hi = mid;
      }
      const phi = (lo + hi) / 2;
      // The profile from the bottom pole to the top one: n steps on each arc; the straight part
      // between the arcs is exact.
      const profile = (n) => {
        const points = [];
        for (let k = 0; k <= n; k++) {
          const t = Math.PI + ((phi - Math.PI) * k) / n;
          points.push(new THREE.Vector2(a * Math.sin(t), -h / 2 + a * Math.cos(t)));
        }
        for (let k = 0; k <= n; k++) {
          const t = phi - (phi * k) / n;
          points.push(new THREE.Vector2(b * Math.sin(t), h / 2 + b * Math.cos(t)));
        }
        return points;
      };
      const analytic = mp.taperedCapsule(a, b, h);
      const e = errorsByLevel(
        [8, 16, 32, 64, 128],
        (n) => arrays(new THREE.LatheGeometry(profile(n), 4 * n)),
        analytic,
      );
      for (const [q, get] of QUANTITIES) {
        expectQuadraticConvergence(e[q], 6e-4, `tapered capsule ${q}`);
        expectRichardson(e.meshes, get, get(analytic), 2e-6, `tapered capsule ${q}`);
      }
      // Off the origin when tapered: the center converges too (relative to the height).
      const y = (r) => r.centerOfMass[1];
      expect(Math.abs(y(analytic))).toBeGreaterThan(0.05 * h);
      expectQuadraticConvergence(
        e.meshes.map((r) => Math.abs(y(r) - y(analytic)) / h),
        1e-4,
        'tapered capsule center',
      );
      expect(Math.abs((4 * y(e.meshes[4]) - y(e.meshes[3])) / 3 - y(analytic))).toBeLessThan(2e-6 * h);
    }
  });

  test('the tessellations are measured the same with Float64 positions', () => {
    // Same vertices in double precision: same answer to rounding (guards against a float32-only path).
    const { positions, indices } = arrays(new THREE.CapsuleGeometry(0.5, 1.25, 8, 32));
    const a = mp.mesh(positions, indices);
    const b = mp.mesh(new Float64Array(positions), new Uint32Array(indices));
    expectRel(b.volume, a.volume, 1e-14);
    diag(b.inertia).forEach((x, k) => expectRel(x, diag(a.inertia)[k], 1e-13));
    expectRel(b.surfaceArea, a.surfaceArea, 1e-14);
  });
});
