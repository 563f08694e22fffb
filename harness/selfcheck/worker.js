// A selfcheck worker thread (harness/pool/pool.js): says it is ready, then runs
// the chunks the main thread sends (harness/selfcheck/selfcheck.js `runChunk`) and
// answers each with its result.

import { workerPort } from '../../portable/hosts/worker-port.js';
import { prepareKinds } from '../../src/program/kinds/index.js';
import { runChunk } from './selfcheck.js';

const port = workerPort();

// Ready once this realm can build every kind (a CryptoKey's sample keys are made asynchronously).
await prepareKinds();
port.on('message', (task) => port.postMessage(runChunk(task)));
port.postMessage('ready');
