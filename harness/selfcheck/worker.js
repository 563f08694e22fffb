// A selfcheck worker thread (harness/pool/pool.js): says it is ready, then runs
// the chunks the main thread sends (harness/selfcheck/selfcheck.js `runChunk`) and
// answers each with its result.

import { parentPort } from 'node:worker_threads';
import { runChunk } from './selfcheck.js';

parentPort.on('message', (task) => parentPort.postMessage(runChunk(task)));
parentPort.postMessage('ready');
