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
  'deno/hangs-after-transferring-a-frozen-transformstream': 'the reference stalls on it too: the replay is a harness error, not a hang of Deno\'s',
  'deno/worker-panics-when-the-receiving-realm-replaces-function-prototype-call':
    'the panic needs the receiving workers\' realms changed (Function.prototype.call, which the snippet calls too)',
  'node/readablestream-read-throws-under-a-getter-only-array-prototype-0': "the transferred stream's chunks (read asynchronously) are no short literal",
  'deno/receiving-realm-reads-object-prototype-then-while-delivering-a-message': 'the call happens in the receiving worker (and the replay passes now and then)',
  // Snippets that do not show the bug: it shows only inside clonecheck's host (to look into: an artifact?).
  'deno/messageport-reads-typedarray-prototype-length': 'the snippet prints PASS on Deno 2.9.6: no script reads TypedArray.prototype.length',
  'deno/dies-when-array-prototype-1-is-read-only': 'the snippet prints PASS on Deno 2.9.6: its message arrives',
  'deno/tick-queue-dies-under-a-read-only-index-holding-a-value-on-a-prototype':
    'the tick queue reads a slot through the prototype only until the slot is first written, so only a fresh agent dies (repro: 3 of 3), the replay in a used one passes; and the snippet\'s own postMessage with its empty list meets deno/first-postmessage-with-a-transfer-list-throws-under-a-prototype-index first',
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
