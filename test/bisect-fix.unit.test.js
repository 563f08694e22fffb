// Fix bisection (docs/bisect.md#fix-bisection): the last bad and first good
// release going forward, and the choice of direction from the newer end,
// with probes made by hand (nothing installed).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { bisectEitherWay, bisectFix } from '../harness/bugs/bisect.js';
import { bisectedBug, directionOf, lastSeenBefore, withBisection } from '../harness/commands/bisect.js';

/** 1.0.0 … 1.0.19 */
const VERSIONS = Array.from({ length: 20 }, (_, i) => `1.0.${i}`);
const patch = (/** @type {string} */ version) => Number(version.split('.')[2]);

/**
 * A probe that answers from the patch number: bad from `from` up to before `fixedIn`, good elsewhere, and
 * `special` overrides (an outcome, or one outcome per try). It counts its calls per version.
 * @param {number} from @param {number} fixedIn
 * @param {Record<number, string | string[]>} [special]
 */
function probeBetween(from, fixedIn, special = {}) {
  /** @type {Map<string, number>} */
  const calls = new Map();
  const probe = async (/** @type {string} */ version, /** @type {number} */ tries) => {
    calls.set(version, (calls.get(version) ?? 0) + 1);
    const given = special[patch(version)];
    const shows = patch(version) >= from && patch(version) < fixedIn;
    const outcomes = Array.isArray(given) ? given : Array.from({ length: tries }, () => given ?? (shows ? 'bad' : 'good'));
    return outcomes.map((outcome) => ({ outcome: /** @type {any} */ (outcome), detail: outcome }));
  };
  return { probe, calls };
}

/** @param {{probes: {version: string}[]}} result @returns {number[]} the patch numbers probed, in order */
const probed = (result) => result.probes.map((p) => patch(p.version));

test('bisectFix: from a sighting, the last bad and first good between it and the newer end', async () => {
  const { probe } = probeBetween(3, 14);
  const fix = await bisectFix({ versions: VERSIONS, good: '1.0.19', bad: '1.0.10', probe });
  assert.deepEqual([fix.result, fix.lastBad, fix.firstGood, fix.untestable], ['range', '1.0.13', '1.0.14', []]);
  assert.deepEqual(probed(fix), [19, 10, 14, 12, 13]);
  // Probes keep what they showed: the good end good, the sighting bad.
  assert.deepEqual(fix.probes.slice(0, 2).map((p) => p.verdict), ['good', 'bad']);
});

test('bisectFix: without a sighting it gallops back from the good end to a bad one', async () => {
  const { probe } = probeBetween(0, 6);
  const fix = await bisectFix({ versions: VERSIONS, good: '1.0.19', probe });
  assert.deepEqual(probed(fix), [19, 18, 17, 15, 11, 3, 7, 5, 6]);
  assert.deepEqual([fix.lastBad, fix.firstGood], ['1.0.5', '1.0.6']);
});

test('bisectFix: a bug that shows at the good end has no fix; one that never shows is good back to the oldest', async () => {
  const stillThere = await bisectFix({ versions: VERSIONS, good: '1.0.19', probe: probeBetween(3, 99).probe });
  assert.deepEqual([stillThere.result, probed(stillThere)], ['not-at-good', [19]]);
  const never = await bisectFix({ versions: VERSIONS, good: '1.0.19', probe: probeBetween(99, 99).probe });
  assert.deepEqual([never.result, never.lastBad, never.firstGood], ['never', null, '1.0.0']);
});

test('bisectFix: a flaky version is bad when any try shows it; skipped and other versions are left untestable', async () => {
  const flaky = await bisectFix({ versions: VERSIONS, good: '1.0.19', bad: '1.0.10', tries: 3, probe: probeBetween(3, 14, { 13: ['good', 'bad', 'good'] }).probe });
  assert.deepEqual([flaky.lastBad, flaky.firstGood], ['1.0.13', '1.0.14']);
  assert.equal(flaky.probes.find((p) => p.version === '1.0.13')?.shows, 1);
  const skipping = await bisectFix({ versions: VERSIONS, good: '1.0.19', bad: '1.0.10', probe: probeBetween(3, 14, { 13: 'skipped', 14: 'other' }).probe });
  assert.deepEqual([skipping.lastBad, skipping.firstGood, skipping.untestable], ['1.0.12', '1.0.15', ['1.0.13', '1.0.14']]);
});

test('bisectEitherWay: the newer end decides the direction, and is probed once', async () => {
  // Shows at the end: the introduction, as bisectVersions finds it.
  const present = await bisectEitherWay({ versions: VERSIONS, end: '1.0.19', probe: probeBetween(12, 99).probe });
  assert.equal(present.direction, 'introduced');
  assert.deepEqual(present.direction === 'introduced' && [present.bisection.lastGood, present.bisection.firstBad], ['1.0.11', '1.0.12']);

  // Passes at the end: the fix, from the sighting; the end probed once and said once.
  const { probe, calls } = probeBetween(3, 14);
  /** @type {string[]} */
  const said = [];
  const gone = await bisectEitherWay({ versions: VERSIONS, end: '1.0.19', bad: '1.0.10', probe, onProbe: (p) => said.push(p.version) });
  assert.equal(gone.direction, 'fixed');
  assert.deepEqual(gone.direction === 'fixed' && [gone.bisection.result, gone.bisection.lastBad, gone.bisection.firstGood], ['range', '1.0.13', '1.0.14']);
  assert.equal(calls.get('1.0.19'), 1);
  assert.equal(said.filter((v) => v === '1.0.19').length, 1);
  assert.deepEqual(probed(gone.bisection), [19, 10, 14, 12, 13]);

  // An end that cannot be probed decides nothing: no fix search.
  const unprobed = await bisectEitherWay({ versions: VERSIONS, end: '1.0.19', bad: '1.0.10', probe: probeBetween(3, 14, { 19: 'skipped' }).probe });
  assert.deepEqual([unprobed.direction, unprobed.bisection.result], ['introduced', 'not-at-bad']);
});

test('bisectEitherWay: a direction given is kept whatever the end shows', async () => {
  const forcedFix = await bisectEitherWay({ versions: VERSIONS, end: '1.0.19', direction: 'fixed', probe: probeBetween(3, 99).probe });
  assert.deepEqual([forcedFix.direction, forcedFix.bisection.result], ['fixed', 'not-at-good']);
  const forcedIntroduction = await bisectEitherWay({ versions: VERSIONS, end: '1.0.19', direction: 'introduced', probe: probeBetween(3, 14).probe });
  assert.deepEqual([forcedIntroduction.direction, forcedIntroduction.bisection.result], ['introduced', 'not-at-bad']);
});

test('directionOf: --fix, or a --bad older than --good, bisects the fix from the good end; a --bad alone, the introduction', () => {
  assert.deepEqual(directionOf({}, '1.4.5'), { direction: undefined, end: '1.4.5', older: undefined });
  assert.deepEqual(directionOf({ good: '1.3.0' }, '1.4.5'), { direction: undefined, end: '1.4.5', older: '1.3.0' });
  assert.deepEqual(directionOf({ bad: '1.4.0' }, '1.4.5'), { direction: 'introduced', end: '1.4.0', older: undefined });
  assert.deepEqual(directionOf({ good: '1.3.0', bad: '1.4.0' }, '1.4.5'), { direction: 'introduced', end: '1.4.0', older: '1.3.0' });
  assert.deepEqual(directionOf({ good: '1.4.0', bad: '1.3.14' }, '1.4.5'), { direction: 'fixed', end: '1.4.0', older: '1.3.14' });
  assert.deepEqual(directionOf({ fix: true }, '1.4.5'), { direction: 'fixed', end: '1.4.5', older: undefined });
  assert.throws(() => directionOf({ good: '1.4.0', bad: '1.4.0' }, '1.4.5'), /--good and --bad are both 1\.4\.0/);
});

test('lastSeenBefore: the newest release older than the end where the program showed on that channel', () => {
  const sightings = [
    { target: 'bun:clone', version: '1.3.9', shows: true, checked: '2026-11-01' },
    { target: 'bun:clone', version: '1.3.14', shows: true, checked: '2026-11-02' },
    { target: 'bun:worker', version: '1.3.16', shows: true, checked: '2026-11-02' },
    { target: 'bun:clone', version: '1.3.15', shows: false, checked: '2026-11-02' },
    { target: 'bun:clone', version: '1.4.5', shows: true, checked: '2026-11-03' },
    { target: 'bun:clone', version: '1.3.15-canary.1', shows: true, checked: '2026-11-03' },
  ];
  const versions = ['1.3.9', '1.3.14', '1.3.15', '1.3.16', '1.4.0', '1.4.5'];
  assert.equal(lastSeenBefore(sightings, 'bun:clone', versions, '1.4.0'), '1.3.14');
  assert.equal(lastSeenBefore(sightings, 'bun:clone', versions, '1.3.9'), undefined);
  assert.equal(lastSeenBefore(sightings, 'bun:worker', versions, '1.4.5'), '1.3.16');
});

test('withBisection: an introduction and a fix of one runtime and channel are kept side by side', () => {
  const fixed = { fixed: { lastBad: '1.3.14', firstGood: '1.4.0', probes: [{ version: '1.4.5', verdict: 'good' }] } };
  const fresh = withBisection(null, 'bun', 'clone', fixed);
  assert.deepEqual(fresh, { runtime: 'bun', channel: 'clone', lastGood: null, firstBad: null, probes: [], ...fixed });
  const introduced = { lastGood: '1.1.0', firstBad: '1.2.0', probes: [{ version: '1.3.14', verdict: 'bad' }] };
  assert.deepEqual(withBisection(fresh, 'bun', 'clone', introduced), { runtime: 'bun', channel: 'clone', ...introduced, ...fixed });
  // Another channel's bisection starts again.
  assert.deepEqual(withBisection(fresh, 'bun', 'worker', introduced), { runtime: 'bun', channel: 'worker', ...introduced });
});

test('bisectedBug: --update marks an open bug fixed in the first good release; a question of the standard keeps its status', async () => {
  const found = await bisectEitherWay({ versions: VERSIONS, end: '1.0.19', bad: '1.0.10', probe: probeBetween(3, 14).probe });
  const open = /** @type {any} */ ({ id: 'bun/x', status: 'open', fixedIn: null, versions: null });
  const recorded = bisectedBug(open, found, { runtime: 'bun', channel: 'clone', update: false });
  assert.deepEqual([recorded.bug.status, recorded.bug.fixedIn, recorded.fixedIn, recorded.marked], ['open', null, '1.0.14', false]);
  assert.deepEqual(recorded.bug.versions.fixed?.firstGood, '1.0.14');
  const marked = bisectedBug(open, found, { runtime: 'bun', channel: 'clone', update: true });
  assert.deepEqual([marked.bug.status, marked.bug.fixedIn, marked.marked], ['fixed', '1.0.14', true]);
  const question = bisectedBug({ ...open, status: 'spec-pending' }, found, { runtime: 'bun', channel: 'clone', update: true });
  assert.deepEqual([question.bug.status, question.bug.fixedIn, question.marked], ['spec-pending', null, false]);
  // No range, no fix: a bug still there at the good end is left as it was.
  const still = await bisectEitherWay({ versions: VERSIONS, end: '1.0.19', direction: 'fixed', probe: probeBetween(3, 99).probe });
  assert.deepEqual(bisectedBug(open, still, { runtime: 'bun', channel: 'clone', update: true }).bug.status, 'open');
});
