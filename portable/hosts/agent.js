// The agent: the fuzz worker (harness/pool/fuzz-worker.js), or the conformance
// worker (harness/conform/worker.js), for a runtime other than the CLI's own
// Node. Started as `<runtime> agent.js HEARTBEAT_FILE` by process.js; runs
// unchanged in Node, Bun and Deno. Its first stdin line is the pool's
// workerData (the targets to load, and `tasks`: the module that runs the
// tasks, fuzz's by default), then one task per line; it answers 'ready' once
// the targets are loaded, then one line per task.

// Imported: Deno 1.x has no global `process`.
import process from 'node:process';
import { createInterface } from 'node:readline';
import { messageLine } from './lines.js';
import { fileHeartbeatWriter } from './heartbeat.js';

const heartbeat = fileHeartbeatWriter(process.argv[process.argv.length - 1]);

/** @param {unknown} message */
function answer(message) {
  process.stdout.write(messageLine(message));
}

let workerData;
/** @type {{loadTargets: (specs: any[]) => Promise<unknown>, runTask: (task: any, heartbeat: any) => Promise<unknown>}} */
let tasks;
for await (const line of createInterface({ input: process.stdin })) {
  if (workerData === undefined) {
    workerData = JSON.parse(line);
    tasks = await import(workerData.tasks ?? '../fuzz/tasks.js');
    const { loadTargets } = tasks;
    // Loading is not a case, and must not count against one's timeout.
    if (workerData.targets !== undefined) await loadTargets(workerData.targets);
    answer('ready');
  } else {
    answer(await tasks.runTask(JSON.parse(line), heartbeat));
  }
}
