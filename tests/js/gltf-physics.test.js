// KHR_physics_rigid_bodies and KHR_implicit_shapes: read and written losslessly, references kept
// through re-indexing, and writeMotion completing (never overwriting) the physics of a document
// written here (helpers/physics-fixture.js). Expected values are closed forms (boxes, spheres,
// cylinders, the parallel-axis theorem) and, for capsules and tapered shapes, a fine slice
// quadrature of the solid of revolution written in this file — never the module's own output.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Logger, NodeIO } from '@gltf-transform/core';

import { init } from '../../js/index.js';
import { KHR_PHYSICS_RIGID_BODIES, PHYSICS_SLOTS, prepareIO, writeMotion } from '../../js/gltf.js';
import { NODE, PLACE, SHAPES, physicsFixture } from './helpers/physics-fixture.js';
import { rotate, tensor } from './helpers/rotation.js';

const mp = await init();

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const DENSITY = 2;

const near = (got, want, tol, what) => {
  if (!(Math.abs(got - want) <= tol)) throw new Error(`${what}: got ${got}, want ${want}`);
};

// ---- JSON helpers --------------------------------------------------------------------------

const sorted = (v) =>
  Array.isArray(v)
    ? v.map(sorted)
    : v !== null && typeof v === 'object'
      ? Object.fromEntries(
          Object.keys(v)
            .sort()
            .map((k) => [k, sorted(v[k])]),
        )
      : v;

/** Everything physical of a glTF JSON: the document-level objects and each node's, sorted keys. */
const physicsOf = (json) =>
  JSON.stringify(
    sorted({
      shapes: json.extensions?.KHR_implicit_shapes ?? null,
      physics: json.extensions?.KHR_physics_rigid_bodies ?? null,
      nodes: (json.nodes ?? []).map((n) => n.extensions?.KHR_physics_rigid_bodies ?? null),
      used: (json.extensionsUsed ?? []).filter((e) => /^KHR_(physics|implicit)/.test(e)).sort(),
      required: (json.extensionsRequired ?? []).filter((e) => /^KHR_(physics|implicit)/.test(e)).sort(),
    }),
  );

async function io() {
  return (await prepareIO(new NodeIO())).setLogger(new Logger(Logger.Verbosity.ERROR));
}
const readFixture = async (json = physicsFixture()) => (await io()).readJSON({ json, resources: {} });
const jsonOf = async (document) => (await (await io()).writeJSON(document)).json;
const nodeJSON = (json, name) => json.nodes.find((n) => n.name === name);
const motionOf = (json, name) => nodeJSON(json, name).extensions.KHR_physics_rigid_bodies.motion;

// ---- Geometry for the expected values --------------------------------------------------------

function expectMotion(motion, { mass, center, inertia }, rel = 1e-9) {
  near(motion.mass, mass, rel * mass, 'mass');
  center.forEach((c, i) => near(motion.centerOfMass[i], c, 1e-9 + rel * Math.abs(c), `centre ${i}`));
  const got = tensor(motion.inertiaOrientation, motion.inertiaDiagonal);
  const scale = Math.max(...inertia.map(Math.abs));
  inertia.forEach((x, i) => near(got[i], x, rel * scale, `inertia ${i}`));
}

const diagonal = (d) => [d[0], 0, 0, 0, d[1], 0, 0, 0, d[2]];
const boxMoments = (m, [a, b, c]) => [
  (m * (b * b + c * c)) / 12,
  (m * (a * a + c * c)) / 12,
  (m * (a * a + b * b)) / 12,
];

/**
 * A solid of revolution about y with radius profile rho(y) on [a, b], by the midpoint rule over n
 * slices, each a disc (axial moment ρπr⁴/2·dy, transverse ρπr⁴/4·dy about its own centre).
 * Returns the mass, the centroid's y, and the axial and transverse moments about the centroid.
 */
function revolve(rho, a, b, density, n = 400000) {
  const dy = (b - a) / n;
  let m = 0;
  let my = 0;
  let axial = 0;
  let transverse = 0;
  for (let i = 0; i < n; i++) {
    const y = a + (i + 0.5) * dy;
    const r = rho(y);
    const dm = density * Math.PI * r * r * dy;
    m += dm;
    my += dm * y;
    axial += (dm * r * r) / 2;
    transverse += dm * ((r * r) / 4 + y * y);
  }
  const c = my / m;
  return { mass: m, center: c, axial, transverse: transverse - m * c * c };
}

// KHR capsule: the convex hull of spheres r0 at y = −h/2 and r1 at +h/2 (h > |r0 − r1|): caps of
// the spheres joined by the cone tangent to both, whose normal has y component (r0 − r1)/h.
function capsuleProfile(r0, r1, h) {
  const [y0, y1] = [-h / 2, h / 2];
  const ny = (r0 - r1) / h;
  const nr = Math.sqrt(1 - ny * ny);
  const t0 = y0 + r0 * ny;
  const t1 = y1 + r1 * ny;
  return {
    a: y0 - r0,
    b: y1 + r1,
    rho: (y) => {
      if (y <= t0) return Math.sqrt(Math.max(0, r0 * r0 - (y - y0) ** 2));
      if (y >= t1) return Math.sqrt(Math.max(0, r1 * r1 - (y - y1) ** 2));
      return r0 * nr + ((y - t0) / (t1 - t0)) * (r1 - r0) * nr;
    },
  };
}
// A frustum of height h, radius r0 at −h/2 and r1 at +h/2.
const frustumProfile = (r0, r1, h) => ({ a: -h / 2, b: h / 2, rho: (y) => r0 + ((y + h / 2) / h) * (r1 - r0) });

// A solid of revolution placed by a collider node (translation, rotation; its scale is in the
// profile already): centre and tensor in the body node's frame.
function placed({ mass, center, axial, transverse }, { translation = [0, 0, 0], rotation = [0, 0, 0, 1] }) {
  const c = rotate(rotation, [0, center, 0]);
  return {
    mass,
    center: c.map((x, i) => x + translation[i]),
    inertia: tensor(rotation, [transverse, axial, transverse]),
  };
}

const sphereMass = (r) => (DENSITY * 4 * Math.PI * r ** 3) / 3;

// ---- Round trips -----------------------------------------------------------------------------

test('a read and write changes no physics: every property, unknown shape types, extras and nested extensions', async () => {
  const original = physicsFixture();
  const document = await readFixture();
  expect(physicsOf(await jsonOf(document))).toBe(physicsOf(original));
  // Through a GLB and back, and a second time: still the same.
  const glb = await (await io()).writeBinary(document);
  const again = await (await io()).readBinary(glb);
  expect(physicsOf(await jsonOf(again))).toBe(physicsOf(original));
});

test('the model: motions keep their slot and API, colliders, triggers and joints reference properties', async () => {
  const document = await readFixture();
  const nodes = document.getRoot().listNodes();
  const balloon = nodes[NODE.balloon];
  const motion = balloon.getExtension(KHR_PHYSICS_RIGID_BODIES);
  expect(motion.getGravityFactor()).toBe(-0.5);
  expect(motion.getAngularVelocity()).toEqual([0, 0, 0.5]);
  expect(motion.getMass()).toBeNull();
  expect(motion.getExtras()).toEqual({ note: 'floats' });
  expect(motion.getUnknown()).toEqual({ extensions: { EXT_future_motion: { lift: 2 } } });
  expect(nodes[NODE.kinematic].getExtension(KHR_PHYSICS_RIGID_BODIES).getIsKinematic()).toBe(true);
  // A static collider and a trigger have no motion.
  expect(nodes[NODE.ground].getExtension(KHR_PHYSICS_RIGID_BODIES)).toBeNull();
  expect(nodes[NODE.trigger].getExtension(KHR_PHYSICS_RIGID_BODIES)).toBeNull();

  const ground = nodes[NODE.ground].getExtension(PHYSICS_SLOTS.collider);
  expect(ground.getGeometry().getShape().getType()).toBe('box');
  expect(ground.getGeometry().getShape().getSize()).toEqual([20, 1, 20]);
  expect(ground.getPhysicsMaterial().getName()).toBe('rubber');
  expect(ground.getPhysicsMaterial().getFrictionCombine()).toBe('minimum');
  expect(ground.getCollisionFilter().getCollideWithSystems()).toEqual(['character']);
  expect(nodes[NODE.compoundTrigger].getExtension(PHYSICS_SLOTS.trigger).listNodes()).toEqual([
    nodes[NODE.triggerPart],
  ]);
  const joint = nodes[NODE.jointA].getExtension(PHYSICS_SLOTS.joint);
  expect(joint.getConnectedNode()).toBe(nodes[NODE.jointB]);
  expect(joint.getEnableCollision()).toBe(true);
  expect(joint.getJoint().getLimits()[1]).toEqual({ angularAxes: [1], min: -0.5, max: 0.5, stiffness: 10, damping: 1 });
  expect(joint.getJoint().getDrives()[0].positionTarget).toBe(0.1);
  expect(nodes[NODE.meshBody].getExtension(PHYSICS_SLOTS.collider).getGeometry().getNode()).toBe(nodes[NODE.geometry]);
  const capsule = nodes[NODE.taperedCapsuleBody + 1].getExtension(PHYSICS_SLOTS.collider).getGeometry().getShape();
  expect([capsule.getRadiusBottom(), capsule.getRadiusTop(), capsule.getHeight()]).toEqual([0.5, 0.25, 1]);
  // The schema's defaults where a parameter is left out; a plane without a size is infinite.
  const shapes = document
    .getRoot()
    .listExtensionsUsed()
    .find((e) => e.extensionName === 'KHR_implicit_shapes');
  expect(shapes.createShape('capsule').getHeight()).toBe(0.5);
  expect(shapes.createShape('plane').getSizeX()).toBeNull();
});

test('references follow their targets when nodes and materials are removed (re-indexing)', async () => {
  const document = await readFixture();
  const nodes = document.getRoot().listNodes();
  nodes[NODE.ground].dispose(); // every later node moves down by one
  nodes[NODE.trigger].dispose();
  const physics = document
    .getRoot()
    .listExtensionsUsed()
    .find((e) => e.extensionName === KHR_PHYSICS_RIGID_BODIES);
  physics.listPhysicsMaterials()[0].dispose(); // the ground's; massOnly's moves to 0
  const json = await jsonOf(document);
  const index = (name) => json.nodes.findIndex((n) => n.name === name);
  const ext = (name) => nodeJSON(json, name).extensions.KHR_physics_rigid_bodies;
  expect(ext('jointA').joint.connectedNode).toBe(index('jointB'));
  expect(ext('compoundTrigger').trigger.nodes).toEqual([index('triggerPart')]);
  expect(ext('meshBody').collider.geometry.node).toBe(index('geometry'));
  expect(ext('massOnly').collider.physicsMaterial).toBe(0);
  expect(json.extensions.KHR_physics_rigid_bodies.physicsMaterials).toHaveLength(1);
  expect(json.extensions.KHR_physics_rigid_bodies.physicsMaterials[0].extras).toEqual({ a: 1 });
  // The shapes are unchanged (the ground's box is still there: shapes are the document's).
  expect(json.extensions.KHR_implicit_shapes.shapes).toEqual(SHAPES);
});

// ---- Completing the physics ------------------------------------------------------------------

async function completed(options = { density: DENSITY }) {
  const document = await readFixture();
  const { bodies } = writeMotion(mp, options)(document);
  return { json: await jsonOf(document), bodies };
}

test('static colliders, triggers, kinematic bodies and complete motions are left exactly as written', async () => {
  const original = physicsFixture();
  for (const options of [{ density: DENSITY }, { density: DENSITY, replace: true }]) {
    const { json } = await completed(options);
    for (const name of ['ground', 'trigger', 'compoundTrigger', 'triggerPart', 'kinematic', 'unknownShape', 'plane'])
      expect(sorted(nodeJSON(json, name).extensions)).toEqual(sorted(nodeJSON(original, name).extensions));
    // Nothing became a body that was not one.
    const bodies = (j) => j.nodes.filter((n) => n.extensions?.KHR_physics_rigid_bodies?.motion).map((n) => n.name);
    expect(bodies(json)).toEqual(bodies(original));
    // Colliders, triggers, joints, materials, filters and shapes are untouched.
    const rest = (j) => ({
      shapes: j.extensions.KHR_implicit_shapes,
      physics: j.extensions.KHR_physics_rigid_bodies,
      nodes: j.nodes.map((n) => {
        const { motion: _motion, ...other } = n.extensions?.KHR_physics_rigid_bodies ?? {};
        return other;
      }),
    });
    expect(sorted(rest(json))).toEqual(sorted(rest(original)));
  }
});

test('an authored mass stays and scales the collider: a box’s inertia m(b² + c²)/12 at that mass', async () => {
  const { json, bodies } = await completed();
  const motion = motionOf(json, 'massOnly');
  expect(Object.keys(motion).sort()).toEqual(['centerOfMass', 'inertiaDiagonal', 'inertiaOrientation', 'mass']);
  expectMotion(motion, { mass: 3, center: [0, 0, 0], inertia: diagonal(boxMoments(3, [1, 2, 3])) });
  const report = bodies.find((b) => b.name === 'massOnly');
  expect(report).toMatchObject({ source: 'colliders', kept: ['mass'] });
  expect(report.filled).toEqual(['centerOfMass', 'inertiaDiagonal', 'inertiaOrientation']);
  expect(report.parts.map((p) => p.kind)).toEqual(['box']);
});

test('a mass of 0 stays infinite, an inertia with zeros stays, gravityFactor, velocities and extras stay', async () => {
  const original = physicsFixture();
  const { json, bodies } = await completed();
  const infinite = motionOf(json, 'infinite');
  expect(infinite.mass).toBe(0);
  expect(infinite.inertiaDiagonal).toBeUndefined();
  infinite.centerOfMass.forEach((x) => near(x, 0, 1e-12, 'centre in node space'));
  expect(bodies.find((b) => b.name === 'infinite').note).toMatch(/infinite/);

  const zero = motionOf(json, 'zeroInertia');
  const { centerOfMass, ...rest } = zero;
  expect(rest).toEqual(motionOf(original, 'zeroInertia'));
  centerOfMass.forEach((x) => near(x, 0, 1e-12, 'centre'));

  const balloon = motionOf(json, 'balloon');
  const authored = motionOf(original, 'balloon');
  for (const key of Object.keys(authored)) expect(balloon[key]).toEqual(authored[key]);
  const m = sphereMass(1);
  expectMotion(balloon, { mass: m, center: [0, 0, 0], inertia: diagonal([0.4 * m, 0.4 * m, 0.4 * m]) });

  // An authored centre stays; the inertia is the sphere's at the authored mass.
  const jointB = motionOf(json, 'jointB');
  expect(jointB.centerOfMass).toEqual([0, 0.1, 0]);
  const got = tensor(jointB.inertiaOrientation, jointB.inertiaDiagonal);
  diagonal([0.4, 0.4, 0.4]).forEach((x, i) => near(got[i], x, 1e-12, `jointB inertia ${i}`));
});

test('a compound of two spheres (one scaled by a mirroring node) by the parallel-axis theorem; a plane adds nothing', async () => {
  const { json, bodies } = await completed();
  const [m1, m2] = [sphereMass(1), sphereMass(0.5)];
  const c = (-1 * m1 + 2 * m2) / (m1 + m2);
  const own = 0.4 * m1 + 0.4 * m2 * 0.25;
  const shift = m1 * (-1 - c) ** 2 + m2 * (2 - c) ** 2;
  expectMotion(motionOf(json, 'twoSpheres'), {
    mass: m1 + m2,
    center: [c, 0, 0],
    inertia: diagonal([own, own + shift, own + shift]),
  });
  const report = bodies.find((b) => b.name === 'twoSpheres');
  expect(report.parts.map((p) => [p.kind, p.measured])).toEqual([
    ['sphere', true],
    ['sphere', true],
    ['plane', false],
  ]);
  expect(report.parts[2].note).toMatch(/plane has no volume/);
});

test('shapes placed by child nodes: a box under a mirroring scale, a capsule, a cylinder stretched by −2', async () => {
  const { json } = await completed();
  // Box [1, 2, 3] under scale [2, 1, −1]: a 2 × 2 × 3 box, turned and moved.
  const boxMass = DENSITY * 12;
  expectMotion(motionOf(json, 'boxBody'), {
    mass: boxMass,
    center: PLACE.box.translation,
    inertia: tensor(PLACE.box.rotation, boxMoments(boxMass, [2, 2, 3])),
  });
  // Capsule r 0.25, straight part 1: the quadrature of its profile.
  const capsule = capsuleProfile(0.25, 0.25, 1);
  expectMotion(
    motionOf(json, 'capsuleBody'),
    placed(revolve(capsule.rho, capsule.a, capsule.b, DENSITY), PLACE.capsule),
    1e-8,
  );
  // Cylinder r 0.5, h 2 under scale [1, −2, 1]: r 0.5, h 4, in closed form.
  const m = DENSITY * Math.PI * 0.25 * 4;
  expectMotion(motionOf(json, 'cylinderBody'), {
    mass: m,
    center: PLACE.cylinder.translation,
    inertia: diagonal([(m * (3 * 0.25 + 16)) / 12, (m * 0.25) / 2, (m * (3 * 0.25 + 16)) / 12]),
  });
});

test('tapered shapes: a cone-like cylinder under a mirroring scale and a tapered capsule, against a slice quadrature', async () => {
  const { json } = await completed();
  // Radii 0.5 (bottom) and 0.2 (top), height 1, under scale [1, −2, 1]: height 2, the wide end up.
  const frustum = frustumProfile(0.2, 0.5, 2);
  expectMotion(
    motionOf(json, 'frustumBody'),
    placed(revolve(frustum.rho, frustum.a, frustum.b, DENSITY), PLACE.frustum),
    1e-8,
  );
  const capsule = capsuleProfile(0.5, 0.25, 1);
  expectMotion(
    motionOf(json, 'taperedCapsuleBody'),
    placed(revolve(capsule.rho, capsule.a, capsule.b, DENSITY), PLACE.taperedCapsule),
    1e-8,
  );
});

test('a compound body of every shape type: the parts’ masses add up; the plane and the unknown type are reported', async () => {
  const { json, bodies } = await completed();
  const volume = (profile) => revolve(profile.rho, profile.a, profile.b, DENSITY).mass;
  const want =
    DENSITY * 6 + // box 1 × 2 × 3
    sphereMass(1) +
    volume(capsuleProfile(0.25, 0.25, 1)) +
    DENSITY * Math.PI * 0.25 * 2 + // cylinder r 0.5, h 2
    volume(frustumProfile(0.5, 0.2, 1)) +
    volume(capsuleProfile(0.5, 0.25, 1));
  near(motionOf(json, 'everything').mass, want, 1e-8 * want, 'mass');
  const report = bodies.find((b) => b.name === 'everything');
  expect(report.parts.filter((p) => !p.measured).map((p) => p.kind)).toEqual(['plane', 'torus']);
});

test('mesh colliders: as the mesh, and with convexHull as its hull; a body without colliders from its render mesh', async () => {
  const { json, bodies } = await completed();
  // Two unit cubes at x ∈ [0, 1] and [2, 3]: 2 m³; their hull is the box [0, 3] × [0, 1]².
  const cube = DENSITY;
  const own = (cube * 2) / 12;
  expectMotion(motionOf(json, 'meshBody'), {
    mass: 2 * cube,
    center: [1.5, 0.5, 0.5],
    inertia: diagonal([2 * own, 2 * own + 2 * cube * 1, 2 * own + 2 * cube * 1]),
  });
  const hull = 3 * DENSITY;
  expectMotion(motionOf(json, 'hullBody'), {
    mass: hull,
    center: [1.5, 0.5, 0.5],
    inertia: diagonal(boxMoments(hull, [3, 1, 1])),
  });
  expectMotion(motionOf(json, 'noColliders'), {
    mass: cube,
    center: [0.5, 0.5, 0.5],
    inertia: diagonal([own, own, own]),
  });
  const source = (name) => bodies.find((b) => b.name === name);
  expect(source('meshBody').parts.map((p) => p.kind)).toEqual(['mesh']);
  expect(source('hullBody').parts.map((p) => p.kind)).toEqual(['convex hull of a mesh']);
  expect(source('noColliders').source).toBe('meshes');
});

test('units: shapes and meshes in the file’s unit, the density in kg/m³, the centre in the node’s units', async () => {
  const { json } = await completed({ units: 'cm', density: 1000 });
  // The 1 × 2 × 3 cm box at its authored 3 kg: moments in kg·m².
  expectMotion(motionOf(json, 'massOnly'), {
    mass: 3,
    center: [0, 0, 0],
    inertia: diagonal(boxMoments(3, [0.01, 0.02, 0.03])),
  });
  // The 2 × 2 × 3 cm box at 1000 kg/m³, centred at its collider node's translation (in cm).
  const m = 1000 * 12e-6;
  expectMotion(motionOf(json, 'boxBody'), {
    mass: m,
    center: PLACE.box.translation,
    inertia: tensor(PLACE.box.rotation, boxMoments(m, [0.02, 0.02, 0.03])),
  });
  const cube = 1000 * 1e-6;
  const own = (cube * 2e-4) / 12;
  expectMotion(
    motionOf(json, 'noColliders'),
    { mass: cube, center: [0.5, 0.5, 0.5], inertia: diagonal([own, own, own]) },
    1e-7,
  );
});

test('a body stops at a descendant with its own motion', async () => {
  const { json } = await completed();
  expectMotion(motionOf(json, 'outer'), { mass: 5, center: [0, 0, 0], inertia: diagonal(boxMoments(5, [1, 2, 3])) });
  const m = sphereMass(1);
  expectMotion(motionOf(json, 'inner'), { mass: m, center: [0, 0, 0], inertia: diagonal([0.4 * m, 0.4 * m, 0.4 * m]) });
});

test('replace: true recomputes the mass properties of every non-kinematic motion, nothing else', async () => {
  const original = physicsFixture();
  const { json } = await completed({ density: DENSITY, replace: true });
  const boxMass = DENSITY * 6;
  expectMotion(motionOf(json, 'massOnly'), {
    mass: boxMass,
    center: [0, 0, 0],
    inertia: diagonal(boxMoments(boxMass, [1, 2, 3])),
  });
  const m = sphereMass(1);
  expect(motionOf(json, 'infinite').mass).toBeCloseTo(m, 12);
  const zero = motionOf(json, 'zeroInertia');
  expect(zero.gravityFactor).toBe(0);
  zero.inertiaDiagonal.forEach((x) => near(x, 0.4 * m, 1e-12, 'replaced inertia'));
  expect(motionOf(json, 'kinematic')).toEqual(motionOf(original, 'kinematic'));
  expect(motionOf(json, 'balloon').linearVelocity).toEqual([0, 1, 0]);
});

test('options: mass is refused on a document with rigid bodies, replace must be a boolean', async () => {
  const document = await readFixture();
  expect(() => writeMotion(mp, { mass: 3 })(document)).toThrow(expect.objectContaining({ code: 'INVALID_OPTIONS' }));
  expect(() => writeMotion(mp, { replace: 'yes' })).toThrow(expect.objectContaining({ code: 'INVALID_OPTIONS' }));
});

// ---- The command line ------------------------------------------------------------------------

describe('--write on a file with KHR_physics_rigid_bodies', () => {
  const dir = mkdtempSync(join(tmpdir(), 'mass-properties-physics-'));
  const input = join(dir, 'physics.gltf');
  beforeAll(() => writeFileSync(input, JSON.stringify(physicsFixture())));
  const cli = (...args) =>
    spawnSync(process.execPath, [join(ROOT, 'cli', 'bin', 'mass-properties.js'), ...args], {
      cwd: dir,
      encoding: 'utf8',
    });
  const written = async (file) => (await (await io()).readAsJSON(file)).json;

  test('keeps authored values and static colliders, triggers and kinematic bodies; says what each body came from', async () => {
    const out = join(dir, 'kept.glb');
    const run = cli('--density', '2', '--write', out, input);
    expect(run.status).toBe(0);
    const original = physicsFixture();
    const json = await written(out);
    for (const name of ['ground', 'trigger', 'triggerPart', 'kinematic'])
      expect(sorted(nodeJSON(json, name).extensions)).toEqual(sorted(nodeJSON(original, name).extensions));
    expect(motionOf(json, 'massOnly').mass).toBe(3);
    expect(motionOf(json, 'infinite').mass).toBe(0);
    expect(motionOf(json, 'zeroInertia').inertiaDiagonal).toEqual([0, 1, 0]);
    expect(run.stderr).toMatch(/body "massOnly" measured from its colliders: box; kept mass; filled centerOfMass/);
    expect(run.stderr).toMatch(
      /body "twoSpheres" measured from its colliders: 2 × sphere, plane;.*plane has no volume/,
    );
    expect(run.stderr).toMatch(/body "noColliders" measured from its render meshes \(it has no collider\)/);
    expect(run.stderr).toMatch(/body "kinematic" .*kinematic: left as it is/);
  });

  test('the table measures each body from its colliders; a file of shapes alone (no render mesh) is written', async () => {
    const report = JSON.parse(cli('--density', '2', '--json', input).stdout);
    const massOnly = report.parts.find((p) => p.name === 'massOnly');
    expect(massOnly.measuredFrom).toBe('its colliders');
    // Shown as --write completes it: the box at its authored 3 kg (inertia m(b² + c²)/12), not at 2 kg/m³.
    expect(massOnly.massFrom).toBe('authored');
    near(massOnly.result.mass, 3, 1e-12, 'the authored mass');
    // Its collider is the 1 × 2 × 3 box: smallest moment m(1² + 2²)/12.
    near(massOnly.result.principalMoments[0], (3 * (1 + 4)) / 12, 1e-12, 'smallest moment');
    const infinite = report.parts.find((p) => p.name === 'infinite');
    expect(infinite.massFrom).toBe('infinite');
    expect(infinite.note).toMatch(/left out of the total/);
    expect(report.parts.find((p) => p.name === 'noColliders').measuredFrom).toBe('its render meshes');
    expect(report.parts.some((p) => p.name === 'ground')).toBe(false); // a static collider is no body

    const json = physicsFixture();
    const keep = new Set([NODE.ground, NODE.massOnly]);
    json.nodes = json.nodes.filter((_, i) => keep.has(i));
    json.scenes = [{ nodes: [0, 1] }];
    for (const key of ['meshes', 'accessors', 'bufferViews', 'buffers']) delete json[key];
    const shapesOnly = join(dir, 'shapes-only.gltf');
    writeFileSync(shapesOnly, JSON.stringify(json));
    const out = join(dir, 'shapes-only.glb');
    const run = cli('--write', out, shapesOnly);
    expect(run.status).toBe(0);
    const written = (await (await io()).readAsJSON(out)).json;
    expectMotion(written.nodes[1].extensions.KHR_physics_rigid_bodies.motion, {
      mass: 3,
      center: [0, 0, 0],
      inertia: diagonal(boxMoments(3, [1, 2, 3])),
    });
    expect(written.nodes[0].extensions.KHR_physics_rigid_bodies).toEqual(
      json.nodes[0].extensions.KHR_physics_rigid_bodies,
    );
  });

  test('--replace recomputes them', async () => {
    const out = join(dir, 'replaced.glb');
    const run = cli('--density', '2', '--replace', '--write', out, input);
    expect(run.status).toBe(0);
    const json = await written(out);
    near(motionOf(json, 'massOnly').mass, 12, 1e-12, 'mass at 2 kg/m³');
    expect(motionOf(json, 'kinematic')).toEqual(motionOf(physicsFixture(), 'kinematic'));
    expect(cli('--replace', input).status).toBe(2); // --replace is for --write
  });
});

// ---- The extension's own assets (opt-in) -------------------------------------------------------

// GLTF_PHYSICS_ASSETS=/path/to/glTF_Physics: every .gltf / .glb under it is read and written;
// the physics JSON must not change and the written file must hold together (every physics index
// in range, each object's required fields present). Missing images are read as empty.
const ASSETS = process.env.GLTF_PHYSICS_ASSETS;
const files = (folder) =>
  readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    return statSync(path).isDirectory() ? files(path) : /\.(gltf|glb)$/i.test(name) ? [path] : [];
  });

async function readAsset(reader, file) {
  if (file.endsWith('.glb'))
    return { json: (await reader.binaryToJSON(readFileSync(file))).json, document: await reader.read(file) };
  const json = JSON.parse(readFileSync(file, 'utf8'));
  const resources = {};
  for (const item of [...(json.buffers ?? []), ...(json.images ?? [])]) {
    if (!item.uri || item.uri.startsWith('data:')) continue;
    try {
      resources[item.uri] = new Uint8Array(readFileSync(join(dirname(file), decodeURIComponent(item.uri))));
    } catch {
      resources[item.uri] = new Uint8Array(0);
    }
  }
  return { json, document: await reader.readJSON({ json: JSON.parse(JSON.stringify(json)), resources }) };
}

// What KHR_physics_rigid_bodies and KHR_implicit_shapes require of a file, checked on its JSON.
function structuralProblems(json) {
  const problems = [];
  const count = (list) => (Array.isArray(list) ? list.length : 0);
  const shapes = count(json.extensions?.KHR_implicit_shapes?.shapes);
  const root = json.extensions?.KHR_physics_rigid_bodies ?? {};
  const inRange = (index, n, what) => {
    if (index !== undefined && !(Number.isInteger(index) && index >= 0 && index < n)) problems.push(`${what} ${index}`);
  };
  (json.extensions?.KHR_implicit_shapes?.shapes ?? []).forEach((s, i) => {
    if (typeof s.type !== 'string') problems.push(`shape ${i} has no type`);
  });
  const geometry = (g, where) => {
    if (!g || (g.shape === undefined) === (g.node === undefined))
      problems.push(`${where}: geometry needs one of shape, node`);
    inRange(g?.shape, shapes, `${where}: shape`);
    inRange(g?.node, count(json.nodes), `${where}: node`);
  };
  (json.nodes ?? []).forEach((node, i) => {
    const p = node.extensions?.KHR_physics_rigid_bodies;
    if (!p) return;
    if (p.collider) {
      geometry(p.collider.geometry, `node ${i} collider`);
      inRange(p.collider.physicsMaterial, count(root.physicsMaterials), `node ${i} physicsMaterial`);
      inRange(p.collider.collisionFilter, count(root.collisionFilters), `node ${i} collisionFilter`);
    }
    if (p.trigger) {
      if (p.trigger.geometry) geometry(p.trigger.geometry, `node ${i} trigger`);
      else if (!count(p.trigger.nodes)) problems.push(`node ${i} trigger has neither geometry nor nodes`);
      (p.trigger.nodes ?? []).forEach((n) => inRange(n, count(json.nodes), `node ${i} trigger node`));
      inRange(p.trigger.collisionFilter, count(root.collisionFilters), `node ${i} trigger collisionFilter`);
    }
    if (p.joint) {
      if (p.joint.connectedNode === undefined || p.joint.joint === undefined)
        problems.push(`node ${i} joint incomplete`);
      inRange(p.joint.connectedNode, count(json.nodes), `node ${i} connectedNode`);
      inRange(p.joint.joint, count(root.physicsJoints), `node ${i} joint`);
    }
  });
  for (const name of ['KHR_implicit_shapes', 'KHR_physics_rigid_bodies'])
    if ((shapes > 0 || name === 'KHR_physics_rigid_bodies') && !json.extensionsUsed?.includes(name))
      problems.push(`${name} not in extensionsUsed`);
  return problems;
}

(ASSETS ? test : test.skip)(
  'GLTF_PHYSICS_ASSETS: every asset reads and writes with its physics unchanged',
  async () => {
    const reader = await io();
    const all = files(ASSETS);
    expect(all.length).toBeGreaterThan(0);
    const failures = [];
    for (const file of all) {
      const { json, document } = await readAsset(reader, file);
      const glb = await reader.writeBinary(document);
      const back = (await reader.binaryToJSON(glb)).json;
      if (physicsOf(back) !== physicsOf(json)) failures.push(`${file}: physics changed`);
      for (const problem of structuralProblems(back)) failures.push(`${file}: ${problem}`);
    }
    expect(failures).toEqual([]);
    console.log(`GLTF_PHYSICS_ASSETS: ${all.length} files read and written, physics unchanged`);
  },
  120000,
);
