// The pieces of clonecheck decode that need no runtime (harness/decode/,
// portable/minimize/delta.js, fuzzers/decode/buffers.js): delta debugging
// finds the earlier cases a finding needs; a replay line holds a module's
// history, several strings and long runs, and reads back to the same case;
// a module's buffers grow past 4 KB, 64 KB and its declared thresholds
// while the string tiers' stay small; roots whose shrunk inputs share a
// trigger fold into one finding.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { ddmin } from '../portable/minimize/delta.js';
import { hexOf, parseReplay, replayArgument, snippetOf } from '../harness/decode/findings.js';
import { oneFindingPerCause, triggerOf } from '../harness/decode/causes.js';
import { LARGE_SIZES, stringBufferCases } from '../fuzzers/decode/buffers.js';
import { UsageError } from '../harness/errors.js';

/** @param {() => unknown} fn @param {RegExp} message */
const assertThrowsUsage = (fn, message) => assert.throws(fn, (error) => error instanceof UsageError && message.test(error.message));

const MODULE = /** @type {any} */ ({ name: 'decoder:/m.mjs', spec: { kind: 'module', moduleURL: 'file:///m.mjs', thresholds: [300] } });
const BUILTIN = /** @type {any} */ ({ name: 'node:textdecoder', spec: { kind: 'builtin', decoder: 'textdecoder' } });

test('delta debugging keeps exactly the earlier cases a failure needs, in their order', async () => {
  let tests = 0;
  const needed = [3, 17, 40];
  const kept = await ddmin([...Array(100).keys()], (subset) => {
    tests += 1;
    return needed.every((n) => subset.includes(n));
  });
  assert.deepEqual(kept, needed);
  assert.ok(tests < 200, `${tests} tests`);
  assert.deepEqual(await ddmin([1, 2, 3], () => true), [], 'a failure that needs nothing keeps nothing');
});

test('a replay line holds a module\'s history, a buffer\'s strings and long runs, and reads back to the same case', () => {
  const bytes = [...Array.from({ length: 4100 }, (_, i) => (5 + i) % 0x80), 0x41, 0x42, ...Array(20).fill(0x61), 0x31];
  const difference = /** @type {any} */ ({
    bytes, string: { pos: 4096, len: 1, sourceEnd: 4100 }, strings: [{ pos: 0, len: 2 }, { pos: 4096, len: 1 }],
    history: [{ bytes: [1, 2, 3], sourceEnd: 3, strings: [{ pos: 0, len: 1 }] }],
  });
  const argument = replayArgument(difference);
  assert.equal(argument, '010203@3:0+1/05~4100.414261*20.31@4100:0+2,4096+1');
  assert.deepEqual(parseReplay(argument, MODULE), { bytes, sourceEnd: 4100, strings: difference.strings, history: difference.history });
  assert.equal(hexOf([0xef, 0xbb, 0xbf, 0x41]), 'ef bb bf 41');
  // The snippet decodes the history's buffer first, then the case's strings in order, and shows the one that differs.
  assert.match(snippetOf(MODULE, difference), /run\(\[1, 2, 3\], 3, \[\[0, 1\]\]\); run\(\[\.\.\.Array\.from\(\{ length: 4100 \}, \(_, i\) => \(5 \+ i\) % 128\), 65, 66, \.\.\.Array\(20\)\.fill\(97\), 49\], 4100, \[\[0, 2\], \[4096, 1\]\]\)\[1\]$/);
  assert.deepEqual(parseReplay('80,efbbbf', BUILTIN), { bytes: [0xef, 0xbb, 0xbf], before: [[0x80]] });
  assertThrowsUsage(() => parseReplay('c3a9@2:0+2/c3a9@2:0+2', { ...MODULE, spec: { kind: 'string-tiers' } }), /only a decoder:PATH module takes buffers before its case/);
  assertThrowsUsage(() => parseReplay('c3a9@2:0+3', MODULE), /must lie inside the 2 bytes of their buffer/);
});

test('a module\'s buffers grow past 4 KB and 64 KB and aim at its declared thresholds; the string tiers\' stay small', () => {
  const cases = fc.sample(stringBufferCases({ crossesSourceEnd: false }, { thresholds: [300] }), { numRuns: 2000, seed: 5 });
  for (const size of LARGE_SIZES) assert.ok(cases.some(({ bytes }) => bytes.length > size), `no buffer past ${size} bytes`);
  const strings = cases.flatMap((c) => c.strings);
  assert.ok(strings.some(({ len }) => len === 300), 'no string of the declared length');
  assert.ok(strings.some(({ pos, len }) => pos < 4096 && pos + len > 4096), 'no string across byte 4,096');
  assert.ok(strings.some(({ pos, len }) => pos <= 300 && pos + len > 300 && pos > 200), 'no string across the declared position');
  const tiers = fc.sample(stringBufferCases(), { numRuns: 2000, seed: 5 });
  assert.ok(tiers.every(({ bytes }) => bytes.length < 2000), 'the tiers\' buffers grew');
});

/** @param {string} target @param {string} shape @param {number} casesToFind @param {any} difference @param {any} [bug] */
const found = (target, shape, casesToFind, difference, bug) => ({ finding: { target, shape, verdict: /** @type {const} */ ('difference'), casesToFind, difference }, bug });

test('roots whose shrunk inputs hold one trigger fold into one finding; others, and roots of two ledger bugs, stay apart', () => {
  const at = (/** @type {number[]} */ bytes, sourceEnd = 0) => ({ bytes, string: { pos: 0, len: bytes.length, sourceEnd }, strings: [{ pos: 0, len: bytes.length }] });
  assert.deepEqual([...triggerOf(MODULE, at([0xc0, 0x80]))], ['an ill-formed sequence']);
  assert.deepEqual([...triggerOf(MODULE, at([0xef, 0xbb, 0xbf, 0xc3, 0xa9], 5))], ['a leading BOM', 'a 2-byte character', 'a string of the source region']);
  const targets = new Map([[MODULE.name, MODULE], [BUILTIN.name, BUILTIN]]);
  const folded = oneFindingPerCause([
    found(MODULE.name, 'UTF-8 decoder step 4: no U+FFFD where the standard has one', 4, at([0xe0, 0x80, 0x41])),
    found(MODULE.name, 'UTF-8 decoder step 3, otherwise: the output ends early', 11, at([0xc0, 0x80])),
    found(MODULE.name, 'UTF-8 decoder step 11: another code point', 30, at([0xc3, 0xa9], 2)),
    found(BUILTIN.name, 'UTF-8 decoder step 3, otherwise: the output ends early', 2, { bytes: [0xc0, 0x80] }),
  ], targets);
  // In the order found; the fold shows the root with the fewest features, at the earliest case of its roots.
  assert.deepEqual(folded.map((f) => [f.finding.target, f.finding.shape, f.finding.casesToFind, f.alsoShownAs.map((also) => also.shape)]), [
    [MODULE.name, 'UTF-8 decoder step 3, otherwise: the output ends early', 4, ['UTF-8 decoder step 4: no U+FFFD where the standard has one']],
    [MODULE.name, 'UTF-8 decoder step 11: another code point', 30, []],
    [BUILTIN.name, 'UTF-8 decoder step 3, otherwise: the output ends early', 2, []],
  ]);
  const bugs = oneFindingPerCause([
    found(MODULE.name, 'one root', 1, at([0xc0, 0x80]), { id: 'decoder-m/one' }),
    found(MODULE.name, 'another root', 2, at([0xc0, 0x80, 0x41]), { id: 'decoder-m/two' }),
  ], targets);
  assert.equal(bugs.length, 2);
});
