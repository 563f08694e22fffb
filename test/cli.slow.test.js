// The command line with other runtimes: `targets` lists every pinned one
// available, `repro` on their agents, a version the npm registry does not
// have. npm test runs it (it installs the runtimes first); cli.unit.test.js has
// the rest of the command line.

import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { clonecheck, programFile } from './helpers.js';

test('a runtime version that is not installed and cannot be is a usage error', () => {
  // Installing needs the registry; a version that does not exist fails there, offline or not.
  const cache = mkdtempSync(join(tmpdir(), 'clonecheck-cache-'));
  after(() => rmSync(cache, { recursive: true, force: true }));
  const result = clonecheck(['fuzz', '--target', 'bun@0.0.0-none:clone', '--runs', '10'], { CLONECHECK_CACHE: cache });
  assert.equal(result.status, 2, result.stderr);
  // Progress lines come first; the error is the last line.
  const lines = result.stderr.trim().split('\n');
  assert.match(lines[0], /^clonecheck: installing bun@0\.0\.0-none/);
  assert.match(lines.at(-1), /^clonecheck: bun@0.0.0-none:clone: cannot install bun@0\.0\.0-none from the npm registry: No matching version found/);
  assert.deepEqual(readdirSync(join(cache, 'runtimes')), [], 'nothing half-installed is left in the cache');
});

test('targets lists every built-in target and every channel of every pinned runtime, available, in text and JSON', () => {
  const text = clonecheck(['targets']);
  assert.equal(text.status, 0);
  const json = clonecheck(['targets', '--json']);
  assert.equal(json.status, 0);
  const { targets } = JSON.parse(json.stdout);
  const channels = ['clone', 'clone-transfer', 'messagechannel', 'worker', 'broadcast', 'wire'];
  const runtimes = ['node', 'node@22', 'node@24', 'node@26', 'bun', 'deno'];
  const names = targets.map((t) => t.name);
  assert.deepEqual(names.slice(0, 5), [
    'ref:spec', 'ref:tiers', 'polyfill:@ungap/structured-clone', 'polyfill:core-js', 'polyfill:realistic-structured-clone',
  ]);
  for (const runtime of runtimes) {
    for (const channel of channels) assert.ok(names.includes(`${runtime}:${channel}`), `${runtime}:${channel} listed`);
  }
  for (const t of targets.filter((row) => runtimes.includes(row.runtime) || !row.runtime)) {
    assert.equal(t.available, true, `${t.name}: ${t.reason}`);
    assert.match(text.stdout, new RegExp(`^${t.name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')} +available`, 'm'));
  }
  assert.equal(targets.find((t) => t.name === 'node@22:clone').version.split('.')[0], '22');
  assert.equal(targets.find((t) => t.name === 'node:clone').version, process.versions.node);
  // The decoder targets too, as `decode --list` names them: one list of targets for every command.
  const { decoders } = JSON.parse(json.stdout);
  const listed = clonecheck(['decode', '--list']).stdout.trim().split('\n').map((line) => line.split(/\s+/)[0]);
  assert.deepEqual(decoders.map((d) => d.name), listed);
  for (const name of ['node:textdecoder', 'bun:buffer-utf8', 'webkit:textdecoder-stream', 'ref:string-tiers']) {
    assert.ok(listed.includes(name), name);
    assert.match(text.stdout, new RegExp(`^${name}  +\\S`, 'm'));
  }
});

test('repro runs a program on agents of other runtimes; U+2028 and U+2029 in it cross intact', () => {
  const file = programFile({ schema: 'clonecheck/program@1', root: { ref: 0 }, objects: [{ kind: 'array', items: ['line\u2028separator', 'para\u2029graph', { hole: true }] }] });
  const result = clonecheck(['repro', file, '--target', 'node@24:clone', '--target', 'bun:worker', '--target', 'deno:broadcast']);
  assert.equal(result.status, 0, result.stdout + result.stderr);
  assert.deepEqual(result.stdout.trim().split('\n'), ['PASS node@24:clone', 'PASS bun:worker', 'PASS deno:broadcast']);
});

test('a receiving worker that dies is a crash verdict, and its agent goes on with the next target', () => {
  // Deno 2.9.6's worker message loop calls Function.prototype.call as the
  // receiving realm has it: a realm that replaced it kills the worker when
  // the loop next polls. On `broadcast` the receivers confirm their set-up
  // and then wait for the value, so they always poll polluted; on `worker`
  // the set-up and the value can arrive in one poll, and the worker lives
  // (6 runs side by side: 3 crashed, 3 passed).
  const file = programFile({ schema: 'clonecheck/program@1', root: 1, receiver: [{ on: 'Function.prototype', key: 'call', value: 1 }] });
  const result = clonecheck(['repro', file, '--target', 'deno:broadcast', '--target', 'deno:clone']);
  assert.equal(result.status, 1, result.stdout + result.stderr);
  assert.match(result.stdout, /^CRASH deno:broadcast\n {2}a receiving worker died: .*originalOp\.call is not a function/m);
  assert.match(result.stdout, /^PASS deno:clone$/m);
});
