// The cell map of a run (fuzzers/steering.js CellReport) in a few lines:
// what `clonecheck census` and `clonecheck fuzz` print.

import { count } from '../count.js';

/** Empty and rarest cells listed by name at most. */
const LISTED = 12;

/**
 * @param {import('../../fuzzers/steering.js').CellReport} report
 * @returns {string[]}
 */
export function cellMapLines(report) {
  const planes = Object.entries(report.planes).map(([plane, { cells, hit }]) => `${plane} ${count.format(hit)}/${count.format(cells)}`).join(', ');
  const steering = report.steer === 0 ? 'unsteered' : `steered (weight ${report.steer})`;
  const lines = [`cells: ${count.format(report.hit)} of ${count.format(report.cells)} drawn, ${steering}: ${planes}`];
  const empty = report.byCell.filter((c) => c.hits === 0);
  for (const c of empty.slice(0, LISTED)) lines.push(`  never drawn: ${c.id}`);
  if (empty.length > LISTED) lines.push(`  … and ${count.format(empty.length - LISTED)} more never drawn (--json lists every cell)`);
  return lines;
}
