// What a fuzz run has seen so far, merged from every chunk and stall: verdict
// counts per target, guard coverage, harness errors, agents that died between
// cases, and one finding per signature. A signature keeps its earliest case
// whatever thread found it first, so the same seed and runs give the same
// findings.

import { addCounts } from '../../portable/case/counts.js';

/**
 * @typedef {object} Finding
 * @property {string} signature
 * @property {string} target
 * @property {'deviation' | 'timeout' | 'crash'} verdict
 * @property {string} category  the first difference's category, or the verdict
 * @property {{signature: string, shape: string}} [root]  its case's signature while fuzzing and the root difference (or the
 *   verdict) it names, described (signature.js): kept when the same-bug check renames the finding; none for a split-off
 * @property {number} case  the earliest case that showed it
 * @property {number} chunkSeed  with `path`, replays that case (fast-check seed and path); none for a finding of an
 *   earlier run (nightly --shrink unexplained), which brings its program and `shape` instead
 * @property {string} [shape]  for such a finding: the root its replay showed (shrinking keeps it)
 * @property {string} path
 * @property {number} count  cases that showed it
 * @property {any} program  as the target ran it; the shrunk one once shrinking is done
 * @property {any} [source]  the case's program as generated, before its channel reshaped it (a fresh replay starts from it)
 * @property {'only' | 'passes'} [freshReplay]  what a fresh replay of the case said (recheck.js), where it differs from
 *   the run: `only` a fresh replay shows it (the run passed the case); `passes` the run needed the cases before it
 * @property {{programs: any[], of: number, replays: number, minimal: boolean}} [history]  for `passes`: the earlier cases
 *   it needs, cut down from the `of` its member ran before it (harness/minimize/history.js); repro replays them first
 * @property {boolean} minimized
 * @property {import('../../portable/fuzz/tasks.js').ShrinkRecord} [shrink]  what shrinking did, once it has
 * @property {unknown} [expected]  the reference's observation (for a timeout or crash too: the repro needs it)
 * @property {unknown} [actual]
 * @property {object[]} [differences]
 * @property {string} [detail]  for a timeout or crash: what the watchdog saw
 * @property {Variant[]} [variants]  for a deviation: the earliest case of each way it showed up, earliest first
 * @property {string[]} [alsoSeenAs]  the signatures of findings that shrank to this bug and were folded into it (same-bug.js)
 * @property {import('../../portable/bugs/same-bug.js').Folded[]} [folded]  those findings, each with why and its shrunk program
 * @property {string} [splitFrom]  the finding whose case shrank to this other bug (same-bug.js)
 */

/**
 * A variant of a deviation's signature: the same root difference met in a
 * program made of other things (bug-shape.js `programFeatures`).
 * @typedef {object} Variant
 * @property {string} variant  its features, as one line
 * @property {string[]} features
 * @property {number} case  its earliest case
 * @property {number} chunkSeed
 * @property {string} path
 * @property {number} count
 */

/**
 * Variants kept per finding: the earliest ones; the same-bug check shrinks
 * the first few (same-bug.js). The bound only keeps memory in check: a
 * 20,000-case run of bun:worker has at most a few dozen per finding. Past it,
 * a variant dropped and met again by an earlier case restarts its count.
 */
const MAX_VARIANTS = 1000;

export class Tally {
  /**
   * @param {import('../targets/catalog.js').TargetSpec[]} targets
   * @param {(finding: Finding) => void} onFinding  a new finding, or an earlier case of a known one
   */
  constructor(targets, onFinding) {
    this.onFinding = onFinding;
    /** @type {Map<string, Finding>} by signature */
    this.findings = new Map();
    /** @type {Record<string, Record<string, number>>} */
    this.verdicts = Object.fromEntries(targets.map((t) => [t.name, { pass: 0, deviation: 0, timeout: 0, crash: 0, 'not-applicable': 0, 'harness-error': 0 }]));
    /** @type {Record<string, Record<string, number>>} */
    this.coverage = {};
    /** @type {object[]} */
    this.harnessErrors = [];
    /** @type {{runtime: string, case: number | null, detail: string}[]} agents and threads that died between cases (null: between tasks) */
    this.unattributedCrashes = [];
    /** @type {{runtime: string, case: number, target: string | undefined, program: any, detail: string}[]} runtimes that died in the host code the reference called (stalls.js) */
    this.hostCrashes = [];
  }

  /**
   * Adds what a worker judged in (part of) a chunk (tasks.js `runChunk`).
   * @param {Awaited<ReturnType<typeof import('../../portable/fuzz/tasks.js').runChunk>>} result
   * @param {(index: number) => any} generated  a case's program as generated, by its index in the chunk
   */
  addChunkResult(result, generated) {
    addCounts(this.coverage, result.coverage);
    addCounts(this.verdicts, result.verdicts);
    this.harnessErrors.push(...result.harnessErrors);
    for (const finding of result.found) {
      this.consider({
        signature: finding.signature, target: finding.target, verdict: finding.verdict, category: finding.category, root: { signature: finding.signature, shape: finding.shape },
        case: finding.case, chunkSeed: finding.chunkSeed, path: finding.path, count: finding.count,
        program: finding.program, source: generated(Number(finding.path)), minimized: false, detail: finding.detail,
        expected: finding.expected, actual: finding.actual, differences: finding.differences, variants: finding.variants,
      });
    }
  }

  /**
   * Keeps the earliest case per signature, and per variant of it; tells
   * onFinding about new or earlier ones.
   * @param {Finding} candidate
   */
  consider(candidate) {
    const known = this.findings.get(candidate.signature);
    if (known !== undefined) {
      known.count += candidate.count;
      known.variants = mergeVariants(known.variants, candidate.variants);
      if (known.case <= candidate.case) return;
      candidate.count = known.count;
      candidate.variants = known.variants;
    }
    this.findings.set(candidate.signature, candidate);
    this.onFinding(candidate);
  }

  /** The findings, earliest case first. */
  findingsByCase() {
    return [...this.findings.values()].sort((a, b) => a.case - b.case);
  }
}

/**
 * The variants of two tallies of one signature: counts added, the earliest
 * case of each kept, and of those the MAX_VARIANTS earliest.
 * @param {Variant[] | undefined} known
 * @param {Variant[] | undefined} more
 * @returns {Variant[] | undefined}
 */
function mergeVariants(known, more) {
  if (known === undefined || more === undefined) return known ?? more;
  /** @type {Map<string, Variant>} */
  const byName = new Map(known.map((v) => [v.variant, { ...v }]));
  for (const variant of more) {
    const seen = byName.get(variant.variant);
    if (seen === undefined) byName.set(variant.variant, { ...variant });
    else if (variant.case < seen.case) byName.set(variant.variant, { ...variant, count: seen.count + variant.count });
    else seen.count += variant.count;
  }
  return [...byName.values()].sort((a, b) => a.case - b.case).slice(0, MAX_VARIANTS);
}
