// `clonecheck selfcheck`: the reference engine checked against itself at
// scale (harness/selfcheck/checks.js: tiers are invisible; emit builds what build
// builds), over generated programs and programs decoded from random bytes.
//
// The run is cut into chunks of CHUNK_SIZE cases; chunk k is an fc.check with
// its own seed derived from the run's seed, so a run is deterministic for a
// given seed, a chunk can be replayed alone (`--replay seed:path`), and the
// event loop gets a turn between chunks (progress, Ctrl-C).

import fc from 'fast-check';
import { tiers } from '../../src/index.js';
import { casePrograms } from '../../fuzzers/programs.js';
import { checkProgram } from './checks.js';
import { addCounts, guardCoverageReport } from '../../portable/case/counts.js';
import { installNodeHostHooks } from '../../portable/hosts/node-host.js';
import { CHUNK_SIZE, chunkSeed } from '../../fuzzers/steering.js';
import { runPool } from '../pool/pool.js';

export const SUMMARY_SCHEMA_VERSION = 1;

/** What selfcheck draws: three generated programs for each decoded one (checks.js reshapes what this Node cannot make). */
const selfcheckPrograms = casePrograms();

/** Thrown by the property so fast-check shrinks the program that produced findings. */
class FindingsError extends Error {
  /** @param {import('./checks.js').Finding[]} findings */
  constructor(findings) {
    super(findings.map((f) => f.property).join('; '));
    this.findings = findings;
  }
}

/** @param {{coverage: object}} state */
function selfcheckProperty({ coverage }) {
  return fc.property(selfcheckPrograms, (program) => {
    const findings = checkProgram(program, { coverage });
    if (findings.length > 0) throw new FindingsError(findings);
  });
}

/**
 * A difference as reported: where it came from, the shrunk program and what
 * differed (or the harness error the program caused).
 * @param {import('fast-check').RunDetails<[any]>} details  of a failed run
 * @param {number} caseIndex index of the first failing case in the run
 */
function describeFailure(details, caseIndex) {
  // null when the run failed without a counterexample (interrupted, or too many skips).
  const program = details.counterexample?.[0] ?? null;
  const difference = {
    case: caseIndex,
    seed: details.seed,
    path: details.counterexamplePath,
    replay: `${details.seed}:${details.counterexamplePath}`,
    program,
  };
  let findings;
  try {
    findings = checkProgram(program);
  } catch (error) {
    return { ...difference, error: error instanceof Error ? String(error.stack) : String(error) };
  }
  return { ...difference, findings };
}

/**
 * Runs chunk `chunk` of a run: `numRuns` cases from the chunk's own seed.
 * Run by the workers (harness/selfcheck/worker.js).
 * @param {{seed: number, chunk: number, numRuns: number}} task
 * @returns {{chunk: number, cases: number, difference: object | null, coverage: object}}
 */
export function runChunk({ seed, chunk, numRuns }) {
  installNodeHostHooks();
  /** @type {Record<string, Record<string, number>>} coverage[tier][reason] (src/tiers/index.js countSelection) */
  const coverage = {};
  const details = fc.check(selfcheckProperty({ coverage }), { seed: chunkSeed(seed, chunk), numRuns });
  if (!details.failed) return { chunk, cases: numRuns, difference: null, coverage };
  return { chunk, cases: details.numRuns, difference: describeFailure(details, chunk * CHUNK_SIZE + details.numRuns - 1), coverage };
}

/**
 * Runs chunks on `workers` threads (harness/pool/pool.js), handing each result to
 * `onResult`; stops handing out chunks when `shouldContinue()` turns false.
 * @param {{seed: number, runs: number, workers: number}} plan
 * @param {() => boolean} shouldContinue
 * @param {(result: ReturnType<typeof runChunk>) => void} onResult
 */
async function runChunks({ seed, runs, workers }, shouldContinue, onResult) {
  const chunks = Math.ceil(runs / CHUNK_SIZE);
  let next = 0;
  await runPool({
    workerURL: new URL('./worker.js', import.meta.url),
    workers: Math.min(workers, chunks),
    nextTask: () => (next < chunks && shouldContinue()
      ? { seed, chunk: next, numRuns: Math.min(CHUNK_SIZE, runs - next++ * CHUNK_SIZE) }
      : undefined),
    onResult: (_task, result) => onResult(result),
    onStall: (task, { detail }) => {
      throw new Error(`selfcheck chunk ${task.chunk} of seed ${seed} died: ${detail}`);
    },
  });
}

/**
 * @typedef {object} SelfcheckOptions
 * @property {number} runs  cases to run
 * @property {number} seed  int32
 * @property {number} workers  threads
 * @property {number} maxDifferences  stop after this many
 * @property {() => boolean} [shouldStop]  polled between chunks (Ctrl-C)
 * @property {(progress: {cases: number, runs: number, differences: number, elapsedMs: number}) => void} [onProgress]
 */

/**
 * Runs the self-check and returns its summary (the `--json` document).
 * Chunks are independent, so the cases checked (and the differences found)
 * do not depend on the number of workers.
 * @param {SelfcheckOptions} options
 */
export async function selfcheck({ runs, seed, workers, maxDifferences, shouldStop = () => false, onProgress = () => {} }) {
  /** @type {Record<string, Record<string, number>>} coverage[tier][reason] (src/tiers/index.js countSelection) */
  const coverage = {};
  const differences = [];
  const started = performance.now();
  let cases = 0;
  let stopped = false;
  const shouldContinue = () => {
    if (shouldStop()) stopped = true;
    return !stopped && differences.length < maxDifferences;
  };
  await runChunks({ seed, runs, workers }, shouldContinue, (result) => {
    cases += result.cases;
    addCounts(coverage, result.coverage);
    if (result.difference) differences.push(result.difference);
    onProgress({ cases, runs, differences: differences.length, elapsedMs: performance.now() - started });
  });
  differences.sort((a, b) => a.case - b.case);
  const elapsedMs = performance.now() - started;
  return {
    schemaVersion: SUMMARY_SCHEMA_VERSION,
    command: 'selfcheck',
    seed,
    runs,
    workers,
    cases,
    interrupted: stopped,
    elapsedMs: Math.round(elapsedMs),
    casesPerSecond: elapsedMs > 0 ? Math.round((cases * 1000) / elapsedMs) : 0,
    differences,
    guardCoverage: guardCoverageReport(coverage, tiers),
  };
}

/**
 * Replays one failing case printed by a run (`seed:path`) and returns it
 * described like a difference, or null when it passes now.
 * @param {string} replay
 */
export function replay(replay) {
  installNodeHostHooks();
  const [seedText, ...path] = replay.split(':');
  const details = fc.check(selfcheckProperty({ coverage: {} }), { seed: Number(seedText), path: path.join(':'), numRuns: 1 });
  return details.failed ? describeFailure(details, 0) : null;
}
