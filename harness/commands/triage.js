// `clonecheck triage RESULTS… [--ledger DIR] [--update] [--out DIR] [--json F]`:
// a run's findings against the bug ledger, by replaying programs
// (harness/bugs/triage.js): which known bugs it met, which bugs are new
// (each a proposed ledger entry, written under --out, or into the ledger
// with --update), which known bugs no longer show (fixed) or show where they
// did not (regressed). `--list` prints the ledger instead.

import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { readDecodeBugs, readLedger, writeBug } from '../bugs/ledger.js';
import { compareSeverity, severityOf } from '../bugs/severity.js';
import { updateLedger } from '../bugs/ledger-update.js';
import { reproducibilityText } from '../bugs/reproducibility.js';
import { shownBy } from '../bugs/root.js';
import { readResults, runFindingsOf } from '../bugs/run-findings.js';
import { displayName, triage } from '../bugs/triage.js';
import { replayPrograms } from '../findings/replay.js';
import { EXIT, UsageError } from '../errors.js';
import { targetsFromNames } from '../targets/named.js';

/**
 * How triage replays: each target resolved once, every program on it (one host start for all).
 * @param {{runtimeFlags?: string[], browserFlags?: string[], timeoutMs: number, spec?: string, log?: (line: string) => void}} options
 * @returns {import('../bugs/triage.js').Replay}
 */
export function replayOnTargets({ runtimeFlags = [], browserFlags = [], timeoutMs, spec, log = () => {} }) {
  return async (programs, names) => {
    const started = performance.now();
    const targets = await targetsFromNames(names, runtimeFlags, browserFlags, spec);
    const verdicts = await replayPrograms(programs, targets, { timeoutMs, workers: 2 });
    log(`replayed ${programs.length} programs on ${names.length} targets in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    return {
      shown: verdicts.map((row) => names.map((name) => {
        const verdict = row.find((v) => v.target === name);
        return verdict === undefined ? 'harness-error' : shownBy(verdict);
      })),
      versions: names.map((name) => targets.find((t) => t.name === name)?.runtime?.version ?? null),
    };
  };
}

/**
 * What triage found, as lines a person reads: bugs first, then what changed.
 * @param {import('../bugs/triage.js').Triage} result
 * @param {number} findings  how many findings it read
 * @returns {string[]}
 */
export function triageLines(result, findings) {
  // A document written before unconfirmed findings were told apart has none.
  const unconfirmedGroups = result.unconfirmed ?? [];
  const unconfirmed = unconfirmedGroups.flatMap((u) => u.findings).length;
  const lines = [`${result.known.length} known ${plural(result.known.length, 'bug')} seen, ${result.new.length} new, ${result.fixed.length} fixed, `
    + `${result.regressed.length} regressed (from ${findings} ${plural(findings, 'finding')}${result.unreproduced.length > 0 ? `; ${unreproducedCounts(result.unreproduced)}` : ''}`
    + `${unconfirmed > 0 ? `; ${unconfirmed} not shrunk and unexplained: unconfirmed` : ''})`];
  const where = (/** @type {{target: string}[]} */ found) => [...new Set(found.map((f) => f.target))].join(', ');
  for (const { bug, findings: found } of result.new) lines.push(`NEW        ${bug.id}  ${bug.title}  (${found.length} ${plural(found.length, 'finding')}: ${where(found)})`);
  // A line per root as a new bug would have, naming its first finding: shrinking that tells which bug it is.
  for (const { bug, findings: found } of unconfirmedGroups) {
    lines.push(`unconfirmed  ${bug.title}  (${found.length} unshrunk ${plural(found.length, 'finding')}: ${where(found)}; first ${found[0].signature})`);
  }
  for (const r of result.regressed) lines.push(`REGRESSED  ${r.bug}  ${r.title}  on ${r.target} ${r.version ?? ''}: ${r.why}`);
  for (const f of result.fixed) lines.push(`FIXED      ${f.bug}  ${f.title}  on ${f.target} ${f.version ?? ''} (showed on ${f.showedOn})`);
  for (const k of result.known) lines.push(`known      ${k.bug}  ${k.title}  (${k.findings.length} ${plural(k.findings.length, 'finding')}: ${where(k.findings)})`);
  for (const f of result.unreproduced) {
    lines.push(`${UNREPRODUCED_LABELS[f.reproducibility?.kind ?? 'unmeasured']}${f.signature}: its program shows nothing on ${f.target} now`
      + `${reproducibilityText(f.reproducibility)}${f.repro ? `  ${f.repro}` : ''}`);
  }
  return lines;
}

/** Each line of a finding that did not show again starts with what its run measured (reproducibility.js). */
const UNREPRODUCED_LABELS = { history: 'history    ', flaky: 'flaky      ', never: 'not again  ', unmeasured: 'not again  ' };

/**
 * @param {import('../bugs/triage.js').RunFinding[]} unreproduced
 * @returns {string} how many did not show again, flaky and history-bound ones apart: those are bugs, the rest maybe noise
 */
export function unreproducedCounts(unreproduced) {
  const count = (/** @type {string} */ kind) => unreproduced.filter((f) => f.reproducibility?.kind === kind).length;
  const [history, flaky] = [count('history'), count('flaky')];
  const rest = unreproduced.length - history - flaky;
  return [history > 0 ? `${history} only after earlier cases` : '', flaky > 0 ? `${flaky} flaky` : '', rest > 0 ? `${rest} did not show again` : '']
    .filter(Boolean).join(', ');
}

/** @param {number} n @param {string} word */
function plural(n, word) {
  return n === 1 ? word : `${word}s`;
}

/**
 * The triage as JSON (docs/bugs.md#the-triage-document).
 * @param {import('../bugs/triage.js').Triage} result
 */
export function triageDocument(result) {
  const finding = (/** @type {import('../bugs/triage.js').RunFinding} */ f) => ({ signature: f.signature, target: f.target, version: f.version, count: f.count,
    ...(f.directory ? { directory: f.directory } : {}), ...(f.reproducibility ? { reproducibility: f.reproducibility } : {}) });
  return {
    known: result.known.map((k) => ({ ...k, findings: k.findings.map(finding) })),
    new: result.new.map(({ bug, findings }) => ({ bug, findings: findings.map(finding) })),
    unconfirmed: result.unconfirmed.map(({ bug, findings }) => ({ bug, findings: findings.map(finding) })),
    fixed: result.fixed, regressed: result.regressed, unreproduced: result.unreproduced.map(finding),
    sightings: Object.fromEntries(result.sightings),
  };
}

/**
 * @param {string[]} files
 * @param {{ledger: string, update?: boolean, out: string, json?: string, list?: boolean, runtime?: string[], browser?: string[], timeout: number, spec: string}} raw
 */
export async function triageCommand(files, raw) {
  const directory = resolve(raw.ledger);
  const bugs = readLedger(directory);
  if (raw.list) {
    // The decoders' bugs too (clonecheck decode names its findings by them; triage replays programs only), the open and
    // pending ones first, the most severe first among them (severity.js), then the rest by id.
    const rows = [...bugs, ...readDecodeBugs(directory)].map((bug) => ({ bug, severity: severityOf(bug) }));
    const live = (/** @type {import('../bugs/ledger.js').Bug} */ bug) => (bug.status === 'open' || bug.status === 'spec-pending' ? 0 : 1);
    rows.sort((a, b) => live(a.bug) - live(b.bug) || (live(a.bug) === 0 ? compareSeverity(a.severity, b.severity) : 0) || (a.bug.id < b.bug.id ? -1 : 1));
    const listed = rows.map((row) => row.bug);
    for (const { bug, severity } of rows) {
      process.stdout.write(`${bug.status.padEnd(12)} ${bug.id}  ${bug.title}${bug.fixedIn ? ` (fixed in ${bug.fixedIn})` : ''}${bug.decode ? '  [decoder]' : ''}`
        + `${live(bug) === 0 ? `  [${severity.label}]` : ''}\n`);
    }
    process.stdout.write(`${listed.length} bugs in ${directory}: ${countBy(listed.map((b) => b.implementation).sort().map(displayName))}\n`);
    return EXIT.ok;
  }
  if (files.length === 0) throw new UsageError('triage needs results files (clonecheck fuzz --json F, nightly, gate --json F), or --list');
  const findings = [];
  const ran = [];
  for (const file of files) {
    const run = runFindingsOf(readResults(file), file);
    findings.push(...run.findings);
    ran.push(...run.ran.filter((t) => !ran.some((r) => r.name === t.name)));
  }
  const date = new Date().toISOString().slice(0, 10);
  const log = (/** @type {string} */ line) => process.stderr.write(`clonecheck: ${line}\n`);
  const result = await triage(findings, bugs, {
    ran, date, replay: replayOnTargets({ runtimeFlags: raw.runtime, browserFlags: raw.browser, timeoutMs: raw.timeout, spec: raw.spec, log }),
  });
  for (const line of triageLines(result, findings.length)) process.stdout.write(`${line}\n`);
  if (raw.update) {
    const written = updateLedger(bugs, result, { directory, date });
    process.stdout.write(`the ledger (${directory}): ${written.added.length} added, ${written.updated.length} updated, ${written.fixed.length} marked fixed\n`);
  } else if (result.new.length > 0) {
    const proposed = join(resolve(raw.out), 'proposed');
    mkdirSync(proposed, { recursive: true });
    for (const { bug } of result.new) writeBug(bug, proposed);
    process.stdout.write(`proposed ledger entries: ${proposed} (triage --update writes them into the ledger)\n`);
  }
  if (raw.json !== undefined) writeFileSync(raw.json, `${JSON.stringify({ command: 'triage', ledger: directory, ...triageDocument(result) }, null, 2)}\n`);
  return result.new.length > 0 || result.regressed.length > 0 ? EXIT.findings : EXIT.ok;
}

/** @param {string[]} names @returns {string} `Bun 4, Node 12` */
function countBy(names) {
  const counts = new Map();
  for (const name of names) counts.set(name, (counts.get(name) ?? 0) + 1);
  return [...counts].map(([name, n]) => `${name} ${n}`).join(', ');
}

