// The strings bench suite measures correct decoders on the fixtures it claims:
// every row's timed fn returns the oracle's strings, the setup-counted rows
// really run the setup inside fn, and the generated fixtures have the
// densities and ASCII prefixes they say. No timing is asserted.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Buffer } from 'node:buffer';
import { readFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { decodeExact, preconditionViolation } from '../src/encoding/tiers/index.js';
import * as inlineDecoder from './fixtures/inline-string-decoder.mjs';
import { GENERATED_FIXTURES, rowsForFixture, stringBenchFixtures, suite } from '../portable/bench/suites/strings.js';

const SCRIPT = fileURLToPath(new URL('./measure/string-tiers.js', import.meta.url));

/** Small fixtures keep the test quick; one of the project's sources as the harness passes them. */
const fixtures = stringBenchFixtures({
  bytes: 4096,
  sources: [{ name: 'src/html/serialize.js', text: readFileSync(new URL('../src/html/serialize.js', import.meta.url), 'utf8') }],
});

/** The oracle's strings of a fixture (the Encoding Standard's UTF-8 decode without BOM, step by step). */
const oracle = ({ bytes, strings }) => Array.from({ length: strings.length / 2 }, (_, k) => decodeExact({ bytes }, strings[2 * k], strings[2 * k + 1]));

const target = () => ({
  // A user's decoder module as --decoder loads it: module state set up per buffer.
  decoder: { name: 'inline', setup: inlineDecoder.setup, decode: inlineDecoder.decode },
  latin1: (b, start, length) => Buffer.from(b.buffer, b.byteOffset + start, length).latin1Slice(),
});

test('every row of every fixture returns the oracle\'s strings, in order', () => {
  for (const fixture of fixtures) {
    const expected = oracle(fixture);
    const rows = rowsForFixture(fixture, target());
    assert.deepEqual(rows.map((row) => row.name), [
      'byte-by-byte', 'TextDecoder', 'source-slice', 'source-slice (decode only)', 'native-decoder', 'latin1-slice',
      'latin1-slice (decode only)', 'ascii-switch', 'ascii-stock', 'tiers', 'tiers (decode only)',
      'latin1-slice, host Latin-1', 'tiers, host Latin-1', 'decoder: inline', 'decoder: inline (decode only)',
    ]);
    for (const row of rows) {
      assert.equal(row.group, fixture.name);
      assert.deepEqual([...(/** @type {string[]} */ (row.fn()))], expected, `${fixture.name}: ${row.name}`);
    }
    assert.deepEqual(rows.filter((row) => row.baseline).map((row) => row.name), ['byte-by-byte']);
  }
});

test('the setup-counted rows run the setup inside fn; the (decode only) rows do not', () => {
  const fixture = stringBenchFixtures({ bytes: 4096 }).find((f) => f.name === 'generated 10% late');
  const rows = rowsForFixture(fixture, target());
  // An identifier inside the ASCII prefix: source-slice and latin1-slice take it from their setup's strings.
  let k = 0;
  while (!(fixture.strings[2 * k + 1] > 0 && fixture.strings[2 * k] + fixture.strings[2 * k + 1] <= fixture.stats.asciiPrefix)) k++;
  const before = oracle(fixture)[k];
  fixture.bytes[fixture.strings[2 * k]] = before.charCodeAt(0) === 0x71 ? 0x72 : 0x71; // 'q' or 'r': still ASCII
  const after = oracle(fixture)[k];
  assert.notEqual(after, before);
  // These slice strings their setup made; every other row reads the bytes, or sets up again in fn (the
  // user's decoder keeps one state in its module, which its setup-counted row has just renewed).
  const stale = ['source-slice (decode only)', 'latin1-slice (decode only)', 'tiers (decode only)'];
  for (const row of rows) {
    assert.equal(/** @type {string[]} */ (row.fn())[k], stale.includes(row.name) ? before : after, row.name);
  }
});

test('the setup-counted rows report what the setup holds, computed from what it allocates', () => {
  const fixture = fixtures.find((f) => f.name === 'generated 0%');
  const rows = Object.fromEntries(rowsForFixture(fixture).map((row) => [row.name, row]));
  // An all-ASCII source: its source text and its Latin-1 form are one byte per character.
  assert.equal(rows['source-slice'].setup.bytes, fixture.sourceEnd);
  assert.equal(rows['latin1-slice'].setup.bytes, fixture.sourceEnd);
  assert.equal(rows['ascii-stock'].setup.bytes, ((64 * 65) / 2) * 8);
  assert.equal(rows.tiers.setup.bytes, 2 * fixture.sourceEnd + ((64 * 65) / 2) * 8);
  assert.equal(rows['byte-by-byte'].setup, undefined);
  for (const name of ['source-slice', 'latin1-slice', 'tiers']) assert.ok(rows[name].setup.ms >= 0);
});

test('the generated fixtures have the non-ASCII share and ASCII prefix they claim', () => {
  for (const { name, share, late } of GENERATED_FIXTURES) {
    const { bytes, sourceEnd, strings, stats } = fixtures.find((f) => f.name === name);
    let nonAscii = 0;
    for (let i = 0; i < sourceEnd; i++) if (bytes[i] >= 0x80) nonAscii++;
    const firstNonAscii = bytes.subarray(0, sourceEnd).findIndex((b) => b >= 0x80);
    assert.equal(stats.nonAsciiShare, nonAscii / sourceEnd, name);
    assert.equal(stats.asciiPrefix, firstNonAscii < 0 ? sourceEnd : firstNonAscii, name);
    assert.equal(stats.strings, strings.length / 2);
    if (share === 0) assert.equal(nonAscii, 0, name);
    else assert.ok(Math.abs(stats.nonAsciiShare - share) <= share * 0.15, `${name}: ${stats.nonAsciiShare}`);
    if (share > 0 && late) assert.ok(stats.asciiPrefix >= 0.7 * sourceEnd, `${name}: prefix ${stats.asciiPrefix}`);
    if (share > 0 && !late) assert.ok(stats.asciiPrefix < 100, `${name}: prefix ${stats.asciiPrefix}`);
    assert.ok(stats.inStringsRegion > 0 && bytes.length > sourceEnd, `${name}: cooked strings in the strings region`);
    for (let k = 0; k < strings.length; k += 2) assert.equal(preconditionViolation({ bytes, sourceEnd }, strings[k], strings[k + 1]), undefined);
  }
});

test('the suite prepares one group per fixture and keeps only the shapes asked for', async () => {
  const rows = await suite.prepare({ shapes: ['generated 1% late'], options: { bytes: 2048 } });
  assert.deepEqual([...new Set(rows.map((row) => row.group))], ['generated 1% late']);
  assert.match(rows.find((row) => row.baseline).note, /^\d+ B \(source \d+ B\), \d+ strings \(\d+ in the strings region\), ASCII prefix \d+ B, (0\.9\d|1\.\d)% non-ASCII bytes/);
});

test('string-tiers.js times the rows and gives each its ratio to the baseline and to TextDecoder', () => {
  const { status, stdout, stderr } = spawnSync(process.execPath, [SCRIPT, '--json', '--row-ms', '2', '--bytes', '2048', '--fixture', 'generated 0%'], {
    encoding: 'utf8', timeout: 120_000,
  });
  assert.equal(status, 0, stderr);
  const { rows } = JSON.parse(stdout);
  assert.equal(rows.length, 13);
  for (const row of rows) {
    assert.equal(row.suite, 'strings');
    assert.ok(row.ns.min <= row.ns.p50 && row.ns.p50 <= row.ns.max && row.samples > 0, row.name);
  }
  assert.equal(rows.find((row) => row.baseline).ratio, 1);
  assert.equal(rows.find((row) => row.name === 'TextDecoder').vsTextDecoder, 1);
});

test('string-tiers.js refuses a bad option with the fix, exit code 2', () => {
  const { status, stderr } = spawnSync(process.execPath, [SCRIPT, '--row-ms', 'soon'], { encoding: 'utf8' });
  assert.equal(status, 2);
  assert.match(stderr, /--row-ms takes a positive number/);
});
