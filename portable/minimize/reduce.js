// The step after fast-check's shrinking: a local minimum. fast-check shrinks
// within the structure a family drew (it never drops a realm step once the
// draw chose "pollution", nor a property a perturbation added), so a shrunk
// finding can still carry parts the bug does not need. Here each part is
// removed in turn, then each is made simpler (simplify.js: values toward 0 and
// "", attributes to their defaults, accessors to data, …), one change at a
// time, each kept whenever the program is still valid and the target still
// fails the same way, until no single change keeps the bug (or the budget
// runs out). Crashes and timeouts start here directly (shrink-stalls.js).

import { validate } from '../../src/index.js';
import { pruneUnreachable } from '../../src/program/prune.js';
import { withOnePartSimpler, without, withoutField } from './simplify.js';

/** Top-level fields a program can do without, each with its default meaning. */
const OPTIONAL_FIELDS = ['forStorage', 'deliveries'];
/** Lists a program or a node can do without altogether (the others, an array's items say, stay, empty). */
const OPTIONAL_LISTS = new Set(['sender', 'receiver', 'transfer', 'props']);

/**
 * Every program that is `program` with one part removed: first of all, the
 * objects it no longer reaches, then all but one object inside the root
 * (that object becomes the root); a realm step, a transfer entry, an
 * optional field, an object's property, an array item, a map entry, a set value.
 * Removing never renumbers objects (objects no longer reached go after each
 * removal, with pruneUnreachable).
 * @param {any} program
 * @returns {Generator<any>}
 */
export function* withOnePartRemoved(program) {
  yield pruneUnreachable(program);
  // The root replaced by a primitive (the bug is in a realm step or the
  // transfer list), or by an object inside it: everything around goes at once.
  const objects = program.objects ?? [];
  const rootRef = program.root?.ref;
  if (rootRef !== undefined) {
    yield { ...program, root: 0 };
    // Only when something goes with it: in a cycle, another root reaching
    // every object is no smaller, and two of them would take turns forever.
    for (let n = 0; n < objects.length; n++) {
      const hoisted = pruneUnreachable({ ...program, root: { ref: n } });
      if (n !== rootRef && (hoisted.objects?.length ?? 0) < objects.length) yield hoisted;
    }
  }
  for (const list of ['sender', 'receiver', 'transfer']) {
    const entries = program[list] ?? [];
    for (let i = entries.length - 1; i >= 0; i--) yield withField(program, list, without(entries, i));
  }
  for (const field of OPTIONAL_FIELDS) {
    if (field in program) yield withoutField(program, field);
  }
  for (let n = 0; n < objects.length; n++) {
    for (const list of ['props', 'items', 'entries', 'values']) {
      const entries = objects[n][list];
      if (!Array.isArray(entries)) continue;
      for (let i = entries.length - 1; i >= 0; i--) {
        yield { ...program, objects: objects.map((node, m) => (m === n ? withField(node, list, without(entries, i)) : node)) };
      }
    }
  }
}

/**
 * @typedef {object} Reduction
 * @property {any} program  the smallest program found
 * @property {number} tried  candidates run
 * @property {number} removed  changes kept that removed a part
 * @property {number} simplified  changes kept that made a part simpler
 * @property {boolean} localMinimum  every single change was tried on `program` and none kept the bug
 *   (false: the budget or the time ran out first)
 */

/**
 * The smallest program reachable from `program` by changing one part at a
 * time while `stillFails` holds. The candidates go round in one list,
 * removals first (they shrink most), then simplifications; after a change
 * is kept the round goes on from there over the new program's list, and
 * ends once a whole round keeps nothing.
 * @param {any} program  one for which `stillFails` holds
 * @param {(candidate: any) => Promise<boolean>} stillFails  runs the target; true when it still shows the same bug
 * @param {object} budget
 * @param {number} budget.runs  candidates to run at most
 * @param {number} [budget.parallel]  candidates run at once (the first of them, in order, that keeps the bug is kept)
 * @param {() => boolean} [budget.inTime]  polled before each batch: false stops
 * @param {(program: any, candidate: any, change: 'removed' | 'simplified') => boolean} [budget.admits]  a candidate
 *   of `program` it refuses is passed over, as an invalid one is (not run, not counted)
 * @returns {Promise<Reduction>}
 */
export async function reduceProgram(program, stillFails, { runs, parallel = 1, inTime = () => true, admits = () => true }) {
  const reduction = { program, tried: 0, removed: 0, simplified: 0, localMinimum: false };
  let list = candidatesOf(program);
  let text = JSON.stringify(program);
  let position = 0;
  let keptNothingFor = 0;
  /** the candidates run since the last change kept (two changes can make the same program) */
  let ran = new Set();
  while (keptNothingFor < list.length) {
    if (reduction.tried >= runs || !inTime()) return reduction;
    /** @type {{index: number, candidate: any}[]} */
    const batch = [];
    let scanned = 0;
    while (batch.length < Math.min(parallel, runs - reduction.tried) && keptNothingFor + scanned < list.length) {
      const index = (position + scanned) % list.length;
      scanned += 1;
      const candidate = pruneUnreachable(list[index].program);
      const candidateText = JSON.stringify(candidate);
      if (candidateText === text || ran.has(candidateText) || validate(candidate).length > 0) continue;
      if (!admits(reduction.program, candidate, list[index].change)) continue;
      ran.add(candidateText);
      batch.push({ index, candidate });
    }
    // Awaited by index, without Promise.all: a candidate judged in this
    // realm has its realm steps in place until its judgement ends, and
    // Promise.all would iterate the list through a replaced
    // Array.prototype[Symbol.iterator] (node:clone seed 1, case 126: the
    // shrink threw and the finding stayed unshrunk).
    const running = batch.map(({ candidate }) => stillFails(candidate));
    let kept = -1;
    for (let i = 0; i < running.length; i++) if ((await running[i]) && kept < 0) kept = i;
    reduction.tried += batch.length;
    if (kept < 0) {
      position = (position + scanned) % list.length;
      keptNothingFor += scanned;
      continue;
    }
    const { index, candidate } = batch[kept];
    reduction[list[index].change] += 1;
    reduction.program = candidate;
    text = JSON.stringify(candidate);
    list = candidatesOf(candidate);
    // The same place in the new list: what came after the change kept.
    position = list.length === 0 ? 0 : index % list.length;
    keptNothingFor = 0;
    ran = new Set();
  }
  reduction.localMinimum = true;
  return reduction;
}

/**
 * @param {any} program
 * @returns {{program: any, change: 'removed' | 'simplified'}[]} every single change, removals first
 */
function candidatesOf(program) {
  return [
    ...[...withOnePartRemoved(program)].map((candidate) => ({ program: candidate, change: /** @type {const} */ ('removed') })),
    ...[...withOnePartSimpler(program)].map((candidate) => ({ program: candidate, change: /** @type {const} */ ('simplified') })),
  ];
}

/**
 * @param {any} record @param {string} field @param {unknown[]} list
 * @returns {any} the record with `field` set to `list`, or without it when the list is empty
 */
function withField(record, field, list) {
  if (list.length > 0 || !OPTIONAL_LISTS.has(field)) return { ...record, [field]: list };
  return withoutField(record, field);
}
