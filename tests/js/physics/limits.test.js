// Numbers a target cannot hold are refused, naming the field and the value: glTF's JSON writes
// Infinity and NaN as null; Rapier and Havok keep 32-bit floats (at most 3.4e38; a mass or
// moment they invert must be a normal float32, at least 2^-126); cannon-es divides by the mass and
// the moments in doubles. What Rapier makes of the refused values is shown with Rapier itself.
import * as CANNON from 'cannon-es';
import RAPIER from '@dimforge/rapier3d-compat';
import { Quaternion, Vector3 } from '@babylonjs/core/Maths/math.vector.js';
import { init } from '../../../js/index.js';
import {
  cannonObjectPose,
  setCannonMassProperties,
  toBabylonMassProperties,
  toGltfMotion,
  toRapierMassProperties,
} from '../../../js/physics.js';
import { expectMassPropertiesError } from '../helpers/errors.js';

let mp;
beforeAll(async () => {
  mp = await init();
  await RAPIER.init();
});

const FLOAT32_MAX = 3.4028234663852886e38; // (2 − 2^-23) · 2^127
const FLOAT32_MIN = 2 ** -126; // the smallest normal float32
const babylon = (result, pose) => toBabylonMassProperties(result, { Vector3, Quaternion }, pose);
const at = (position, body = mp.box(1, 1, 1)) => mp.transform(body, { position });

describe('toGltfMotion', () => {
  test('a scale that takes the center beyond double precision is refused, not written as null', () => {
    const result = at([1e10, 0, 0]);
    // 1e10 / 1e-300 = 1e310 > Number.MAX_VALUE: Infinity, which JSON.stringify writes as null.
    expect(JSON.stringify([1e10 / 1e-300])).toBe('[null]');
    expectMassPropertiesError(
      () => toGltfMotion(result, { scale: 1e-300 }),
      'INVALID_TRANSFORM',
      /centerOfMass\[0\] would be Infinity.*glTF/,
    );
    // A pose far on the other side: the difference overflows.
    expectMassPropertiesError(
      () => toGltfMotion(at([1.5e308, 0, 0]), { position: [-1.5e308, 0, 0] }),
      'INVALID_TRANSFORM',
      /centerOfMass\[0\] would be (Infinity|NaN)/, // 0 · ∞ inside the rotation
    );
    // Short of the limit it is the plain quotient: 1e10 / 1e-290 = 1e300 (to rounding).
    const motion = toGltfMotion(result, { scale: 1e-290 });
    expect(Math.abs(motion.centerOfMass[0] / 1e300 - 1)).toBeLessThan(1e-15);
    expect(JSON.parse(JSON.stringify(motion))).toEqual(motion);
  });
});

describe('Rapier (32-bit floats)', () => {
  // What Rapier itself reads back from a mass given to it directly.
  function rapierMass(mass) {
    const world = new RAPIER.World({ x: 0, y: 0, z: 0 });
    const one = { x: 1, y: 1, z: 1 };
    const desc = RAPIER.RigidBodyDesc.dynamic().setAdditionalMassProperties(mass, { x: 0, y: 0, z: 0 }, one, {
      x: 0,
      y: 0,
      z: 0,
      w: 1,
    });
    const body = world.createRigidBody(desc);
    world.step();
    const read = body.mass();
    world.free();
    return read;
  }

  test('a mass beyond float32 or below its normal range is refused: Rapier would read it as 0', () => {
    expect(rapierMass(1e39)).toBe(0); // a weightless body, without an error
    expect(rapierMass(1e-40)).toBe(0);
    expectMassPropertiesError(
      () => toRapierMassProperties(mp.box(1, 1, 1, { density: 1e39 })),
      'INVALID_BODY',
      /mass would be 1e\+39: Rapier keeps 32-bit floats/,
    );
    expectMassPropertiesError(
      () => toRapierMassProperties(mp.box(1, 1, 1, { density: 1e-40 })),
      'INVALID_BODY',
      /mass would be 1e-40/,
    );
  });

  test('moments and centers out of float32 are refused by name; the limits themselves pass', () => {
    const box = mp.box(1, 1, 1);
    const moments = (m) => ({ ...box, principalMoments: [m, 1, 1] });
    expectMassPropertiesError(
      () => toRapierMassProperties(moments(FLOAT32_MIN / 2)),
      'INVALID_BODY',
      /principalAngularInertia\[0\]/,
    );
    expectMassPropertiesError(
      () => toRapierMassProperties(moments(1e39)),
      'INVALID_BODY',
      /principalAngularInertia\[0\]/,
    );
    expect(toRapierMassProperties(moments(FLOAT32_MIN)).principalAngularInertia.x).toBe(FLOAT32_MIN);
    expect(toRapierMassProperties(moments(FLOAT32_MAX)).principalAngularInertia.x).toBe(FLOAT32_MAX);
    expectMassPropertiesError(() => toRapierMassProperties(at([0, 1e39, 0])), 'INVALID_BODY', /centerOfMass\[1\]/);
    // A center that is fine until the pose moves it: the pose is what is refused.
    expectMassPropertiesError(
      () => toRapierMassProperties(at([0, 0, 3e38]), { position: [0, 0, -3e38] }),
      'INVALID_TRANSFORM',
      /centerOfMass\[2\] would be 6e\+38/,
    );
    expect(Math.fround(1e-30)).toBeGreaterThan(FLOAT32_MIN);
    expect(rapierMass(1e-30) / 1e-30).toBeCloseTo(1, 6); // inside the range Rapier holds it
    expect(toRapierMassProperties(mp.box(1, 1, 1, { density: 1e-30 })).mass).toBe(1e-30);
  });
});

describe('Babylon + Havok (32-bit floats, inertia per unit mass)', () => {
  test('an inertia per unit mass beyond float32 is refused though mass and moments are doubles', () => {
    // A 1e20 m cube of mass 1: moments m(b² + c²)/12 = 2e40/12 ≈ 1.7e39 per unit mass.
    const cube = mp.box(1e20, 1e20, 1e20, { mass: 1 });
    expectMassPropertiesError(
      () => babylon(cube),
      'INVALID_BODY',
      /inertia \(per unit mass\)\[0\] would be 1\.6+\d*e\+39/,
    );
    expectMassPropertiesError(
      () => babylon(mp.box(1, 1, 1, { density: 1e39 })),
      'INVALID_BODY',
      /mass would be 1e\+39/,
    );
    expectMassPropertiesError(() => babylon(at([1e39, 0, 0])), 'INVALID_BODY', /centerOfMass\[0\]/);
    expectMassPropertiesError(
      () => babylon(at([0, 0, 0]), { position: [-1e39, 0, 0] }),
      'INVALID_TRANSFORM',
      /centerOfMass\[0\] would be 1e\+39/,
    );
    // A 1e15 m cube: 2e30/12 per unit mass, well inside.
    expect(babylon(mp.box(1e15, 1e15, 1e15, { mass: 1 })).inertia.x).toBeCloseTo(2e30 / 12, -17);
  });
});

describe('cannon-es (doubles; it divides by the mass and the moments)', () => {
  const untouched = (body) => {
    expect(body.shapes).toHaveLength(0);
    expect([body.position.x, body.position.y, body.position.z]).toEqual([0, 0, 0]);
    expect(body.mass).toBe(0);
  };

  test('a mass whose inverse is infinite is refused, and the body is left as it was', () => {
    expect(1 / 1e-310).toBe(Infinity); // cannon's invMass of such a mass
    const body = new CANNON.Body();
    const shapes = [new CANNON.Sphere(1)];
    expectMassPropertiesError(
      () => setCannonMassProperties(body, { ...mp.box(1, 1, 1), mass: 1e-310 }, { shapes }),
      'INVALID_BODY',
      /mass would be 1e-310: cannon-es divides by it/,
    );
    untouched(body);
    expectMassPropertiesError(
      () => setCannonMassProperties(body, { ...mp.box(1, 1, 1), principalMoments: [1e-310, 1, 1] }, { shapes }),
      'INVALID_BODY',
      /inertia\[0\]/,
    );
    untouched(body);
  });

  test('a pose or a shape offset taken beyond double precision is refused, the body untouched', () => {
    const body = new CANNON.Body();
    const far = at([1.5e308, 0, 0]);
    expectMassPropertiesError(
      () => setCannonMassProperties(body, far, { objectPose: { position: [1.5e308, 0, 0] } }),
      'INVALID_TRANSFORM',
      /position\[0\] would be Infinity/,
    );
    untouched(body);
    expectMassPropertiesError(
      () => setCannonMassProperties(body, far, { shapes: [{ shape: new CANNON.Sphere(1), offset: [-1.5e308, 0, 0] }] }),
      'INVALID_TRANSFORM',
      /options\.shapes\[0\] offset\[0\] would be (-Infinity|NaN)/,
    );
    untouched(body);
    // cannonObjectPose: a body far one way, the object's frame far the other.
    const placed = setCannonMassProperties(new CANNON.Body(), far);
    placed.position.set(-1.5e308, 0, 0);
    expectMassPropertiesError(
      () => cannonObjectPose(placed, far),
      'INVALID_TRANSFORM',
      /position\[0\] would be -Infinity/,
    );
  });
});
