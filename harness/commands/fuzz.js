// `clonecheck fuzz`: generated programs on every --target, against the
// reference; findings shrunk and written out (harness/fuzz/run.js,
// harness/findings/write.js). Exit 0 nothing found, 1 findings, 2 usage.

import { resolve } from 'node:path';
import { rmSync, writeFileSync } from 'node:fs';
import { tiers } from '../../src/index.js';
import { guardCoverageReport } from '../../portable/case/counts.js';
import { cellMapLines } from '../fuzz/cell-map.js';
import { fuzz } from '../fuzz/run.js';
import { fuzzResults } from '../fuzz/results.js';
import { agreementLines } from '../fuzz/recheck.js';
import { bundleAhead } from '../findings/repro.js';
import { writeFinding } from '../findings/write.js';
import { saveRegression } from '../findings/regressions.js';
import { targetsFromNames } from '../targets/named.js';
import { EXIT, UsageError } from '../errors.js';
import { count } from '../count.js';
import { interrupts, progressDisplay } from './common.js';
import { parseWeights } from '../fuzz/weights.js';

/** What a finding's line adds when a fresh replay of its case disagreed with the run (recheck.js). */
const FRESH_REPLAY_NOTES = {
  only: ' (shown by a fresh replay; the run passed the case)',
  passes: ' (a fresh replay passes: it needed the cases before it)',
};

/**
 * How much of the tiers' guard logic the generated cases reached.
 * @param {Record<string, Record<string, number>>} report from guardCoverageReport
 */
function coverageSummary(report) {
  let tiersHit = 0;
  let reasons = 0;
  let reasonsHit = 0;
  for (const tier of tiers) {
    const counts = report[tier.id];
    if (counts.accept > 0) tiersHit += 1;
    for (const reason of tier.reasons) {
      reasons += 1;
      if (counts[reason] > 0) reasonsHit += 1;
    }
  }
  return { tiersHit, tiers: tiers.length, reasonsHit, reasons };
}

/**
 * @param {{target?: string[], runtime?: string[], browser?: string[], seed: number, runs: number, time?: number, out: string, json?: string,
 *   saveRegressions?: boolean, workers: number, timeout: number, shrinkRuns: number, witnesses: number, stallShrinkRuns: number,
 *   stallShrinkTime: number, recheck: number, weights?: string, spec: string}} raw
 *   commander's options, parsed, defaulted and range-checked (options.js)
 */
export async function fuzzCommand(raw) {
  const names = raw.target;
  if (names === undefined || names.length === 0) throw new UsageError("fuzz needs --target; run 'clonecheck targets' to list them");
  const { seed, workers, timeout: timeoutMs, shrinkRuns, witnesses, stallShrinkRuns, stallShrinkTime, time: seconds } = raw;
  // --runs has a default; --time replaces it (commander rejects both given).
  const runs = seconds === undefined ? raw.runs : undefined;
  const weights = parseWeights(raw.weights);
  const outDir = resolve(raw.out);
  const targets = await targetsFromNames(names, raw.runtime, raw.browser, raw.spec);
  const byName = new Map(targets.map((t) => [t.name, t]));
  // A finding is always on one of the run's targets.
  const targetOf = (/** @type {{target: string}} */ finding) => /** @type {typeof targets[number]} */ (byName.get(finding.target));

  process.stderr.write(`clonecheck fuzz --seed ${seed} ${runs === undefined ? `--time ${seconds}` : `--runs ${runs}`} on ${targets.map((t) => t.name).join(', ')} `
    + `judged against --spec ${raw.spec} (${workers} worker${workers === 1 ? '' : 's'}); findings go to ${outDir}/findings\n`);
  const ctrlC = interrupts([
    'stopping after the cases in progress; shrinking what was found (Ctrl-C again to skip shrinking)',
    'skipping the rest of the shrinking; writing what was found (Ctrl-C again to quit at once)',
  ]);
  const progress = progressDisplay({
    total: runs ?? (seconds ?? 0),
    format: '{phase} [{bar}] {value}/{total} {unit} | {cases} cases | {rate} cases/s | {findings} findings | tiers {tiersHit}/{tierCount} guards {reasonsHit}/{reasons}',
  });
  const files = new Map();
  // Failing, it leaves each repro to bundle when written, and to say why.
  const bundling = bundleAhead(targets).catch(() => {});
  let outcome;
  try {
    outcome = await fuzz({
      targets, seed, runs, timeLimitMs: seconds === undefined ? undefined : seconds * 1000, workers, weights, timeoutMs, shrinkRuns, witnesses,
      // --shrink-runs 0 shrinks nothing, crashes and timeouts included.
      stallShrinkRuns: shrinkRuns === 0 ? 0 : stallShrinkRuns, stallShrinkSeconds: stallShrinkTime, recheckRate: raw.recheck,
      shouldStop: () => ctrlC.presses > 0,
      shouldShrink: () => ctrlC.presses < 2,
      onProgress: ({ phase, cases, findings, elapsedMs, shrunk, toShrink, coverage }) => {
        const shrinking = phase !== 'fuzz';
        if (shrinking) progress.setTotal(toShrink ?? 0);
        const coverageNow = coverageSummary(guardCoverageReport(coverage, tiers));
        progress.update(shrinking ? shrunk ?? 0 : runs === undefined ? Math.min(seconds ?? 0, Math.floor(elapsedMs / 1000)) : cases, {
          phase: phase === 'fuzz' ? 'fuzz   ' : phase.padEnd(7), unit: phase === 'recheck' ? 'replays' : shrinking ? 'findings' : runs === undefined ? 's' : 'cases',
          cases: count.format(cases), rate: count.format(Math.round((cases * 1000) / Math.max(elapsedMs, 1))), findings,
          ...coverageNow, tierCount: coverageNow.tiers,
        });
      },
      onFinding: (finding) => files.set(finding.signature, writeFinding(outDir, finding, targetOf(finding), { seed, weights })),
    });
  } finally {
    progress.stop();
    ctrlC.dispose();
  }
  await bundling;

  // The same-bug check named each finding by its bug (same-bug.js): write
  // them under those names, and take away the folders this run wrote for
  // signatures that turned out to be another finding's bug.
  const written = new Map(files);
  files.clear();
  for (const f of outcome.findings) files.set(f.signature, writeFinding(outDir, f, targetOf(f), { seed, weights }));
  for (const [signature, { directory }] of written) if (!files.has(signature)) rmSync(directory, { recursive: true, force: true });

  if (raw.saveRegressions) {
    for (const f of outcome.findings) saveRegression(f, { seed, runtime: targetOf(f).runtime });
  }
  const summary = fuzzResults(outcome, files, raw.spec);
  if (raw.json !== undefined) writeFileSync(raw.json, `${JSON.stringify(summary, null, 2)}\n`);
  const { findings } = summary;

  for (const f of findings) {
    process.stdout.write(`FINDING ${f.signature}  ${f.target}  ${f.verdict}${f.verdict === 'deviation' ? ` (${f.category})` : ''}  `
      + `${f.count} case${f.count === 1 ? '' : 's'}${f.minimized ? ', shrunk' : ''}${FRESH_REPLAY_NOTES[f.freshReplay ?? ''] ?? ''}\n  ${f.directory}\n`);
    for (const d of f.diff.slice(0, 3)) process.stdout.write(`    ${d.path}  ${d.category}: expected ${JSON.stringify(d.expected)}, actual ${JSON.stringify(d.actual)}\n`);
  }
  for (const e of summary.harnessErrors) process.stdout.write(`HARNESS ERROR (a clonecheck bug, not the target's) ${e.case === null ? 'in the run' : `in case ${e.case}`}:\n${e.error}\n`);
  for (const c of summary.unattributedCrashes) {
    process.stdout.write(c.case === null
      ? `CRASH BETWEEN CASES: a ${c.runtime === 'node' ? 'worker thread' : `${c.runtime} agent`} died with no case running (late, from an earlier case):\n  ${c.detail}\n`
      : `CRASH BETWEEN CASES: the ${c.runtime} agent died before case ${c.case} began (late, from an earlier case; that case ran again):\n  ${c.detail}\n`);
  }
  for (const c of summary.hostCrashes) {
    process.stdout.write(`HOST CRASH: ${c.runtime} died in its own host code while the reference judged case ${c.case}${c.target === undefined ? '' : ` for ${c.target}`} `
      + `(a bug of ${c.runtime}, not of its structuredClone; the program is in --json hostCrashes):\n  ${c.detail}\n`);
  }
  for (const t of summary.targets) {
    const v = t.verdicts;
    process.stdout.write(`${t.name}: ${count.format(v.pass)} pass, ${count.format(v.deviation)} deviation, ${v.timeout} timeout, ${v.crash} crash, `
      + `${v['not-applicable'] > 0 ? `${count.format(v['not-applicable'])} not judgeable on the reference's host, ` : ''}${v['harness-error']} harness error\n`);
  }
  const { sameBug } = summary;
  if (sameBug.signatures > 0) {
    process.stdout.write(`one finding per bug: ${sameBug.signatures} signature${sameBug.signatures === 1 ? '' : 's'} while fuzzing; after shrinking, `
      + `${sameBug.merged} folded into another finding's bug, ${sameBug.split} split off (${sameBug.witnesses} witnesses shrunk, `
      + `${sameBug.confirmed} showed their finding's bug after all); ${sameBug.unexplained} case${sameBug.unexplained === 1 ? '' : 's'} held no trigger\n`);
  }
  const folded = findings.flatMap((f) => (f.folded ?? []).map((entry) => ({ into: f.signature, entry })));
  if (folded.length > 0) process.stdout.write(`${folded.length} folded:\n`);
  for (const { into, entry } of folded) process.stdout.write(`  ${entry.signature} (${entry.root}, case ${entry.case}) → ${into} (${entry.reason})\n`);
  if (summary.recheck !== undefined) process.stdout.write(`${agreementLines(summary.recheck)}\n`);
  // The first line only: the never-drawn cells are listed by census and in --json.
  process.stdout.write(`${cellMapLines(summary.cells)[0]}\n`);
  process.stdout.write(`fuzz: ${count.format(summary.cases)} cases in ${(summary.fuzzMs / 1000).toFixed(1)} s (${count.format(summary.casesPerSecond)} cases/s), `
    + `${findings.length} finding${findings.length === 1 ? '' : 's'}, seed ${seed}${summary.interrupted ? ', interrupted' : ''}\n`);
  if (summary.harnessErrors.length > 0) return EXIT.infrastructure;
  if (findings.length > 0) return EXIT.findings;
  return summary.interrupted ? EXIT.interrupted : EXIT.ok;
}
