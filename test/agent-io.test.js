// An agent (portable/hosts/agent.js) reads its tasks from stdin and writes
// its answers to stdout with the runtime's own stream code; none of that code
// may run inside a case's polluted window, where a plain script runs none.
// Before the agent let a turn of the event loop pass before each task,
// Deno 2.9.6's node-compat stdin read-ahead ran there: it read
// TypedArray.prototype.length (Buffer) and died in process.nextTick under a
// read-only Array.prototype[1], and two ledger entries were that, not Deno's
// MessagePort. A plain Deno script posting a number on a MessageChannel under
// either does neither.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { clonecheck } from './helpers.js';

const PROGRAMS = {
  'a getter on TypedArray.prototype.length': [{ on: 'TypedArray.prototype', key: 'length', get: {} }],
  'a read-only Array.prototype[1]': [{ on: 'Array.prototype', key: '1', writable: false }],
};

for (const [name, sender] of Object.entries(PROGRAMS)) {
  test(`a number posted on Deno's MessageChannel under ${name} passes: the agent's own stdin code runs outside the case`, (t) => {
    const dir = mkdtempSync(join(tmpdir(), 'clonecheck-agent-io-'));
    t.after(() => rmSync(dir, { recursive: true, force: true }));
    const file = join(dir, 'program.json');
    writeFileSync(file, JSON.stringify({ schema: 'clonecheck/program@2', root: 0, sender }));
    const replay = clonecheck(['repro', file, '--target', 'deno:messagechannel']);
    assert.equal(replay.stdout, 'PASS deno:messagechannel\n', replay.stdout + replay.stderr);
    assert.equal(replay.status, 0);
  });
}
