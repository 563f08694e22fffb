// Nested counters ({group: {key: n}}): verdicts per target, guard coverage
// per tier, added up from many chunks, threads and workers.

/**
 * into[group][key] += from[group][key]
 * @param {Record<string, Record<string, number>>} into
 * @param {Record<string, Record<string, number>>} from
 */
export function addCounts(into, from) {
  for (const [group, counts] of Object.entries(from)) {
    const target = into[group] ??= {};
    for (const [key, n] of Object.entries(counts)) target[key] = (target[key] ?? 0) + n;
  }
}
