// A runnable test for every open bug (issue 34 item 2): each open ledger
// entry of Node, Bun or Deno is replayed on the target it was found on (the
// pinned runtime: node is this Node 20, node@24 is 24.21.0, …), and the
// snippet `clonecheck report` prints for it is run there with that runtime,
// where it must print FAIL with the actual value the report states, and
// with the reference as its clone, where it must print PASS
// (harness/bugs/ledger-snippets.js, harness/findings/snippet-run.js).
//
// QuickJS-ng's open entries are replayed on quickjs:message, in clonecheck's
// agent, and their snippets (qjs:bjson's write and read: JS_WriteObject and
// JS_ReadObject) run in the stock qjs of the same release (built beside the
// agent from the same objects: harness/native/build.js stockQjs), and with
// the reference, imported there by its path, as their clone.
//
// Left out: the browsers' entries (chromium, firefox, webkit), whose
// snippets need a page (test/ledger-wpt.test.js runs their WPT-form
// tests), and the decoders' entries, which `report` does not replay.
//
// A crash or a hang has a snippet too (snippet-stall.js): it prints whether
// the clone ends, and on the target FAIL, or nothing more where the runtime
// dies (which it must).
//
// An entry with no verified snippet fails the test unless NO_SNIPPET names
// it with the reason; an entry named there that now has one fails it too,
// so the list only shrinks.

import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readLedger } from '../harness/bugs/ledger.js';
import { AGENT_TOOLCHAIN, buildHarness, stockQjs } from '../harness/native/build.js';
import { SNIPPET_RUNTIMES, ledgerSnippets } from '../harness/bugs/ledger-snippets.js';
import { ledgerTestProblems } from './helpers.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Open entries without a snippet that prints FAIL there and PASS with the reference, and why. */
const NO_SNIPPET = {
  // Real Deno and Node bugs whose snippets cannot PASS with the reference: it transfers streams with the host's own
  // stream code, which the same bug breaks (measured 2026-12-02; each entry's notes have a plain form without it).
  'deno/hangs-after-transferring-a-frozen-transformstream':
    'the reference transfers streams with Deno\'s own code and stalls too (its replay is a harness error; its snippet hangs Deno 2.9.6 both ways)',
  'node/readablestream-read-throws-under-a-getter-only-array-prototype-0':
    "the reference pipes the transferred stream with Node's streams, which the getter breaks too: both forms stay open on Node 20.20.2",
  // A plain worker whose realm replaces Function.prototype.call panics Deno 2.9.6 (3 of 3), but only deno:broadcast's
  // replays show it (3 of 3; deno:worker 0 of 3), and a BroadcastChannel snippet under that realm hangs instead.
  'deno/worker-panics-when-the-receiving-realm-replaces-function-prototype-call':
    'replays show it only on deno:broadcast, whose receiving workers a snippet cannot set up so that Deno panics',
  // The program puts a getter on globalThis.Error, which a snippet calls itself (each entry's notes have a plain form).
  'node/domexception-clone-formats-its-stack-reading-globalthis-error': 'the program changes globalThis.Error, which the snippet itself calls',
  'deno/domexception-clone-formats-its-stack-reading-globalthis-error': 'the program changes globalThis.Error, which the snippet itself calls',
};

/** QuickJS-ng's open entries without a snippet that prints FAIL in the stock qjs and PASS with the reference, and why. */
const QUICKJS_NO_SNIPPET = {
  // The stall snippet of a synchronous clone prints its verdict only once the clone has ended.
  'quickjs/writes-a-sparse-array-densely': 'the stock qjs ends the clone (2.6 s, a 33,554,443-byte message, 560 MB resident): what exceeds the replay\'s timeout is '
    + 'observing the 33,554,432 elements read back; and qjs has no global setTimeout for the stall snippet\'s timer',
};

/**
 * @param {import('../harness/bugs/ledger.js').Bug[]} bugs
 * @param {Record<string, string>} allowed
 * @param {string} list
 * @param {import('node:test').TestContext} t
 */
async function checkSnippets(bugs, allowed, list, t) {
  const dir = mkdtempSync(join(ROOT, '.snippets-'));
  after(() => rmSync(dir, { recursive: true, force: true }));
  const results = await ledgerSnippets(bugs, dir, { timeoutMs: 10000 });
  const { counts, problems } = ledgerTestProblems(results, allowed, new Set(bugs.map((bug) => bug.id)), list);
  t.diagnostic(counts);
  assert.deepEqual(problems, []);
}

test('every open Node, Bun and Deno ledger entry has a snippet that prints FAIL on its target and PASS with the reference', async (t) => {
  const bugs = readLedger().filter((bug) => bug.status === 'open' && SNIPPET_RUNTIMES.includes(bug.implementation) && bug.implementation !== 'quickjs');
  assert.ok(bugs.length >= 40, `${bugs.length} open entries`);
  await checkSnippets(bugs, NO_SNIPPET, 'NO_SNIPPET', t);
});

test('every open QuickJS-ng ledger entry has a qjs snippet that prints FAIL in the stock qjs and PASS with the reference', async (t) => {
  // Linked from the objects setup.sh compiled (a few seconds; never a compile here), as test/quickjs-agent.test.js does.
  await buildHarness(AGENT_TOOLCHAIN, { compileEngine: false });
  assert.match(String(await stockQjs()), /\/qjs$/, 'the stock qjs is linked from the agent\'s objects');
  const bugs = readLedger().filter((bug) => bug.status === 'open' && bug.implementation === 'quickjs');
  assert.ok(bugs.length >= 6, `${bugs.length} open entries`);
  await checkSnippets(bugs, QUICKJS_NO_SNIPPET, 'QUICKJS_NO_SNIPPET', t);
});
