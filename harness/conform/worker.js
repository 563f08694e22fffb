// A conform worker thread (harness/pool/pool.js): a fresh global for one test
// file of a target that runs in this Node (ref:, polyfill:, impl:, node).
// Its twin in other runtimes is portable/hosts/agent.js with tasks.js.

import { workerData } from 'node:worker_threads';
import { workerPort } from '../../portable/hosts/worker-port.js';
import { sharedHeartbeatWriter } from '../../portable/hosts/heartbeat.js';
import { loadTargets, runTask } from '../../portable/conform/tasks.js';

const port = workerPort();

const heartbeat = sharedHeartbeatWriter(workerData.heartbeat);

port.on('message', async (task) => {
  port.postMessage(await runTask(task, heartbeat));
});

await loadTargets(workerData.targets);
port.postMessage('ready');
