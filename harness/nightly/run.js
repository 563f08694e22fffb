// A nightly run (docs/gate.md#nightly): the shard's units of the campaign
// (campaign.js) fuzzed one after another, each with an equal part of the
// budget that is left (or a fixed number of cases with --runs), and on the
// first shard the conformance suite on every implementation. Then its
// findings are triaged against the bug ledger by replaying programs
// (harness/bugs/triage.js): each finding names its bug, known or proposed,
// and the run counts bugs (known seen, new, fixed, regressed). Each finding
// carries its program, so that the history alone is enough for the dashboard.

import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { UsageError } from '../errors.js';
import { BudgetError, runCommand } from '../gate/children.js';
import { flagText, relativePath } from '../gate/gate.js';
import { findingSummary } from '../findings/summary.js';
import { readLedger, writeBug } from '../bugs/ledger.js';
import { reproducibilityOf } from '../bugs/reproducibility.js';
import { triageShrinking } from '../bugs/shrink-unexplained.js';
import { replayOnTargets } from '../bugs/replay.js';
import { triageDocument } from '../bugs/triage-document.js';
import { campaignUnits, packUnits, shardUnits } from './campaign.js';
import { NIGHTLY_SCHEMA_VERSION, conformByArea, summarizeUnits } from './results.js';

/** A unit is given this long at least (seconds), whatever is left of the budget: less is start-up alone (campaign.js packs units to keep to it). */
const MIN_SHARE_S = 15;

/** Of a unit's time, the part given to fuzzing: the rest is for shrinking what it found. */
const FUZZ_SHARE = 0.7;

/**
 * @typedef {object} NightlyOptions
 * @property {string[]} targets  fuzz target names
 * @property {string[]} runtimeFlags @property {string[]} browserFlags
 * @property {number} seed @property {number} seeds
 * @property {{index: number, count: number}} shard
 * @property {number} budgetSeconds
 * @property {number} [runs]  cases per unit instead of a share of the budget
 * @property {'all' | 'unexplained'} [shrink]  `unexplained`: the units shrink nothing; after triage, the roots no known bug
 *   explains are shrunk and triaged again (shrink-unexplained.js)
 * @property {number} workers @property {number} timeoutMs
 * @property {string} out  where each unit's documents and the findings go
 * @property {string} ledgerDir  the bug ledger (harness/bugs/ledger.js) @property {string} expectationsDir
 * @property {string} [conformResults]  a conform results document to take instead of running the suite (the main job's gate ran it)
 * @property {boolean} growCorpus  new deviations go to the regression corpus (fuzz --save-regressions)
 * @property {number} recheck  the share of each unit's cases also replayed fresh (fuzz --recheck; 0: none)
 * @property {(line: string) => void} log
 * @property {string[]} [latest]  targets not fuzzed, on which every ledger bug is replayed (nightly --latest: each runtime's newest release)
 * @property {() => boolean} [interrupted]  Ctrl-C or SIGTERM: the unit running wraps up (its child was told), the rest are skipped
 */

/** @param {NightlyOptions} options */
export async function runNightly(options) {
  const started = performance.now();
  const startedAt = new Date().toISOString();
  const { shard, out, log } = options;
  mkdirSync(out, { recursive: true });
  // With --runs nothing is cut short: past a fifth more than the budget (and a minute) the run has no result.
  const deadline = started + options.budgetSeconds * 1200 + 60_000;
  const flags = [...options.runtimeFlags.flatMap((f) => ['--runtime', f]), ...options.browserFlags.flatMap((f) => ['--browser', f])];
  // Run in an order that turns with the seed: a unit the budget runs out before is not the same implementation every night.
  const inShard = shardUnits(campaignUnits(options.targets, options.seed, options.seeds), shard);
  // A budget too short for twice MIN_SHARE_S each (a unit's start-up and shrinking take their part) fuzzes several
  // implementations in one unit, so every one gets some.
  const packed = options.runs === undefined ? packUnits(inShard, Math.max(1, Math.floor(options.budgetSeconds / (2 * MIN_SHARE_S)))) : inShard;
  const units = packed.map((_, k) => packed[(k + Math.abs(options.seed)) % packed.length]);
  const bugs = readLedger(options.ledgerDir);

  let conform = [];
  let conformError = null;
  if (options.conformResults !== undefined) conform = conformByArea(JSON.parse(readFileSync(options.conformResults, 'utf8')));
  else if (shard.index === 1) {
    const implementations = [...new Set(campaignUnits(options.targets, options.seed, 1).map((u) => u.implementation))];
    try {
      const { document } = await runCommand(['conform', ...implementations.flatMap((t) => ['--target', t]), ...flags, '--expectations', options.expectationsDir],
        join(out, 'conform.json'), { deadline, log });
      conform = conformByArea(document);
    } catch (error) {
      // A conformance run that failed (a browser that did not start) costs the night its matrix, not its fuzzing.
      if (error instanceof UsageError || error instanceof BudgetError) throw error;
      conformError = error.message.split('\n').slice(0, 3).join(' ');
      log(`conformance failed, fuzzing goes on: ${conformError}`);
    }
  }

  const results = [];
  const skipped = [];
  const interrupted = options.interrupted ?? (() => false);
  for (const [i, unit] of units.entries()) {
    if (interrupted()) {
      skipped.push({ index: unit.index, implementation: unit.implementation, seed: unit.seed, reason: 'interrupted' });
      continue;
    }
    const left = (started + options.budgetSeconds * 1000 - performance.now()) / 1000;
    // Past the budget a unit still gets its minimum share while the hard deadline allows it: a slow unit before it
    // costs the night some overtime, not an implementation's whole turn.
    if (options.runs === undefined && left <= 0 && performance.now() + 2 * MIN_SHARE_S * 1000 + 30_000 > deadline) {
      log(`unit ${unit.index} (${unit.implementation}, seed ${unit.seed}) skipped: the budget is spent`);
      skipped.push({ index: unit.index, implementation: unit.implementation, seed: unit.seed, reason: 'the budget is spent' });
      continue;
    }
    const share = Math.max(MIN_SHARE_S, left / (units.length - i));
    const size = [...(options.runs === undefined
      ? ['--time', String(Math.floor(share * FUZZ_SHARE)), '--stall-shrink-time', String(Math.min(60, Math.floor(share / 10)))]
      : ['--runs', String(options.runs)]), ...(options.shrink === 'unexplained' ? ['--shrink-runs', '0'] : [])];
    let document;
    const unitStarted = performance.now();
    try {
      // Past its share a unit is asked to stop (and keeps what it found), so that one slow unit does not eat the others' time.
      ({ document } = await runCommand([
        'fuzz', ...unit.targets.flatMap((t) => ['--target', t]), ...flags, '--seed', String(unit.seed), ...size,
        '--workers', String(options.workers), '--timeout', String(options.timeoutMs), '--out', out, ...(options.growCorpus ? ['--save-regressions'] : []),
        ...(options.recheck > 0 ? ['--recheck', String(options.recheck)] : []),
      ], join(out, `unit-${unit.index}.json`), {
        // With a budget, a unit that outlives its share and as long again for shrinking is ended; the night goes on without it.
        deadline: options.runs === undefined ? performance.now() + 2 * share * 1000 + 30_000 : deadline,
        stopAt: options.runs === undefined ? performance.now() + share * 1000 : undefined,
        log,
      }));
    } catch (error) {
      // A unit that failed (its fuzz process died: a clonecheck bug) costs the night that unit, not what the others found.
      if (error instanceof UsageError || (error instanceof BudgetError && options.runs !== undefined)) throw error;
      log(`unit ${unit.index} (${unit.implementation}, seed ${unit.seed}) skipped: ${error.message}`);
      skipped.push({ index: unit.index, implementation: unit.implementation, seed: unit.seed, reason: error.message });
      continue;
    }
    // clonecheck's own failures are kept with the unit (the dashboard shows them), not counted against a target.
    for (const e of document.harnessErrors) log(`harness error (a clonecheck bug) on ${e.target}, seed ${unit.seed} case ${e.case}: ${e.error.split('\n')[0]}`);
    results.push({
      index: unit.index, implementation: unit.implementation, seed: unit.seed, cases: document.cases, fuzzMs: document.fuzzMs,
      // The child's whole life, from its spawn: what the fuzz document's elapsedMs leaves out is its process starting and ending.
      unitMs: Math.round(performance.now() - unitStarted), elapsedMs: document.elapsedMs,
      targets: document.targets.map((/** @type {any} */ t) => ({
        name: t.name, runtime: t.runtime, version: t.version, cases: t.cases, verdicts: t.verdicts,
        startupMs: t.startupMs, lastVerdictMs: t.lastVerdictMs, members: t.members, memberLoadMs: t.memberLoadMs,
      })),
      findings: document.findings.map((/** @type {any} */ f) => {
        const version = document.targets.find((/** @type {any} */ t) => t.name === f.target)?.version ?? null;
        return {
          signature: f.signature, target: f.target, version, verdict: f.verdict, category: f.category, seed: unit.seed, case: f.case, count: f.count,
          minimized: f.minimized, reproducibility: reproducibilityOf(f), summary: findingSummary(f), diff: f.diff.slice(0, 20),
          ...(f.detail === undefined ? {} : { detail: f.detail }),
          program: JSON.parse(readFileSync(f.programFile, 'utf8')),
          directory: f.directory, reproFile: f.reproFile,
          repro: `clonecheck repro ${relativePath(f.directory)} --target ${f.target}${flagText(flags)}`,
        };
      }),
      guardCoverage: document.guardCoverage,
      cells: document.cells,
      ...(document.recheck === undefined ? {} : { recheck: document.recheck }),
      harnessErrors: document.harnessErrors.map((/** @type {any} */ e) => ({ target: e.target, case: e.case, error: e.error })),
    });
  }
  const findings = results.flatMap((unit) => unit.findings);
  const ran = [...results.flatMap((unit) => unit.targets), ...(options.latest ?? []).map((name) => ({ name, version: null }))]
    .filter((t, i, all) => all.findIndex((u) => u.name === t.name) === i);
  const triageStarted = performance.now();
  const date = startedAt.slice(0, 10);
  const replayAll = replayOnTargets({ runtimeFlags: options.runtimeFlags, browserFlags: options.browserFlags, timeoutMs: options.timeoutMs });
  // What triage costs is counted in replays: the threads, agents and pages a replay runs in are kept for the next one.
  const replays = { calls: 0, pairs: 0 };
  /** @type {import('../bugs/triage.js').Replay} */
  const replayOnce = (programs, names, replayOptions) => {
    replays.calls += 1;
    replays.pairs += programs.length * names.length;
    return replayAll(programs, names, replayOptions);
  };
  let triaged;
  try {
    triaged = await triageShrinking(findings, bugs, {
      shrink: options.shrink ?? 'all', ran, date, replay: replayOnce,
      workers: options.workers, timeoutMs: options.timeoutMs, runtimeFlags: options.runtimeFlags, browserFlags: options.browserFlags,
      shouldShrink: () => !interrupted(), log,
      onTriaged: () => log(`triage: ${findings.length} findings against ${bugs.length} ledger bugs by replay on the ${ran.length} targets that ran, `
        + `${((performance.now() - triageStarted) / 1000).toFixed(1)} s (${replays.calls} replays, ${replays.pairs} programs on a target)`),
    });
  } finally {
    // The threads, agents and pages the replays kept.
    await replayAll.close();
  }
  // Each finding names its bug: a ledger id, a proposed one, or none when its program did not show anything again.
  for (const { bug, findings: theirs } of [...triaged.known, ...triaged.new.map((n) => ({ bug: n.bug.id, findings: n.findings }))]) {
    for (const f of theirs) Object.assign(f, { bug, known: triaged.known.some((k) => k.bug === bug) });
  }
  for (const f of [...triaged.unreproduced, ...triaged.unconfirmed.flatMap((u) => u.findings)]) Object.assign(f, { bug: null, known: false });
  // Each new bug's proposed ledger entry, where `clonecheck report ID --ledger OUT/proposed` and `triage --update` find it.
  for (const { bug } of triaged.new) writeBug(bug, join(out, 'proposed'));
  return nightlyDocument({
    startedAt, elapsedMs: performance.now() - started, triageMs: performance.now() - triageStarted, bugs: triageDocument(triaged), seed: options.seed, seeds: options.seeds, shards: [shard.index], shardCount: shard.count,
    budgetSeconds: options.budgetSeconds, runs: options.runs ?? null, targets: options.targets, conform, conformError, units: results, skippedUnits: skipped,
    replayedOn: ran.filter((t) => (options.latest ?? []).includes(t.name)),
  });
}

/**
 * The document, with what its units add up to (results.js summarizeUnits): a run's, or a merge's.
 * @param {{startedAt: string, elapsedMs: number, triageMs: number, bugs: any, replayedOn: {name: string, version: string | null}[], seed: number, seeds: number, shards: number[], shardCount: number, budgetSeconds: number,
 *   runs: number | null, targets: string[], conform: any[], conformError: string | null, units: import('./results.js').UnitResult[],
 *   skippedUnits: {index: number, implementation: string, seed: number, reason: string}[]}} run
 */
export function nightlyDocument(run) {
  const units = [...run.units].sort((a, b) => a.index - b.index);
  return {
    schemaVersion: NIGHTLY_SCHEMA_VERSION,
    command: 'nightly',
    startedAt: run.startedAt,
    elapsedMs: Math.round(run.elapsedMs),
    // After the units: the findings triaged by replay, and what no known bug explained shrunk (--shrink unexplained).
    triageMs: Math.round(run.triageMs),
    seed: run.seed,
    seeds: run.seeds,
    shards: [...run.shards].sort((a, b) => a - b),
    shardCount: run.shardCount,
    budgetSeconds: run.budgetSeconds,
    runs: run.runs,
    campaign: run.targets,
    host: { node: process.version, platform: `${process.platform}-${process.arch}` },
    conform: run.conform,
    conformError: run.conformError,
    skippedUnits: run.skippedUnits,
    bugs: run.bugs,
    // Targets the ledger was replayed on and nothing fuzzed (--latest), with the versions the replays ran: triage takes them too.
    replayedOn: run.replayedOn,
    ...summarizeUnits(units),
    // Each unit's cell map is in the merged one (1,344 cells a unit would make a nightly of 16 units 1.7 MB larger).
    units: units.map(({ cells, ...unit }) => unit),
  };
}
