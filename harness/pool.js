// A pool of worker threads that run tasks (chunks of cases, shrink jobs) and
// watch them: a task whose case does not move on for `timeoutMs`, or whose
// thread dies, is reported with the case it was on, the thread is replaced,
// and the run goes on. This is what turns a target that hangs or kills its
// thread into a verdict instead of a stuck or failed run.
//
// The worker module (e.g. harness/fuzz/worker.js) posts one message when it
// has loaded, then answers each task with one message, and reports progress
// through a shared heartbeat (`heartbeat.js`).

import { Worker } from 'node:worker_threads';
import { newHeartbeat, readHeartbeat } from './heartbeat.js';

/** How often the watchdog looks at the heartbeats. */
const WATCH_INTERVAL_MS = 100;

/**
 * @template Task, Result
 * @typedef {object} PoolOptions
 * @property {URL} workerURL
 * @property {number} workers  threads (at least 1)
 * @property {object} [workerData]  handed to every worker (e.g. the targets to load before it says ready)
 * @property {number} [timeoutMs]  a case that runs longer is a stall (default: no watchdog)
 * @property {(slot: number) => Task | undefined} nextTask  the next task for the thread in `slot`
 *   (0 to workers - 1; a replaced thread keeps its slot), or undefined when there is none
 * @property {(task: Task, result: Result) => void} onResult
 * @property {(task: Task, stall: {reason: 'timeout' | 'crash', heartbeat: import('./heartbeat.js').Heartbeat, detail: string}) => void} onStall
 *   the thread running `task` hung or died; it is replaced, the task is dropped (the caller may queue its rest)
 */

/**
 * Runs tasks until `nextTask()` has none left and every thread is idle.
 * @template Task, Result
 * @param {PoolOptions<Task, Result>} options
 * @returns {Promise<void>}
 */
export function runPool({ workerURL, workers, workerData = {}, timeoutMs, nextTask, onResult, onStall }) {
  return new Promise((resolve, reject) => {
    /** @type {Set<{slot: number, worker: Worker, heartbeat: Int32Array, task: Task | undefined, lastBeat: number, lastChange: number, ready: boolean}>} */
    const slots = new Set();
    let failed = false;
    let finished = false;

    const fail = (error) => {
      if (failed || finished) return;
      failed = true;
      clearInterval(watchdog);
      for (const slot of slots) {
        slot.worker.removeAllListeners();
        slot.worker.terminate();
      }
      slots.clear();
      reject(error);
    };

    const finishIfIdle = () => {
      if (failed || finished) return;
      for (const slot of slots) if (slot.task !== undefined || !slot.ready) return;
      finished = true;
      clearInterval(watchdog);
      const stopping = [...slots];
      slots.clear();
      for (const slot of stopping) slot.worker.removeAllListeners();
      Promise.all(stopping.map((slot) => slot.worker.terminate())).then(() => resolve(), reject);
    };

    const feed = (slot) => {
      const task = failed ? undefined : nextTask(slot.slot);
      slot.task = task;
      if (task === undefined) {
        finishIfIdle();
        return;
      }
      slot.lastBeat = Atomics.load(slot.heartbeat, 0);
      slot.lastChange = performance.now();
      slot.worker.postMessage(task);
    };

    const replace = (slot, reason, detail) => {
      slots.delete(slot);
      const task = slot.task;
      slot.task = undefined;
      slot.worker.removeAllListeners();
      slot.worker.terminate();
      if (task !== undefined) {
        try {
          onStall(task, { reason, heartbeat: readHeartbeat(slot.heartbeat), detail });
        } catch (error) {
          fail(error);
          return;
        }
      }
      if (!failed && !finished) start(slot.slot);
    };

    /** @param {number} slotNumber */
    const start = (slotNumber) => {
      const heartbeat = newHeartbeat();
      const worker = new Worker(workerURL, { workerData: { ...workerData, heartbeat }, stderr: false });
      const slot = { slot: slotNumber, worker, heartbeat, task: undefined, lastBeat: 0, lastChange: performance.now(), ready: false };
      slots.add(slot);
      worker.on('message', (result) => {
        // The first message says the worker has loaded: its start-up time
        // never counts against a case's timeout.
        if (!slot.ready) {
          slot.ready = true;
          feed(slot);
          return;
        }
        const task = slot.task;
        slot.task = undefined;
        try {
          onResult(task, result);
        } catch (error) {
          fail(error);
          return;
        }
        feed(slot);
      });
      worker.on('error', (error) => replace(slot, 'crash', `uncaught in the worker: ${error instanceof Error ? error.stack : String(error)}`));
      worker.on('exit', (code) => {
        if (slots.has(slot)) replace(slot, 'crash', `the worker thread exited with code ${code}`);
      });
    };

    const watchdog = setInterval(() => {
      if (timeoutMs === undefined) return;
      const now = performance.now();
      for (const slot of slots) {
        if (slot.task === undefined) continue;
        const beat = Atomics.load(slot.heartbeat, 0);
        if (beat !== slot.lastBeat) {
          slot.lastBeat = beat;
          slot.lastChange = now;
        } else if (now - slot.lastChange > timeoutMs) {
          replace(slot, 'timeout', `no progress for ${Math.round(now - slot.lastChange)} ms`);
        }
      }
    }, WATCH_INTERVAL_MS);

    for (let i = 0; i < Math.max(1, workers); i++) start(i);
  });
}
