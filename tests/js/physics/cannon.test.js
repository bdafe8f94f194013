// cannon-es (the real engine): a Body configured from a result sits in the principal frame at
// the center of mass, spins as I⁻¹L says under an angular impulse (cannon computes in double, so
// to double precision), and its shapes stay where the object's are.
import * as CANNON from 'cannon-es';
import { init, MassPropertiesError } from '../../../js/index.js';
import { cannonObjectPose, setCannonMassProperties } from '../../../js/physics.js';
import { matVec, quaternionToMatrix, transpose } from '../helpers/meshes.js';
import { impulseFor, lShape, placedAssembly, relativeDistance, solve, spinTolerance } from './bodies.js';

let mp;
beforeAll(async () => {
  mp = await init();
});

const DOUBLE_EPSILON = 2 ** -52;
const xyz = (v) => [v.x, v.y, v.z];
const xyzw = (q) => [q.x, q.y, q.z, q.w];
const place = ({ position, quaternion }, point) =>
  matVec(quaternionToMatrix(quaternion), point).map((x, k) => x + position[k]);

function newWorld(body) {
  const world = new CANNON.World({ gravity: new CANNON.Vec3(0, 0, 0) });
  body.angularDamping = 0; // cannon damps by default
  body.linearDamping = 0;
  world.addBody(body);
  return world;
}

// An impulse L as a couple: +J at r and −J at −r, r × J = L/2 each (cannon has no angular impulse).
function applyAngularImpulse(body, L) {
  const r = new CANNON.Vec3(L[1] - L[2], L[2] - L[0], L[0] - L[1]).unit(); // ⟂ L
  const Lv = new CANNON.Vec3(...L);
  const J = r.cross(Lv).scale(-0.5 / r.dot(r)); // r × (L × r)/(2|r|²) = L/2 for r ⟂ L
  body.applyImpulse(J, r);
  body.applyImpulse(J.negate(), r.negate());
}

// cannon integrates no gyroscopic term: the world ω stays I⁻¹L through the step, to double precision.
function expectSpin(world, body, result) {
  const L = impulseFor(result);
  applyAngularImpulse(body, L);
  const tolerance = spinTolerance(result, DOUBLE_EPSILON, 64);
  expect(relativeDistance(body.angularVelocity, solve(result.inertia, L))).toBeLessThan(tolerance);
  world.step(1 / 60);
  expect(relativeDistance(body.angularVelocity, solve(result.inertia, L))).toBeLessThan(tolerance);
}

test('a Body configured from an L-shaped mesh result spins as I⁻¹L says, with mass and center read back', () => {
  const { mesh, result } = lShape(mp);
  const shape = new CANNON.Trimesh([...mesh.positions], [...mesh.indices]);
  const body = setCannonMassProperties(new CANNON.Body(), result, { shapes: [shape] });
  expect(body.type).toBe(CANNON.Body.DYNAMIC); // new CANNON.Body() is static (mass 0)
  expect(body.mass).toBe(result.mass);
  expect(body.invMass).toBe(1 / result.mass);
  expect(relativeDistance(body.position, result.centerOfMass)).toBeLessThan(8 * DOUBLE_EPSILON);
  const world = newWorld(body);
  // The body frame is the principal frame: its tensor, seen in the world, is the result's.
  expectSpin(world, body, result);
});

test('shapes stay where they were in the object, and the object is drawn at cannonObjectPose', () => {
  const { result, pose } = placedAssembly(mp);
  // The result is in world coordinates (the object's frame is the world); a plate shape placed there.
  const offset = [0.05, 0.01, -0.02];
  const orientation = [0, 0, Math.sin(0.15), Math.cos(0.15)];
  const plate = new CANNON.Box(new CANNON.Vec3(0.15, 0.01, 0.06));
  const objectPose = { position: [0.3, 1, -2], quaternion: pose.quaternion };
  const body = setCannonMassProperties(new CANNON.Body(), result, {
    shapes: [{ shape: plate, offset, orientation }],
    objectPose,
  });
  const world = newWorld(body);
  const center = place(objectPose, result.centerOfMass);
  expect(relativeDistance(body.position, center)).toBeLessThan(64 * DOUBLE_EPSILON);
  expectSpinInObject(world, body, result, objectPose);
  // After the step: the shape's world position is where the drawn object puts the plate.
  const drawn = cannonObjectPose(body, result);
  const drawnPose = { position: xyz(drawn.position), quaternion: xyzw(drawn.quaternion) };
  const shapeWorld = place(
    { position: xyz(body.position), quaternion: xyzw(body.quaternion) },
    xyz(body.shapeOffsets[0]),
  );
  expect(relativeDistance(shapeWorld, place(drawnPose, offset))).toBeLessThan(64 * DOUBLE_EPSILON);
  // The same pose written into an object with position.set and quaternion.set (a three.js Object3D).
  const object = { position: new CANNON.Vec3(), quaternion: new CANNON.Quaternion() };
  expect(cannonObjectPose(body, result, object)).toBe(object);
  expect(xyz(object.position)).toEqual(drawnPose.position);
  expect(xyzw(object.quaternion)).toEqual(drawnPose.quaternion);
});

// The result's tensor is in the object's frame; the object turned by objectPose.quaternion.
function expectSpinInObject(world, body, result, objectPose) {
  const L = impulseFor(result);
  applyAngularImpulse(body, L);
  const Q = quaternionToMatrix(objectPose.quaternion);
  const expected = matVec(Q, solve(result.inertia, matVec(transpose(Q), L))); // ω = Q I⁻¹ Qᵀ L
  expect(relativeDistance(body.angularVelocity, expected)).toBeLessThan(spinTolerance(result, DOUBLE_EPSILON, 64));
  world.step(1 / 60);
}

test('a body that already has shapes is refused: their offsets would stay in the old frame', () => {
  const body = new CANNON.Body({ mass: 1, shape: new CANNON.Sphere(1) });
  expect(() => setCannonMassProperties(body, mp.sphere(1))).toThrow(MassPropertiesError);
  expect(() => setCannonMassProperties(new CANNON.Body(), mp.sphere(1), { shape: [] })).toThrow(
    /did you mean 'shapes'/,
  );
});

test('a wrong body, shape list or pose is refused by name, and the body is left untouched', () => {
  const sphere = mp.sphere(1);
  const cases = [
    [() => setCannonMassProperties({}, sphere), 'INVALID_ARGUMENT', /cannon-es Body/],
    [
      () => setCannonMassProperties(new CANNON.Body(), sphere, { shapes: new CANNON.Sphere(1) }),
      'INVALID_ARGUMENT',
      /array/,
    ],
    [() => setCannonMassProperties(new CANNON.Body(), sphere, { shapes: [null] }), 'INVALID_ARGUMENT', /shapes\[0\]/],
    [
      () =>
        setCannonMassProperties(new CANNON.Body(), sphere, {
          shapes: [{ shape: new CANNON.Sphere(1), ofset: [0, 1, 0] }],
        }),
      'INVALID_OPTIONS',
      /did you mean 'offset'/,
    ],
    [
      () => setCannonMassProperties(new CANNON.Body(), sphere, { objectPose: { quaternion: [0, 0, 0, 2] } }),
      'INVALID_TRANSFORM',
      /objectPose\.quaternion/,
    ],
    [() => cannonObjectPose({}, sphere), 'INVALID_ARGUMENT', /body\.position/],
    [() => cannonObjectPose(new CANNON.Body(), sphere, {}), 'INVALID_ARGUMENT', /position\.set/],
  ];
  for (const [call, code, message] of cases) {
    let error;
    try {
      call();
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(MassPropertiesError);
    expect(error.code).toBe(code);
    expect(error.message).toMatch(message);
  }
  // Checks come before any change: a refused call leaves the body as it was.
  const body = new CANNON.Body();
  expect(() => setCannonMassProperties(body, sphere, { shapes: [new CANNON.Sphere(1), 7] })).toThrow(
    MassPropertiesError,
  );
  expect(body.shapes).toHaveLength(0);
  expect(body.mass).toBe(0);
});
