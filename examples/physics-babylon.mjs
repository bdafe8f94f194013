// How far Babylon.js + Havok's own mass properties are from ours, and the call that replaces them.
//   node examples/physics-babylon.mjs [model.obj|stl|ply]      (after npm run build)
// Havok runs in Node here: its wasm bytes handed to HavokPhysics, a NullEngine and a Scene.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import HavokPhysics from '@babylonjs/havok';
import { NullEngine } from '@babylonjs/core/Engines/nullEngine.js';
import { Scene } from '@babylonjs/core/scene.js';
import { Quaternion, Vector3 } from '@babylonjs/core/Maths/math.vector.js';
import { Mesh } from '@babylonjs/core/Meshes/mesh.js';
import { VertexData } from '@babylonjs/core/Meshes/mesh.vertexData.js';
import { HavokPlugin } from '@babylonjs/core/Physics/v2/Plugins/havokPlugin.js';
import { PhysicsBody } from '@babylonjs/core/Physics/v2/physicsBody.js';
import { PhysicsShapeConvexHull, PhysicsShapeMesh } from '@babylonjs/core/Physics/v2/physicsShape.js';
import '@babylonjs/core/Physics/joinedPhysicsEngineComponent.js'; // scene.enablePhysics
import { init } from 'mass-properties';
import { toBabylonMassProperties } from 'mass-properties/physics';
import { compare, models } from './model.mjs';

const DENSITY = 1000; // kg/m³, coordinates in metres
const DYNAMIC = 2; // PhysicsMotionType.DYNAMIC

const wasm = createRequire(import.meta.url).resolve('@babylonjs/havok/lib/esm/HavokPhysics.wasm');
const havok = await HavokPhysics({ wasmBinary: readFileSync(wasm) });
const engine = new NullEngine();
const scene = new Scene(engine);
scene.enablePhysics(new Vector3(0, 0, 0), new HavokPlugin(false, havok));
const mp = await init();

// Babylon's PhysicsMassProperties in ours terms: its inertia is per unit mass.
const asOurs = ({ mass, centerOfMass: c, inertia: i }) => ({
  mass,
  centerOfMass: [c.x, c.y, c.z],
  principalMoments: [i.x * mass, i.y * mass, i.z * mass],
});

function havokEstimate(mesh, Shape) {
  const body = new PhysicsBody(mesh, DYNAMIC, false, scene);
  const shape = new Shape(mesh, scene);
  shape.density = DENSITY;
  body.shape = shape;
  const estimate = asOurs(body.computeMassProperties());
  body.dispose();
  shape.dispose();
  return estimate;
}

for (const { name, positions, indices } of models()) {
  const solid = mp.mesh(positions, indices, { density: DENSITY });
  const convex = mp.mesh(positions, indices, { density: DENSITY, mode: 'convex' });
  console.log(`${name}: ${indices.length / 3} triangles, ${solid.mass.toPrecision(4)} kg at ${DENSITY} kg/m³`);
  const mesh = new Mesh(name, scene);
  Object.assign(new VertexData(), { positions, indices }).applyToMesh(mesh);
  console.log(compare('PhysicsShapeMesh vs ours', havokEstimate(mesh, PhysicsShapeMesh), solid));
  const hull = havokEstimate(mesh, PhysicsShapeConvexHull);
  console.log(compare('PhysicsShapeConvexHull vs ours (solid)', hull, solid));
  console.log(compare('PhysicsShapeConvexHull vs ours (mode convex)', hull, convex));

  // The fix: any shape for contacts, our numbers on the body (inertia per unit mass done for you).
  const body = new PhysicsBody(mesh, DYNAMIC, false, scene);
  body.shape = new PhysicsShapeConvexHull(mesh, scene);
  body.setMassProperties(toBabylonMassProperties(solid, { Vector3, Quaternion }));
  console.log(compare('ConvexHull + toBabylonMassProperties', asOurs(body.getMassProperties()), solid));
  body.dispose();
  mesh.dispose();
}
engine.dispose();
