// A worker thread of the command line: one module, files measured one at a time on request.
import { parentPort, workerData } from 'node:worker_threads';
import { init } from 'mass-properties';
import { measureFile } from './measure.js';
import { failureOf } from './failure.js';

// Every file may need the repair: the full module at once. Threads only when the main thread says
// they pay (main.js): not beside other workers.
const mp = await init({ parts: 'full', threads: workerData.options.threads });
parentPort.on('message', async ({ id, file }) => {
  try {
    parentPort.postMessage({ id, report: await measureFile(mp, file, workerData.options) });
  } catch (error) {
    parentPort.postMessage({ id, failure: failureOf(error, file) });
  }
});
parentPort.postMessage({ ready: true });
