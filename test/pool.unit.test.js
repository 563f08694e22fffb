// harness/pool/pool.js: a member that dies with no task running (machinery
// an earlier task left behind, failing later on its own) is reported, not
// lost, and the pool goes on with a fresh member. Members kept across pools
// (members.js) serve the next pool.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { keptMembers } from '../harness/pool/members.js';
import { runPool } from '../harness/pool/pool.js';

test('a worker that throws from a timer after answering, while it has no task, is reported as an idle crash and replaced; every task is answered', async () => {
  // Slot 0 answers task 1 and throws 20 ms later, while slot 1 is still on task 2 (1.5 s): the pool is not done yet.
  // Each slot gets its own task, whichever thread is ready first.
  const tasks = [[{ id: 1, ms: 0, throwLater: 20 }], [{ id: 2, ms: 1500 }]];
  const answered = [];
  const idle = [];
  const stalls = [];
  await runPool({
    workerURL: new URL('./fixtures/pool-member.js', import.meta.url),
    workers: 2,
    timeoutMs: 5_000,
    nextTask: (slot) => tasks[slot]?.shift(),
    onResult: (_task, result) => answered.push(result.id),
    onStall: (task) => stalls.push(task),
    onIdleCrash: (detail) => idle.push(detail),
  });
  assert.deepEqual(answered.sort(), [1, 2]);
  assert.deepEqual(stalls, []);
  assert.equal(idle.length, 1);
  assert.match(idle[0], /uncaught in the worker: TypeError: failed after task 1/);
});

test('a member with no task for now is asked again whenever another answers, and the pool ends only once none has work', async () => {
  // Slot 1's work appears only once slot 0 has answered its first task (a lane that fills later, harness/fuzz/schedule.js).
  const forSlot0 = [{ id: 1, ms: 50 }, { id: 2, ms: 50 }];
  const forSlot1 = [];
  const answered = [];
  await runPool({
    workerURL: new URL('./fixtures/pool-member.js', import.meta.url),
    workers: 2,
    timeoutMs: 5_000,
    nextTask: (slot) => (slot === 0 ? forSlot0.shift() : forSlot1.shift()),
    onResult: (_task, result) => {
      answered.push(result.id);
      if (result.id === 1) forSlot1.push({ id: 3, ms: 0 });
    },
    onStall: () => assert.fail('no task stalls'),
  });
  assert.deepEqual(answered.sort(), [1, 2, 3]);
});

test('a slot whose member has no task is not started until one comes; work that comes as the last member goes idle is still done', async () => {
  // Six slots (one per lane), work for slot 0 only; slot 3's comes within the nextTask call that finds slot 0 nothing
  // more after its answer (the chunk that ends a fuzz run may fill only other lanes: harness/fuzz/schedule.js).
  const forSlot0 = [{ id: 1, ms: 20 }];
  const forSlot3 = [];
  let late = false;
  const started = new Int32Array(new SharedArrayBuffer(4));
  const answered = [];
  await runPool({
    workerURL: new URL('./fixtures/pool-member.js', import.meta.url),
    workers: 6,
    workerData: { started },
    timeoutMs: 5_000,
    nextTask: (slot) => {
      if (slot === 0 && forSlot0.length === 0 && answered.length === 1 && !late) {
        late = true;
        forSlot3.push({ id: 9, ms: 0 });
      }
      return slot === 0 ? forSlot0.shift() : slot === 3 ? forSlot3.shift() : undefined;
    },
    onResult: (_task, result) => answered.push(result.id),
    onStall: () => assert.fail('no task stalls'),
  });
  assert.deepEqual(answered, [1, 9]);
  // Slot 0's thread and slot 3's, started with its task: four slots never started one.
  assert.equal(Atomics.load(started, 0), 2);
});

test('kept members serve the next pool: its tasks run on the threads an earlier pool started, each loading its targets first; one that hung, and a fresh member per task, are never taken', async () => {
  const started = new Int32Array(new SharedArrayBuffer(8));
  const members = keptMembers({ workerURL: new URL('./fixtures/pool-member.js', import.meta.url), idle: 4 });
  /** @param {{id: number, ms: number}[]} tasks @param {object} [options] */
  const pool = async (tasks, options = {}) => {
    const answered = [];
    const stalled = [];
    await runPool({
      workerURL: new URL('./fixtures/pool-member.js', import.meta.url), workers: 2, workerData: { started }, timeoutMs: 400, members,
      nextTask: () => tasks.shift(), onResult: (_task, result) => answered.push(result.id), onStall: (task) => stalled.push(task.id), ...options,
    });
    return { answered: answered.sort(), stalled };
  };
  try {
    assert.deepEqual(await pool([{ id: 1, ms: 50 }, { id: 2, ms: 50 }]), { answered: [1, 2], stalled: [] });
    assert.deepEqual([...started], [2, 0]);
    assert.deepEqual(await pool([{ id: 3, ms: 50 }, { id: 4, ms: 50 }]), { answered: [3, 4], stalled: [] });
    assert.deepEqual([...started], [2, 2], 'the second pool started no thread: both kept ones loaded its targets');
    // One thread hangs on task 5 and is replaced (a new thread); the kept ones are the other and the replacement.
    assert.deepEqual(await pool([{ id: 5, ms: 5_000 }, { id: 6, ms: 0 }, { id: 7, ms: 0 }]), { answered: [6, 7], stalled: [5] });
    assert.deepEqual([...started], [3, 4]);
    assert.deepEqual(await pool([{ id: 8, ms: 0 }, { id: 9, ms: 0 }], { freshMemberPerTask: true }), { answered: [8, 9], stalled: [] });
    assert.deepEqual([...started], [5, 4], 'a fresh member per task takes no kept one');
  } finally {
    await members.close();
  }
  assert.equal(members.take(), undefined, 'closed: nothing is kept');
});

test('a member that does not load in time is replaced once, and its task runs on the next; a slot whose members never load fails the run', async () => {
  const hangFirst = new Int32Array(new SharedArrayBuffer(4));
  const answered = [];
  await runPool({
    workerURL: new URL('./fixtures/pool-member.js', import.meta.url), workers: 1, workerData: { hangFirst }, timeoutMs: 5_000, loadTimeoutMs: 300,
    nextTask: (() => { const tasks = [{ id: 1, ms: 0 }]; return () => tasks.shift(); })(),
    onResult: (_task, result) => answered.push(result.id), onStall: () => assert.fail('no task stalls'),
  });
  assert.deepEqual(answered, [1]);
  assert.equal(Atomics.load(hangFirst, 0), 2, 'two members started: the one that hung, and the one that loaded');
  // Both members hang: the counter starts at -1, so neither finds it above 0.
  const neverLoads = new Int32Array(new SharedArrayBuffer(4));
  Atomics.store(neverLoads, 0, -1);
  await assert.rejects(runPool({
    workerURL: new URL('./fixtures/pool-member.js', import.meta.url), workers: 1, workerData: { hangFirst: neverLoads }, loadTimeoutMs: 300,
    nextTask: (() => { const tasks = [{ id: 1, ms: 0 }]; return () => tasks.shift(); })(),
    onResult: () => assert.fail('no member loads'), onStall: () => assert.fail('no task stalls'),
  }), /did not load in 0.3 s \(2 tries\)/);
});
