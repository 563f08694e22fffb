// Which versions a runtime's makers support (portable/families/support.js, from each family's
// descriptor), and what the ledger does with it (harness/bugs/supported.js): an entry seen only on
// versions past their support is marked and gets no report; a report is about the newest supported
// version the bug showed on. No runtime runs here: `report` refuses before it replays anything.

import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { FAMILIES, PINNED, VERSIONED_TARGET, namesRelease } from '../portable/families/index.js';
import { supportOf } from '../portable/families/support.js';
import { channelTargetOf, newBug, writeBug } from '../harness/bugs/ledger.js';
import { reportText } from '../harness/bugs/report.js';
import { dashboardModel } from '../harness/dashboard/model.js';
import { dashboardPage } from '../harness/dashboard/page.js';
import { severityOf } from '../harness/bugs/severity.js';
import { endOfLifeLine, onlyEndOfLife, reportTargets } from '../harness/bugs/supported.js';
import { TRACKERS } from '../harness/bugs/trackers.js';
import { assertUsageError, clonecheck } from './helpers.js';

const TODAY = '2026-12-02';
const THIS_NODE = process.versions.node;

test('Node by its release schedule: a line is supported until its end of life, and not from that day on', () => {
  assert.deepEqual(supportOf('node', '20.20.2', '2026-04-29'), {
    supported: true, until: '2026-04-30', reason: 'its line, 20, is supported until 2026-04-30 by the Node.js release schedule, https://github.com/nodejs/Release',
  });
  assert.equal(supportOf('node', '20.20.2', '2026-04-30').supported, false);
  assert.deepEqual(supportOf('node', '20.20.2', TODAY), {
    supported: false, until: '2026-04-30', reason: 'its line, 20, reached its end of life on 2026-04-30 by the Node.js release schedule, https://github.com/nodejs/Release',
  });
  for (const [version, until] of [['22.23.3', '2027-04-30'], ['24.21.0', '2028-04-30'], ['26.10.0', '2029-04-30']]) {
    assert.deepEqual([supportOf('node', version, TODAY).supported, supportOf('node', version, TODAY).until], [true, until], version);
    assert.equal(supportOf('node', version, until).supported, false, `${version} on ${until}`);
  }
  // Odd lines lived six months; a line older than the schedule ended before it; one newer is not scheduled to end yet.
  assert.equal(supportOf('node', '25.1.0', TODAY).supported, false);
  assert.equal(supportOf('node', '12.22.12', TODAY).supported, false);
  assert.match(supportOf('node', '12.22.12', TODAY).reason, /ended before 16/);
  assert.deepEqual(supportOf('node', '30.0.0', TODAY).supported, true);
});

test('Bun and Deno by their newest line (the pin, or a newer version known); browsers, QuickJS-ng and others are supported', () => {
  assert.equal(supportOf('bun', PINNED.bun.split('@')[1], TODAY).supported, true);
  assert.equal(supportOf('bun', '1.4.0', TODAY).supported, true, 'the pinned 1.4.5 is of line 1.4');
  assert.deepEqual(supportOf('bun', '1.3.14', TODAY), { supported: false, reason: '1.3 is older than the newest release line, 1.4; Bun supports its newest release line only' });
  // A newer release met (nightly --latest) moves the newest line on; an older one given does not move it back.
  assert.equal(supportOf('bun', '1.4.5', TODAY, '1.5.0').supported, false);
  assert.equal(supportOf('bun', '1.4.5', TODAY, '1.3.0').supported, true);
  assert.equal(supportOf('deno', '2.8.0', TODAY).supported, false);
  assert.equal(supportOf('deno', '2.9.1', TODAY).supported, true);
  for (const name of ['chromium', 'firefox', 'webkit', 'quickjs']) assert.equal(supportOf(name, '1.0', TODAY).supported, true, name);
  assert.deepEqual(supportOf('polyfill-core-js', '3.0.0', TODAY), { supported: true, reason: 'clonecheck keeps no support rule for polyfill-core-js' });
  assert.equal(supportOf('node', null, TODAY).supported, true, 'an unknown version is not called unsupported');
});

test('every family names its tracker and its support in its descriptor; the registry\'s names make the versioned-target pattern', () => {
  // Each family's tracker, and the standard's own for its questions (ledger.js QUESTIONS).
  assert.deepEqual(Object.keys(TRACKERS), [...FAMILIES.map((family) => family.name), 'spec']);
  for (const family of FAMILIES) {
    assert.equal(TRACKERS[family.name].name, family.tracker.name);
    assert.match(TRACKERS[family.name].file, /^https:\/\//, family.name);
  }
  assert.equal(TRACKERS.node.sections[0][0], 'Version');
  assert.equal(TRACKERS.bun.sections[0][0], 'What version of Bun is running?');
  assert.equal(TRACKERS.webkit.sections[0][0], 'Summary');
  assert.equal(channelTargetOf('bun@1.3.10:worker'), 'bun:worker');
  assert.equal(channelTargetOf('node@22:clone'), 'node:clone');
  assert.equal(channelTargetOf('chromium:clone'), 'chromium:clone');
  assert.ok(VERSIONED_TARGET.test('deno@2.9.6:clone') && !VERSIONED_TARGET.test('quickjs:message'));
  // An exact release is named by its version; a pinned name is not (nightly's default scope keeps the pinned ones).
  assert.deepEqual(['bun@1.3.10:clone', 'node@26.12.1:worker', 'node@22:clone', 'bun:clone', 'chromium:clone'].map(namesRelease), [true, true, false, false, false]);
});

/** @param {[string, string, boolean][]} shows  target, version, shows @param {any} [extra] */
function nodeBug(shows, extra = {}) {
  const made = newBug({
    implementation: 'node', title: 'Node throws a TypeError for a stream', root: { category: 'thrown', shape: 'thrown: x' },
    program: { schema: 'clonecheck/program@2', root: { ref: 0 }, objects: [{ kind: 'array', items: [1] }] }, foundOn: 'node:clone',
    shows: shows.map(([target, version, shown]) => ({ target, version, shows: shown, checked: TODAY })), signatures: [], occurrences: 1, date: TODAY,
  }, new Set());
  return { ...made, ...extra };
}

const onlyNode20 = nodeBug([['node:clone', '20.20.2', true], ['node:worker', '20.20.2', true], ['node:clone', '22.23.3', false], ['node:clone', '24.21.0', false],
  ['node:clone', '26.10.0', false]]);

test('an entry seen only on end-of-life versions is marked; a program merged in that shows on a supported Node unmarks it', () => {
  assert.equal(onlyEndOfLife(onlyNode20, TODAY), true);
  assert.equal(onlyEndOfLife(onlyNode20, '2026-04-01'), false, 'before Node 20\'s end of life');
  assert.equal(severityOf(onlyNode20, TODAY).label, 'wrong error type, only on end-of-life versions');
  const merged = { ...onlyNode20, alsoShownBy: [{ ...onlyNode20, notes: 'the same', shows: [{ target: 'node:worker', version: '24.21.0', shows: true, checked: TODAY }] }] };
  assert.equal(onlyEndOfLife(merged, TODAY), false);
  // Bun 1.3.14 is past its support once the bug was replayed on 1.4.5 (nightly --latest, or the pin).
  const bun = { ...nodeBug([]), implementation: 'bun', foundOn: 'bun:clone', shows: [{ target: 'bun:clone', version: '1.3.14', shows: true, checked: TODAY }] };
  assert.equal(onlyEndOfLife(bun, TODAY), true);
  assert.equal(onlyEndOfLife({ ...bun, shows: [...bun.shows, { target: 'bun:clone', version: '1.4.5', shows: true, checked: TODAY }] }, TODAY), false);
});

test('report is about the newest supported version the bug showed on, by the name that runs it', () => {
  assert.deepEqual(reportTargets(nodeBug([['node:clone', '20.20.2', true], ['node:clone', '22.23.3', true], ['node:clone', '24.21.0', true], ['node:clone', '26.10.0', false]]), TODAY),
    { targets: ['node@24:clone', 'node@22:clone'] });
  // The newest version first, its founding channel among a version's; a release not pinned is named by its version.
  assert.deepEqual(reportTargets(nodeBug([['node:worker', '24.21.0', true], ['node:clone', '24.21.0', true]]), TODAY), { targets: ['node@24:clone', 'node@24:worker'] });
  assert.deepEqual(reportTargets(nodeBug([['node:worker', '26.12.1', true], ['node:clone', '24.21.0', true]]), TODAY), { targets: ['node@26.12.1:worker', 'node@24:clone'] });
  assert.deepEqual(reportTargets(nodeBug([['node:clone', THIS_NODE, true]]), '2026-01-01'), { targets: ['node:clone'] }, 'this process\'s Node, before Node 20\'s end');
  assert.deepEqual(reportTargets(nodeBug([]), TODAY), { targets: ['node:clone'] }, 'seen nowhere: its founding target');
  const refused = reportTargets(onlyNode20, TODAY);
  assert.ok('endOfLife' in refused);
  assert.equal(endOfLifeLine(onlyNode20, refused.endOfLife, TODAY), `${onlyNode20.id} shows only on end-of-life versions: Node 20.20.2 (its line, 20, reached its end of life `
    + 'on 2026-04-30 by the Node.js release schedule, https://github.com/nodejs/Release); it passes on Node 22.23.3, 24.21.0, 26.10.0, which are supported. Not proposed for a report');
});

test('the report\'s version line names the version replayed', () => {
  const bug = nodeBug([['node:clone', '24.21.0', true]]);
  const target = /** @type {any} */ ({ name: 'node@24:clone', description: 'structuredClone', runtime: { name: 'node@24', family: 'node', version: '24.21.0' } });
  const { body } = reportText({ bug, tracker: TRACKERS.node, found: { target, error: 'it did not start' }, others: null, platform: 'Linux', repro: 'clonecheck repro x.json', date: TODAY });
  assert.match(body, /^### Version\n\nNode\.js 24\.21\.0\n/);
  assert.match(body, /Versions affected: it shows on 24\.21\.0 \(`node:clone`, 2026-12-02\); older ones not checked\./);
  const old = reportText({ bug: onlyNode20, tracker: TRACKERS.node, found: { target, error: 'x' }, others: null, platform: 'Linux', repro: 'r', date: TODAY }).body;
  assert.match(old, /it shows on 20\.20\.2 \(`node:clone`, 2026-12-02, end of life\), 20\.20\.2 \(`node:worker`, 2026-12-02, end of life\);/);
});

test('report refuses an entry seen only on end-of-life versions (one line, exit 2), before replaying anything', () => {
  const ledger = mkdtempSync(join(tmpdir(), 'clonecheck-support-'));
  after(() => rmSync(ledger, { recursive: true, force: true }));
  // On a day after Node 20's end of life, whichever Node runs this test.
  writeBug(nodeBug([['node:clone', '20.20.2', true], ['node:clone', '24.21.0', false]]), ledger);
  assertUsageError(clonecheck(['report', 'throws-a-typeerror-for-a-stream', '--ledger', ledger]),
    /node\/throws-a-typeerror-for-a-stream shows only on end-of-life versions: Node 20\.20\.2 \(.*\); it passes on Node 24\.21\.0, which are supported\. Not proposed for a report; --end-of-life writes it anyway$/);
});

test('the dashboard marks a ledger bug seen only on end-of-life versions in its status', () => {
  const supported = { ...nodeBug([['node:clone', '24.21.0', true]]), id: 'node/shows-on-24' };
  const findings = [onlyNode20, supported].map((bug, i) => ({ bug: bug.id, signature: `s${i}`, target: 'node:clone', version: null, summary: 'x', repro: 'r' }));
  const run = {
    startedAt: `${TODAY}T00:00:00Z`, elapsedMs: 1, cases: 1, casesPerSecond: 1, seed: 1, seeds: 1, shardCount: 1, findings, conform: [], guardCoverage: {},
    units: [{ findings, targets: [] }], targets: [], skippedUnits: [], bugs: { known: findings.map((f) => ({ bug: f.bug })), new: [], fixed: [], regressed: [], unreproduced: [] },
  };
  const model = dashboardModel([{ file: 'history', document: run }], [onlyNode20, supported], undefined, TODAY);
  assert.deepEqual(model.bugs.map((b) => [b.id, b.endOfLife]).sort(), [['node/shows-on-24', false], [onlyNode20.id, true]]);
  const cells = dashboardPage(model, { chartScript: 'c.js', clientScript: 'd.js' }).match(/<td>open[^]*?<\/td>/g);
  assert.deepEqual(cells?.sort(), ['<td>open, <span class="version">only on end-of-life versions</span></td>', '<td>open</td>']);
});
