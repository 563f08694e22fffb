// Expectations are part of the same truth as the ledger (harness/conform/expectations.js):
// an entry that names a bug or a spec issue names one that exists, re-recording keeps
// what was written, and an entry a run shows no longer holds is found, in one line.
// No conformance run here: test/conform.test.js runs the suite with --check-expectations.

import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { ExpectationsError, checkCitations, expectationsFile, readExpectations, staleEntries, updateExpectations } from '../harness/conform/expectations.js';
import { ledgerIds, newBug, readLedger, writeBug } from '../harness/bugs/ledger.js';
import { EXPECTATIONS_DIR } from '../harness/conform/files.js';
import { fixture } from './helpers.js';

const scratch = () => mkdtempSync(join(tmpdir(), 'clonecheck-expectations-'));

/** @param {Record<string, any>} files  suite clonecheck's entries by file id */
const expectationsOf = (files) => ({ target: 'bun', suites: { clonecheck: files } });

/** @param {string} id @param {string} status @param {[string, string][]} subtests */
const outcome = (id, status, subtests) => ({
  suite: 'clonecheck', id, status, message: null, durationMs: 0, subtests: subtests.map(([name, s]) => ({ name, status: s, message: `${s} message` })),
});

test('a named bug must be in the ledger, a named spec issue must read owner/repository#number', () => {
  const ledgerDir = scratch();
  const program = JSON.parse(readFileSync(join(fixture('..'), '..', 'corpus', 'seeds', 'holes.json'), 'utf8'));
  const bug = newBug({
    implementation: 'bun', title: 'Bun fills holes', root: { category: 'value', shape: 'hole -> undefined' }, program, foundOn: 'bun:clone',
    shows: [], signatures: [], occurrences: 1, date: '2026-11-27',
  }, new Set());
  writeBug(bug, ledgerDir);
  const bugIds = () => new Set(readLedger(ledgerDir).map((b) => b.id));
  const cite = (/** @type {object} */ citation) => expectationsOf({ '/arrays.any.js': { subtests: { 'holes stay holes': { expected: 'FAIL', reason: 'r', ...citation } } } });

  checkCitations('dir', 'bun', cite({ bug: bug.id, spec: 'whatwg/html#11321' }), bugIds);
  assert.throws(() => checkCitations('dir', 'bun', cite({ bug: 'bun/no-such-bug' }), bugIds),
    (error) => error instanceof ExpectationsError && /^dir\/bun\.json: \/arrays\.any\.js "holes stay holes" names bug "bun\/no-such-bug", which the ledger does not have/.test(error.message));
  // The short form findBug accepts is not enough in a checked-in file.
  assert.throws(() => checkCitations('dir', 'bun', cite({ bug: bug.id.split('/')[1] }), bugIds), /names bug "fills-holes"/);
  assert.throws(() => checkCitations('dir', 'bun', cite({ spec: 'https://github.com/whatwg/html/issues/11321' }), bugIds), /write a spec issue as owner\/repository#number/);
  // A file's own entry is checked too; the ledger is not read when nothing names a bug.
  assert.throws(() => checkCitations('dir', 'bun', expectationsOf({ '/a.any.js': { expected: 'ERROR', spec: 'html#1' } }), bugIds), /\/a\.any\.js names spec "html#1"/);
  checkCitations('dir', 'bun', cite({ spec: 'tc39/ecma262#3406' }), () => assert.fail('the ledger was read'));
});

test('every checked-in expectation that names a bug or a spec issue names one that exists', () => {
  const bugIds = () => ledgerIds();
  const folders = [EXPECTATIONS_DIR, ...readdirSync(EXPECTATIONS_DIR, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => join(EXPECTATIONS_DIR, e.name))];
  let files = 0;
  for (const folder of folders) {
    for (const name of readdirSync(folder).filter((n) => n.endsWith('.json'))) {
      const { target } = JSON.parse(readFileSync(join(folder, name), 'utf8'));
      checkCitations(folder, target, readExpectations(folder, target), bugIds);
      files += 1;
    }
  }
  assert.ok(files > 20, `${files} expectations files`);
});

test('a stale entry is one line naming the file, the test and the target; a file that did not run says nothing', () => {
  const expectations = expectationsOf({
    '/a.any.js': { subtests: { fixed: { expected: 'FAIL' }, 'still fails': { expected: 'FAIL' }, renamed: { expected: 'FAIL' }, 'needs a window': { expected: 'FAIL' } } },
    '/b.any.js': { expected: 'ERROR', subtests: { inside: { expected: 'FAIL' } } },
    '/c.any.js?channel=worker': { subtests: { 'through a worker': { expected: 'FAIL' } } },
    '/not-run.any.js': { expected: 'TIMEOUT' },
  });
  const outcomes = [
    outcome('/a.any.js', 'OK', [['fixed', 'PASS'], ['still fails', 'FAIL'], ['needs a window', 'N/A']]),
    outcome('/b.any.js', 'OK', [['inside', 'TIMEOUT']]),
    outcome('/c.any.js?channel=worker', 'N/A', []),
  ];
  assert.deepEqual(staleEntries('dir', 'bun', expectations, /** @type {any} */ (outcomes)), [
    'dir/bun.json: /a.any.js "fixed" on bun: expected FAIL, got PASS',
    'dir/bun.json: /a.any.js "renamed" on bun: expected FAIL, got no such subtest',
    'dir/bun.json: /a.any.js "needs a window" on bun: expected FAIL, got N/A',
    'dir/bun.json: /b.any.js on bun: expected ERROR, got OK',
    'dir/bun.json: /b.any.js "inside" on bun: expected FAIL, got TIMEOUT',
    'dir/bun.json: /c.any.js?channel=worker "through a worker" on bun: expected FAIL, got N/A',
  ]);
});

test('--update-expectations keeps a bug and a spec issue, and another profile takes the default profile\'s entry for the same failure', () => {
  const dir = scratch();
  const target = /** @type {any} */ ({ name: 'bun', version: 'bun 1.4.5' });
  const failing = [outcome('/a.any.js', 'OK', [['cited', 'FAIL'], ['shared', 'FAIL'], ['other status', 'TIMEOUT'], ['new', 'FAIL']])];
  updateExpectations(dir, target, /** @type {any} */ ([outcome('/a.any.js', 'OK', [['cited', 'FAIL']])]));
  const first = readExpectations(dir, 'bun');
  Object.assign(first.suites.clonecheck['/a.any.js'].subtests.cited, { reason: 'why', bug: 'bun/x', spec: 'whatwg/html#1' });
  const fallback = expectationsOf({
    '/a.any.js': { subtests: { shared: { expected: 'FAIL', reason: 'the html reason', link: 'L', bug: 'bun/y' }, 'other status': { expected: 'FAIL', reason: 'not this one' } } },
  });
  writeFileSync(expectationsFile(dir, 'bun'), JSON.stringify(first));
  const written = JSON.parse(readFileSync(updateExpectations(dir, target, /** @type {any} */ (failing), fallback), 'utf8')).suites.clonecheck['/a.any.js'].subtests;
  assert.deepEqual(written.cited, { expected: 'FAIL', reason: 'why', link: first.suites.clonecheck['/a.any.js'].subtests.cited.link, bug: 'bun/x', spec: 'whatwg/html#1' });
  assert.deepEqual(written.shared, { expected: 'FAIL', reason: 'the html reason', link: 'L', bug: 'bun/y' });
  assert.equal(written['other status'].reason, 'TIMEOUT message', 'a fallback entry expecting another status says nothing of this one');
  assert.equal(written.new.reason, 'FAIL message');
});

