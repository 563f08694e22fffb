// `clonecheck triage RESULTS… [--ledger DIR] [--update] [--out DIR] [--json F]`:
// a run's findings against the bug ledger, by replaying programs
// (harness/bugs/triage.js): which known bugs it met, which bugs are new
// (each a proposed ledger entry, written under --out, or into the ledger
// with --update), which known bugs no longer show (fixed) or show where they
// did not (regressed). A `decode --json` results file is triaged against
// the decoders' bugs alike, by replaying their cases (harness/decode/triage.js).
// `clonecheck bugs` lists the ledger (commands/bugs.js).

import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { readDecodeBugs, readLedger, writeBug } from '../bugs/ledger.js';
import { updateLedger } from '../bugs/ledger-update.js';
import { replayOnTargets } from '../bugs/replay.js';
import { readResults, runFindingsOf } from '../bugs/run-findings.js';
import { triage } from '../bugs/triage.js';
import { triageDocument, triageLines } from '../bugs/triage-document.js';
import { decodeReplayOn } from '../decode/ledger-case.js';
import { decodeRunFindings, triageDecodes } from '../decode/triage.js';
import { userHosts } from '../targets/named.js';
import { EXIT, UsageError } from '../errors.js';

/**
 * @param {string[]} files
 * @param {{ledger: string, update?: boolean, out: string, json?: string, runtime?: string[], browser?: string[], timeout: number, spec: string}} raw
 */
export async function triageCommand(files, raw) {
  const directory = resolve(raw.ledger);
  const bugs = readLedger(directory);
  const decoderBugs = readDecodeBugs(directory);
  if (files.length === 0) throw new UsageError('triage needs results files (clonecheck fuzz --json F, nightly, gate --json F, decode --json F); clonecheck bugs lists the ledger');
  const findings = [];
  const ran = [];
  /** @type {import('../decode/triage.js').DecodeRunFinding[]} */
  const decodeFindings = [];
  const decodeRan = [];
  let skipped = 0;
  for (const file of files) {
    const document = readResults(file);
    // A decode run's findings are cases of decoders, not programs: triaged against the decoders' bugs.
    const [into, ranInto, run] = document?.command === 'decode' ? [decodeFindings, decodeRan, decodeRunFindings(document, file)]
      : [findings, ran, runFindingsOf(document, file)];
    into.push(...run.findings);
    ranInto.push(...run.ran.filter((t) => !ranInto.some((r) => r.name === t.name)));
    // The cast: only a decode run's findings say how many were skipped, and TypeScript loses that through the tuple.
    skipped += 'skipped' in run ? /** @type {number} */ (run.skipped) : 0;
  }
  const date = new Date().toISOString().slice(0, 10);
  const log = (/** @type {string} */ line) => process.stderr.write(`clonecheck: ${line}\n`);
  if (skipped > 0) log(`${skipped} findings of decoder modules or the reference's tiers are not triaged: 'clonecheck decode --replay' replays them`);
  const replay = replayOnTargets({ runtimeFlags: raw.runtime, browserFlags: raw.browser, timeoutMs: raw.timeout, spec: raw.spec, log });
  const programs = await triage(findings, bugs, { ran, date, replay }).finally(replay.close);
  const decoders = await triageDecodes(decodeFindings, decoderBugs, {
    ran: decodeRan, date, replay: decodeReplayOn({ ...userHosts(raw), timeoutMs: raw.timeout }),
    taken: new Set([...bugs, ...decoderBugs, ...programs.new.map((n) => n.bug)].map((bug) => bug.id)),
  });
  const result = bothKinds(programs, decoders);
  for (const line of triageLines(result, findings.length + decodeFindings.length)) process.stdout.write(`${line}\n`);
  if (raw.update) {
    const written = updateLedger([...bugs, ...decoderBugs], result, { directory, date });
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

/**
 * A triage of programs and one of decode cases as one.
 * @param {import('../bugs/triage.js').Triage} a @param {import('../bugs/triage.js').Triage} b
 * @returns {import('../bugs/triage.js').Triage}
 */
function bothKinds(a, b) {
  return {
    known: [...a.known, ...b.known], new: [...a.new, ...b.new], unconfirmed: [...a.unconfirmed, ...b.unconfirmed], fixed: [...a.fixed, ...b.fixed],
    regressed: [...a.regressed, ...b.regressed], unreproduced: [...a.unreproduced, ...b.unreproduced], sightings: new Map([...a.sightings, ...b.sightings]),
  };
}
