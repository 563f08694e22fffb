// `clonecheck census`: what the generator draws for a seed, counted by
// strategy, perturbation and pollution (fuzzers/census.js), and the cell map
// with steering (fuzzers/cells.js, steering.js), so a campaign owner can see
// which combinations a run reaches and which it never draws. The table
// folds pollution into four columns; --json keeps every combination and cell.

import { writeFileSync } from 'node:fs';
import { drawCensus } from '../../fuzzers/census.js';
import { EXIT } from '../errors.js';
import { count } from '../count.js';
import { cellMapLines } from '../fuzz/cell-map.js';
import { parseWeights } from '../fuzz/weights.js';

const COLUMNS = ['none', 'random steps', 'aimed: sender', 'aimed: receiver'];

/** @param {string} pollution a census pollution tag @returns {string} its column */
function column(pollution) {
  if (pollution.includes('aimed: receiver')) return 'aimed: receiver';
  if (pollution.includes('aimed: sender')) return 'aimed: sender';
  return pollution === 'none' ? 'none' : 'random steps';
}

/**
 * @param {{runs: number, seed: number, weights?: string, json?: string}} raw
 * (--json: schemaVersion 2 names each combination's generator `strategy`; 1 called it `family`)
 */
export async function censusCommand(raw) {
  const census = drawCensus({ runs: raw.runs, seed: raw.seed, weights: parseWeights(raw.weights) });
  if (raw.json !== undefined) writeFileSync(raw.json, `${JSON.stringify({ schemaVersion: 2, ...census }, null, 2)}\n`);
  /** @type {Map<string, Map<string, Record<string, number>>>} strategy -> perturbation -> column -> count */
  const table = new Map();
  for (const c of census.combinations) {
    const rows = table.get(c.strategy) ?? new Map();
    table.set(c.strategy, rows);
    const row = rows.get(c.perturbation) ?? Object.fromEntries(COLUMNS.map((name) => [name, 0]));
    rows.set(c.perturbation, row);
    row[column(c.pollution)] += c.count;
  }
  const width = Math.max(12, ...census.combinations.map((c) => c.perturbation.length));
  const cells = (values) => values.map((v) => String(v).padStart(16)).join('');
  for (const [strategy, rows] of table) {
    const total = [...rows.values()].reduce((sum, row) => sum + COLUMNS.reduce((s, name) => s + row[name], 0), 0);
    process.stdout.write(`${strategy}: ${count.format(total)}\n  ${'perturbation'.padEnd(width)}${cells(COLUMNS)}\n`);
    for (const [perturbation, row] of rows) process.stdout.write(`  ${perturbation.padEnd(width)}${cells(COLUMNS.map((name) => row[name]))}\n`);
  }
  const channels = Object.entries(census.channels).map(([mode, n]) => `${mode} ${count.format(n)}`).join(', ');
  process.stdout.write(`kinds: ${Object.entries(census.kinds).sort(([a], [b]) => a.localeCompare(b)).map(([kind, n]) => `${kind} ${count.format(n)}`).join(', ')}\n`);
  process.stdout.write(`${cellMapLines(census.cells).join('\n')}\n`);
  process.stdout.write(`census: ${count.format(census.runs)} cases, ${count.format(census.generated)} generated programs, seed ${census.seed}; channels: ${channels}\n`);
  return EXIT.ok;
}
