// What the dashboard shows, computed from a history's runs (oldest first):
// the last run's matrix of targets against areas, what regressed in it (new
// findings, findings first seen in it, unexpected conformance results), the
// trend of each over the runs, guard coverage, and every finding with where
// it was first and last seen and the run (and version) it was fixed in.
// Plain data, so that the page (page.js) only lays it out.

/**
 * @typedef {object} FindingHistory
 * @property {string} signature
 * @property {string} target
 * @property {any} finding  its last sighting (program, differences, repro…)
 * @property {{run: string, version: string | null}} firstSeen
 * @property {{run: string, version: string | null}} lastSeen
 * @property {{run: string, version: string | null} | null} fixedIn  the first later run that fuzzed its target and did not find it
 * @property {number} runs  how many runs found it
 */

/**
 * @param {{file: string, document: any}[]} runs  a history's (history.js readHistory)
 */
export function dashboardModel(runs) {
  const documents = runs.map((r) => r.document);
  const last = documents.at(-1) ?? null;
  /** @type {Map<string, FindingHistory>} */
  const findings = new Map();
  for (const run of documents) {
    const versions = new Map(run.targets.map((/** @type {any} */ t) => [t.name, t.version]));
    for (const f of run.findings) {
      const seen = { run: run.startedAt, version: f.version ?? null };
      const entry = findings.get(f.signature);
      if (entry === undefined) findings.set(f.signature, { signature: f.signature, target: f.target, finding: f, firstSeen: seen, lastSeen: seen, fixedIn: null, runs: 1 });
      else Object.assign(entry, { finding: f, lastSeen: seen, fixedIn: null, runs: entry.runs + 1 });
    }
    // Fixed: its target ran (and was fuzzed) in this run, and the finding was not among its findings.
    const found = new Set(run.findings.map((/** @type {any} */ f) => f.signature));
    for (const entry of findings.values()) {
      if (entry.fixedIn === null && !found.has(entry.signature) && versions.has(entry.target)) {
        entry.fixedIn = { run: run.startedAt, version: versions.get(entry.target) ?? null };
      }
    }
  }
  const all = [...findings.values()].sort((a, b) => (a.firstSeen.run > b.firstSeen.run ? -1 : a.firstSeen.run < b.firstSeen.run ? 1 : a.signature < b.signature ? -1 : 1));
  const lastRun = last?.startedAt;
  return {
    runs: documents.length,
    last: last === null ? null : {
      startedAt: last.startedAt, elapsedMs: last.elapsedMs, cases: last.cases, casesPerSecond: last.casesPerSecond, seed: last.seed, seeds: last.seeds,
      shards: last.shardCount, targets: last.targets, conform: last.conform, conformError: last.conformError, guardCoverage: last.guardCoverage, host: last.host,
    },
    // What regressed last night: findings the history had not seen before the last run and the
    // known-findings file does not list (a known bug met on a new seed is no regression); unexpected conformance results.
    regressed: {
      findings: all.filter((e) => e.firstSeen.run === lastRun && !e.finding.known),
      conform: (last?.conform ?? []).flatMap((/** @type {any} */ t) => Object.entries(t.areas)
        .filter(([, c]) => /** @type {any} */ (c).unexpected > 0)
        .map(([area, c]) => ({ target: t.name, version: t.version, area, unexpected: /** @type {any} */ (c).unexpected }))),
    },
    findings: all,
    trend: documents.map((run) => {
      const conform = run.conform.flatMap((/** @type {any} */ t) => Object.values(t.areas));
      return {
        run: run.startedAt,
        cases: run.cases,
        casesPerSecond: run.casesPerSecond,
        findings: run.findings.length,
        newFindings: run.findings.filter((/** @type {any} */ f) => findings.get(f.signature)?.firstSeen.run === run.startedAt).length,
        pass: conform.reduce((sum, c) => sum + c.pass, 0),
        fail: conform.reduce((sum, c) => sum + c.fail, 0),
        unexpected: conform.reduce((sum, c) => sum + c.unexpected, 0),
      };
    }),
  };
}
