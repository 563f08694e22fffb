// The bug ledger and triage (harness/bugs/, docs/bugs.md): findings are
// matched to bugs by replaying programs on real targets, so two findings of
// one root cause are one bug whatever their programs, a known bug is known
// again (by any of the programs a person showed it with), a bug that no
// longer shows on a newer version is fixed and one that shows again after
// its fix regressed; the checked-in ledger is valid and
// every bug in it still shows where it was found; bad input is one line, exit 2.

import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LEDGER_DIR, bugProblem, channelTargetOf, findBug, implementationOf, programNamed, readLedger, slugOf } from '../harness/bugs/ledger.js';
import { updateLedger } from '../harness/bugs/ledger-update.js';
import { mergeTriageDocuments, triage } from '../harness/bugs/triage.js';
import { compareVersions } from '../portable/families/versions.js';
import { replayOnTargets } from '../harness/bugs/replay.js';
import { assertUsageError, clonecheck, fixture } from './helpers.js';

const scratch = mkdtempSync(join(tmpdir(), 'clonecheck-bugs-'));
const replay = replayOnTargets({ timeoutMs: 10_000 });
// The threads and agents its replays kept.
after(() => replay.close());
const date = '2026-11-27';

/** A File: Node 20 and 22 clone it as a Blob (docs/platform-objects.md finding 2), Node 24 does not. */
const fileAtRoot = { schema: 'clonecheck/program@2', root: { ref: 0 }, objects: [{ kind: 'file', bytes: [104, 105], name: 'a.txt', type: 'text/plain', lastModified: 1 }] };
const fileInArray = {
  schema: 'clonecheck/program@2', root: { ref: 0 },
  objects: [{ kind: 'array', items: [{ ref: 1 }, 7] }, { kind: 'file', bytes: [], name: 'b', type: '', lastModified: 5 }],
};
/** A program every Node clones right: a finding with it did not show again (flaky). */
const clean = { schema: 'clonecheck/program@2', root: { ref: 0 }, objects: [{ kind: 'array', items: [1, 2, 3] }] };

/** @param {string} signature @param {any} program @param {string} [target] */
const finding = (signature, program, target = 'node:clone') => ({ signature, target, version: process.versions.node, program, count: 2 });

test('names: an implementation is the runtime family, browser or module; a target is kept by channel', () => {
  assert.equal(implementationOf('bun@1.3.10:worker'), 'bun');
  assert.equal(implementationOf('node@22:clone'), 'node');
  assert.equal(implementationOf('quickjs:message'), 'quickjs');
  assert.equal(implementationOf('polyfill:@ungap/structured-clone'), 'polyfill-ungap-structured-clone');
  assert.equal(implementationOf('impl:./lib/my-clone.mjs'), 'impl-my-clone');
  assert.equal(implementationOf('mybun:clone', 'bun'), 'bun');
  assert.equal(channelTargetOf('bun@1.3.10:worker'), 'bun:worker');
  assert.equal(channelTargetOf('node@22:clone'), 'node:clone');
  assert.equal(slugOf('Node clones a File as a Blob!'), 'node-clones-a-file-as-a-blob');
  assert.ok(compareVersions('1.3.10', '1.3.9') > 0 && compareVersions('22.23.3', '24.0.0') < 0 && compareVersions('2.9.6', '2.9.6') === 0);
});

test('triage: two programs of one root cause are one new bug; once in the ledger, they are known', async () => {
  const findings = [finding('node-clone.kind.aaaaaaaa', fileInArray), finding('node-clone.kind.bbbbbbbb', fileAtRoot), finding('node-clone.keys.cccccccc', clean)];
  const ran = [{ name: 'node:clone', version: process.versions.node }];
  const first = await triage(findings, [], { ran, replay, date });
  assert.equal(first.new.length, 1, JSON.stringify(first.new.map((n) => n.bug.title)));
  const [{ bug, findings: under }] = first.new;
  assert.equal(bug.implementation, 'node');
  assert.match(bug.root.shape, /File -> Blob/);
  // The smaller program founds the bug; both findings are under it.
  assert.deepEqual(bug.program, fileAtRoot);
  assert.deepEqual(under.map((f) => f.signature).sort(), ['node-clone.kind.aaaaaaaa', 'node-clone.kind.bbbbbbbb']);
  assert.equal(bug.occurrences, 4);
  assert.deepEqual(bug.shows, [{ target: 'node:clone', version: process.versions.node, shows: true, checked: date }]);
  // The clean program shows nothing on replay: not a bug; its run measured nothing, so triage replayed it 4 times more.
  assert.deepEqual(first.unreproduced.map((f) => [f.signature, f.reproducibility]), [['node-clone.keys.cccccccc', { kind: 'never', of: 5 }]]);

  const directory = join(scratch, 'ledger');
  const written = updateLedger([], first, { directory, date });
  assert.deepEqual(written.added, [bug.id]);
  const ledger = readLedger(directory);
  const again = await triage(findings.slice(0, 2), ledger, { ran, replay, date });
  assert.equal(again.new.length, 0);
  assert.deepEqual(again.known.map((k) => [k.bug, k.findings.length, k.count]), [[bug.id, 2, 4]]);
});

test('triage: an unshrunk finding no bug explains is unconfirmed, never a new bug; a shrunk one of its root founds the bug it joins', async () => {
  // A File in an array beside a polluted prototype, as a run that ran out of time leaves it: its features hold the
  // pollution too, so it cannot found a bug (a known bug met in it would be proposed again).
  const polluted = { ...fileInArray, sender: [{ on: 'Map.prototype', key: 'extra', value: 1 }] };
  const ran = [{ name: 'node:clone', version: process.versions.node }];
  const alone = await triage([{ ...finding('node-clone.kind.dddddddd', polluted), minimized: false }], [], { ran, replay, date });
  assert.deepEqual(alone.new, []);
  assert.deepEqual(alone.unconfirmed.map((u) => [u.bug.root.shape, u.findings.map((f) => f.signature)]), [[alone.unconfirmed[0].bug.root.shape, ['node-clone.kind.dddddddd']]]);
  assert.match(alone.unconfirmed[0].bug.root.shape, /File -> Blob/);
  // Beside a shrunk finding of that root, it joins the bug the shrunk one founds, whichever came first.
  const both = await triage([{ ...finding('node-clone.kind.dddddddd', polluted), minimized: false }, finding('node-clone.kind.bbbbbbbb', fileAtRoot)], [], { ran, replay, date });
  assert.deepEqual(both.unconfirmed, []);
  assert.deepEqual(both.new.map((n) => [n.bug.program, n.findings.map((f) => f.signature).sort()]), [[fileAtRoot, ['node-clone.kind.bbbbbbbb', 'node-clone.kind.dddddddd']]]);
});

test('triage: a bug that passes on a newer version is fixed there; one back after its fix regressed', async () => {
  const [bug] = (await triage([finding('node-clone.kind.bbbbbbbb', fileAtRoot)], [], { ran: [], replay, date })).new.map((n) => n.bug);
  // As if it had been seen on Node 20 through node:clone; node@24.21.0 (pinned node@24) no longer shows it.
  const seen = { ...bug, shows: [{ target: 'node:clone', version: '20.0.0', shows: true, checked: '2026-11-01' }] };
  const ran = [{ name: 'node@24.21.0:clone', version: null }];
  const fixed = await triage([], [seen], { ran, replay, date });
  assert.deepEqual(fixed.fixed.map((f) => [f.bug, f.target, f.version, f.showedOn]), [[bug.id, 'node:clone', '24.21.0', '20.0.0']]);
  const directory = join(scratch, 'fixed');
  mkdirSync(directory);
  assert.deepEqual(updateLedger([seen], fixed, { directory, date }).fixed, [bug.id]);
  const [marked] = readLedger(directory);
  assert.equal(marked.status, 'fixed');
  assert.equal(marked.fixedIn, '24.21.0');

  // Node 20, older than the fix, still shows it: no regression. Had it been fixed in 20.0.0, 20.20.2 showing it is one.
  const here = [{ name: 'node:clone', version: process.versions.node }];
  assert.deepEqual((await triage([], [marked], { ran: here, replay, date })).regressed, []);
  const back = await triage([], [{ ...marked, fixedIn: '20.0.0' }], { ran: here, replay, date });
  assert.deepEqual(back.regressed.map((r) => [r.bug, r.target, r.why]), [[bug.id, 'node:clone', 'fixed in 20.0.0, shows again']]);
});

test('triage: a bug that shows where it showed before is known, one that shows where it passed on an older version regressed', async () => {
  // Node's structuredClone fills its transfer list by [[Set]] from 22.12.0 on (docs/bisect.md): Node 20 passes, Node 22 shows it.
  const program = JSON.parse(readFileSync(fixture('node-22.12-transfer-list-setter.program.json'), 'utf8'));
  const [bug] = (await triage([{ ...finding('node@22-clone.effects.cccccccc', program, 'node@22:clone'), version: null }], [], { ran: [], replay, date })).new.map((n) => n.bug);
  const passedOn20 = { target: 'node:clone', version: process.versions.node, shows: false, checked: '2026-11-01' };
  const ran = [{ name: 'node@22:clone', version: null }];
  const known = await triage([], [{ ...bug, shows: [passedOn20, { target: 'node:clone', version: '22.23.3', shows: true, checked: '2026-11-01' }] }], { ran, replay, date });
  assert.deepEqual([known.regressed, known.fixed], [[], []]);
  const regressed = await triage([], [{ ...bug, shows: [passedOn20] }], { ran, replay, date });
  assert.deepEqual(regressed.regressed.map((r) => [r.target, r.version, r.why]), [['node:clone', '22.23.3', `passed there on ${process.versions.node}`]]);
});

test('triage: a rare new bug with the root of a known bug and another trigger is not swallowed by it; a look-alike of the known one is it', async () => {
  // test/fixtures/look-alike-throws.mjs returns null where the reference
  // throws a DataCloneError: for a Symbol (known), and for a function while
  // Array.prototype is changed (new). One root, one target: replaying each
  // program on the other's target cannot tell them apart, their triggers can.
  const target = `impl:${fixture('look-alike-throws.mjs')}`;
  const at = (root, objects, sender) => ({ schema: 'clonecheck/program@2', root, ...(objects ? { objects } : {}), ...(sender ? { sender } : {}) });
  const symbolRoot = at({ symbol: '' });
  const symbolInArray = at({ ref: 0 }, [{ kind: 'array', items: [1, { symbol: 'x' }] }]);
  const functionUnderChangedArrayPrototype = at({ ref: 0 }, [{ kind: 'function', style: 'arrow' }], [{ on: 'Array.prototype', key: '0' }]);
  const ran = [{ name: target, version: null }];
  const [{ bug }] = (await triage([{ ...finding('impl.outcome.aaaaaaaa', symbolRoot, target), version: null }], [], { ran, replay, date })).new;
  const later = await triage([
    { ...finding('impl.outcome.bbbbbbbb', symbolInArray, target), version: null },
    { ...finding('impl.outcome.cccccccc', functionUnderChangedArrayPrototype, target), version: null },
  ], [bug], { ran, replay, date });
  assert.deepEqual(later.known.map((k) => [k.bug, k.findings.map((f) => f.signature)]), [[bug.id, ['impl.outcome.bbbbbbbb']]]);
  assert.deepEqual(later.new.map((n) => [n.bug.root.shape, n.findings.map((f) => f.signature)]),
    [[bug.root.shape, ['impl.outcome.cccccccc']]]);
});

test('triage: a bug shown by several programs matches a finding of any of them; without it that finding is a new bug', async () => {
  // Node 22+ fills structuredClone's transfer list by [[Set]] (Array.prototype.push): a getter-only index 0 on
  // Array.prototype (the founding program) or on Object.prototype (alsoShownBy) makes it throw a TypeError. The
  // second shows another root (a throw where the reference returns the buffer) with a trigger neither explains.
  const bug = findBug(readLedger(LEDGER_DIR), 'node/structuredclone-typeerror-for-getter-only-array-prototype-0');
  const also = /** @type {any} */ (bug.alsoShownBy?.find((a) => a.program.receiver?.[0]?.on === 'Object.prototype' && a.root.shape === 'outcome: value -> throw TypeError'));
  assert.ok(also, 'the Object.prototype form is one of its other programs');
  const findings = [{ ...finding('node@22-clone.outcome.dddddddd', also.program, 'node@22:clone'), version: null }];
  const ran = [{ name: 'node@22:clone', version: null }];
  const known = await triage(findings, [bug], { ran, replay, date });
  assert.deepEqual([known.known.map((k) => [k.bug, k.findings.length, k.count]), known.new], [[[bug.id, 1, 2]], []]);
  const alone = await triage(findings, [{ ...bug, alsoShownBy: undefined }], { ran, replay, date });
  assert.deepEqual([alone.known, alone.new.map((n) => n.bug.root.shape)], [[], [also.root.shape]]);
  // Another program says why it is the same root cause, and is a valid program.
  assert.match(String(bugProblem({ ...bug, alsoShownBy: [{ ...also, notes: '' }] }, bug.id)), /alsoShownBy\[0\] says in no notes why/);
  assert.match(String(bugProblem({ ...bug, alsoShownBy: [{ ...also, program: { root: { ref: 3 } } }] }, bug.id)), /alsoShownBy\[0\] has a program that is not valid/);
});

test('triage: a root a second delivery shows, its first having thrown, is the known bug a first delivery shows it by', async () => {
  // V8 clones an Error's own cause (whatwg/html#11321). The first delivery throws in a getter that deletes itself, so
  // the second is the first clone of what is left: the main job of 2026-12-04 proposed this as a new bug per engine.
  const question = findBug(readLedger(LEDGER_DIR), 'spec/an-error-s-cause-is-cloned');
  const secondDelivery = {
    schema: 'clonecheck/program@2', root: { ref: 2 }, deliveries: 2,
    objects: [{ kind: 'error', type: 'URIError', cause: 0 }, { kind: 'object', props: [{ key: 'once', get: { effects: [{ delete: [1, 'once'] }], throws: 'Error' } }] },
      { kind: 'array', items: [{ ref: 0 }, { ref: 1 }] }],
  };
  // On node:clone, which clones a value once, the program runs clean: no sign that the bug is node:worker's own.
  const ran = ['node:worker', 'node:clone'].map((name) => ({ name, version: process.versions.node }));
  const result = await triage([finding('node-worker.keys.aaaaaaaa', secondDelivery, 'node:worker')], [question], { ran, replay, date });
  assert.deepEqual([result.known.map((k) => k.bug), result.new], [[question.id], []]);
});

test('triage: a finding of a question of the standard (one entry, every engine\'s programs) is known under it, not new', async () => {
  // V8 formats an Error's stack while cloning (whatwg/html#12239): one entry for Node, Deno and Chromium, found here by Node's old entry's id.
  const question = findBug(readLedger(LEDGER_DIR), 'node/formats-error-stack-and-reads-name-twice');
  assert.equal(question.implementation, 'spec');
  const { program } = programNamed(question, 'node/formats-error-stack-and-reads-name-twice');
  const ran = [{ name: 'node:clone', version: process.versions.node }];
  const result = await triage([finding('node-clone.effects.eeeeeeee', program)], [question], { ran, replay, date });
  assert.deepEqual([result.known.map((k) => k.bug), result.new], [[question.id], []]);
  assert.ok((result.sightings.get(question.id) ?? []).every((s) => s.target === 'node:clone'));
});

test('merging shards: proposals with one root are one bug when one trigger explains the other, else two; ids another shard took are renamed', () => {
  const root = { category: 'outcome', shape: 'throws: the reference DataCloneError, the target does otherwise' };
  const at = (objects) => ({ schema: 'clonecheck/program@2', root: { ref: 0 }, objects });
  const symbol = at([{ kind: 'array', items: [{ symbol: 'x' }] }]);
  const fn = at([{ kind: 'function', style: 'arrow' }]);
  const weak = at([{ kind: 'opaque', type: 'WeakMap' }]);
  const proposal = (id, program, signature) => ({ bug: { id, title: 'impl-x: throws', implementation: 'impl-x', root, program }, findings: [{ signature }] });
  const shard = (...proposals) => ({ known: [], new: proposals, fixed: [], regressed: [], unreproduced: [], sightings: {} });
  const { bugs, renamed } = mergeTriageDocuments([
    shard(proposal('impl-x/throws', symbol, 'a'), proposal('impl-x/throws-2', fn, 'b')),
    shard(proposal('impl-x/throws', fn, 'c'), proposal('impl-x/throws-2', weak, 'd')),
  ]);
  assert.deepEqual(bugs.new.map((n) => [n.bug.id, n.findings.map((f) => f.signature)]),
    [['impl-x/throws', ['a']], ['impl-x/throws-2', ['b', 'c']], ['impl-x/throws-3', ['d']]]);
  assert.deepEqual(renamed.map((m) => [...m]), [[], [['impl-x/throws', 'impl-x/throws-2'], ['impl-x/throws-2', 'impl-x/throws-3']]]);
});

test('the checked-in ledger is valid, and its bugs found on this Node still show there', async () => {
  const ledger = readLedger(LEDGER_DIR);
  assert.ok(ledger.length > 0);
  for (const bug of ledger) assert.equal(bug.id.split('/')[0], bug.implementation);
  // Replayed where it was found, when that is this Node: the ledger's root must still be what its program shows.
  const here = ledger.filter((bug) => bug.foundOn.startsWith('node:') && bug.shows.some((s) => s.target === bug.foundOn && s.version === process.versions.node && s.shows));
  const { shown } = await replay(here.map((bug) => bug.program), [...new Set(here.map((bug) => bug.foundOn))]);
  const targets = [...new Set(here.map((bug) => bug.foundOn))];
  here.forEach((bug, i) => {
    const s = shown[i][targets.indexOf(bug.foundOn)];
    assert.equal(typeof s === 'object' ? s.shape : s, bug.root.shape, `${bug.id} on ${bug.foundOn}`);
  });
});

test("triage of a decode run: a decoder's bug of the ledger is known; without it, a proposed entry that --update writes and repro replays", () => {
  // Node 20's TextDecoder('latin1') decodes 0x80 as U+0080 (node/textdecoder-latin1-decodes-latin-1-not-windows-1252).
  const run = join(scratch, 'decode.json');
  const decoded = clonecheck(['decode', '--target', 'node:textdecoder-latin1', '--runs', '300', '--seed', '1', '--json', run]);
  assert.equal(decoded.status, 0, decoded.stdout + decoded.stderr);
  const known = clonecheck(['triage', run]);
  assert.equal(known.status, 0, known.stdout + known.stderr);
  assert.match(known.stdout, /^1 known bug seen, 0 new, 0 fixed, 0 regressed \(from 1 finding\)$/m);
  assert.match(known.stdout, /^known {6}node\/textdecoder-latin1-decodes-latin-1-not-windows-1252  .*\(1 finding: node:textdecoder-latin1\)$/m);

  const empty = join(scratch, 'decoders-ledger');
  mkdirSync(empty, { recursive: true });
  const proposed = clonecheck(['triage', run, '--ledger', empty, '--update']);
  assert.equal(proposed.status, 1, proposed.stdout + proposed.stderr);
  assert.match(proposed.stdout, /^NEW {8}node\/(\S+)  Node: TextDecoder\('latin1'\), single-byte decoder step 5: another code point/m);
  const listed = clonecheck(['bugs', '--ledger', empty]);
  assert.match(listed.stdout, /^open {9}node\/\S+  .*  \[decoder\]  /m);
  const id = /^NEW {8}(\S+)/m.exec(proposed.stdout)?.[1];
  const replayed = clonecheck(['repro', join(empty, `${id}.json`)]);
  assert.equal(replayed.status, 1, replayed.stdout + replayed.stderr);
  assert.match(replayed.stdout, /^FAIL  node:textdecoder-latin1  single-byte decoder step 5: another code point/);
});

test('triage: bad input is one line, exit 2', () => {
  const notResults = join(scratch, 'not-results.json');
  writeFileSync(notResults, JSON.stringify({ command: 'conform' }));
  const badLedger = join(scratch, 'bad-ledger');
  mkdirSync(join(badLedger, 'bun'), { recursive: true });
  writeFileSync(join(badLedger, 'bun', 'x.json'), JSON.stringify({ schema: 'clonecheck/bug@1', id: 'bun/y' }));
  const cases = /** @type {[string[], RegExp][]} */ ([
    [['triage', notResults], /not-results\.json is not a results file of clonecheck fuzz, nightly, merge, gate or decode, nor a regression file/],
    [['triage', join(scratch, 'missing.json')], /missing\.json: not a readable JSON results file \(ENOENT\)/],
    [['triage', notResults, '--ledger', badLedger], /x\.json: its id "bun\/y" is not its path "bun\/x" \(docs\/bugs\.md\)/],
    [['triage'], /triage needs results files .*; clonecheck bugs lists the ledger/],
  ]);
  for (const [args, message] of cases) assertUsageError(clonecheck(args), message);
});
