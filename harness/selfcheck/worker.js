// A selfcheck worker thread (harness/pool/pool.js): says it is ready, then runs
// the chunks the main thread sends (harness/selfcheck/selfcheck.js `runChunk`) and
// answers each with its result.

import { parentPort } from 'node:worker_threads';
import { prepareKinds } from '../../src/program/kinds/index.js';
import { runChunk } from './selfcheck.js';

// Ready once this realm can build every kind (a CryptoKey's sample keys are made asynchronously).
await prepareKinds();
parentPort.on('message', (task) => parentPort.postMessage(runChunk(task)));
parentPort.postMessage('ready');
