// Uses every export of mass-properties/gltf as a glTF-Transform pipeline would; must pass tsc --strict.
import { Document, NodeIO } from '@gltf-transform/core';
import { init } from 'mass-properties';
import {
  KHR_PHYSICS_RIGID_BODIES,
  KHRPhysicsRigidBodies,
  measureDocument,
  motionFromResult,
  prepareIO,
  writeMotion,
  type PhysicsMotion,
} from 'mass-properties/gltf';

export async function pipeline(path: string): Promise<Uint8Array> {
  const mp = await init();
  const io = await prepareIO(new NodeIO());
  const document: Document = await io.read(path);
  const { body, parts } = measureDocument(mp, document, { materials: { steel: 7850 }, density: 1000, units: 'mm' });
  const size = body.bounds ? body.bounds.max[0] - body.bounds.min[0] : 0;
  for (const part of parts) if (part.error) console.log(part.name, part.error.code, part.skipped);
  await document.transform(writeMotion(mp, { body: 'scene', mass: 12 }));
  const motion = document.getRoot().listNodes()[0].getExtension<PhysicsMotion>(KHR_PHYSICS_RIGID_BODIES);
  const mass: number | null = motion?.getMass() ?? null;
  const extension = document.createExtension(KHRPhysicsRigidBodies);
  extension
    .createMotion()
    .fromJSON(motionFromResult(body))
    .setLinearVelocity([0, 0, size + (mass ?? 0)]);
  return io.writeBinary(document);
}
