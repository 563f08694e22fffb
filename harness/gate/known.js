// The known findings: bugs clonecheck has found and reported (or chosen not
// to), keyed by bug signature (harness/bugs/signature.js `bugSignature`), so
// that a gate or a nightly run tells a new finding from one already known.
// A finding whose signature names a file of the regression corpus
// (corpus/regressions/<signature>.json) is known too: the corpus is where the
// program is kept, this file is where the upstream link is.
//
// corpus/known-findings.json (docs/gate.md#known-findings):
// {
//   "schema": "clonecheck/known-findings@1",
//   "findings": {
//     "bun-clone.keys.3908a6e1": {"target": "bun:clone", "category": "keys", "summary": "…",
//                                 "link": "https://github.com/oven-sh/bun/issues/…" | null, "since": "2026-11-24"}
//   }
// }

import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { loadRegressions } from '../findings/regressions.js';

export const KNOWN_FILE = fileURLToPath(new URL('../../corpus/known-findings.json', import.meta.url));
export const KNOWN_SCHEMA = 'clonecheck/known-findings@1';

/** An input the user must fix (a known-findings file, a results file): one line, exit 2. */
export class InputError extends Error {}

/**
 * @typedef {{target: string, category: string, summary: string, link: string | null, since: string}} KnownFinding
 * @typedef {{schema: string, findings: Record<string, KnownFinding>}} KnownFindings
 */

/**
 * @param {string} [file]
 * @returns {KnownFindings} empty when the file does not exist yet
 * @throws {InputError}
 */
export function readKnown(file = KNOWN_FILE) {
  if (!existsSync(file)) return { schema: KNOWN_SCHEMA, findings: {} };
  let parsed;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new InputError(`${file} is not JSON (${error instanceof Error ? error.message : error}); fix it or write it again with --update-known`);
  }
  if (parsed?.schema !== KNOWN_SCHEMA || typeof parsed.findings !== 'object' || parsed.findings === null) {
    throw new InputError(`${file} is not a known-findings file (schema ${JSON.stringify(parsed?.schema)}, expected "${KNOWN_SCHEMA}" with a "findings" object); see docs/gate.md#known-findings`);
  }
  return parsed;
}

/**
 * How a finding is known, if it is: its entry (with the upstream link when
 * there is one), or the regression corpus file that holds it.
 * @param {KnownFindings} known
 * @param {string} signature
 * @param {Set<string>} corpusSignatures  the regression corpus's (corpusSignatures())
 * @returns {{link: string | null, summary: string | null, regression: boolean} | null}
 */
export function knownAs(known, signature, corpusSignatures) {
  const entry = known.findings[signature];
  const regression = corpusSignatures.has(signature);
  if (entry === undefined && !regression) return null;
  return { link: entry?.link ?? null, summary: entry?.summary ?? null, regression };
}

/** @param {string} [directory] the regression corpus @returns {Set<string>} its signatures */
export function corpusSignatures(directory) {
  return new Set(loadRegressions(directory).map(({ regression }) => regression.signature));
}

/**
 * Adds the findings not known yet (keeping every entry and link already
 * written) and writes the file.
 * @param {string} file
 * @param {{signature: string, target: string, category: string, diff: {path: string, category: string, expected: unknown, actual: unknown}[]}[]} findings
 *   findings as the fuzz results document has them (docs/results.md)
 * @returns {number} how many were added
 */
export function addKnown(file, findings) {
  const known = readKnown(file);
  const today = new Date().toISOString().slice(0, 10);
  let added = 0;
  for (const f of findings) {
    if (known.findings[f.signature] !== undefined) continue;
    known.findings[f.signature] = { target: f.target, category: f.category, summary: findingSummary(f), link: null, since: today };
    added += 1;
  }
  const sorted = Object.fromEntries(Object.entries(known.findings).sort(([a], [b]) => (a < b ? -1 : 1)));
  writeFileSync(file, `${JSON.stringify({ schema: KNOWN_SCHEMA, findings: sorted }, null, 2)}\n`);
  return added;
}

/**
 * One line for a finding: its first difference (or its verdict).
 * @param {{category: string, diff: {path: string, category: string, expected: unknown, actual: unknown}[]}} finding
 */
export function findingSummary({ category, diff }) {
  const [d] = diff;
  if (d === undefined) return category;
  return `${d.path} ${d.category}: expected ${JSON.stringify(d.expected)}, actual ${JSON.stringify(d.actual)}`.slice(0, 300);
}
