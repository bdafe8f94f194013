// Derived quantities against closed forms: a body's equivalent box or ellipsoid is itself when it
// is one, radii of gyration of textbook solids, per-unit-mass tensors; isSolid on meshes whose
// state is known by construction.
import {
  equivalentBox,
  equivalentEllipsoid,
  inertiaPerUnitMass,
  init,
  isSolid,
  radiiOfGyration,
} from '../../js/index.js';
import { box, concat, flip } from './helpers/meshes.js';
import { withoutTriangles } from './helpers/repair-meshes.js';

let mp;
beforeAll(async () => {
  mp = await init();
});

const closeTo = (got, want, digits = 12) => want.forEach((w, i) => expect(got[i]).toBeCloseTo(w, digits));
const measure = (mesh, options) => mp.mesh(mesh.positions, mesh.indices, options);

describe('equivalent bodies', () => {
  test("a box's equivalent box is itself, sides in the order of the principal axes", () => {
    // Moments ascend, so axis 1 is along the longest side.
    closeTo(equivalentBox(mp.box(1, 2, 3, { mass: 7 })), [3, 2, 1]);
    closeTo(equivalentBox(measure(box([5, -1, 2], [5.5, 3, 3]), { density: 9 })), [4, 1, 0.5]);
  });

  test("a turned box's equivalent box is still its sides (principal frame, not the world's)", () => {
    const turned = mp.transform(mp.box(1, 2, 3), { quaternion: [0.2, 0.4, 0.1, Math.sqrt(1 - 0.21)] });
    closeTo(equivalentBox(turned), [3, 2, 1], 11);
  });

  test("a sphere's and an ellipsoid's equivalent ellipsoids are themselves", () => {
    closeTo(equivalentEllipsoid(mp.sphere(1.5, { density: 3 })), [1.5, 1.5, 1.5]);
    closeTo(equivalentEllipsoid(mp.ellipsoid(1, 2, 3)), [3, 2, 1]);
  });

  test('a cube has equal sides of either kind: a² = 6(I₂ + I₃ − I₁)/m with I = m s²/6', () => {
    const s = 2;
    closeTo(equivalentBox(mp.box(s, s, s)), [s, s, s]);
    // Ellipsoid semi-axes a² = 5(2 I − I)/(2m) = 5 s²/12.
    closeTo(
      equivalentEllipsoid(mp.box(s, s, s)),
      [1, 1, 1].map(() => Math.sqrt((5 * s * s) / 12)),
    );
  });

  test('moments that break the triangle inequality have no real equivalent; a flat body has a zero side', () => {
    const impossible = { mass: 1, principalMoments: [1, 1, 2.5] };
    for (const f of [equivalentBox, equivalentEllipsoid]) {
      expect(() => f(impossible)).toThrow(
        expect.objectContaining({ code: 'INVALID_BODY', message: expect.stringMatching(/triangle inequality/) }),
      );
    }
    // A plate: I₃ = I₁ + I₂ exactly in theory, a rounding above it in practice.
    closeTo(equivalentBox({ mass: 12, principalMoments: [1, 4, 5 * (1 + 1e-15)] }), [2, 1, 0], 7);
  });

  test('2-D: a rectangle is its own equivalent rectangle, an elliptical plate its own ellipse', () => {
    const rectangle = mp.polygon(new Float64Array([0, 0, 4, 0, 4, 1, 0, 1]), { density: 3 });
    closeTo(equivalentBox(rectangle), [4, 1]);
    const [a, b, n] = [3, 1, 4096];
    const ellipse = new Float64Array(2 * n);
    for (let k = 0; k < n; k++) {
      ellipse[2 * k] = a * Math.cos((2 * Math.PI * k) / n);
      ellipse[2 * k + 1] = b * Math.sin((2 * Math.PI * k) / n);
    }
    closeTo(equivalentEllipsoid(mp.polygon(ellipse)), [a, b], 5);
  });

  test('bad results are refused', () => {
    for (const bad of [
      null,
      {},
      { mass: 0, principalMoments: [1, 1, 1] },
      { mass: 1, principalMoments: [1, NaN, 1] },
    ]) {
      expect(() => equivalentBox(bad)).toThrow(expect.objectContaining({ code: 'INVALID_BODY' }));
      expect(() => radiiOfGyration(bad)).toThrow(expect.objectContaining({ code: 'INVALID_BODY' }));
    }
  });
});

describe('radii of gyration and inertia per unit mass', () => {
  test('a cylinder: √(r²/2) about its axis, √((3r² + h²)/12) across it', () => {
    const [r, h] = [1, 4];
    closeTo(radiiOfGyration(mp.cylinder(r, h, { density: 5 })), [
      Math.sqrt((r * r) / 2),
      Math.sqrt((3 * r * r + h * h) / 12),
      Math.sqrt((3 * r * r + h * h) / 12),
    ]);
  });

  test('a sphere: √(2/5) r; a rectangle plate: h/√12 and w/√12', () => {
    closeTo(
      radiiOfGyration(mp.sphere(2, { mass: 9 })),
      [1, 1, 1].map(() => 2 * Math.sqrt(0.4)),
    );
    closeTo(
      radiiOfGyration(mp.polygon(new Float64Array([0, 0, 3, 0, 3, 1, 0, 1]))),
      [1, 3].map((s) => s / Math.sqrt(12)),
    );
  });

  test('a box of mass 5: the tensor over 5, diagonal (b² + c²)/12', () => {
    const perUnit = inertiaPerUnitMass(mp.box(1, 2, 3, { mass: 5 }));
    closeTo(perUnit.inertia, [13 / 12, 0, 0, 0, 10 / 12, 0, 0, 0, 5 / 12]);
    closeTo(perUnit.principalMoments, [5 / 12, 10 / 12, 13 / 12]);
    const plate = inertiaPerUnitMass(mp.polygon(new Float64Array([0, 0, 2, 0, 2, 1, 0, 1]), { density: 7 }));
    closeTo(plate.inertia, [1 / 12, 0, 0, 4 / 12]);
    expect(plate.polarMoment).toBeCloseTo(5 / 12, 14);
  });
});

describe('isSolid', () => {
  const cube = box();

  test('analytic shapes, polygons and clean meshes are solids; so are cavities and inside-out meshes', () => {
    expect(isSolid(mp.sphere(1))).toBe(true);
    expect(isSolid(mp.combine([mp.box(1, 1, 1), mp.sphere(0.1)]))).toBe(true);
    expect(isSolid(mp.polygon(new Float64Array([0, 0, 1, 0, 0, 1])))).toBe(true);
    expect(isSolid(measure(cube))).toBe(true);
    expect(isSolid(measure(flip(cube)))).toBe(true);
    const hollow = concat(box([0, 0, 0], [3, 3, 3]), flip(box([1, 1, 1], [2, 2, 2])));
    const r = measure(hollow);
    expect(r.volume).toBe(26);
    expect(isSolid(r)).toBe(true);
  });

  test('meshes whose numbers rest on a repair are not', () => {
    const open = measure(withoutTriangles(cube, [0, 1]));
    expect(open.diagnostics.repairs.cappedHoles).toBe(1);
    expect(isSolid(open)).toBe(false);
    const flipped = { positions: cube.positions, indices: Uint32Array.from(cube.indices) };
    [flipped.indices[0], flipped.indices[1]] = [flipped.indices[1], flipped.indices[0]];
    expect(isSolid(measure(flipped))).toBe(false);
    const repeated = {
      positions: cube.positions,
      indices: Uint32Array.from([...cube.indices, ...cube.indices.slice(0, 3)]),
    };
    expect(isSolid(measure(repeated))).toBe(false);
    const crossing = concat(box([0, 0, 0], [2, 2, 2]), box([1.5, 0.5, 0.5], [2.5, 1.5, 1.5]));
    expect(isSolid(measure(crossing))).toBe(false);
  });

  test('the convex hull of anything is a solid', () => {
    const open = withoutTriangles(cube, [0, 1]);
    expect(isSolid(mp.mesh(open.positions, open.indices, { mode: 'convex' }))).toBe(true);
  });
});
