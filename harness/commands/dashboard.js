// `clonecheck dashboard [--history DIR] --out DIR [--skip-bad]`: one static
// page from a history of nightly runs (harness/dashboard/), with Chart.js
// copied beside it from the installed package: it opens offline, from disk.

import { copyFileSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { dashboardModel } from '../dashboard/model.js';
import { dashboardPage } from '../dashboard/page.js';
import { readHistory } from '../nightly/history.js';
import { EXIT } from './common.js';
import { asUsage } from './nightly.js';

const require = createRequire(import.meta.url);
const CLIENT = fileURLToPath(new URL('../dashboard/client.js', import.meta.url));

/** @returns {string} Chart.js's UMD build (one file, no imports), from the chart.js package installed with clonecheck */
function chartUmd() {
  // The package's main entry is dist/chart.cjs; the UMD build is beside it.
  return join(dirname(require.resolve('chart.js')), 'chart.umd.min.js');
}

/**
 * @param {{history: string, out: string, skipBad?: boolean}} raw
 * @returns {Promise<number>}
 */
export async function dashboardCommand(raw) {
  const history = resolve(raw.history);
  const runs = asUsage(() => readHistory(history, {
    skipBad: raw.skipBad === true,
    onSkip: (file, why) => process.stderr.write(`clonecheck: skipped ${why}\n`),
  }));
  const file = writeDashboard(runs, resolve(raw.out));
  process.stdout.write(`dashboard of ${runs.length} run${runs.length === 1 ? '' : 's'}: ${file}\n`);
  return EXIT.ok;
}

/**
 * @param {{file: string, document: any}[]} runs
 * @param {string} out
 * @returns {string} the page written
 */
export function writeDashboard(runs, out) {
  mkdirSync(out, { recursive: true });
  copyFileSync(chartUmd(), join(out, 'chart.umd.min.js'));
  copyFileSync(CLIENT, join(out, 'dashboard.js'));
  const model = dashboardModel(runs);
  /** @type {Map<string, string>} */
  const findingFiles = new Map();
  for (const { signature, finding } of model.findings) {
    if (finding.reproFile === undefined || !existsSync(finding.reproFile)) continue;
    const relative = `findings/${signature}/repro.mjs`;
    mkdirSync(join(out, 'findings', signature), { recursive: true });
    copyFileSync(finding.reproFile, join(out, relative));
    findingFiles.set(signature, relative);
  }
  const page = join(out, 'index.html');
  writeFileSync(page, dashboardPage(model, { chartScript: 'chart.umd.min.js', clientScript: 'dashboard.js', findingFiles }));
  return page;
}
