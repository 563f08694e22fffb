// `clonecheck fuzz`, the main thread: the stages of a run in order. Chunks
// of generated cases go to each host's pool of threads or agents
// (schedule.js), what comes back is merged (tally.js), hung or dead threads
// become `timeout` / `crash` findings (stalls.js), then each deviation is
// shrunk with a few witnesses (shrink.js), and what they shrank to makes one
// finding per bug (same-bug.js); then each crash and timeout is shrunk
// (shrink-stalls.js). Same seed and runs, same cases, same findings: chunks
// are deterministic, and each signature keeps its earliest case whatever
// thread found it first.

import { membersFor, scheduleChunks } from './schedule.js';
import { handleStall } from './stalls.js';
import { shrinkDeviations } from '../minimize/shrink.js';
import { oneFindingPerBug } from '../../portable/bugs/same-bug.js';
import { shrinkStalls } from '../minimize/shrink-stalls.js';
import { Tally } from './tally.js';
import { FUZZ_WORKER_URL } from '../pool/fuzz-worker-url.js';
import { runPool } from '../pool/pool.js';
import { agreementReport, recheck } from './recheck.js';
import { shrinkHistory } from '../minimize/history.js';
import { CHUNK_SIZE, chunkSeed } from '../../fuzzers/steering.js';
import { featureKey, verdictSignature } from '../../portable/bugs/signature.js';
import { programFeatures } from '../../portable/bugs/bug-shape.js';

/**
 * @typedef {object} FuzzOptions
 * @property {import('../targets/catalog.js').TargetSpec[]} targets
 * @property {number} seed
 * @property {number} [runs]  cases to run (default: until timeLimitMs)
 * @property {number} [timeLimitMs]  stop handing out chunks after this long
 * @property {number} workers
 * @property {Record<string, number>} weights
 * @property {number} timeoutMs  a case that makes no progress for this long is a timeout
 * @property {number} shrinkRuns  candidates per shrink
 * @property {number} witnesses  other variants of each finding shrunk to check it is one bug (same-bug.js)
 * @property {number} [stallShrinkRuns]  candidates per crash or timeout finding, each in a fresh thread or agent (default none)
 * @property {number} [stallShrinkSeconds]  time per crash or timeout finding
 * @property {number} [recheckRate]  the share of passing cases also replayed fresh (recheck.js); 0 (default): no recheck at all
 * @property {() => boolean} shouldStop  polled before each chunk (Ctrl-C)
 * @property {() => boolean} shouldShrink  polled before each shrink (a second Ctrl-C skips the rest)
 * @property {(progress: {phase: 'fuzz' | 'recheck' | 'shrink', cases: number, findings: number, elapsedMs: number, shrunk?: number, toShrink?: number, coverage: object}) => void} onProgress
 * @property {(finding: import('./tally.js').Finding) => void} onFinding  a new or updated finding (write it out now)
 */

/**
 * What a run did, for the results document (results.js).
 * @typedef {object} FuzzOutcome
 * @property {number} seed
 * @property {number} runs  Infinity for a --time run
 * @property {number} timeLimitMs  Infinity for a --runs run
 * @property {number} workers
 * @property {number} cases
 * @property {boolean} interrupted
 * @property {number} elapsedMs  the whole run
 * @property {number} fuzzMs  the fuzzing phase
 * @property {{spec: import('../targets/catalog.js').TargetSpec, cases: number, verdicts: Record<string, number>, clock: HostClock}[]} targets
 * @property {import('./tally.js').Finding[]} findings  one per bug as the same-bug check tells them apart, earliest case first
 * @property {{signatures: number, merged: number, split: number, confirmed: number, unexplained: number, witnesses: number}} sameBug
 *   signatures met while fuzzing; findings folded into another, split off; witnesses shrunk and those that showed their
 *   finding's bug after all; cases whose programs hold no trigger of their signature (same-bug.js)
 * @property {object[]} harnessErrors
 * @property {{runtime: string, case: number | null, detail: string}[]} unattributedCrashes  `case` null: the thread or agent died between tasks
 * @property {Tally['hostCrashes']} hostCrashes  runtimes that died in the host code the reference called (stalls.js)
 * @property {Record<string, Record<string, number>>} coverage
 * @property {import('../../fuzzers/steering.js').CellReport} cells  what the run drew, by cell of the map (fuzzers/cells.js)
 * @property {ReturnType<typeof agreementReport>} [recheck]  the run's verdicts against fresh replays (--recheck)
 */

/**
 * Where a host's part of the fuzzing phase went, in ms from the run's start:
 * starting its threads, agents or pages, apart from judging cases (a short
 * run, the main job's 150 cases a target, is mostly the former).
 * @typedef {object} HostClock
 * @property {number | null} firstReadyMs  its first member loaded: no case could run on it before (null: none did)
 * @property {number} members  members started (replacements of hung or dead ones included)
 * @property {number} loadMs  their load times, summed (they load side by side: on two cores, sharing them)
 * @property {number | null} lastResultMs  its last chunk's verdicts came back
 */

/**
 * A stage of the run: one that fails (a clonecheck bug; a pool whose new
 * thread cannot load) ends that stage, not the run. What was found so far is
 * kept and the failure is a harness error, so the results and the summary
 * are still written (issue 24: a run must never end without them).
 * @template T
 * @param {string} name
 * @param {import('./tally.js').Tally} tally
 * @param {() => Promise<T>} run
 * @returns {Promise<T | undefined>}
 */
async function stage(name, tally, run) {
  try {
    return await run();
  } catch (error) {
    tally.harnessErrors.push(harnessError(name, error));
    return undefined;
  }
}

/**
 * @param {string} during
 * @param {unknown} error
 * @returns {{verdict: 'harness-error', case: null, error: string}} a harness error of the run, not of a case
 */
function harnessError(during, error) {
  return { verdict: 'harness-error', case: null, error: `${during} failed: ${error instanceof Error ? error.stack : String(error)}` };
}

/**
 * @param {FuzzOptions} options
 * @returns {Promise<FuzzOutcome>}
 */
export async function fuzz(options) {
  const { targets, seed, runs = Infinity, timeLimitMs = Infinity, workers, weights, timeoutMs } = options;
  const started = performance.now();
  const elapsed = () => performance.now() - started;
  const tally = new Tally(targets, options.onFinding);
  let interrupted = false;
  const { hosts, nextTask, generateAhead, steering } = scheduleChunks({
    targets, seed, runs, weights, recheckRate: options.recheckRate,
    shouldStop: () => {
      if (options.shouldStop()) interrupted = true;
      return interrupted;
    },
    outOfTime: () => elapsed() >= timeLimitMs,
  });
  const totalCases = () => hosts.reduce((sum, host) => sum + host.cases, 0);
  const report = (phase, extra = {}) => options.onProgress({
    phase, cases: totalCases(), findings: tally.findings.size, elapsedMs: elapsed(), coverage: tally.coverage, ...extra,
  });

  /** @type {Promise<void>[]} stalled cases whose findings are on their way to the tally */
  const stalls = [];
  /** @type {import('./recheck.js').RecheckItem[]} sampled cases to replay fresh */
  const sampled = [];
  const histories = new MemberHistories();
  /** @type {Map<import('./schedule.js').Host, HostClock>} */
  const clocks = new Map(hosts.map((host) => [host, { firstReadyMs: null, members: 0, loadMs: 0, lastResultMs: null }]));
  // The first chunks are generated while the threads or agents start.
  for (const host of hosts) setImmediate(() => generateAhead(host));
  await stage('fuzzing', tally, () => Promise.all(hosts.map((host) => runPool({
    workerURL: FUZZ_WORKER_URL,
    agent: host.agent,
    // One member per lane at least (schedule.js): --workers 1 still keeps the lanes' realms apart.
    workers: membersFor(workers),
    workerData: { targets: host.targets },
    timeoutMs,
    nextTask: (slot) => {
      const task = nextTask(host, slot);
      if (task !== undefined) histories.ran(host, slot, task);
      // After the task has been posted: the thread starts on it first.
      if (task !== undefined) setImmediate(() => generateAhead(host));
      return task;
    },
    onReady: (_slot, loadMs) => {
      const clock = /** @type {HostClock} */ (clocks.get(host));
      clock.firstReadyMs ??= elapsed();
      clock.members += 1;
      clock.loadMs += loadMs;
    },
    onResult: (task, result) => {
      /** @type {HostClock} */ (clocks.get(host)).lastResultMs = elapsed();
      // A retried case was counted when it stalled.
      if (!task.retry) host.cases += result.cases;
      const generated = (/** @type {number} */ index) => task.programs[task.indices.indexOf(index)];
      tally.addChunkResult(result, generated);
      for (const { index, target, verdict, signature } of result.rechecked) {
        sampled.push({
          case: task.chunk * CHUNK_SIZE + index, chunkSeed: chunkSeed(task.seed, task.chunk), path: String(index), target,
          program: generated(index), verdict, signature, sampled: true,
        });
      }
      report('fuzz');
    },
    onStall: (task, stall) => {
      histories.replaced(host, task.slot);
      const considered = handleStall(host, task, stall, tally).then(() => report('fuzz'));
      // A failure (a clonecheck bug) is a harness error once the pools are done, below, not an unhandled rejection.
      considered.catch(() => {});
      stalls.push(considered);
    },
    onIdleCrash: (detail) => tally.unattributedCrashes.push({ runtime: host.agent?.name ?? 'node', case: null, detail }),
  }))));
  for (const outcome of await Promise.allSettled(stalls)) {
    if (outcome.status === 'rejected') tally.harnessErrors.push(harnessError('judging a stalled case', outcome.reason));
  }
  const fuzzMs = elapsed();

  const agreement = (options.recheckRate ?? 0) > 0
    ? await stage('rechecking', tally, () => recheckRun(sampled, tally, { targets, timeoutMs, workers, options, report, histories })) : undefined;

  const signatures = tally.findingsByCase();
  const shrunk = await stage('shrinking', tally, () => shrinkDeviations(signatures, {
    hosts, workers, timeoutMs, weights, planOf: (chunk) => steering.planOf(chunk), shrinkRuns: options.shrinkRuns, witnesses: options.witnesses, shouldShrink: options.shouldShrink,
    onShrunk: options.onFinding,
    onProgress: (done, toShrink) => report('shrink', { shrunk: done, toShrink }),
  })) ?? [];
  const { findings, merged, split, confirmed, unexplained } = oneFindingPerBug(signatures, shrunk);
  await stage('shrinking crashes and timeouts', tally, () => shrinkStalls(signatures, {
    hosts, workers, timeoutMs, runs: options.stallShrinkRuns ?? 0, seconds: options.stallShrinkSeconds ?? 0, shouldShrink: options.shouldShrink,
    onShrunk: options.onFinding,
    onProgress: (done, toShrink) => report('shrink', { shrunk: done, toShrink }),
  }));

  return {
    seed, runs, timeLimitMs, workers, cases: totalCases(), interrupted, elapsedMs: elapsed(), fuzzMs,
    // Every target is one host's (groupByHost).
    targets: targets.map((spec) => {
      const host = /** @type {import('./schedule.js').Host} */ (hosts.find((h) => h.targets.includes(spec)));
      return { spec, cases: host.cases, verdicts: tally.verdicts[spec.name], clock: /** @type {HostClock} */ (clocks.get(host)) };
    }),
    findings,
    sameBug: { signatures: signatures.length, merged, split, confirmed, unexplained, witnesses: shrunk.filter((s) => s.variant !== undefined).length },
    harnessErrors: tally.harnessErrors,
    unattributedCrashes: tally.unattributedCrashes,
    hostCrashes: tally.hostCrashes,
    coverage: tally.coverage,
    cells: steering.report(),
    ...(agreement === undefined ? {} : { recheck: agreement }),
  };
}

/**
 * The recheck stage (recheck.js): every finding's first case and the
 * sampled cases replayed fresh. A deviation or stall that only the fresh
 * replay shows is the case's verdict (DESIGN.md, Verdicts): it joins the
 * tally as a finding and is shrunk like the others. A finding whose fresh
 * replay passes is kept, marked as needing the run's history.
 * @param {import('./recheck.js').RecheckItem[]} sampled
 * @param {Tally} tally
 * @param {{targets: import('../targets/catalog.js').TargetSpec[], timeoutMs: number, workers: number, options: FuzzOptions,
 *   report: (phase: 'recheck', extra: object) => void, histories: MemberHistories}} run
 */
async function recheckRun(sampled, tally, { targets, timeoutMs, workers, options, report, histories }) {
  const firstCases = tally.findingsByCase().filter((f) => f.source !== undefined).map((f) => ({
    case: f.case, chunkSeed: f.chunkSeed, path: f.path, target: f.target, program: f.source, verdict: f.verdict, signature: f.signature, sampled: false,
  }));
  const key = (/** @type {{case: number, target: string}} */ item) => `${item.case} ${item.target}`;
  const own = new Set(firstCases.map(key));
  const items = [...firstCases, ...sampled.filter((item) => !own.has(key(item)))].sort((a, b) => a.case - b.case);
  const outcomes = await recheck(items, {
    targets, timeoutMs, workers, shouldStop: options.shouldStop,
    onProgress: (done, total) => report('recheck', { shrunk: done, toShrink: total }),
  });
  for (const { item, fresh, agreement } of outcomes) {
    if (agreement === 'history-dependent' && !item.sampled) {
      const finding = /** @type {import('./tally.js').Finding} */ (tally.findings.get(/** @type {string} */ (item.signature)));
      finding.freshReplay = 'passes';
      const before = histories.before(item);
      if (before !== undefined && options.shouldShrink()) {
        const deadline = performance.now() + (options.stallShrinkSeconds ?? HISTORY_SECONDS) * 1000;
        const shrunk = await shrinkHistory(item.program, before.programs, {
          targets: before.targets, target: item.target, signature: finding.signature, timeoutMs, inTime: () => options.shouldShrink() && performance.now() < deadline,
        });
        if (shrunk !== undefined) finding.history = { programs: shrunk.history, of: before.programs.length, replays: shrunk.replays, minimal: shrunk.minimal };
        options.onFinding(finding);
      }
    }
    if (agreement !== 'hidden' && agreement !== 'other-root') continue;
    const { signature, shape } = fresh.verdict === 'deviation' ? fresh : verdictSignature(item.target, fresh.verdict, fresh.detail);
    const features = programFeatures(fresh.program ?? item.program);
    const where = { case: item.case, chunkSeed: item.chunkSeed, path: item.path };
    tally.consider({
      signature, target: item.target, verdict: fresh.verdict, category: fresh.category ?? fresh.verdict, root: { signature, shape }, ...where, count: 1,
      program: fresh.program ?? item.program, source: item.program, minimized: false, detail: fresh.detail,
      expected: fresh.expected, actual: fresh.actual, differences: fresh.differences, freshReplay: 'only',
      variants: [{ variant: featureKey(features), features, ...where, count: 1 }],
    });
  }
  return agreementReport(/** @type {number} */ (options.recheckRate), outcomes);
}

/** Time spent at most cutting down one finding's history, without --stall-shrink-time. */
const HISTORY_SECONDS = 60;

/** Tasks of a member's past kept: a history-dependent finding's earlier cases are looked for among them. */
const HISTORY_TASKS = 16;

/**
 * What each member (thread, agent or page) of a host has judged since it
 * started: the tasks handed to its slot, the last HISTORY_TASKS of them; a
 * member replaced after a stall starts with none.
 */
class MemberHistories {
  constructor() {
    /** @type {Map<import('./schedule.js').Host, Map<number, any[]>>} */
    this.bySlot = new Map();
  }

  /** @param {import('./schedule.js').Host} host @param {number} slot @param {any} task */
  ran(host, slot, task) {
    task.slot = slot;
    const slots = this.bySlot.get(host) ?? new Map();
    this.bySlot.set(host, slots);
    const tasks = slots.get(slot) ?? [];
    slots.set(slot, tasks);
    tasks.push(task);
    if (tasks.length > HISTORY_TASKS) tasks.shift();
  }

  /** @param {import('./schedule.js').Host} host @param {number | undefined} slot */
  replaced(host, slot) {
    if (slot !== undefined) this.bySlot.get(host)?.get(slot)?.splice(0);
  }

  /**
   * The programs the member that judged a case ran before it, in order, and the targets it ran them on.
   * @param {{case: number, target: string}} item
   * @returns {{programs: any[], targets: import('../targets/catalog.js').TargetSpec[]} | undefined}
   */
  before(item) {
    const chunk = Math.floor(item.case / CHUNK_SIZE);
    const index = item.case % CHUNK_SIZE;
    for (const [host, slots] of this.bySlot) {
      if (!host.targets.some((t) => t.name === item.target)) continue;
      for (const tasks of slots.values()) {
        const at = tasks.findIndex((task) => task.chunk === chunk && task.indices.includes(index) && task.targets.some((/** @type {any} */ t) => t.name === item.target));
        if (at < 0) continue;
        const own = tasks[at];
        const programs = [...tasks.slice(0, at).flatMap((task) => task.programs), ...own.programs.slice(0, own.indices.indexOf(index))];
        return { programs, targets: own.targets };
      }
    }
    return undefined;
  }
}
