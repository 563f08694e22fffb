// The dashboard's upstream column (issue 34 item 4): a bug reported upstream links its report
// with the report's state; one whose trackers were searched in vain says so, with the date;
// one never searched says that, so the three are told apart at a glance.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { dashboardModel } from '../harness/dashboard/model.js';
import { dashboardPage } from '../harness/dashboard/page.js';

const finding = (/** @type {string} */ bug, /** @type {string} */ signature) => ({ bug, signature, target: 'node:clone', version: '26.10.0', count: 1, summary: 'a difference', repro: 'clonecheck repro x' });
const ledgerBug = (/** @type {string} */ id, /** @type {object} */ extra) => ({ id, title: id, implementation: 'node', status: 'open', fixedIn: null, upstream: null, root: { shape: 'a root' }, program: null, shows: [], ...extra });

test('the upstream column links a report with its state, or says the trackers were searched and when, or never', () => {
  // The least of a run document the model and the page read.
  const run = { startedAt: '2026-12-02T00:00:00Z', units: [{ findings: [finding('node/a', 'n.1'), finding('node/b', 'n.2'), finding('node/c', 'n.3')] }], findings: [], conform: [], targets: [], guardCoverage: {} };
  const report = 'https://github.com/nodejs/node/issues/1';
  const model = dashboardModel([{ file: 'run.json', document: run }], /** @type {any} */ ([
    ledgerBug('node/a', { upstream: { url: report, state: 'closed' }, searched: { date: '2026-12-01', queries: ['q'], found: report } }),
    ledgerBug('node/b', { searched: { date: '2026-12-02', queries: ['q'], found: null } }),
    ledgerBug('node/c', {}),
  ]));
  const cells = dashboardPage(model, { chartScript: 'chart.js', clientScript: 'dashboard.js' })
    .match(/<td>(<a href="https:\/\/github\.com[^<]*<\/a>|none found[^<]*|not searched)<\/td><\/tr>/g);
  assert.deepEqual(cells, [
    `<td><a href="${report}">closed</a></td></tr>`,
    '<td>none found (searched 2026-12-02)</td></tr>',
    '<td>not searched</td></tr>',
  ]);
});
