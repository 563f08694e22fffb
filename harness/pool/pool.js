// A pool of workers that run tasks (chunks of cases, shrink jobs) and watch
// them: worker threads of this Node, or agent processes of another runtime.
// A task whose case does not move on for `timeoutMs`, or whose
// thread dies, is reported with the case it was on, the thread is replaced,
// and the run goes on. This is what turns a target that hangs or kills its
// thread into a verdict instead of a stuck or failed run.
//
// The worker module (e.g. harness/pool/fuzz-worker.js), agent
// (portable/hosts/agent.js) or agent page (harness/browsers/) posts one message when it has loaded, then
// answers each task with one message, and reports progress through a
// heartbeat (`heartbeat.js`).

import { Worker } from 'node:worker_threads';
import { poolMembers } from './members.js';

/** How often the watchdog looks at the heartbeats. */
const WATCH_INTERVAL_MS = 100;

/** A worker or agent that has not loaded its targets by then never will (Deno's agent loads in ~0.3 s). */
const LOAD_TIMEOUT_MS = 60_000;

/**
 * Members a slot starts before a load timeout fails the run: a browser page that hangs while it opens once in a while
 * (a WebKit page of `conform`, once in six full test runs, 2026-12-04) is given a second, which loads.
 */
const LOAD_ATTEMPTS = 2;

/**
 * @template Task, Result
 * @typedef {object} PoolOptions
 * @property {URL} [workerURL]  the worker thread module, or
 * @property {import('../runtimes.js').Runtime} [agent]  the runtime whose agent processes (or, for a browser, agent pages) do the work
 * @property {number} workers  threads (at least 1)
 * @property {object} [workerData]  handed to every worker (e.g. the targets to load before it says ready)
 * @property {number} [timeoutMs]  a case that runs longer is a stall (default: no watchdog)
 * @property {boolean} [freshMemberPerTask]  each task gets a member that has run nothing before (a
 *   fresh realm: `clonecheck conform` runs each test file in its own global, as a browser runs each
 *   test page); the member is ended once it has answered
 * @property {(slot: number) => Task | undefined} nextTask  the next task for the thread in `slot`
 *   (0 to workers - 1; a replaced thread keeps its slot), or undefined when there is none for it now: an
 *   idle member, or a slot whose member is not started, is asked again whenever another answers, and the
 *   pool ends once every member is idle and no slot has a task. A slot's member starts with its first task
 *   (asked for at once): a lane a short run never fills costs no start-up
 * @property {(task: Task, result: Result) => void} onResult
 * @property {(task: Task, stall: {reason: 'timeout' | 'crash', heartbeat: import('../../portable/hosts/heartbeat.js').Heartbeat, detail: string}) => void} onStall
 *   the thread running `task` hung or died; it is replaced, the task is dropped (the caller may queue its rest)
 * @property {(detail: string) => void} [onIdleCrash]  a member died while it had no task: late, from
 *   machinery an earlier task left running (a host's web streams failing in a timer); it is replaced
 *   and no case is charged, but the caller counts it (a crash no one hears of would be lost)
 * @property {import('./members.js').MemberSource} [members]  where members come from and go (members.js): by default
 *   the pool starts its own and ends them with it; kept members (triage's replays) are taken first and handed back
 * @property {number} [loadTimeoutMs]  a member not loaded by then is replaced (LOAD_ATTEMPTS in all), then fails the run
 * @property {(slot: number, loadMs: number) => void} [onReady]  a member has loaded, `loadMs` after it was started
 *   (a replacement too): what the run spent starting members, apart from what it spent on cases
 */

/**
 * Runs tasks until `nextTask()` has none left and every thread is idle.
 * @template Task, Result
 * @param {PoolOptions<Task, Result>} options
 * @returns {Promise<void>}
 */
export function runPool({ workerURL, agent, workers, workerData = {}, timeoutMs, freshMemberPerTask = false, nextTask, onResult, onStall, onIdleCrash, members: given, loadTimeoutMs = LOAD_TIMEOUT_MS, onReady }) {
  const members = given ?? poolMembers({ workerURL, agent });
  const memberName = agent === undefined ? 'a worker thread' : `the ${agent.name} agent${agent.browser === undefined ? '' : ' page'}`;
  return new Promise((resolve, reject) => {
    /** @type {Set<import('./members.js').Member & {slot: number, task: Task | undefined, lastBeat: number, lastChange: number, ready: boolean, attempt: number}>} */
    const slots = new Set();
    /** @type {Set<number>} slots whose member is not started yet: no task has come for them */
    const unstarted = new Set();
    let failed = false;
    let finished = false;

    /**
     * Stops listening to a member being ended or kept, but for its errors: one it throws while it is ended (Node's
     * web streams under a program's pollution, seed 20261127) would otherwise be an unhandled 'error' event that
     * ends this process and the run's results with it. Only the pool's own listeners go: a Worker's own listen for
     * its 'message' listeners coming and going, and without them one kept for another pool hears nothing.
     */
    const forget = (/** @type {any} */ member) => {
      for (const event of ['message', 'error', 'exit']) member.removeAllListeners(event);
      member.on('error', () => {});
    };
    /**
     * Ends every member (at the run's end, those loaded and idle are released: kept members wait for the next pool),
     * and what they left; settles once all have exited.
     */
    const stopAll = () => {
      clearInterval(watchdog);
      const stopping = [...slots];
      slots.clear();
      for (const slot of stopping) forget(slot.worker);
      const ended = Promise.all(stopping.map((slot) => ((finished && slot.ready && slot.task === undefined) ? members.release(slot) : members.end(slot))));
      return given === undefined ? ended.finally(() => members.close()) : ended;
    };

    const fail = (error) => {
      if (failed || finished) return;
      failed = true;
      stopAll().finally(() => reject(error));
    };

    const finishIfIdle = () => {
      if (failed || finished) return;
      for (const slot of slots) if (slot.task !== undefined || !slot.ready) return;
      // The chunk that ended the run may have gone to lanes whose members were idle or never started.
      if (handOut()) return;
      finished = true;
      stopAll().then(() => resolve(), reject);
    };

    /** @param {Task} task */
    const give = (slot, task) => {
      slot.task = task;
      slot.lastBeat = slot.heartbeat.counter();
      slot.lastChange = performance.now();
      slot.worker.postMessage(task);
    };

    /** @param {Task | undefined} [given] a task taken for this member before it was ready */
    const feed = (slot, given) => {
      const task = given ?? (failed ? undefined : nextTask(slot.slot));
      if (task === undefined) {
        slot.task = undefined;
        finishIfIdle();
        return;
      }
      give(slot, task);
    };

    /**
     * Asks each idle member, and each slot whose member is not started, again: a task it could not have
     * before (its lane was empty, schedule.js) may be there now. A slot's member starts with its first task.
     * @returns {boolean} whether any got one
     */
    const handOut = () => {
      let any = false;
      for (const slot of slots) {
        if (!slot.ready || slot.task !== undefined) continue;
        const task = nextTask(slot.slot);
        if (task !== undefined) {
          give(slot, task);
          any = true;
        }
      }
      for (const number of [...unstarted]) {
        const task = nextTask(number);
        if (task === undefined) continue;
        unstarted.delete(number);
        start(number, task);
        any = true;
      }
      return any;
    };

    const wakeIdle = () => {
      if (!finished && !failed) handOut();
    };

    const replace = (slot, reason, detail) => {
      // One that dies before it has even loaded would die again: the run cannot go on.
      if (!slot.ready) {
        fail(new Error(`${memberName} failed while loading: ${detail}`));
        return;
      }
      slots.delete(slot);
      const task = slot.task;
      slot.task = undefined;
      forget(slot.worker);
      const heartbeat = slot.heartbeat.read();
      members.end(slot);
      try {
        if (task !== undefined) onStall(task, { reason, heartbeat, detail });
        else onIdleCrash?.(detail);
      } catch (error) {
        fail(error);
        return;
      }
      if (!failed && !finished) start(slot.slot);
    };

    /** A member that has answered its one task makes way for a fresh one, started only when a task is left for it. */
    const retire = (slot) => {
      slots.delete(slot);
      forget(slot.worker);
      members.end(slot);
      const task = failed ? undefined : nextTask(slot.slot);
      if (task !== undefined) start(slot.slot, task);
      else if (!failed) {
        unstarted.add(slot.slot);
        finishIfIdle();
      }
    };

    /**
     * @param {number} slotNumber @param {Task} [firstTask] taken from nextTask already (freshMemberPerTask)
     * @param {number} [attempt]  which try this member is at loading for the slot (LOAD_ATTEMPTS)
     */
    const start = (slotNumber, firstTask, attempt = 1) => {
      // A kept member (freshMemberPerTask takes none) loads this pool's targets before it is ready, as a new one does.
      const kept = freshMemberPerTask ? undefined : members.take();
      const { worker, heartbeat } = kept ?? members.start(workerData);
      const startedAt = performance.now();
      const slot = { slot: slotNumber, worker, heartbeat, task: firstTask, lastBeat: 0, lastChange: startedAt, ready: false, attempt };
      slots.add(slot);
      if (kept !== undefined) worker.postMessage({ kind: 'load', targets: /** @type {any} */ (workerData).targets ?? [] });
      worker.on('message', (result) => {
        // The first message says the worker has loaded: its start-up time
        // never counts against a case's timeout.
        if (!slot.ready) {
          slot.ready = true;
          onReady?.(slotNumber, performance.now() - startedAt);
          feed(slot, firstTask);
          return;
        }
        const task = slot.task;
        slot.task = undefined;
        // A member answers only the task it was fed.
        if (task === undefined) {
          fail(new Error('pool: a member answered with no task in hand'));
          return;
        }
        try {
          onResult(task, result);
        } catch (error) {
          fail(error);
          return;
        }
        if (freshMemberPerTask) retire(slot);
        else feed(slot);
        wakeIdle();
      });
      worker.on('error', (error) => replace(slot, 'crash', `uncaught in the worker: ${error instanceof Error ? error.stack : String(error)}`));
      worker.on('exit', (code, signal) => {
        if (!slots.has(slot)) return;
        replace(slot, 'crash', worker instanceof Worker ? `the worker thread exited with code ${code}` : worker.exitDetail(code, signal));
      });
    };

    const watchdog = setInterval(() => {
      const now = performance.now();
      for (const slot of slots) {
        if (!slot.ready && now - slot.lastChange > loadTimeoutMs) {
          if (slot.attempt >= LOAD_ATTEMPTS) {
            fail(new Error(`${memberName} did not load in ${loadTimeoutMs / 1000} s (${LOAD_ATTEMPTS} tries)`));
            return;
          }
          slots.delete(slot);
          forget(slot.worker);
          members.end(slot);
          start(slot.slot, slot.task, slot.attempt + 1);
          continue;
        }
        if (!slot.ready || slot.task === undefined || timeoutMs === undefined) continue;
        const beat = slot.heartbeat.counter();
        if (beat !== slot.lastBeat) {
          slot.lastBeat = beat;
          slot.lastChange = now;
        } else if (now - slot.lastChange > timeoutMs) {
          replace(slot, 'timeout', `no progress for ${Math.round(now - slot.lastChange)} ms`);
        }
      }
    }, WATCH_INTERVAL_MS);

    // A member starts once its slot has a task: a short run whose cases never reach a lane (schedule.js) starts no
    // thread, agent or page for it.
    for (let i = 0; i < Math.max(1, workers); i++) unstarted.add(i);
    if (!handOut()) finishIfIdle();
  });
}
