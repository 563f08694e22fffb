// `clonecheck mutate`: the mutation score of the fuzzer and of the string
// tiers' differential check, measured on the reference's own tiers
// (harness/mutate/, docs/mutate.md): each catalog of mutants
// (harness/mutate/catalogs.js) after its control. Exit 0 every mutant
// killed, 1 some survived, 2 usage, 3 a control was killed or a mutant is
// invalid (the measurement itself is broken), 130 interrupted.

import { writeFileSync } from 'node:fs';
import { CATALOG_NAMES, MUTANT_CATALOGS } from '../mutate/catalogs.js';
import { mutateResults } from '../mutate/results.js';
import { EXIT, UsageError } from '../errors.js';
import { count } from '../count.js';
import { interrupts } from './common.js';

/**
 * The mutants of the catalogs --catalog names (all without it) that --mutant
 * names (an id, or a tier: all of its mutants; all without it), by catalog.
 * @param {string[] | undefined} catalogNames
 * @param {string[] | undefined} names
 */
function selectMutants(catalogNames, names) {
  for (const name of catalogNames ?? []) {
    if (!CATALOG_NAMES.includes(/** @type {any} */ (name))) throw new UsageError(`--catalog: no catalog '${name}'; use ${CATALOG_NAMES.join(' or ')}`);
  }
  const catalogs = CATALOG_NAMES.filter((f) => catalogNames === undefined || catalogNames.includes(f));
  const mutants = catalogs.flatMap(/** @returns {import('../mutate/catalogs.js').ListedMutant[]} */ (catalog) => MUTANT_CATALOGS[catalog].mutants());
  for (const name of names ?? []) {
    if (!mutants.some((m) => m.id === name || m.tier === name)) {
      throw new UsageError(`--mutant: no mutant or tier '${name}' in ${catalogs.join(' or ')}; 'clonecheck mutate --list' lists them`);
    }
  }
  return mutants.filter((m) => names === undefined || names.includes(m.id) || names.includes(m.tier));
}

/** @param {import('../mutate/run.js').MutantRun} m @returns {string} what happened to it, in one line */
function describeRun(m) {
  if (!m.valid) return `INVALID (${m.error})`;
  const { seconds, finding } = m;
  // A killed mutant has both (run.js); neither is a survivor's.
  if (!m.killed || seconds === null || finding === null) return `survived ${count.format(m.cases)} cases${m.equivalent === null ? '' : ' (equivalent)'}`;
  const wrong = m.equivalent === null ? '' : '; listed as equivalent, so its reason in harness/mutate/mutants.js is wrong';
  const shrunk = m.shrunkBytes === null ? '' : `, shrunk to ${count.format(m.shrunkBytes)} bytes: ${m.example}`;
  return `killed by case ${count.format(m.cases)} in ${seconds.toFixed(2)} s: ${finding.signature} (${finding.category})${shrunk}${wrong}`;
}

/** @param {number | null} rate */
const percent = (rate) => (rate === null ? '-' : `${(rate * 100).toFixed(1)}%`);

/**
 * @param {{seed: number, runs: number, time?: number, workers: number, timeout: number, catalog?: string[], family?: string, mutant?: string[], json?: string,
 *   list?: boolean}} raw  commander's options, parsed, defaulted and range-checked (options.js)
 */
export async function mutateCommand(raw) {
  if (raw.family !== undefined) throw new UsageError(`--family is now --catalog: --catalog ${raw.family}`);
  const mutants = selectMutants(raw.catalog, raw.mutant);
  if (raw.list) {
    for (const m of mutants) process.stdout.write(`${m.id}  ${m.catalog}  ${m.kind}  ${m.description}\n`);
    return EXIT.ok;
  }
  const { seed, workers, timeout: timeoutMs, time: seconds } = raw;
  // --runs has a default; --time replaces it (commander rejects both given).
  const runs = seconds === undefined ? raw.runs : undefined;
  const timeLimitMs = seconds === undefined ? undefined : seconds * 1000;
  const catalogs = CATALOG_NAMES.map((catalog) => ({ catalog, mutants: mutants.filter((m) => m.catalog === catalog) })).filter((f) => f.mutants.length > 0);
  process.stderr.write(`clonecheck mutate --seed ${seed} ${runs === undefined ? `--time ${seconds}` : `--runs ${runs}`} per mutant: `
    + `${catalogs.map((f) => `${f.mutants.length} ${f.catalog} mutant${f.mutants.length === 1 ? '' : 's'}`).join(', ')}, each catalog after its control`
    // The string tiers' check runs in this thread.
    + `${catalogs.some((f) => f.catalog === 'clone') ? ` (${workers} worker${workers === 1 ? '' : 's'})` : ''}\n`);
  const ctrlC = interrupts(['stopping: the mutant in progress is dropped, the rest are not run; writing what was decided (Ctrl-C again to quit at once)']);
  /** @type {Parameters<typeof mutateResults>[1]['catalogs']} */
  const ran = [];
  try {
    for (const { catalog, mutants: selected } of catalogs) {
      if (ctrlC.presses > 0) break;
      let killedSoFar = 0;
      const outcome = await MUTANT_CATALOGS[catalog].run(selected, {
        seed, runs, timeLimitMs, workers, timeoutMs,
        shouldStop: () => ctrlC.presses > 0,
        onResult: (m, index, total) => {
          if (m.kind !== 'control' && m.killed) killedSoFar += 1;
          const where = m.kind === 'control' ? 'control' : `mutant ${index}/${total} (${killedSoFar} killed)`;
          process.stderr.write(`[${catalog}] ${where} ${m.id}: ${describeRun(m)}\n`);
        },
      });
      ran.push({ catalog, ...outcome });
    }
  } finally {
    ctrlC.dispose();
  }
  const summary = mutateResults({ seed, runs, timeLimitMs, workers }, { catalogs: ran, interrupted: ctrlC.presses > 0 });
  if (raw.json !== undefined) writeFileSync(raw.json, `${JSON.stringify(summary, null, 2)}\n`);

  const byId = new Map(summary.mutants.map((m) => [m.id, m]));
  // The summary's lists name its own mutants.
  const mutantOf = (/** @type {string} */ id) => /** @type {import('../mutate/run.js').MutantRun} */ (byId.get(id));
  for (const id of summary.survivors) process.stdout.write(`SURVIVOR ${id}: ${mutantOf(id).description}\n`);
  for (const id of summary.equivalentSurvivors) process.stdout.write(`EQUIVALENT ${id}: ${mutantOf(id).equivalent}\n`);
  for (const id of summary.invalid) process.stdout.write(`INVALID ${id}: ${mutantOf(id).error}\n`);
  for (const [catalog, s] of Object.entries(summary.catalogs)) {
    // All three are null exactly when nothing was killed (results.js).
    const times = s.medianCasesToKill === null || s.medianSecondsToKill === null || s.maxSecondsToKill === null ? '' : `; to kill: median ${count.format(s.medianCasesToKill)} cases, ${s.medianSecondsToKill.toFixed(2)} s, max ${s.maxSecondsToKill.toFixed(2)} s`;
    const shrunk = s.medianShrunkBytes === null ? '' : `; shrunk: median ${count.format(s.medianShrunkBytes)} bytes`;
    process.stdout.write(`mutate ${catalog}: ${s.killed} of ${s.valid} mutants killed (${percent(s.killRate)}; ${percent(s.killRateOfKillable)} of those not known equivalent)`
      + `${times}${shrunk}; seed ${seed}${summary.interrupted ? ', interrupted' : ''}\n`);
  }
  const killedControls = Object.entries(summary.controls).filter(([, control]) => control?.killed);
  for (const [catalog, control] of killedControls) {
    process.stdout.write(`CONTROL KILLED: the unmutated ${catalog} tiers deviated (${control?.finding?.signature}); the kills above do not measure the mutations\n`);
  }
  if (killedControls.length > 0 || summary.invalid.length > 0) return EXIT.infrastructure;
  if (summary.survivors.length > 0) return EXIT.findings;
  return summary.interrupted ? EXIT.interrupted : EXIT.ok;
}
