// The three.js adapter as new users reach for it: the measured object's own transform, which
// meshes count, a bare BufferGeometry, the center of mass by name. Expected values are closed
// forms of boxes (V = whd, I₁ = m(h² + d²)/12) placed by hand.
import * as THREE from 'three';

import { init } from '../../js/index.js';
import {
  MassPropertiesHelper,
  bakeMeshes,
  computeMassProperties,
  measureGeometry,
  toCenterOfMassVector3,
  toVector3,
} from '../../js/three.js';

let mp;
beforeAll(async () => {
  mp = await init();
});

const closeTo = (got, want, digits = 10) => want.forEach((w, i) => expect(got[i]).toBeCloseTo(w, digits));

// Ascending principal moments of a uniform w × h × d box of mass m.
const boxMoments = (m, w, h, d) =>
  [h * h + d * d, w * w + d * d, w * w + h * h].map((x) => (m * x) / 12).sort((a, b) => a - b);

const turn = (x, y, z) => new THREE.Quaternion().setFromEuler(new THREE.Euler(x, y, z));

describe("the measured object's own transform", () => {
  test('a millimetre model scaled by mesh.scale = 0.001 weighs grams, not tonnes (the default counts it)', () => {
    // 10 × 20 × 40 mm of a 1240 kg/m³ resin: 8e-6 m³, 9.92 g.
    const mesh = new THREE.Mesh(new THREE.BoxGeometry(10, 20, 40));
    mesh.scale.setScalar(0.001);
    expect(computeMassProperties(mp, mesh, { density: 1240 }).body.mass).toBeCloseTo(0.00992, 15);
    // The old behaviour, the object's own frame, stays reachable.
    expect(computeMassProperties(mp, mesh, { density: 1240, frame: 'local' }).body.mass).toBeCloseTo(9920000, 6);
  });

  test("by default the results are in the parent's frame: own position, rotation and scale count, ancestors do not", () => {
    const mesh = new THREE.Mesh(new THREE.BoxGeometry(2, 4, 6));
    mesh.position.set(7, 8, 9);
    mesh.quaternion.copy(turn(0.3, 0.2, 0.1));
    mesh.scale.setScalar(3);
    const parent = new THREE.Group();
    parent.position.set(-100, 50, 3);
    parent.quaternion.copy(turn(1, 2, 3));
    parent.scale.setScalar(10);
    parent.add(mesh);
    const { body } = computeMassProperties(mp, mesh, { density: 0.5 });
    const m = 0.5 * 6 * 12 * 18;
    expect(body.mass).toBeCloseTo(m, 9);
    closeTo(body.centerOfMass, [7, 8, 9]);
    closeTo(body.principalMoments, boxMoments(m, 6, 12, 18), 7);
    // The body's principal axes are the mesh's turned axes: the longest side (z) belongs to I₁.
    const longAxis = new THREE.Vector3(0, 0, 1).applyQuaternion(mesh.quaternion);
    expect(Math.abs(longAxis.dot(new THREE.Vector3(...body.principalAxes[0])))).toBeCloseTo(1, 12);
  });

  test("a group measured in its parent's frame equals its parent measured in its own", () => {
    const group = new THREE.Group();
    group.position.set(1, -2, 3);
    group.quaternion.copy(turn(-0.4, 0.9, 0.2));
    group.scale.set(2, 0.5, -1.5); // mirrored
    const a = new THREE.Mesh(new THREE.BoxGeometry(1, 2, 3));
    a.position.set(0.5, 0, -1);
    const b = new THREE.Mesh(new THREE.BoxGeometry(0.5, 0.5, 0.5));
    b.position.set(-2, 1, 0);
    group.add(a, b);
    const parent = new THREE.Group().add(group);
    parent.position.set(40, 40, 40);
    const inParent = computeMassProperties(mp, group).body;
    const parentLocal = computeMassProperties(mp, parent, { frame: 'local' }).body;
    expect(inParent.mass).toBeCloseTo(parentLocal.mass, 12);
    closeTo(inParent.centerOfMass, parentLocal.centerOfMass, 12);
    closeTo(inParent.inertia, parentLocal.inertia, 11);
    expect(inParent.mass).toBeCloseTo(1.5 * (6 + 0.125), 12); // |det scale| = 1.5
  });

  test("frame 'world' applies every ancestor", () => {
    const mesh = new THREE.Mesh(new THREE.BoxGeometry(1, 1, 1));
    mesh.position.set(1, 0, 0);
    const parent = new THREE.Group();
    parent.position.set(0, 10, 0);
    parent.scale.setScalar(2);
    parent.add(mesh);
    const { body } = computeMassProperties(mp, mesh, { frame: 'world' });
    expect(body.mass).toBeCloseTo(8, 12);
    closeTo(body.centerOfMass, [2, 10, 0], 12);
    // bakeMeshes takes the same frames.
    const baked = bakeMeshes(mesh, { frame: 'world' })[0];
    expect(Math.min(...baked.positions.filter((_, i) => i % 3 === 1))).toBeCloseTo(9, 12);
  });

  test('an unknown frame is refused', () => {
    const mesh = new THREE.Mesh(new THREE.BoxGeometry(1, 1, 1));
    expect(() => computeMassProperties(mp, mesh, { frame: 'object' })).toThrow(
      expect.objectContaining({
        code: 'INVALID_OPTIONS',
        message: expect.stringMatching(/'parent', 'world' or 'local'/),
      }),
    );
  });
});

describe('filter', () => {
  function sceneWithFloor() {
    const scene = new THREE.Scene();
    const floor = new THREE.Mesh(new THREE.PlaneGeometry(100, 100));
    floor.name = 'floor';
    const crate = new THREE.Mesh(new THREE.BoxGeometry(1, 2, 3));
    crate.position.set(0, 1, 0);
    // A child of the floor: left-out meshes' children still count.
    const lid = new THREE.Mesh(new THREE.BoxGeometry(1, 1, 1));
    lid.position.set(5, 0, 0);
    floor.add(lid);
    scene.add(floor, crate);
    return { scene, floor, crate, lid };
  }

  test('meshes the filter rejects are left out, their children are not', () => {
    const { scene, crate, lid } = sceneWithFloor();
    // Without the filter the flat floor is a part with an error (ZERO_VOLUME).
    const all = computeMassProperties(mp, scene);
    expect(all.parts.map((p) => p.error?.code ?? 'ok')).toEqual(['ZERO_VOLUME', 'ok', 'ok']);
    const { body, parts } = computeMassProperties(mp, scene, { filter: (mesh) => mesh.name !== 'floor' });
    // Traverse order: the floor's child before the crate.
    expect(parts.map((p) => p.mesh === lid || (p.mesh === crate && 'crate'))).toEqual([true, 'crate']);
    expect(body.volume).toBeCloseTo(7, 12);
    closeTo(body.centerOfMass, [5 / 7, 6 / 7, 0], 12);
    const baked = bakeMeshes(scene, { filter: (mesh) => mesh === lid });
    expect(baked.length === 1 && baked[0].mesh === lid).toBe(true);
  });

  test('a filter that leaves nothing is EMPTY_MESH; a filter that is not a function INVALID_OPTIONS', () => {
    const { scene } = sceneWithFloor();
    expect(() => computeMassProperties(mp, scene, { filter: () => false })).toThrow(
      expect.objectContaining({ code: 'EMPTY_MESH' }),
    );
    expect(() => computeMassProperties(mp, scene, { filter: 'floor' })).toThrow(
      expect.objectContaining({ code: 'INVALID_OPTIONS', message: expect.stringMatching(/filter/) }),
    );
  });
});

describe('measureGeometry', () => {
  test('a BoxGeometry, indexed or not, translated: the closed form of its box', () => {
    const geometry = new THREE.BoxGeometry(1, 2, 3).translate(4, 5, 6);
    for (const g of [geometry, geometry.toNonIndexed()]) {
      const r = measureGeometry(mp, g, { density: 2 });
      expect(r.mass).toBeCloseTo(12, 12);
      closeTo(r.centerOfMass, [4, 5, 6], 12);
      closeTo(r.principalMoments, boxMoments(12, 1, 2, 3), 12);
      expect(r.diagnostics.closed).toBe(true);
    }
  });

  test('its drawRange and interleaved positions, as three.js draws them', () => {
    const two = new THREE.BoxGeometry(1, 1, 1);
    const count = two.index.count;
    const merged = new THREE.BufferGeometry();
    const positions = new Float32Array(2 * two.attributes.position.count * 3);
    positions.set(two.attributes.position.array);
    positions.set(
      two.attributes.position.array.map((x, i) => (i % 3 === 0 ? x + 10 : x)),
      two.attributes.position.count * 3,
    );
    // Interleaved: position xyz and a padding float per vertex.
    const interleaved = new Float32Array((positions.length / 3) * 4);
    for (let v = 0; v < positions.length / 3; v++) interleaved.set(positions.subarray(3 * v, 3 * v + 3), 4 * v);
    merged.setAttribute(
      'position',
      new THREE.InterleavedBufferAttribute(new THREE.InterleavedBuffer(interleaved, 4), 3, 0),
    );
    const index = Array.from(two.index.array);
    merged.setIndex([...index, ...index.map((i) => i + two.attributes.position.count)]);
    expect(measureGeometry(mp, merged).volume).toBeCloseTo(2, 12);
    merged.setDrawRange(count, count);
    closeTo(measureGeometry(mp, merged).centerOfMass, [10, 0, 0], 12);
  });

  test('mp.mesh options pass through, and what is not a geometry is refused', () => {
    expect(measureGeometry(mp, new THREE.BoxGeometry(1, 1, 1), { mode: 'shell' }).volume).toBeCloseTo(6, 12);
    expect(() => measureGeometry(mp, new THREE.Mesh())).toThrow(expect.objectContaining({ code: 'INVALID_TYPE' }));
    expect(() => measureGeometry({}, new THREE.BoxGeometry())).toThrow(
      expect.objectContaining({ code: 'INVALID_ARGUMENT' }),
    );
  });
});

test("three's attribute arrays go straight to mp.mesh, Uint8Array indices included", () => {
  const geometry = new THREE.BoxGeometry(1, 2, 3);
  expect(mp.mesh(geometry.attributes.position.array, geometry.index?.array).volume).toBeCloseTo(6, 12);
  const small = new Uint8Array(geometry.index.array);
  expect(mp.mesh(geometry.attributes.position.array, small).volume).toBeCloseTo(6, 12);
  // Typed as TypedArray, still checked at run time.
  expect(() => mp.mesh(geometry.attributes.position.array, new Int32Array(geometry.index.array))).toThrow(
    expect.objectContaining({ code: 'INVALID_TYPE' }),
  );
});

test('toCenterOfMassVector3 names what it converts; toVector3 is the same function', () => {
  const body = mp.transform(mp.box(1, 1, 1), { position: [1, 2, 3] });
  expect(toCenterOfMassVector3(body).toArray()).toEqual([1, 2, 3]);
  expect(toVector3).toBe(toCenterOfMassVector3);
});

describe('helpers are not weighed', () => {
  test('a 1000 kg cube measured, its MassPropertiesHelper added, measured again: still 1000 kg', () => {
    const scene = new THREE.Scene();
    const cube = new THREE.Mesh(new THREE.BoxGeometry(1, 1, 1));
    cube.position.set(2, 0, 0);
    scene.add(cube);
    const first = computeMassProperties(mp, scene, { density: 1000 }).body;
    expect(first.mass).toBeCloseTo(1000, 9);
    scene.add(new MassPropertiesHelper(first));
    const again = computeMassProperties(mp, scene, { density: 1000 }).body;
    expect(again.mass).toBeCloseTo(1000, 9);
    closeTo(again.centerOfMass, [2, 0, 0]);
    closeTo(again.principalMoments, boxMoments(1000, 1, 1, 1));
  });

  test("three's own helpers (some are Meshes, some have Mesh children) weigh nothing either", () => {
    const scene = new THREE.Scene();
    scene.add(new THREE.Mesh(new THREE.BoxGeometry(1, 2, 3)));
    const light = new THREE.PointLight();
    scene.add(light);
    const directional = new THREE.DirectionalLight();
    scene.add(directional);
    scene.add(
      new THREE.PointLightHelper(light, 5), // a Mesh: a sphere of radius 5
      new THREE.ArrowHelper(new THREE.Vector3(0, 1, 0), new THREE.Vector3(), 10), // a cone Mesh inside
      new THREE.AxesHelper(3),
      new THREE.GridHelper(10, 10),
      new THREE.DirectionalLightHelper(directional),
    );
    expect(computeMassProperties(mp, scene).body.mass).toBeCloseTo(6, 9);
  });

  test('a helper measured by itself is measured: the caller named it', () => {
    const helper = new THREE.PointLightHelper(new THREE.PointLight(), 1, 0xffffff);
    // three's PointLightHelper is SphereGeometry(size, 4, 2): an octahedron of radius 1, 4r³/3.
    expect(computeMassProperties(mp, helper).body.mass).toBeCloseTo(4 / 3, 12);
  });
});
