// How often a finding shows again, as its fuzz run measured it: what triage
// says of a finding whose program, replayed once, showed nothing (DESIGN.md,
// Verdicts: a verdict is what a fresh replay gives). Three kinds, told apart
// because a maintainer acts on each differently:
//  - history: a deviation that shows only after earlier cases in its realm
//    (a cache, a shape, a one-way realm flag): a bug, with the earlier
//    cases its repro replays first (fuzz --recheck, history.json);
//  - flaky: a crash or timeout that fresh runs of its program showed k
//    times in n (harness/minimize/shrink-stalls.js): a bug with a stress
//    repro, at that rate;
//  - never: n fresh runs never showed it: noise, or a bug of the run;
// and unmeasured, when the run did not replay it (a deviation met without
// --recheck): triage then measures it (triage.js measuredAgain).

/**
 * @typedef {{kind: 'history', cases: number | null} | {kind: 'flaky', shown: number, of: number} | {kind: 'never', of: number}
 *   | {kind: 'unmeasured'}} Reproducibility
 */

/**
 * @param {any} finding  a finding of a fuzz results document (harness/fuzz/results.js)
 * @returns {Reproducibility}
 */
export function reproducibilityOf(finding) {
  if (finding.history !== undefined) return { kind: 'history', cases: finding.history.cases };
  // Its fresh replay passed, and the earlier cases it needs were not found among its member's last ones.
  if (finding.freshReplay === 'passes') return { kind: 'history', cases: null };
  const replays = finding.shrink?.replays;
  if (replays !== undefined) return replays.shown > 0 ? { kind: 'flaky', shown: replays.shown, of: replays.of } : { kind: 'never', of: replays.of };
  return { kind: 'unmeasured' };
}

/**
 * @param {Reproducibility | undefined} measured  none in a document written before runs measured it
 * @returns {string} what triage prints after "its program shows nothing on TARGET now"
 */
export function reproducibilityText(measured) {
  switch (measured?.kind) {
    case 'history': return measured.cases === null ? ': it shows only after earlier cases in its realm, which were not found'
      : `: it shows after ${measured.cases} earlier ${measured.cases === 1 ? 'case' : 'cases'} in its realm (history.json; repro replays them first)`;
    case 'flaky': return `: flaky, it showed in ${measured.shown} of ${measured.of} fresh runs`;
    case 'never': return `: never again in ${measured.of} fresh runs`;
    default: return ' (not measured: fuzz --recheck replays each finding fresh)';
  }
}
