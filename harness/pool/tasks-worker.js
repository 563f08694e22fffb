// A pool's worker thread for any tasks module (harness/pool/pool.js), the
// thread twin of portable/hosts/agent.js: workerData.tasks names the module
// (loadTargets, runTask), workerData.targets what it loads before it says
// ready. `clonecheck decode` and `clonecheck conform` run this Node's targets on it.

import { workerData } from 'node:worker_threads';
import { workerPort } from '../../portable/hosts/worker-port.js';
import { sharedHeartbeatWriter } from '../../portable/hosts/heartbeat.js';

const port = workerPort();

const heartbeat = sharedHeartbeatWriter(workerData.heartbeat);
/** @type {{loadTargets: (specs: any[]) => Promise<unknown>, runTask: (task: any, heartbeat: any) => Promise<unknown>}} */
const tasks = await import(workerData.tasks);

port.on('message', async (task) => {
  port.postMessage(await tasks.runTask(task, heartbeat));
});

await tasks.loadTargets(workerData.targets);
port.postMessage('ready');
