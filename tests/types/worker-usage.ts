// Uses mass-properties/worker as a page would; must pass tsc --strict. Each function of the
// module is there, returning a promise of the same result.
import { createWorker, MassPropertiesError } from 'mass-properties/worker';
import type { CreateWorkerOptions, MassPropertiesWorker, WorkerLike } from 'mass-properties/worker';
import type { Diagnostics, MassProperties, MeshMassProperties } from 'mass-properties';

declare const someWorker: WorkerLike;
// A node:worker_threads Worker, structurally (these tests use no @types/node): its last `on` overload.
declare const nodeWorker: {
  postMessage(message: unknown, transferList?: readonly ArrayBuffer[]): void;
  on(event: string | symbol, listener: (...args: any[]) => void): unknown;
  terminate(): Promise<number>;
};

export async function use(): Promise<number> {
  const options: CreateWorkerOptions = { transfer: false, worker: someWorker };
  const w: MassPropertiesWorker = createWorker(options);
  const positions = new Float32Array(9);
  const r: MeshMassProperties = await w.mesh(positions, null, { density: 2, mode: 'shell', thickness: 0.1 });
  const d: Diagnostics = await w.inspect(positions);
  const loops: Float64Array[] = await w.holes(positions, new Uint16Array(3));
  const box: MassProperties = await w.box(1, 2, 3);
  const both: MassProperties = await w.combine([r, { body: box, subtract: true }]);
  const parts = await w.measureParts([{ positions, density: 1, label: 'a' }]);
  const label: string = parts.parts[0].label;
  const error: MassPropertiesError | undefined = parts.parts[0].error;
  w.terminate();
  createWorker({ worker: nodeWorker }).terminate();
  // @ts-expect-error the worker's functions return promises
  const sync: MassProperties = w.sphere(1);
  // @ts-expect-error not an option of createWorker
  createWorker({ tranfer: true });
  return r.mass + d.triangles + loops.length + both.mass + label.length + (error ? 1 : 0) + (sync ? 0 : 1);
}
