// `clonecheck mutate`: the mutation score of the fuzzer, measured on the
// reference's own tiers (harness/mutate/, docs/mutate.md). Exit 0 every
// mutant killed, 1 some survived, 2 usage, 3 the control was killed or a
// mutant is invalid (the measurement itself is broken), 130 interrupted.

import { writeFileSync } from 'node:fs';
import { allMutants } from '../mutate/mutants.js';
import { runMutants } from '../mutate/run.js';
import { mutateResults } from '../mutate/results.js';
import { EXIT, UsageError, count, interrupts } from './common.js';

/**
 * The mutants --mutant names (an id, or a tier: all of its mutants); all without it.
 * @param {string[] | undefined} names
 */
function selectMutants(names) {
  const mutants = allMutants();
  if (names === undefined) return mutants;
  for (const name of names) {
    if (!mutants.some((m) => m.id === name || m.tier === name)) {
      throw new UsageError(`--mutant: no mutant or tier '${name}'; 'clonecheck mutate --list' lists them`);
    }
  }
  return mutants.filter((m) => names.includes(m.id) || names.includes(m.tier));
}

/** @param {import('../mutate/run.js').MutantRun} m @returns {string} what happened to it, in one line */
function describeRun(m) {
  if (!m.valid) return `INVALID (${m.error})`;
  if (!m.killed) return `survived ${count.format(m.cases)} cases${m.equivalent === null ? '' : ' (equivalent)'}`;
  const wrong = m.equivalent === null ? '' : '; listed as equivalent, so its reason in harness/mutate/mutants.js is wrong';
  return `killed by case ${count.format(m.cases)} in ${m.seconds.toFixed(2)} s: ${m.finding.signature} (${m.finding.category})${wrong}`;
}

/**
 * @param {{seed: number, runs: number, time?: number, workers: number, timeout: number, mutant?: string[], json?: string, list?: boolean}} raw
 *   commander's options, parsed, defaulted and range-checked (options.js)
 */
export async function mutateCommand(raw) {
  const mutants = selectMutants(raw.mutant);
  if (raw.list) {
    for (const m of mutants) process.stdout.write(`${m.id}  ${m.kind}  ${m.description}\n`);
    return EXIT.ok;
  }
  const { seed, workers, timeout: timeoutMs, time: seconds } = raw;
  // --runs has a default; --time replaces it (commander rejects both given).
  const runs = seconds === undefined ? raw.runs : undefined;
  const timeLimitMs = seconds === undefined ? undefined : seconds * 1000;
  process.stderr.write(`clonecheck mutate --seed ${seed} ${runs === undefined ? `--time ${seconds}` : `--runs ${runs}`} per mutant: `
    + `${mutants.length} mutant${mutants.length === 1 ? '' : 's'} after the control (${workers} worker${workers === 1 ? '' : 's'})\n`);
  const ctrlC = interrupts(['stopping: the mutant in progress is dropped, the rest are not run; writing what was decided (Ctrl-C again to quit at once)']);
  let killedSoFar = 0;
  let outcome;
  try {
    outcome = await runMutants({
      mutants, seed, runs, timeLimitMs, workers, timeoutMs,
      shouldStop: () => ctrlC.presses > 0,
      onResult: (m, index, total) => {
        if (m.kind !== 'control' && m.killed) killedSoFar += 1;
        const where = m.kind === 'control' ? 'control' : `mutant ${index}/${total} (${killedSoFar} killed)`;
        process.stderr.write(`${where} ${m.id}: ${describeRun(m)}\n`);
      },
    });
  } finally {
    ctrlC.dispose();
  }
  const summary = mutateResults({ seed, runs, timeLimitMs, workers }, outcome);
  if (raw.json !== undefined) writeFileSync(raw.json, `${JSON.stringify(summary, null, 2)}\n`);

  const s = summary.summary;
  const byId = new Map(summary.mutants.map((m) => [m.id, m]));
  for (const id of summary.survivors) process.stdout.write(`SURVIVOR ${id}: ${byId.get(id).description}\n`);
  for (const id of summary.equivalentSurvivors) process.stdout.write(`EQUIVALENT ${id}: ${byId.get(id).equivalent}\n`);
  for (const id of summary.invalid) process.stdout.write(`INVALID ${id}: ${byId.get(id).error}\n`);
  const percent = (/** @type {number | null} */ rate) => (rate === null ? '-' : `${(rate * 100).toFixed(1)}%`);
  const times = s.killed === 0 ? '' : `; time to kill median ${s.medianSecondsToKill.toFixed(2)} s, max ${s.maxSecondsToKill.toFixed(2)} s`;
  process.stdout.write(`mutate: ${s.killed} of ${s.valid} mutants killed (${percent(s.killRate)}; ${percent(s.killRateOfKillable)} of those not known equivalent)`
    + `${times}; seed ${seed}${summary.interrupted ? ', interrupted' : ''}\n`);
  if (summary.control?.killed) {
    process.stdout.write(`CONTROL KILLED: the unmutated tiers deviated (${summary.control.finding.signature}); the kills above do not measure the mutations\n`);
    return EXIT.infrastructure;
  }
  if (summary.invalid.length > 0) return EXIT.infrastructure;
  if (summary.survivors.length > 0) return EXIT.findings;
  return summary.interrupted ? EXIT.interrupted : EXIT.ok;
}
