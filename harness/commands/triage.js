// `clonecheck triage RESULTS… [--ledger DIR] [--update] [--out DIR] [--json F]`:
// a run's findings against the bug ledger, by replaying programs
// (harness/bugs/triage.js): which known bugs it met, which bugs are new
// (each a proposed ledger entry, written under --out, or into the ledger
// with --update), which known bugs no longer show (fixed) or show where they
// did not (regressed). `clonecheck bugs` lists the ledger (commands/bugs.js).

import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { readLedger, writeBug } from '../bugs/ledger.js';
import { updateLedger } from '../bugs/ledger-update.js';
import { replayOnTargets } from '../bugs/replay.js';
import { readResults, runFindingsOf } from '../bugs/run-findings.js';
import { triage } from '../bugs/triage.js';
import { triageDocument, triageLines } from '../bugs/triage-document.js';
import { EXIT, UsageError } from '../errors.js';

/**
 * @param {string[]} files
 * @param {{ledger: string, update?: boolean, out: string, json?: string, runtime?: string[], browser?: string[], timeout: number, spec: string}} raw
 */
export async function triageCommand(files, raw) {
  const directory = resolve(raw.ledger);
  const bugs = readLedger(directory);
  if (files.length === 0) throw new UsageError('triage needs results files (clonecheck fuzz --json F, nightly, gate --json F); clonecheck bugs lists the ledger');
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
