// Triage of a decode run (harness/decode/triage.js) with replays made by
// hand: a finding whose case shows a known decoder's bug's root with its
// decoder is that bug; one that passes now is unreproduced; unknown ones of
// one implementation and root with one trigger are one proposed entry (its
// other decoders' cases its alsoShownBy); a known bug that passes on a newer
// version of its target is fixed there. And the results file as triage reads it.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { bugProblem, newBug } from '../harness/bugs/ledger.js';
import { DECODE_RESULTS_SCHEMA, decodeRunFindings, triageDecodes } from '../harness/decode/triage.js';

const date = '2026-12-02';
const OVERLONG = 'UTF-8 decoder step 3, otherwise: no U+FFFD where the standard has one';
const LATIN1 = 'single-byte decoder step 5: another code point';

/**
 * A replay that answers from a table: `TARGET BYTES` → a root's shape, or a pass.
 * @param {Record<string, string>} shows  what shows where; anything else passes
 * @param {Record<string, string>} versions  each target's runtime version
 */
function replayFrom(shows, versions) {
  /** @type {string[]} */
  const asked = [];
  /** @type {import('../harness/decode/triage.js').DecodeReplay} */
  const replay = async (decode, target) => {
    const key = `${target} ${decode.bytes.join(',')}`;
    asked.push(key);
    const shape = shows[key];
    return { shown: shape === undefined ? 'pass' : { category: 'decode', shape }, version: versions[target] ?? null };
  };
  return { replay, asked };
}

/** A decoder's bug of the ledger, open, seen on `version` of its target. */
const latin1Bug = () => ({
  ...newBug({
    implementation: 'node', title: "Node's TextDecoder('latin1') decodes Latin-1", root: { category: 'decode', shape: LATIN1 },
    decode: { decoder: 'textdecoder-latin1', bytes: [0x80] }, foundOn: 'node:textdecoder-latin1',
    shows: [{ target: 'node:textdecoder-latin1', version: '20.20.2', shows: true, checked: '2026-11-27' }], signatures: [], occurrences: 1, date: '2026-11-27',
  }, new Set()),
});

/** @param {string} target @param {number[]} bytes @param {string} shape */
const finding = (target, bytes, shape) => ({
  signature: `${target} --replay ${bytes.map((b) => b.toString(16)).join('')}`, target, version: null, count: 1, program: undefined,
  decode: { decoder: target.slice(target.lastIndexOf(':') + 1), bytes }, spec: null, shape,
});

test('a known bug is known by its decoder and root; a case that passes now is unreproduced', async () => {
  const bug = latin1Bug();
  assert.equal(bugProblem(bug, bug.id), null);
  const { replay } = replayFrom({ 'node:textdecoder-latin1 128': LATIN1 }, { 'node:textdecoder-latin1': '20.20.2' });
  const findings = [finding('node:textdecoder-latin1', [0x80], LATIN1), finding('node:textdecoder-latin1', [0x81], LATIN1)];
  const result = await triageDecodes(findings, [bug], { ran: [{ name: 'node:textdecoder-latin1', version: '20.20.2' }], replay, date, taken: new Set([bug.id]) });
  assert.deepEqual(result.known.map((k) => [k.bug, k.count, k.targets]), [[bug.id, 1, ['node:textdecoder-latin1']]]);
  assert.deepEqual(result.unreproduced.map((f) => f.signature), ['node:textdecoder-latin1 --replay 81']);
  assert.deepEqual([result.new.length, result.fixed.length, result.regressed.length], [0, 0, 0]);
  assert.deepEqual(result.sightings.get(bug.id), [{ target: 'node:textdecoder-latin1', version: '20.20.2', shows: true, checked: date }]);
});

test('a known bug that passes on a newer version of its target is fixed there; another root on it is no bug of the ledger', async () => {
  const bug = latin1Bug();
  // node@22 is 22.23.3 here: it passes. A finding there of another root is new, not this bug.
  const { replay } = replayFrom({ 'node@22:textdecoder-latin1 129': 'single-byte decoder step 3: another code point' }, { 'node@22:textdecoder-latin1': '22.23.3' });
  const findings = [finding('node@22:textdecoder-latin1', [0x81], 'single-byte decoder step 3: another code point')];
  const result = await triageDecodes(findings, [bug], { ran: [{ name: 'node@22:textdecoder-latin1', version: '22.23.3' }], replay, date, taken: new Set([bug.id]) });
  assert.deepEqual(result.fixed, [{ bug: bug.id, title: bug.title, target: 'node:textdecoder-latin1', version: '22.23.3', showedOn: '20.20.2' }]);
  assert.equal(result.known.length, 0);
  assert.equal(result.new.length, 1);
});

test('unknown findings of one root and trigger through two decoders are one proposed entry, the other decoder its alsoShownBy', async () => {
  const shows = { 'bun@1.1.0:textdecoder 192,128': OVERLONG, 'bun@1.1.0:buffer-utf8 192,128': OVERLONG, 'bun@1.1.0:textdecoder 224,128': 'UTF-8 decoder step 4: the output ends early' };
  const { replay } = replayFrom(shows, { 'bun@1.1.0:textdecoder': '1.1.0', 'bun@1.1.0:buffer-utf8': '1.1.0' });
  const findings = [
    finding('bun@1.1.0:buffer-utf8', [0xc0, 0x80], OVERLONG), finding('bun@1.1.0:textdecoder', [0xc0, 0x80], OVERLONG),
    finding('bun@1.1.0:textdecoder', [0xe0, 0x80], 'UTF-8 decoder step 4: the output ends early'),
  ];
  const ran = [{ name: 'bun@1.1.0:textdecoder', version: '1.1.0' }, { name: 'bun@1.1.0:buffer-utf8', version: '1.1.0' }];
  const result = await triageDecodes(findings, [], { ran, replay, date, taken: new Set() });
  assert.equal(result.new.length, 2, JSON.stringify(result.new.map((n) => n.bug.title)));
  const [overlong] = result.new.filter((n) => n.bug.root.shape === OVERLONG);
  assert.equal(overlong.findings.length, 2);
  assert.equal(bugProblem(overlong.bug, overlong.bug.id), null);
  assert.deepEqual([overlong.bug.decode, overlong.bug.foundOn], [{ decoder: 'buffer-utf8', bytes: [0xc0, 0x80] }, 'bun@1.1.0:buffer-utf8']);
  assert.deepEqual(overlong.bug.alsoShownBy?.map((a) => [a.decode?.decoder, a.foundOn]), [['textdecoder', 'bun@1.1.0:textdecoder']]);
  assert.deepEqual(overlong.bug.shows, [{ target: 'bun:buffer-utf8', version: '1.1.0', shows: true, checked: date }]);
  assert.match(overlong.bug.title, /^Bun: Buffer#toString\('utf8'\), UTF-8 decoder step 3/);
});

test('a decode results file as triage reads it: host decoders\' findings with their cases and versions; a module\'s are counted apart', () => {
  const document = {
    schema: DECODE_RESULTS_SCHEMA, command: 'decode',
    targets: [{ name: 'node:textdecoder-stream', version: 'node 20.20.2' }, { name: 'decoder:./mine.mjs', version: '/x/mine.mjs in this Node 20.20.2' }],
    findings: [
      { target: 'node:textdecoder-stream', shape: 'x', verdict: 'difference', difference: { bytes: [0xef, 0xbb, 0xbf], before: [[0xc2]], algorithm: 'UTF-8 decode', step: '2' } },
      { target: 'decoder:./mine.mjs', shape: 'y', verdict: 'difference', difference: { bytes: [1], string: { pos: 0, len: 1, sourceEnd: 1 } } },
    ],
  };
  const { findings, ran, skipped } = decodeRunFindings(document, 'run.json');
  assert.deepEqual(ran, [{ name: 'node:textdecoder-stream', version: '20.20.2' }]);
  assert.equal(skipped, 1);
  assert.deepEqual(findings.map((f) => [f.signature, f.version, f.decode, f.spec?.step]),
    [['node:textdecoder-stream --replay c2,efbbbf', '20.20.2', { decoder: 'textdecoder-stream', bytes: [0xef, 0xbb, 0xbf], before: [[0xc2]] }, 'UTF-8 decode step 2']]);
  assert.throws(() => decodeRunFindings({ command: 'decode' }, 'run.json'), /run\.json is not a results file of clonecheck decode --json/);
});
