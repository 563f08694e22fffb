// A pool's worker thread for any tasks module (harness/pool/pool.js), the
// thread twin of portable/hosts/agent.js: workerData.tasks names the module
// (loadTargets, runTask), workerData.targets what it loads before it says
// ready. `clonecheck decode` runs this Node's decoder targets on it.

import { parentPort, workerData } from 'node:worker_threads';
import { sharedHeartbeatWriter } from '../../portable/hosts/heartbeat.js';

const heartbeat = sharedHeartbeatWriter(workerData.heartbeat);
/** @type {{loadTargets: (specs: any[]) => Promise<unknown>, runTask: (task: any, heartbeat: any) => Promise<unknown>}} */
const tasks = await import(workerData.tasks);

parentPort.on('message', async (task) => {
  parentPort.postMessage(await tasks.runTask(task, heartbeat));
});

await tasks.loadTargets(workerData.targets);
parentPort.postMessage('ready');
