// The agent: the fuzz worker (harness/pool/fuzz-worker.js), or the conformance
// worker (harness/pool/tasks-worker.js with the conform tasks), for a runtime other than the CLI's own
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

const setTimer = globalThis.setTimeout;

/**
 * Settles in a later task of the event loop. Reading a line and writing an
 * answer leave this host's own stream code queued (stdin's read-ahead, the
 * write's callbacks: script in Deno's node-compat, Node's and Bun's streams),
 * which would otherwise run in the next case's polluted window, where no
 * plain script has any: Deno 2.9.6 read TypedArray.prototype.length from
 * Buffer and died of a read-only Array.prototype[1] in process.nextTick
 * there, Node 26.10.0 read the length 4 times where a plain script reads it
 * once, Bun 1.4.5 died under a getter-only Array.prototype[0]
 * (two ledger entries were this host's, not Deno's MessagePort's).
 * @returns {Promise<void>}
 */
function hostIoSettled() {
  return new Promise((resolve) => { setTimer(resolve, 0); });
}

let workerData;
/** @type {{loadTargets: (specs: any[]) => Promise<unknown>, runTask: (task: any, heartbeat: any) => Promise<unknown>} | undefined} the first line's */
let tasks;
for await (const line of createInterface({ input: process.stdin })) {
  if (workerData === undefined) {
    workerData = JSON.parse(line);
    const loaded = await import(workerData.tasks ?? '../fuzz/tasks.js');
    tasks = loaded;
    const { loadTargets } = loaded;
    // Loading is not a case, and must not count against one's timeout.
    if (workerData.targets !== undefined) await loadTargets(workerData.targets);
    answer('ready');
  } else {
    const task = JSON.parse(line);
    await hostIoSettled();
    if (tasks === undefined) throw new Error('agent: a task before the tasks module loaded');
    answer(await tasks.runTask(task, heartbeat));
  }
}
