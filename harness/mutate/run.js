// `clonecheck mutate`, the work: each mutant (mutants.js) is written to a
// temporary directory and fuzzed as a target with the fuzzer itself
// (harness/fuzz/run.js), same seed and budget for all, until its first
// finding (killed) or the end of the budget (survived). First the unmutated
// copy runs as a control: it must survive, or a kill would say nothing
// about the mutation (in-turn.js; the string tiers' catalog is strings.js).

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fuzz } from '../fuzz/run.js';
import { runInTurn } from './in-turn.js';
import { MutationError, mutatedSources, tierSources, writeTiers } from './mutants.js';

const MUTANT_CLONE_URL = new URL('./mutant-clone.js', import.meta.url).href;

/**
 * @typedef {object} MutantRun
 * @property {'clone' | 'strings'} catalog  which tiers it breaks: the clone tiers (src/tiers/) or the string tiers (src/encoding/tiers/)
 * @property {string} id
 * @property {string} tier
 * @property {'control' | 'guard-dropped' | 'semantic'} kind
 * @property {string} description
 * @property {string | null} equivalent  why it cannot be killed, for a known equivalent mutant
 * @property {boolean} valid  false: the mutation found nothing to change, or the copy does not load
 * @property {string} [error]  why it is not valid
 * @property {boolean} killed
 * @property {{signature: string, category: string, verdict: string} | null} finding  the earliest finding
 * @property {number} cases  killed: the number (from 1) of the earliest killing case judged (cases run on
 *   several threads, so one that a thread had not reached when the run stopped may have killed it sooner);
 *   survived: the cases run
 * @property {number} casesRun  cases judged before the run stopped
 * @property {number | null} seconds  killed: from the start of its fuzzing (threads starting included) to the first finding
 * @property {number} harnessErrors
 * @property {number | null} shrunkBytes  strings: the bytes of the shrunk case that kills it; clone: null (mutate does not shrink programs)
 * @property {string | null} example  strings: the shrunk case, in hex (harness/decode/tier-check.js describeCase)
 */

/**
 * @typedef {object} CatalogOutcome
 * @property {MutantRun | undefined} control
 * @property {MutantRun[]} mutants
 * @property {boolean} interrupted
 */

/** The unmutated copy of the tiers, run first. */
const CONTROL = {
  id: 'control', tier: '', kind: /** @type {const} */ ('control'), edits: [], equivalent: null,
  description: 'the tiers copied as they are: must survive, or kills are not caused by the mutations',
};

/**
 * @param {object} run
 * @param {import('./mutants.js').Mutant[]} run.mutants
 * @param {number} run.seed
 * @param {number} [run.runs]  cases per mutant
 * @param {number} [run.timeLimitMs]  or time per mutant
 * @param {number} run.workers
 * @param {number} run.timeoutMs
 * @param {() => boolean} run.shouldStop  polled before each chunk (Ctrl-C): the mutant in progress is dropped, the rest not run
 * @param {(result: MutantRun, index: number, total: number) => void} run.onResult  after each mutant (the control is index 0)
 * @returns {Promise<CatalogOutcome>}
 */
export async function runMutants({ mutants, seed, runs, timeLimitMs, workers, timeoutMs, shouldStop, onResult }) {
  const sources = tierSources();
  const root = mkdtempSync(join(tmpdir(), 'clonecheck-mutants-'));
  try {
    return await runInTurn(/** @type {import('./mutants.js').Mutant | typeof CONTROL} */ (CONTROL), mutants,
      (mutant, i) => runMutant(mutant, join(root, String(i)), { sources, seed, runs, timeLimitMs, workers, timeoutMs, shouldStop }),
      { shouldStop, onResult });
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

/**
 * Writes one mutant, loads it, and fuzzes it until its first finding.
 * @param {import('./mutants.js').Mutant | typeof CONTROL} mutant
 * @param {string} dir
 * @returns {Promise<MutantRun | undefined>} undefined when interrupted before it was decided
 */
async function runMutant(mutant, dir, { sources, seed, runs, timeLimitMs, workers, timeoutMs, shouldStop }) {
  const { id, tier, kind, description, equivalent } = mutant;
  const base = {
    catalog: /** @type {const} */ ('clone'), id, tier, kind, description, equivalent, valid: true, killed: false, finding: null,
    cases: 0, casesRun: 0, seconds: null, harnessErrors: 0, shrunkBytes: null, example: null,
  };
  let files;
  try {
    files = mutant.edits.length === 0 ? sources : mutatedSources(mutant, sources);
  } catch (error) {
    if (!(error instanceof MutationError)) throw error;
    return { ...base, valid: false, error: error.message };
  }
  const tiersURL = writeTiers(dir, files);
  try {
    await import(tiersURL);
  } catch (error) {
    // Whatever stops the copy from loading (a syntax error, a missing export) makes the mutant invalid.
    return { ...base, valid: false, error: `does not load: ${error instanceof Error ? error.message : String(error)}` };
  }
  /** @type {import('../targets/catalog.js').TargetSpec} */
  const target = {
    name: `mutant:${id}`, description: `the reference with the mutant ${id}: ${description}`,
    moduleURL: `${MUTANT_CLONE_URL}?tiers=${encodeURIComponent(tiersURL)}`, reshaping: { base: 'asIs', limits: [] }, external: true,
  };
  const started = performance.now();
  /** @type {number | undefined} */
  let killedAtMs;
  const outcome = await fuzz({
    targets: [target], seed, runs, timeLimitMs, workers, weights: {}, timeoutMs, shrinkRuns: 0, witnesses: 0,
    shouldStop: () => killedAtMs !== undefined || shouldStop(),
    shouldShrink: () => false,
    onProgress: () => {},
    onFinding: () => {
      killedAtMs ??= performance.now() - started;
    },
  });
  const finding = outcome.findings[0];
  if (finding === undefined && outcome.interrupted) return undefined;
  return {
    ...base,
    killed: finding !== undefined,
    finding: finding === undefined ? null : { signature: finding.signature, category: finding.category, verdict: finding.verdict },
    cases: finding === undefined ? outcome.cases : finding.case + 1,
    casesRun: outcome.cases,
    seconds: killedAtMs === undefined ? null : killedAtMs / 1000,
    harnessErrors: outcome.harnessErrors.length,
  };
}
