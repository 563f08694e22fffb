// The results document of `clonecheck mutate --json` (docs/mutate.md): built
// here from what the run returns; the command only writes and prints it.

import { median } from '../bench/median.js';

/**
 * The version of the document (docs/mutate.md): 2 since the string tiers' mutants (a control per catalog of tiers);
 * 3 since `family` was renamed `catalog` (on each entry, and `catalogs` for `families`).
 */
export const MUTATE_SCHEMA_VERSION = 3;

/**
 * @param {{seed: number, runs?: number, timeLimitMs?: number, workers: number}} options
 * @param {{catalogs: ({catalog: 'clone' | 'strings'} & import('./run.js').CatalogOutcome)[], interrupted: boolean}} outcome
 *   each catalog that ran, in the order it ran
 */
export function mutateResults({ seed, runs, timeLimitMs, workers }, { catalogs, interrupted }) {
  const mutants = catalogs.flatMap((c) => c.mutants);
  const valid = mutants.filter((m) => m.valid);
  const survived = valid.filter((m) => !m.killed);
  return {
    schemaVersion: MUTATE_SCHEMA_VERSION,
    command: 'mutate',
    seed,
    runsPerMutant: runs ?? null,
    timeLimitMsPerMutant: timeLimitMs ?? null,
    workers,
    interrupted,
    controls: Object.fromEntries(catalogs.map((c) => [c.catalog, c.control ?? null])),
    mutants,
    survivors: survived.filter((m) => m.equivalent === null).map((m) => m.id),
    equivalentSurvivors: survived.filter((m) => m.equivalent !== null).map((m) => m.id),
    invalid: mutants.filter((m) => !m.valid).map((m) => m.id),
    summary: summarize(mutants),
    catalogs: Object.fromEntries(catalogs.map((c) => [c.catalog, summarize(c.mutants)])),
  };
}

/**
 * The score of some mutants: kill rates, and how soon the killed ones died.
 * @param {import('./run.js').MutantRun[]} mutants
 */
function summarize(mutants) {
  const valid = mutants.filter((m) => m.valid);
  const killed = valid.filter((m) => m.killed);
  const survived = valid.filter((m) => !m.killed);
  // A known equivalent mutant cannot be killed: the score leaves those out (and counts them if they are killed anyway).
  const killable = valid.length - survived.filter((m) => m.equivalent !== null).length;
  // A killed mutant's time to its finding (run.js).
  const seconds = killed.map((m) => /** @type {number} */ (m.seconds));
  const shrunk = killed.map((m) => m.shrunkBytes).filter((b) => b !== null);
  const round = (/** @type {number} */ x) => Math.round(x * 1000) / 1000;
  return {
    mutants: mutants.length,
    valid: valid.length,
    killed: killed.length,
    survived: survived.length,
    killRate: valid.length === 0 ? null : round(killed.length / valid.length),
    killRateOfKillable: killable === 0 ? null : round(killed.length / killable),
    medianSecondsToKill: killed.length === 0 ? null : round(median(seconds)),
    maxSecondsToKill: killed.length === 0 ? null : round(Math.max(...seconds)),
    medianCasesToKill: killed.length === 0 ? null : median(killed.map((m) => m.cases)),
    // Only a catalog that shrinks its kills has these (the string tiers' check does; mutate does not shrink programs).
    medianShrunkBytes: shrunk.length === 0 ? null : median(shrunk),
  };
}
