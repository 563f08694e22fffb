// The results document of `clonecheck mutate --json` (docs/mutate.md): built
// here from what the run returns; the command only writes and prints it.

import { median } from '../bench/median.js';

/** The version of the document (docs/mutate.md). */
export const MUTATE_SCHEMA_VERSION = 1;

/**
 * @param {{seed: number, runs?: number, timeLimitMs?: number, workers: number}} options
 * @param {Awaited<ReturnType<typeof import('./run.js').runMutants>>} outcome
 */
export function mutateResults({ seed, runs, timeLimitMs, workers }, { control, mutants, interrupted }) {
  const valid = mutants.filter((m) => m.valid);
  const killed = valid.filter((m) => m.killed);
  const survived = valid.filter((m) => !m.killed);
  // A known equivalent mutant cannot be killed: the score leaves those out (and counts them if they are killed anyway).
  const killable = valid.length - survived.filter((m) => m.equivalent !== null).length;
  const seconds = killed.map((m) => m.seconds);
  const round = (/** @type {number} */ x) => Math.round(x * 1000) / 1000;
  return {
    schemaVersion: MUTATE_SCHEMA_VERSION,
    command: 'mutate',
    seed,
    runsPerMutant: runs ?? null,
    timeLimitMsPerMutant: timeLimitMs ?? null,
    workers,
    interrupted,
    control: control ?? null,
    mutants,
    survivors: survived.filter((m) => m.equivalent === null).map((m) => m.id),
    equivalentSurvivors: survived.filter((m) => m.equivalent !== null).map((m) => m.id),
    invalid: mutants.filter((m) => !m.valid).map((m) => m.id),
    summary: {
      mutants: mutants.length,
      valid: valid.length,
      killed: killed.length,
      survived: survived.length,
      killRate: valid.length === 0 ? null : round(killed.length / valid.length),
      killRateOfKillable: killable === 0 ? null : round(killed.length / killable),
      medianSecondsToKill: killed.length === 0 ? null : round(median(seconds)),
      maxSecondsToKill: killed.length === 0 ? null : round(Math.max(...seconds)),
      medianCasesToKill: killed.length === 0 ? null : median(killed.map((m) => m.cases)),
    },
  };
}
