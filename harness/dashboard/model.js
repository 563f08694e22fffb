// What the dashboard shows, computed from a history's runs (oldest first)
// and the bug ledger: bugs first. Each run's findings name their bug (its
// triage, harness/bugs/triage.js), so the model keeps one entry per bug
// (the ledger's title, status and upstream link, or the proposal a run made
// for a new one) with where and when it was seen and the findings under it;
// then what the last run changed (new bugs, regressed and fixed ones,
// unexpected conformance results), the matrix of targets against areas,
// the trend of bugs per engine over the runs, and guard coverage.
// Plain data, so that the page (page.js) only lays it out; and the
// benchmarks (bench.js).

import { benchSection } from './bench.js';
import { onlyEndOfLife } from '../bugs/supported.js';

/**
 * @typedef {object} BugHistory
 * @property {string} id
 * @property {string} title
 * @property {string} implementation
 * @property {string} status  the ledger's, or `new` for a bug a run proposed
 * @property {string | null} fixedIn
 * @property {{url: string, state: string} | null} upstream  the engine's own report of it (the ledger's)
 * @property {string | null} searched  when its trackers were searched and nothing was found (the ledger's `searched.date`)
 * @property {boolean} endOfLife  the ledger's entry showed only on versions past their support (bugs/supported.js)
 * @property {string} root  the root difference, described
 * @property {string} firstSeen @property {string} lastSeen  runs' start times
 * @property {number} runs  how many runs met it
 * @property {number} occurrences  cases, summed over the runs
 * @property {Record<string, string[]>} targets  each target it was seen on, with the versions
 * @property {any} program  its minimal program
 * @property {Map<string, any>} findings  the findings under it, by signature (the latest sighting of each)
 */

/**
 * @param {{file: string, document: any}[]} runs  a history's (history.js readHistory)
 * @param {import('../bugs/ledger.js').Bug[]} ledger
 * @param {any} [bench]  a bench document (`clonecheck bench --json`); by default the last run's that carries one (`nightly --bench`)
 * @param {string} [today]  YYYY-MM-DD: the day versions' support is judged on
 */
export function dashboardModel(runs, ledger, bench, today = new Date().toISOString().slice(0, 10)) {
  const documents = runs.map((r) => r.document);
  const last = documents.at(-1) ?? null;
  const inLedger = new Map(ledger.map((bug) => [bug.id, bug]));
  /** @type {Map<string, BugHistory>} */
  const bugs = new Map();
  /** @type {Map<string, any>} findings no bug holds: their program showed nothing again on replay, or their run predates the ledger */
  const loose = new Map();
  for (const run of documents) {
    const proposed = new Map((run.bugs?.new ?? []).map((/** @type {any} */ n) => [n.bug.id, n.bug]));
    const metHere = new Set();
    for (const f of run.units.flatMap((/** @type {any} */ u) => u.findings)) {
      if (f.bug === null || f.bug === undefined) {
        loose.set(f.signature, { ...f, run: run.startedAt });
        continue;
      }
      const entry = bugs.get(f.bug) ?? newEntry(f.bug, inLedger.get(f.bug), proposed.get(f.bug), run.startedAt, today);
      bugs.set(f.bug, entry);
      if (!metHere.has(f.bug)) {
        entry.runs += 1;
        metHere.add(f.bug);
      }
      entry.lastSeen = run.startedAt;
      entry.occurrences += f.count;
      const versions = entry.targets[f.target] ??= [];
      if (f.version !== null && !versions.includes(f.version)) versions.push(f.version);
      entry.findings.set(f.signature, { ...f, run: run.startedAt });
    }
  }
  const all = [...bugs.values()].sort((a, b) => (a.lastSeen > b.lastSeen ? -1 : a.lastSeen < b.lastSeen ? 1 : a.id < b.id ? -1 : 1));
  const lastBugs = last?.bugs ?? { known: [], new: [], fixed: [], regressed: [], unreproduced: [] };
  return {
    runs: documents.length,
    bench: benchSection(bench ?? documents.findLast((run) => run.bench !== undefined)?.bench),
    last: last === null ? null : {
      startedAt: last.startedAt, elapsedMs: last.elapsedMs, cases: last.cases, casesPerSecond: last.casesPerSecond, seed: last.seed, seeds: last.seeds,
      shards: last.shardCount, targets: last.targets, conform: last.conform, conformError: last.conformError, guardCoverage: last.guardCoverage, cells: last.cells, host: last.host,
      skippedUnits: last.skippedUnits ?? [], findings: last.findings.length,
      bugs: {
        known: lastBugs.known.map((/** @type {any} */ k) => k.bug), new: lastBugs.new.map((/** @type {any} */ n) => n.bug.id),
        fixed: lastBugs.fixed, regressed: lastBugs.regressed, unreproduced: lastBugs.unreproduced,
      },
      // Its verdicts against fresh replays (nightly --recheck), in all: per target the nightly's JSON has them.
      recheck: last.recheck === undefined ? null : { rate: last.recheck.rate, replayed: last.recheck.replayed, agree: last.recheck.agree,
        hidden: last.recheck.hidden, historyDependent: last.recheck['history-dependent'], otherRoot: last.recheck['other-root'] },
    },
    // Unexpected conformance results of the last run (a test its expectations do not list).
    conformRegressed: (last?.conform ?? []).flatMap((/** @type {any} */ t) => Object.entries(t.areas)
      .filter(([, c]) => /** @type {any} */ (c).unexpected > 0)
      .map(([area, c]) => ({ target: t.name, version: t.version, area, unexpected: /** @type {any} */ (c).unexpected }))),
    bugs: all,
    loose: [...loose.values()],
    interop: interopRows(all),
    trend: documents.map((run) => {
      const conform = run.conform.flatMap((/** @type {any} */ t) => Object.values(t.areas));
      /** @type {Record<string, number>} */
      const perEngine = {};
      for (const id of new Set(run.units.flatMap((/** @type {any} */ u) => u.findings).map((/** @type {any} */ f) => f.bug).filter(Boolean))) {
        const implementation = bugs.get(id)?.implementation ?? id.split('/')[0];
        perEngine[implementation] = (perEngine[implementation] ?? 0) + 1;
      }
      return {
        run: run.startedAt,
        cases: run.cases,
        casesPerSecond: run.casesPerSecond,
        bugs: perEngine,
        newBugs: run.bugs?.new.length ?? 0,
        pass: conform.reduce((sum, c) => sum + c.pass, 0),
        fail: conform.reduce((sum, c) => sum + c.fail, 0),
        unexpected: conform.reduce((sum, c) => sum + c.unexpected, 0),
      };
    }),
  };
}

/**
 * @param {string} id
 * @param {import('../bugs/ledger.js').Bug | undefined} ledgerBug  the ledger's entry, if it has one now
 * @param {any} proposal  the run's proposal for a bug the ledger did not have
 * @param {string} run
 * @param {string} today
 * @returns {BugHistory}
 */
function newEntry(id, ledgerBug, proposal, run, today) {
  const bug = ledgerBug ?? proposal;
  return {
    id, title: bug?.title ?? id, implementation: bug?.implementation ?? id.split('/')[0], status: ledgerBug?.status ?? 'new',
    fixedIn: bug?.fixedIn ?? null, upstream: ledgerBug?.upstream ?? null, searched: ledgerBug?.searched?.date ?? null,
    endOfLife: ledgerBug !== undefined && onlyEndOfLife(ledgerBug, today), root: bug?.root?.shape ?? '', firstSeen: run, lastSeen: run, runs: 0, occurrences: 0,
    targets: {}, program: bug?.program ?? null, findings: new Map(),
  };
}

/**
 * The interop view: each root difference the bugs show, and which
 * implementations have a bug with that root (the same behaviour, not
 * necessarily the same cause: a bug is one root cause in one implementation).
 * @param {BugHistory[]} bugs
 * @returns {{root: string, implementations: Record<string, string>}[]}  root → implementation → bug id
 */
function interopRows(bugs) {
  /** @type {Map<string, Record<string, string>>} */
  const rows = new Map();
  for (const bug of bugs) {
    const row = rows.get(bug.root) ?? {};
    row[bug.implementation] ??= bug.id;
    rows.set(bug.root, row);
  }
  return [...rows].filter(([, row]) => Object.keys(row).length > 1).map(([root, implementations]) => ({ root, implementations }));
}
