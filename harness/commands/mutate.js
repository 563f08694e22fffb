// `clonecheck mutate`: the mutation score of the fuzzer and of the string
// tiers' differential check, measured on the reference's own tiers
// (harness/mutate/, docs/mutate.md): each family of mutants
// (harness/mutate/families.js) after its control. Exit 0 every mutant
// killed, 1 some survived, 2 usage, 3 a control was killed or a mutant is
// invalid (the measurement itself is broken), 130 interrupted.

import { writeFileSync } from 'node:fs';
import { FAMILY_NAMES, MUTANT_FAMILIES } from '../mutate/families.js';
import { mutateResults } from '../mutate/results.js';
import { EXIT, UsageError } from '../errors.js';
import { count } from '../count.js';
import { interrupts } from './common.js';

/**
 * The mutants of the families --family names (all without it) that --mutant
 * names (an id, or a tier: all of its mutants; all without it), by family.
 * @param {string[] | undefined} familyNames
 * @param {string[] | undefined} names
 */
function selectMutants(familyNames, names) {
  for (const name of familyNames ?? []) {
    if (!FAMILY_NAMES.includes(/** @type {any} */ (name))) throw new UsageError(`--family: no family '${name}'; use ${FAMILY_NAMES.join(' or ')}`);
  }
  const families = FAMILY_NAMES.filter((f) => familyNames === undefined || familyNames.includes(f));
  const mutants = families.flatMap(/** @returns {import('../mutate/families.js').ListedMutant[]} */ (family) => MUTANT_FAMILIES[family].mutants());
  for (const name of names ?? []) {
    if (!mutants.some((m) => m.id === name || m.tier === name)) {
      throw new UsageError(`--mutant: no mutant or tier '${name}' in ${families.join(' or ')}; 'clonecheck mutate --list' lists them`);
    }
  }
  return mutants.filter((m) => names === undefined || names.includes(m.id) || names.includes(m.tier));
}

/** @param {import('../mutate/run.js').MutantRun} m @returns {string} what happened to it, in one line */
function describeRun(m) {
  if (!m.valid) return `INVALID (${m.error})`;
  if (!m.killed) return `survived ${count.format(m.cases)} cases${m.equivalent === null ? '' : ' (equivalent)'}`;
  const wrong = m.equivalent === null ? '' : '; listed as equivalent, so its reason in harness/mutate/mutants.js is wrong';
  const shrunk = m.shrunkBytes === null ? '' : `, shrunk to ${count.format(m.shrunkBytes)} bytes: ${m.example}`;
  return `killed by case ${count.format(m.cases)} in ${m.seconds.toFixed(2)} s: ${m.finding.signature} (${m.finding.category})${shrunk}${wrong}`;
}

/** @param {number | null} rate */
const percent = (rate) => (rate === null ? '-' : `${(rate * 100).toFixed(1)}%`);

/**
 * @param {{seed: number, runs: number, time?: number, workers: number, timeout: number, family?: string[], mutant?: string[], json?: string,
 *   list?: boolean}} raw  commander's options, parsed, defaulted and range-checked (options.js)
 */
export async function mutateCommand(raw) {
  const mutants = selectMutants(raw.family, raw.mutant);
  if (raw.list) {
    for (const m of mutants) process.stdout.write(`${m.id}  ${m.family}  ${m.kind}  ${m.description}\n`);
    return EXIT.ok;
  }
  const { seed, workers, timeout: timeoutMs, time: seconds } = raw;
  // --runs has a default; --time replaces it (commander rejects both given).
  const runs = seconds === undefined ? raw.runs : undefined;
  const timeLimitMs = seconds === undefined ? undefined : seconds * 1000;
  const families = FAMILY_NAMES.map((family) => ({ family, mutants: mutants.filter((m) => m.family === family) })).filter((f) => f.mutants.length > 0);
  process.stderr.write(`clonecheck mutate --seed ${seed} ${runs === undefined ? `--time ${seconds}` : `--runs ${runs}`} per mutant: `
    + `${families.map((f) => `${f.mutants.length} ${f.family} mutant${f.mutants.length === 1 ? '' : 's'}`).join(', ')}, each family after its control`
    // The string tiers' check runs in this thread.
    + `${families.some((f) => f.family === 'clone') ? ` (${workers} worker${workers === 1 ? '' : 's'})` : ''}\n`);
  const ctrlC = interrupts(['stopping: the mutant in progress is dropped, the rest are not run; writing what was decided (Ctrl-C again to quit at once)']);
  /** @type {Parameters<typeof mutateResults>[1]['families']} */
  const ran = [];
  try {
    for (const { family, mutants: selected } of families) {
      if (ctrlC.presses > 0) break;
      let killedSoFar = 0;
      const outcome = await MUTANT_FAMILIES[family].run(selected, {
        seed, runs, timeLimitMs, workers, timeoutMs,
        shouldStop: () => ctrlC.presses > 0,
        onResult: (m, index, total) => {
          if (m.kind !== 'control' && m.killed) killedSoFar += 1;
          const where = m.kind === 'control' ? 'control' : `mutant ${index}/${total} (${killedSoFar} killed)`;
          process.stderr.write(`[${family}] ${where} ${m.id}: ${describeRun(m)}\n`);
        },
      });
      ran.push({ family, ...outcome });
    }
  } finally {
    ctrlC.dispose();
  }
  const summary = mutateResults({ seed, runs, timeLimitMs, workers }, { families: ran, interrupted: ctrlC.presses > 0 });
  if (raw.json !== undefined) writeFileSync(raw.json, `${JSON.stringify(summary, null, 2)}\n`);

  const byId = new Map(summary.mutants.map((m) => [m.id, m]));
  for (const id of summary.survivors) process.stdout.write(`SURVIVOR ${id}: ${byId.get(id).description}\n`);
  for (const id of summary.equivalentSurvivors) process.stdout.write(`EQUIVALENT ${id}: ${byId.get(id).equivalent}\n`);
  for (const id of summary.invalid) process.stdout.write(`INVALID ${id}: ${byId.get(id).error}\n`);
  for (const [family, s] of Object.entries(summary.families)) {
    const times = s.killed === 0 ? '' : `; to kill: median ${count.format(s.medianCasesToKill)} cases, ${s.medianSecondsToKill.toFixed(2)} s, max ${s.maxSecondsToKill.toFixed(2)} s`;
    const shrunk = s.medianShrunkBytes === null ? '' : `; shrunk: median ${count.format(s.medianShrunkBytes)} bytes`;
    process.stdout.write(`mutate ${family}: ${s.killed} of ${s.valid} mutants killed (${percent(s.killRate)}; ${percent(s.killRateOfKillable)} of those not known equivalent)`
      + `${times}${shrunk}; seed ${seed}${summary.interrupted ? ', interrupted' : ''}\n`);
  }
  const killedControls = Object.entries(summary.controls).filter(([, control]) => control?.killed);
  for (const [family, control] of killedControls) {
    process.stdout.write(`CONTROL KILLED: the unmutated ${family} tiers deviated (${control.finding.signature}); the kills above do not measure the mutations\n`);
  }
  if (killedControls.length > 0 || summary.invalid.length > 0) return EXIT.infrastructure;
  if (summary.survivors.length > 0) return EXIT.findings;
  return summary.interrupted ? EXIT.interrupted : EXIT.ok;
}
