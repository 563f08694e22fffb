// Shrinking a real crash in the pinned Deno, each candidate in a fresh
// agent. npm test runs it; shrink-stalls.unit.test.js has the rest (npm run
// test:unit runs that one).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { shrinkStalls } from '../harness/minimize/shrink-stalls.js';
import { groupByHost, resolveTarget } from '../harness/targets/catalog.js';

test('a real crash shrinks, each candidate in a fresh Deno agent: Deno 2.9.6\'s receiving worker dies on a getter at Object.prototype[0]', async () => {
  // As deno:worker seed 21 found it (case 18,035 of 20,000): the receiving
  // worker's own message code sets index 0 on an object, which a getter on
  // the receiving realm's Object.prototype makes throw.
  const program = {
    schema: 'clonecheck/program@1',
    root: { ref: 0 },
    objects: [
      { kind: 'array', items: [], length: 1, proto: { ref: 1 } },
      { kind: 'object', props: [{ key: '0', value: '\u{10ffff}😀\u{10ffff}' }] },
    ],
    receiver: [{ on: 'Object.prototype', key: '0', get: { returns: 'from the realm' } }],
  };
  const target = await resolveTarget('deno:worker', { install: false });
  const finding = /** @type {any} */ ({
    signature: 'deno-worker.crash', target: target.name, verdict: 'crash', category: 'crash', program, minimized: false,
    detail: 'a receiving worker died: Uncaught TypeError: Cannot set property 0 of #<Object> which has only a getter',
  });
  const hosts = groupByHost([target]).map((host) => ({ ...host, cases: 0 }));
  await shrinkStalls([finding], {
    hosts: /** @type {any} */ (hosts), workers: 2, timeoutMs: 5000, runs: 60, seconds: 120, shouldShrink: () => true, onShrunk: () => {}, onProgress: () => {},
  });
  assert.equal(finding.shrink.reproduced, true, JSON.stringify(finding.shrink));
  assert.equal(finding.shrink.localMinimum, true, JSON.stringify(finding.shrink));
  assert.deepEqual(finding.program, {
    schema: 'clonecheck/program@1', root: 0, receiver: [{ on: 'Object.prototype', key: '0', get: {} }],
  });
  assert.match(finding.detail, /^a receiving worker died: .*TypeError/);
  assert.equal(finding.expected.outcome, 'value');
});
