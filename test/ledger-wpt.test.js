// The browsers' half of "a runnable test for every open bug" (issue 34
// item 2): each open Chromium, Firefox and WebKit ledger entry is replayed
// in its browser, and its test in WPT's form (harness/findings/snippet-wpt.js)
// is run by `clonecheck conform` in all three browsers and with ref:spec
// (harness/bugs/ledger-snippets.js ledgerWptTests): its browser must FAIL
// it, and another (or the reference) PASS it. A test every browser fails
// runs with the reference in a browser's page too (ref:spec@chromium): the
// three FileList entries, whose FileList the reference in Node cannot make.
// Three browsers replay, then four conform runs and that fifth: 2.1 minutes
// here for the 18 open entries (2026-12-02; 1.5 minutes for 19 with four
// runs, 3.2 to 5.6 minutes for the 39 before the merge, under a load
// average up to 20 on 2 cores).
//
// An entry without such a test fails the test unless NO_TEST names it with
// the reason; an entry named there that now has one fails it too.

import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { shutdown } from '../harness/browsers/shutdown.js';
import { readLedger } from '../harness/bugs/ledger.js';
import { ledgerWptTests } from '../harness/bugs/ledger-snippets.js';
import { ledgerTestProblems } from './helpers.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BROWSERS = ['chromium', 'firefox', 'webkit'];

/** Open browser entries without a WPT-form test that their browser fails and another passes, and why. */
/** @type {Record<string, string>} */
const NO_TEST = {};

test('every open browser ledger entry has a WPT-form test that its browser fails and another passes', async (t) => {
  const bugs = readLedger().filter((bug) => bug.status === 'open' && BROWSERS.includes(bug.implementation));
  assert.ok(bugs.length >= 15, `${bugs.length} open entries`);
  const dir = mkdtempSync(join(ROOT, '.wpt-'));
  after(() => rmSync(dir, { recursive: true, force: true }));
  // The replays' browsers, so that the test's process ends.
  after(shutdown);
  // 20 s a file, a margin under load: a test its browser fails or passes ends long before it. (Chromium's
  // BroadcastChannel test timing out at 10 s, 2026-12-03, was a message posted before the worker's channel could hear
  // it: snippet-wpt.js now waits until it does.)
  const results = await ledgerWptTests(bugs, dir, { timeoutMs: 20000 });
  const { counts, problems } = ledgerTestProblems(results, NO_TEST, new Set(bugs.map((bug) => bug.id)), 'NO_TEST');
  t.diagnostic(counts);
  assert.deepEqual(problems, []);
});
