// What `clonecheck bench` concludes from its rows, and how it prints them
// and writes them (docs/bench.md): the fast-path inference per target and
// shape, the before/after comparisons of targets side by side (twin
// regressions among them), the tables, and the --json document.

import { cpus, platform, release } from 'node:os';
import { count } from '../count.js';

/**
 * A twin this many times slower than its eligible shape says the eligible
 * one took a shortcut. The twins add at most one property or remove one
 * element (a few % of the work on a path without a shortcut), while the
 * same row's p50 moved by 2× and more between runs on the shared 2-core
 * machine this was written on (load average 13-15): 1.5× is clear of the
 * twins' own cost, and the verdict asks the mins too (below). A getter
 * twin costs a call more on any path (2× on the reference's spec path for
 * {a: 123}): read its ratio beside ref:spec's (docs/bench.md).
 */
export const FAST_PATH_RATIO = 1.5;

/** The issue's rule: a twin slower than the spec-path equivalent by more than 5% is worth a finding. */
export const TWIN_REGRESSION_RATIO = 1.05;

/** @typedef {import('../../portable/bench/suite.js').BenchResult} BenchResult */

/**
 * @typedef {object} Inference
 * @property {string} target
 * @property {string} group
 * @property {'fast path' | 'none' | 'unclear' | 'unmeasured'} verdict  fast path: a twin is FAST_PATH_RATIO times slower by
 *   p50 and by min alike; none: no twin is by either; unclear: p50 and min disagree (load moved the p50s: measure again,
 *   longer); unmeasured: the baseline row or every twin is missing
 * @property {string[]} lostBy  the twins slower by both
 */

/** A row that is its group's eligible shape made ineligible (suites/clone.js): only a group with one says anything of a fast path. */
const isTwin = (/** @type {BenchResult} */ r) => r.name.startsWith('twin: ');

/**
 * @param {BenchResult[]} results  with ratios (run.js withRatios)
 * @returns {Inference[]} one per target and group that has twins, in the results' order (the strings suite's
 *   groups are variants of one decoder, compared by their ratios alone)
 */
export function inferences(results) {
  /** @type {Map<string, BenchResult[]>} */
  const byCell = new Map();
  for (const r of results) {
    const key = `${r.target}\n${r.group}`;
    const cell = byCell.get(key) ?? [];
    byCell.set(key, cell);
    cell.push(r);
  }
  return [...byCell.values()].filter((rows) => rows.some(isTwin)).map((rows) => {
    const twins = rows.filter((r) => isTwin(r) && Number.isFinite(r.ratio));
    const slower = (/** @type {BenchResult} */ r) => [r.ratio >= FAST_PATH_RATIO, r.minRatio >= FAST_PATH_RATIO];
    const lostBy = twins.filter((r) => slower(r).every(Boolean)).map((r) => r.name);
    const anySlower = twins.some((r) => slower(r).some(Boolean));
    /** @type {Inference['verdict']} */
    const verdict = twins.length === 0 ? 'unmeasured' : lostBy.length > 0 ? 'fast path' : anySlower ? 'unclear' : 'none';
    return { target: rows[0].target, group: rows[0].group, verdict, lostBy };
  });
}

/**
 * Which targets are compared side by side, before → after: every other
 * target with the --baseline one; without it, ref:spec → ref:tiers, and the
 * targets of one runtime family and channel at several versions, the first
 * given as the before (`--target bun@1.3.8:clone --target bun:clone`).
 * @param {{name: string, runtime?: {family: string}}[]} specs  in the order given
 * @param {string} [baseline]
 * @returns {{before: string, after: string}[]}
 */
export function comparisonPairs(specs, baseline) {
  const names = specs.map((spec) => spec.name);
  if (baseline !== undefined) return names.filter((name) => name !== baseline).map((after) => ({ before: baseline, after }));
  const pairs = names.includes('ref:spec') && names.includes('ref:tiers') ? [{ before: 'ref:spec', after: 'ref:tiers' }] : [];
  /** @type {Map<string, string[]>} */
  const byFamily = new Map();
  for (const spec of specs) {
    if (spec.runtime === undefined) continue;
    const key = `${spec.runtime.family}:${spec.name.slice(spec.name.lastIndexOf(':') + 1)}`;
    const sameFamily = byFamily.get(key) ?? [];
    byFamily.set(key, sameFamily);
    sameFamily.push(spec.name);
  }
  for (const [first, ...rest] of byFamily.values()) pairs.push(...rest.map((after) => ({ before: first, after })));
  return pairs;
}

/**
 * @typedef {object} Comparison
 * @property {string} before
 * @property {string} after
 * @property {string} group
 * @property {string} name
 * @property {number} speedup  before's p50 over after's: the seeds' "7.6×"
 * @property {number} minSpeedup  the same of the mins
 * @property {boolean} twinRegression  a twin that got slower than before by more than TWIN_REGRESSION_RATIO, by p50 and by min
 */

/**
 * @param {BenchResult[]} results
 * @param {{before: string, after: string}[]} pairs
 * @returns {Comparison[]}
 */
export function comparisons(results, pairs) {
  /** @type {Map<string, NonNullable<BenchResult['ns']>>} */
  const spread = new Map();
  for (const r of results) if (r.ns !== null) spread.set(`${r.target}\n${r.group}\n${r.name}`, r.ns);
  return pairs.flatMap(({ before, after }) => results.filter((r) => r.target === after).flatMap((r) => {
    const then = spread.get(`${before}\n${r.group}\n${r.name}`);
    if (r.ns === null || then === undefined) return [];
    const slower = r.ns.p50 > then.p50 * TWIN_REGRESSION_RATIO && r.ns.min > then.min * TWIN_REGRESSION_RATIO;
    return [{ before, after, group: r.group, name: r.name, speedup: then.p50 / r.ns.p50, minSpeedup: then.min / r.ns.min, twinRegression: !r.baseline && slower }];
  }));
}

/** @param {number} ns @returns {string} `312 ns`, `44.0 µs`, `3.10 ms`, `3.46 s` */
export function formatNs(ns) {
  if (!Number.isFinite(ns)) return '-';
  if (ns < 1e3) return `${ns.toFixed(0)} ns`;
  if (ns < 1e6) return `${(ns / 1e3).toFixed(ns < 1e4 ? 2 : 1)} µs`;
  if (ns < 1e9) return `${(ns / 1e6).toFixed(2)} ms`;
  return `${(ns / 1e9).toFixed(2)} s`;
}

/** @param {number} ratio */
const times = (ratio) => (Number.isFinite(ratio) ? `${ratio.toFixed(2)}×` : '-');

/**
 * A target's table: a line per row (p50, spread, ratio to the group's
 * baseline by p50 and by min, first call), and under each shape its inference.
 * @param {import('./measure.js').TargetRun} run
 * @param {BenchResult[]} results  the run's, with ratios
 * @param {Inference[]} inferred
 * @returns {string}
 */
export function targetTable(run, results, inferred) {
  const where = run.runtime === null ? 'this process' : `${run.runtime.family} ${run.runtime.version}`;
  const startup = [
    run.startupMs === null ? null : `agent start-up ${formatNs(run.startupMs * 1e6)}`,
    run.suiteStartupMs === null ? null : `suite start-up ${formatNs(run.suiteStartupMs * 1e6)}`,
  ].filter(Boolean).join(', ');
  const lines = [`${run.target} (${where}${startup === '' ? '' : `; ${startup}`})`];
  lines.push(`  ${'shape'.padEnd(24)}${'variant'.padEnd(26)}${'p50/op'.padStart(10)}  ${'min … p99'.padEnd(22)}${'ratio'.padStart(7)}${'by min'.padStart(8)}  first call`);
  let group;
  const flush = () => {
    const inference = inferred.find((i) => i.target === run.target && i.group === group);
    if (inference !== undefined) lines.push(`  ${''.padEnd(24)}→ ${inference.verdict}${inference.lostBy.length > 0 ? ` (lost by ${inference.lostBy.map((n) => n.replace(/^twin: /, '')).join(', ')})` : ''}`);
  };
  for (const r of [...results].sort(byGroupThenBaseline(results))) {
    const first = r.group !== group;
    if (first) {
      if (group !== undefined) flush();
      group = r.group;
    }
    const spread = r.ns === null ? (r.note ?? 'not timed') : `${formatNs(r.ns.min)} … ${formatNs(r.ns.p99)}`;
    lines.push(`  ${(first ? r.group : '').padEnd(24)}${r.name.padEnd(26)}${formatNs(r.ns?.p50 ?? NaN).padStart(10)}  ${spread.padEnd(22)}${times(r.ratio).padStart(7)}${times(r.minRatio).padStart(8)}  ${formatNs(r.firstCallNs)}`);
  }
  if (group !== undefined) flush();
  if (run.error !== null) lines.push(`  stopped: ${run.error}`);
  return `${lines.join('\n')}\n`;
}

/**
 * Rows in the order the suite built them, grouped by shape (a polluted
 * prototype's rows are measured last, but printed with their shape).
 * @param {BenchResult[]} results
 */
function byGroupThenBaseline(results) {
  const groupOrder = [...new Set(results.map((r) => r.group))];
  return (/** @type {BenchResult} */ a, /** @type {BenchResult} */ b) => groupOrder.indexOf(a.group) - groupOrder.indexOf(b.group)
    || Number(b.baseline) - Number(a.baseline);
}

/**
 * Two targets side by side: each row's p50 before and after, and the speed-up.
 * @param {{before: string, after: string}} pair
 * @param {Comparison[]} compared
 * @param {BenchResult[]} results
 * @returns {string}
 */
export function sideBySide(pair, compared, results) {
  const rows = compared.filter((c) => c.before === pair.before && c.after === pair.after);
  if (rows.length === 0) return '';
  const p50 = (/** @type {string} */ target, /** @type {Comparison} */ c) => results.find((r) => r.target === target && r.group === c.group && r.name === c.name)?.ns?.p50 ?? NaN;
  const lines = [`${pair.before} → ${pair.after} (before/after: above 1 is faster after)`];
  lines.push(`  ${'shape'.padEnd(24)}${'variant'.padEnd(26)}${'before'.padStart(10)}${'after'.padStart(10)}${'before/after'.padStart(14)}${'by min'.padStart(8)}`);
  for (const c of rows) {
    lines.push(`  ${c.group.padEnd(24)}${c.name.padEnd(26)}${formatNs(p50(pair.before, c)).padStart(10)}${formatNs(p50(pair.after, c)).padStart(10)}${times(c.speedup).padStart(14)}${times(c.minSpeedup).padStart(8)}${c.twinRegression ? '  twin regression' : ''}`);
  }
  return `${lines.join('\n')}\n`;
}

/**
 * The --json document (docs/bench.md, schemaVersion 1).
 * @param {{suite: string, startedAt: string, durationMs: number, rowMs: number, rounds: number, interrupted: boolean,
 *   runs: import('./measure.js').TargetRun[], results: BenchResult[], inferred: Inference[], compared: Comparison[]}} parts
 */
export function benchDocument({ suite, startedAt, durationMs, rowMs, rounds, interrupted, runs, results, inferred, compared }) {
  return {
    schemaVersion: 1,
    suite,
    startedAt,
    durationMs,
    machine: { cpus: cpus().length, cpu: cpus()[0]?.model ?? 'unknown', os: `${platform()} ${release()}`, node: process.version },
    options: { rowMs, rounds, fastPathRatio: FAST_PATH_RATIO, twinRegressionRatio: TWIN_REGRESSION_RATIO },
    interrupted,
    targets: runs.map(({ results: _, ...run }) => run),
    results,
    inferences: inferred,
    comparisons: compared,
  };
}

/**
 * What `clonecheck bench` prints: a table per target, the side-by-side
 * comparisons, and a summary line.
 * @param {ReturnType<typeof benchDocument>} document
 * @param {import('./measure.js').TargetRun[]} runs
 * @param {{before: string, after: string}[]} pairs
 * @param {number} targetsAsked
 * @returns {string}
 */
export function benchText(document, runs, pairs, targetsAsked) {
  const { results, inferences: inferred, comparisons: compared } = document;
  const parts = runs.map((run) => `\n${targetTable(run, results.filter((r) => r.target === run.target), inferred)}`);
  parts.push(...pairs.map((pair) => sideBySide(pair, compared, results)).filter((table) => table !== '').map((table) => `\n${table}`));
  const rows = results.length;
  const regressions = compared.filter((c) => c.twinRegression).length;
  parts.push(`\n${count.format(rows)} rows on ${runs.length} of ${targetsAsked} targets in ${(document.durationMs / 1000).toFixed(1)} s`
    + `${pairs.length > 0 ? `; ${count.format(regressions)} twin regression${regressions === 1 ? '' : 's'}` : ''}${document.interrupted ? ' (stopped early)' : ''}\n`);
  return parts.join('');
}
