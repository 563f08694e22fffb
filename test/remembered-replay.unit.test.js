// harness/bugs/shrink-unexplained.js rememberedReplay: a campaign's
// triage rounds replay each (program, target) once; a fresh replay, which
// triage asks for when a finding showed nothing (measuredAgain), is made
// every time.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rememberedReplay } from '../harness/bugs/shrink-unexplained.js';

test('a remembered replay makes each (program, target) once, but a fresh one every time it is asked for', async () => {
  const made = [];
  /** @type {import('../harness/bugs/triage.js').Replay} */
  const replay = async (programs, targets, options) => {
    made.push({ programs: programs.length, targets, fresh: options?.fresh === true });
    return { shown: programs.map(() => targets.map(() => 'pass')), versions: targets.map(() => '1.0') };
  };
  const remembered = rememberedReplay(replay);
  await remembered([{ a: 1 }, { b: 2 }], ['x:clone']);
  await remembered([{ a: 1 }], ['x:clone', 'x:worker']);
  assert.deepEqual(made, [{ programs: 2, targets: ['x:clone'], fresh: false }, { programs: 1, targets: ['x:worker'], fresh: false }]);
  for (let i = 0; i < 2; i++) await remembered([{ a: 1 }], ['x:clone'], { fresh: true });
  assert.deepEqual(made.slice(2), [{ programs: 1, targets: ['x:clone'], fresh: true }, { programs: 1, targets: ['x:clone'], fresh: true }]);
});
