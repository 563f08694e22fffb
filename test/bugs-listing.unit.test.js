// `clonecheck bugs`: which causes a filter keeps and in what order (harness/bugs/listing.js), on a scratch
// ledger written to disk and read back as the command reads it; and its bad input, one line, exit 2.

import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { newBug, readLedger, writeBug } from '../harness/bugs/ledger.js';
import { countsLine, filterOf, homePrograms, listBugs, rowLine } from '../harness/bugs/listing.js';
import { assertUsageError, clonecheck } from './helpers.js';

const program = (extra = {}) => ({ schema: 'clonecheck/program@2', root: { ref: 0 }, objects: [{ kind: 'array', items: [1] }], ...extra });
const polluted = program({ sender: [{ on: 'Array.prototype', key: '0', value: 1 }] });
const TODAY = '2026-12-02';
const PINNED_VERSION = { node: '22.23.3', bun: '1.4.5', deno: '2.9.6' };

/**
 * @param {string} implementation @param {string} title @param {string} category  its root's
 * @param {any} [extra]  fields over newBug's
 */
function entry(implementation, title, category, extra = {}) {
  const foundOn = `${implementation === 'spec' ? 'node' : implementation}:clone`;
  const made = newBug({
    implementation, title, root: { category, shape: `${category}: x` }, program: program(), foundOn,
    // Pinned versions, which their makers support today (a Bun 1.0.0 would be past its support: only on end-of-life versions).
    shows: [{ target: foundOn, version: PINNED_VERSION[foundOn.split(':')[0]], shows: true, checked: TODAY }], signatures: [], occurrences: 1, date: TODAY,
  }, new Set());
  return { ...made, ...extra };
}

/** A scratch ledger of seven causes of four implementations, one a question of the standard met by Node and Bun. */
function scratchLedger() {
  const directory = mkdtempSync(join(tmpdir(), 'clonecheck-bugs-'));
  const bugs = [
    entry('node', 'Node loses a key', 'keys', { upstream: { url: 'https://github.com/nodejs/node/issues/1', state: 'open' } }),
    entry('node', 'Node crashes under a getter', 'crash', { program: polluted }),
    entry('node', 'Node throws a TypeError', 'thrown', { searched: { date: TODAY, queries: ['issues: node TypeError'], found: null } }),
    entry('node', 'Node once copied a Blob', 'kind', { status: 'fixed', fixedIn: '24.0.0' }),
    entry('bun', 'Bun hangs on a Map', 'timeout', { notes: 'the fast path of Map' }),
    entry('deno', 'Deno serializes on purpose', 'keys', { status: 'intended' }),
    entry('spec', 'A failed transfer list detaches first', 'outcome', {
      status: 'spec-pending', pending: 'whatwg/html#3557',
      alsoShownBy: [{ program: program(), foundOn: 'bun:worker', root: { category: 'outcome', shape: 'outcome: bun' }, notes: 'Bun detaches too' }],
    }),
  ];
  for (const bug of bugs) writeBug(bug, directory);
  return { directory, bugs: readLedger(directory) };
}

const ids = (/** @type {import('../harness/bugs/listing.js').Row[]} */ rows) => rows.map((row) => row.bug.title);

test('bugs: open and pending causes first, the most severe first (clean before polluted), then the rest by id', () => {
  const { bugs } = scratchLedger();
  assert.deepEqual(ids(listBugs(bugs, filterOf({}, bugs), TODAY)), [
    'Bun hangs on a Map', 'Node loses a key', 'A failed transfer list detaches first', 'Node throws a TypeError', 'Node crashes under a getter',
    'Deno serializes on purpose', 'Node once copied a Blob',
  ]);
});

test('bugs: each filter keeps what it says, and all of them at once must hold', () => {
  const { bugs } = scratchLedger();
  const titles = (/** @type {any} */ raw) => ids(listBugs(bugs, filterOf(raw, bugs), TODAY));
  // An engine's view holds the questions of the standard it has programs of.
  assert.deepEqual(titles({ engine: ['bun'] }), ['Bun hangs on a Map', 'A failed transfer list detaches first']);
  assert.deepEqual(titles({ engine: ['bun,deno'] }), ['Bun hangs on a Map', 'A failed transfer list detaches first', 'Deno serializes on purpose']);
  assert.deepEqual(titles({ status: ['fixed', 'INTENDED'] }), ['Deno serializes on purpose', 'Node once copied a Blob']);
  assert.deepEqual(titles({ severity: ['crash'] }), ['Bun hangs on a Map', 'Node crashes under a getter']);
  assert.deepEqual(titles({ severity: ['crash,clean'] }), ['Bun hangs on a Map']);
  assert.deepEqual(titles({ severity: ['polluted'] }), ['Node crashes under a getter']);
  assert.deepEqual(titles({ upstream: 'known' }), ['Node loses a key']);
  assert.equal(titles({ upstream: 'unknown' }).length, 6);
  assert.deepEqual(titles({ searched: 'yes' }), ['Node throws a TypeError']);
  assert.deepEqual(titles({ text: 'FAST PATH' }), ['Bun hangs on a Map']);
  assert.deepEqual(titles({ text: '3557' }), ['A failed transfer list detaches first']);
  assert.deepEqual(titles({ engine: ['node'], status: ['open'], severity: ['data'] }), ['Node loses a key']);
});

test('bugs: a line per cause says its severity and what is known upstream; the counts close the listing', () => {
  const { directory, bugs } = scratchLedger();
  const rows = listBugs(bugs, filterOf({ engine: ['node'] }, bugs), TODAY);
  const lines = rows.map(rowLine);
  assert.match(lines[0], /^open {9}node\/loses-a-key {2}Node loses a key {2}\[silent data change\] {2}upstream https:\/\/github\.com\/nodejs\/node\/issues\/1 \(open\)$/);
  assert.match(lines.find((l) => l.includes('crashes')) ?? '', /\[crash or hang, only under a polluted prototype\] {2}\(not searched upstream\)$/);
  assert.match(lines.find((l) => l.includes('fixed')) ?? '', /^fixed {8}node\/once-copied-a-blob {2}Node once copied a Blob \(fixed in 24\.0\.0\)$/);
  assert.equal(countsLine(rows, bugs.length, directory), `5 of 7 causes in ${directory}: open 3, fixed 1, spec-pending 1; Node 4, A question of the standard 1; 1 reported upstream, 1 searched`);
});

test('bugs --check replays a question of the standard once per engine, each on its own target', () => {
  const { bugs } = scratchLedger();
  const question = bugs.find((bug) => bug.implementation === 'spec');
  assert.deepEqual(homePrograms(/** @type {any} */ (question)).map((p) => p.foundOn), ['node:clone', 'bun:worker']);
  assert.deepEqual(homePrograms(bugs[0]).map((p) => p.foundOn), ['bun:clone']);
});

test('bugs: an unknown engine, status or severity word is one line, exit 2', () => {
  const { directory } = scratchLedger();
  for (const [args, said] of /** @type {[string[], RegExp][]} */ ([
    [['--engine', 'safari'], /--engine safari: none of bun, deno, node, spec$/],
    [['--status', 'closed'], /--status closed: none of open, fixed, intended, spec-pending$/],
    [['--severity', 'crash,constructor'], /--severity constructor: none of crash, data, throws, error-type, script, polluted, clean, eol, supported$/],
    [['--upstream', 'maybe'], /argument 'maybe' is invalid\. Allowed choices are known, unknown/],
    [['--ledger', join(directory, 'nowhere')], /--ledger \S+nowhere: no such folder/],
  ])) {
    assertUsageError(clonecheck(['bugs', '--ledger', directory, ...args]), said);
  }
});
