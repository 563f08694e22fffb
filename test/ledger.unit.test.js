// The ledger's schema beyond a bug's program (harness/bugs/ledger.js, docs/bugs.md#one-entry-per-cause):
// an entry merged into its cause is still found by its old id, and its program is the one
// that id means; a question of the standard is a bug of each implementation it has programs
// of; an upstream report and a search of the trackers are checked like the rest, and every
// live entry of the checked-in ledger has one of them (issue 34 item 4).

import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { bugProblem, bugsOf, findBug, ledgerIds, newBug, programNamed, readDecodeBugs, readLedger, writeBug } from '../harness/bugs/ledger.js';
import { isLive } from '../harness/bugs/listing.js';

const program = (items) => ({ schema: 'clonecheck/program@2', root: { ref: 0 }, objects: [{ kind: 'array', items }] });
const root = (shape) => ({ category: 'effects', shape });
const sighting = (target) => ({ target, version: '1', shows: true, checked: '2026-12-02' });

/** A cause of Node's with a program merged in from another entry, and a question met by Node and Deno. */
function ledger() {
  const taken = new Set();
  const base = { shows: [sighting('node:clone')], signatures: [], occurrences: 1, date: '2026-12-02' };
  const cause = {
    ...newBug({ implementation: 'node', title: 'Node fills a list by [[Set]]', root: root('a'), program: program([1]), foundOn: 'node:clone', ...base }, taken),
    aliases: ['node/old-form'],
    alsoShownBy: [{ program: program([2]), foundOn: 'node@22:clone', root: root('b'), notes: 'one cause', was: 'node/old-form', shows: [sighting('node:clone')] }],
  };
  const question = {
    ...newBug({ implementation: 'spec', title: 'A question checked whole', root: root('n'), program: program([3]), foundOn: 'node:clone', ...base }, taken),
    status: /** @type {const} */ ('spec-pending'), pending: 'whatwg/html#3557', aliases: ['node/checks-whole', 'deno/checks-whole'],
    shows: [sighting('node:clone'), sighting('deno:worker')],
    alsoShownBy: [{ program: program([4]), foundOn: 'deno:worker', root: root('d'), notes: "Deno's form", was: 'deno/checks-whole' }],
  };
  return [cause, question];
}

test('an entry merged into its cause is found by its old id, and its program is the one that id means', () => {
  const [cause, question] = ledger();
  assert.equal(findBug([cause, question], 'node/old-form').id, cause.id);
  assert.equal(findBug([cause, question], 'old-form').id, cause.id);
  assert.deepEqual(programNamed(cause, 'node/old-form').program, program([2]));
  assert.deepEqual(programNamed(cause, cause.id).program, program([1]));
  assert.equal(findBug([cause, question], 'deno/checks-whole').id, question.id);
  assert.equal(programNamed(question, 'deno/checks-whole').foundOn, 'deno:worker');
  assert.throws(() => findBug([cause, question], 'node/never-was'), /no bug node\/never-was in the ledger/);

  const directory = mkdtempSync(join(tmpdir(), 'clonecheck-ledger-'));
  for (const bug of [cause, question]) writeBug(bug, directory);
  assert.deepEqual([...ledgerIds(directory)].sort(), [cause.id, question.id, 'deno/checks-whole', 'node/checks-whole', 'node/old-form'].sort());
  // An alias another entry also claims, or that is another entry's id, makes the ledger unreadable: findBug would guess.
  writeBug({ ...cause, id: 'node/other', aliases: ['node/old-form'], alsoShownBy: [] }, directory);
  assert.throws(() => readLedger(directory), /node\/old-form names both node\/fills-a-list-by-set and node\/other/);
});

test('a question of the standard is a bug of each implementation it has programs of, with that one\'s sightings', () => {
  const [cause, question] = ledger();
  const deno = bugsOf([cause, question], 'deno');
  assert.deepEqual(deno.map((b) => [b.id, b.implementation, b.foundOn, b.root.shape, b.alsoShownBy?.length, b.shows.map((s) => s.target)]),
    [[question.id, 'deno', 'deno:worker', 'd', 0, ['deno:worker']]]);
  const node = bugsOf([cause, question], 'node');
  assert.deepEqual(node.map((b) => [b.id, b.foundOn, b.shows.map((s) => s.target)]), [[cause.id, 'node:clone', ['node:clone']], [question.id, 'node:clone', ['node:clone']]]);
  assert.deepEqual(bugsOf([cause, question], 'bun'), []);
});

test('an entry is checked: its aliases, its upstream report, its search of the trackers, a question\'s status', () => {
  const [cause, question] = ledger();
  assert.equal(bugProblem(cause, cause.id), null);
  assert.equal(bugProblem(question, question.id), null);
  const cases = /** @type {[any, RegExp][]} */ ([
    [{ ...cause, aliases: [cause.id] }, /aliases is not a list of other ids/],
    [{ ...cause, aliases: ['Node Old'] }, /aliases is not a list of other ids/],
    [{ ...cause, aliases: [] }, /alsoShownBy\[0\] was "node\/old-form", which is none of the bug's aliases/],
    [{ ...cause, upstream: 'https://github.com/nodejs/node/issues/1' }, /upstream has no https url/],
    [{ ...cause, upstream: { url: 'https://github.com/nodejs/node/issues/1' } }, /upstream says not what state/],
    [{ ...cause, searched: { date: '2026-12-02', queries: [], found: null } }, /searched names no queries/],
    [{ ...cause, searched: { date: 'today', queries: ['x'], found: null } }, /searched has no date/],
    [{ ...cause, searched: { date: '2026-12-02', queries: ['x'], found: 3 } }, /searched\.found is neither null/],
    [{ ...cause, searched: { date: '2026-12-02', queries: ['x'], found: null, related: ['bugs.webkit.org/1'] } }, /searched\.related is not a list of https urls/],
    [{ ...question, status: 'open' }, /an entry of spec\/ is a question of the standard: status spec-pending/],
  ]);
  for (const [bug, message] of cases) assert.match(String(bugProblem(bug, bug.id)), message);
  assert.equal(bugProblem({ ...cause, upstream: { url: 'https://github.com/nodejs/node/issues/1', state: 'open' },
    searched: { date: '2026-12-02', queries: ['node transfer list'], found: 'https://github.com/nodejs/node/issues/1' } }, cause.id), null);
});

test('every live entry of the ledger (open or spec-pending, a program\'s or a decoder\'s) is reported upstream or its trackers were searched', () => {
  const live = [...readLedger(), ...readDecodeBugs()].filter((bug) => isLive(bug.status));
  // 79 on 2026-12-02 (80 before webkit/indexeddb-stores-no-blob-or-file became intended): a floor that catches a reader gone empty.
  assert.ok(live.length >= 70, `${live.length} live entries`);
  const unsearched = live.filter((bug) => !bug.upstream && !bug.searched).map((bug) => bug.id);
  assert.deepEqual(unsearched, [], 'search its trackers and record upstream {url, state} or searched {date, queries, found, related} (docs/bugs.md)');
  for (const bug of live) {
    if (bug.upstream && bug.searched) assert.equal(bug.searched.found, bug.upstream.url, `${bug.id}: its search found another url than its upstream report`);
  }
});

test("QuickJS-ng's intended differences are ledger entries: each filter of quickjs-expectations.json names one, intended, and no other filter names it", async () => {
  const { default: filters } = await import('../portable/bugs/quickjs-expectations.json', { with: { type: 'json' } });
  const intended = new Map(readLedger().filter((bug) => bug.implementation === 'quickjs' && bug.status === 'intended').map((bug) => [bug.id, bug]));
  assert.ok(filters.length >= 9, `${filters.length} filters`);
  for (const filter of filters) {
    assert.ok(intended.has(filter.bug), `${filter.id} names ${filter.bug}, which is no intended QuickJS-ng entry (corpus/bugs/${filter.bug}.json)`);
    assert.equal('why' in filter, false, `${filter.id}: why it is meant is its entry's notes, not the filter's`);
    assert.match(String(intended.get(filter.bug)?.notes), new RegExp(`'${filter.id}'`), `${filter.bug}'s notes name its filter`);
  }
  assert.equal(new Set(filters.map((filter) => filter.bug)).size, filters.length, 'one entry per filter');
  // The entries no filter names are consequences the filters cannot see (a WeakMap under an array's named key, never written).
  const unfiltered = [...intended.keys()].filter((id) => !filters.some((filter) => filter.bug === id));
  assert.deepEqual(unfiltered, ['quickjs/does-not-refuse-an-uncloneable-value-under-an-array-s-named-key']);
});
