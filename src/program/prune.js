// pruneUnreachable(program): the program without the objects nothing reaches;
// hollowUnreachable(program): the same with those objects made bare instead.
// An object is kept when the root, the transfer list, or a kept object
// refers to it (refs.js walks every place a node can: items, entries,
// values, message, cause, prototype, property values, accessors' effects and
// returns, a view's buffer, a proxy's target). Realm steps cannot refer to
// objects (docs/program.md).
//
// The shrinker's last step prunes (portable/minimize/reduce.js); `build` hollows,
// making only what the value reaches in full: of a fuzz run's programs
// (seed 1, 3,000: 5.6 objects each, 2.1 reached), those decoded from random
// bytes hold 13.2 objects and reach 0.9, and each was made, filled and
// registered twice per fuzz case for no observation. Plain JSON in, plain JSON out; lists are
// read by index and results defined, so a polluted realm changes nothing.

import { CreateDataProperty } from '../abstract-ops/object-operations.js';
import { newList, record } from '../primordials/intrinsics.js';
import { mapRefs, mapValue, visitNode } from './refs.js';
import { isRecord, isTransferOption, own, soleKey } from './values.js';

/**
 * Which objects the root, the transfer list and the objects they reach refer to.
 * @param {any} program a valid program
 * @param {(node: any) => boolean} [alsoKeep] objects to count as reached even when nothing refers to them
 * @returns {{reached: boolean[], count: number}} a flag per object, and how many are set
 */
function reachedObjects(program, alsoKeep) {
  const objects = own(program, 'objects') ?? newList();
  const reached = newList();
  for (let i = 0; i < objects.length; i++) reached[i] = false;
  let count = 0;
  /** @param {number} index @returns {number} */
  const visit = (index) => {
    if (reached[index]) return index;
    reached[index] = true;
    count++;
    visitNode(objects[index], maps);
    return index;
  };
  /** @type {import('./refs.js').NodeMaps} */
  const maps = {
    value: (value) => {
      if (isRecord(value) && soleKey(value) === 'ref') visit(/** @type {any} */ (value).ref);
      return value;
    },
    index: visit,
  };
  maps.value(program.root, 'root');
  const transfer = own(program, 'transfer');
  if (transfer !== undefined && !isTransferOption(transfer)) for (let i = 0; i < transfer.length; i++) visit(transfer[i]);
  if (alsoKeep !== undefined) for (let i = 0; i < objects.length; i++) if (alsoKeep(objects[i])) visit(i);
  return { reached, count };
}

/**
 * @param {any} program a valid program
 * @returns {any} the same program without unreachable objects (and without `objects` when none is
 *   left), node indices renumbered in order; the program itself when every object is kept
 */
export function pruneUnreachable(program) {
  const objects = own(program, 'objects') ?? newList();
  const { reached, count } = reachedObjects(program, undefined);
  if (count === objects.length && (objects.length > 0 || own(program, 'objects') === undefined)) return program;
  const renumbered = newList();
  let next = 0;
  for (let i = 0; i < objects.length; i++) renumbered[i] = reached[i] ? next++ : -1;
  /** @param {number} i */
  const to = (i) => renumbered[i];
  const kept = [];
  for (let i = 0; i < objects.length; i++) if (reached[i]) CreateDataProperty(kept, renumbered[i], mapRefs(objects[i], to));
  const pruned = { ...program, root: mapValue(program.root, to), objects: kept };
  const transfer = own(program, 'transfer');
  if (transfer !== undefined && !isTransferOption(transfer)) {
    const list = [];
    for (let i = 0; i < transfer.length; i++) CreateDataProperty(list, i, to(transfer[i]));
    pruned.transfer = list;
  }
  if (kept.length === 0) delete pruned.objects;
  return pruned;
}

/**
 * The same program with each object nothing reaches made a bare ordinary
 * object, for `build`: every node keeps its index, which the effects log
 * names objects by (`#3`), so the log reads as the whole program's.
 * @param {any} program a valid program
 * @param {(node: any) => boolean} alsoKeep objects to keep as they are even when nothing reaches them
 * @returns {any} the program itself when every object is reached
 */
export function hollowUnreachable(program, alsoKeep) {
  const objects = own(program, 'objects');
  if (objects === undefined) return program;
  const { reached, count } = reachedObjects(program, alsoKeep);
  if (count === objects.length) return program;
  const hollow = [];
  for (let i = 0; i < objects.length; i++) CreateDataProperty(hollow, i, reached[i] ? objects[i] : BARE);
  return { ...program, objects: hollow };
}

/** What an object nothing reaches is built as. */
const BARE = record({ kind: 'object' });
