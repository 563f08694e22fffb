// A triage (triage.js) as a person reads it, bugs first, then what changed
// (triageLines), and as JSON (triageDocument, docs/bugs.md#the-triage-document):
// what the triage command prints and writes, and what the gate's and
// nightly's documents hold.

import { reproducibilityText } from './reproducibility.js';
import { compareSeverity, severityOf } from './severity.js';

/**
 * What triage found, as lines a person reads: bugs first, then what changed.
 * @param {import('./triage.js').Triage} result
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
  // The most severe first, with what makes them so (severity.js), as `clonecheck bugs` lists the ledger.
  const newest = [...result.new].map((n) => ({ ...n, severity: severityOf(n.bug) })).sort((a, b) => compareSeverity(a.severity, b.severity));
  for (const { bug, findings: found, severity } of newest) {
    lines.push(`NEW        ${bug.id}  ${bug.title}  [${severity.label}]  (${found.length} ${plural(found.length, 'finding')}: ${where(found)})`);
  }
  // A line per root as a new bug would have, naming its first finding: shrinking that tells which bug it is.
  for (const { bug, findings: found } of unconfirmedGroups) {
    lines.push(`unconfirmed  ${bug.title}  (${found.length} unshrunk ${plural(found.length, 'finding')}: ${where(found)}; first ${found[0].signature})`);
  }
  for (const r of result.regressed) lines.push(`REGRESSED  ${r.bug}  ${r.title}  on ${r.target} ${r.version ?? ''}: ${r.why}`);
  for (const f of result.fixed) lines.push(`FIXED      ${f.bug}  ${f.title}  on ${f.target} ${f.version ?? ''} (showed on ${f.showedOn})`);
  const known = [...result.known].sort((a, b) => (a.severity && b.severity ? compareSeverity(a.severity, b.severity) : 0));
  for (const k of known) {
    lines.push(`known      ${k.bug}  ${k.title}${k.severity ? `  [${k.severity.label}]` : ''}  (${k.findings.length} ${plural(k.findings.length, 'finding')}: ${where(k.findings)})`);
  }
  for (const f of result.unreproduced) {
    lines.push(`${UNREPRODUCED_LABELS[f.reproducibility?.kind ?? 'unmeasured']}${f.signature}: its program shows nothing on ${f.target} now`
      + `${reproducibilityText(f.reproducibility)}${f.repro ? `  ${f.repro}` : ''}`);
  }
  return lines;
}

/** Each line of a finding that did not show again starts with what its run measured (reproducibility.js). */
const UNREPRODUCED_LABELS = { history: 'history    ', flaky: 'flaky      ', never: 'not again  ', unmeasured: 'not again  ' };

/**
 * @param {import('./triage.js').RunFinding[]} unreproduced
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
 * @param {import('./triage.js').Triage} result
 */
export function triageDocument(result) {
  const finding = (/** @type {import('./triage.js').RunFinding} */ f) => ({ signature: f.signature, target: f.target, version: f.version, count: f.count,
    ...(f.directory ? { directory: f.directory } : {}), ...(f.reproducibility ? { reproducibility: f.reproducibility } : {}) });
  return {
    known: result.known.map((k) => ({ ...k, findings: k.findings.map(finding) })),
    new: result.new.map(({ bug, findings }) => ({ bug, findings: findings.map(finding) })),
    unconfirmed: result.unconfirmed.map(({ bug, findings }) => ({ bug, findings: findings.map(finding) })),
    fixed: result.fixed, regressed: result.regressed, unreproduced: result.unreproduced.map(finding),
    sightings: Object.fromEntries(result.sightings),
  };
}
