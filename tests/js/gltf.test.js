// mass-properties/gltf: measuring glTF-Transform documents and writing KHR_physics_rigid_bodies.
// Expected values are closed forms of boxes placed by node transforms (b² + c² over 12), never
// the module's own output; the round trip reads the written GLB with glTF-Transform and with
// three.js's GLTFLoader.
import { Accessor, Document, Logger, NodeIO, Primitive } from '@gltf-transform/core';
import { GLTFLoader } from 'three/addons/loaders/GLTFLoader.js';

import { init } from '../../js/index.js';
import {
  KHR_PHYSICS_RIGID_BODIES,
  KHRPhysicsRigidBodies,
  measureDocument,
  motionFromResult,
  prepareIO,
  writeMotion,
} from '../../js/gltf.js';
import { box } from './helpers/meshes.js';
import { rotate, tensor } from './helpers/rotation.js';

let mp;
beforeAll(async () => {
  mp = await init();
});

const near = (got, want, tol, what) => {
  if (!(Math.abs(got - want) <= tol)) throw new Error(`${what}: got ${got}, want ${want}`);
};

// An axis-aligned box [min, max] as a glTF-Transform primitive (Float32 positions, Uint32 indices).
function boxPrimitive(document, min, max, material = null, PositionArray = Float32Array) {
  const { positions, indices } = box(min, max);
  const buffer = document.getRoot().listBuffers()[0] ?? document.createBuffer();
  const position = document
    .createAccessor()
    .setType(Accessor.Type.VEC3)
    .setArray(new PositionArray(positions))
    .setBuffer(buffer);
  const index = document
    .createAccessor()
    .setType(Accessor.Type.SCALAR)
    .setArray(new Uint32Array(indices))
    .setBuffer(buffer);
  const primitive = document.createPrimitive().setAttribute('POSITION', position).setIndices(index);
  if (material) primitive.setMaterial(material);
  return primitive;
}

// Closed form of a solid box with sides (a, b, c) along the axes of a frame: its diagonal tensor.
const boxMoments = (mass, [a, b, c]) => [
  (mass * (b * b + c * c)) / 12,
  (mass * (a * a + c * c)) / 12,
  (mass * (a * a + b * b)) / 12,
];

const turn = [0.2, -0.4, 0.3, Math.sqrt(1 - 0.29)]; // a general rotation

// A scene: parent (translated) → child (rotated, scaled by 2) holding a 1 × 1.5 × 2 box whose
// centre is (0.5, 0, 0) in mesh coordinates; the material carries extras.density 500.
function placedBox() {
  const document = new Document();
  const material = document.createMaterial('steel-ish').setExtras({ density: 500 });
  const mesh = document.createMesh('box').addPrimitive(boxPrimitive(document, [0, -0.75, -1], [1, 0.75, 1], material));
  const child = document.createNode('child').setMesh(mesh).setRotation(turn).setScale([2, 2, 2]);
  const parent = document.createNode('parent').setTranslation([10, -3, 7]).addChild(child);
  document.createScene('scene').addChild(parent);
  return { document, child };
}
const PLACED = {
  sides: [2, 3, 4],
  mass: 500 * 24,
  center: (() => {
    const c = rotate(turn, [1, 0, 0]);
    return [10 + c[0], -3 + c[1], 7 + c[2]];
  })(),
};

test('a mesh node is measured in the scene frame through the node hierarchy, with its material density', () => {
  const { body, parts } = measureDocument(mp, placedBox().document);
  expect(parts).toHaveLength(1);
  expect(parts[0].name).toBe('child');
  near(body.mass, PLACED.mass, 1e-9 * PLACED.mass, 'mass');
  PLACED.center.forEach((c, i) => near(body.centerOfMass[i], c, 1e-9, `center ${i}`));
  const want = tensor(turn, boxMoments(PLACED.mass, PLACED.sides));
  want.forEach((x, i) => near(body.inertia[i], x, 1e-9 * PLACED.mass * 25, `inertia ${i}`));
  expect(body.diagnostics.closed).toBe(true);
});

test('densities by node name win over material names, which win over the default', () => {
  const { document } = placedBox();
  near(measureDocument(mp, document, { nodes: { child: 100 } }).body.mass, 100 * 24, 1e-9, 'node');
  document.getRoot().listMaterials()[0].setExtras({});
  near(
    measureDocument(mp, document, { materials: { 'steel-ish': 7 }, density: 3 }).body.mass,
    7 * 24,
    1e-9,
    'material',
  );
  near(measureDocument(mp, document, { density: 3 }).body.mass, 3 * 24, 1e-9, 'default');
  near(measureDocument(mp, document, { mass: 5 }).body.mass, 5, 1e-12, 'total mass');
  expect(() => measureDocument(mp, document, { densty: 3 })).toThrow(/did you mean 'density'/);
  expect(() => measureDocument(mp, document, { materials: { a: -1 } })).toThrow(
    expect.objectContaining({ code: 'INVALID_DENSITY' }),
  );
});

test('units scale the scene to metres with the density in kg/m³', () => {
  const { document } = placedBox();
  // The material's extras.density (500 kg/m³) wins over the default.
  const { body } = measureDocument(mp, document, { units: 'mm', density: 1240 });
  near(body.mass, 500 * 24e-9, 1e-20, 'mass');
  // The bounds are those of the placed triangles: the turned corners, doubled and moved, in metres.
  const corners = [];
  for (const x of [0, 1])
    for (const y of [-0.75, 0.75]) for (const z of [-1, 1]) corners.push(rotate(turn, [2 * x, 2 * y, 2 * z]));
  const offset = [10, -3, 7];
  for (let k = 0; k < 3; k++) {
    near(body.bounds.min[k], 1e-3 * (offset[k] + Math.min(...corners.map((c) => c[k]))), 1e-9, `min ${k}`);
    near(body.bounds.max[k], 1e-3 * (offset[k] + Math.max(...corners.map((c) => c[k]))), 1e-9, `max ${k}`);
  }
});

test('a closed surface split into primitives by material is one solid; different densities are separate solids', () => {
  const document = new Document();
  const a = document.createMaterial('a');
  const b = document.createMaterial('b');
  const { positions, indices } = box([0, 0, 0], [1, 1, 1]);
  const buffer = document.createBuffer();
  const position = document.createAccessor().setType('VEC3').setArray(new Float32Array(positions)).setBuffer(buffer);
  const half = indices.length / 2;
  const prim = (from, to, material) =>
    document
      .createPrimitive()
      .setAttribute('POSITION', position)
      .setIndices(
        document
          .createAccessor()
          .setArray(new Uint16Array(indices.slice(from, to)))
          .setBuffer(buffer),
      )
      .setMaterial(material);
  const mesh = document
    .createMesh()
    .addPrimitive(prim(0, half, a))
    .addPrimitive(prim(half, indices.length, b));
  document.createScene().addChild(document.createNode('cube').setMesh(mesh));
  const one = measureDocument(mp, document, { density: 2 });
  near(one.body.mass, 2, 1e-12, 'mass');
  expect(one.body.diagnostics.closed).toBe(true);
  expect(one.body.diagnostics.repairs.cappedHoles).toBe(0);
  // Two boxes as two primitives of different densities: each its own solid.
  const two = document
    .createMesh()
    .addPrimitive(boxPrimitive(document, [0, 0, 0], [1, 1, 1], a))
    .addPrimitive(boxPrimitive(document, [2, 0, 0], [3, 2, 1], b));
  document.getRoot().listScenes()[0].addChild(document.createNode('pair').setMesh(two));
  const both = measureDocument(mp, document, { materials: { a: 1, b: 10 } });
  const pair = both.parts.find((p) => p.name === 'pair');
  near(pair.result.mass, 1 + 10 * 2, 1e-12, 'pair mass');
});

test('quantized, normalized positions are decoded; a mirroring node keeps the solid outward', () => {
  const document = new Document();
  const buffer = document.createBuffer();
  // KHR_mesh_quantization style: Int16 normalized positions in [-1, 1], the node scales them.
  const { positions, indices } = box([-1, -1, -1], [1, 1, 0]);
  const position = document
    .createAccessor()
    .setType('VEC3')
    .setArray(new Int16Array(positions.map((x) => x * 32767)))
    .setNormalized(true)
    .setBuffer(buffer);
  const mesh = document.createMesh().addPrimitive(
    document
      .createPrimitive()
      .setAttribute('POSITION', position)
      .setIndices(document.createAccessor().setArray(new Uint16Array(indices)).setBuffer(buffer)),
  );
  document.createScene().addChild(document.createNode('q').setMesh(mesh).setScale([-3, 2, 1]));
  const { body } = measureDocument(mp, document);
  near(body.volume, 6 * 4 * 1, 1e-9, 'volume');
  near(body.centerOfMass[2], -0.5, 1e-12, 'center z');
  expect(body.diagnostics.inverted).toBe(false);
  expect(body.bounds).toEqual({ min: [-3, -2, -1], max: [3, 2, 0] });
});

test('triangle fans and strips are unrolled; points and lines are skipped and reported', () => {
  const document = new Document();
  const buffer = document.createBuffer();
  const corner = (x, y, z) => [x, y, z];
  // Each face of the unit cube as a 4-vertex fan, counter-clockwise seen from outside.
  const faces = [
    [corner(0, 0, 0), corner(0, 1, 0), corner(1, 1, 0), corner(1, 0, 0)],
    [corner(0, 0, 1), corner(1, 0, 1), corner(1, 1, 1), corner(0, 1, 1)],
    [corner(0, 0, 0), corner(1, 0, 0), corner(1, 0, 1), corner(0, 0, 1)],
    [corner(0, 1, 0), corner(0, 1, 1), corner(1, 1, 1), corner(1, 1, 0)],
    [corner(0, 0, 0), corner(0, 0, 1), corner(0, 1, 1), corner(0, 1, 0)],
    [corner(1, 0, 0), corner(1, 1, 0), corner(1, 1, 1), corner(1, 0, 1)],
  ];
  const mesh = document.createMesh();
  faces.forEach((face, k) => {
    // Fans for three faces; strips (v0, v1, v3, v2 give the same quad) for the others.
    const order = k % 2 === 0 ? face : [face[0], face[1], face[3], face[2]];
    const accessor = document
      .createAccessor()
      .setType('VEC3')
      .setArray(new Float32Array(order.flat()))
      .setBuffer(buffer);
    mesh.addPrimitive(
      document
        .createPrimitive()
        .setAttribute('POSITION', accessor)
        .setMode(k % 2 === 0 ? Primitive.Mode.TRIANGLE_FAN : Primitive.Mode.TRIANGLE_STRIP),
    );
  });
  const points = document
    .createAccessor()
    .setType('VEC3')
    .setArray(new Float32Array([5, 5, 5]))
    .setBuffer(buffer);
  mesh.addPrimitive(document.createPrimitive().setAttribute('POSITION', points).setMode(Primitive.Mode.POINTS));
  document.createScene().addChild(document.createNode('cube').setMesh(mesh));
  const { body, parts } = measureDocument(mp, document, { density: 3 });
  near(body.mass, 3, 1e-12, 'mass');
  expect(body.diagnostics.closed).toBe(true);
  expect(body.diagnostics.inverted).toBe(false);
  expect(parts[0].skipped).toEqual(['POINTS']);
});

// GLTFLoader.parse in Node: the extension lands in the parser's JSON and in userData.
function loadWithThree(glb) {
  const buffer = glb.buffer.slice(glb.byteOffset, glb.byteOffset + glb.byteLength);
  return new Promise((resolve, reject) => new GLTFLoader().parse(buffer, '', resolve, reject));
}

function expectMotion(motion, { mass, centerOfMass, tensorInNodeAxes }) {
  near(motion.mass, mass, 1e-9 * mass, 'mass');
  centerOfMass.forEach((c, i) => near(motion.centerOfMass[i], c, 1e-9, `centerOfMass ${i}`));
  const got = tensor(motion.inertiaOrientation, motion.inertiaDiagonal);
  const scale = Math.max(...tensorInNodeAxes);
  tensorInNodeAxes.forEach((x, i) => near(got[i], x, 1e-9 * scale, `tensor ${i}`));
}

test('writeMotion puts node-space motion on each mesh node, and it survives glTF-Transform and GLTFLoader', async () => {
  const { document } = placedBox();
  await document.transform(writeMotion(mp));
  const io = await prepareIO(new NodeIO());
  const glb = await io.writeBinary(document);
  // Node space of the child: the box centre (0.5, 0, 0) in mesh coordinates; the moments are
  // physical (the doubled box), about the node's own axes: the box's axes.
  const expected = {
    mass: PLACED.mass,
    centerOfMass: [0.5, 0, 0],
    tensorInNodeAxes: (() => {
      const d = boxMoments(PLACED.mass, PLACED.sides);
      return [d[0], 0, 0, 0, d[1], 0, 0, 0, d[2]];
    })(),
  };
  const back = await io.readBinary(glb);
  const child = back
    .getRoot()
    .listNodes()
    .find((n) => n.getName() === 'child');
  expectMotion(child.getExtension(KHR_PHYSICS_RIGID_BODIES).toJSON(), expected);
  expect(
    back
      .getRoot()
      .listNodes()
      .find((n) => n.getName() === 'parent')
      .getExtension(KHR_PHYSICS_RIGID_BODIES),
  ).toBeNull();

  const gltf = await loadWithThree(glb);
  const json = gltf.parser.json;
  expect(json.extensionsUsed).toContain(KHR_PHYSICS_RIGID_BODIES);
  const nodeDef = json.nodes.find((n) => n.name === 'child');
  expectMotion(nodeDef.extensions[KHR_PHYSICS_RIGID_BODIES].motion, expected);
  const object = gltf.scene.getObjectByName('child');
  expectMotion(object.userData.gltfExtensions[KHR_PHYSICS_RIGID_BODIES].motion, expected);
});

test("body: 'scene' writes one motion for the whole scene on a new root holding the old roots", async () => {
  const document = new Document();
  document.createExtension(KHRPhysicsRigidBodies);
  const a = document
    .createNode('a')
    .setMesh(document.createMesh().addPrimitive(boxPrimitive(document, [0, 0, 0], [1, 1, 1])));
  const b = document
    .createNode('b')
    .setTranslation([3, 0, 0])
    .setMesh(document.createMesh().addPrimitive(boxPrimitive(document, [0, 0, 0], [1, 1, 1])));
  document.createScene().addChild(a).addChild(b);
  // A motion already on a part would make it an independent body: writing one body removes it.
  b.setExtension(KHR_PHYSICS_RIGID_BODIES, document.getRoot().listExtensionsUsed()[0].createMotion().setMass(9));
  await document.transform(writeMotion(mp, { body: 'scene', density: 2 }));
  const roots = document.getRoot().listScenes()[0].listChildren();
  expect(roots).toHaveLength(1);
  const motion = roots[0].getExtension(KHR_PHYSICS_RIGID_BODIES).toJSON();
  // Two unit cubes of mass 2 at x = 0.5 and 3.5: Ixx = 2·(2/6), Iyy = Izz add 2·2·1.5².
  expectMotion(motion, {
    mass: 4,
    centerOfMass: [2, 0.5, 0.5],
    tensorInNodeAxes: [4 / 6, 0, 0, 0, 4 / 6 + 4 * 2.25, 0, 0, 0, 4 / 6 + 4 * 2.25],
  });
  expect(a.getExtension(KHR_PHYSICS_RIGID_BODIES)).toBeNull();
  expect(b.getExtension(KHR_PHYSICS_RIGID_BODIES)).toBeNull();
});

test('motionFromResult expresses a mirrored, scaled node frame right-handed', () => {
  const result = mp.box(1, 2, 3, { density: 1 });
  // World matrix: mirror x and scale by 2 about a point (4, 0, 0).
  const motion = motionFromResult(
    { ...result, centerOfMass: [4, 0, 0] },
    [-2, 0, 0, 0, 0, 2, 0, 0, 0, 0, 2, 0, 4, 0, 0, 1],
  );
  expect(motion.centerOfMass.map((x) => x + 0)).toEqual([0, 0, 0]);
  const q = motion.inertiaOrientation;
  near(Math.hypot(...q), 1, 1e-15, 'unit quaternion');
  const want = result.principalMoments;
  expectMotion(motion, {
    mass: 6,
    centerOfMass: [0, 0, 0],
    tensorInNodeAxes: [want[2], 0, 0, 0, want[1], 0, 0, 0, want[0]],
  });
});

test('compressed files read back when their decoders are installed (Draco, meshopt)', async () => {
  const { KHRDracoMeshCompression, EXTMeshoptCompression } = await import('@gltf-transform/extensions');
  for (const [Extension, options] of [
    [KHRDracoMeshCompression, { method: 'edgebreaker' }],
    [EXTMeshoptCompression, { method: 'quantize' }],
  ]) {
    const { document } = placedBox();
    document.createExtension(Extension).setRequired(true).setEncoderOptions?.(options);
    const io = await prepareIO(new NodeIO());
    const glb = await io.writeBinary(document);
    const json = JSON.parse(
      new TextDecoder().decode(glb.subarray(20, 20 + new DataView(glb.buffer, glb.byteOffset).getUint32(12, true))),
    );
    expect(json.extensionsRequired).toContain(Extension.EXTENSION_NAME);
    const { body } = measureDocument(mp, await io.readBinary(glb));
    // Draco quantizes positions (11 bits by default over the box's 2-unit range): mass to ~1e-3.
    near(body.mass, PLACED.mass, 2e-3 * PLACED.mass, `${Extension.EXTENSION_NAME} mass`);
  }
});

test('sparse position accessors are read with their substitutions; a node extras.density counts', async () => {
  const document = new Document();
  const buffer = document.createBuffer();
  // A box [0, 2]³ as 8 vertices: most coordinates are 0, so glTF-Transform writes them sparse.
  const { positions, indices } = box([0, 0, 0], [2, 2, 2]);
  const position = document
    .createAccessor()
    .setType('VEC3')
    .setArray(new Float32Array(positions))
    .setSparse(true)
    .setBuffer(buffer);
  const mesh = document.createMesh().addPrimitive(
    document
      .createPrimitive()
      .setAttribute('POSITION', position)
      .setIndices(document.createAccessor().setArray(new Uint16Array(indices)).setBuffer(buffer)),
  );
  document.createScene().addChild(document.createNode('sparse').setMesh(mesh).setExtras({ density: 250 }));
  // (glTF-Transform warns that sparse storage does not pay off for this box: it is the point here.)
  const io = (await prepareIO(new NodeIO())).setLogger(new Logger(Logger.Verbosity.ERROR));
  const glb = await io.writeBinary(document);
  const jsonLength = new DataView(glb.buffer, glb.byteOffset).getUint32(12, true);
  const json = JSON.parse(new TextDecoder().decode(glb.subarray(20, 20 + jsonLength)));
  expect(json.accessors.some((a) => a.sparse)).toBe(true);
  const { body } = measureDocument(mp, await io.readBinary(glb), { density: 1 });
  near(body.mass, 250 * 8, 1e-12, 'mass at the node extras density');
  body.centerOfMass.forEach((c, i) => near(c, 1, 1e-12, `center ${i}`));
});
