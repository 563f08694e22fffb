// The results document of `clonecheck fuzz --json` (docs/results.md): built
// here, in one place, from what the run returns and where its findings were
// written; the command only writes and prints it.

import { specRecord, tiers } from '../../src/index.js';
import { guardCoverageReport } from '../../portable/case/counts.js';

/** The version of the document (docs/results.md). */
export const FUZZ_SCHEMA_VERSION = 1;

/** @param {number | null} ms */
const rounded = (ms) => (ms === null ? null : Math.round(ms));

/**
 * @param {import('./run.js').FuzzOutcome} outcome
 * @param {Map<string, {directory: string, programFile: string, reproFile: string}>} files  where each finding went, by signature
 * @param {string} [spec] the spec profile the run judged against (--spec)
 */
export function fuzzResults(outcome, files, spec) {
  const { seed, runs, timeLimitMs, cases, fuzzMs } = outcome;
  // Over the fuzzing phase: shrinking is not fuzzing.
  const perSecond = (/** @type {number} */ n) => (fuzzMs > 0 ? Math.round((n * 1000) / fuzzMs) : 0);
  return {
    schemaVersion: FUZZ_SCHEMA_VERSION,
    command: 'fuzz',
    spec: specRecord(spec),
    seed,
    runs: runs === Infinity ? null : runs,
    timeLimitMs: timeLimitMs === Infinity ? null : timeLimitMs,
    cases,
    interrupted: outcome.interrupted,
    elapsedMs: Math.round(outcome.elapsedMs),
    fuzzMs: Math.round(fuzzMs),
    casesPerSecond: perSecond(cases),
    workers: outcome.workers,
    targets: outcome.targets.map(({ spec, cases: targetCases, verdicts, clock }) => ({
      name: spec.name, description: spec.description, runtime: spec.runtime?.name ?? null, version: spec.runtime?.version ?? null,
      cases: targetCases, casesPerSecond: perSecond(targetCases), verdicts,
      startupMs: rounded(clock.firstReadyMs), lastVerdictMs: rounded(clock.lastResultMs), members: clock.members, memberLoadMs: Math.round(clock.loadMs),
    })),
    harnessErrors: outcome.harnessErrors,
    unattributedCrashes: outcome.unattributedCrashes,
    hostCrashes: outcome.hostCrashes,
    findings: outcome.findings.map((f) => {
      // The command wrote every finding of the outcome before it asked for these.
      const { directory, programFile, reproFile } = /** @type {{directory: string, programFile: string, reproFile: string}} */ (files.get(f.signature));
      return {
        signature: f.signature, target: f.target, verdict: f.verdict, category: f.category, case: f.case, count: f.count, minimized: f.minimized,
        directory, programFile, reproFile, diff: f.differences ?? [],
        ...(f.shrink === undefined ? {} : { shrink: f.shrink }),
        ...(f.detail === undefined ? {} : { detail: f.detail }),
        ...(f.root === undefined ? {} : { root: f.root }),
        ...(f.alsoSeenAs === undefined ? {} : { alsoSeenAs: f.alsoSeenAs }),
        ...(f.folded === undefined ? {} : { folded: f.folded }),
        ...(f.splitFrom === undefined ? {} : { splitFrom: f.splitFrom }),
        ...(f.freshReplay === undefined ? {} : { freshReplay: f.freshReplay }),
        ...(f.history === undefined ? {} : { history: { cases: f.history.programs.length, of: f.history.of } }),
      };
    }),
    sameBug: outcome.sameBug,
    guardCoverage: guardCoverageReport(outcome.coverage, tiers),
    cells: outcome.cells,
    ...(outcome.recheck === undefined ? {} : { recheck: outcome.recheck }),
  };
}
