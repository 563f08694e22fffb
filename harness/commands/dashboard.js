// `clonecheck dashboard [--history DIR] --out DIR [--ledger DIR] [--skip-bad]`: one static
// page from a history of nightly runs and the bug ledger (harness/dashboard/), with Chart.js
// copied beside it from the installed package: it opens offline, from disk.

import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LEDGER_DIR, readLedger } from '../bugs/ledger.js';
import { dashboardModel } from '../dashboard/model.js';
import { dashboardPage } from '../dashboard/page.js';
import { readHistory } from '../nightly/history.js';
import { EXIT } from './common.js';

const require = createRequire(import.meta.url);
const CLIENT = fileURLToPath(new URL('../dashboard/client.js', import.meta.url));

/** @returns {string} Chart.js's UMD build (one file, no imports), from the chart.js package installed with clonecheck */
function chartUmd() {
  // The package's main entry is dist/chart.cjs; the UMD build is beside it.
  return join(dirname(require.resolve('chart.js')), 'chart.umd.min.js');
}

/**
 * @param {{history: string, out: string, skipBad?: boolean, ledger?: string}} raw
 * @returns {Promise<number>}
 */
export async function dashboardCommand(raw) {
  const history = resolve(raw.history);
  const runs = readHistory(history, {
    skipBad: raw.skipBad === true,
    onSkip: (file, why) => process.stderr.write(`clonecheck: skipped ${why}\n`),
  });
  const ledger = readLedger(resolve(raw.ledger ?? LEDGER_DIR));
  const file = writeDashboard(runs, resolve(raw.out), ledger);
  process.stdout.write(`dashboard of ${runs.length} run${runs.length === 1 ? '' : 's'}: ${file}\n`);
  return EXIT.ok;
}

/**
 * @param {{file: string, document: any}[]} runs
 * @param {string} out
 * @param {import('../bugs/ledger.js').Bug[]} ledger  for each bug's title, status and upstream link
 * @returns {string} the page written
 */
export function writeDashboard(runs, out, ledger) {
  mkdirSync(out, { recursive: true });
  copyFileSync(chartUmd(), join(out, 'chart.umd.min.js'));
  copyFileSync(CLIENT, join(out, 'dashboard.js'));
  const model = dashboardModel(runs, ledger);
  const page = join(out, 'index.html');
  writeFileSync(page, dashboardPage(model, { chartScript: 'chart.umd.min.js', clientScript: 'dashboard.js' }));
  return page;
}
