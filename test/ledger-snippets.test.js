// A runnable test for every open bug (issue 34 item 2): each open ledger
// entry of Node, Bun or Deno is replayed on the target it was found on (the
// pinned runtime: node is this Node 20, node@24 is 24.21.0, …), and the
// snippet `clonecheck report` prints for it is run there with that runtime,
// where it must print FAIL with the actual value the report states, and
// with the reference as its clone, where it must print PASS
// (harness/bugs/ledger-snippets.js, harness/findings/snippet-run.js).
//
// Left out: the browsers' entries (chromium, firefox, webkit), whose
// snippets need a page and a served folder (a WPT-form testharness.js test
// is their goal, not made yet); QuickJS-ng's, whose serializer runs only
// inside clonecheck's agent (it has no standalone snippet); and the
// decoders' entries, which `report` does not replay.
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
};

test('every open Node, Bun and Deno ledger entry has a snippet that prints FAIL on its target and PASS with the reference', async (t) => {
  const bugs = readLedger().filter((bug) => bug.status === 'open' && SNIPPET_RUNTIMES.includes(bug.implementation));
  assert.ok(bugs.length >= 40, `${bugs.length} open entries`);
  const dir = mkdtempSync(join(ROOT, '.snippets-'));
  after(() => rmSync(dir, { recursive: true, force: true }));
  const results = await ledgerSnippets(bugs, dir, { timeoutMs: 10000 });
  const { counts, problems } = ledgerTestProblems(results, NO_SNIPPET, new Set(bugs.map((bug) => bug.id)), 'NO_SNIPPET');
  t.diagnostic(counts);
  assert.deepEqual(problems, []);
});
