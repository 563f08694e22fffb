// pruneUnreachable(program): the program without the objects nothing reaches.
// An object is kept when the root, the transfer list, or a kept object
// refers to it (`mapRefs` walks every place a node can: items, entries,
// values, message, cause, prototype, property values, accessors' effects and
// returns, a view's buffer, a proxy's target). Realm steps cannot refer to
// objects (docs/program.md).
//
// Two users: the shrinker's last step (harness/fuzz/reduce.js), and `build`,
// which makes only what the value reaches: two thirds of the objects of
// generated programs are reached by nothing (seed 1, 3,000 programs: 5.7
// objects each, 1.9 reached), and each was made, filled and registered twice
// per fuzz case for no observation. Plain JSON in, plain JSON out; lists are
// read by index and results defined, so a polluted realm changes nothing.

import { CreateDataProperty } from '../abstract-ops/object-operations.js';
import { newList } from '../primordials/intrinsics.js';
import { mapRefs, mapValue } from './refs.js';
import { own } from './values.js';

/**
 * @param {any} program a valid program
 * @param {(node: any) => boolean} [alsoKeep] objects to keep even when nothing reaches them
 * @returns {any} the same program without unreachable objects (and without `objects` when none is
 *   left), node indices renumbered in order; the program itself when every object is kept
 */
export function pruneUnreachable(program, alsoKeep = undefined) {
  const objects = own(program, 'objects') ?? newList();
  const reached = newList();
  for (let i = 0; i < objects.length; i++) reached[i] = false;
  let count = 0;
  /** @param {number} index @returns {number} */
  const visit = (index) => {
    if (reached[index]) return index;
    reached[index] = true;
    count++;
    mapRefs(objects[index], visit);
    return index;
  };
  mapValue(program.root, visit);
  const transfer = own(program, 'transfer');
  if (transfer !== undefined) for (let i = 0; i < transfer.length; i++) visit(transfer[i]);
  if (alsoKeep !== undefined) for (let i = 0; i < objects.length; i++) if (alsoKeep(objects[i])) visit(i);
  if (count === objects.length && (objects.length > 0 || own(program, 'objects') === undefined)) return program;

  const renumbered = newList();
  let next = 0;
  for (let i = 0; i < objects.length; i++) renumbered[i] = reached[i] ? next++ : -1;
  /** @param {number} i */
  const to = (i) => renumbered[i];
  const kept = [];
  for (let i = 0; i < objects.length; i++) if (reached[i]) CreateDataProperty(kept, renumbered[i], mapRefs(objects[i], to));
  const pruned = { ...program, root: mapValue(program.root, to), objects: kept };
  if (transfer !== undefined) {
    const list = [];
    for (let i = 0; i < transfer.length; i++) CreateDataProperty(list, i, to(transfer[i]));
    pruned.transfer = list;
  }
  if (kept.length === 0) delete pruned.objects;
  return pruned;
}
