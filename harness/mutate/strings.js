// `clonecheck mutate --catalog strings`: the deliberately broken string tiers
// of harness/mutate/string-mutants.js, each checked by the string tiers'
// differential check (harness/decode/tier-check.js: fast-check draws buffers
// aimed at the tiers' boundaries, and every tier must decode every string as
// the exact path does) with the run's seed and budget, until the first
// difference (killed, then shrunk to the fewest bytes) or the end of the
// budget (survived). The control is the reference's own catalog. The check
// runs in this thread: --workers and --timeout are the clone catalog's.

import { stringTiers } from '../../src/encoding/tiers/index.js';
import { checkStringTiers, describeCase } from '../decode/tier-check.js';
import { STRING_TIER_MUTANTS } from './string-mutants.js';
import { runInTurn } from './in-turn.js';

/**
 * @typedef {object} StringMutant  a mutant of harness/mutate/string-mutants.js as `clonecheck mutate` lists and runs it
 * @property {'strings'} catalog
 * @property {string} id
 * @property {string} tier  the broken tier: the id's part before the slash
 * @property {'control' | 'semantic'} kind  every string mutant is a hand-written bug
 * @property {string} description
 * @property {null} equivalent  none is known equivalent
 * @property {readonly import('../../src/encoding/tiers/index.js').StringTier[]} tiers
 */

/** @returns {StringMutant[]} */
export function stringMutants() {
  return STRING_TIER_MUTANTS.map(({ id, description, tiers }) => ({
    catalog: 'strings', id, tier: id.slice(0, id.indexOf('/')), kind: 'semantic', description, equivalent: null, tiers,
  }));
}

/** @type {StringMutant} */
const CONTROL = {
  catalog: 'strings', id: 'control', tier: '', kind: 'control', equivalent: null, tiers: stringTiers,
  description: "the reference's string tiers as they are: must survive, or kills are not caused by the mutations",
};

/** Cases drawn at most when --time bounds the check instead of --runs. */
const TIMED_CEILING = 2 ** 31 - 1;

/**
 * @param {object} run
 * @param {StringMutant[]} run.mutants
 * @param {number} run.seed
 * @param {number} [run.runs]  cases per mutant
 * @param {number} [run.timeLimitMs]  or time per mutant
 * @param {() => boolean} run.shouldStop  polled between mutants (the check is synchronous)
 * @param {(result: import('./run.js').MutantRun, index: number, total: number) => void} run.onResult
 * @returns {Promise<import('./run.js').CatalogOutcome>}
 */
export function runStringMutants({ mutants, seed, runs, timeLimitMs, shouldStop, onResult }) {
  return runInTurn(CONTROL, mutants, async (mutant) => {
    const started = performance.now();
    const result = checkStringTiers({ tiers: mutant.tiers, seed, numRuns: runs ?? TIMED_CEILING, timeLimitMs });
    const seconds = (performance.now() - started) / 1000;
    const { catalog, id, tier, kind, description, equivalent } = mutant;
    const kinds = [...new Set(result.differences.map((d) => d.kind))].join('+');
    return {
      catalog, id, tier, kind, description, equivalent, valid: true,
      killed: result.found,
      finding: result.found ? { signature: `mutant-${id.replace('/', '-')}.${kinds}`, category: kinds, verdict: 'deviation' } : null,
      // fast-check's numRuns: the failing case's number when one failed, else the cases run.
      cases: result.runs,
      casesRun: result.runs,
      seconds: result.msToFirstFinding === null ? (result.found ? seconds : null) : result.msToFirstFinding / 1000,
      harnessErrors: 0,
      shrunkBytes: result.counterexample === undefined ? null : result.counterexample.bytes.length,
      example: result.counterexample === undefined ? null : describeCase(result.counterexample),
    };
  }, { shouldStop, onResult });
}
