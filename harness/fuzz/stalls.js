// A chunk task whose thread or agent hung or died (the pool's watchdog,
// harness/pool/pool.js). The case it was on becomes a `timeout` or `crash`
// finding against the target that was running; what the thread had judged
// of the task died with it and runs again (cases are deterministic), then the
// rest of the task; the stalled case runs again on the task's other targets.
// An agent that died before the case's first target began died late, from an
// earlier case: a crash between cases, against no target.

import { validate } from '../../src/index.js';
import { CHUNK_SIZE, chunkSeed } from '../../fuzzers/steering.js';
import { runNext } from './schedule.js';
import { verdictSignature } from '../../portable/bugs/signature.js';
import { reshaperOf } from '../targets/catalog.js';
import { judgeableHere } from '../../portable/targets/programs.js';
import { expectedWhereValueLands } from '../findings/expected.js';

/**
 * @param {import('./schedule.js').Host} host
 * @param {any} task  the chunk task that stalled
 * @param {{reason: 'timeout' | 'crash', heartbeat: import('../../portable/hosts/heartbeat.js').Heartbeat, detail: string}} stall
 * @param {import('./tally.js').Tally} tally
 * @returns {Promise<void>} settles once the finding is in the tally (its expected observation takes a moment)
 */
export async function handleStall(host, task, { reason, heartbeat, detail }, tally) {
  const found = task.indices.indexOf(heartbeat.caseIndex - task.chunk * CHUNK_SIZE);
  const position = found < 0 ? 0 : found;
  const stalled = task.indices[position];
  // A retried case was counted when it first stalled.
  if (!task.retry) host.cases += 1;
  const part = (from, to) => ({ ...task, indices: task.indices.slice(from, to), programs: task.programs.slice(from, to) });
  if (position + 1 < task.indices.length) runNext(host, part(position + 1, task.indices.length));
  if (position > 0) runNext(host, part(0, position));
  const program = task.programs[position];
  const caseIndex = task.chunk * CHUNK_SIZE + stalled;
  /** Runs the stalled case again, first in its lane, counted once. @param {object} fields */
  const retry = (fields) => runNext(host, { ...part(position, position + 1), countCoverage: false, retry: true, ...fields });
  if (heartbeat.targetIndex <= -2 && reason === 'crash') {
    // The runtime died while the reference ran for a target: in its own host
    // code that the reference calls (a File built for the value: Node 24
    // aborts in node::Blob::New, seed 20261127's minute), not in its clone. A
    // bug of that runtime, met by the oracle: kept apart, never the target's
    // crash verdict; the case runs again on the targets it had yet to judge.
    const judged = -2 - heartbeat.targetIndex;
    tally.hostCrashes.push({ runtime: host.agent?.name ?? 'node', case: caseIndex, target: task.targets[judged]?.name, program, detail });
    const rest = task.targets.slice(judged + 1);
    if (rest.length > 0) retry({ targets: rest });
    return;
  }
  const target = task.targets[heartbeat.targetIndex];
  if (target === undefined) {
    if (host.agent !== undefined && reason === 'crash' && !task.afterDeath) {
      // The agent died before this case's first target began: late, from
      // an earlier case (a runtime's own machinery dying under a realm's
      // leftover state; Deno 2.9.6 does). Which case is unknown; this one
      // runs again, once, on every target.
      tally.unattributedCrashes.push({ runtime: host.agent.name, case: caseIndex, detail });
      retry({ afterDeath: true });
      return;
    }
    tally.harnessErrors.push({ verdict: 'harness-error', case: caseIndex, program, error: `the oracle stalled: ${reason}, ${detail}` });
    return;
  }
  tally.verdicts[target.name][reason] += 1;
  // The other targets' verdicts on this case died with the worker (or
  // never ran): the case runs again on them alone, first in its lane.
  const others = task.targets.filter((_, index) => index !== heartbeat.targetIndex);
  if (others.length > 0) retry({ targets: others });
  const { signature, shape } = verdictSignature(target.name, reason, detail);
  // As the target's agent reshaped it (judge.js); a target on this Node's
  // threads shares this host's limits, another host's are known only there.
  const prepared = reshaperOf(target.reshaping)(host.agent === undefined ? judgeableHere(program) : program);
  // This thread (Node) cannot make what only the target's host has (a browser's OffscreenCanvas): no expected observation then.
  const expected = validate(prepared, { global: globalThis }).length === 0 ? await expectedOrHarnessError(target, prepared, caseIndex, tally) : undefined;
  tally.consider({
    signature, target: target.name, verdict: reason, category: reason, root: { signature, shape }, case: caseIndex,
    chunkSeed: chunkSeed(task.seed, task.chunk), path: String(stalled), count: 1, program: prepared, source: program, minimized: false, detail, expected,
  });
}

/**
 * `expectedWhereValueLands`, or undefined when the reference failed to
 * observe the program here (its receiving worker died: a harness error, and
 * the stall is still the target's finding, without an expected observation).
 * @param {import('../targets/catalog.js').TargetSpec} target
 * @param {any} program
 * @param {number} caseIndex
 * @param {import('./tally.js').Tally} tally
 */
async function expectedOrHarnessError(target, program, caseIndex, tally) {
  try {
    return await expectedWhereValueLands(target, program);
  } catch (error) {
    tally.harnessErrors.push({ verdict: 'harness-error', case: caseIndex, program, error: `the oracle failed on a stalled case: ${error instanceof Error ? error.stack : String(error)}` });
    return undefined;
  }
}
