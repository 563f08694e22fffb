// Nested counters ({group: {key: n}}): verdicts per target, guard coverage
// per tier, added up from many chunks, threads and workers; and the guard
// coverage as fuzz and selfcheck report it.

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

/**
 * The tiers' guard coverage as a report: per tier, how often it accepted and
 * how often each reject reason fired, with the reasons that never fired at 0.
 * @param {Record<string, Record<string, number>>} coverage counts from `cloneWithTiers`
 * @param {readonly {id: string, reasons: readonly string[]}[]} catalog the tiers, in order
 */
export function guardCoverageReport(coverage, catalog) {
  /** @type {Record<string, Record<string, number>>} */
  const report = {};
  for (const tier of catalog) {
    const counts = { accept: 0 };
    for (const reason of tier.reasons) counts[reason] = 0;
    Object.assign(counts, coverage[tier.id] ?? {});
    report[tier.id] = counts;
  }
  if (coverage.spec) report.spec = { ...coverage.spec };
  return report;
}
