// harness/fuzz/schedule.js and recheck.js: which member judges which case,
// and which cases a run replays fresh. Each member serves one lane (the
// realms its programs pollute), so no case meets another lane's pollution.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CHUNK_SIZE } from '../fuzzers/steering.js';
import { LANES, laneOf } from '../harness/fuzz/lanes.js';
import { laneOfSlot, membersFor, scheduleChunks } from '../harness/fuzz/schedule.js';
import { agreementOf, recheckChance, sampleChunk, sampleDraw } from '../harness/fuzz/recheck.js';
import { resolveTarget } from '../harness/targets/catalog.js';

const target = await resolveTarget('ref:spec', {});

/** Hands out every task of a run of `runs` cases to `members` slots in turn, as a pool would. */
function drain(runs, members, recheckRate = 0) {
  const { hosts, nextTask } = scheduleChunks({ targets: [target], seed: 5, runs, weights: {}, recheckRate, shouldStop: () => false, outOfTime: () => false });
  const [host] = hosts;
  const taken = [];
  for (let idleRounds = 0; idleRounds < 2;) {
    let any = false;
    for (let slot = 0; slot < members; slot++) {
      const task = nextTask(host, slot);
      if (task !== undefined) {
        taken.push({ slot, task });
        any = true;
      }
    }
    idleRounds = any ? 0 : idleRounds + 1;
  }
  return taken;
}

test('a run keeps a member for every lane, whatever --workers says', () => {
  assert.equal(membersFor(1), LANES.length);
  assert.equal(membersFor(9), 9);
  assert.deepEqual(Array.from({ length: LANES.length + 1 }, (_, slot) => laneOfSlot(slot)), [...LANES, LANES[0]]);
});

test('a side whose steps put an element where array fast paths look has its own lane: they turn those paths off for good', () => {
  const clean = { root: { ref: 0 }, objects: [{ kind: 'array', items: [1.5] }] };
  assert.equal(laneOf(clean), 'clean');
  // V8: any element on Array.prototype or Object.prototype; JavaScriptCore: an indexed accessor or read-only index on any prototype.
  assert.equal(laneOf({ ...clean, receiver: [{ on: 'Object.prototype', key: '0', value: 1 }] }), 'receiver-elements');
  assert.equal(laneOf({ ...clean, receiver: [{ on: 'String.prototype', key: '0', get: {} }] }), 'receiver-elements');
  assert.equal(laneOf({ ...clean, sender: [{ on: 'Map.prototype', key: 'set', method: {} }, { on: 'Uint8Array.prototype', key: '2', value: 1, writable: false }] }),
    'sender-elements');
  // A writable index elsewhere, a named key, a key that is no array index, a deleted index: the other lane.
  assert.equal(laneOf({ ...clean, receiver: [{ on: 'String.prototype', key: '0', method: {} }] }), 'receiver');
  assert.equal(laneOf({ ...clean, sender: [{ on: 'Array.prototype', key: 'constructor', get: {} }] }), 'sender');
  assert.equal(laneOf({ ...clean, sender: [{ on: 'Array.prototype', key: '4294967295', value: 1 }] }), 'sender');
  assert.equal(laneOf({ ...clean, sender: [{ on: 'Array.prototype', key: '0', delete: true }] }), 'sender');
});

test('each member is handed only programs of its own lane, and every case of the run once', () => {
  const taken = drain(3 * CHUNK_SIZE, LANES.length);
  for (const { slot, task } of taken) {
    assert.equal(task.lane, laneOfSlot(slot));
    for (const program of task.programs) assert.equal(laneOf(program), task.lane);
  }
  const cases = taken.flatMap(({ task }) => task.indices.map((index) => task.chunk * CHUNK_SIZE + index)).sort((a, b) => a - b);
  assert.deepEqual(cases, Array.from({ length: 3 * CHUNK_SIZE }, (_, i) => i));
  assert.deepEqual(new Set(taken.map(({ task }) => task.lane)), new Set(LANES), 'seed 5 draws programs of every lane');
});

test('the cases a run replays fresh are the same every time, and polluting programs are likelier', () => {
  const first = drain(2 * CHUNK_SIZE, LANES.length, 0.05).flatMap(({ task }) => task.recheck.map((r) => `${task.chunk}:${r.index}`));
  const again = drain(2 * CHUNK_SIZE, LANES.length, 0.05).flatMap(({ task }) => task.recheck.map((r) => `${task.chunk}:${r.index}`));
  assert.ok(first.length > 0);
  assert.deepEqual(again, first);
  const clean = { root: { ref: 0 }, objects: [{ kind: 'array', items: [1] }] };
  const polluting = { ...clean, receiver: [{ on: 'Array.prototype', key: '0', value: 1 }] };
  assert.equal(recheckChance(0.1, polluting, target), 4 * recheckChance(0.1, clean, target));
  assert.deepEqual(sampleChunk({ seed: 1, rate: 0, chunk: 0, indices: [0, 1], programs: [clean, clean], targets: [target], chunkSize: CHUNK_SIZE }), []);
  // Spread over [0, 1): neighbouring cases do not draw neighbouring numbers.
  const draws = Array.from({ length: 1000 }, (_, i) => sampleDraw(7, i, 'node:worker'));
  assert.ok(draws.every((d) => d >= 0 && d < 1));
  assert.ok(Math.abs(draws.filter((d) => d < 0.5).length - 500) < 60);
});

test('a fresh replay agrees, shows what the run hid, or passes what needed the run\'s history', () => {
  const item = (verdict, signature) => ({ case: 0, chunkSeed: 0, path: '0', target: 't', program: {}, verdict, signature, sampled: true });
  assert.equal(agreementOf(item('pass'), { verdict: 'pass' }), 'agree');
  assert.equal(agreementOf(item('pass'), { verdict: 'deviation', signature: 'a' }), 'hidden');
  assert.equal(agreementOf(item('pass'), { verdict: 'crash' }), 'hidden');
  assert.equal(agreementOf(item('deviation', 'a'), { verdict: 'pass' }), 'history-dependent');
  assert.equal(agreementOf(item('deviation', 'a'), { verdict: 'deviation', signature: 'a' }), 'agree');
  assert.equal(agreementOf(item('deviation', 'a'), { verdict: 'deviation', signature: 'b' }), 'other-root');
  assert.equal(agreementOf(item('pass'), { verdict: 'harness-error' }), 'unjudged');
});

test('a runtime that dies while the reference judges a case is a host crash of that runtime, not the target\'s crash; the case goes on to the targets left', async () => {
  const { handleStall } = await import('../harness/fuzz/stalls.js');
  const { Tally } = await import('../harness/fuzz/tally.js');
  const other = { ...target, name: 'ref:spec-again' };
  const tally = new Tally([target, other], () => assert.fail('no finding'));
  const host = { agent: { name: 'node@24' }, targets: [target, other], cases: 0, lanes: { clean: [], sender: [], receiver: [], both: [] } };
  const program = { root: { ref: 0 }, objects: [{ kind: 'file', bytes: [], type: '', name: '' }] };
  const task = { kind: 'chunk', seed: 1, chunk: 0, lane: 'clean', indices: [3], programs: [program], targets: [target, other] };
  // Node 24 aborts in node::Blob::New when the reference builds a File under an Array.prototype index accessor (docs/findings-log-platform.md, finding 8).
  await handleStall(host, task, { reason: 'crash', heartbeat: { caseIndex: 3, targetIndex: -2 }, detail: 'killed by SIGABRT' }, tally);
  assert.deepEqual(tally.hostCrashes, [{ runtime: 'node@24', case: 3, target: target.name, program, detail: 'killed by SIGABRT' }]);
  assert.equal(tally.verdicts[target.name].crash, 0);
  assert.deepEqual(host.lanes.clean.map((t) => t.targets.map((s) => s.name)), [[other.name]]);
});
