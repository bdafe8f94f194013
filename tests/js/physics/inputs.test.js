// Bad input to mass-properties/physics: a typed MassPropertiesError naming the field, for every
// converter alike (they share one reading of the result and of the pose).
import { Quaternion, Vector3 } from '@babylonjs/core/Maths/math.vector.js';
import { init, MassPropertiesError } from '../../../js/index.js';
import { toBabylonMassProperties, toGltfMotion, toRapierMassProperties } from '../../../js/physics.js';

let mp;
beforeAll(async () => {
  mp = await init();
});

function thrown(f) {
  try {
    f();
  } catch (e) {
    return e;
  }
  throw new Error('expected an error');
}

const CONVERTERS = {
  toGltfMotion,
  toRapierMassProperties,
  toBabylonMassProperties: (result, pose) => toBabylonMassProperties(result, { Vector3, Quaternion }, pose),
};

describe.each(Object.entries(CONVERTERS))('%s', (_name, convert) => {
  test.each([
    ['not an object', () => 42, 'INVALID_BODY', /result must be a mass-properties result/],
    ['mass 0', (r) => ({ ...r, mass: 0 }), 'INVALID_BODY', /result\.mass/],
    ['NaN in the center', (r) => ({ ...r, centerOfMass: [0, NaN, 0] }), 'INVALID_BODY', /result\.centerOfMass/],
    ['no principal rotation', (r) => ({ ...r, principalRotation: undefined }), 'INVALID_BODY', /principalRotation/],
    ['a zero moment', (r) => ({ ...r, principalMoments: [0, 1, 1] }), 'INVALID_BODY', /principalMoments\[0\]/],
  ])('a result with %s is refused', (_what, spoil, code, message) => {
    const error = thrown(() => convert(spoil(mp.box(1, 2, 3))));
    expect(error).toBeInstanceOf(MassPropertiesError);
    expect(error.code).toBe(code);
    expect(error.message).toMatch(message);
  });

  test.each([
    ['a quaternion of norm 2', { quaternion: [0, 0, 0, 2] }, 'INVALID_TRANSFORM', /Pose\.quaternion/],
    ['Euler angles for a quaternion', { quaternion: [0.1, 0.2, 0.3] }, 'INVALID_TRANSFORM', /Pose\.quaternion/],
    ['a misspelt key', { positon: [1, 2, 3] }, 'INVALID_TRANSFORM', /did you mean 'position'/],
    ['a non-finite position', { position: [Infinity, 0, 0] }, 'INVALID_TRANSFORM', /Pose\.position/],
  ])('a pose with %s is refused', (_what, pose, code, message) => {
    const error = thrown(() => convert(mp.box(1, 2, 3), pose));
    expect(error).toBeInstanceOf(MassPropertiesError);
    expect(error.code).toBe(code);
    expect(error.message).toMatch(message);
  });

  test('a three.js-style pose ({x, y, z}, {x, y, z, w}) reads as the arrays', () => {
    const arrays = convert(mp.box(1, 2, 3), { position: [1, 2, 3], quaternion: [0, 0.6, 0, 0.8] });
    const objects = convert(mp.box(1, 2, 3), {
      position: { x: 1, y: 2, z: 3 },
      quaternion: { x: 0, y: 0.6, z: 0, w: 0.8 },
    });
    expect(objects).toEqual(arrays);
  });
});
