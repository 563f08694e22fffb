// clonecheck bisect: the search over a version list with probes made by hand
// (galloping, binary search, skips, flaky tries), the judges, the usage
// errors, and real bisections: a Node bug's introduction, a fix over the
// installed Node releases, and a decoder's bug's fix in Bun (two installs).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  bisectEitherWay, bisectVersions, bugJudge, combineTries, loadFailure, programJudge, releases, replayProbe,
} from '../harness/bugs/bisect.js';
import { findBug, newBug, readAllBugs, readLedger, writeBug } from '../harness/bugs/ledger.js';
import { shownBy } from '../harness/bugs/root.js';
import { replayProgram } from '../harness/findings/replay.js';
import { resolveTarget } from '../harness/targets/catalog.js';
import { clonecheck, fixture } from './helpers.js';

/** 1.0.0 … 1.0.19 */
const VERSIONS = Array.from({ length: 20 }, (_, i) => `1.0.${i}`);
const patch = (/** @type {string} */ version) => Number(version.split('.')[2]);

/**
 * A probe that answers from the patch number: bad from `firstBad` on, and
 * `special` overrides (an outcome, or one outcome per try).
 * @param {number} firstBad
 * @param {Record<number, string | string[]>} [special]
 */
function probeFrom(firstBad, special = {}) {
  return async (/** @type {string} */ version, /** @type {number} */ tries) => {
    const given = special[patch(version)];
    const outcomes = Array.isArray(given) ? given : Array.from({ length: tries }, () => given ?? (patch(version) >= firstBad ? 'bad' : 'good'));
    return outcomes.map((outcome) => ({ outcome, detail: outcome }));
  };
}

/** @param {{probes: {version: string}[]}} result @returns {number[]} the patch numbers probed, in order */
const probed = (result) => result.probes.map((p) => patch(p.version));

test('releases keeps plain x.y.z versions, in semver order', () => {
  assert.deepEqual(releases(['1.3.9', '1.3.10-canary.20260304.1', '1.3.10', '2.0.0-rc.1', '1.3.9', '0.0.1']), ['0.0.1', '1.3.9', '1.3.10']);
  assert.deepEqual(releases(['24.0.0', '22.23.3', '9.11.2', '22.3.0']), ['9.11.2', '22.3.0', '22.23.3', '24.0.0']);
});

test('without --good it gallops back 1, 2, 4, 8 releases to a good one, then bisects that stretch', async () => {
  const result = await bisectVersions({ versions: VERSIONS, bad: '1.0.19', probe: probeFrom(12) });
  assert.deepEqual(probed(result), [19, 18, 17, 15, 11, 13, 12]);
  assert.deepEqual([result.result, result.lastGood, result.firstBad], ['range', '1.0.11', '1.0.12']);
});

test('with --good it checks both ends, then bisects between them', async () => {
  const result = await bisectVersions({ versions: VERSIONS, bad: '1.0.19', good: '1.0.0', probe: probeFrom(5) });
  // The candidate nearest the middle, the older one on a tie.
  assert.deepEqual(probed(result), [19, 0, 9, 4, 6, 5]);
  assert.deepEqual([result.lastGood, result.firstBad], ['1.0.4', '1.0.5']);
});

test('a --good version that shows it is passed: the search gallops back from there', async () => {
  const result = await bisectVersions({ versions: VERSIONS, bad: '1.0.19', good: '1.0.10', probe: probeFrom(7) });
  assert.deepEqual(probed(result), [19, 10, 9, 8, 6, 7]);
  assert.deepEqual([result.lastGood, result.firstBad], ['1.0.6', '1.0.7']);
});

test('a version that cannot be probed is skipped for its neighbour while galloping', async () => {
  const result = await bisectVersions({ versions: VERSIONS, bad: '1.0.19', probe: probeFrom(12, { 17: 'skipped', 15: 'other' }) });
  assert.deepEqual(probed(result), [19, 18, 17, 16, 15, 14, 11, 12]);
  assert.deepEqual([result.lastGood, result.firstBad, result.untestable], ['1.0.11', '1.0.12', []]);
});

test('a run of versions that cannot be probed is galloped over, not walked one install at a time', async () => {
  const oldOnesDoNotInstall = Object.fromEntries(Array.from({ length: 10 }, (_, i) => [i + 3, 'skipped']));
  const result = await bisectVersions({ versions: VERSIONS, bad: '1.0.19', probe: probeFrom(13, oldOnesDoNotInstall) });
  assert.deepEqual(probed(result).slice(0, 8), [19, 18, 17, 15, 11, 10, 3, 0]);
  assert.deepEqual([result.lastGood, result.firstBad], ['1.0.2', '1.0.13']);
  assert.deepEqual(result.untestable.map(patch), [3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
});

test('a gallop that ends on versions it cannot probe bisects the stretch it jumped over', async () => {
  const oldest = await bisectVersions({ versions: VERSIONS, bad: '1.0.19', probe: probeFrom(0, { 0: 'skipped', 2: 'skipped', 3: 'skipped', 4: 'skipped', 5: 'skipped' }) });
  assert.deepEqual(probed(oldest), [19, 18, 17, 15, 11, 3, 2, 0, 7, 5, 4, 6]);
  assert.deepEqual([oldest.result, oldest.firstBad, oldest.untestable.map(patch)], ['oldest', '1.0.6', [0, 2, 3, 4, 5]]);
  const found = await bisectVersions({ versions: VERSIONS, bad: '1.0.19', probe: probeFrom(8, { 0: 'skipped', 2: 'skipped', 3: 'skipped' }) });
  assert.deepEqual([found.result, found.lastGood, found.firstBad], ['range', '1.0.7', '1.0.8']);
});

test('skipped and other versions are left out of the binary search; when only they remain they are untestable', async () => {
  const result = await bisectVersions({ versions: VERSIONS, bad: '1.0.19', good: '1.0.0', probe: probeFrom(10, { 10: 'skipped', 9: 'other' }) });
  assert.deepEqual(probed(result), [19, 0, 9, 10, 8, 13, 11]);
  assert.deepEqual([result.lastGood, result.firstBad, result.untestable], ['1.0.8', '1.0.11', ['1.0.9', '1.0.10']]);
});

test('each version is probed once', async () => {
  for (let firstBad = 0; firstBad <= 19; firstBad++) {
    const result = await bisectVersions({ versions: VERSIONS, bad: '1.0.19', probe: probeFrom(firstBad, { 3: 'skipped', 14: 'other' }) });
    assert.equal(new Set(probed(result)).size, result.probes.length, `first bad ${firstBad}`);
  }
});

test('a bug that shows in every version back to the oldest says so', async () => {
  const result = await bisectVersions({ versions: VERSIONS, bad: '1.0.19', probe: probeFrom(0) });
  assert.deepEqual(probed(result), [19, 18, 17, 15, 11, 3, 0]);
  assert.deepEqual([result.result, result.lastGood, result.firstBad], ['oldest', null, '1.0.0']);
});

test('a bad version that does not show it ends the search', async () => {
  const result = await bisectVersions({ versions: VERSIONS, bad: '1.0.19', probe: probeFrom(20) });
  assert.deepEqual([result.result, probed(result)], ['not-at-bad', [19]]);
});

test('a flaky bug: a version is bad when any of its tries shows it, and the count is kept', async () => {
  const flaky = probeFrom(12, { 11: ['good', 'good', 'good'], 12: ['good', 'bad', 'good'], 13: ['bad', 'good', 'good'] });
  const result = await bisectVersions({ versions: VERSIONS, bad: '1.0.19', tries: 3, probe: flaky });
  assert.deepEqual([result.lastGood, result.firstBad], ['1.0.11', '1.0.12']);
  const twelve = result.probes.find((p) => p.version === '1.0.12');
  assert.deepEqual([twelve?.verdict, twelve?.shows, twelve?.tries], ['bad', 1, 3]);
  assert.deepEqual(combineTries([{ outcome: 'good', detail: '' }, { outcome: 'other', detail: 'x' }]), { verdict: 'other', detail: 'x', shows: 0 });
});

test('a program is bad on a crash or a deviation; a harness error is a skip, never a verdict on the version', () => {
  assert.equal(programJudge({ target: 'deno@2.8.0:clone', verdict: 'pass' }).outcome, 'good');
  assert.equal(programJudge({ target: 'deno@2.8.0:clone', verdict: 'crash', detail: 'the deno agent exited with code 1' }).outcome, 'bad');
  assert.equal(programJudge({ target: 'deno@2.8.0:clone', verdict: 'harness-error', error: 'boom' }).outcome, 'skipped');
  // A bug about a deviation is not shown by a crash: that is another outcome.
  assert.equal(bugJudge({ category: 'keys', shape: 'keys on array: index: missing -> data property' })({ target: 'x:clone', verdict: 'crash', detail: '' }).outcome, 'other');
});

test("a version whose agent does not load is skipped with the error its stderr names, not a screen of minified source", () => {
  // What Bun 1.0.0 prints, shortened: it cannot read the agent's stdin.
  const pool = 'the bun@1.0.0 agent failed while loading: the bun@1.0.0 agent exited with code 1; stderr ends: esult&&view.buffer===x)\n'
    + '                       ^\nEINVAL: Invalid argument\n syscall: "fstat"\n      at lazyLoadStream (:1:20)';
  assert.equal(loadFailure(pool), 'the bun@1.0.0 agent exited with code 1: EINVAL: Invalid argument');
  assert.equal(loadFailure('the deno@2.8.0 agent did not load in 60 s'), 'the deno@2.8.0 agent did not load in 60 s');
});

test('usage errors are one line and exit 2', () => {
  const program = fixture('node-22.12-transfer-list-setter.program.json');
  const ledger = mkdtempSync(join(tmpdir(), 'clonecheck-bisect-'));
  for (const [args, said] of /** @type {[string[], RegExp][]} */ ([
    [['no-such-bug', '--ledger', ledger], /no bug no-such-bug in the ledger .*and no file no-such-bug/],
    [[program, '--runtime', 'chromium'], /--runtime <name>' argument 'chromium' is invalid/],
    [[program], /bisect needs --runtime bun, deno, node/],
    [[program, '--runtime', 'deno', '--good', '2.8.0', '--bad', '2.8.0'], /--good and --bad are both 2\.8\.0: give two versions/],
    [[program, '--runtime', 'deno', '--fix', '--good', '2.7.14', '--bad', '2.8.0'], /--bad 2\.8\.0 is not older than the good version 2\.7\.14/],
    [[program, '--runtime', 'deno', '--update'], /--update records a fix in a bug's ledger entry; \S+ is a program, not a bug of the ledger/],
    [[program, '--runtime', 'deno', '--channel', 'iframe'], /deno has no channel 'iframe'; its channels: clone, /],
    [[program, '--runtime', 'deno', '--good', '2.8.0-rc.1'], /It must be a plain release x\.y\.z/],
    [[program, '--runtime', 'deno', '--bad', '2.8.99'], /--bad 2\.8\.99: the npm registry lists no deno release 2\.8\.99/],
  ])) {
    const result = clonecheck(['bisect', ...args]);
    assert.equal(result.status, 2, `${args.join(' ')}: ${result.stderr}`);
    assert.match(result.stderr, said);
    assert.equal(result.stderr.trim().split('\n').length, 1, result.stderr);
  }
});

test('a real bisection: a Node bug bisected between 22.11.0 and 22.12.0 is recorded in its ledger file', async () => {
  // From Node 22.12.0 on, structuredClone fills its transfer list by [[Set]] and runs a setter on
  // Array.prototype[0] (corpus/bugs/node/structuredclone-fills-transfer-list-with-array-prototype-setter.json).
  // Its root comes from the pinned node@22, as triage would record it.
  const program = JSON.parse(readFileSync(fixture('node-22.12-transfer-list-setter.program.json'), 'utf8'));
  const [verdict] = await replayProgram(program, [await resolveTarget('node@22:clone')], { timeoutMs: 5000 });
  const root = shownBy(verdict);
  assert.equal(typeof root, 'object', JSON.stringify(verdict));
  const ledger = mkdtempSync(join(tmpdir(), 'clonecheck-bisect-'));
  const bug = newBug({
    implementation: 'node', title: "Node's structuredClone fills its transfer list by [[Set]]", root: /** @type {any} */ (root), program, foundOn: 'node:clone',
    shows: [], signatures: [], occurrences: 1, date: '2026-11-27',
  }, new Set());
  const file = writeBug(bug, ledger);
  const json = join(ledger, 'bisect.json');
  const result = clonecheck(['bisect', bug.id.split('/')[1], '--ledger', ledger, '--good', '22.11.0', '--bad', '22.12.0', '--json', json]);
  assert.equal(result.status, 0, result.stdout + result.stderr);
  assert.match(result.stdout, /^ {2}22\.12\.0 +[\d.]+ s {2}bad: effects: extra write of Array\.prototype index$/m);
  assert.match(result.stdout, /^ {2}22\.11\.0 +[\d.]+ s {2}good$/m);
  assert.match(result.stdout, /^last good 22\.11\.0, first bad 22\.12\.0$/m);
  assert.match(result.stdout, /^2 probes, \d installs, [\d.]+ s$/m);
  const recorded = JSON.parse(readFileSync(file, 'utf8')).versions;
  assert.deepEqual(recorded, {
    runtime: 'node', channel: 'clone', lastGood: '22.11.0', firstBad: '22.12.0',
    probes: [{ version: '22.12.0', verdict: 'bad' }, { version: '22.11.0', verdict: 'good' }],
  });
  const document = JSON.parse(readFileSync(json, 'utf8'));
  assert.deepEqual([document.schema, document.subject, document.result, document.probes.length], ['clonecheck/bisect@1', bug.id, 'range', 2]);
});

test('a real fix bisection over the Node releases installed here: the detached buffer Node 20 accepted in a transfer list', async () => {
  // Node 20 clones with a detached ArrayBuffer in the transfer list; Node 21 and later throw the DataCloneError
  // (corpus/bugs/node/accepts-detached-arraybuffer-in-transfer-list.json). The list is the installed releases only:
  // nothing is downloaded, and the newer end passing turns the search to the fix.
  const bug = findBug(readLedger(), 'node/accepts-detached-arraybuffer-in-transfer-list');
  const probe = replayProbe({ program: bug.program, runtime: 'node', channel: 'clone', judge: bugJudge(bug.root), timeoutMs: 5000 });
  const found = await bisectEitherWay({ versions: ['16.20.2', '20.0.0', '22.11.0', '22.12.0', '22.23.3', '24.21.0', '26.10.0'], end: '26.10.0', bad: '20.0.0', probe });
  assert.equal(found.direction, 'fixed');
  assert.deepEqual(found.direction === 'fixed' && [found.bisection.result, found.bisection.lastBad, found.bisection.firstGood], ['range', '20.0.0', '22.11.0']);
  assert.deepEqual(found.bisection.probes.map((p) => [p.version, p.verdict]), [['26.10.0', 'good'], ['20.0.0', 'bad'], ['22.12.0', 'good'], ['22.11.0', 'good']]);
});

test("a decoder's bug is bisected by replaying its decode case: Bun's TextDecoder kept a leading BOM up to 1.1.22, fixed in 1.1.24", () => {
  // corpus/bugs/bun/textdecoder-keeps-a-leading-bom.json: new TextDecoder().decode(EF BB BF) is "\ufeff" in Bun 1.1.0-1.1.22.
  const ledger = mkdtempSync(join(tmpdir(), 'clonecheck-bisect-'));
  const bug = findBug(readAllBugs(), 'bun/textdecoder-keeps-a-leading-bom');
  const file = writeBug({ ...bug, status: 'open', fixedIn: null, versions: null }, ledger);
  const result = clonecheck(['bisect', bug.id, '--ledger', ledger, '--fix', '--good', '1.1.24', '--bad', '1.1.22', '--update']);
  assert.equal(result.status, 0, result.stdout + result.stderr);
  assert.match(result.stdout, /^clonecheck bisect bun\/textdecoder-keeps-a-leading-bom on bun:textdecoder: bad means its root, UTF-8 decode step 2: a BOM kept as U\+FEFF$/m);
  assert.match(result.stdout, /^ {2}1\.1\.24 +[\d.]+ s {2}good$/m);
  assert.match(result.stdout, /^ {2}1\.1\.22 +[\d.]+ s {2}bad: UTF-8 decode step 2: a BOM kept as U\+FEFF$/m);
  assert.match(result.stdout, /^fixed between 1\.1\.22 and 1\.1\.24: last bad 1\.1\.22, first good 1\.1\.24$/m);
  const written = JSON.parse(readFileSync(file, 'utf8'));
  assert.deepEqual([written.status, written.fixedIn, written.versions.runtime, written.versions.channel], ['fixed', '1.1.24', 'bun', 'textdecoder']);
  assert.deepEqual(written.versions.fixed.probes, [{ version: '1.1.24', verdict: 'good' }, { version: '1.1.22', verdict: 'bad' }]);
});

test('bisect --fix of a bug that shows at the good end: no fix to find, and --update leaves it open', () => {
  const program = JSON.parse(readFileSync(fixture('node-22.12-transfer-list-setter.program.json'), 'utf8'));
  const ledger = mkdtempSync(join(tmpdir(), 'clonecheck-bisect-'));
  const bug = newBug({
    implementation: 'node', title: "Node's structuredClone fills its transfer list by [[Set]]",
    root: { category: 'effects', shape: 'effects: extra write of Array.prototype index' }, program, foundOn: 'node:clone',
    shows: [], signatures: [], occurrences: 1, date: '2026-11-27',
  }, new Set());
  const file = writeBug(bug, ledger);
  const result = clonecheck(['bisect', bug.id, '--ledger', ledger, '--fix', '--good', '22.12.0', '--bad', '22.11.0', '--update']);
  assert.equal(result.status, 0, result.stdout + result.stderr);
  assert.match(result.stdout, /looking for its fix: good 22\.12\.0, bad 22\.11\.0$/m);
  assert.match(result.stdout, /^shows at the good version 22\.12\.0 \(bad: effects: extra write of Array\.prototype index\): no fix to find/m);
  const written = JSON.parse(readFileSync(file, 'utf8'));
  assert.deepEqual([written.status, written.fixedIn], ['open', null]);
  assert.deepEqual(written.versions.fixed, { lastBad: null, firstGood: null, probes: [{ version: '22.12.0', verdict: 'bad' }] });
});
