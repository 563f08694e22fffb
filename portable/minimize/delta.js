// Delta debugging (Zeller and Hildebrandt's ddmin, "Simplifying and
// Isolating Failure-Inducing Input", 2002) over a list whose order matters:
// the smallest sublist, in the list's order, that still makes `fails` true,
// 1-minimal (no single item can go). A decoder finding's history runs
// through it: which of the buffers decoded before it, on the same module
// instance, it needs (portable/decode/tasks.js). Async: a test may import a
// fresh module instance first.

/**
 * @template T
 * @param {T[]} items  `fails(items)` holds
 * @param {(subset: T[]) => boolean | Promise<boolean>} fails
 * @returns {Promise<T[]>}
 */
export async function ddmin(items, fails) {
  if (items.length === 0 || await fails([])) return [];
  let current = items;
  let parts = 2;
  while (current.length >= 2) {
    const size = Math.ceil(current.length / parts);
    const chunks = [];
    for (let at = 0; at < current.length; at += size) chunks.push(current.slice(at, at + size));
    let reduced = false;
    // A chunk alone, then all but one chunk (its complement), as ddmin tries them.
    for (const chunk of chunks) {
      if (await fails(chunk)) {
        current = chunk;
        parts = 2;
        reduced = true;
        break;
      }
    }
    if (!reduced && chunks.length > 2) {
      for (let i = 0; i < chunks.length; i++) {
        const complement = chunks.filter((_, j) => j !== i).flat();
        if (await fails(complement)) {
          current = complement;
          parts = Math.max(parts - 1, 2);
          reduced = true;
          break;
        }
      }
    }
    if (reduced) continue;
    if (parts >= current.length) break;
    parts = Math.min(current.length, parts * 2);
  }
  // One item left that cannot be dropped (fails([]) was false), or a 1-minimal list.
  return current;
}
