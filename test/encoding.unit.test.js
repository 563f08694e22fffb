// The Encoding Standard oracle (src/encoding/) and the string tiers in front
// of it (src/encoding/tiers/): known vectors, the oracle against this Node's
// own decoders (TextDecoder, Buffer) as a sanity check, tiers on = tiers off
// on buffers aimed at their boundaries, and every deliberately broken tier of
// harness/mutate/string-mutants.js found with a shrunk case of a few bytes.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import {
  WINDOWS_1252_C1_POINTERS, bomSniff, decode, decodeWithTiers, isomorphicDecode, runDecoder, setupBuffer, stringTiers,
  utf8Decode, utf8DecodeWithoutBOM, utf8DecodeWithoutBOMOrFail,
} from '../src/encoding/index.js';
import { stringBufferCase, utf16Input, utf8Input } from '../fuzzers/decode/buffers.js';
import { STRING_TIER_MUTANTS } from '../harness/mutate/string-mutants.js';
import { checkStringTiers, describeCase } from '../harness/decode/tier-check.js';

const bytes = (...list) => Uint8Array.from(list);
const nodeBuffer = (b) => Buffer.from(b.buffer, b.byteOffset, b.length);
/** TextDecoder's fatal decode as the oracle writes it: null where it throws a TypeError. */
const orNull = (decoder) => (b) => {
  try {
    return decoder.decode(b);
  } catch (error) {
    if (error instanceof TypeError) return null;
    throw error;
  }
};
/** TextDecoder's "serialize I/O queue" without ignoreBOM: a leading U+FEFF is dropped. */
const withoutLeadingBOM = (text) => (text === null ? null : text.replace(/^\uFEFF/, ''));

/**
 * The oracle and a Node decoder agree on inputs aimed at the decoder's edges.
 * @param {(b: Uint8Array) => string | null} oracle
 * @param {(b: Uint8Array) => string | null} node
 * @param {fc.Arbitrary<Uint8Array>} [input]
 */
function assertAgree(oracle, node, input = utf8Input) {
  fc.assert(fc.property(input, (b) => {
    assert.equal(node(b), oracle(b), `bytes ${[...b].map((x) => x.toString(16)).join(' ')}`);
  }), { numRuns: 500, seed: 7 });
}

test('the UTF-8 decoder replaces each maximal subpart with one U+FFFD (Unicode\'s own example)', () => {
  assert.equal(utf8DecodeWithoutBOM(bytes(0x61, 0xf1, 0x80, 0x80, 0xe1, 0x80, 0xc2, 0x62)), 'a\uFFFD\uFFFD\uFFFDb');
});

test('overlong forms, encoded surrogates, bytes past U+10FFFF and F5–FF are one U+FFFD per byte', () => {
  assert.equal(utf8DecodeWithoutBOM(bytes(0xc0, 0x80)), '\uFFFD\uFFFD');
  assert.equal(utf8DecodeWithoutBOM(bytes(0xe0, 0x80, 0x80)), '\uFFFD\uFFFD\uFFFD');
  assert.equal(utf8DecodeWithoutBOM(bytes(0xed, 0xa0, 0x80)), '\uFFFD\uFFFD\uFFFD');
  assert.equal(utf8DecodeWithoutBOM(bytes(0xf4, 0x90, 0x80, 0x80)), '\uFFFD\uFFFD\uFFFD\uFFFD');
  assert.equal(utf8DecodeWithoutBOM(bytes(0xf5, 0xff)), '\uFFFD\uFFFD');
});

test('a truncated sequence at the end of the window is one U+FFFD, and the window is all that is read', () => {
  assert.equal(utf8DecodeWithoutBOM(bytes(0x41, 0xf0, 0x9f, 0x98)), 'A\uFFFD');
  assert.equal(utf8DecodeWithoutBOM(bytes(0x41, 0xf0, 0x9f, 0x98, 0x80), 1, 3), '\uFFFD');
  assert.equal(utf8DecodeWithoutBOM(bytes(0x41, 0xf0, 0x9f, 0x98, 0x80), 1, 4), '\u{1F600}');
});

test('an astral character becomes a surrogate pair; NUL stays NUL', () => {
  assert.equal(utf8DecodeWithoutBOM(bytes(0xf0, 0x9f, 0x98, 0x80, 0x00)), '\uD83D\uDE00\u0000');
});

test('UTF-8 decode drops a leading BOM, without BOM keeps it as U+FEFF, the fatal variant fails on any error', () => {
  const withBOM = bytes(0xef, 0xbb, 0xbf, 0x41);
  assert.equal(utf8Decode(withBOM), 'A');
  assert.equal(utf8DecodeWithoutBOM(withBOM), '\uFEFFA');
  assert.equal(utf8DecodeWithoutBOMOrFail(withBOM), '\uFEFFA');
  assert.equal(utf8DecodeWithoutBOMOrFail(bytes(0x41, 0x80)), null);
  assert.equal(utf8Decode(bytes(0xef, 0xbb)), '\uFFFD');
});

test('decode: a BOM overrides the fallback encoding, UTF-16 included', () => {
  assert.equal(bomSniff(bytes(0xfe, 0xff, 0x00, 0x41)), 'UTF-16BE');
  assert.equal(decode(bytes(0xfe, 0xff, 0x00, 0x41), 'windows-1252'), 'A');
  assert.equal(decode(bytes(0xff, 0xfe, 0x3d, 0xd8, 0x00, 0xde), 'UTF-8'), '\u{1F600}');
  assert.equal(decode(bytes(0xff, 0xfe, 0x3d, 0xd8, 0x41, 0x00), 'UTF-8'), '\uFFFDA');
  assert.equal(decode(bytes(0xef, 0xbb, 0xbf, 0x80), 'windows-1252'), '\uFFFD');
  assert.equal(decode(bytes(0x80), 'windows-1252'), '\u20AC');
});

test('windows-1252 maps 0x80–0x9F through its index and every other byte to itself; isomorphic decode maps every byte to itself', () => {
  const all = Uint8Array.from({ length: 256 }, (_, i) => i);
  const windows1252 = runDecoder('windows-1252', all);
  const latin1 = isomorphicDecode(all);
  assert.equal(WINDOWS_1252_C1_POINTERS.length, 32);
  for (let i = 0; i < 256; i++) {
    assert.equal(windows1252.charCodeAt(i), i >= 0x80 && i <= 0x9f ? WINDOWS_1252_C1_POINTERS[i - 0x80] : i);
    assert.equal(latin1.charCodeAt(i), i);
  }
  assert.equal(windows1252.charCodeAt(0x92), 0x2019);
});

test('the oracle agrees with this Node\'s TextDecoder (utf-8: default, ignoreBOM, fatal) on inputs aimed at UTF-8\'s edges', () => {
  assertAgree(utf8Decode, (b) => new TextDecoder().decode(b));
  assertAgree(utf8DecodeWithoutBOM, (b) => new TextDecoder('utf-8', { ignoreBOM: true }).decode(b));
  assertAgree(utf8DecodeWithoutBOMOrFail, orNull(new TextDecoder('utf-8', { fatal: true, ignoreBOM: true })));
  assertAgree((b) => withoutLeadingBOM(utf8DecodeWithoutBOMOrFail(b)), orNull(new TextDecoder('utf-8', { fatal: true })));
});

test('the shared UTF-16 decoder agrees with this Node\'s TextDecoder (utf-16le, utf-16be; replacement and fatal) on surrogate-heavy input', () => {
  for (const [label, encoding] of [['utf-16le', 'UTF-16LE'], ['utf-16be', 'UTF-16BE']]) {
    assertAgree((b) => runDecoder(encoding, b), (b) => new TextDecoder(label, { ignoreBOM: true }).decode(b), utf16Input);
    assertAgree((b) => runDecoder(encoding, b, 0, b.length, 'fatal'), orNull(new TextDecoder(label, { ignoreBOM: true, fatal: true })), utf16Input);
  }
});

test('the oracle agrees with Buffer#toString(\'utf8\') (UTF-8 decode without BOM) and Buffer#latin1Slice (isomorphic decode)', () => {
  assertAgree(utf8DecodeWithoutBOM, (b) => nodeBuffer(b).toString('utf8'));
  assertAgree(isomorphicDecode, (b) => nodeBuffer(b).latin1Slice(0, b.length));
});

test('TextDecoder(\'latin1\') is windows-1252 per the standard; this Node differs at most in the 27 bytes of 0x80–0x9F windows-1252 remaps (nodejs/node#56542)', () => {
  const all = Uint8Array.from({ length: 256 }, (_, i) => i);
  const expected = runDecoder('windows-1252', all);
  const actual = new TextDecoder('latin1').decode(all);
  const differing = [...all].filter((i) => expected[i] !== actual[i]);
  const remapped = [...all].filter((i) => i >= 0x80 && i <= 0x9f && WINDOWS_1252_C1_POINTERS[i - 0x80] !== i);
  assert.equal(remapped.length, 27);
  assert.ok(differing.length === 0 || differing.join() === remapped.join(), `differs at ${differing.map((i) => i.toString(16)).join(' ')}`);
  for (const i of differing) assert.equal(actual.charCodeAt(i), i, 'where it differs, this Node returns Latin-1');
});

test('string tiers on = tiers off (the oracle) on 300 buffers aimed at the tier boundaries', () => {
  const result = checkStringTiers({ seed: 1, numRuns: 300 });
  assert.equal(result.found, false, result.counterexample && `${describeCase(result.counterexample)}: ${JSON.stringify(result.differences)}`);
});

test('with this Node\'s TextDecoder injected as the native decoder, the tiers still equal the oracle', () => {
  const textDecoder = new TextDecoder('utf-8', { ignoreBOM: true });
  const result = checkStringTiers({ seed: 2, numRuns: 200, decoder: (b, start, length) => textDecoder.decode(b.subarray(start, start + length)) });
  assert.equal(result.found, false, result.counterexample && describeCase(result.counterexample));
});

test('the generator reaches every tier\'s accept and every reject reason (each tier alone), and with all tiers on every tier and the exact path take strings', () => {
  const all = {};
  const alone = {};
  for (const input of fc.sample(stringBufferCase, { numRuns: 300, seed: 3 })) {
    const buffers = [setupBuffer(input.bytes, input.sourceEnd), ...stringTiers.map((tier) => setupBuffer(input.bytes, input.sourceEnd, { tiers: [tier] }))];
    for (const { pos, len } of input.strings) {
      buffers.forEach((buffer, i) => decodeWithTiers(buffer, pos, len, i === 0 ? all : alone));
    }
  }
  for (const tier of stringTiers) {
    for (const outcome of ['accept', ...tier.reasons]) assert.ok(alone[tier.id]?.[outcome] > 0, `${tier.id}: ${outcome} never happened`);
    assert.ok(all[tier.id]?.accept > 0, `${tier.id} took no string with all tiers on`);
  }
  assert.ok(all.spec?.taken > 0, 'the exact path never ran');
});

test('decodeWithTiers refuses a string that crosses the end of the source region', () => {
  const buffer = setupBuffer(bytes(0x41, 0x42, 0x43, 0x44), 2);
  assert.throws(() => decodeWithTiers(buffer, 1, 2), /crosses-source-end/);
  assert.equal(decodeWithTiers(buffer, 2, 2), 'CD');
});

for (const mutant of STRING_TIER_MUTANTS) {
  test(`the differential check finds the broken tier ${mutant.id} within 1000 cases, shrunk to within 3 bytes of the smallest case that shows it`, () => {
    const result = checkStringTiers({ tiers: mutant.tiers, seed: 1, numRuns: 1000 });
    assert.equal(result.found, true, mutant.description);
    assert.ok(result.counterexample.bytes.length <= mutant.smallestCase + 3, describeCase(result.counterexample));
  });
}

test('TextDecoder(\'latin1\') for Latin-1 changes no decoded string (the tier slices all-ASCII runs only): only its setup record shows it', () => {
  const mutant = STRING_TIER_MUTANTS.find((m) => m.id === 'latin1-slice/textdecoder-latin1');
  const result = checkStringTiers({ tiers: mutant.tiers, seed: 1, numRuns: 200 });
  assert.deepEqual(result.differences.map((d) => d.kind), ['setup']);
});

const BENCH = fileURLToPath(new URL('./measure/string-tiers-fuzz.js', import.meta.url));

test('measure/string-tiers-fuzz.js reports the cases to the first finding of every mutant, and refuses a bad option with exit 2', () => {
  const run = spawnSync(process.execPath, [BENCH, '--seeds', '1', '--runs', '50', '--budget', '1000', '--json'], { encoding: 'utf8' });
  assert.equal(run.status, 0, run.stderr);
  const report = JSON.parse(run.stdout);
  assert.equal(report.reference.found, false);
  assert.deepEqual(report.mutants.map((m) => [m.id, m.found]), STRING_TIER_MUTANTS.map((m) => [m.id, 1]));
  for (const m of report.mutants) assert.ok(m.casesToFirstFinding.min >= 1 && m.shrunkBytes.min >= 1, m.id);
  const bad = spawnSync(process.execPath, [BENCH, '--runs', 'many'], { encoding: 'utf8' });
  assert.equal(bad.status, 2);
  assert.match(bad.stderr, /^string-tiers-fuzz: --runs takes a positive integer, not 'many'\n$/);
});
