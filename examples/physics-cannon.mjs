// How far cannon-es's own inertia is from ours, and the call that replaces it.
//   node examples/physics-cannon.mjs [model.obj|stl|ply]      (after npm run build)
// cannon-es computes no mass (you give one) and puts the center of mass at the body's origin;
// its inertia is always that of the shapes' bounding box (Body.updateMassProperties). It has no
// convex-hull builder, so a Trimesh stands for any shape here.
import * as CANNON from 'cannon-es';
import { init } from 'mass-properties';
import { cannonObjectPose, setCannonMassProperties } from 'mass-properties/physics';
import { compare, models } from './model.mjs';

const DENSITY = 1000; // kg/m³, coordinates in metres

const mp = await init();
for (const { name, positions, indices } of models()) {
  const solid = mp.mesh(positions, indices, { density: DENSITY });
  console.log(`${name}: ${indices.length / 3} triangles, ${solid.mass.toPrecision(4)} kg at ${DENSITY} kg/m³`);

  // The usual hand-off: our mass, cannon's inertia, the mesh's origin as the center.
  const naive = new CANNON.Body({ mass: solid.mass, shape: new CANNON.Trimesh([...positions], [...indices]) });
  const estimate = {
    mass: naive.mass,
    centerOfMass: [0, 0, 0],
    principalMoments: [naive.inertia.x, naive.inertia.y, naive.inertia.z],
  };
  console.log(compare('Body({ mass: ours, shape }) vs ours', estimate, solid));

  // The fix: the body in the principal frame at the center of mass, the shape moved into it.
  const body = setCannonMassProperties(new CANNON.Body(), solid, {
    shapes: [new CANNON.Trimesh([...positions], [...indices])],
  });
  // The body's origin is the center of mass; the object is drawn at cannonObjectPose(body, solid).
  const drawn = cannonObjectPose(body, solid);
  const center = [
    body.position.x - drawn.position.x,
    body.position.y - drawn.position.y,
    body.position.z - drawn.position.z,
  ];
  const given = {
    mass: body.mass,
    centerOfMass: center,
    principalMoments: [body.inertia.x, body.inertia.y, body.inertia.z],
  };
  console.log(compare('setCannonMassProperties', given, solid));
}
