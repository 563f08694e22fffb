// Programs on some targets, each where it runs: this process's worker
// threads or a runtime's agent, one host after another, with the watchdog
// (a target that hangs or crashes is a verdict, and the program runs again
// on the others, whose verdicts died with the worker or never came).
// `clonecheck repro`, the regression replay and triage (harness/bugs/) share it.

import { FUZZ_WORKER_URL } from '../pool/fuzz-worker-url.js';
import { keptMembers } from '../pool/members.js';
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
 * @param {{timeoutMs: number, workers?: number, generated?: boolean, membersOf?: (agent: import('../runtimes.js').Runtime | undefined) => import('../pool/members.js').MemberSource}} options
 *   `generated`: drawn by the generator, reshaped as a run reshapes them (judge.js); `membersOf`: each host's kept
 *   members (harness/pool/members.js), where replays reuse them (by default each host's members end with the replay)
 * @returns {Promise<any[][]>} for each program, a verdict per target in their order; where the reference
 *   itself stalled on a program, a `harness-error` with `referenceStalled` for each target of that host
 */
export async function replayPrograms(programs, targets, { timeoutMs, workers = 1, generated = false, membersOf }) {
  /** @type {any[][]} */
  const verdicts = programs.map(() => []);
  // Hosts side by side: what a replay waits for is mostly not CPU (an agent or a page starting, a hang waiting out
  // its timeout).
  await Promise.all(groupByHost(targets).map(async ({ agent, targets: hostTargets }) => {
    const pending = programs.map((program, index) => ({ kind: 'program', program, targets: hostTargets, index, generated }));
    await runPool({
      workerURL: FUZZ_WORKER_URL,
      agent,
      workers: Math.max(1, Math.min(workers, programs.length)),
      workerData: { targets: hostTargets },
      timeoutMs,
      members: membersOf?.(agent),
      nextTask: () => pending.shift(),
      onResult: (task, result) => {
        verdicts[task.index].push(...result);
      },
      onStall: (stalled, stall) => {
        const { verdicts: stalledVerdicts, rest } = stallVerdicts(stalled.targets, stall);
        verdicts[stalled.index].push(...stalledVerdicts);
        if (rest.length > 0) pending.push({ ...stalled, targets: rest });
      },
    });
  }));
  const order = targets.map((target) => target.name);
  return verdicts.map((list) => list.sort((a, b) => order.indexOf(a.target) - order.indexOf(b.target)));
}

/**
 * Each host's members kept between replays (harness/pool/members.js), at most `idle` of a host's; `close()` ends them.
 * @param {number} idle
 * @returns {{membersOf: (agent: import('../runtimes.js').Runtime | undefined) => import('../pool/members.js').MemberSource, close: () => Promise<unknown>}}
 */
export function keptHostMembers(idle) {
  /** @type {Map<string, import('../pool/members.js').MemberSource>} by host: a runtime's name, or this Node's threads */
  const kept = new Map();
  return {
    membersOf(agent) {
      const host = agent?.name ?? '';
      let members = kept.get(host);
      if (members === undefined) {
        members = keptMembers({ workerURL: FUZZ_WORKER_URL, agent, idle });
        kept.set(host, members);
      }
      return members;
    },
    close: () => Promise.all([...kept.values()].map((members) => members.close())),
  };
}

/**
 * What a stalled program task says: the verdict of the target it stalled on
 * (or, where the reference itself stalled, a harness error for each), and
 * the targets it had yet to run.
 * @param {import('../targets/catalog.js').TargetSpec[]} targets  the task's
 * @param {{reason: 'timeout' | 'crash', heartbeat: import('../../portable/hosts/heartbeat.js').Heartbeat, detail: string}} stall
 * @returns {{verdicts: any[], rest: import('../targets/catalog.js').TargetSpec[]}}
 */
function stallVerdicts(targets, { reason, heartbeat, detail }) {
  const index = heartbeat.targetIndex;
  if (index < 0) {
    const error = `the reference stalled on this program (${reason}: ${detail})`;
    return { verdicts: targets.map((t) => ({ target: t.name, verdict: 'harness-error', error, referenceStalled: true })), rest: [] };
  }
  return { verdicts: [{ target: targets[index].name, verdict: reason, detail }], rest: targets.filter((_, i) => i !== index) };
}

/**
 * Each generated program on its one target, alone in a member (thread, agent or page)
 * that has run nothing before: the verdict a program gives with no history
 * in its realms (`fuzz --recheck`, harness/fuzz/recheck.js). Costs a
 * member's start-up per pair: tens of milliseconds for an agent.
 * @param {{program: any, target: import('../targets/catalog.js').TargetSpec}[]} pairs
 * @param {{timeoutMs: number, workers?: number, shouldStop?: () => boolean, onVerdict?: () => void}} options
 * @returns {Promise<any[]>}  a verdict per pair, in their order; undefined for a pair not replayed (stopped)
 */
export async function replayFresh(pairs, { timeoutMs, workers = 1, shouldStop = () => false, onVerdict = () => {} }) {
  /** @type {any[]} */
  const verdicts = pairs.map(() => undefined);
  const targets = [...new Set(pairs.map((pair) => pair.target))];
  for (const { agent, targets: [target] } of targets.flatMap((spec) => groupByHost([spec]))) {
    // Drawn by the generator: reshaped as the run reshaped them (judge.js `generated`).
    const pending = pairs.flatMap((pair, index) => (pair.target === target ? [{ kind: 'program', program: pair.program, targets: [target], index, generated: true }] : []));
    await runPool({
      workerURL: FUZZ_WORKER_URL,
      agent,
      workers: Math.max(1, Math.min(workers, pending.length)),
      // Each member loads this target only: another's receiving workers are history too.
      workerData: { targets: [target] },
      timeoutMs,
      freshMemberPerTask: true,
      nextTask: () => (shouldStop() ? undefined : pending.shift()),
      onResult: (task, [verdict]) => {
        verdicts[task.index] = verdict;
        onVerdict();
      },
      onStall: (stalled, stall) => {
        [verdicts[stalled.index]] = stallVerdicts(stalled.targets, stall).verdicts;
        onVerdict();
      },
    });
  }
  return verdicts;
}
