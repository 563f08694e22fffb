// Severity is computed from a bug's programs and sightings (harness/bugs/severity.js): the worst
// harm its roots show, whether every program needs a polluted prototype, whether it showed only
// on release lines past their end of life; the most severe sort first.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { findBug, newBug, readLedger } from '../harness/bugs/ledger.js';
import { compareSeverity, kindOfRoot, KINDS, severityOf } from '../harness/bugs/severity.js';
import { triageLines } from '../harness/bugs/triage-document.js';

const program = (extra = {}) => ({ schema: 'clonecheck/program@2', root: { ref: 0 }, objects: [{ kind: 'array', items: [1] }], ...extra });
const polluted = program({ sender: [{ on: 'Array.prototype', key: '0', value: 1 }] });
const sighting = (target, version) => ({ target, version, shows: true, checked: '2026-12-02' });

/** @param {{category: string, shape: string}} root @param {any} [extra] */
function bug(root, extra = {}) {
  const made = newBug({ implementation: 'node', title: 'Node x', root, program: program(), foundOn: 'node:clone', shows: [sighting('node:clone', '22.23.3')],
    signatures: [], occurrences: 1, date: '2026-12-02' }, new Set());
  return { ...made, ...extra };
}

test('the kind of a root: a crash or hang, data changed, a throw or its absence, another error, script run or skipped', () => {
  const kind = (category, shape = '') => KINDS[kindOfRoot({ category, shape })];
  assert.equal(kind('crash', 'crash: agent, exit code 1'), 'crash or hang');
  assert.equal(kind('timeout', 'timeout'), 'crash or hang');
  assert.equal(kind('kind', 'kind on root: value: array -> null'), 'silent data change');
  assert.equal(kind('input-mutated', 'input-mutated: unchanged -> changed (buffer)'), 'silent data change');
  assert.equal(kind('decode', 'UTF-8 decoder step 11: another code point'), 'silent data change');
  // "throws: the reference X, the target does otherwise" is an outcome when the target returned, a thrown difference when it threw another.
  assert.equal(kind('outcome', 'throws: the reference DataCloneError, the target does otherwise'), 'throws where it must not (or the reverse)');
  assert.equal(kind('outcome', 'outcome: value -> throw TypeError'), 'throws where it must not (or the reverse)');
  assert.equal(kind('thrown', 'throws: the reference DataCloneError, the target does otherwise'), 'wrong error type');
  assert.equal(kind('effects', 'effects: extra read of error "name"'), 'runs script where it must not (or skips it)');
});

test('a bug is as severe as its worst program; polluted only when every program is; end of life only when every sighting is', () => {
  const quiet = bug({ category: 'effects', shape: 'effects: extra read' });
  assert.deepEqual(severityOf(quiet, '2026-12-02'), {
    kind: 'runs script where it must not (or skips it)', pollution: false, endOfLife: false, label: 'runs script where it must not (or skips it)', order: [0, 0, 4],
  });
  const crashing = { ...quiet, alsoShownBy: [{ program: polluted, foundOn: 'node:worker', root: { category: 'crash', shape: 'crash: thread' }, notes: 'one cause' }] };
  assert.equal(severityOf(crashing, '2026-12-02').label, 'crash or hang');
  const allPolluted = { ...crashing, program: polluted };
  assert.equal(severityOf(allPolluted, '2026-12-02').label, 'crash or hang, only under a polluted prototype');
  // Node 20's line ended on 2026-04-30: a bug seen only there is end of life after that day, not before.
  const node20 = { ...quiet, shows: [sighting('node:clone', '20.20.2'), { ...sighting('node:clone', '22.23.3'), shows: false }] };
  assert.equal(severityOf(node20, '2026-12-02').endOfLife, true);
  assert.equal(severityOf(node20, '2026-01-01').endOfLife, false);
  // A program merged in brings its own sightings: shown on Node 24 there, the bug is not end of life.
  const merged = { ...node20, alsoShownBy: [{ ...crashing.alsoShownBy[0], program: program(), shows: [sighting('node:worker', '24.21.0')] }] };
  assert.equal(severityOf(merged, '2026-12-02').endOfLife, false);
  // Supported before end of life, clean before polluted, then the kind.
  const sorted = [severityOf(node20, '2026-12-02'), severityOf(allPolluted, '2026-12-02'), severityOf(quiet, '2026-12-02'), severityOf(crashing, '2026-12-02')]
    .sort(compareSeverity).map((s) => s.label);
  assert.deepEqual(sorted, ['crash or hang', 'runs script where it must not (or skips it)', 'crash or hang, only under a polluted prototype',
    'runs script where it must not (or skips it), only on end-of-life versions']);
});

test('the checked-in ledger: Node 20\'s TypeError for a stream outside the transfer list is end of life; Deno\'s frozen-stream hang is a hang', () => {
  const ledger = readLedger();
  assert.equal(severityOf(findBug(ledger, 'node/throws-typeerror-for-stream-outside-transfer-list'), '2026-12-02').label,
    'wrong error type, only on end-of-life versions');
  assert.equal(severityOf(findBug(ledger, 'deno/hangs-after-transferring-a-frozen-transformstream'), '2026-12-02').label, 'crash or hang');
  assert.equal(severityOf(findBug(ledger, 'deno/transfer-code-is-broken-by-a-getter-on-array-prototype-0'), '2026-12-02').pollution, true);
});

test('triage prints new and known bugs the most severe first, each with its severity', () => {
  const effects = bug({ category: 'effects', shape: 'effects: extra read' }, { id: 'node/reads-a-getter', title: 'Node reads a getter' });
  const crash = bug({ category: 'crash', shape: 'crash: thread' }, { id: 'node/crashes', title: 'Node crashes' });
  const finding = { signature: 'node-clone.x.00000000', target: 'node:clone', version: '22.23.3', program: program(), count: 1 };
  const known = (b) => ({ bug: b.id, title: b.title, status: 'open', severity: severityOf(b, '2026-12-02'), findings: [finding], targets: ['node:clone'], count: 1 });
  const lines = triageLines({
    known: [known(effects), known(crash)], new: [{ bug: effects, findings: [finding] }, { bug: crash, findings: [finding] }],
    unconfirmed: [], fixed: [], regressed: [], unreproduced: [], sightings: new Map(),
  }, 4);
  const order = lines.slice(1).map((line) => line.split(/\s+/).slice(0, 2).join(' '));
  assert.deepEqual(order, ['NEW node/crashes', 'NEW node/reads-a-getter', 'known node/crashes', 'known node/reads-a-getter']);
  assert.match(lines[1], /\[crash or hang\]/);
  assert.match(lines[4], /\[runs script where it must not \(or skips it\)\]/);
});
