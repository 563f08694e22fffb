// `bugs --shrink`'s core (harness/bugs/reshrink.js) against a fake replay
// whose planted bug is "an array holding -0": the program shrinks to what
// shows the root, many candidates go in one replay (host start), and the
// smaller program counts only when a replay of it alone still shows the root;
// the file takes the new program (and the root it shows) in place, the rest
// of it byte for byte.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { programSize, replaceProgram, reshrinkProgram } from '../harness/bugs/reshrink.js';

const root = { category: 'value', shape: 'value on array: index: -0 -> 0' };
const program = {
  schema: 'clonecheck/program@1',
  root: { ref: 0 },
  objects: [
    { kind: 'array', items: [1, { number: '-0' }, { ref: 1 }] },
    { kind: 'object', props: [{ key: 'a', value: { ref: 2 } }] },
    { kind: 'map', entries: [[1, 2]] },
  ],
  sender: [{ on: 'Error.prototype', key: 'name', delete: true }],
  receiver: [{ on: 'Object.prototype', key: 'x', set: {} }],
};
const holdsNegativeZero = (/** @type {any} */ candidate) => candidate.objects?.some((node) => node.kind === 'array' && node.items.some((item) => item?.number === '-0')) === true;

/**
 * A replay of programs on one target, counting its calls, that shows the root where `shows` holds.
 * @param {(program: any, alone: boolean) => boolean} shows
 */
function fakeReplay(shows) {
  const calls = [];
  /** @type {import('../harness/bugs/triage.js').Replay} */
  const replay = async (programs, targets) => {
    calls.push({ programs: programs.length, targets });
    return { shown: programs.map((p) => [shows(p, programs.length === 1) ? root : 'pass']), versions: [null] };
  };
  return { replay, calls };
}

test('a program shrinks to what shows its root, many candidates per replay, and is kept after a replay of it alone', async () => {
  const { replay, calls } = fakeReplay(holdsNegativeZero);
  const shrink = await reshrinkProgram({ program, foundOn: 'node:clone', root }, { replay, seconds: 60, batch: 8 });
  assert.equal(shrink.outcome, 'shrunk');
  assert.deepEqual(shrink.program, { schema: 'clonecheck/program@1', root: { ref: 0 }, objects: [{ kind: 'array', items: [{ number: '-0' }] }] });
  assert.deepEqual([shrink.before.objects, shrink.before.steps, shrink.after.objects, shrink.after.steps], [3, 2, 1, 0]);
  assert.ok(shrink.localMinimum);
  assert.deepEqual(shrink.root, root);
  assert.equal(shrink.replays, calls.length);
  assert.ok(calls.every((c) => c.targets.length === 1 && c.targets[0] === 'node:clone'));
  // Batched: fewer host starts than candidates; the first and the last replay hold one program each.
  assert.ok(shrink.candidates > 2 * shrink.replays, `${shrink.candidates} candidates in ${shrink.replays} replays`);
  assert.deepEqual([calls[0].programs, calls.at(-1)?.programs], [1, 1]);
});

test('nothing is kept when the smallest shows the root only beside other candidates, or the program does not show it', async () => {
  // Shows in a batch, never alone, except the program as given (the first replay).
  let first = true;
  const { replay } = fakeReplay((p, alone) => {
    if (alone && first) return (first = false, true);
    return !alone && holdsNegativeZero(p);
  });
  const fresh = await reshrinkProgram({ program, foundOn: 'node:clone', root }, { replay, seconds: 60, batch: 8 });
  assert.equal(fresh.outcome, 'not-fresh');
  assert.equal(fresh.program, program);
  const none = await reshrinkProgram({ program, foundOn: 'node:clone', root }, { replay: fakeReplay(() => false).replay, seconds: 60, batch: 8 });
  assert.deepEqual([none.outcome, none.replays, none.program], ['not-shown', 1, program]);
});

test('a smallest program that shows the root only beside other candidates is refused, and the shrink starts over keeping the realm steps', async () => {
  // The planted bug shows alone only with a realm step (the history of other candidates stands in for it otherwise).
  const { replay } = fakeReplay((p, alone) => holdsNegativeZero(p) && (!alone || (p.sender?.length ?? 0) + (p.receiver?.length ?? 0) > 0));
  const shrink = await reshrinkProgram({ program, foundOn: 'node:clone', root }, { replay, seconds: 60, batch: 8 });
  assert.equal(shrink.outcome, 'shrunk');
  assert.deepEqual([shrink.after.objects, shrink.after.steps], [1, 2]);
  assert.ok(holdsNegativeZero(shrink.program));
});

test('a minimal program is unchanged; a stop ends the shrink where it is', async () => {
  const minimal = { schema: 'clonecheck/program@1', root: { ref: 0 }, objects: [{ kind: 'array', items: [{ number: '-0' }] }] };
  const same = await reshrinkProgram({ program: minimal, foundOn: 'node:clone', root }, { replay: fakeReplay(holdsNegativeZero).replay, seconds: 60, batch: 8 });
  assert.deepEqual([same.outcome, same.program], ['unchanged', minimal]);
  const stopped = await reshrinkProgram({ program, foundOn: 'node:clone', root }, { replay: fakeReplay(holdsNegativeZero).replay, seconds: 60, batch: 8, stopped: () => true });
  assert.deepEqual([stopped.outcome, stopped.replays, stopped.localMinimum], ['unchanged', 1, false]);
});

test('a replay that throws fails the shrink instead of ending the process', async () => {
  let replays = 0;
  /** @type {import('../harness/bugs/triage.js').Replay} */
  const replay = async (programs) => {
    replays += 1;
    if (replays > 1) throw new Error('the agent did not start');
    return { shown: programs.map(() => [root]), versions: [null] };
  };
  await assert.rejects(reshrinkProgram({ program, foundOn: 'node:clone', root }, { replay, seconds: 60, batch: 8 }), /did not start/);
});

test('the file takes the smaller program where the old one was, every other key and the formatting as they were', () => {
  const directory = mkdtempSync(join(tmpdir(), 'reshrink-'));
  mkdirSync(join(directory, 'spec'));
  const other = { schema: 'clonecheck/program@1', root: 1 };
  const bug = { schema: 'clonecheck/bug@1', id: 'spec/q', implementation: 'spec', title: 't', program: other, foundOn: 'bun:clone', alsoShownBy: [{ program, foundOn: 'node:clone', root, notes: 'n' }], notes: '' };
  const file = join(directory, 'spec', 'q.json');
  writeFileSync(file, `${JSON.stringify(bug, null, 2)}\n`);
  const smaller = { schema: 'clonecheck/program@1', root: { ref: 0 }, objects: [{ kind: 'array', items: [{ number: '-0' }] }] };
  const shownRoot = { category: 'value', shape: 'value on root: value: -0 -> 0' };
  replaceProgram(directory, 'spec/q', program, smaller, shownRoot);
  const expected = { ...bug, alsoShownBy: [{ ...bug.alsoShownBy[0], program: smaller, root: shownRoot }] };
  assert.equal(readFileSync(file, 'utf8'), `${JSON.stringify(expected, null, 2)}\n`);
  assert.ok(programSize(smaller).chars < programSize(program).chars);
  assert.throws(() => replaceProgram(directory, 'spec/q', program, smaller, shownRoot), /no longer holds/);
});

test("--shrink skips a browser's programs unless --engine names the browser, and --engine keeps its engines' programs only", async () => {
  const { homesToShrink } = await import('../harness/bugs/reshrink.js');
  const homes = [{ foundOn: 'node@22:clone' }, { foundOn: 'chromium:clone' }, { foundOn: 'firefox:iframe' }, { foundOn: 'deno:worker' }];
  assert.deepEqual(homesToShrink(homes, []), { todo: [homes[0], homes[3]], skipped: [homes[1], homes[2]] });
  assert.deepEqual(homesToShrink(homes, ['chromium', 'firefox']), { todo: [homes[1], homes[2]], skipped: [] });
  assert.deepEqual(homesToShrink(homes, ['chromium', 'node']), { todo: [homes[0], homes[1]], skipped: [] });
  assert.deepEqual(homesToShrink(homes, ['deno']), { todo: [homes[3]], skipped: [] });
});
