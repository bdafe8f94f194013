import type { BakedPart, MassPropertiesModule, MeasuredParts } from './index.js';

export { MassPropertiesError } from './index.js';

/** What createWorker needs of a worker: the Web Worker interface, structurally. */
export interface WebWorkerLike {
  postMessage(message: unknown, transfer: ArrayBuffer[]): void;
  addEventListener(type: 'message' | 'error' | 'messageerror', listener: (event: any) => void): void;
  terminate?(): void;
}

/** Or a node:worker_threads Worker (an EventEmitter), structurally. */
export interface NodeWorkerLike {
  postMessage(message: unknown, transfer: ArrayBuffer[]): void;
  on(type: 'message' | 'error' | 'messageerror' | 'exit', listener: (value: any) => void): unknown;
  terminate?(): unknown;
}

export type WorkerLike = WebWorkerLike | NodeWorkerLike;

export interface CreateWorkerOptions {
  /** A worker the caller started from 'mass-properties/worker-thread'; by default one is started. */
  worker?: WorkerLike;
  /** Move the typed arrays a call is given into the worker (they are empty afterwards); default true. */
  transfer?: boolean;
}

type Promised<F> = F extends (...args: infer A) => infer R ? (...args: A) => Promise<R> : never;

/** The module's functions, each returning a promise, run in a Web Worker. */
export type MassPropertiesWorker = {
  // (Not loadFull: the worker's thread loads the full module before its first request.)
  readonly [K in Exclude<keyof MassPropertiesModule, 'errorCodes' | 'loadFull'>]: Promised<MassPropertiesModule[K]>;
} & {
  measureParts<P extends BakedPart>(parts: P[]): Promise<MeasuredParts<P>>;
  /** Stops the worker; calls still waiting are rejected with a MassPropertiesError (INTERNAL). */
  terminate(): void;
};

/** Starts a worker running the package (or uses `options.worker`) and returns its promise API. */
export function createWorker(options?: CreateWorkerOptions): MassPropertiesWorker;
