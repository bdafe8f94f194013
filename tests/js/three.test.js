// The three.js adapter (mass-properties/three). Expected values come from closed forms of boxes
// placed in a scene and from the same triangles baked into one mesh by hand here (with three's
// own matrix math), never from the adapter's output.
import * as THREE from 'three';
import { mergeGeometries } from 'three/addons/utils/BufferGeometryUtils.js';

import { init, MassPropertiesError, measureParts } from '../../js/index.js';
import {
  bakeMeshes,
  computeMassProperties,
  toEllipsoidVector3,
  MassPropertiesHelper,
  toMatrix3,
  toQuaternion,
  toVector3,
} from '../../js/three.js';

let mp;
beforeAll(async () => {
  mp = await init();
});

// ---- expectations -----------------------------------------------------------------------------

const near = (got, want, tol, what) => {
  if (!(Math.abs(got - want) <= tol)) {
    throw new Error(`${what}: got ${got}, want ${want} (error ${Math.abs(got - want)} > ${tol})`);
  }
};

// Tolerances scale with size: lengths with L, mass with L³, inertia with L⁵ (here via the largest moment).
function expectSameBody(got, want, rel = 1e-11) {
  near(got.mass, want.mass, rel * want.mass, 'mass');
  near(got.volume, want.volume, rel * Math.abs(want.volume), 'volume');
  const length = Math.sqrt(Math.max(...diagonal(want.inertia)) / want.mass) + Math.hypot(...want.centerOfMass);
  want.centerOfMass.forEach((c, i) => near(got.centerOfMass[i], c, rel * length, `centerOfMass[${i}]`));
  const scale = Math.max(...diagonal(want.inertia));
  want.inertia.forEach((c, i) => near(got.inertia[i], c, rel * scale, `inertia[${i}]`));
}

const diagonal = (m) => [m[0], m[4], m[8]];

// ---- closed forms: boxes placed in a frame ------------------------------------------------------
//
// A solid box w×h×d of density ρ: m = ρwhd, about its center in its own axes
//   I = diag(m(h² + d²)/12, m(w² + d²)/12, m(w² + h²)/12).
// Rotated by R: R I Rᵀ. Moved to center c, the aggregate about the common center of mass C adds,
// per box, the parallel-axis term m(|r|² E − r rᵀ) with r = c − C (Steiner).

function boxPlaced({ size, density = 1, rotation = new THREE.Matrix3(), center }) {
  const [w, h, d] = size;
  const m = density * w * h * d;
  const local = [(m * (h * h + d * d)) / 12, (m * (w * w + d * d)) / 12, (m * (w * w + h * h)) / 12];
  const R = rotation.elements; // column-major: R[3 * col + row]
  const inertia = [];
  for (let r = 0; r < 3; r++) {
    for (let c = 0; c < 3; c++) {
      let sum = 0;
      for (let k = 0; k < 3; k++) sum += R[3 * k + r] * local[k] * R[3 * k + c];
      inertia.push(sum);
    }
  }
  return { mass: m, volume: w * h * d, centerOfMass: center.toArray(), inertia };
}

function aggregate(bodies) {
  const mass = bodies.reduce((s, b) => s + b.mass, 0);
  const volume = bodies.reduce((s, b) => s + b.volume, 0);
  const C = [0, 1, 2].map((i) => bodies.reduce((s, b) => s + b.mass * b.centerOfMass[i], 0) / mass);
  const inertia = new Array(9).fill(0);
  for (const b of bodies) {
    const r = b.centerOfMass.map((x, i) => x - C[i]);
    const rr = r[0] * r[0] + r[1] * r[1] + r[2] * r[2];
    for (let i = 0; i < 3; i++) {
      for (let j = 0; j < 3; j++) {
        inertia[3 * i + j] += b.inertia[3 * i + j] + b.mass * ((i === j ? rr : 0) - r[i] * r[j]);
      }
    }
  }
  return { mass, volume, centerOfMass: C, inertia };
}

// A box mesh's placement relative to `root`: its world size, rotation and center, read off the
// composed matrix. Only valid when the composition has no shear (uniform scale above any rotation).
function placedBox(size, matrix, density = 1) {
  const position = new THREE.Vector3();
  const quaternion = new THREE.Quaternion();
  const scale = new THREE.Vector3();
  matrix.decompose(position, quaternion, scale);
  const rotation = new THREE.Matrix3().setFromMatrix4(new THREE.Matrix4().makeRotationFromQuaternion(quaternion));
  const s = scale.toArray().map(Math.abs);
  return boxPlaced({ size: size.map((x, i) => x * s[i]), density, rotation, center: position });
}

function relativeMatrix(root, object) {
  root.updateWorldMatrix(true, true);
  return new THREE.Matrix4().copy(root.matrixWorld).invert().multiply(object.matrixWorld);
}

// ---- baking by hand ---------------------------------------------------------------------------

// Every triangle of `geometry` in [start, end) (index or vertex units) through `matrix`, appended
// as plain xyz triples; mirrored matrices get their triangles reversed to stay outward.
function bakeByHand(out, geometry, matrix, start = 0, end = Infinity) {
  const position = geometry.getAttribute('position');
  const index = geometry.index;
  const total = index ? index.count : position.count;
  const flip = matrix.determinant() < 0;
  const v = new THREE.Vector3();
  for (let t = start; t + 3 <= Math.min(end, total); t += 3) {
    const corners = [t, t + 1, t + 2].map((k) => (index ? index.getX(k) : k));
    if (flip) corners.reverse();
    for (const c of corners) out.push(...v.fromBufferAttribute(position, c).applyMatrix4(matrix).toArray());
  }
  return out;
}

// ---- the scene ----------------------------------------------------------------------------------

const euler = (x, y, z) => new THREE.Quaternion().setFromEuler(new THREE.Euler(x, y, z));

function interleavedBox(w, h, d) {
  // position and normal in one buffer, stride 6, as some exporters write them
  const source = new THREE.BoxGeometry(w, h, d);
  const p = source.getAttribute('position');
  const n = source.getAttribute('normal');
  const data = new Float32Array(p.count * 6);
  for (let i = 0; i < p.count; i++) {
    data.set([p.getX(i), p.getY(i), p.getZ(i), n.getX(i), n.getY(i), n.getZ(i)], i * 6);
  }
  const buffer = new THREE.InterleavedBuffer(data, 6);
  const geometry = new THREE.BufferGeometry();
  geometry.setAttribute('position', new THREE.InterleavedBufferAttribute(buffer, 3, 0));
  geometry.setAttribute('normal', new THREE.InterleavedBufferAttribute(buffer, 3, 3));
  geometry.setIndex(source.index);
  return geometry;
}

/**
 * A scene exercising every path, with the expected body written out independently:
 * the measured `root` sits (transformed) under a transformed `world`; inside it
 *  A: a box under a rotated, uniformly scaled group, itself scaled non-uniformly and mirrored, density 2
 *  B: a non-indexed, mirrored box
 *  C: an indexed box with an interleaved position attribute
 *  D: an InstancedMesh of 3 instances (one mirrored) of which count = 2 are drawn
 *  E: two boxes merged into one geometry with groups and a material array; drawRange keeps only the first
 *  and things that must not count: Points, a Line, a Sprite.
 */
function buildScene() {
  const world = new THREE.Group();
  world.position.set(10, -3, 2);
  world.quaternion.copy(euler(0.3, 0, 1.1));
  const root = new THREE.Group();
  root.position.set(-1, 4, 0.5);
  root.quaternion.copy(euler(0.2, -0.7, 0.4));
  root.scale.setScalar(1.7);
  world.add(root);

  const group = new THREE.Group();
  group.position.set(1, 2, 3);
  group.quaternion.copy(euler(0.5, 0.25, -0.3));
  group.scale.setScalar(2);
  root.add(group);
  const a = new THREE.Mesh(new THREE.BoxGeometry(1, 2, 3), new THREE.MeshBasicMaterial());
  a.name = 'A';
  a.position.set(0.5, -1, 0.25);
  a.quaternion.copy(euler(-0.4, 1.2, 0.1));
  a.scale.set(1.5, -0.5, 1);
  a.userData.density = 2;
  group.add(a);

  const b = new THREE.Mesh(new THREE.BoxGeometry(0.5, 0.75, 1.25).toNonIndexed());
  b.name = 'B';
  b.position.set(-4, 0, 1);
  b.scale.set(-1, 1, 1);
  root.add(b);

  const c = new THREE.Mesh(interleavedBox(0.625, 0.75, 0.875));
  c.name = 'C';
  c.position.set(0, -5, 0);
  c.quaternion.copy(euler(0, 0, 0.9));
  root.add(c);

  const d = new THREE.InstancedMesh(new THREE.BoxGeometry(0.375, 0.625, 0.875), undefined, 3);
  d.name = 'D';
  d.position.set(3, 3, -3);
  d.setMatrixAt(
    0,
    new THREE.Matrix4().compose(new THREE.Vector3(1, 0, 0), euler(0.3, 0.2, 0.1), new THREE.Vector3(1, 1, 1)),
  );
  d.setMatrixAt(
    1,
    new THREE.Matrix4().compose(new THREE.Vector3(-1, 2, 0), euler(0, 0.5, 0), new THREE.Vector3(1, -2, 1)),
  );
  d.setMatrixAt(2, new THREE.Matrix4().makeTranslation(100, 100, 100)); // beyond count: not drawn
  d.count = 2;
  root.add(d);

  const first = new THREE.BoxGeometry(1, 1, 1).translate(-6, 2, 0);
  const second = new THREE.BoxGeometry(1, 1, 1).translate(-6, 4, 0);
  const merged = mergeGeometries([first, second], true); // one group per source geometry
  merged.setDrawRange(0, first.index.count);
  const e = new THREE.Mesh(merged, [new THREE.MeshBasicMaterial(), new THREE.MeshBasicMaterial()]);
  e.name = 'E';
  root.add(e);

  root.add(new THREE.Points(new THREE.BoxGeometry(50, 50, 50)));
  root.add(new THREE.Line(new THREE.BoxGeometry(50, 50, 50)));
  root.add(new THREE.Sprite());

  world.updateWorldMatrix(true, true);
  return { world, root, a, b, c, d, e, first };
}

// The closed-form expectation for buildScene, in root's frame.
function expectedBody({ root, a, b, c, d, e }) {
  const bodies = [
    placedBox([1, 2, 3], relativeMatrix(root, a), 2),
    placedBox([0.5, 0.75, 1.25], relativeMatrix(root, b)),
    placedBox([0.625, 0.75, 0.875], relativeMatrix(root, c)),
  ];
  for (let i = 0; i < 2; i++) {
    const instance = new THREE.Matrix4();
    d.getMatrixAt(i, instance);
    bodies.push(placedBox([0.375, 0.625, 0.875], relativeMatrix(root, d).multiply(instance)));
  }
  const first = new THREE.Matrix4().makeTranslation(-6, 2, 0).premultiply(relativeMatrix(root, e));
  bodies.push(placedBox([1, 1, 1], first));
  return aggregate(bodies);
}

const densityFromUserData = { density: (mesh) => mesh.userData.density ?? 1 };
// The closed forms of buildScene are in root's own frame: frame 'local' (root's transform ignored).
const local = { ...densityFromUserData, frame: 'local' };

// ---- tests ------------------------------------------------------------------------------------

describe('computeMassProperties', () => {
  test('SceneMatchesClosedFormsOfItsBoxes', () => {
    const scene = buildScene();
    const { body } = computeMassProperties(mp, scene.root, local);
    // InstancedMesh keeps its matrices in a Float32Array, so a rotated instance is orthonormal
    // only to ~1e-7 (slightly sheared): the closed form of a box holds to that precision. The
    // hand-baked comparison below holds to 1e-12.
    expectSameBody(body, expectedBody(scene), 1e-6);
  });

  test('SceneMatchesTheSameTrianglesBakedIntoOneMeshByHand', () => {
    const scene = buildScene();
    const { root, a, b, c, d, e } = scene;
    const heavy = [];
    bakeByHand(heavy, a.geometry, relativeMatrix(root, a));
    const light = [];
    bakeByHand(light, b.geometry, relativeMatrix(root, b));
    bakeByHand(light, c.geometry, relativeMatrix(root, c));
    for (let i = 0; i < 2; i++) {
      const instance = new THREE.Matrix4();
      d.getMatrixAt(i, instance);
      bakeByHand(light, d.geometry, relativeMatrix(root, d).multiply(instance));
    }
    bakeByHand(light, e.geometry, relativeMatrix(root, e), 0, e.geometry.drawRange.count);
    const heavyBody = mp.mesh(new Float64Array(heavy), null, { density: 2 });
    const want = mp.combine([heavyBody, mp.mesh(new Float64Array(light))]);

    const { body, parts } = computeMassProperties(mp, root, local);
    expectSameBody(body, want, 1e-12);
    expect(body.diagnostics.triangles).toBe(want.diagnostics.triangles);
    expect(body.diagnostics.closed).toBe(true);
    expect(body.diagnostics.inverted).toBe(false);
    // Instances are placed with mp.transform, which derives no surface area after a non-uniform
    // scale (instance 1 is scaled (1, −2, 1)): the body has none. Baked parts keep theirs.
    expect(body.surfaceArea).toBeNull();
    expect(parts[0].result.surfaceArea).toBeCloseTo(heavyBody.surfaceArea, 10);
    expect(parts.map((p) => [p.mesh.name, p.instanceId])).toEqual([
      ['A', undefined],
      ['B', undefined],
      ['C', undefined],
      ['D', 0],
      ['D', 1],
      ['E', undefined],
    ]);
    expect(parts.every((p) => 'instanceId' in p === Boolean(p.mesh.isInstancedMesh))).toBe(true);
  });

  test('MirroredPartsAreNotReportedInsideOut', () => {
    const { root, a, b } = buildScene();
    const { parts } = computeMassProperties(mp, root);
    for (const mesh of [a, b]) {
      const part = parts.find((p) => p.mesh === mesh);
      expect(part.result.volume).toBeGreaterThan(0);
      expect(part.result.diagnostics.inverted).toBe(false);
      expect(part.result.diagnostics.consistentWinding).toBe(true);
    }
  });

  test('EachPartCarriesItsOwnResultAndDiagnostics', () => {
    const { root, b, d } = buildScene();
    const { parts } = computeMassProperties(mp, root, { frame: 'local' });
    const partB = parts.find((p) => p.mesh === b);
    expect(partB.result.volume).toBeCloseTo(0.5 * 0.75 * 1.25, 12);
    expect(partB.result.diagnostics.triangles).toBe(12);
    const instances = parts.filter((p) => p.mesh === d);
    // instance 1 is scaled by (1, −2, 1): twice the volume of instance 0 (to the float32
    // precision of instance matrices)
    const v = 0.375 * 0.625 * 0.875;
    expect(Math.abs(instances[0].result.volume / v - 1)).toBeLessThan(1e-6);
    expect(Math.abs(instances[1].result.volume / (2 * v) - 1)).toBeLessThan(1e-6);
  });

  test('ResultsAreInTheMeasuredObjectsFrame', () => {
    const one = buildScene();
    const two = buildScene();
    two.world.position.set(-50, 20, 7);
    two.world.quaternion.copy(euler(1, 2, 3));
    two.root.scale.setScalar(0.25);
    const r1 = computeMassProperties(mp, one.root, { frame: 'local' }).body;
    const r2 = computeMassProperties(mp, two.root, { frame: 'local' }).body;
    expectSameBody(r2, r1, 1e-11);
  });

  test('AMeshMeasuredInTheLocalFrameIgnoresItsOwnTransform', () => {
    const mesh = new THREE.Mesh(new THREE.BoxGeometry(2, 4, 6));
    mesh.position.set(7, 8, 9);
    mesh.quaternion.copy(euler(0.3, 0.2, 0.1));
    mesh.scale.set(3, 3, 3);
    const { body, parts } = computeMassProperties(mp, mesh, { density: 0.5, frame: 'local' });
    expect(parts).toHaveLength(1);
    expect(body.centerOfMass).toEqual([0, 0, 0]);
    expect(body.mass).toBeCloseTo(0.5 * 48, 12);
    expect(body.inertia[0]).toBeCloseTo((24 * (16 + 36)) / 12, 10);
  });

  test('GroupsCountOnlyWithAMaterialArrayAndNeverTwice', () => {
    const first = new THREE.BoxGeometry(1, 1, 1);
    const second = new THREE.BoxGeometry(1, 1, 1).translate(0, 3, 0);
    const geometry = mergeGeometries([first, second], true);
    const n = first.index.count;

    // A material array draws the groups: one group covering the first box (twice, overlapping)
    // draws only that box, once.
    geometry.clearGroups();
    geometry.addGroup(0, n, 0);
    geometry.addGroup(6, n - 6, 1);
    const multi = new THREE.Mesh(geometry, [new THREE.MeshBasicMaterial(), new THREE.MeshBasicMaterial()]);
    expect(computeMassProperties(mp, multi).body.volume).toBeCloseTo(1, 12);

    // A single material ignores groups (as WebGLRenderer does) and draws the whole drawRange.
    const single = new THREE.Mesh(geometry, new THREE.MeshBasicMaterial());
    expect(computeMassProperties(mp, single).body.volume).toBeCloseTo(2, 12);

    // Groups and drawRange intersect: the range keeps the second box, the groups keep the first.
    geometry.clearGroups();
    geometry.addGroup(0, n, 0);
    geometry.addGroup(n, n, 1);
    geometry.setDrawRange(n, Infinity);
    const ranged = computeMassProperties(mp, multi).body;
    expect(ranged.volume).toBeCloseTo(1, 12);
    expect(ranged.centerOfMass[1]).toBeCloseTo(3, 12);
  });

  test('DrawRangeOfNonIndexedGeometryCountsVertices', () => {
    const geometry = mergeGeometries([
      new THREE.BoxGeometry(1, 1, 1).toNonIndexed(),
      new THREE.BoxGeometry(2, 2, 2).translate(5, 0, 0).toNonIndexed(),
    ]);
    geometry.setDrawRange(36, 36);
    const { body } = computeMassProperties(mp, new THREE.Mesh(geometry));
    expect(body.volume).toBeCloseTo(8, 12);
    expect(body.centerOfMass[0]).toBeCloseTo(5, 12);
  });

  test('InvisibleMeshesCountUnlessVisibleOnly', () => {
    const root = new THREE.Group();
    const shown = new THREE.Mesh(new THREE.BoxGeometry(1, 1, 1));
    const hiddenParent = new THREE.Group();
    hiddenParent.visible = false;
    hiddenParent.add(new THREE.Mesh(new THREE.BoxGeometry(2, 2, 2)));
    root.add(shown, hiddenParent);
    expect(computeMassProperties(mp, root).body.volume).toBeCloseTo(9, 12);
    const visible = computeMassProperties(mp, root, { visibleOnly: true });
    expect(visible.body.volume).toBeCloseTo(1, 12);
    expect(visible.parts).toHaveLength(1);
  });

  test('QuantizedAndHalfFloatPositionsAreDecoded', () => {
    // glTF's KHR_mesh_quantization writes normalized integers; ±1 is exact as int8 127/127.
    const quantized = new THREE.BoxGeometry(2, 2, 2);
    const p = quantized.getAttribute('position');
    quantized.setAttribute(
      'position',
      new THREE.BufferAttribute(
        Int8Array.from(p.array, (x) => x * 127),
        3,
        true,
      ),
    );
    expect(computeMassProperties(mp, new THREE.Mesh(quantized)).body.volume).toBeCloseTo(8, 12);

    // Half floats are stored as raw uint16 bits: reading the array directly would be nonsense.
    const half = new THREE.BoxGeometry(1, 1, 1);
    const values = half.getAttribute('position').array;
    const attribute = new THREE.Float16BufferAttribute(new Uint16Array(values.length), 3);
    for (let i = 0; i < values.length; i++) attribute.array[i] = THREE.DataUtils.toHalfFloat(values[i]);
    half.setAttribute('position', attribute);
    expect(computeMassProperties(mp, new THREE.Mesh(half)).body.volume).toBeCloseTo(1, 12);
  });

  test('MorphTargetsAreMeasuredAsDrawn', () => {
    const geometry = new THREE.BoxGeometry(1, 1, 1);
    const doubled = geometry.getAttribute('position').clone();
    for (let i = 0; i < doubled.count; i++)
      doubled.setXYZ(i, 2 * doubled.getX(i), 2 * doubled.getY(i), 2 * doubled.getZ(i));
    geometry.morphAttributes.position = [doubled];
    const mesh = new THREE.Mesh(geometry);
    mesh.updateMorphTargets();
    mesh.morphTargetInfluences[0] = 0.5; // halfway: a 1.5 cube
    expect(computeMassProperties(mp, mesh).body.volume).toBeCloseTo(1.5 ** 3, 12);
  });

  test('BatchedMeshInstancesArePartsWithTheirOwnGeometry', () => {
    const batched = new THREE.BatchedMesh(4, 200, 400);
    const small = batched.addGeometry(new THREE.BoxGeometry(1, 1, 1));
    const large = batched.addGeometry(new THREE.BoxGeometry(2, 3, 4));
    const i0 = batched.addInstance(small);
    const i1 = batched.addInstance(large);
    const i2 = batched.addInstance(small);
    batched.setMatrixAt(i0, new THREE.Matrix4().makeTranslation(10, 0, 0));
    batched.setMatrixAt(i1, new THREE.Matrix4().makeScale(1, 1, -1));
    batched.deleteInstance(i2);
    const { body, parts } = computeMassProperties(mp, batched);
    expect(parts.map((p) => p.instanceId)).toEqual([i0, i1]);
    expectSameBody(
      body,
      aggregate([
        boxPlaced({ size: [1, 1, 1], center: new THREE.Vector3(10, 0, 0) }),
        boxPlaced({ size: [2, 3, 4], center: new THREE.Vector3() }),
      ]),
    );
    expect(body.diagnostics.inverted).toBe(false);
  });

  test('AFlatPartIsListedWithItsErrorAndLeftOut', () => {
    const root = new THREE.Group();
    root.add(new THREE.Mesh(new THREE.BoxGeometry(1, 2, 3)));
    const plane = new THREE.Mesh(new THREE.PlaneGeometry(5, 5));
    root.add(plane);
    const { body, parts } = computeMassProperties(mp, root);
    expect(body.volume).toBeCloseTo(6, 12);
    const flat = parts.find((p) => p.mesh === plane);
    expect(flat.result).toBeNull();
    expect(flat.error).toBeInstanceOf(MassPropertiesError);
    expect(flat.error.code).toBe('ZERO_VOLUME');
  });

  test('NothingMeasurableThrows', () => {
    const root = new THREE.Group();
    root.add(new THREE.Mesh(new THREE.PlaneGeometry(1, 1)));
    let error;
    try {
      computeMassProperties(mp, root);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(MassPropertiesError);
    expect(error.code).toBe('ZERO_VOLUME');
    expect(error.parts).toHaveLength(1);

    expect(() => computeMassProperties(mp, new THREE.Group())).toThrow(expect.objectContaining({ code: 'EMPTY_MESH' }));
    const none = new THREE.InstancedMesh(new THREE.BoxGeometry(), undefined, 2);
    none.count = 0;
    expect(() => computeMassProperties(mp, none)).toThrow(expect.objectContaining({ code: 'EMPTY_MESH' }));
  });

  test('HostileArgumentsThrowTypedErrorsAndTheModuleStillWorks', () => {
    const box = new THREE.Mesh(new THREE.BoxGeometry(1, 1, 1));
    const code = (fn) => {
      try {
        fn();
      } catch (e) {
        return e.code;
      }
      return 'no error';
    };
    expect(code(() => computeMassProperties(mp, null))).toBe('INVALID_TYPE');
    expect(code(() => computeMassProperties(mp, { isObject: true }))).toBe('INVALID_TYPE');
    expect(code(() => computeMassProperties(null, box))).toBe('INVALID_ARGUMENT');
    expect(code(() => computeMassProperties(mp, box, 'dense'))).toBe('INVALID_TYPE');
    expect(code(() => computeMassProperties(mp, box, { density: '7' }))).toBe('INVALID_DENSITY');
    expect(code(() => computeMassProperties(mp, box, { density: -1 }))).toBe('INVALID_DENSITY');
    expect(code(() => computeMassProperties(mp, box, { density: NaN }))).toBe('INVALID_DENSITY');
    expect(code(() => computeMassProperties(mp, box, { density: () => undefined }))).toBe('INVALID_DENSITY');

    const nan = new THREE.BoxGeometry(1, 1, 1);
    nan.getAttribute('position').setX(0, NaN);
    const broken = computeMassProperties(mp, new THREE.Group().add(box.clone(), new THREE.Mesh(nan)));
    expect(broken.parts[1].error.code).toBe('NON_FINITE_POSITION');

    const badIndex = new THREE.BoxGeometry(1, 1, 1);
    badIndex.index.setX(0, 9999);
    expect(code(() => computeMassProperties(mp, new THREE.Mesh(badIndex)))).toBe('INDEX_OUT_OF_RANGE');

    expect(computeMassProperties(mp, box).body.volume).toBeCloseTo(1, 12);
  });

  test('BakedPartsAreTransferableFloat64Positions', () => {
    const { root } = buildScene();
    const baked = bakeMeshes(root, densityFromUserData);
    expect(baked).toHaveLength(6);
    for (const part of baked) {
      expect(part.positions).toBeInstanceOf(Float64Array);
      expect(part.indices === null || part.indices instanceof Uint32Array).toBe(true);
    }
    expect(baked[0].density).toBe(2);
  });
});

// ---- regression tests of the foundation defects -----------------------------------------------

const codeOf = (fn) => {
  try {
    fn();
  } catch (e) {
    return e.code ?? e.name;
  }
  return 'no error';
};

// The module with its mesh() calls counted: how often a geometry was measured.
function countingMesh(module) {
  const counter = { calls: 0 };
  counter.mp = {
    ...module,
    mesh: (...args) => {
      counter.calls++;
      return module.mesh(...args);
    },
  };
  return counter;
}

describe('options', () => {
  // Cause: options were spread over the defaults ({ ...DEFAULTS, ...options }), which drops
  // inherited properties and never looks at unknown keys, so `densty` silently measured at 1.
  test('AMisspelledOptionIsRefusedWithAHint', () => {
    const box = new THREE.Mesh(new THREE.BoxGeometry(1, 1, 1));
    expect(() => computeMassProperties(mp, box, { densty: 2 })).toThrow(
      expect.objectContaining({ code: 'INVALID_OPTIONS', message: expect.stringContaining("did you mean 'density'") }),
    );
    expect(codeOf(() => bakeMeshes(box, { visibleonly: true }))).toBe('INVALID_OPTIONS');
    expect(codeOf(() => new MassPropertiesHelper(mp.box(1, 1, 1), { centreColor: 0xff0000 }))).toBe('INVALID_OPTIONS');
    expect(codeOf(() => computeMassProperties(mp, box, null))).toBe('INVALID_TYPE');
  });

  test('InheritedAndGetterOptionsAreRead', () => {
    const box = new THREE.Mesh(new THREE.BoxGeometry(1, 1, 1));
    expect(computeMassProperties(mp, box, Object.create({ density: 2 })).body.mass).toBeCloseTo(2, 12);
    class Steel {
      get density() {
        return 7.85;
      }
    }
    expect(computeMassProperties(mp, box, new Steel()).body.mass).toBeCloseTo(7.85, 12);
    const hidden = new THREE.Group().add(box.clone());
    hidden.children[0].visible = false;
    const options = Object.create({ visibleOnly: true });
    expect(codeOf(() => computeMassProperties(mp, hidden, options))).toBe('EMPTY_MESH');
    const helper = new MassPropertiesHelper(mp.box(1, 1, 1), Object.create({ centerColor: 0x123456 }));
    expect(helper.center.material.color.getHex()).toBe(0x123456);
  });
});

describe('scene graphs with a cycle', () => {
  // Cause: three's traverse and updateWorldMatrix recurse through children (and parents)
  // without end when an object is its own descendant, so the caller got an untyped RangeError.
  test('AnObjectThatIsItsOwnDescendantIsATypedError', () => {
    const a = new THREE.Group();
    const b = new THREE.Group();
    a.add(new THREE.Mesh(new THREE.BoxGeometry(1, 1, 1)), b);
    b.add(a); // three moves a under b: now a → b → a
    expect(codeOf(() => computeMassProperties(mp, a))).toBe('INVALID_ARGUMENT');
    expect(codeOf(() => bakeMeshes(b))).toBe('INVALID_ARGUMENT');

    // Indirectly, through a hidden object, and seen from a mesh inside the loop.
    const [x, y, z] = [new THREE.Group(), new THREE.Group(), new THREE.Group()];
    const inside = new THREE.Mesh(new THREE.BoxGeometry(1, 1, 1));
    x.add(y);
    y.add(z, inside);
    y.visible = false;
    z.add(x);
    expect(codeOf(() => computeMassProperties(mp, x, { visibleOnly: true }))).toBe('INVALID_ARGUMENT');
    expect(codeOf(() => computeMassProperties(mp, inside))).toBe('INVALID_ARGUMENT');

    expect(computeMassProperties(mp, new THREE.Mesh(new THREE.BoxGeometry(1, 1, 1))).body.volume).toBeCloseTo(1, 12);
  });
});

// ---- InstancedMesh: measured once, placed per instance ----------------------------------------
//
// Cause of the defect: every instance was baked and measured on its own (a million instances:
// 39 s and 3.4 GB). Now the geometry is measured once per density and placed by mp.transform;
// the expected values are the instances baked by hand.

// A deterministic pseudo-random sequence in [0, 1) (a 32-bit LCG), so failures reproduce.
function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

function instanced(geometry, matrices) {
  const mesh = new THREE.InstancedMesh(geometry, undefined, matrices.length);
  matrices.forEach((m, i) => mesh.setMatrixAt(i, m));
  return mesh;
}

// Rotated, non-uniformly scaled, every fourth one mirrored.
function randomPlacements(count, seed) {
  const next = random(seed);
  return Array.from({ length: count }, (_, i) => {
    const position = new THREE.Vector3(next() * 200 - 100, next() * 200 - 100, next() * 20);
    const rotation = euler(next() * 7, next() * 7, next() * 7);
    const scale = new THREE.Vector3(0.5 + next(), 0.5 + next(), 0.5 + next());
    if (i % 4 === 3) scale.x = -scale.x;
    return new THREE.Matrix4().compose(position, rotation, scale);
  });
}

// Instance i's triangles baked by hand through its (float32) instance matrix and measured.
function bakedInstance(mesh, i, density = 1) {
  const matrix = mesh.getMatrixAt(i, new THREE.Matrix4());
  return mp.mesh(new Float64Array(bakeByHand([], mesh.geometry, matrix)), null, { density });
}

const bakedInstances = (mesh, density = () => 1) =>
  Array.from({ length: mesh.count }, (_, i) => bakedInstance(mesh, i, density(i)));

describe('InstancedMesh', () => {
  test('TenThousandInstancesAreMeasuredOnceAndPlacedExactly', () => {
    const mesh = instanced(new THREE.BoxGeometry(0.5, 1, 1.5), randomPlacements(10000, 1));
    const counter = countingMesh(mp);
    const { body, parts } = computeMassProperties(counter.mp, mesh);
    expect(counter.calls).toBe(1);

    const want = bakedInstances(mesh);
    expectSameBody(body, mp.combine(want), 1e-12);
    parts.forEach((part, i) => expectSameBody(part.result, want[i], 1e-12));
    expect(parts[3].result.diagnostics.inverted).toBe(false); // mirrored
    expect(body.diagnostics.triangles).toBe(12 * 10000);
  });

  test('MirroredInstancesStayOutwardAndExact', () => {
    const mirrors = [
      [-1, 1, 1],
      [1, -1, -1],
      [-1, -1, -1],
      [2, -0.5, 1],
    ];
    const mesh = instanced(
      new THREE.CylinderGeometry(0.5, 1, 2, 24),
      mirrors.map((s, i) =>
        new THREE.Matrix4().compose(new THREE.Vector3(3 * i, 0, 0), euler(0.2, 0.4, 0.6), new THREE.Vector3(...s)),
      ),
    );
    const { parts } = computeMassProperties(mp, mesh);
    const want = bakedInstances(mesh);
    parts.forEach((part, i) => {
      expectSameBody(part.result, want[i], 1e-12);
      expect(part.result.volume).toBeGreaterThan(0);
      expect(part.result.diagnostics.inverted).toBe(false);
    });
  });

  test('ShearedInstancesArePlacedExactly', () => {
    // No rotation·scale reproduces a shear; its singular value decomposition (a turn, then
    // rotation·scale) does.
    const sheared = new THREE.Matrix4()
      .makeShear(0.5, 0.25, 0, 0.75, 0.1, 0)
      .premultiply(new THREE.Matrix4().makeTranslation(4, 5, 6));
    const mesh = instanced(new THREE.TorusKnotGeometry(1, 0.3, 64, 8), [sheared, new THREE.Matrix4()]);
    const counter = countingMesh(mp);
    const { parts } = computeMassProperties(counter.mp, mesh);
    expect(counter.calls).toBe(1);
    const want = bakedInstances(mesh);
    parts.forEach((part, i) => expectSameBody(part.result, want[i], 1e-12));
  });

  test('InstancesThatCannotBePlacedExactlyAreBaked', () => {
    const hidden = new THREE.Matrix4().makeScale(0, 0, 0); // three.js's way to hide an instance
    // Aspect 1e10: too ill-conditioned to split exactly, yet thicker than the weld rule's
    // 1e-12 of the mesh size (a needle of aspect 1e14 would weld flat by that rule).
    const needle = new THREE.Matrix4().compose(
      new THREE.Vector3(),
      euler(0.3, 0.2, 0.1),
      new THREE.Vector3(1e-5, 1, 1e5),
    );
    const mesh = instanced(new THREE.BoxGeometry(1, 1, 1), [new THREE.Matrix4(), hidden, needle]);
    const counter = countingMesh(mp);
    const { body, parts } = computeMassProperties(counter.mp, mesh);
    expect(counter.calls).toBe(3); // the geometry, then the two baked instances
    expect(parts[1].error.code).toBe('ZERO_VOLUME');
    const want = [bakedInstance(mesh, 0), bakedInstance(mesh, 2)];
    expectSameBody(parts[2].result, want[1], 1e-12);
    expectSameBody(body, mp.combine(want), 1e-12);
  });

  test('PerInstanceDensitiesMeasureTheGeometryOncePerDensity', () => {
    const mesh = instanced(new THREE.SphereGeometry(1, 16, 8), randomPlacements(30, 2));
    const densities = [1, 2.5, 7.85];
    const density = (m, id) => densities[id % 3];
    const counter = countingMesh(mp);
    const { body, parts } = computeMassProperties(counter.mp, mesh, { density });
    expect(counter.calls).toBe(3);
    const want = bakedInstances(mesh, (i) => densities[i % 3]);
    parts.forEach((part, i) => expectSameBody(part.result, want[i], 1e-12));
    expectSameBody(body, mp.combine(want), 1e-12);
  });

  test('AnOpenInstancedGeometryIsBakedPerInstance', () => {
    // An open surface's numbers depend on where its bounding box centre lands, which a placed
    // result would not follow: drawRange drops the box's last face.
    const geometry = new THREE.BoxGeometry(1, 2, 3);
    geometry.setDrawRange(0, geometry.index.count - 6);
    const mesh = instanced(geometry, randomPlacements(4, 3));
    const counter = countingMesh(mp);
    const { parts } = computeMassProperties(counter.mp, mesh);
    expect(counter.calls).toBe(1 + 4);
    parts.forEach((part, i) => {
      const matrix = mesh.getMatrixAt(i, new THREE.Matrix4());
      const want = mp.mesh(new Float64Array(bakeByHand([], geometry, matrix, 0, geometry.drawRange.count)));
      expectSameBody(part.result, want, 1e-12);
      expect(part.result.diagnostics.closed).toBe(false);
    });
  });

  test('AFlatInstancedGeometryListsItsErrorForEachInstance', () => {
    const mesh = instanced(new THREE.PlaneGeometry(1, 1), randomPlacements(3, 4));
    let error;
    try {
      computeMassProperties(mp, mesh);
    } catch (e) {
      error = e;
    }
    expect(error.code).toBe('ZERO_VOLUME');
    expect(error.parts.map((p) => [p.instanceId, p.error.code])).toEqual([
      [0, 'ZERO_VOLUME'],
      [1, 'ZERO_VOLUME'],
      [2, 'ZERO_VOLUME'],
    ]);
  });
});

describe('measureParts', () => {
  test('BakedPartsMeasureToTheSameBodyAsTheScene', () => {
    const { root } = buildScene();
    const baked = bakeMeshes(root, densityFromUserData);
    const { body, parts } = measureParts(mp, baked);
    expectSameBody(body, computeMassProperties(mp, root, densityFromUserData).body, 1e-12);
    expect(parts.map((p) => [p.mesh.name, p.instanceId])).toEqual(baked.map((p) => [p.mesh.name, p.instanceId]));
    expect(parts.some((p) => 'positions' in p || 'indices' in p || 'density' in p)).toBe(false);
  });

  test('APartTheCoreRefusesCarriesItsErrorAndOtherErrorsAreRethrown', () => {
    const flat = { name: 'flat', positions: new Float64Array([0, 0, 0, 1, 0, 0, 0, 1, 0]), indices: null, density: 1 };
    const cube = bakeMeshes(new THREE.Mesh(new THREE.BoxGeometry(1, 1, 1)))[0];
    const { body, parts } = measureParts(mp, [flat, cube]);
    expect(body.volume).toBeCloseTo(1, 12);
    expect(parts[0]).toEqual({ name: 'flat', result: null, error: expect.any(MassPropertiesError) });
    expect(parts[0].error.code).toBe('ZERO_VOLUME');
    expect(measureParts(mp, [flat]).body).toBeNull();

    const broken = {
      ...mp,
      mesh: () => {
        throw new TypeError('a bug');
      },
    };
    expect(() => measureParts(broken, [cube])).toThrow(TypeError);
    expect(codeOf(() => measureParts(null, []))).toBe('INVALID_ARGUMENT');
    expect(codeOf(() => measureParts(mp, 'parts'))).toBe('INVALID_ARGUMENT');
    expect(codeOf(() => measureParts(mp, [null]))).toBe('INVALID_ARGUMENT');
  });
});

// ---- modes, thickness and weld per mesh -------------------------------------------------------
//
// Expected values come from the same shape closed by hand (a lathe profile that returns to the
// axis), from closed forms of thin plates, and from each part measured on its own.

// The demo's cup: a lathe of this profile, open at the top; closed by hand, the profile returns
// to the axis at the rim's height, so its last ring of triangles is the fan a cap would be.
const CUP_PROFILE = [
  [0, -0.5],
  [0.38, -0.5],
  [0.42, -0.46],
  [0.5, 0.5],
];
function cup(closedByHand) {
  const profile = closedByHand ? [...CUP_PROFILE, [0, 0.5]] : CUP_PROFILE;
  return new THREE.LatheGeometry(
    profile.map(([r, y]) => new THREE.Vector2(r, y)),
    64,
  );
}

// A tray folded from sheet metal: a box w×h×d without its top (+y) face.
function tray(w, h, d) {
  const geometry = new THREE.BoxGeometry(w, h, d);
  const index = [...geometry.index.array];
  index.splice(12, 6); // BoxGeometry writes the faces +x, −x, +y, −y, +z, −z, two triangles each
  geometry.setIndex(index);
  return geometry;
}

// A group moved, turned and scaled, so the parts are measured through a real frame.
function placedGroup(...meshes) {
  const root = new THREE.Group();
  const group = new THREE.Group();
  group.position.set(2, -1, 0.5);
  group.quaternion.copy(euler(0.4, -0.2, 0.9));
  group.scale.setScalar(1.5);
  group.add(...meshes);
  root.add(group);
  return root;
}

const messageOf = (fn) => {
  try {
    fn();
  } catch (e) {
    return `${e.code}: ${e.message}`;
  }
  return 'no error';
};

describe('modes per mesh', () => {
  test('an open cup in a scene measures in solid mode as the same cup closed by hand', () => {
    const open = new THREE.Mesh(cup(false));
    open.name = 'open cup';
    open.position.set(-1, 0.25, 3);
    const closed = new THREE.Mesh(cup(true));
    closed.position.copy(open.position);
    const openBody = computeMassProperties(mp, placedGroup(open), { density: 1240 }).body;
    const closedBody = computeMassProperties(mp, placedGroup(closed), { density: 1240 }).body;

    expectSameBody(openBody, closedBody, 1e-12);
    expectSameBody(computeMassProperties(mp, placedGroup(open), { density: 1240, mode: 'solid' }).body, openBody, 0);
    // The diagnostics describe the mesh as given, the repairs what closing it took: one cap, the
    // rim's 64-gon (its float32 vertices, scaled 1.5 by the group; shoelace formula), as a
    // fraction of the surface as given; the solid's surface area includes it.
    const d = openBody.diagnostics;
    expect([d.closed, d.boundaryEdges, d.holes, d.repairs.cappedHoles]).toEqual([false, 64, 1, 1]);
    const position = open.geometry.getAttribute('position');
    const rim = (i) => [position.getX(i * CUP_PROFILE.length + 3), position.getZ(i * CUP_PROFILE.length + 3)];
    let shoelace = 0;
    for (let i = 0; i < 64; i++) shoelace += rim(i)[0] * rim(i + 1)[1] - rim(i + 1)[0] * rim(i)[1];
    const capArea = (1.5 * 1.5 * Math.abs(shoelace)) / 2;
    near(d.repairs.capArea * (openBody.surfaceArea - capArea), capArea, 1e-12 * capArea, 'cap area');
    near(openBody.surfaceArea, closedBody.surfaceArea, 1e-12 * closedBody.surfaceArea, 'surface area');
    expect(closedBody.diagnostics.closed).toBe(true);
    expect(closedBody.diagnostics.repairs.cappedHoles).toBe(0);
  });

  test('a sheet-metal part measured as a shell beside a solid part weighs what the two weigh apart', () => {
    const [w, h, d, t] = [0.4, 0.1, 0.3, 0.002];
    const sheet = new THREE.Mesh(tray(w, h, d));
    sheet.name = 'tray';
    sheet.userData = { mode: 'shell', thickness: t, density: 7850 };
    const block = new THREE.Mesh(new THREE.BoxGeometry(0.2, 0.05, 0.1));
    block.name = 'block';
    block.position.set(0, 0.2, 0);
    block.userData = { density: 1240 };
    const options = {
      density: (mesh) => mesh.userData.density,
      mode: (mesh) => mesh.userData.mode,
      thickness: (mesh) => mesh.userData.thickness,
    };
    const { body, parts } = computeMassProperties(mp, placedGroup(sheet, block), options);

    const alone = (mesh, o) => computeMassProperties(mp, placedGroup(mesh.clone()), o).parts[0].result;
    const sheetAlone = alone(sheet, { mode: 'shell', thickness: t, density: 7850 });
    const blockAlone = alone(block, { density: 1240 });
    near(body.mass, sheetAlone.mass + blockAlone.mass, 1e-12 * body.mass, 'mass');
    expectSameBody(body, mp.combine([sheetAlone, blockAlone]), 1e-12);
    expectSameBody(parts[0].result, sheetAlone, 0);
    // Closed forms in the group's frame (scaled 1.5) of the sizes as BoxGeometry stores them
    // (float32): a thin sheet weighs ρ·t·area, the block ρ·w·h·d.
    const [sw, sh, sd] = [w, h, d].map((x) => 1.5 * Math.fround(x));
    const [bw, bh, bd] = [0.2, 0.05, 0.1].map((x) => 1.5 * Math.fround(x));
    near(sheetAlone.mass, 7850 * t * (sw * sd + 2 * sh * (sw + sd)), 1e-12 * sheetAlone.mass, 'sheet mass');
    near(blockAlone.mass, 1240 * bw * bh * bd, 1e-12 * blockAlone.mass, 'block mass');
    expect(sheetAlone.diagnostics.repairs.cappedHoles).toBe(0); // a shell keeps its opening
  });

  test('bakeMeshes gives each part the mode, thickness and weld of its mesh', () => {
    const sheet = new THREE.Mesh(tray(1, 1, 1));
    sheet.userData = { mode: 'shell', thickness: 0.01 };
    const hull = new THREE.Mesh(new THREE.TorusGeometry(1, 0.25, 8, 24));
    hull.userData = { mode: 'convex' };
    const plain = new THREE.Mesh(new THREE.BoxGeometry(1, 1, 1));
    const baked = bakeMeshes(new THREE.Group().add(sheet, hull, plain), {
      mode: (mesh) => mesh.userData.mode,
      thickness: (mesh) => mesh.userData.thickness,
      weld: { relative: 1e-9 },
    });
    expect(baked.map((p) => [p.mode, p.thickness, p.weld])).toEqual([
      ['shell', 0.01, { relative: 1e-9 }],
      ['convex', undefined, { relative: 1e-9 }],
      [undefined, undefined, { relative: 1e-9 }], // left to the core's default
    ]);
    expect(mp.defaults.mode).toBe('solid');
    // measureParts hands them to mp.mesh: the same numbers as measuring each part directly.
    const { parts } = measureParts(mp, baked);
    parts.forEach((part, i) => {
      const { positions, indices, density, mode, thickness, weld } = baked[i];
      expectSameBody(part.result, mp.mesh(positions, indices, { density, mode, thickness, weld }), 0);
    });
    expect(parts[1].result.diagnostics.hullFaces).toBeGreaterThan(0);
  });

  test('a mode, thickness or weld a mesh cannot have is an INVALID_OPTIONS error naming the mesh', () => {
    const lid = new THREE.Mesh(new THREE.BoxGeometry(1, 1, 1));
    lid.name = 'lid';
    const scene = placedGroup(lid, new THREE.Mesh(new THREE.BoxGeometry(1, 1, 1)));
    const modeOfLid = (mesh) => (mesh === lid ? 'hollow' : 'solid');
    expect(messageOf(() => computeMassProperties(mp, scene, { mode: modeOfLid }))).toMatch(
      /^INVALID_OPTIONS: Mesh "lid": .*'hollow'/,
    );
    // thickness belongs to shells only
    expect(messageOf(() => computeMassProperties(mp, scene, { thickness: 0.1 }))).toMatch(
      /^INVALID_OPTIONS: Mesh "lid": .*thickness/,
    );
    expect(messageOf(() => computeMassProperties(mp, scene, { mode: 'shell', thickness: -1 }))).toMatch(
      /^INVALID_OPTIONS: Mesh "lid"/,
    );
    expect(
      messageOf(() => computeMassProperties(mp, scene, { weld: (mesh) => (mesh === lid ? -1 : undefined) })),
    ).toMatch(/^INVALID_OPTIONS: Mesh "lid"/);
    expect(messageOf(() => computeMassProperties(mp, scene, { weld: 'far' }))).toMatch(/^INVALID_TYPE: Mesh "lid"/);
    expect(messageOf(() => computeMassProperties(mp, scene, { modes: 'shell' }))).toMatch(/did you mean 'mode'/);

    // An instance is named with its id, whether it would be placed or baked.
    const bolts = instanced(new THREE.BoxGeometry(1, 1, 1), randomPlacements(3, 5));
    bolts.name = 'bolts';
    const modeOfBolt = (mesh, id) => (id === 2 ? 'hollow' : 'solid');
    expect(messageOf(() => computeMassProperties(mp, bolts, { mode: modeOfBolt }))).toMatch(
      /^INVALID_OPTIONS: Mesh "bolts" instance 2: /,
    );

    // measureParts names a part by its position in the array.
    const baked = bakeMeshes(scene);
    baked[1].mode = 'hollow';
    expect(messageOf(() => measureParts(mp, baked))).toMatch(/^INVALID_OPTIONS: parts\[1\]: /);
    expect(computeMassProperties(mp, scene).body.volume).toBeCloseTo(2 * 1.5 ** 3, 12);
  });

  test('convex instances are measured once and placed exactly; shell instances are baked one by one', () => {
    const geometry = new THREE.TorusKnotGeometry(1, 0.3, 64, 8);
    const convex = instanced(geometry, randomPlacements(20, 6));
    const counter = countingMesh(mp);
    const hulls = computeMassProperties(counter.mp, convex, { mode: 'convex' });
    expect(counter.calls).toBe(1);
    hulls.parts.forEach((part, i) => {
      const matrix = convex.getMatrixAt(i, new THREE.Matrix4());
      const want = mp.mesh(new Float64Array(bakeByHand([], geometry, matrix)), null, { mode: 'convex' });
      expectSameBody(part.result, want, 1e-12);
    });

    // A shell's mass follows its area, which mp.transform cannot scale: every instance is baked.
    const shells = instanced(tray(1, 0.5, 2), randomPlacements(5, 7));
    const shellCounter = countingMesh(mp);
    const { parts } = computeMassProperties(shellCounter.mp, shells, { mode: 'shell', thickness: 0.01 });
    expect(shellCounter.calls).toBe(5);
    parts.forEach((part, i) => {
      const matrix = shells.getMatrixAt(i, new THREE.Matrix4());
      const want = mp.mesh(new Float64Array(bakeByHand([], shells.geometry, matrix)), null, {
        mode: 'shell',
        thickness: 0.01,
      });
      expectSameBody(part.result, want, 1e-12);
    });
  });
});

describe('conversions', () => {
  const body = () => computeMassProperties(mp, buildScene().root).body;

  test('ToVector3IsTheCenterOfMass', () => {
    const b = body();
    expect(toVector3(b).toArray()).toEqual(b.centerOfMass);
    const target = new THREE.Vector3();
    expect(toVector3(b, target)).toBe(target);
  });

  test('ToMatrix3KeepsRowsAsRows', () => {
    const b = { inertia: [1, 2, 3, 4, 5, 6, 7, 8, 9] };
    const m = toMatrix3(b);
    // Matrix3.elements is column-major: element (row 0, column 1) sits at index 3.
    expect(m.elements[3]).toBe(2);
    expect(m.elements[1]).toBe(4);
  });

  test('ToQuaternionTurnsTheCoordinateAxesIntoThePrincipalAxes', () => {
    const b = body();
    const q = toQuaternion(b);
    for (let i = 0; i < 3; i++) {
      const axis = new THREE.Vector3().setComponent(i, 1).applyQuaternion(q);
      axis.toArray().forEach((x, k) => near(x, b.principalAxes[i][k], 1e-12, `axis ${i}[${k}]`));
    }
    // and the tensor is diagonal in that frame: Rᵀ I R = diag(principal moments)
    const R = new THREE.Matrix3().setFromMatrix4(new THREE.Matrix4().makeRotationFromQuaternion(q));
    const D = R.clone().transpose().multiply(toMatrix3(b)).multiply(R);
    const scale = b.principalMoments[2];
    for (let i = 0; i < 3; i++) near(D.elements[4 * i], b.principalMoments[i], 1e-12 * scale, `moment ${i}`);
    for (const k of [1, 2, 3, 5, 6, 7]) near(D.elements[k], 0, 1e-12 * scale, `off-diagonal ${k}`);
  });
});

describe('MassPropertiesHelper', () => {
  test('AnEllipsoidIsItsOwnEquivalentEllipsoid', () => {
    // Closed form of a solid ellipsoid with semi-axes a, b, c: I₁ = m(b² + c²)/5 etc.
    const [a, b, c] = [1, 2, 3];
    const mass = 7;
    const fake = {
      mass,
      principalMoments: [(mass * (b * b + c * c)) / 5, (mass * (a * a + c * c)) / 5, (mass * (a * a + b * b)) / 5],
    };
    toEllipsoidVector3(fake)
      .toArray()
      .forEach((x, i) => near(x, [a, b, c][i], 1e-14, `semi-axis ${i}`));
  });

  test('EllipsoidSemiAxesReproduceThePrincipalMoments', () => {
    const body = computeMassProperties(mp, buildScene().root, densityFromUserData).body;
    const helper = new MassPropertiesHelper(body);
    const [a1, a2, a3] = helper.ellipsoid.scale.toArray();
    const m = body.mass;
    const scale = body.principalMoments[2];
    near((m * (a2 * a2 + a3 * a3)) / 5, body.principalMoments[0], 1e-12 * scale, 'I1');
    near((m * (a1 * a1 + a3 * a3)) / 5, body.principalMoments[1], 1e-12 * scale, 'I2');
    near((m * (a1 * a1 + a2 * a2)) / 5, body.principalMoments[2], 1e-12 * scale, 'I3');
  });

  test('HelperSitsAtTheCenterOfMassAlongThePrincipalAxes', () => {
    const body = computeMassProperties(mp, buildScene().root).body;
    const helper = new MassPropertiesHelper(body);
    expect(helper.type).toBe('MassPropertiesHelper');
    expect(helper.isMassPropertiesHelper).toBe(true);
    expect(helper).toBeInstanceOf(THREE.Object3D);
    helper.updateMatrixWorld(true);

    const center = new THREE.Vector3().setFromMatrixPosition(helper.center.matrixWorld);
    center.toArray().forEach((x, i) => near(x, body.centerOfMass[i], 1e-12, `center[${i}]`));

    const semi = helper.ellipsoid.scale.toArray();
    for (let i = 0; i < 3; i++) {
      // the ellipsoid's i-th world column is semi-axis i along principal axis i
      const column = new THREE.Vector3().setFromMatrixColumn(helper.ellipsoid.matrixWorld, i);
      column.toArray().forEach((x, k) => near(x, semi[i] * body.principalAxes[i][k], 1e-9, `ellipsoid column ${i}`));
      // ArrowHelper points along its local +Y
      const arrow = helper.axes[i];
      expect(arrow).toBeInstanceOf(THREE.ArrowHelper);
      const direction = new THREE.Vector3(0, 1, 0).transformDirection(arrow.matrixWorld);
      direction.toArray().forEach((x, k) => near(x, body.principalAxes[i][k], 1e-6, `arrow ${i}`));
      expect(arrow.cone.position.y).toBeGreaterThanOrEqual(semi[i]); // reaches past the ellipsoid
    }
  });

  test('HelperFollowsItsParentAndUpdates', () => {
    const box = mp.box(1, 2, 3);
    const parent = new THREE.Group();
    parent.position.set(5, 0, 0);
    const helper = new MassPropertiesHelper(box);
    parent.add(helper);
    const moved = mp.transform(box, { position: [0, 1, 0] });
    expect(helper.update(moved)).toBe(helper);
    expect(helper.result).toBe(moved);
    parent.updateMatrixWorld(true);
    const center = new THREE.Vector3().setFromMatrixPosition(helper.center.matrixWorld);
    expect(center.toArray()).toEqual([5, 1, 0]);
  });

  test('DisposeFreesEveryGeometryAndMaterial', () => {
    const helper = new MassPropertiesHelper(mp.box(1, 2, 3));
    const owned = new Set();
    helper.traverse((node) => {
      if (node.geometry) owned.add(node.geometry);
      if (node.material) owned.add(node.material);
    });
    const disposed = new Set();
    for (const item of owned) item.addEventListener('dispose', () => disposed.add(item));
    helper.dispose();
    expect(disposed.size).toBe(owned.size);
  });

  test('AFlatBodyKeepsAFiniteEllipsoid', () => {
    // A thin plate: I₃ = I₁ + I₂ up to round-off, so one semi-axis is (nearly) zero.
    const plate = mp.box(2, 1, 1e-9);
    const helper = new MassPropertiesHelper(plate);
    const s = helper.ellipsoid.scale;
    expect([s.x, s.y, s.z].every((x) => Number.isFinite(x) && x > 0)).toBe(true);
    helper.updateMatrixWorld(true);
    expect(helper.ellipsoid.matrixWorld.elements.every(Number.isFinite)).toBe(true);
  });
});
