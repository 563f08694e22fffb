// The last shrinking step: drop the objects a program no longer reaches.
// fast-check shrinks within a family's structure, which can leave nodes that
// nothing refers to any more (a family's fixed graph, a root that shrank to a
// primitive). An object is kept when the root, the transfer list, or a kept
// object refers to it (`mapRefs` walks every place a node can: items,
// entries, values, message, cause, prototype, property values, accessors'
// effects and returns, a view's buffer, a proxy's target). Realm steps cannot
// refer to objects (docs/program.md).

import { mapRefs, mapValue } from '../../src/program/index.js';

/**
 * @param {any} program a valid program
 * @returns {any} the same program without unreachable objects (and without `objects` when none is left), node indices renumbered in order
 */
export function pruneUnreachable(program) {
  const objects = program.objects ?? [];
  const reachable = new Set();
  const visit = (index) => {
    if (reachable.has(index)) return;
    reachable.add(index);
    mapRefs(objects[index], (i) => {
      visit(i);
      return i;
    });
  };
  mapValue(program.root, (i) => {
    visit(i);
    return i;
  });
  for (const i of program.transfer ?? []) visit(i);
  if (reachable.size === objects.length && (objects.length > 0 || !('objects' in program))) return program;

  const kept = [...reachable].sort((a, b) => a - b);
  const renumber = new Map(kept.map((old, index) => [old, index]));
  const to = (i) => renumber.get(i);
  const pruned = { ...program, root: mapValue(program.root, to), objects: kept.map((i) => mapRefs(objects[i], to)) };
  if (program.transfer !== undefined) pruned.transfer = program.transfer.map(to);
  if (pruned.objects.length === 0) delete pruned.objects;
  return pruned;
}
