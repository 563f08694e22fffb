// The step after fast-check's shrinking: a local minimum. fast-check shrinks
// within the structure a family drew (it never drops a realm step once the
// draw chose "pollution", nor a property a perturbation added), so a shrunk
// finding can still carry parts the bug does not need. Here each part is
// removed in turn, one at a time, and the removal kept whenever the program
// is still valid and the target still deviates the same way, until no
// single removal keeps the bug (or the budget runs out).

import { validate } from '../../src/index.js';
import { pruneUnreachable } from './prune.js';

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
    for (let n = 0; n < objects.length; n++) if (n !== rootRef) yield { ...program, root: { ref: n } };
  }
  for (const list of ['sender', 'receiver', 'transfer']) {
    const entries = program[list] ?? [];
    for (let i = entries.length - 1; i >= 0; i--) yield withField(program, list, without(entries, i));
  }
  for (const field of OPTIONAL_FIELDS) {
    if (field in program) {
      const { [field]: _, ...rest } = program;
      yield rest;
    }
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
 * The smallest program reachable from `program` by removing parts one at a
 * time while `stillFails` holds.
 * @param {any} program  one for which `stillFails` holds
 * @param {(candidate: any) => Promise<boolean>} stillFails  runs the target; true when it still shows the same bug
 * @param {number} budget  candidates to run at most
 * @returns {Promise<{program: any, tried: number}>}
 */
export async function reduceProgram(program, stillFails, budget) {
  let smallest = program;
  let tried = 0;
  let removedOne = true;
  while (removedOne && tried < budget) {
    removedOne = false;
    for (const candidate of withOnePartRemoved(smallest)) {
      if (tried >= budget) break;
      const pruned = pruneUnreachable(candidate);
      if (pruned === smallest || validate(pruned).length > 0) continue;
      tried += 1;
      if (await stillFails(pruned)) {
        smallest = pruned;
        removedOne = true;
        break;
      }
    }
  }
  return { program: smallest, tried };
}

/**
 * @param {any} record @param {string} field @param {unknown[]} list
 * @returns {any} the record with `field` set to `list`, or without it when the list is empty
 */
function withField(record, field, list) {
  if (list.length > 0 || !OPTIONAL_LISTS.has(field)) return { ...record, [field]: list };
  const { [field]: _, ...rest } = record;
  return rest;
}

/** @param {unknown[]} list @param {number} i @returns {unknown[]} the list without its i-th entry */
function without(list, i) {
  return [...list.slice(0, i), ...list.slice(i + 1)];
}
