// A glTF document written for the KHR_physics_rigid_bodies / KHR_implicit_shapes tests, in the
// spirit of the extension's sample assets but of our own making: a static ground box, triggers
// (one compound), a kinematic body, a body with an authored mass only, a mass of 0, an inertia
// with zeros and a gravity factor, a body with velocities, extras and a nested extension, jointed
// bodies with limits and drives, materials and filters, bodies of every shape type (tapered ones
// too) placed by child nodes, mesh colliders with and without convexHull, a body without
// colliders, nested bodies, a shape of an unknown type and a plane.
import { box } from './meshes.js';

// Two meshes in one buffer: a unit cube [0, 1]³ and two disjoint unit cubes [0, 1]³ ∪ [2, 3]×[0, 1]².
function buffer() {
  const cube = box([0, 0, 0], [1, 1, 1]);
  const other = box([2, 0, 0], [3, 1, 1]);
  const pair = {
    positions: [...cube.positions, ...other.positions],
    indices: [...cube.indices, ...[...other.indices].map((i) => i + 8)],
  };
  const parts = [
    new Float32Array(cube.positions),
    new Uint16Array(cube.indices),
    new Float32Array(pair.positions),
    new Uint16Array(pair.indices),
  ];
  const views = [];
  let offset = 0;
  const bytes = new Uint8Array(parts.reduce((n, p) => n + p.byteLength, 0));
  for (const part of parts) {
    bytes.set(new Uint8Array(part.buffer), offset);
    views.push({ buffer: 0, byteOffset: offset, byteLength: part.byteLength });
    offset += part.byteLength;
  }
  return { bytes, views };
}

export const NODE = {
  ground: 0,
  trigger: 1,
  compoundTrigger: 2,
  triggerPart: 3,
  kinematic: 4,
  massOnly: 5,
  infinite: 6,
  zeroInertia: 7,
  balloon: 8,
  jointA: 9,
  jointB: 10,
  twoSpheres: 11,
  meshBody: 15,
  hullBody: 16,
  geometry: 17,
  noColliders: 18,
  boxBody: 19,
  capsuleBody: 21,
  cylinderBody: 23,
  frustumBody: 25,
  taperedCapsuleBody: 27,
  unknownShape: 29,
  outer: 30,
  inner: 31,
  everything: 32,
};

// Placements of the single-shape bodies' colliders (a general turn, a shift, scales with mirrors).
export const TURN = [0.2, -0.4, 0.3, Math.sqrt(1 - 0.29)];
export const PLACE = {
  box: { translation: [1, 2, 3], rotation: TURN, scale: [2, 1, -1] },
  capsule: { translation: [0, 1, 0], rotation: TURN },
  cylinder: { translation: [-1, 0, 2], scale: [1, -2, 1] },
  frustum: { translation: [0.5, -1, 0], rotation: TURN, scale: [1, -2, 1] },
  taperedCapsule: { translation: [0, 0, 1], rotation: TURN },
};

export const SHAPES = [
  { type: 'box', box: { size: [20, 1, 20] } },
  { type: 'sphere', sphere: { radius: 1 } },
  { type: 'box', box: { size: [1, 2, 3] } },
  { type: 'plane', plane: { sizeX: 10, sizeZ: 10, doubleSided: true } },
  { type: 'capsule', capsule: { height: 1, radiusBottom: 0.25, radiusTop: 0.25 } },
  { type: 'cylinder', cylinder: { height: 2, radiusBottom: 0.5, radiusTop: 0.5 } },
  { type: 'cylinder', cylinder: { height: 1, radiusBottom: 0.5, radiusTop: 0.2 } },
  { type: 'capsule', capsule: { height: 1, radiusBottom: 0.5, radiusTop: 0.25 } },
  { type: 'torus', torus: { majorRadius: 1, minorRadius: 0.2 }, extras: { from: 'a later extension' } },
  {
    name: 'ball',
    type: 'sphere',
    sphere: { radius: 0.5, extras: { k: 1 } },
    extensions: { EXT_shape_future: { detail: 3 } },
  },
];

const collider = (shape, more = {}) => ({ collider: { geometry: { shape }, ...more } });
const physics = (object) => ({ extensions: { KHR_physics_rigid_bodies: object } });

/** The document's JSON and its buffer (as a data: URI, so the JSON is the whole file). */
export function physicsFixture() {
  const { bytes, views } = buffer();
  const nodes = [];
  const add = (index, node) => {
    if (index !== nodes.length) throw new Error(`fixture node ${index} out of order`);
    nodes.push(node);
  };
  add(0, {
    name: 'ground',
    translation: [0, -0.5, 0],
    ...physics(collider(0, { physicsMaterial: 0, collisionFilter: 0 })),
  });
  add(1, {
    name: 'trigger',
    translation: [0, 3, 0],
    ...physics({ trigger: { geometry: { shape: 1, convexHull: true }, collisionFilter: 1 } }),
  });
  add(2, { name: 'compoundTrigger', children: [3], ...physics({ trigger: { nodes: [3] } }) });
  add(3, { name: 'triggerPart', translation: [0, 1, 0], ...physics({ trigger: { geometry: { shape: 0 } } }) });
  add(4, {
    name: 'kinematic',
    ...physics({
      motion: { isKinematic: true, linearVelocity: [1, 0, 0], angularVelocity: [0, 2, 0] },
      ...collider(1),
    }),
  });
  add(5, { name: 'massOnly', ...physics({ motion: { mass: 3 }, ...collider(2, { physicsMaterial: 1 }) }) });
  add(6, { name: 'infinite', translation: [5, 0, 0], ...physics({ motion: { mass: 0 }, ...collider(1) }) });
  add(7, {
    name: 'zeroInertia',
    ...physics({
      motion: { mass: 2, inertiaDiagonal: [0, 1, 0], inertiaOrientation: [0, 0, 0, 1], gravityFactor: 0 },
      ...collider(1),
    }),
  });
  add(8, {
    name: 'balloon',
    ...physics({
      motion: {
        gravityFactor: -0.5,
        linearVelocity: [0, 1, 0],
        angularVelocity: [0, 0, 0.5],
        extras: { note: 'floats' },
        extensions: { EXT_future_motion: { lift: 2 } },
      },
      collider: { geometry: { shape: 1, extras: { g: 1 } }, extras: { c: 1 } },
      extras: { owner: 'test' },
    }),
  });
  add(9, {
    name: 'jointA',
    translation: [0, 0, -3],
    ...physics({ motion: { mass: 1 }, joint: { connectedNode: 10, joint: 0, enableCollision: true }, ...collider(1) }),
  });
  add(10, {
    name: 'jointB',
    translation: [0, 0, -5],
    ...physics({ motion: { mass: 1, centerOfMass: [0, 0.1, 0] }, ...collider(1) }),
  });
  add(11, { name: 'twoSpheres', translation: [0, 20, 0], children: [12, 13, 14], ...physics({ motion: {} }) });
  add(12, { name: 'sphereA', translation: [-1, 0, 0], ...physics(collider(1)) });
  add(13, { name: 'sphereB', translation: [2, 0, 0], scale: [0.5, 0.5, -0.5], ...physics(collider(1)) });
  add(14, { name: 'plane', ...physics(collider(3)) });
  add(15, { name: 'meshBody', ...physics({ motion: {}, collider: { geometry: { node: 17 } } }) });
  add(16, { name: 'hullBody', ...physics({ motion: {}, collider: { geometry: { node: 17, convexHull: true } } }) });
  add(17, { name: 'geometry', mesh: 1 });
  add(18, { name: 'noColliders', mesh: 0, translation: [0, 10, 0], ...physics({ motion: {} }) });
  add(19, { name: 'boxBody', children: [20], ...physics({ motion: {} }) });
  add(20, { name: 'boxCollider', ...PLACE.box, ...physics(collider(2)) });
  add(21, { name: 'capsuleBody', children: [22], ...physics({ motion: {} }) });
  add(22, { name: 'capsuleCollider', ...PLACE.capsule, ...physics(collider(4)) });
  add(23, { name: 'cylinderBody', children: [24], ...physics({ motion: {} }) });
  add(24, { name: 'cylinderCollider', ...PLACE.cylinder, ...physics(collider(5)) });
  add(25, { name: 'frustumBody', children: [26], ...physics({ motion: {} }) });
  add(26, { name: 'frustumCollider', ...PLACE.frustum, ...physics(collider(6)) });
  add(27, { name: 'taperedCapsuleBody', children: [28], ...physics({ motion: {} }) });
  add(28, { name: 'taperedCapsuleCollider', ...PLACE.taperedCapsule, ...physics(collider(7)) });
  add(29, { name: 'unknownShape', ...physics(collider(8)) });
  add(30, { name: 'outer', children: [31], ...physics({ motion: { mass: 5 }, ...collider(2) }) });
  add(31, { name: 'inner', translation: [0, 5, 0], ...physics({ motion: {}, ...collider(1) }) });
  add(32, {
    name: 'everything',
    translation: [30, 0, 0],
    children: [33, 34, 35, 36, 37, 38, 39, 40],
    ...physics({ motion: {} }),
  });
  [2, 1, 4, 5, 6, 7, 3, 8].forEach((shape, k) =>
    add(33 + k, { name: `part ${shape}`, translation: [3 * k, 0, 0], ...physics(collider(shape)) }),
  );

  const roots = [0, 1, 2, 4, 5, 6, 7, 8, 9, 10, 11, 15, 16, 18, 19, 21, 23, 25, 27, 29, 30, 32]; // not 17
  const accessor = (bufferView, componentType, count, type) => ({ bufferView, componentType, count, type });
  return {
    asset: { version: '2.0' },
    extensionsUsed: ['KHR_implicit_shapes', 'KHR_physics_rigid_bodies'],
    extensionsRequired: ['KHR_implicit_shapes', 'KHR_physics_rigid_bodies'],
    extensions: {
      KHR_implicit_shapes: { shapes: SHAPES },
      KHR_physics_rigid_bodies: {
        physicsMaterials: [
          {
            name: 'rubber',
            staticFriction: 0.8,
            dynamicFriction: 0.7,
            restitution: 0.1,
            frictionCombine: 'minimum',
            restitutionCombine: 'maximum',
          },
          { staticFriction: 0.6, dynamicFriction: 0.6, restitution: 0, extras: { a: 1 } },
        ],
        collisionFilters: [
          { collisionSystems: ['landscape'], collideWithSystems: ['character'] },
          { name: 'sensors', collisionSystems: ['sensor'], notCollideWithSystems: ['debris'] },
        ],
        physicsJoints: [
          {
            name: 'hinge',
            limits: [
              { linearAxes: [0, 1, 2], min: 0, max: 0 },
              { angularAxes: [1], min: -0.5, max: 0.5, stiffness: 10, damping: 1 },
              { angularAxes: [0, 2], min: 0, max: 0, extras: { why: 'a cone' } },
            ],
            drives: [
              {
                type: 'angular',
                mode: 'force',
                axis: 1,
                maxForce: 5,
                positionTarget: 0.1,
                stiffness: 2,
                velocityTarget: 1,
                damping: 0.5,
              },
            ],
          },
        ],
        extras: { revision: 1 },
      },
    },
    scene: 0,
    scenes: [{ nodes: roots }],
    nodes,
    meshes: [
      { name: 'cube', primitives: [{ attributes: { POSITION: 0 }, indices: 1 }] },
      { name: 'two cubes', primitives: [{ attributes: { POSITION: 2 }, indices: 3 }] },
    ],
    accessors: [
      { ...accessor(0, 5126, 8, 'VEC3'), min: [0, 0, 0], max: [1, 1, 1] },
      accessor(1, 5123, 36, 'SCALAR'),
      { ...accessor(2, 5126, 16, 'VEC3'), min: [0, 0, 0], max: [3, 1, 1] },
      accessor(3, 5123, 72, 'SCALAR'),
    ],
    bufferViews: views,
    buffers: [
      {
        byteLength: bytes.byteLength,
        uri: `data:application/octet-stream;base64,${Buffer.from(bytes).toString('base64')}`,
      },
    ],
  };
}
