// A conform worker thread (harness/pool/pool.js): a fresh global for one test
// file of a target that runs in this Node (ref:, polyfill:, impl:, node).
// Its twin in other runtimes is portable/hosts/agent.js with tasks.js.

import { parentPort, workerData } from 'node:worker_threads';
import { sharedHeartbeatWriter } from '../../portable/hosts/heartbeat.js';
import { loadTargets, runTask } from '../../portable/conform/tasks.js';

const heartbeat = sharedHeartbeatWriter(workerData.heartbeat);

parentPort.on('message', async (task) => {
  parentPort.postMessage(await runTask(task, heartbeat));
});

await loadTargets(workerData.targets);
parentPort.postMessage('ready');
