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
import { replayOnTargets } from '../bugs/replay.js';
import { readResults, runFindingsOf } from '../bugs/run-findings.js';
import { displayName, triage } from '../bugs/triage.js';
import { triageDocument, triageLines } from '../bugs/triage-document.js';
import { EXIT, UsageError } from '../errors.js';

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

