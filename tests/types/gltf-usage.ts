// Uses every export of mass-properties/gltf as a glTF-Transform pipeline would; must pass tsc --strict.
import { Document, NodeIO } from '@gltf-transform/core';
import { init } from 'mass-properties';
import {
  DEFAULT_MAX_BYTES,
  KHR_PHYSICS_RIGID_BODIES,
  KHRImplicitShapes,
  KHRPhysicsRigidBodies,
  PHYSICS_SLOTS,
  measureBodies,
  measureDocument,
  motionFromResult,
  prepareIO,
  readDocument,
  writeMotion,
  type PhysicsCollider,
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
  // A static ground box and a dynamic sphere whose mass properties writeMotion completes.
  const shapes = document.createExtension(KHRImplicitShapes);
  const ground = extension
    .createCollider()
    .setGeometry(extension.createGeometry().setShape(shapes.createShape('box').setSize([20, 1, 20])));
  ground.setPhysicsMaterial(
    extension.createPhysicsMaterial('rubber').setRestitution(0.1).setFrictionCombine('minimum'),
  );
  document.createNode('ground').setExtension(PHYSICS_SLOTS.collider, ground);
  const ball = document
    .createNode('ball')
    .setExtension(KHR_PHYSICS_RIGID_BODIES, extension.createMotion().setGravityFactor(0.5));
  ball.setExtension(
    PHYSICS_SLOTS.collider,
    extension
      .createCollider()
      .setGeometry(extension.createGeometry().setShape(shapes.createShape('sphere').setRadius(0.2))),
  );
  const written = writeMotion(mp, { density: 1000, replace: false })(document);
  if ('bodies' in written)
    for (const b of written.bodies)
      console.log(
        b.name,
        b.source,
        b.filled,
        b.kept,
        b.parts.map((p) => p.kind),
        b.note,
      );
  for (const b of measureBodies(mp, document, { density: 1000 }))
    console.log(b.name, b.source, b.result?.mass, b.motion.getMass());
  const collider = ball.getExtension<PhysicsCollider>(PHYSICS_SLOTS.collider);
  const radius: number | null = collider?.getGeometry()?.getShape()?.getRadius() ?? null;
  extension.createJointDescription('hinge').setLimits([{ angularAxes: [1], min: -radius!, max: 1 }]);
  return io.writeBinary(document);
}
