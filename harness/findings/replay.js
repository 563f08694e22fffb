// Programs on some targets, each where it runs: this process's worker
// threads or a runtime's agent, one host after another, with the watchdog
// (a target that hangs or crashes is a verdict, and the program runs again
// on the others, whose verdicts died with the worker or never came).
// `clonecheck repro`, the regression replay and triage (harness/bugs/) share it.

import { FUZZ_WORKER_URL } from '../fuzz/worker-url.js';
import { runPool } from '../pool/pool.js';
import { groupByHost } from '../targets/catalog.js';

/**
 * @param {any} program a valid program
 * @param {import('../targets/catalog.js').TargetSpec[]} targets
 * @param {{timeoutMs: number}} options
 * @returns {Promise<any[]>} a verdict per target, in their order (judge.js's, or `{target, verdict: 'timeout' | 'crash', detail}`)
 * @throws {Error} when the reference itself stalls on the program
 */
export async function replayProgram(program, targets, { timeoutMs }) {
  const [verdicts] = await replayPrograms([program], targets, { timeoutMs });
  const stalled = verdicts.find((v) => v.referenceStalled);
  if (stalled !== undefined) throw new Error(stalled.error);
  return verdicts;
}

/**
 * Several programs on the same targets, each host started once for all of them.
 * @param {any[]} programs valid programs
 * @param {import('../targets/catalog.js').TargetSpec[]} targets
 * @param {{timeoutMs: number, workers?: number}} options
 * @returns {Promise<any[][]>} for each program, a verdict per target in their order; where the reference
 *   itself stalled on a program, a `harness-error` with `referenceStalled` for each target of that host
 */
export async function replayPrograms(programs, targets, { timeoutMs, workers = 1 }) {
  /** @type {any[][]} */
  const verdicts = programs.map(() => []);
  for (const { agent, targets: hostTargets } of groupByHost(targets)) {
    const pending = programs.map((program, index) => ({ kind: 'program', program, targets: hostTargets, index }));
    await runPool({
      workerURL: FUZZ_WORKER_URL,
      agent,
      workers: Math.max(1, Math.min(workers, programs.length)),
      workerData: { targets: hostTargets },
      timeoutMs,
      nextTask: () => pending.shift(),
      onResult: (task, result) => {
        verdicts[task.index].push(...result);
      },
      onStall: (stalled, { reason, heartbeat, detail }) => {
        const index = heartbeat.targetIndex;
        if (index < 0) {
          const error = `the reference stalled on this program (${reason}: ${detail})`;
          verdicts[stalled.index].push(...stalled.targets.map((/** @type {any} */ t) => ({ target: t.name, verdict: 'harness-error', error, referenceStalled: true })));
          return;
        }
        verdicts[stalled.index].push({ target: stalled.targets[index].name, verdict: reason, detail });
        const others = stalled.targets.filter((/** @type {any} */ _, /** @type {number} */ i) => i !== index);
        if (others.length > 0) pending.push({ ...stalled, targets: others });
      },
    });
  }
  const order = targets.map((target) => target.name);
  return verdicts.map((list) => list.sort((a, b) => order.indexOf(a.target) - order.indexOf(b.target)));
}
