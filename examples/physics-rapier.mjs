// How far Rapier's own mass properties are from ours, and the one call that replaces them.
//   node examples/physics-rapier.mjs [model.obj|stl|ply]      (after npm run build)
import RAPIER from '@dimforge/rapier3d-compat';
import { init } from 'mass-properties';
import { setRapierMassProperties } from 'mass-properties/physics';
import { compare, models } from './model.mjs';

const DENSITY = 1000; // kg/m³, coordinates in metres

await RAPIER.init();
const mp = await init();
const world = new RAPIER.World({ x: 0, y: 0, z: 0 });

// What Rapier derives from a collider of this density, read back from its body.
function rapierEstimate(collider) {
  const body = world.createRigidBody(RAPIER.RigidBodyDesc.dynamic());
  world.createCollider(collider.setDensity(DENSITY), body);
  body.recomputeMassPropertiesFromColliders();
  const com = body.localCom();
  const inertia = body.principalInertia();
  const estimate = {
    mass: body.mass(),
    centerOfMass: [com.x, com.y, com.z],
    principalMoments: [inertia.x, inertia.y, inertia.z],
  };
  world.removeRigidBody(body);
  return estimate;
}

for (const { name, positions, indices } of models()) {
  const solid = mp.mesh(positions, indices, { density: DENSITY });
  const convex = mp.mesh(positions, indices, { density: DENSITY, mode: 'convex' });
  console.log(`${name}: ${indices.length / 3} triangles, ${solid.mass.toPrecision(4)} kg at ${DENSITY} kg/m³`);
  console.log(
    compare('trimesh collider vs ours', rapierEstimate(RAPIER.ColliderDesc.trimesh(positions, indices)), solid),
  );
  const hull = rapierEstimate(RAPIER.ColliderDesc.convexHull(positions));
  console.log(compare('convexHull collider vs ours (solid)', hull, solid));
  console.log(compare('convexHull collider vs ours (mode convex)', hull, convex));

  // The fix: any collider for contacts, with density 0, and our numbers on the body.
  const body = world.createRigidBody(setRapierMassProperties(RAPIER.RigidBodyDesc.dynamic(), solid));
  world.createCollider(RAPIER.ColliderDesc.convexHull(positions).setDensity(0), body);
  body.recomputeMassPropertiesFromColliders();
  const com = body.localCom();
  const inertia = body.principalInertia();
  const given = {
    mass: body.mass(),
    centerOfMass: [com.x, com.y, com.z],
    principalMoments: [inertia.x, inertia.y, inertia.z],
  };
  console.log(compare('convexHull + setRapierMassProperties', given, solid));
}
