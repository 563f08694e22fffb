// One finding per bug, and one bug per finding, decided after shrinking.
//
// During the fuzzing, cases are grouped by signature: the root difference,
// described without its place (signature.js). That is a guess made from
// unshrunk programs, wrong both ways: the same bug can have two roots (Deno's
// transfer code, which skips reading an array's index and writes through a
// setter on Array.prototype[0]: one ledger bug, with programs of either root),
// and two bugs can have the same root (two fast paths that both add an own
// key to a plain object). So:
//  - each finding's own case is shrunk; its program's features
//    (bug-shape.js `programFeatures`: what it is made of, values left out)
//    are the bug's trigger;
//  - a case of the same signature whose program does not hold that trigger
//    is not explained by it: such cases (one per variant, tally.js) are
//    shrunk too, the witnesses (shrink.js), one at a time, each the earliest
//    that no trigger found so far explains (`nextWitness`);
//  - two shrunk programs show one bug when their root differences are the
//    same and the features of one include all those of the other (shrinking
//    stops at a local minimum, so one can keep a little more than the
//    other; an empty trigger, though, explains only a program as bare,
//    `explains`). Programs with the fewest features come first and found
//    the groups; each larger one joins the first group whose trigger
//    explains it.
// Each group is one finding, shown by its trigger: findings that fall in one
// group are folded into the earliest, each listed under it with its root
// while fuzzing, its shrunk program and why (`folded`), so that no root met
// while fuzzing goes unseen; a witness in a group of its own is another bug,
// split off with the cases of its variant. A finding that could not be
// shrunk takes part as it is.

import { describeDifference, programFeatures } from './bug-shape.js';
import { bugSignature, featureKey, signatureOf } from './signature.js';

/**
 * @typedef {import('../../harness/fuzz/tally.js').Finding} Finding
 * @typedef {import('../../harness/fuzz/tally.js').Variant} Variant
 * @typedef {object} Shrunk  what shrinking one case of a finding gave
 * @property {Finding} finding
 * @property {Variant} [variant]  a witness: another variant's earliest case; none for the finding's own case
 * @property {number} [stalls]  how often its thread or agent died or hung while shrinking it
 * @property {(import('../fuzz/judge.js').Verdict & {shrink?: import('../fuzz/tasks.js').ShrinkRecord}) | null} verdict  the shrunk
 *   case (and what shrinking did), null if it did not show the bug again
 * @property {{program: any, shape: string}[]} [kept]  every candidate its shrink kept, in order (tasks.js shrink: confirmFresh replays them fresh)
 */

/**
 * A finding folded into another's bug: the signature it had while fuzzing and
 * the root that names, and the evidence, its own case shrunk (finding.json
 * `folded`, docs/results.md).
 * @typedef {object} Folded
 * @property {string} signature  while fuzzing
 * @property {string} root  its root difference, described
 * @property {number} case  its earliest case
 * @property {number} count  the cases of its signature (counted under the finding it was folded into)
 * @property {any} program  its case, shrunk
 * @property {any[]} differences  what that program showed
 * @property {string | null} rootAt  where that program still shows its own root (null: it does not)
 * @property {string} reason  why it is the same bug (same-bug.js), in words
 */

/**
 * One program in the grouping: a finding's own (shrunk or not) or a witness's.
 * @typedef {object} Shown
 * @property {Finding} finding
 * @property {Variant} [variant]
 * @property {number} case
 * @property {{differences: any[], expected?: unknown, actual?: unknown, program: any, category: string,
 *   shrink?: import('../fuzz/tasks.js').ShrinkRecord}} deviation
 * @property {string} shape  the root difference, described
 * @property {Set<string>} features
 */

/**
 * The next witness of a finding: its earliest variant not shrunk yet whose
 * program holds none of the triggers found so far, its own case's and those
 * of the witnesses shrunk before it. Witnesses are chosen one at a time so
 * that the look-alikes of a frequent deviation (one bug met in many
 * programs) are explained by the first of them that shrinks, and the next
 * witness is a case none of them explains: a rare bug of the same shape is
 * reached however many look-alikes come before it (shrink.js).
 * @param {Finding} finding
 * @param {Shrunk[]} shrunk  what shrinking its own case and its witnesses gave so far
 * @returns {Variant | undefined}
 */
export function nextWitness(finding, shrunk) {
  const mine = shrunk.filter((s) => s.finding === finding);
  // Its own case, shrunk or (when that failed) as it was; a witness only when it showed the bug again.
  const triggers = mine.filter((s) => s.variant === undefined || s.verdict !== null).map((s) => programFeatures((s.verdict ?? finding).program));
  const tried = new Set(mine.map((s) => s.variant));
  return (finding.variants ?? []).find((v) => !tried.has(v) && !triggers.some((trigger) => explains(trigger, v.features)));
}

/** @param {Iterable<string>} features @param {Iterable<string>} trigger @returns {boolean} every feature of the trigger is there */
export function holds(features, trigger) {
  const set = new Set(features);
  for (const feature of trigger) if (!set.has(feature)) return false;
  return true;
}

/**
 * Whether a program with these features is explained by a trigger: it holds
 * it, and the trigger names something. An empty trigger (a shrunk program
 * that is a primitive root and nothing else) names nothing that makes the
 * bug fire, yet every program holds it: it would explain, and so hide, every
 * other bug of its root difference. It explains only a program as bare.
 * @param {Iterable<string>} trigger
 * @param {Iterable<string>} features
 * @returns {boolean}
 */
export function explains(trigger, features) {
  const needed = [...trigger];
  return needed.length === 0 ? [...features].length === 0 : holds(features, needed);
}

/**
 * A trigger across runs: its features with an Error's type and a typed
 * array's element type read as their class. Shrinking never swaps one type
 * for another (`keepsFeatures`: a simplification may bring in
 * no new feature), so the type a shrunk program holds is the one its case was
 * drawn with: the ledger's program of a bug has a TypeError where another
 * run's has a RangeError, and the one explained the other's only by chance.
 * Kept apart: an AggregateError (its `errors` are serialized under
 * html+cause+aggregate), a DataView, and the element classes whose values
 * are serialized differently (integers; floats, with NaN and -0; BigInts).
 * A function of any style is one class: every callable value meets the
 * same step (StructuredSerializeInternal: IsCallable(value), throw a
 * DataCloneError), and the main job of 2026-12-03 proposed a bound function
 * on Node's and Deno's `v8.serialize` as new bugs where the ledger's program
 * had an arrow function.
 * @param {Iterable<string>} features
 * @returns {Set<string>}
 */
export function acrossRuns(features) {
  const classOf = (/** @type {string} */ feature) => {
    const error = /^error (?:Eval|Range|Reference|Syntax|Type|URI)?Error$/.test(feature);
    if (error) return 'error of a native type';
    if (/^function (?:arrow|function|class|async|generator|bound)$/.test(feature)) return 'function of any style';
    const view = /^view (Big|Float)?\w*Array$/.exec(feature);
    if (view === null) return feature;
    return `view of ${{ Big: 'BigInt', Float: 'float' }[view[1] ?? ''] ?? 'integer'} elements`;
  };
  return new Set([...features].map(classOf));
}

/**
 * @param {Finding[]} findings  earliest case first; deviations shrunk where `shrunk` says so
 * @param {Shrunk[]} shrunk
 * @returns {{findings: Finding[], merged: number, split: number, confirmed: number, unexplained: number}}
 *   the findings, one per bug, earliest case first; how many were folded
 *   into another, split off; witnesses that showed their finding's bug
 *   after all; cases whose programs hold no trigger of their signature
 *   (counted under the finding)
 */
export function oneFindingPerBug(findings, shrunk) {
  /** @type {Shown[]} */
  const shown = [];
  for (const finding of findings) {
    if (finding.verdict !== 'deviation') continue;
    const own = shrunk.find((s) => s.finding === finding && s.variant === undefined)?.verdict;
    shown.push(describe(finding, undefined, finding.case, own ?? /** @type {any} */ (finding)));
  }
  for (const { finding, variant, verdict } of shrunk) {
    if (variant !== undefined && verdict !== null) shown.push(describe(finding, variant, variant.case, verdict));
  }

  /** @type {Shown[][]} */
  const groups = [];
  const byFeatures = [...shown].sort((a, b) => a.features.size - b.features.size || a.case - b.case);
  for (const item of byFeatures) {
    const group = groups.find(([trigger]) => trigger.finding.target === item.finding.target
      && trigger.shape === item.shape && explains(trigger.features, item.features));
    if (group === undefined) groups.push([item]);
    else group.push(item);
  }

  // The cases of each group: a witness's variant goes where the witness
  // fell; any other variant of a finding to its own group if it holds that
  // trigger, else to the first group its finding's witnesses fell in whose
  // trigger it holds; a variant that holds none stays with its finding's own.
  /** @type {Map<Finding, Shown[]>} */
  const homeOf = new Map();
  for (const group of groups) for (const item of group) if (item.variant === undefined) homeOf.set(item.finding, group);
  /** @type {Map<Shown[], number>} */
  const counts = new Map(groups.map((group) => [group, 0]));
  const add = (/** @type {Shown[]} */ group, /** @type {number} */ n) => counts.set(group, /** @type {number} */ (counts.get(group)) + n);
  const result = { findings: findings.filter((f) => f.verdict !== 'deviation'), merged: 0, split: 0, confirmed: 0, unexplained: 0 };
  /** @type {Map<Variant, Shown[]>} the group each witness fell in */
  const witnessed = new Map();
  for (const group of groups) for (const item of group) if (item.variant !== undefined) witnessed.set(item.variant, group);
  for (const [finding, home] of homeOf) {
    add(home, finding.count);
    const reached = groups.filter((group) => group.some((item) => item.finding === finding));
    for (const variant of finding.variants ?? []) {
      const explained = witnessed.get(variant) ?? [home, ...reached].find(([trigger]) => explains(trigger.features, variant.features));
      if (explained === undefined) result.unexplained += variant.count;
      else if (explained !== home) {
        add(explained, variant.count);
        add(home, -variant.count);
      }
    }
  }
  for (const group of groups) {
    for (const item of group) if (item.variant !== undefined && homeOf.get(item.finding) === group) result.confirmed += 1;
    const [trigger] = group;
    const owned = group.filter((item) => item.variant === undefined).sort((a, b) => a.case - b.case);
    const earliest = [...group].sort((a, b) => a.case - b.case)[0];
    const where = earliest.variant ?? earliest.finding;
    /** @type {Finding} */
    const finding = {
      ...(owned.length > 0 ? owned[0].finding : { verdict: 'deviation', target: trigger.finding.target, splitFrom: trigger.finding.signature }),
      signature: bugSignature(trigger.finding.target, trigger.deviation),
      category: trigger.deviation.category,
      case: where.case, chunkSeed: where.chunkSeed, path: where.path, count: /** @type {number} */ (counts.get(group)),
      program: trigger.deviation.program, minimized: trigger.variant !== undefined || trigger.finding.minimized,
      shrink: trigger.deviation.shrink,
      expected: trigger.deviation.expected, actual: trigger.deviation.actual, differences: trigger.deviation.differences,
    };
    if (owned.length > 1) {
      finding.alsoSeenAs = owned.slice(1).map((item) => item.finding.signature);
      finding.folded = owned.slice(1).map((item) => foldedInto(trigger, item));
    }
    result.merged += Math.max(0, owned.length - 1);
    if (owned.length === 0) result.split += 1;
    result.findings.push(finding);
  }
  result.findings.sort((a, b) => a.case - b.case);
  return result;
}

/**
 * A finding's own program that fell in another's group, and why: the rule
 * of the grouping above (same target, same root difference, the trigger's
 * features all held), with where its own root still shows (shrink.js keeps
 * it among a shrunk program's differences).
 * @param {Shown} trigger  the group's first program
 * @param {Shown} item  the folded finding's own
 * @returns {Folded}
 */
function foldedInto(trigger, item) {
  const { finding, deviation } = item;
  // A finding's own case: the tally gave it its root (only a split-off has none).
  const root = /** @type {{signature: string, shape: string}} */ (finding.root);
  const context = { expected: deviation.expected, actual: deviation.actual, program: deviation.program };
  const rootAt = deviation.differences.find((d) => describeDifference(d, context) === root.shape)?.path ?? null;
  const own = item.shape === root.shape ? 'its root while fuzzing is that root'
    : rootAt === null ? `its root while fuzzing (${root.shape}) is not among its differences`
      : `its root while fuzzing (${root.shape}) is still among its differences, at ${rootAt}`;
  return {
    signature: root.signature, root: root.shape, case: item.case, count: finding.count,
    program: deviation.program, differences: deviation.differences, rootAt,
    reason: `its case, ${finding.minimized ? 'shrunk' : 'as generated'}, shows this finding's root on ${finding.target} (${trigger.shape}) `
      + `and ${trigger.features.size === 0 ? 'is made of nothing, as its trigger is' : `holds every feature of its trigger (${featureKey([...trigger.features].sort())})`}; ${own}`,
  };
}

/**
 * @param {Finding} finding
 * @param {Variant | undefined} variant
 * @param {number} caseIndex
 * @param {{differences?: any[], expected?: unknown, actual?: unknown, program: any, category?: string,
 *   shrink?: import('../fuzz/tasks.js').ShrinkRecord}} deviation
 * @returns {Shown}
 */
function describe(finding, variant, caseIndex, deviation) {
  const differences = deviation.differences ?? [];
  const { category, shape } = signatureOf(finding.target, differences, deviation);
  return {
    finding, variant, case: caseIndex, shape, features: new Set(programFeatures(deviation.program)),
    deviation: {
      differences, expected: deviation.expected, actual: deviation.actual, program: deviation.program, category, shrink: deviation.shrink,
    },
  };
}

/**
 * Whether a change may be tried on a deviation's way to its local minimum:
 * a removal always; a simplification only when the program is made of no
 * new things (bug-shape.js `programFeatures`). A shrunk program's features
 * are its bug's trigger (here): a simplification that brought in
 * another (an accessor made data, an error made an `Error`, a typed array
 * made a `Uint8Array`, a `cause` key made `a`) could turn one bug's program
 * into another's with the same root difference (a getter bug's into a data
 * property bug's), or a finding's trigger into one its other cases lack.
 * The fuzz shrink (fuzz/tasks.js) and the ledger's (harness/bugs/reshrink.js) hold to it.
 * @param {any} program @param {any} candidate @param {'removed' | 'simplified'} change
 */
export function keepsFeatures(program, candidate, change) {
  return change === 'removed' || holds(programFeatures(program), programFeatures(candidate));
}
