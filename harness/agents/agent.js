// The agent: the fuzz worker (harness/fuzz/worker.js) for a runtime other
// than the CLI's own Node. Started as `<runtime> agent.js HEARTBEAT_FILE`
// by process.js; runs unchanged in Node, Bun and Deno. Its first stdin line
// is the pool's workerData (the targets to load), then one task per line;
// it answers 'ready' once the targets are loaded, then one line per task.

import { createInterface } from 'node:readline';
import { messageLine } from './lines.js';
import { fileHeartbeatWriter } from '../pool/heartbeat.js';
import { loadTargets, runTask } from '../fuzz/tasks.js';

const heartbeat = fileHeartbeatWriter(process.argv[process.argv.length - 1]);

/** @param {unknown} message */
function answer(message) {
  process.stdout.write(messageLine(message));
}

let workerData;
for await (const line of createInterface({ input: process.stdin })) {
  if (workerData === undefined) {
    workerData = JSON.parse(line);
    // Loading is not a case, and must not count against one's timeout.
    if (workerData.targets !== undefined) await loadTargets(workerData.targets);
    answer('ready');
  } else {
    answer(await runTask(JSON.parse(line), heartbeat));
  }
}
