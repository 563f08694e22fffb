// Shrinking, after the fuzzing: each deviation goes to a host that runs its
// target, earliest case first, as one task (tasks.js `shrinkDeviation`); the
// shrunk program replaces the finding's when the target still shows the bug.
// Then, for the same-bug check (same-bug.js), so do a few witnesses: cases
// of the finding's signature whose programs hold no trigger found so far.
// A shrink whose thread or agent dies or hangs is tried once more; then its
// finding stays as it was.
// Timeouts and crashes are shrunk apart, each candidate in a fresh thread or
// agent (shrink-stalls.js).

import { CHUNK_SIZE } from '../../fuzzers/steering.js';
import { FUZZ_WORKER_URL } from '../pool/fuzz-worker-url.js';
import { runPool } from '../pool/pool.js';
import { nextWitness } from '../../portable/bugs/same-bug.js';
import { replayFresh } from '../findings/replay.js';

/** How many times a shrink whose thread or agent died or hung is tried again. */
const RETRIES_AFTER_A_STALL = 1;

/**
 * @param {import('../fuzz/tally.js').Finding[]} findings  every finding, earliest case first
 * @param {object} run
 * @param {Pick<import('../fuzz/schedule.js').Host, 'agent' | 'targets'>[]} run.hosts
 * @param {number} run.workers
 * @param {number} run.timeoutMs
 * @param {Record<string, number>} run.weights
 * @param {(chunk: number) => import('../../fuzzers/cells.js').Cell[]} run.planOf  the plan a chunk was drawn with (replaying a case needs it)
 * @param {number} run.shrinkRuns  candidates per shrink
 * @param {number} run.witnesses  witnesses shrunk per finding at most
 * @param {() => boolean} run.shouldShrink  polled before each shrink (a second Ctrl-C skips the rest)
 * @param {(finding: import('../fuzz/tally.js').Finding) => void} run.onShrunk  a finding's own case, shrunk
 * @param {(shrunk: number, toShrink: number) => void} run.onProgress
 * @returns {Promise<import('../../portable/bugs/same-bug.js').Shrunk[]>} what each shrink gave: the findings' own cases in
 *   case order, then the witnesses (a shrink not run, that hung, or that did not show the bug is left out)
 */
export async function shrinkDeviations(findings, { hosts, workers, timeoutMs, weights, planOf, shrinkRuns, witnesses, shouldShrink, onShrunk, onProgress }) {
  const deviations = findings.filter((f) => f.verdict === 'deviation');
  /** @type {import('../../portable/bugs/same-bug.js').Shrunk[]} */
  const own = deviations.map((finding) => ({ finding, verdict: null }));
  // Nothing to shrink, or no shrinking wanted: no threads to start.
  if (own.length === 0 || shrinkRuns === 0 || !shouldShrink()) return [];
  let done = 0;
  let toShrink = own.length;
  /** @param {import('../../portable/bugs/same-bug.js').Shrunk[]} jobs */
  const shrinkAll = (jobs) => Promise.all(hosts.map((host) => {
    const queue = jobs.filter((job) => host.targets.some((t) => t.name === job.finding.target));
    return runPool({
      workerURL: FUZZ_WORKER_URL,
      agent: host.agent,
      workers,
      timeoutMs,
      // A shrink starts where a fresh replay does: its first candidate is
      // the case itself, and a member that judged other cases may pass it
      // (recheck.js). One member's start-up per shrink of up to 1,000 candidates.
      freshMemberPerTask: true,
      nextTask: () => {
        if (!shouldShrink()) return undefined;
        const job = queue.shift();
        if (job === undefined) return undefined;
        const { finding, variant } = job;
        const target = host.targets.find((t) => t.name === finding.target);
        const { chunkSeed, path, case: caseIndex } = variant ?? finding;
        // A finding of an earlier run (nightly --shrink unexplained) brings its program and the root it showed, not a case to replay.
        const found = chunkSeed === undefined ? { program: finding.program, shape: finding.shape } : { chunkSeed, path, plan: planOf(Math.floor(caseIndex / CHUNK_SIZE)) };
        return { kind: 'shrink', ...found, target, signature: finding.signature, weights, maxRuns: shrinkRuns, job };
      },
      onResult: (task, { verdict, shrink, kept }) => {
        const { job } = task;
        job.verdict = verdict === null ? null : { ...verdict, shrink };
        job.kept = kept;
        done += 1;
        if (verdict !== null && job.variant === undefined) {
          const { program, expected, actual, differences } = job.finding;
          /** @type {any} */ (job).asFound = { program, expected, actual, differences };
          Object.assign(job.finding, {
            program: verdict.program, minimized: true, expected: verdict.expected, actual: verdict.actual, differences: verdict.differences, shrink,
          });
          onShrunk(job.finding);
        }
        onProgress(done, toShrink);
      },
      onStall: (task) => {
        // The thread or agent died or hung while shrinking: a runtime that
        // crashes now and then (Deno 2.9.6's workers) would otherwise leave
        // most findings unshrunk. Once more, in the fresh one the pool starts.
        const { job } = task;
        job.stalls = (job.stalls ?? 0) + 1;
        if (job.stalls <= RETRIES_AFTER_A_STALL) queue.unshift(job);
        else done += 1;
      },
    });
  }));
  onProgress(done, toShrink);
  await shrinkAll(own);
  await confirmFresh(own, { hosts, timeoutMs, onShrunk });
  // Then the witnesses, in rounds of at most one per finding: each the
  // earliest case that no trigger found so far explains (same-bug.js
  // `nextWitness`), so the look-alikes of a frequent deviation do not use up
  // the witnesses before a rare bug of the same shape gets one.
  /** @type {import('../../portable/bugs/same-bug.js').Shrunk[]} */
  const jobs = [...own];
  for (let round = 0; round < witnesses && shouldShrink(); round++) {
    const next = own.flatMap(({ finding }) => {
      const variant = nextWitness(finding, jobs);
      return variant === undefined ? [] : [{ finding, variant, verdict: null }];
    });
    if (next.length === 0) break;
    jobs.push(...next);
    toShrink += next.length;
    await shrinkAll(next);
    await confirmFresh(next, { hosts, timeoutMs, onShrunk });
  }
  return jobs.filter((job) => job.verdict !== null);
}

/**
 * Holds each shrunk finding to a fresh replay. A shrink judges its
 * candidates one after another in one thread or agent, so a candidate can
 * show the bug only because of the candidates before it (measured
 * 2026-12-02, bun:worker seed 21: Bun's "a number array lands as null under
 * a getter on the receiver's Array.prototype[0]" shrank to an empty array
 * with no realm steps, which passes alone). The smallest kept candidate is
 * replayed alone in a fresh member; where it passes, the kept candidates are
 * searched (binary search, the later the smaller) for the smallest that
 * shows the same root fresh, and the finding takes it. When none does, the
 * finding keeps its own case's program, unshrunk, as it was before. A
 * witness's shrink is held to it too: the same-bug check takes a finding's
 * program from its smallest trigger, a witness's as often as its own.
 * @param {import('../../portable/bugs/same-bug.js').Shrunk[]} own
 * @param {{hosts: Pick<import('../fuzz/schedule.js').Host, 'targets'>[], timeoutMs: number, onShrunk: (finding: import('../fuzz/tally.js').Finding) => void}} run
 */
async function confirmFresh(own, { hosts, timeoutMs, onShrunk }) {
  for (const job of own) {
    const { kept } = job;
    if (job.verdict === null || kept === undefined || kept.length === 0) continue;
    const { finding } = job;
    const target = /** @type {import('../targets/catalog.js').TargetSpec} */ (hosts.flatMap((h) => h.targets).find((t) => t.name === finding.target));
    /** @type {Map<number, any>} */
    const fresh = new Map();
    const showsFresh = async (/** @type {number} */ index) => {
      const [verdict] = await replayFresh([{ program: kept[index].program, target }], { timeoutMs });
      const shows = verdict?.verdict === 'deviation' && verdict.shape === kept[index].shape;
      if (shows) fresh.set(index, verdict);
      return shows;
    };
    if (await showsFresh(kept.length - 1)) continue;
    // The last index in [low, high) that shows fresh, if any: kept[0] is the case itself.
    let low = 0;
    let high = kept.length - 1;
    let found = -1;
    while (low < high) {
      const middle = Math.floor((low + high) / 2);
      if (await showsFresh(middle)) {
        found = middle;
        low = middle + 1;
      } else {
        high = middle;
      }
    }
    // Where the kept candidates stopped showing the bug alone (the shrink's local minimum is lost with them).
    const shrink = { .../** @type {any} */ (job.verdict).shrink, localMinimum: false, fresh: { kept: kept.length, smallest: found } };
    job.verdict = found < 0 ? null : { ...fresh.get(found), shrink };
    if (job.variant !== undefined) continue;
    if (job.verdict === null) Object.assign(finding, /** @type {any} */ (job).asFound, { minimized: false, shrink });
    else {
      const { program, expected, actual, differences } = job.verdict;
      Object.assign(finding, { program, minimized: true, expected, actual, differences, shrink });
    }
    onShrunk(finding);
  }
}
