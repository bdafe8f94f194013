// Uses every export of mass-properties/gltf as a glTF-Transform pipeline would; must pass tsc --strict.
import { Document, NodeIO } from '@gltf-transform/core';
import { init } from 'mass-properties';
import {
  DEFAULT_MAX_BYTES,
  KHR_PHYSICS_RIGID_BODIES,
  KHRPhysicsRigidBodies,
  measureDocument,
  motionFromResult,
  prepareIO,
  readDocument,
  writeMotion,
  type PhysicsMotion,
} from 'mass-properties/gltf';

export async function safely(path: string, bytes: Uint8Array, files: Map<string, Uint8Array>): Promise<Document[]> {
  const io = await prepareIO(new NodeIO());
  return [
    await readDocument(io, path),
    await readDocument(io, new URL('https://example.com/models/robot.gltf'), { images: true }),
    await readDocument(io, bytes, { resourceRoot: '/srv/models', maxBytes: DEFAULT_MAX_BYTES / 2 }),
    await readDocument(io, bytes.buffer as ArrayBuffer, { resources: (name: string) => files.get(name) ?? null }),
    await readDocument(io, bytes, { resources: async (name: string) => files.get(name) }),
  ];
}

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
