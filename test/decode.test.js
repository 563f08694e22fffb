// The decoder fuzzer (clonecheck decode, harness/decode/, portable/decode/):
// every decoder target loads and runs in this Node; the oracle names the step
// behind a difference; the reference string tiers and the example decoder
// show nothing; planted broken decoder modules are found and shrunk (one
// that keeps a cache from the buffer before, with that buffer as its history,
// replayed in a fresh process; one broken past 4 KB of source; one broken at
// the threshold it declares; one whose many roots are one cause); a hang is
// a finding; a ledger decode bug is known; bad input is one line, exit 2.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DECODERS } from '../portable/decode/decoders.js';
import { judgeOutcome, oracleNamed } from '../portable/decode/oracles.js';
import { loadTargets, runTask } from '../portable/decode/tasks.js';
import { resolveDecodeTarget } from '../harness/decode/targets.js';
import { bugProblem, findBug, readDecodeBugs } from '../harness/bugs/ledger.js';
import { knownBug } from '../harness/decode/findings.js';
import { assertUsageError, clonecheck, fixture } from './helpers.js';

const heartbeat = { beat() {} };
const EXAMPLE = fileURLToPath(new URL('../docs/examples/utf8-decoder.mjs', import.meta.url));
const BROKEN = fixture('broken-source-slice-decoder.mjs');

/** One chunk of `runs` cases of a target in this thread, as a pool member runs it. @param {string} name */
async function chunk(name, runs, seed = 1) {
  const target = await resolveDecodeTarget(name);
  await loadTargets([target.spec]);
  return /** @type {import('../portable/decode/tasks.js').ChunkResult} */ (await runTask({ kind: 'chunk', seed, runs, first: 0, skip: [] }, heartbeat));
}

test('the oracle names the step behind the first code unit that differs, and the kind of difference', () => {
  const bytes = (/** @type {number[]} */ list) => Uint8Array.from(list);
  const latin1 = judgeOutcome(oracleNamed('windows-1252'), bytes([0x41, 0x80]), { string: 'A\u0080' });
  assert.deepEqual([latin1?.shape, latin1?.unit, latin1?.at], ['single-byte decoder step 5: another code point', 1, [1, 2]]);
  const bom = judgeOutcome(oracleNamed('utf-8-decode'), bytes([0xef, 0xbb, 0xbf, 0x41]), { string: '\ufeffA' });
  assert.equal(bom?.shape, 'UTF-8 decode step 2: a BOM kept as U+FEFF');
  // E0 80: 80 is outside E0's boundary (step 4, restored and read again as a lone continuation).
  const overlong = judgeOutcome(oracleNamed('utf-8-decode-without-bom'), bytes([0xe0, 0x80]), { string: '\ufffd' });
  assert.deepEqual([overlong?.shape, overlong?.unit], ['UTF-8 decoder step 3, otherwise: the output ends early', 1]);
  const fatal = oracleNamed('utf-8-decode-without-bom-or-fail, BOM dropped');
  assert.equal(judgeOutcome(fatal, bytes([0x41, 0xc2]), { threw: 'TypeError', message: '' }), undefined);
  assert.equal(judgeOutcome(fatal, bytes([0x41, 0xc2]), { string: 'A\ufffd' })?.shape, 'UTF-8 decoder step 1: returns a string where the standard fails');
  assert.equal(judgeOutcome(fatal, bytes([0x41]), { threw: 'TypeError', message: '' })?.shape,
    'UTF-8 decoder step 3, 0x00 to 0x7F: throws a TypeError where the standard returns a string');
  assert.equal(judgeOutcome(oracleNamed('isomorphic-decode'), bytes([0x80]), { string: '\u0080' }), undefined);
});

test('every decoder target loads in this Node and runs its cases; all but latin1 agree with the standard here', async () => {
  for (const { id } of DECODERS) {
    const { cases, finding } = await chunk(`node:${id}`, 300);
    // Node 20's TextDecoder('latin1') is Latin-1 (nodejs/node#56542); 22 and later decode windows-1252.
    if (id === 'textdecoder-latin1' && finding !== null) {
      assert.equal(finding.shape, 'single-byte decoder step 5: another code point');
      assert.equal(finding.bytes.length, 1, 'shrunk to one byte');
      continue;
    }
    assert.equal(finding, null, `node:${id}: ${JSON.stringify(finding)}`);
    assert.equal(cases, 300);
  }
});

test('ref:string-tiers and the example decoder module show nothing', async () => {
  assert.equal((await chunk('ref:string-tiers', 500)).finding, null);
  assert.equal((await chunk(`decoder:${EXAMPLE}`, 500)).finding, null);
});

test('a planted broken decoder module is found and shrunk to a few bytes, and replays', async () => {
  const { finding, cases } = await chunk(`decoder:${BROKEN}`, 500);
  assert.ok(finding !== null && cases <= 50, `found after ${cases} cases`);
  assert.ok(finding.bytes.length <= 4, `shrunk to ${finding.bytes.length} bytes`);
  assert.ok(finding.string !== undefined && finding.string.pos < finding.string.sourceEnd, 'a string of the source region');
  const hex = Buffer.from(finding.bytes).toString('hex');
  const replay = clonecheck(['decode', '--target', `decoder:${BROKEN}`, '--replay', `${hex}@${finding.string.sourceEnd}:${finding.string.pos}+${finding.string.len}`]);
  assert.equal(replay.status, 1, replay.stderr);
  assert.match(replay.stdout, /^NEW {2}decoder:\S+ {2}UTF-8 decoder step/m);
  assert.match(replay.stdout, /snippet \(this Node\): const m = await import\(/);
});

test('a decoder module that keeps a cache from the buffer before is found with that buffer as its history, and its printed replay line shows it in a fresh process', () => {
  const json = join(mkdtempSync(join(tmpdir(), 'clonecheck-decode-')), 'results.json');
  const run = clonecheck(['decode', '--target', `decoder:${fixture('stateful-cache-decoder.mjs')}`, '--runs', '2000', '--seed', '1', '--json', json]);
  assert.equal(run.status, 1, run.stderr);
  const [finding] = JSON.parse(readFileSync(json, 'utf8')).findings;
  assert.ok(finding.difference.history.length >= 1 && finding.difference.history.length < finding.difference.historyFrom,
    `a history of ${finding.difference.history.length} shrunk from ${finding.difference.historyFrom}`);
  assert.equal(finding.difference.freshWorker, true, 'its replay showed it in a fresh worker thread');
  assert.match(run.stdout, /^ {2}depends on the cases before it: a fresh instance shows it only after decoding this buffer first \(shrunk from the \d+ before it on its instance\)/m);
  const replay = /replay: clonecheck (decode --target \S+ --replay (\S+))$/m.exec(run.stdout);
  assert.ok(replay !== null, run.stdout);
  assert.ok(replay[2].includes('/'), 'the replay line decodes the history first');
  const fresh = clonecheck(replay[1].split(' '));
  assert.equal(fresh.status, 1, fresh.stdout + fresh.stderr);
  assert.ok(fresh.stdout.includes(`  ${finding.shape}  `), fresh.stdout);
  // Without its history the same case passes in a fresh process: the history is what it needs.
  const alone = clonecheck(['decode', '--target', `decoder:${fixture('stateful-cache-decoder.mjs')}`, '--replay', replay[2].split('/').at(-1)]);
  assert.equal(alone.status, 0, alone.stdout);
  assert.match(alone.stdout, /^PASS {2}decoder:/m);
});

test('a decoder module broken only past 4 KB of source is found and shrunk to a string past byte 4,096', async () => {
  const { finding, cases } = await chunk(`decoder:${fixture('chunked-setup-decoder.mjs')}`, 500);
  assert.ok(finding !== null, `nothing in ${cases} cases`);
  assert.ok(finding.string !== undefined && finding.string.pos >= 4096 && finding.string.len <= 4, JSON.stringify(finding.string));
  assert.ok(finding.bytes.length > 4096 && finding.bytes.length <= 4100, `${finding.bytes.length} bytes`);
  assert.equal(finding.history, undefined, 'it shows on a fresh instance alone');
});

test('a threshold a decoder module declares is aimed at: a bug at exactly that length is found', async () => {
  const { finding, cases } = await chunk(`decoder:${fixture('stocked-array-decoder.mjs')}`, 500);
  assert.ok(finding !== null, `nothing in ${cases} cases`);
  assert.equal(finding.string?.len, 300);
  assert.match(finding.shape, /throws a TypeError where the standard returns a string$/);
});

test('a decoder module with one cause met as many roots gives one finding', () => {
  const json = join(mkdtempSync(join(tmpdir(), 'clonecheck-decode-')), 'results.json');
  const run = clonecheck(['decode', '--target', `decoder:${fixture('one-fffd-per-sequence-decoder.mjs')}`, '--runs', '600', '--seed', '1', '--json', json]);
  assert.equal(run.status, 1, run.stderr);
  const results = JSON.parse(readFileSync(json, 'utf8'));
  assert.equal(results.findings.length, 1, run.stdout);
  assert.ok(results.targets[0].roots >= 3, `${results.targets[0].roots} roots`);
  assert.equal(results.findings[0].alsoShownAs.length, results.targets[0].roots - 1);
  assert.match(run.stdout, /^ {2}one cause, also shown as \d+ other roots/m);
});

test('a decoder that hangs is a finding with the case it was on, and the run goes on', () => {
  const run = clonecheck(['decode', '--target', `decoder:${fixture('hanging-decoder.mjs')}`, '--runs', '20', '--seed', '2', '--timeout', '500']);
  assert.equal(run.status, 1, run.stderr);
  assert.match(run.stdout, /^NEW {2}decoder:\S+hanging-decoder\.mjs {2}the host hung {2}\(case \d+ of seed 2\)\n {2}no progress for \d+ ms\n {2}input \(\d+ bytes\)/m);
  // Every string of its buffer, in the order decoded: one of them is the 7-byte string it hangs on.
  assert.match(run.stdout, /--replay \S+@\d+:(?:\d+\+\d+,)*\d+\+7(?:,\S+)?$/m);
  assert.match(run.stdout, /: 20 cases, 1 finding, 1 new$/m);
});

test('a decode bug of the ledger names the finding, which then is not new', () => {
  const ledger = mkdtempSync(join(tmpdir(), 'clonecheck-decode-ledger-'));
  mkdirSync(join(ledger, 'decoder-broken-source-slice-decoder'));
  const shape = 'UTF-8 decoder step 11: another code point';
  const bug = {
    schema: 'clonecheck/bug@1', id: 'decoder-broken-source-slice-decoder/slices-source-strings-as-latin1', title: 'The broken decoder slices source strings as Latin-1',
    implementation: 'decoder-broken-source-slice-decoder', status: 'open', fixedIn: null, spec: null, pending: null, upstream: null,
    root: { category: 'decode', shape }, decode: { decoder: 'module', bytes: [0xc3, 0xa9] }, foundOn: `decoder:${BROKEN}`,
    shows: [], versions: null, firstSeen: '2026-11-27', lastSeen: '2026-11-27', occurrences: 1, signatures: [], notes: 'test/decode.test.js',
  };
  assert.equal(bugProblem(bug, bug.id), null);
  assert.match(String(bugProblem({ ...bug, decode: { decoder: 'textdecoder-utf7', bytes: [0x80] } }, bug.id)), /decode\.decoder "textdecoder-utf7" is none of textdecoder/);
  assert.match(String(bugProblem({ ...bug, decode: { decoder: 'module', bytes: [256] } }, bug.id)), /not a list of bytes/);
  assert.match(String(bugProblem({ ...bug, decode: { decoder: 'module', bytes: [1], before: [1] } }, bug.id)), /decode\.before is not a list of inputs/);
  assert.match(String(bugProblem({ ...bug, program: { schema: 'clonecheck/program@2', root: 1 } }, bug.id)), /decode case comes with a program/);
  writeFileSync(join(ledger, `${bug.id}.json`), JSON.stringify(bug));
  assert.deepEqual(readDecodeBugs(ledger).map((b) => b.id), [bug.id]);
  // C3 A9 (U+00E9) in the source region comes out as two Latin-1 code units.
  const args = ['decode', '--target', `decoder:${BROKEN}`, '--replay', 'c3a9@2:0+2'];
  const known = clonecheck([...args, '--ledger', ledger]);
  assert.equal(known.status, 0, known.stderr);
  assert.match(known.stdout, new RegExp(`^known ${bug.id} .*${shape}`, 'm'));
  const fresh = clonecheck([...args, '--ledger', join(ledger, 'empty')]);
  assert.equal(fresh.status, 1, fresh.stderr);
  assert.match(fresh.stdout, new RegExp(`^NEW .*${shape}`, 'm'));
});

test('a decode bug is known by its own case and by each of alsoShownBy, on its implementation and decoder only', () => {
  const bug = findBug(readDecodeBugs(), 'bun/buffer-tostring-utf8-stops-at-an-invalid-sequence');
  const target = (/** @type {string} */ implementation, /** @type {string} */ decoder) => /** @type {any} */ ({ implementation, decoder });
  for (const shape of [bug.root.shape, ...(bug.alsoShownBy ?? []).map((also) => also.root.shape)]) assert.equal(knownBug([bug], target('bun', 'buffer-utf8'), shape), bug);
  assert.equal(knownBug([bug], target('node', 'buffer-utf8'), bug.root.shape), undefined);
  assert.equal(knownBug([bug], target('bun', 'textdecoder'), bug.root.shape), undefined);
  assert.match(String(bugProblem({ ...bug, alsoShownBy: [{ ...bug.alsoShownBy?.[0], decode: { decoder: 'buffer-utf8', bytes: ['x'] } }] }, bug.id)),
    /alsoShownBy\[0\] has a bad decode case: decode\.bytes is not a list of bytes/);
});

test('the checked-in decode bugs are valid, and those found on this Node still show there', async () => {
  for (const bug of readDecodeBugs()) {
    const here = bug.shows.some((s) => s.target === bug.foundOn && s.version === process.versions.node && s.shows);
    if (!bug.foundOn.startsWith('node:') || !here) continue;
    const target = await resolveDecodeTarget(bug.foundOn);
    await loadTargets([target.spec]);
    const shown = /** @type {any} */ (await runTask({ kind: 'replay', input: /** @type {any} */ (bug.decode) }, heartbeat));
    assert.equal(shown?.shape, bug.root.shape, bug.id);
  }
});

test('decode: bad input is one line, exit 2', () => {
  const cases = /** @type {[string[], RegExp][]} */ ([
    [['decode'], /decode needs --target/],
    [['decode', '--target', 'node:nope'], /unknown decoder target 'node:nope'/],
    [['decode', '--target', 'chromium:buffer-utf8'], /a browser has no Buffer/],
    [['decode', '--target', 'decoder:./no-such-decoder.mjs'], /no such file .*no-such-decoder\.mjs; give the path of an ES module exporting decode/],
    [['decode', '--target', `decoder:${fixture('no-decode-export.mjs')}`], /exports no decode function/],
    [['decode', '--target', `decoder:${fixture('bad-thresholds-decoder.mjs')}`], /its thresholds export must be an array of integers from 1 to/],
    [['decode', '--target', 'node:textdecoder', '--replay', 'xyz'], /--replay xyz: give the input as HEX/],
  ]);
  for (const [args, message] of cases) assertUsageError(clonecheck(args), message);
});
