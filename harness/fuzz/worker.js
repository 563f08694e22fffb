// A fuzz worker thread (harness/pool.js): loads the run's targets, says it
// is ready, then answers each task (tasks.js) with one message.

import { parentPort, workerData } from 'node:worker_threads';
import { judgeProgram, loadTargets, runChunk, shrinkDeviation } from './tasks.js';

const { heartbeat } = workerData;

parentPort.on('message', async (task) => {
  const run = { chunk: runChunk, shrink: shrinkDeviation, program: judgeProgram }[task.kind];
  parentPort.postMessage(await run(task, heartbeat));
});

// Load the targets before saying ready: loading is not a case, and must not
// count against one's timeout.
if (workerData.targets !== undefined) await loadTargets(workerData.targets);
parentPort.postMessage('ready');
