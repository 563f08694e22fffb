// What triage says of a finding that did not show again
// (harness/bugs/reproducibility.js): its run's own measurements tell a
// history-bound deviation and a flaky crash (bugs to act on) from one that
// never showed again, and the lines and counts keep them apart.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { reproducibilityOf, reproducibilityText } from '../harness/bugs/reproducibility.js';
import { triageLines, unreproducedCounts } from '../harness/bugs/triage-document.js';

const history = { signature: 'bun-worker.kind.1', target: 'bun:worker', freshReplay: 'passes', history: { cases: 2, of: 16 } };
const flaky = { signature: 'node-clone.crash.2', target: 'node@24:clone', shrink: { replays: { shown: 3, of: 20 } } };
const never = { signature: 'node-worker.timeout.3', target: 'node:worker', shrink: { replays: { shown: 0, of: 20 } } };
const plain = { signature: 'node-clone.keys.4', target: 'node:clone' };

test('a run\'s measurements say how a finding shows again: after its history, at a rate, never, or unmeasured', () => {
  assert.deepEqual([history, flaky, never, plain].map(reproducibilityOf), [
    { kind: 'history', cases: 2 }, { kind: 'flaky', shown: 3, of: 20 }, { kind: 'never', of: 20 }, { kind: 'unmeasured' },
  ]);
  // A fresh replay that passed, with no earlier cases found that bring it back.
  assert.deepEqual(reproducibilityOf({ ...plain, freshReplay: 'passes' }), { kind: 'history', cases: null });
  assert.match(reproducibilityText(reproducibilityOf(flaky)), /flaky, it showed in 3 of 20 fresh runs/);
  assert.match(reproducibilityText(undefined), /not measured/);
});

test('triage prints flaky and history-bound findings apart from those that never showed again, and counts each', () => {
  const unreproduced = [history, flaky, never, plain].map((f) => ({ ...f, version: null, count: 1, program: {}, reproducibility: reproducibilityOf(f) }));
  const result = { known: [], new: [], unconfirmed: [], fixed: [], regressed: [], unreproduced, sightings: new Map() };
  const [summary, ...lines] = triageLines(result, 4);
  assert.match(summary, /; 1 only after earlier cases, 1 flaky, 2 did not show again\)$/);
  assert.equal(unreproducedCounts(unreproduced), '1 only after earlier cases, 1 flaky, 2 did not show again');
  assert.deepEqual(lines.map((line) => line.split(/\s+/)[0]), ['history', 'flaky', 'not', 'not']);
  assert.match(lines[1], /^flaky {6}node-clone\.crash\.2: its program shows nothing on node@24:clone now: flaky, it showed in 3 of 20 fresh runs$/);
});
