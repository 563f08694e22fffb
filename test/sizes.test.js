// Planted stateful and threshold bugs in `impl:` modules
// (test/fixtures/stateful/), each found by `clonecheck fuzz` within a few
// hundred cases: the sizes past engine thresholds (fuzzers/arbitraries/sizes.js)
// and the sequences of a program delivered several times, which an `impl:`
// target now honours (one call per delivery: portable/case/case.js
// clonedDeliveriesAsync). Each finding replays alone: `clonecheck repro
// FOLDER` shows the deviation again in a fresh thread, with no earlier case.

import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { clonecheck } from './helpers.js';

const fixture = (name) => new URL(`./fixtures/stateful/${name}`, import.meta.url).pathname;

/**
 * `clonecheck fuzz` of a planted module with --json, nothing shrunk.
 * @param {string} module @param {string[]} args
 */
function fuzz(module, args) {
  const out = mkdtempSync(join(tmpdir(), 'clonecheck-sizes-'));
  after(() => rmSync(out, { recursive: true, force: true }));
  const json = join(out, 'results.json');
  const result = clonecheck(['fuzz', '--target', `impl:${fixture(module)}`, '--out', out, '--json', json, '--shrink-runs', '0', ...args]);
  assert.ok(existsSync(json), `no JSON written:\n${result.stdout}\n${result.stderr}`);
  return JSON.parse(readFileSync(json, 'utf8'));
}

/** @param {any} document @returns {string} the findings, for a failing assertion's message */
const listed = (document) => JSON.stringify(document.findings.map((f) => `${f.case} ${f.category} ${JSON.stringify(f.diff[0]).slice(0, 160)}`));

/**
 * The finding whose first difference `matches`, which must replay alone.
 * @param {any} document @param {(difference: any, finding: any) => boolean} matches
 */
function replaysAlone(document, matches) {
  const finding = document.findings.find((f) => matches(f.diff[0], f));
  assert.ok(finding, listed(document));
  const replay = clonecheck(['repro', finding.directory]);
  assert.equal(replay.status, 1, replay.stdout + replay.stderr);
  assert.match(replay.stdout, /^DEVIATION impl:/m);
  return finding;
}

/** The index a path ends with: `$[257]` → 257. @param {string} path */
const lastIndex = (path) => Number(/\[(\d+)\]$/.exec(path)?.[1] ?? -1);

// Sizes: 1 in 5 generated programs (the default is 1 in 100), so a test stays short.
const SIZES = ['--weights', 'sizes=20'];
// Sequences: every program delivered 2 or 3 times, and every one with a sequence.
const SEQUENCES = ['--weights', 'deliveries=10,sequences=10'];

test('the spec-order clone the planted bugs are built on plants none: sizes and sequences find nothing in it', () => {
  const document = fuzz('plain-graph-correct.mjs', ['--seed', '3', '--runs', '400', '--weights', 'sizes=20,deliveries=10,sequences=10']);
  assert.deepEqual(document.findings, []);
  assert.equal(document.targets[0].verdicts.pass, 400);
});

test('a back-reference id kept in one byte is found: an object met again after 256 others is the clone of another', () => {
  const document = fuzz('backref-wraps-at-256.mjs', ['--seed', '1', '--runs', '600', ...SIZES]);
  const finding = replaysAlone(document, (d) => d.category === 'identity' && lastIndex(d.path) > 256);
  assert.ok(finding.case < 600);
});

test('a fast path that stops at a run of 1,024 holes is found: the element past the gap is lost', () => {
  const document = fuzz('gap-drops-far-elements.mjs', ['--seed', '1', '--runs', '400', ...SIZES]);
  replaysAlone(document, (d) => d.category === 'hole' && lastIndex(d.path) > 1024);
});

test('an object past 128 properties copied in its dictionary\'s order is found: the clone\'s keys are sorted', () => {
  const document = fuzz('dictionary-loses-order.mjs', ['--seed', '1', '--runs', '600', ...SIZES]);
  replaysAlone(document, (d) => d.category === 'keys' && Array.isArray(d.expected) && d.expected.length > 128);
});

test('a shape cache across calls that checks the count only is found within one case: the second delivery has other names', () => {
  const document = fuzz('shape-cache-same-object.mjs', ['--seed', '1', '--runs', '300', ...SEQUENCES]);
  replaysAlone(document, (d) => d.category === 'keys' && d.path.startsWith('$<delivery '));
});

test('a clone that keeps its memory after a throw is found within one case: the delivery after the throw gets partial clones', () => {
  const document = fuzz('memory-kept-after-throw.mjs', ['--seed', '1', '--runs', '300', ...SEQUENCES]);
  replaysAlone(document, (d) => d.path.startsWith('$<delivery ') && d.category !== 'outcome');
});

test('a transfer list taken as checked when it comes again is found: the repeat clones where the standard throws DataCloneError', () => {
  const document = fuzz('transfer-list-checked-once.mjs', ['--seed', '1', '--runs', '300', ...SEQUENCES]);
  const finding = replaysAlone(document, (d) => d.category === 'outcome' && d.path.startsWith('$<delivery ') && d.expected === 'throw DataCloneError');
  assert.ok(JSON.parse(readFileSync(finding.programFile, 'utf8')).transfer.length > 0);
});
