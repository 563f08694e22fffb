// A run's verdicts held against fresh replays (`fuzz --recheck RATE`).
//
// A fuzz run judges each case in a long-lived thread, agent or page whose
// realms earlier cases have changed for good: V8's protectors and
// JavaScriptCore's "having a bad time" flip once and never back, atom
// tables, shapes and the serializers' caches persist, and a receiving
// worker is kept for the run. A case's verdict can then differ from what
// the same program gives in a fresh agent, the verdict that counts (`repro`
// gives it). Measured 2026-12-02: `fuzz --target bun:worker --seed 21`
// passed 5 programs that each deviated when replayed alone.
//
// So a sample of the run's cases is replayed, each (case, target) in a
// member that has run nothing before (runPool's freshMemberPerTask), and
// the two verdicts compared. The sample is every signature's first case
// (is the finding true of a fresh replay?) and, at RATE, passing cases,
// weighted to where history can hide a bug: programs that pollute a realm
// (60% of programs drawn with seed 21) and channels that land the value in
// a receiving worker or frame kept across cases.

import { chunkSeed } from '../../fuzzers/steering.js';
import { pollutes } from './lanes.js';
import { landsInWorkers } from '../targets/catalog.js';
import { replayFresh } from '../findings/replay.js';

/** How much likelier a polluting program is sampled than a clean one. */
const POLLUTING_WEIGHT = 4;

/** How much likelier a case is sampled on a channel whose receiving realm stays across cases. */
const KEPT_RECEIVER_WEIGHT = 2;

/**
 * The chance that (case, target) is replayed fresh.
 * @param {number} rate  --recheck
 * @param {any} program
 * @param {import('../targets/catalog.js').TargetSpec} spec
 */
export function recheckChance(rate, program, spec) {
  const weight = (pollutes(program) ? POLLUTING_WEIGHT : 1) * (landsInWorkers(spec) ? KEPT_RECEIVER_WEIGHT : 1);
  return Math.min(1, rate * weight);
}

/**
 * A number in [0, 1) fixed by the run's seed, the case and the target, so
 * that the same run samples the same cases whatever thread judges them.
 * @param {number} seed @param {number} caseIndex @param {string} targetName
 */
export function sampleDraw(seed, caseIndex, targetName) {
  let h = chunkSeed(seed, caseIndex) ^ 0x811c9dc5;
  for (let i = 0; i < targetName.length; i++) h = Math.imul(h ^ targetName.charCodeAt(i), 0x01000193);
  // A final avalanche (murmur3's fmix32): neighbouring cases must not draw neighbouring numbers.
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return ((h ^ (h >>> 16)) >>> 0) / 2 ** 32;
}

/**
 * The (case, target) pairs of a chunk's lane to replay fresh.
 * @param {{seed: number, rate: number, chunk: number, indices: number[], programs: any[], targets: import('../targets/catalog.js').TargetSpec[],
 *   chunkSize: number}} part
 * @returns {{index: number, targets: string[]}[]}  by index in the chunk
 */
export function sampleChunk({ seed, rate, chunk, indices, programs, targets, chunkSize }) {
  if (rate <= 0) return [];
  const sampled = [];
  for (let position = 0; position < indices.length; position++) {
    const caseIndex = chunk * chunkSize + indices[position];
    const names = targets.filter((spec) => sampleDraw(seed, caseIndex, spec.name) < recheckChance(rate, programs[position], spec)).map((spec) => spec.name);
    if (names.length > 0) sampled.push({ index: indices[position], targets: names });
  }
  return sampled;
}

/**
 * One (case, target) of the run to replay fresh, with what the run said.
 * @typedef {object} RecheckItem
 * @property {number} case
 * @property {number} chunkSeed  with `path`, the case's fast-check seed and path (a hidden deviation is shrunk from them)
 * @property {string} path
 * @property {string} target
 * @property {any} program  as generated, before the channel reshapes it
 * @property {'pass' | 'deviation' | 'crash' | 'timeout' | 'not-applicable' | 'harness-error'} verdict  the run's
 * @property {string} [signature]  the run's, for a deviation or crash
 * @property {boolean} sampled  drawn at RATE (false: a finding's first case)
 */

/**
 * How a fresh replay compared with the run.
 * @typedef {'agree' | 'hidden' | 'history-dependent' | 'other-root' | 'unjudged'} Agreement
 *   hidden: the fresh replay deviates (or crashes) where the run passed; history-dependent: the run
 *   deviated where the fresh replay passes; other-root: both deviate, with other signatures;
 *   unjudged: either side was a harness error (a clonecheck bug, never the target's) or not applicable
 */

/**
 * @param {RecheckItem} item @param {any} fresh  the fresh replay's verdict (judge.js, or a stall's)
 * @returns {Agreement}
 */
export function agreementOf(item, fresh) {
  const failed = (/** @type {string} */ verdict) => verdict === 'deviation' || verdict === 'crash' || verdict === 'timeout';
  const unjudged = (/** @type {string} */ verdict) => verdict === 'harness-error' || verdict === 'not-applicable';
  if (unjudged(item.verdict) || unjudged(fresh.verdict)) return 'unjudged';
  if (!failed(item.verdict) && !failed(fresh.verdict)) return 'agree';
  if (!failed(item.verdict)) return 'hidden';
  if (!failed(fresh.verdict)) return 'history-dependent';
  // A stall's signature is its verdict on that target: a crash is a crash.
  if (item.verdict !== 'deviation' || fresh.verdict !== 'deviation') return item.verdict === fresh.verdict ? 'agree' : 'other-root';
  return item.signature === fresh.signature ? 'agree' : 'other-root';
}

/**
 * Replays each item in a fresh member and compares.
 * @param {RecheckItem[]} items
 * @param {{targets: import('../targets/catalog.js').TargetSpec[], timeoutMs: number, workers: number, shouldStop: () => boolean,
 *   onProgress: (done: number, total: number) => void}} options
 * @returns {Promise<{item: RecheckItem, fresh: any, agreement: Agreement}[]>}
 */
export async function recheck(items, { targets, timeoutMs, workers, shouldStop, onProgress }) {
  const byName = new Map(targets.map((spec) => [spec.name, spec]));
  let done = 0;
  const verdicts = await replayFresh(items.map((item) => ({ program: item.program, target: /** @type {any} */ (byName.get(item.target)) })), {
    timeoutMs, workers, shouldStop, onVerdict: () => onProgress(++done, items.length),
  });
  return items.flatMap((item, index) => (verdicts[index] === undefined ? [] : [{ item, fresh: verdicts[index], agreement: agreementOf(item, verdicts[index]) }]));
}

/** What an agreement table counts, per target and in all. */
const AGREEMENT_COUNTS = /** @type {const} */ (['replayed', 'agree', 'hidden', 'history-dependent', 'other-root', 'unjudged']);

/**
 * The agreement table of a run (results JSON `recheck`, the summary).
 * @param {number} rate
 * @param {{item: RecheckItem, fresh: any, agreement: Agreement}[]} outcomes
 */
export function agreementReport(rate, outcomes) {
  /** @type {Record<string, Record<Agreement | 'replayed', number>>} */
  const byTarget = {};
  const blank = () => /** @type {Record<Agreement | 'replayed', number>} */ (Object.fromEntries(AGREEMENT_COUNTS.map((key) => [key, 0])));
  const total = blank();
  for (const { item, agreement } of outcomes) {
    const row = byTarget[item.target] ??= blank();
    row.replayed += 1;
    row[agreement] += 1;
    total.replayed += 1;
    total[agreement] += 1;
  }
  const disagreements = outcomes.filter(({ agreement }) => agreement !== 'agree').map(({ item, fresh, agreement }) => ({
    agreement, case: item.case, target: item.target, sampled: item.sampled,
    run: { verdict: item.verdict, ...(item.signature === undefined ? {} : { signature: item.signature }) },
    fresh: { verdict: fresh.verdict, ...(fresh.signature === undefined ? {} : { signature: fresh.signature }), ...(fresh.category === undefined ? {} : { category: fresh.category }),
      ...(fresh.error === undefined ? {} : { error: String(fresh.error).split('\n')[0] }) },
  }));
  return { rate, ...total, byTarget, disagreements };
}

/**
 * Several runs' agreement tables added up (a nightly's units, a merge's
 * shards): the counts per target and in all, every disagreement; the rate is
 * the first's (a campaign passes one to all its units).
 * @param {ReturnType<typeof agreementReport>[]} reports  at least one
 * @returns {ReturnType<typeof agreementReport>}
 */
export function sumAgreements(reports) {
  const add = (/** @type {Record<string, number>} */ into, /** @type {Record<Agreement | 'replayed', number>} */ row) => {
    for (const key of AGREEMENT_COUNTS) into[key] = (into[key] ?? 0) + row[key];
    return into;
  };
  /** @type {Record<string, any>} */
  const byTarget = {};
  for (const report of reports) for (const [target, row] of Object.entries(report.byTarget)) byTarget[target] = add(byTarget[target] ?? {}, row);
  const total = reports.reduce((sum, report) => add(sum, report), /** @type {Record<string, number>} */ ({}));
  return /** @type {any} */ ({ rate: reports[0].rate, ...total, byTarget, disagreements: reports.flatMap((report) => report.disagreements) });
}

/** Counts as the summaries print them. */
const counted = new Intl.NumberFormat('en-US');

/**
 * The agreement of a run's verdicts with fresh replays, in one line, then one per target that disagreed.
 * @param {ReturnType<typeof agreementReport>} recheck
 */
export function agreementLines(recheck) {
  const tally = (/** @type {Record<Agreement | 'replayed', number>} */ row) => `${counted.format(row.replayed)} replayed fresh: ${counted.format(row.agree)} agree, `
    + `${row.hidden} hidden (fresh deviates, the run passed), ${row['history-dependent']} history-dependent (the run deviated, fresh passes), `
    + `${row['other-root']} other root${row.unjudged > 0 ? `, ${row.unjudged} unjudged (harness errors)` : ''}`;
  const lines = [`recheck at ${recheck.rate}: ${tally(recheck)}`];
  for (const [target, row] of Object.entries(recheck.byTarget)) {
    if (row.agree + row.unjudged < row.replayed) lines.push(`  ${target}: ${tally(row)}`);
  }
  return lines.join('\n');
}
