// What a nightly run (or the merge of its shards) met, printed: its bugs, new
// and regressed first, each with its finding's repro, then its totals; and
// its exit code, which says no verdict when cases it was asked for never ran.

import { join } from 'node:path';
import { onlyEndOfLife } from '../bugs/supported.js';
import { triageLines } from '../bugs/triage-document.js';
import { median } from '../bench/median.js';
import { count } from '../count.js';
import { EXIT } from '../errors.js';
import { agreementLines } from '../fuzz/recheck.js';
import { relativePath } from '../gate/gate.js';

/**
 * Prints what a run met in bugs (new and regressed first, each with its
 * finding's repro) and its totals.
 * @param {any} document a nightly document
 * @param {string} [out]  where the run wrote its new bugs' proposed entries (a merge wrote none)
 * @returns {number} the exit code: 1 when a bug is new or regressed
 */
export function reportRun(document, out) {
  const bugs = document.bugs ?? { known: [], new: [], fixed: [], regressed: [], unreproduced: [] };
  const findings = document.units.flatMap((/** @type {any} */ u) => u.findings);
  const [summary, ...lines] = triageLines(bugs, findings.length);
  for (const line of lines) {
    process.stdout.write(`${line}\n`);
    const id = /^NEW\s+(\S+)/.exec(line)?.[1];
    const unconfirmed = /^unconfirmed .*; first (\S+)\)$/.exec(line)?.[1];
    const first = id !== undefined ? findings.find((/** @type {any} */ f) => f.bug === id)
      : unconfirmed !== undefined ? findings.find((/** @type {any} */ f) => f.signature === unconfirmed) : undefined;
    if (first !== undefined) {
      process.stdout.write(`           repro: ${first.repro}\n`);
      // A bug seen only on versions past their support is proposed for no report (bugs/supported.js).
      const proposal = bugs.new.find((/** @type {any} */ n) => n.bug.id === id)?.bug;
      if (out !== undefined && id !== undefined) {
        process.stdout.write(proposal !== undefined && onlyEndOfLife(proposal, new Date().toISOString().slice(0, 10))
          ? '           report: none, it shows only on end-of-life versions\n'
          : `           report: clonecheck report ${id} --ledger ${relativePath(join(out, 'proposed'))}\n`);
      }
      // An unconfirmed root: the fuzz run that meets its first case again and shrinks it (crashes and timeouts too) tells which bug it is.
      if (id === undefined) process.stdout.write(`           shrink: clonecheck fuzz --target ${first.target} --seed ${first.seed} --runs ${first.case + 1}\n`);
    }
  }
  process.stdout.write(`nightly: ${count.format(document.cases)} cases (${count.format(document.casesPerSecond)} cases/s) on ${document.targets.length} targets in `
    + `${document.units.length} units; ${summary}; shards ${document.shards.join(',')} of ${document.shardCount}\n`);
  for (const line of timeLines(document)) process.stdout.write(`nightly: ${line}\n`);
  if (document.recheck !== undefined) process.stdout.write(`nightly ${agreementLines(document.recheck)}\n`);
  if (document.skippedUnits.length > 0) {
    process.stdout.write(`nightly: ${document.skippedUnits.length} units skipped: ${document.skippedUnits.map((/** @type {any} */ u) => `${u.implementation} (${u.reason})`).join('; ')}\n`);
  }
  if (bugs.new.length > 0 || bugs.regressed.length > 0) return EXIT.findings;
  // With --runs the verdict is the seed's: a target that ran fewer cases (a harness error ended its unit: a page that did
  // not load under load) or a unit skipped leaves it unsaid, rather than say "no new bug" of cases that never ran.
  const short = document.runs === null ? [] : document.units.flatMap((/** @type {any} */ u) => u.targets.filter((/** @type {any} */ t) => t.cases < document.runs));
  if (document.runs !== null && (short.length > 0 || document.skippedUnits.length > 0)) {
    process.stdout.write(`nightly: no verdict: ${[...short.map((/** @type {any} */ t) => `${t.name} ran ${count.format(t.cases)} of ${count.format(document.runs)} cases`),
      ...document.skippedUnits.map((/** @type {any} */ u) => `${u.implementation} did not run`)].join(', ')} (harness errors above)\n`);
    return EXIT.infrastructure;
  }
  return EXIT.ok;
}

/** @param {number} ms */
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/**
 * Where the units' time went, start-up apart from fuzzing (results.js timeOfUnits), and the targets slowest to start.
 * @param {any} document a nightly document
 * @returns {string[]} none for a document whose units were not timed
 */
function timeLines(document) {
  const time = document.time;
  if (time === undefined || time.unitsMs === 0) return [];
  /** @type {{name: string, startupMs: number, judgingMs: number, casesPerSecondJudging: number}[]} */
  const timed = document.targets.filter((/** @type {any} */ t) => t.judgingMs > 0);
  const slowest = [...timed].sort((a, b) => b.startupMs - a.startupMs).slice(0, 3);
  return [
    `the units took ${seconds(time.unitsMs)}: ${seconds(time.processMs)} in their fuzz processes starting and ending, ${seconds(time.startupMs)} before a first `
      + `thread, agent or page was ready, ${seconds(time.fuzzingMs)} fuzzing, ${seconds(time.afterMs)} shrinking and writing; then triage `
      + `${seconds(document.triageMs ?? 0)}`,
    ...(slowest.length === 0 ? [] : [`slowest to start (to a first member ready): ${slowest.map((t) => `${t.name} ${seconds(t.startupMs)}`).join(', ')}; `
      + `after it, a target judged ${count.format(median(timed.map((t) => t.casesPerSecondJudging)))} cases/s (median of ${timed.length})`]),
  ];
}
