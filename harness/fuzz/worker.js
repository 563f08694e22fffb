// A fuzz worker thread (harness/pool.js): answers each task (tasks.js) with
// one message.

import { parentPort, workerData } from 'node:worker_threads';
import { judgeProgram, runChunk, shrinkDeviation } from './tasks.js';

const { heartbeat } = workerData;

parentPort.on('message', async (task) => {
  const run = { chunk: runChunk, shrink: shrinkDeviation, program: judgeProgram }[task.kind];
  parentPort.postMessage(await run(task, heartbeat));
});
