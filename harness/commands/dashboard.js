// `clonecheck dashboard [--history DIR] --out DIR [--ledger DIR] [--skip-bad] [--bench FILE]`: one static
// page from a history of nightly runs, the bug ledger and a bench run (harness/dashboard/), with Chart.js
// copied beside it from the installed package: it opens offline, from disk.

import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LEDGER_DIR, readLedger } from '../bugs/ledger.js';
import { dashboardModel } from '../dashboard/model.js';
import { dashboardPage } from '../dashboard/page.js';
import { readHistory } from '../nightly/history.js';
import { EXIT, UsageError } from '../errors.js';

const require = createRequire(import.meta.url);
const CLIENT = fileURLToPath(new URL('../dashboard/client.js', import.meta.url));

/** @returns {string} Chart.js's UMD build (one file, no imports), from the chart.js package installed with clonecheck */
function chartUmd() {
  // The package's main entry is dist/chart.cjs; the UMD build is beside it.
  return join(dirname(require.resolve('chart.js')), 'chart.umd.min.js');
}

/**
 * @param {{history: string, out: string, skipBad?: boolean, ledger?: string, bench?: string}} raw
 * @returns {Promise<number>}
 */
export async function dashboardCommand(raw) {
  const history = resolve(raw.history);
  const runs = readHistory(history, {
    skipBad: raw.skipBad === true,
    onSkip: (file, why) => process.stderr.write(`clonecheck: skipped ${why}\n`),
  });
  const ledger = readLedger(resolve(raw.ledger ?? LEDGER_DIR));
  const file = writeDashboard(runs, resolve(raw.out), ledger, raw.bench === undefined ? undefined : readBench(resolve(raw.bench)));
  process.stdout.write(`dashboard of ${runs.length} run${runs.length === 1 ? '' : 's'}: ${file}\n`);
  return EXIT.ok;
}

/**
 * @param {string} file  written by `clonecheck bench --json`
 * @returns {any} its document
 * @throws {UsageError} when it is not one
 */
function readBench(file) {
  let document;
  try {
    document = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new UsageError(`--bench ${file}: ${error instanceof Error ? error.message : String(error)}; give a file written by clonecheck bench --json`);
  }
  if (document?.schemaVersion !== 1 || !Array.isArray(document.results) || !Array.isArray(document.inferences)) {
    throw new UsageError(`--bench ${file}: not a clonecheck bench --json document (schemaVersion 1 with results and inferences)`);
  }
  return document;
}

/**
 * @param {{file: string, document: any}[]} runs
 * @param {string} out
 * @param {import('../bugs/ledger.js').Bug[]} ledger  for each bug's title, status and upstream link
 * @param {any} [bench]  a bench document for the benchmark section (default: the last run's, from nightly --bench)
 * @returns {string} the page written
 */
export function writeDashboard(runs, out, ledger, bench) {
  mkdirSync(out, { recursive: true });
  copyFileSync(chartUmd(), join(out, 'chart.umd.min.js'));
  copyFileSync(CLIENT, join(out, 'dashboard.js'));
  const model = dashboardModel(runs, ledger, bench);
  const page = join(out, 'index.html');
  writeFileSync(page, dashboardPage(model, { chartScript: 'chart.umd.min.js', clientScript: 'dashboard.js' }));
  return page;
}
