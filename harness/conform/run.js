// `clonecheck conform`, the main thread: every test file (and variant)
// on every target, each file in a fresh global of the target's
// host (a worker thread of this Node, or an agent process of another
// runtime: harness/pool/pool.js with freshMemberPerTask). A file that hangs
// past the watchdog is a TIMEOUT, one whose thread or agent dies a CRASH;
// the run goes on with the next file either way.

import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { runPool } from '../pool/pool.js';
import { syntaxErrorLocation, variantChannel } from './files.js';
import { OPTIONAL_GLOBALS, WEB_PLATFORM_GLOBALS, lacksGlobals, notApplicableIn, resourcesNotServed } from './not-applicable.js';
import { testharness } from './targets.js';

// A thread of this Node runs the conform tasks as any pool's tasks (harness/pool/tasks-worker.js).
const WORKER_URL = new URL('../pool/tasks-worker.js', import.meta.url);
const TASKS_URL = new URL('../../portable/conform/tasks.js', import.meta.url).href;

/** WPT's harness timeouts: normal, and for `META: timeout=long` six times that. */
export const LONG_TIMEOUT_FACTOR = 6;

/** The watchdog waits this much longer than the harness timeout: testharness reports a timeout itself unless the script never yields. */
const WATCHDOG_GRACE_MS = 5000;

/**
 * @typedef {import('../../portable/conform/realm.js').SubtestResult | {name: string, status: 'N/A', message: string}} SubtestOutcome
 */

/**
 * @typedef {object} FileOutcome  one file (variant) on one target
 * @property {string} suite
 * @property {string} id  the file's id, with its variant's query (`?channel=X`) for a file with META: variant= lines
 * @property {string} [channel]
 * @property {'OK' | 'ERROR' | 'TIMEOUT' | 'CRASH' | 'PRECONDITION_FAILED' | 'N/A'} status
 * @property {string | null} message
 * @property {string | null} [stack]
 * @property {SubtestOutcome[]} subtests
 * @property {number} durationMs  from handing the file out to its answer (the fresh global's start-up included)
 */

/**
 * @typedef {object} ConformOptions
 * @property {import('./targets.js').ConformTarget[]} targets
 * @property {import('./files.js').TestFile[]} files
 * @property {number} timeoutMs  the harness timeout of a file
 * @property {number} [workers]  fresh globals at once per target (default: two per CPU shared among the targets)
 * @property {(target: import('./targets.js').ConformTarget, outcome: FileOutcome) => void} onFile
 */

/**
 * @param {ConformOptions} options
 * @returns {Promise<Map<string, FileOutcome[]>>} each target's outcomes, by target name, in file order
 */
export async function runConformance({ targets, files, timeoutMs, workers, onFile }) {
  // The sources go with each task: a page (harness/browsers/) has no file system.
  const read = (/** @type {{name: string, path: string}} */ source) => ({ name: source.name, text: readFileSync(source.path, 'utf8') });
  const harness = read({ name: 'testharness.js', path: testharness().path });
  const perTarget = workers ?? Math.max(1, Math.floor((2 * availableParallelism()) / targets.length));
  /** @type {Map<string, FileOutcome[]>} */
  const outcomes = new Map();
  await Promise.all(targets.map(async (target) => {
    /** @type {FileOutcome[]} in the order of the files (and their variants), told in that order as soon as each is known */
    const done = [];
    outcomes.set(target.name, done);
    let told = 0;
    const record = (/** @type {number} */ place, /** @type {FileOutcome} */ outcome) => {
      done[place] = outcome;
      for (; told < done.length && done[told] !== undefined; told++) onFile(target, done[told]);
    };
    const queue = [];
    let places = 0;
    for (const file of files) {
      for (const variant of file.variants) {
        const place = places++;
        // WPT names a variant by its test's URL: the file's path and the variant's query.
        const id = `${file.id}${variant}`;
        const channel = variantChannel(file, variant);
        const notApplicable = notApplicableIn(file, target, channel);
        if (notApplicable !== undefined) {
          record(place, { suite: file.suite, id, channel, status: 'N/A', message: notApplicable, subtests: [], durationMs: 0 });
          continue;
        }
        queue.push({
          file, id, channel, place,
          task: {
            kind: 'file', harness, scripts: file.scripts.map(read), test: read({ name: file.id, path: file.path }), url: id, channel,
            timeoutMs: file.long ? timeoutMs * LONG_TIMEOUT_FACTOR : timeoutMs,
          },
        });
      }
    }
    if (queue.length === 0) return;
    /** @type {Map<object, {entry: typeof queue[number], started: number}>} */
    const running = new Map();
    let next = 0;
    const finish = (/** @type {object} */ task, /** @type {Omit<FileOutcome, 'suite' | 'id' | 'channel' | 'durationMs'> & {notServed?: string[]}} */ answer) => {
      const run = running.get(task);
      if (run === undefined) throw new Error('conform: an answer for a task the pool did not hand out');
      const { entry, started } = run;
      running.delete(task);
      const { notServed, ...result } = answer;
      // A resource the page server did not have, or a platform global this global lacks, is not applicable
      // here (not-applicable.js: for upstream files, any global of a browser's; for clonecheck's, the interfaces some hosts lack).
      const judged = resourcesNotServed(result, notServed) ?? lacksGlobals(result, entry.file.suite === 'clonecheck' ? OPTIONAL_GLOBALS : WEB_PLATFORM_GLOBALS);
      if (judged.status === 'ERROR' && /^Uncaught SyntaxError/.test(judged.message ?? '')) judged.message += syntaxErrorLocation(entry.file);
      record(entry.place, {
        suite: entry.file.suite, id: entry.id, channel: entry.channel, ...judged, durationMs: Math.round(performance.now() - started),
      });
    };
    await runPool({
      workerURL: WORKER_URL,
      agent: target.agent,
      workers: Math.min(perTarget, queue.length),
      workerData: { targets: [target], tasks: TASKS_URL },
      timeoutMs: Math.max(...queue.map((q) => q.task.timeoutMs)) + WATCHDOG_GRACE_MS,
      freshMemberPerTask: true,
      nextTask: () => {
        if (next >= queue.length) return undefined;
        const entry = queue[next++];
        running.set(entry.task, { entry, started: performance.now() });
        return entry.task;
      },
      onResult: finish,
      onStall: (task, { reason, detail, heartbeat }) => {
        // The heartbeat counts the subtests that had a result (tasks.js): they are lost with the global.
        const after = `after ${heartbeat.caseIndex} subtest result${heartbeat.caseIndex === 1 ? '' : 's'}`;
        finish(task, reason === 'timeout'
          ? { status: 'TIMEOUT', message: `the target made no progress for ${detail.replace(/^no progress for /, '')} ${after}: a script that never yields; its global was ended`, subtests: [] }
          : { status: 'CRASH', message: `${detail} (${after})`, subtests: [] });
      },
    });
  }));
  return outcomes;
}
