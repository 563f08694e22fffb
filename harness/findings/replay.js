// One program on some targets, each where it runs: this process's worker
// threads or a runtime's agent, one host after another, with the watchdog
// (a target that hangs or crashes is a verdict, and the program runs again
// on the others, whose verdicts died with the worker or never came). `clonecheck repro` and the regression replay share it.

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
  const verdicts = [];
  for (const { agent, targets: hostTargets } of groupByHost(targets)) {
    const pending = [{ kind: 'program', program, targets: hostTargets }];
    await runPool({
      workerURL: FUZZ_WORKER_URL,
      agent,
      workers: 1,
      workerData: { targets: hostTargets },
      timeoutMs,
      nextTask: () => pending.shift(),
      onResult: (_task, result) => {
        verdicts.push(...result);
      },
      onStall: (stalled, { reason, heartbeat, detail }) => {
        const index = heartbeat.targetIndex;
        if (index < 0) throw new Error(`the reference stalled on this program (${reason}: ${detail})`);
        verdicts.push({ target: stalled.targets[index].name, verdict: reason, detail });
        const others = stalled.targets.filter((_, i) => i !== index);
        if (others.length > 0) pending.push({ ...stalled, targets: others });
      },
    });
  }
  const order = targets.map((target) => target.name);
  return verdicts.sort((a, b) => order.indexOf(a.target) - order.indexOf(b.target));
}
