// A crash shrinks only while its candidates die the same way
// (portable/bugs/signature.js `deathOf`): who died and how, from what the
// pool, an agent or a receiving worker wrote, without what changes with the
// program. The details below are as clonecheck wrote them for real deaths.
// And a real runtime's crash shrinks to its local minimum (test/fuzz.test.js
// has an impl: module's hang and crash, found by a fuzz run).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { deathOf } from '../portable/bugs/signature.js';

const DENO_PANIC = 'the deno agent exited with code 1; stderr ends: ============================================================\n'
  + 'Deno has panicked. This is a bug in Deno. Please report this\n'
  + "thread 'worker-1' (30755) panicked at runtime/web_worker.rs:1059:11:\ncoding error: either js is polling or the worker is terminated";

test('a death is who died, how, and where a runtime panicked', () => {
  assert.equal(deathOf(DENO_PANIC), 'agent, exit code 1, panicked at runtime/web_worker.rs:1059');
  assert.equal(deathOf('the broken agent was killed by SIGSEGV'), 'agent, was killed by SIGSEGV');
  assert.equal(deathOf('the worker thread exited with code 7'), 'thread, exit code 7');
  assert.equal(deathOf('uncaught in the worker: RangeError: Maximum call stack size exceeded\n    at f (file.js:1:1)'), 'thread, RangeError');
  assert.equal(deathOf('a receiving worker died: Uncaught TypeError: Cannot set property 0 of #<Object> which has only a getter'),
    'receiving worker, TypeError');
  assert.equal(deathOf('a receiving worker died: exit code 7 (while the oracle ran there)'), 'receiving worker, exit code 7');
});

test('deaths that differ only in what the program put there are the same; others are not', () => {
  assert.equal(deathOf(DENO_PANIC.replace('30755', '4242')), deathOf(DENO_PANIC));
  assert.equal(deathOf('a receiving worker died: Uncaught TypeError: Cannot set property a of #<Object> which has only a getter'),
    deathOf('a receiving worker died: Uncaught TypeError: Cannot set property 0 of #<Object> which has only a getter'));
  assert.notEqual(deathOf('the worker thread exited with code 9'), deathOf('the worker thread exited with code 7'));
  // The class of an error the program's own getter threw is the program's choice (src/program/runtime.js).
  const programThrow = (name) => `uncaught in the worker: ${name}: thrown by @@Symbol.iterator\n    at new MessageEvent (node:internal/worker/io:144:24)`;
  assert.equal(deathOf(programThrow('RangeError')), "thread, the program's own throw");
  assert.equal(deathOf(programThrow('Error')), deathOf(programThrow('RangeError')));
  assert.equal(deathOf('a receiving worker died: Uncaught TypeError: thrown by 0'), "receiving worker, the program's own throw");
  assert.notEqual(deathOf('uncaught in the worker: TypeError: ports is not iterable'), deathOf(programThrow('TypeError')));
  assert.notEqual(deathOf(DENO_PANIC.replace('web_worker.rs:1059', 'ops.rs:12')), deathOf(DENO_PANIC));
  assert.notEqual(deathOf('a receiving worker died: exit code 7'), deathOf('the worker thread exited with code 7'));
});
