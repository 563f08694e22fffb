// Measures one target with a bench suite where the target runs: in this
// process (the reference, the polyfills, this Node's channels), in an
// agent process of another runtime, or in an agent page of a browser (the
// pool's members, harness/pool/pool.js). The suite's rows are built and
// timed there by portable/bench/tasks.js, one unit of rows per task, so a
// stop asked for between two units keeps every row measured before it.

import { runPool } from '../pool/pool.js';
import { runsInAgent } from '../targets/catalog.js';
import * as benchTasks from '../../portable/bench/tasks.js';

const TASKS_URL = new URL('../../portable/bench/tasks.js', import.meta.url).href;

/**
 * @typedef {object} TargetRun
 * @property {string} target
 * @property {{name: string, family: string, version: string} | null} runtime  null: this process (ref:, polyfill:, impl:)
 * @property {number | null} startupMs  from starting the agent or page to its suite's rows being built, the suite's own start-up
 *   excluded; null in this process
 * @property {number | null} suiteStartupMs  the suite's `prepare`, timed where it ran
 * @property {number} units  units of rows to measure
 * @property {import('../../portable/bench/suite.js').BenchResult[]} results  ratios not yet set
 * @property {string | null} error  why the target stopped short (its agent died), or null
 */

/**
 * @typedef {object} MeasureOptions
 * @property {string} suite
 * @property {string[]} [shapes]
 * @property {object} [suiteOptions]  what the suite's prepare gets as `options` (the files it asked for, session.js)
 * @property {number} rowMs
 * @property {number} rounds
 * @property {() => boolean} stopping  Ctrl-C: no unit starts after it says so
 * @property {(rowsPlanned: number) => void} onPlan  the target's rows, once built
 * @property {(rows: import('../../portable/bench/suite.js').BenchResult[]) => void} onRows  each unit's rows as they come
 */

/**
 * @param {import('../targets/catalog.js').TargetSpec} spec
 * @param {MeasureOptions} options
 * @returns {Promise<TargetRun>}
 */
export async function measureTarget(spec, options) {
  const runtime = runsInAgent(spec) && spec.runtime !== undefined
    ? { name: spec.runtime.name, family: spec.runtime.family, version: spec.runtime.version } : null;
  /** @type {TargetRun} */
  const run = { target: spec.name, runtime, startupMs: null, suiteStartupMs: null, units: 0, results: [], error: null };
  if (runtime === null) await measureHere(spec, options, run);
  else await measureInAgent(spec, options, run);
  return run;
}

/** @param {{startupMs: number, units: {names: string[]}[]}} prepared @param {TargetRun} run @param {MeasureOptions} options */
function planned(prepared, run, options) {
  run.suiteStartupMs = prepared.startupMs;
  run.units = prepared.units.length;
  options.onPlan(prepared.units.reduce((sum, unit) => sum + unit.names.length, 0));
}

/**
 * @param {import('../targets/catalog.js').TargetSpec} spec
 * @param {MeasureOptions} options
 * @param {TargetRun} run
 */
async function measureHere(spec, options, run) {
  // The worker channel's echo worker (portable/conform/channels.js) is
  // unref'd, so as never to hold a process open; while a round trip is in
  // flight nothing else may, and Node would exit mid-measurement.
  const keepAlive = setInterval(() => {}, 1 << 30);
  try {
    await benchTasks.loadTargets([spec]);
    const prepared = /** @type {any} */ (await benchTasks.runTask({ op: 'prepare', suite: options.suite, shapes: options.shapes, options: options.suiteOptions }));
    planned(prepared, run, options);
    for (let unit = 0; unit < prepared.units.length; unit++) {
      // A synchronous clone's measurement awaits only promises already settled: without a turn of
      // the event loop between units, a Ctrl-C would not be heard before the target's last row.
      await new Promise((resolve) => setImmediate(resolve));
      if (options.stopping()) break;
      const rows = /** @type {any} */ (await benchTasks.runTask({ op: 'measure', unit, rowMs: options.rowMs, rounds: options.rounds }));
      run.results.push(...rows);
      options.onRows(rows);
    }
  } catch (error) {
    // A module that does not load, or a suite that throws building its rows: the other targets still run.
    run.error = error instanceof Error ? error.message : String(error);
  } finally {
    benchTasks.closeTargets();
    clearInterval(keepAlive);
  }
}

/**
 * @param {import('../targets/catalog.js').TargetSpec} spec
 * @param {MeasureOptions} options
 * @param {TargetRun} run
 */
async function measureInAgent(spec, options, run) {
  const started = performance.now();
  /** @type {any[]} */
  const queue = [{ op: 'prepare', suite: options.suite, shapes: options.shapes, options: options.suiteOptions }];
  try {
    await pool(spec, options, run, queue, started);
  } catch (error) {
    // An agent that could not load (a runtime that cannot import mitata): the other targets still run, as above.
    run.error = error instanceof Error ? error.message : String(error);
  }
}

/**
 * @param {import('../targets/catalog.js').TargetSpec} spec
 * @param {MeasureOptions} options
 * @param {TargetRun} run
 * @param {any[]} queue  the tasks left, a prepare first
 * @param {number} started  when the agent was asked for
 */
function pool(spec, options, run, queue, started) {
  return runPool({
    agent: spec.runtime,
    workers: 1,
    workerData: { tasks: TASKS_URL, targets: [spec] },
    nextTask: () => (options.stopping() ? undefined : queue.shift()),
    onResult(task, result) {
      if (task.op === 'prepare') {
        run.startupMs = performance.now() - started - result.startupMs;
        planned(result, run, options);
        for (let unit = 0; unit < result.units.length; unit++) queue.push({ op: 'measure', unit, rowMs: options.rowMs, rounds: options.rounds });
        return;
      }
      run.results.push(...result);
      options.onRows(result);
    },
    onStall(task, stall) {
      // The rest of this target's rows would meet the same end.
      queue.length = 0;
      run.error = `${stall.detail} (while ${task.op === 'prepare' ? 'building the rows' : `measuring unit ${task.unit + 1}`})`;
    },
  });
}
