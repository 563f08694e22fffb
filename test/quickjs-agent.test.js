// QuickJS-ng as an agent runtime (docs/native.md, "QuickJS as an agent"), on
// the real agent build of the native harness: the targets are listed with
// QuickJS-ng's version, the agent answers fuzz chunks for both channels, a
// known QuickJS-ng bug is a deviation while an intended difference
// (portable/bugs/quickjs-expectations.json) is not, each filter's ledger
// entry (status intended) has a program that shows what the filter covers
// (judged in the stock qjs without the filters), and the conformance suite
// on quickjs:ref matches its recorded expectations.

import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { LEDGER_DIR, readLedger } from '../harness/bugs/ledger.js';
import { replayPrograms } from '../harness/findings/replay.js';
import { AGENT_TOOLCHAIN, buildHarness, stockQjs } from '../harness/native/build.js';
import { resolveTarget } from '../harness/targets/catalog.js';
import FILTERS from '../portable/bugs/quickjs-expectations.json' with { type: 'json' };
import { QUICKJS } from '../harness/native/sources.js';
import { clonecheck } from './helpers.js';

/** @type {string} */
let dir;
before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'clonecheck-quickjs-agent-'));
  // Linked here from the objects install-runtimes compiled (setup.sh, npm test's pretest: ~25 s of CPU, never in a
  // test), so each command below finds the agent in the cache.
  await buildHarness(AGENT_TOOLCHAIN, { compileEngine: false });
}, { timeout: 120_000 });
after(() => rmSync(dir, { recursive: true, force: true }));

/** @param {string} name @param {object} program @returns {string} its path */
function programFile(name, program) {
  const path = join(dir, `${name}.json`);
  writeFileSync(path, JSON.stringify({ schema: 'clonecheck/program@2', ...program }));
  return path;
}

test('targets lists quickjs:message and quickjs:ref with the pinned QuickJS-ng version, and no clone channel', () => {
  const { status, stdout } = clonecheck(['targets', '--json']);
  assert.equal(status, 0);
  const rows = JSON.parse(stdout);
  const list = Array.isArray(rows) ? rows : rows.targets;
  for (const name of ['quickjs:message', 'quickjs:ref']) {
    const row = list.find((r) => r.name === name);
    assert.ok(row?.available, `${name}: ${JSON.stringify(row)}`);
    assert.equal(row.version, QUICKJS.version);
  }
  assert.equal(list.find((r) => r.name === 'quickjs:clone'), undefined);
  const refused = clonecheck(['fuzz', '--target', 'quickjs:clone', '--runs', '1']);
  assert.equal(refused.status, 2);
  assert.match(refused.stderr, /QuickJS-ng has no structuredClone/);
  const runtimeOnly = clonecheck(['conform', '--target', 'quickjs']);
  assert.equal(runtimeOnly.status, 2);
  assert.match(runtimeOnly.stderr, /conform one of its channels instead \(quickjs:message, quickjs:ref\)/);
});

test('the agent answers fuzz chunks on both channels, with no harness error', () => {
  const json = join(dir, 'fuzz.json');
  const { status, stderr } = clonecheck(['fuzz', '--target', 'quickjs:message', '--target', 'quickjs:ref', '--runs', '200', '--seed', '1',
    '--out', join(dir, 'out'), '--json', json, '--shrink-runs', '20']);
  assert.ok(status === 0 || status === 1, stderr);
  const results = JSON.parse(readFileSync(json, 'utf8'));
  const text = JSON.stringify(results);
  for (const name of ['quickjs:message', 'quickjs:ref']) assert.ok(text.includes(name), `no results for ${name}`);
  assert.doesNotMatch(stderr, /HARNESS ERROR/);
  // The reference with its tiers, in QuickJS-ng, agrees with its spec path there.
  assert.doesNotMatch(stderr, /quickjs:ref: .*[1-9][\d,]* deviation/);
});

test('a private field is a deviation of quickjs:message (QuickJS-ng bug 1); the reference in QuickJS passes it', () => {
  const path = programFile('private', { root: { ref: 0 }, objects: [{ kind: 'object', class: 'A', privateField: true }] });
  const { status, stdout } = clonecheck(['repro', path, '--target', 'quickjs:message', '--target', 'quickjs:ref']);
  assert.equal(status, 1, stdout);
  assert.match(stdout, /DEVIATION quickjs:message {2}quickjs-message\.keys\.7a19c94d/);
  assert.match(stdout, /\$\[@@#secret\] {2}keys: expected "missing", actual "data property 0"/);
  assert.match(stdout, /PASS quickjs:ref/);
});

test('a length-tracking typed array is a deviation of quickjs:message (QuickJS-ng bug 2)', () => {
  const path = programFile('tracking', {
    root: { ref: 1 }, objects: [{ kind: 'arraybuffer', bytes: [1, 2], maxByteLength: 8 }, { kind: 'view', type: 'Uint8Array', buffer: 0 }],
  });
  const { status, stdout } = clonecheck(['repro', path, '--target', 'quickjs:message']);
  assert.equal(status, 1, stdout);
  assert.match(stdout, /<lengthTracking> {2}length: expected true, actual false/);
});

test("QuickJS-ng's intended differences are no deviation: a symbol-keyed property kept (symbol-keys-kept)", () => {
  const path = programFile('symbol-key', { root: { ref: 0 }, objects: [{ kind: 'object', props: [{ key: { symbol: 's' }, value: 1 }] }] });
  const { status, stdout } = clonecheck(['repro', path, '--target', 'quickjs:message']);
  assert.equal(status, 0, stdout);
  assert.match(stdout, /PASS quickjs:message/);
});

test("every filtered ledger entry's program shows its root in the stock qjs without the filters, the filter naming it covers that root, and quickjs:message passes it", async () => {
  const entries = readLedger().filter((bug) => FILTERS.some((filter) => filter.bug === bug.id));
  assert.equal(entries.length, FILTERS.length, 'each filter names a ledger entry');
  const qjs = /** @type {string} */ (await stockQjs());
  const files = entries.map((bug) => join(LEDGER_DIR, `${bug.id}.json`));
  const { stdout } = await promisify(execFile)(qjs, [fileURLToPath(new URL('fixtures/quickjs-unfiltered-root.mjs', import.meta.url)), ...files], { encoding: 'utf8' });
  const shown = new Map(stdout.trim().split('\n').map((line) => JSON.parse(line)).map((line) => [line.id, line]));
  for (const bug of entries) {
    assert.deepEqual(shown.get(bug.id)?.root, bug.root, `${bug.id}: its program's root without the filters`);
    assert.equal(FILTERS.find((filter) => filter.id === shown.get(bug.id)?.filter)?.bug, bug.id, `${bug.id}: the filter that covers its root names it`);
  }
  // With them, as triage replays it: no finding, so nothing to propose.
  const target = await resolveTarget('quickjs:message', { install: false });
  const verdicts = await replayPrograms(entries.map((bug) => bug.program), [target], { timeoutMs: 10000 });
  assert.deepEqual(verdicts.map(([verdict]) => verdict.verdict), entries.map(() => 'pass'));
});

test('conform on quickjs:ref runs the suite in QuickJS-ng and matches wpt/expectations/quickjs-ref.json', () => {
  const json = join(dir, 'conform.json');
  const { status, stdout } = clonecheck(['conform', '--target', 'quickjs:ref', '--json', json]);
  assert.equal(status, 0, stdout.slice(-2000));
  assert.match(stdout, /quickjs:ref +clonecheck +\d+ +[1-9]\d* +\d+ +0 +\d+ +0 +0 +quickjs 0\.16\.2/);
});
