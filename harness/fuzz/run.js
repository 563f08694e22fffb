// `clonecheck fuzz`, the main thread: hands out chunks of cases to the worker
// pool, merges what comes back (verdict counts, guard coverage, the earliest
// case of each deviation signature), turns hung or dead threads into
// `timeout` / `crash` findings, then shrinks each deviation. Same seed and
// runs, same cases, same findings: chunks are deterministic, and each
// signature keeps its earliest case whatever thread found it first.

import { build } from '../../src/index.js';
import { casePrograms } from '../../fuzzers/arbitraries.js';
import { cloneCase, referenceClone } from '../case/case.js';
import { installNodeHostHooks } from '../case/node-host.js';
import { CHUNK_SIZE, chunkPrograms, chunkSeed, laneOf } from './chunks.js';
import { addCounts } from '../case/counts.js';
import { runPool } from '../pool/pool.js';
import { verdictSignature } from './signature.js';
import { channels, groupByHost } from '../targets/catalog.js';

const WORKER_URL = new URL('./worker.js', import.meta.url);

/** The version of the `--json` document (docs/results.md). */
export const FUZZ_SCHEMA_VERSION = 1;

/**
 * @typedef {object} Finding
 * @property {string} signature
 * @property {string} target
 * @property {'deviation' | 'timeout' | 'crash'} verdict
 * @property {string} category  the first difference's category, or the verdict
 * @property {number} case  the earliest case that showed it
 * @property {number} chunkSeed  with `path`, replays that case (fast-check seed and path)
 * @property {string} path
 * @property {number} count  cases that showed it
 * @property {any} program  as the target ran it; the shrunk one once shrinking is done
 * @property {boolean} minimized
 * @property {unknown} [expected]  the reference's observation (for a timeout or crash too: the repro needs it)
 * @property {unknown} [actual]
 * @property {object[]} [differences]
 * @property {string} [detail]  for a timeout or crash: what the watchdog saw
 */

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
 * @property {() => boolean} shouldStop  polled before each chunk (Ctrl-C)
 * @property {() => boolean} shouldShrink  polled before each shrink (a second Ctrl-C skips the rest)
 * @property {(progress: {phase: 'fuzz' | 'shrink', cases: number, findings: number, elapsedMs: number, shrunk?: number, toShrink?: number, coverage: object}) => void} onProgress
 * @property {(finding: Finding) => void} onFinding  a new or updated finding (write it out now)
 */

/**
 * @param {FuzzOptions} options
 */
export async function fuzz(options) {
  const { targets, seed, runs = Infinity, timeLimitMs = Infinity, workers, weights, timeoutMs } = options;
  const started = performance.now();
  const elapsed = () => performance.now() - started;
  /** @type {Map<string, Finding>} */
  const findings = new Map();
  /** @type {Record<string, Record<string, number>>} */
  const verdicts = Object.fromEntries(targets.map((t) => [t.name, { pass: 0, deviation: 0, timeout: 0, crash: 0, 'harness-error': 0 }]));
  const coverage = {};
  const harnessErrors = [];
  /** @type {{runtime: string, case: number, detail: string}[]} agents that died between cases */
  const unattributedCrashes = [];
  let interrupted = false;
  const stopNow = () => {
    if (options.shouldStop()) interrupted = true;
    return interrupted;
  };

  // Each host (this process's threads, or one runtime's agents) runs every
  // case on its targets, at its own pace.
  const hosts = groupByHost(targets).map((group, index) => ({
    ...group,
    // Guard coverage is a property of the cases: counted by one host only.
    countCoverage: index === 0,
    cases: 0,
    nextChunk: 0,
    /** @type {{clean: any[], polluting: any[]}} tasks by lane; a stall puts the rest of its task in front */
    lanes: { clean: [], polluting: [] },
  }));
  const totalCases = () => hosts.reduce((sum, host) => sum + host.cases, 0);

  const report = (phase, extra = {}) => options.onProgress({
    phase, cases: totalCases(), findings: findings.size, elapsedMs: elapsed(), coverage, ...extra,
  });

  /** Keeps the earliest case per signature; tells the caller about new or earlier ones. @param {Finding} candidate */
  const consider = (candidate) => {
    const known = findings.get(candidate.signature);
    if (known !== undefined) {
      known.count += candidate.count;
      if (known.case <= candidate.case) return;
      candidate.count = known.count;
    }
    findings.set(candidate.signature, candidate);
    options.onFinding(candidate);
  };

  // Programs are generated here, and run in two lanes. A program with realm
  // steps (sender or receiver pollution) invalidates V8's protectors (array
  // iteration, species, no elements on the prototypes) for its whole
  // isolate, and everything that isolate runs afterwards takes a slow path:
  // fast-check's generation got 4-6x slower in a worker that had judged such
  // programs, and a case ~35% slower. So the main thread generates (and runs
  // none), worker 0 takes the polluting programs first (and clean ones when
  // there are none), and the other workers keep clean isolates: they take
  // polluting work only at the end of the run or when that lane falls behind.
  const programs = casePrograms(weights);
  const POLLUTING_BACKLOG = 4;
  /** @type {Map<number, {programs: any[], hostsToGo: number}>} chunks drawn and not yet taken by every host */
  const drawnChunks = new Map();

  /** @param {number} chunk */
  const drawChunk = (chunk) => {
    let drawn = drawnChunks.get(chunk);
    if (drawn === undefined) {
      const numRuns = Math.min(CHUNK_SIZE, runs - chunk * CHUNK_SIZE);
      drawn = { programs: chunkPrograms(programs, seed, chunk, numRuns), hostsToGo: hosts.length };
      drawnChunks.set(chunk, drawn);
    }
    if (--drawn.hostsToGo === 0) drawnChunks.delete(chunk);
    return drawn.programs;
  };

  /** Puts the host's next chunk in its lanes; false when the run has no more. @param {typeof hosts[number]} host */
  const generateChunk = (host) => {
    if (stopNow() || elapsed() >= timeLimitMs || host.nextChunk * CHUNK_SIZE >= runs) return false;
    const chunk = host.nextChunk++;
    const parts = { clean: { indices: [], programs: [] }, polluting: { indices: [], programs: [] } };
    drawChunk(chunk).forEach((program, index) => {
      const part = parts[laneOf(program)];
      part.indices.push(index);
      part.programs.push(program);
    });
    for (const lane of /** @type {const} */ (['clean', 'polluting'])) {
      if (parts[lane].indices.length > 0) {
        host.lanes[lane].push({ kind: 'chunk', seed, chunk, lane, targets: host.targets, countCoverage: host.countCoverage, ...parts[lane] });
      }
    }
    return true;
  };

  /** @param {typeof hosts[number]} host @param {number} slot */
  const nextTask = (host, slot) => {
    if (stopNow()) return undefined;
    const { lanes } = host;
    for (;;) {
      if (slot === 0) {
        // The polluting lane first; clean work when there is none (its isolate is slow anyway).
        if (lanes.polluting.length > 0) return lanes.polluting.shift();
        if (lanes.clean.length > 0) return lanes.clean.shift();
      } else {
        if (lanes.clean.length > 0) return lanes.clean.shift();
        if (lanes.polluting.length > POLLUTING_BACKLOG) return lanes.polluting.shift();
      }
      if (!generateChunk(host)) return lanes.clean.shift() ?? lanes.polluting.shift();
    }
  };

  /** @param {typeof hosts[number]} host */
  const fuzzOn = (host) => runPool({
    workerURL: WORKER_URL,
    agent: host.agent,
    workers,
    workerData: { targets: host.targets },
    timeoutMs,
    nextTask: (slot) => nextTask(host, slot),
    onResult: (task, result) => {
      // A retried case was counted when it stalled.
      if (!task.retry) host.cases += result.cases;
      addCounts(coverage, result.coverage);
      addCounts(verdicts, result.verdicts);
      harnessErrors.push(...result.harnessErrors);
      for (const finding of result.found) {
        consider({
          signature: finding.signature, target: finding.target, verdict: finding.verdict, category: finding.category,
          case: finding.case, chunkSeed: finding.chunkSeed, path: finding.path, count: finding.count,
          program: finding.program, minimized: false, detail: finding.detail,
          expected: finding.expected, actual: finding.actual, differences: finding.differences,
        });
      }
      report('fuzz');
    },
    onStall: (task, { reason, heartbeat, detail }) => {
      if (task.kind !== 'chunk') return; // a shrink that hangs leaves its finding unshrunk
      const found = task.indices.indexOf(heartbeat.caseIndex - task.chunk * CHUNK_SIZE);
      const position = found < 0 ? 0 : found;
      const stalled = task.indices[position];
      if (!task.retry) host.cases += 1;
      // What the worker judged before the stall died with it: those cases run
      // again (they are deterministic), then the rest of the task.
      const part = (from, to) => ({ ...task, indices: task.indices.slice(from, to), programs: task.programs.slice(from, to) });
      if (position + 1 < task.indices.length) host.lanes[task.lane].unshift(part(position + 1, task.indices.length));
      if (position > 0) host.lanes[task.lane].unshift(part(0, position));
      const seedOfChunk = chunkSeed(task.seed, task.chunk);
      const program = task.programs[position];
      const caseIndex = task.chunk * CHUNK_SIZE + stalled;
      /** Runs the stalled case again, first in its lane, counted once. @param {object} fields */
      const retry = (fields) => host.lanes[task.lane].unshift({ ...part(position, position + 1), countCoverage: false, retry: true, ...fields });
      const target = task.targets[heartbeat.targetIndex];
      if (target === undefined) {
        if (host.agent !== undefined && reason === 'crash' && !task.afterDeath) {
          // The agent died before this case's first target began: late, from
          // an earlier case (a runtime's own machinery dying under a realm's
          // leftover state; Deno 2.9.6 does). Which case is unknown; this one
          // runs again, once, on every target.
          unattributedCrashes.push({ runtime: host.agent.name, case: caseIndex, detail });
          retry({ afterDeath: true });
          return;
        }
        harnessErrors.push({ verdict: 'harness-error', case: caseIndex, program, error: `the oracle stalled: ${reason}, ${detail}` });
        return;
      }
      verdicts[target.name][reason] += 1;
      // The other targets' verdicts on this case died with the worker (or
      // never ran): the case runs again on them alone, first in its lane.
      const others = task.targets.filter((_, index) => index !== heartbeat.targetIndex);
      if (others.length > 0) retry({ targets: others });
      const { signature } = verdictSignature(target.name, reason);
      const prepared = channels[target.channel](program);
      consider({
        signature, target: target.name, verdict: reason, category: reason, case: caseIndex,
        chunkSeed: seedOfChunk, path: String(stalled), count: 1, program: prepared, minimized: false, detail,
        expected: oracleObservation(prepared),
      });
      report('fuzz');
    },
  });
  await Promise.all(hosts.map(fuzzOn));
  const fuzzedMs = elapsed();

  const toShrink = [...findings.values()].filter((f) => f.verdict === 'deviation').sort((a, b) => a.case - b.case);
  let shrunk = 0;
  if (toShrink.length > 0) {
    report('shrink', { shrunk, toShrink: toShrink.length });
    /** @param {typeof hosts[number]} host */
    const shrinkOn = (host) => {
      const queue = toShrink.filter((finding) => host.targets.some((t) => t.name === finding.target));
      return runPool({
        workerURL: WORKER_URL,
        agent: host.agent,
        workers,
        timeoutMs,
        nextTask: () => {
          if (!options.shouldShrink()) return undefined;
          const finding = queue.shift();
          if (finding === undefined) return undefined;
          const target = host.targets.find((t) => t.name === finding.target);
          return {
            kind: 'shrink', chunkSeed: finding.chunkSeed, path: finding.path, target, signature: finding.signature,
            weights, maxRuns: options.shrinkRuns, finding,
          };
        },
        onResult: (task, { verdict }) => {
          shrunk += 1;
          if (verdict !== null) {
            Object.assign(task.finding, {
              program: verdict.program, minimized: true, expected: verdict.expected, actual: verdict.actual, differences: verdict.differences,
            });
            options.onFinding(task.finding);
          }
          report('shrink', { shrunk, toShrink: toShrink.length });
        },
        onStall: () => {
          shrunk += 1;
        },
      });
    };
    await Promise.all(hosts.map(shrinkOn));
  }

  const elapsedMs = elapsed();
  const cases = totalCases();
  const perSecond = (/** @type {number} */ n) => (fuzzedMs > 0 ? Math.round((n * 1000) / fuzzedMs) : 0);
  return {
    schemaVersion: FUZZ_SCHEMA_VERSION,
    command: 'fuzz',
    seed,
    runs: runs === Infinity ? null : runs,
    timeLimitMs: timeLimitMs === Infinity ? null : timeLimitMs,
    cases,
    interrupted,
    elapsedMs: Math.round(elapsedMs),
    fuzzMs: Math.round(fuzzedMs),
    casesPerSecond: perSecond(cases),
    workers,
    targets: targets.map((t) => {
      const host = hosts.find((h) => h.targets.includes(t));
      return {
        name: t.name, description: t.description, runtime: t.runtime?.name ?? null, version: t.runtime?.version ?? null,
        cases: host?.cases ?? 0, casesPerSecond: perSecond(host?.cases ?? 0), verdicts: verdicts[t.name],
      };
    }),
    findings: [...findings.values()].sort((a, b) => a.case - b.case),
    harnessErrors,
    unattributedCrashes,
    coverage,
  };
}

/**
 * What the reference observes for a program, for the repro of a timeout or a
 * crash (whose target gave no observation). Synchronous, so the realm is
 * restored before this thread does anything else.
 * @param {any} program
 */
function oracleObservation(program) {
  installNodeHostHooks();
  return cloneCase(program, () => build(program), referenceClone({ tiers: false })).clone;
}
