// A run's findings, with their programs, and the targets the run reached,
// from any results document clonecheck writes: `fuzz --json`, `nightly`
// (and `merge`), `gate --json`, and a file of the regression corpus (one
// finding). Triage reads them all alike.

import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REGRESSION_SCHEMA } from '../findings/regressions.js';
import { InputError } from './ledger.js';
import { reproducibilityOf } from './reproducibility.js';

/**
 * @param {any} document  a parsed results file
 * @param {string} file  where it came from, for messages
 * @returns {{findings: import('./triage.js').RunFinding[], ran: import('./triage.js').RanTarget[]}}
 * @throws {InputError} a document of another command, or findings whose programs are gone
 */
export function runFindingsOf(document, file) {
  if (document?.schema === REGRESSION_SCHEMA) {
    return { findings: [{ signature: document.signature, target: document.target, version: null, count: 1, program: document.program }], ran: [{ name: document.target, version: null }] };
  }
  const fuzz = document?.command === 'gate' ? document.fuzz : document;
  if (!['fuzz', 'nightly', 'gate'].includes(document?.command) || !Array.isArray(fuzz?.findings) || !Array.isArray(fuzz?.targets)) {
    throw new InputError(`${file} is not a results file of clonecheck fuzz, nightly, merge, gate or decode, nor a regression file (command ${JSON.stringify(document?.command)}); give one of those`);
  }
  // A nightly --latest run's replayed-only targets too: where the ledger's bugs were checked.
  const ran = [...fuzz.targets, ...(document.replayedOn ?? [])].map((/** @type {any} */ t) => ({ name: t.name, version: t.version ?? null }));
  const versionOf = (/** @type {string} */ target) => ran.find((/** @type {any} */ t) => t.name === target)?.version ?? null;
  const findings = fuzz.findings.map((/** @type {any} */ f) => ({
    signature: f.signature, target: f.target, version: f.version ?? versionOf(f.target), count: f.count ?? 1,
    // What shrinking what no known bug explains picks the deviations by (shrink-unexplained.js); a regression file has none.
    ...(f.verdict === undefined ? {} : { verdict: f.verdict }),
    // Only a run that says it could not shrink one makes it unconfirmed (triage.js); older documents do not say.
    ...(f.minimized === false ? { minimized: false } : {}),
    // A fuzz document's finding has its measurements; a nightly's carries what they gave.
    reproducibility: f.reproducibility ?? reproducibilityOf(f),
    program: f.program ?? programFrom(f, file), ...(f.repro === undefined ? {} : { repro: f.repro }), ...(f.directory === undefined ? {} : { directory: f.directory }),
  }));
  return { findings, ran };
}

/**
 * A finding's program from its folder (fuzz and gate documents point to it).
 * @param {any} finding @param {string} file
 */
function programFrom(finding, file) {
  const where = finding.programFile ?? (finding.directory === undefined ? undefined : join(finding.directory, 'program.json'));
  if (where === undefined || !existsSync(where)) {
    throw new InputError(`${file}: the program of ${finding.signature} is gone (${where ?? 'no programFile'}); triage the run's results where its finding folders are`);
  }
  return JSON.parse(readFileSync(where, 'utf8'));
}

/**
 * @param {string} file
 * @returns {any}
 * @throws {InputError}
 */
export function readResults(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new InputError(`${file}: not a readable JSON results file (${error.code ?? error.message}); give a file written by clonecheck fuzz --json, nightly or gate --json`);
  }
}
