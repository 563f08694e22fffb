// A fuzz worker thread (harness/pool/pool.js): loads the run's targets, says it
// is ready, then answers each task (portable/fuzz/tasks.js) with one message. Its twin for
// other runtimes is portable/hosts/agent.js.

import { workerData } from 'node:worker_threads';
import { workerPort } from '../../portable/hosts/worker-port.js';
import { sharedHeartbeatWriter } from '../../portable/hosts/heartbeat.js';
import { loadTargets, runTask } from '../../portable/fuzz/tasks.js';

const port = workerPort();

const heartbeat = sharedHeartbeatWriter(workerData.heartbeat);

port.on('message', async (task) => {
  port.postMessage(await runTask(task, heartbeat));
});

// Load the targets before saying ready: loading is not a case, and must not
// count against one's timeout.
if (workerData.targets !== undefined) await loadTargets(workerData.targets);
port.postMessage('ready');
