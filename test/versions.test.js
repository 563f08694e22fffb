// Every published version runs, since bisection walks them all: a sample
// across each runtime's range passes clean programs through real agents on
// `clone`, `messagechannel` and `wire`, and a version that cannot run a
// channel is refused in one line that says why. The sample: old versions
// that each lack something clonecheck had to do without (docs/targets.md
// #versions), and the pinned ones. The first run installs it into the
// runtime cache (~30 s and ~700 MB; ~1.5 min on a busy 2-core machine);
// later runs find it there and take ~10 s.

import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { replayPrograms } from '../harness/findings/replay.js';
import { reproSource } from '../harness/findings/repro.js';
import { expectedWhereValueLands } from '../harness/findings/expected.js';
import { resolveRuntime } from '../harness/runtimes.js';
import { TargetError, resolveTarget } from '../harness/targets/catalog.js';
import { clonecheck } from './helpers.js';

const SAMPLE = [
  // 1.1.0: its binary is bun/bin/bun, and it has no process.getBuiltinModule (`wire`).
  'bun@1.1.0', 'bun',
  // 1.46.3, the newest 1.x on npm: no global process, --unstable-byonm. 2.0.0: no
  // process.getBuiltinModule. Both: no MessagePort hasRef() (2.8), no exposed webidl brand (2.9).
  'deno@1.46.3', 'deno@2.0.0', 'deno',
  // 20.0.0: no process.getBuiltinModule (20.16).
  'node@20.0.0', 'node@22',
];

const CHANNELS = ['clone', 'messagechannel', 'wire'];

/** @param {object[]} objects @param {object} [rest] @returns {object} a program whose root is its first object */
const program = (objects, rest = {}) => ({ schema: 'clonecheck/program@2', root: { ref: 0 }, objects, ...rest });

const CLEAN = {
  '{a: 1}': program([{ kind: 'object', props: [{ key: 'a', value: 1 }] }]),
  '[1, 2, 3]': program([{ kind: 'array', items: [1, 2, 3] }]),
  'a TypeError': program([{ kind: 'error', type: 'TypeError', message: 'bad' }]),
  'a Map': program([{ kind: 'map', entries: [[1, 'one'], ['two', 2]] }]),
};

/** Installs print nothing here. */
const quietly = { onInstall: () => {} };

/**
 * @param {string} runtime
 * @param {Record<string, object>} programs by name
 * @returns {Promise<string[]>} `PROGRAM on TARGET: VERDICT` for each program on each channel of the runtime
 */
async function verdictsOn(runtime, programs) {
  const targets = await Promise.all(CHANNELS.map((channel) => resolveTarget(`${runtime}:${channel}`, quietly)));
  const verdicts = await replayPrograms(Object.values(programs), targets, { timeoutMs: 20_000 });
  return Object.keys(programs).flatMap((name, index) => verdicts[index].map((v) => (
    `${name} on ${v.target}: ${v.verdict}${v.verdict === 'pass' ? '' : ` ${JSON.stringify(v.differences ?? v.detail ?? v.error)}`}`)));
}

/** @param {string} runtime @param {Record<string, object>} programs @returns {string[]} what verdictsOn says when all pass */
const allPass = (runtime, programs) => Object.keys(programs).flatMap((name) => CHANNELS.map((channel) => `${name} on ${runtime}:${channel}: pass`));

for (const runtime of SAMPLE) {
  test(`${runtime}: {a: 1}, an array, an Error and a Map pass on clone, messagechannel and wire`, async () => {
    assert.deepEqual(await verdictsOn(runtime, CLEAN), allPass(runtime, CLEAN));
  });
}

test('deno before 2.8 (no MessagePort hasRef()): the reference knows a MessagePort by Deno\'s own brand check, and only a MessagePort', async () => {
  const ports = {
    'a transferred MessagePort': program([{ kind: 'object', props: [{ key: 'port', value: { ref: 1 } }] }, { kind: 'messageport' }], { transfer: [1] }),
    '{a: 1}': CLEAN['{a: 1}'],
  };
  assert.deepEqual(await verdictsOn('deno@2.0.0', ports), allPass('deno@2.0.0', ports));
});

test('a repro.mjs runs on old versions too (it asks whether it is a receiving worker, and wire\'s serializer may come late): node:wire\'s of {a: 1} passes there', async () => {
  const directory = mkdtempSync(join(tmpdir(), 'clonecheck-repro-'));
  after(() => rmSync(directory, { recursive: true, force: true }));
  const target = await resolveTarget('node:wire');
  const program = CLEAN['{a: 1}'];
  const file = join(directory, 'repro.mjs');
  const expected = await expectedWhereValueLands(target, program);
  writeFileSync(file, reproSource({ program, expected, target, signature: 'node-wire.none', replay: 'a test', verdict: 'deviation' }));
  for (const runtime of ['node@20.0.0', 'bun@1.1.0', 'deno@1.46.3', 'deno@2.0.0']) {
    const [binary, ...flags] = (await resolveRuntime(runtime, quietly)).command;
    const { stdout, stderr } = spawnSync(binary, [...flags, file], { encoding: 'utf8', timeout: 60_000, env: { ...process.env, NO_COLOR: '1' } });
    assert.match(stdout, /^PASS node:wire/, `${runtime}: ${stdout}${stderr}`);
  }
});

test('a version that lacks what a channel needs is refused in one line that says why', async () => {
  const refused = (/** @type {RegExp} */ why) => (/** @type {unknown} */ error) => error instanceof TargetError && why.test(error.message) && !error.message.includes('\n');
  await assert.rejects(resolveTarget('node@16.20.2:clone', quietly), refused(/^node@16\.20\.2:clone: not available on node 16\.20\.2: it has no structuredClone; /));
  await assert.rejects(resolveTarget('node@20.0.0:worker', quietly), refused(/^node@20\.0\.0:worker: not available on node 20\.0\.0: it has no process\.getBuiltinModule /));
  // Installed now: the command line says nothing but the refusal.
  const { status, stderr } = clonecheck(['fuzz', '--target', 'node@16.20.2:clone', '--runs', '10']);
  assert.equal(status, 2, stderr);
  assert.match(stderr, /^clonecheck: node@16\.20\.2:clone: not available on node 16\.20\.2: it has no structuredClone; [^\n]+\n$/);
});

test('a version whose package holds no binary is an install error that leaves nothing in the cache', () => {
  // deno@0.1.1 on npm is another project's package ("A bridge to Deno"): it installs, without a deno binary.
  const cache = mkdtempSync(join(tmpdir(), 'clonecheck-cache-'));
  after(() => rmSync(cache, { recursive: true, force: true }));
  const { status, stderr } = clonecheck(['install-runtimes', 'deno@0.1.1'], { CLONECHECK_CACHE: cache });
  assert.equal(status, 2, stderr);
  assert.match(stderr.trim().split('\n').at(-1), /^clonecheck: npm installed deno@0\.1\.1 but no deno binary is in it/);
  assert.deepEqual(readdirSync(join(cache, 'runtimes')), [], 'nothing half-installed is left in the cache');
});
