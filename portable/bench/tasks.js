// The bench's tasks module: what a runtime's agent (hosts/agent.js) or a
// browser's agent page (hosts/page/agent.js) loads when `clonecheck bench`
// names it on their first line, and what the command calls itself for the
// targets it measures in its own process. One target per agent; the tasks:
//  - {op: 'prepare', suite, shapes, options}: builds the suite's rows here
//    (timed: the suite's start-up) and answers the units to measure;
//  - {op: 'measure', unit, rowMs, rounds}: times one unit's rows (run.js)
//    and answers their result rows, ratios not yet set (the command sets
//    them once a group's baseline is in).

import { installNodeHostHooks } from '../hosts/node-host.js';
import { openChannel } from '../conform/channels.js';
import { channelOfTarget } from '../targets/channels/index.js';
import { TargetError } from '../targets/load.js';
import { measureRows, measuringUnits, prepareSuite, resultRows } from './run.js';

/** The channels bench can time: one call (clone) or a round trip back to this realm. */
export const BENCH_CHANNELS = ['clone', 'messagechannel', 'worker'];

/** What a clone function module gets: no transfer list, not for storage (the tiers' and fast paths' common case). */
const CALL_OPTIONS = Object.freeze({ transfer: undefined, forStorage: false });

/** @type {{spec: {name: string}, target: import('./suite.js').BenchTarget, close: () => void} | undefined} */
let loaded;
/** @type {{suite: import('./suite.js').BenchSuite, rows: import('./suite.js').BenchRow[], units: {group: string, rows: number[]}[]} | undefined} */
let prepared;

/**
 * The target as the suite sees it: its clone in this realm. A `worker`
 * target sends the value to a worker that posts it back (conform's echo
 * worker): the round trip is timed, both deserializations included.
 * @param {{name: string, moduleURL: string}} spec a TargetSpec (harness/targets/catalog.js)
 * @returns {Promise<{target: import('./suite.js').BenchTarget, close: () => void}>}
 */
async function openBenchTarget(spec) {
  const channel = channelOfTarget(spec.name)?.name;
  if (channel !== undefined && !BENCH_CHANNELS.includes(channel)) {
    throw new TargetError(`${spec.name}: bench times the ${BENCH_CHANNELS.join(', ')} channels only`);
  }
  if (channel === 'worker') {
    const echo = await openChannel('worker');
    return { target: { name: spec.name, channel, clone: (value) => echo.clone(value) }, close: echo.close };
  }
  // oxc makes its Latin-1 source text with Buffer#latin1Slice (oxc#21021): the strings suite's rows with it, where there is one.
  const { Buffer } = /** @type {any} */ (globalThis);
  const latin1 = Buffer === undefined ? undefined
    : (/** @type {Uint8Array} */ bytes, /** @type {number} */ start, /** @type {number} */ length) => Buffer.from(bytes.buffer, bytes.byteOffset + start, length).latin1Slice();
  const module = await import(spec.moduleURL);
  await module.ready;
  const cloneFunction = module.default;
  // messagechannel's module settles with the landed value boxed (case.js `settled`).
  const clone = module.settlesBoxed === true
    ? (/** @type {unknown} */ value) => cloneFunction(value, CALL_OPTIONS).then((/** @type {{value: unknown}} */ box) => box.value)
    : (/** @type {unknown} */ value) => cloneFunction(value, CALL_OPTIONS);
  return { target: { name: spec.name, channel, clone, ...(latin1 === undefined ? {} : { latin1 }) }, close() {} };
}

/**
 * Opens the one target this realm measures (closing one opened before).
 * @param {{name: string, moduleURL: string}[]} specs
 */
export async function loadTargets(specs) {
  installNodeHostHooks();
  closeTargets();
  const { target, close } = await openBenchTarget(specs[0]);
  loaded = { spec: specs[0], target, close };
}

/** Ends what the target started (a worker), so that a process that measured it can exit. */
export function closeTargets() {
  loaded?.close();
  loaded = undefined;
  prepared = undefined;
}

/**
 * @typedef {{op: 'prepare', suite: string, shapes?: string[], options?: object}
 *   | {op: 'measure', unit: number, rowMs?: number, rounds?: number}} BenchTask
 */

/**
 * @param {BenchTask} task
 * @returns {Promise<{startupMs: number, units: {group: string, names: string[]}[]} | import('./suite.js').BenchResult[]>}
 */
export async function runTask(task) {
  if (loaded === undefined) throw new Error('bench tasks: no target loaded');
  if (task.op === 'prepare') {
    const { suite } = await import(`./suites/${task.suite}.js`);
    const { startupMs, rows } = await prepareSuite(suite, { target: loaded.target, shapes: task.shapes, options: task.options });
    const units = measuringUnits(rows);
    prepared = { suite, rows, units };
    return { startupMs, units: units.map((unit) => ({ group: unit.group, names: unit.rows.map((index) => rows[index].name) })) };
  }
  if (prepared === undefined) throw new Error('bench tasks: measure before prepare');
  const { rows: preparedRows, units: preparedUnits } = prepared;
  const rows = preparedUnits[task.unit].rows.map((index) => preparedRows[index]);
  const measured = await measureRows(rows, { rowMs: task.rowMs, rounds: task.rounds });
  return resultRows({ target: loaded.spec.name, suite: prepared.suite.id }, rows, measured);
}
