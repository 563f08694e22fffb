// Runs one `assertProgramsHold` (test/properties/properties.js) on a worker thread and
// answers {passed: true} or {passed: false, message}.

import { parentPort, workerData } from 'node:worker_threads';
import { assertProgramsHold } from './properties.js';

try {
  assertProgramsHold(workerData.source, workerData);
  parentPort.postMessage({ passed: true });
} catch (error) {
  // fast-check keeps the property's own error (the differences) as the cause.
  const cause = error instanceof Error && error.cause instanceof Error ? `\n${error.cause.message}` : '';
  parentPort.postMessage({ passed: false, message: `${error instanceof Error ? error.message : String(error)}${cause}` });
}
