// `clonecheck bugs` on real ledgers: the checked-in one listed (and a file that is not a bug, one line,
// exit 2), and --check on a scratch ledger of two Node causes found on node:clone (this Node): one whose
// program still shows its root here, one whose program passes here (GONE, exit 1), and a decoder's bug
// whose decode case still shows here.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findBug, newBug, readAllBugs, readLedger, writeBug } from '../harness/bugs/ledger.js';
import { assertUsageError, clonecheck, fixture } from './helpers.js';

test('bugs lists the checked-in ledger with its counts; a file that is not a bug is one line, exit 2', () => {
  const list = clonecheck(['bugs']);
  assert.equal(list.status, 0, list.stderr);
  const lines = list.stdout.trim().split('\n');
  assert.match(lines[lines.length - 1], /^\d+ causes in \S+corpus\/bugs: open \d+, .*; \d+ reported upstream, \d+ searched$/);
  // The open and pending ones first.
  const firstClosed = lines.findIndex((line) => /^(fixed|intended) /.test(line));
  assert.ok(firstClosed > 0 && lines.slice(firstClosed, -1).every((line) => /^(fixed|intended) /.test(line)), list.stdout);
  const json = JSON.parse(clonecheck(['bugs', '--json', '--status', 'open']).stdout);
  assert.ok(json.bugs.length > 0 && json.bugs.every((/** @type {any} */ b) => b.status === 'open' && typeof b.severity.label === 'string'));
  assert.equal(json.counts.statuses.open, json.bugs.length);

  const badLedger = mkdtempSync(join(tmpdir(), 'clonecheck-bugs-'));
  mkdirSync(join(badLedger, 'bun'), { recursive: true });
  writeFileSync(join(badLedger, 'bun', 'x.json'), JSON.stringify({ schema: 'clonecheck/bug@1', id: 'bun/y' }));
  assertUsageError(clonecheck(['bugs', '--ledger', badLedger]), /x\.json: its id "bun\/y" is not its path "bun\/x" \(docs\/bugs\.md\)/);
});

test('bugs --check: a cause that still shows on its home target, and one that no longer does (exit 1)', () => {
  const ledger = mkdtempSync(join(tmpdir(), 'clonecheck-bugs-'));
  // Node 20 clones with a detached ArrayBuffer in the transfer list (Node 21 and later throw): shows on this Node.
  const shows = findBug(readLedger(), 'node/accepts-detached-arraybuffer-in-transfer-list');
  writeBug({ ...shows, alsoShownBy: undefined, aliases: undefined }, ledger);
  // Node 22.12 and later fill the transfer list by [[Set]]; this Node does not: its program passes here.
  const gone = newBug({
    implementation: 'node', title: "Node's structuredClone fills its transfer list by [[Set]]", root: { category: 'effects', shape: 'effects: extra write of Array.prototype index' },
    program: JSON.parse(readFileSync(fixture('node-22.12-transfer-list-setter.program.json'), 'utf8')), foundOn: 'node:clone',
    shows: [], signatures: [], occurrences: 1, date: '2026-12-02',
  }, new Set());
  writeBug(gone, ledger);
  const result = clonecheck(['bugs', '--ledger', ledger, '--check']);
  assert.equal(result.status, 1, result.stdout + result.stderr);
  assert.match(result.stdout, new RegExp(`^shows {6}${shows.id}  .* on node:clone ${process.versions.node.replace(/\./g, '\\.')}$`, 'm'));
  assert.match(result.stdout, new RegExp(`^GONE {7}${gone.id}  .* on node:clone ${process.versions.node.replace(/\./g, '\\.')}: passes$`, 'm'));
  assert.match(result.stdout, /^2 programs of 2 open or pending causes replayed on 1 targets in [\d.]+ s: 1 show, 1 no longer show, 0 show something else, 0 not checked$/m);

  // A decoder's bug is checked by replaying its decode case: Node 20's TextDecoder('latin1') still decodes 0x80 as U+0080 here.
  const latin1 = findBug(readAllBugs(), 'node/textdecoder-latin1-decodes-latin-1-not-windows-1252');
  writeBug(latin1, ledger);
  const decoding = clonecheck(['bugs', '--ledger', ledger, '--check', '--text', 'latin1']);
  assert.equal(decoding.status, 0, decoding.stdout + decoding.stderr);
  assert.match(decoding.stdout, new RegExp(`^shows {6}${latin1.id}  .* on node:textdecoder-latin1 ${process.versions.node.replace(/\./g, '\\.')}$`, 'm'));
  assert.match(decoding.stdout, /^0 programs and 1 decode cases of 1 open or pending causes replayed on 1 targets in [\d.]+ s: 1 show, 0 no longer show/m);

  // Filtered to the one that shows, the check passes.
  const still = clonecheck(['bugs', '--ledger', ledger, '--check', '--text', 'detached', '--json']);
  assert.equal(still.status, 0, still.stdout + still.stderr);
  assert.deepEqual(JSON.parse(still.stdout).checked.map((/** @type {any} */ c) => [c.bug, c.verdict]), [[shows.id, 'shows']]);
});
