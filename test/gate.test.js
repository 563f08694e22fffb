// clonecheck gate (harness/gate/, docs/gate.md): the same inputs give the
// same verdicts; the fuzz smoke shrinks only what no known bug explains; a
// conformance result its expectations do not list, a regression that
// changed and a fuzz finding of a bug the ledger lacks each fail the gate
// with a repro command that shows it again; --update-ledger writes the new
// bugs and the gate passes after; bad input is one line, exit 2; past its
// budget the gate gives no verdict.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { gateTargetsOf } from '../harness/commands/main.js';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EXPECTATIONS_DIR } from '../harness/conform/files.js';
import { REGRESSIONS_DIR } from '../harness/findings/regressions.js';
import { BUG_SCHEMA, readLedger } from '../harness/bugs/ledger.js';
import { clonecheck } from './helpers.js';

const scratch = mkdtempSync(join(tmpdir(), 'clonecheck-gate-'));
const base = ['gate', '--target', 'ref:tiers', '--target', 'node:clone', '--runs', '300', '--workers', '2'];
const ledger = join(scratch, 'ledger');

/** @param {string} name @param {string[]} args */
function gate(name, args = []) {
  const json = join(scratch, `${name}.json`);
  const result = clonecheck([...base, '--out', join(scratch, name), '--json', json, '--ledger', ledger, ...args]);
  return { ...result, document: result.status === 0 || result.status === 1 ? JSON.parse(readFileSync(json, 'utf8')) : null };
}

/** @param {any} document @returns {string} the verdicts, nothing that depends on time */
const verdicts = (document) => JSON.stringify({
  verdict: document.verdict, unexpected: document.unexpected, regressions: document.regressions.map((r) => [r.signature, r.status]),
  findings: document.fuzz.findings.map((f) => [f.signature, f.bug, f.known]), conform: document.conform.targets.map((t) => t.counts),
});

test('gate: findings of bugs the ledger lacks fail it until --update-ledger; the same inputs give the same verdicts', () => {
  const first = gate('first');
  assert.equal(first.status, 1, first.stderr);
  assert.ok(first.document.unexpected.length > 0);
  for (const u of first.document.unexpected) {
    assert.equal(u.area, 'fuzz');
    assert.match(u.test, /^node\/\S+ \(node-clone\.\S+\)$/);
    assert.match(u.repro, /^clonecheck repro \S+findings\/node-clone\.\S+ --target node:clone$/);
    assert.ok(first.stdout.includes(`NEW BUG [fuzz] node:clone  ${u.test}`), first.stdout);
  }
  // Several findings of one bug are one new bug.
  const proposed = new Set(first.document.fuzz.findings.map((f) => f.bug).filter(Boolean));
  assert.equal(first.document.bugs.new.length, proposed.size);
  assert.match(first.stdout, new RegExp(`^fuzz smoke: 300 cases, ${first.document.fuzz.findings.length} findings: 0 known bugs, ${proposed.size} new, 0 regressed`, 'm'));
  assert.match(first.stdout, /^gate: FAIL, \d+ unexpected/m);
  // The smoke shrinks only what no known bug explains: here each new bug's first finding.
  assert.ok(first.document.fuzz.findings.some((f) => f.minimized === true));

  const update = gate('update', ['--update-ledger']);
  assert.equal(update.status, 0, update.stderr);
  const bugs = readLedger(ledger);
  assert.ok(bugs.every((bug) => bug.schema === BUG_SCHEMA && bug.implementation === 'node' && bug.status === 'open'));
  assert.deepEqual(bugs.map((bug) => bug.id).sort(), [...proposed].sort());

  const runs = ['again-1', 'again-2'].map((name) => gate(name));
  for (const again of runs) {
    assert.equal(again.status, 0, again.stdout);
    assert.equal(again.document.verdict, 'pass');
    assert.match(again.stdout, /^gate: PASS, 0 unexpected/m);
  }
  assert.equal(verdicts(runs[0].document), verdicts(runs[1].document));
  // Known now: the findings are the same ones, each under a ledger bug; only one that triage could not tell unshrunk is
  // shrunk (seed 1: 1 of 8, whose unshrunk program the shrunk bug's program did not explain).
  assert.ok(runs[0].document.fuzz.findings.every((f) => f.bug === null || (f.known && proposed.has(f.bug))));
  const shrunk = (/** @type {any} */ document) => document.fuzz.findings.filter((/** @type {any} */ f) => f.minimized).length;
  assert.ok(shrunk(runs[0].document) < shrunk(first.document), `${shrunk(runs[0].document)} shrunk of known bugs, ${shrunk(first.document)} of new ones`);
  assert.deepEqual(runs[0].document.fuzz.findings.map((f) => f.signature), first.document.fuzz.findings.map((f) => f.signature));
  assert.ok(runs[0].document.regressions.length > 0 && runs[0].document.regressions.every((r) => r.status === 'same'));
});

test('gate: an expected failure that is not listed, and a regression that deviates another way, each fail it with a repro', () => {
  const expectations = join(scratch, 'expectations');
  cpSync(EXPECTATIONS_DIR, expectations, { recursive: true });
  const node = JSON.parse(readFileSync(join(expectations, 'node.json'), 'utf8'));
  const [dropped] = Object.keys(node.suites.clonecheck['/errors.any.js'].subtests);
  delete node.suites.clonecheck['/errors.any.js'].subtests[dropped];
  writeFileSync(join(expectations, 'node.json'), JSON.stringify(node));

  const regressions = join(scratch, 'regressions');
  const name = readdirSync(REGRESSIONS_DIR).find((n) => n.startsWith('node-clone.'));
  cpSync(join(REGRESSIONS_DIR, name), join(regressions, name));
  const regression = JSON.parse(readFileSync(join(regressions, name), 'utf8'));
  writeFileSync(join(regressions, name), JSON.stringify({ ...regression, signature: 'node-clone.keys.00000000' }));

  const { status, stdout, document } = gate('regressed', ['--expectations', expectations, '--regressions', regressions, '--runs', '1']);
  assert.equal(status, 1, stdout);
  const conform = document.unexpected.filter((u) => u.area === 'conform');
  assert.deepEqual(conform.map((u) => [u.target, u.test, u.status, u.expected]), [['node', `/errors.any.js › ${dropped}`, 'FAIL', 'PASS']]);
  assert.match(conform[0].repro, /^clonecheck conform \S*wpt\/errors\.any\.js --target node$/);
  const [changed] = document.unexpected.filter((u) => u.area === 'regression');
  assert.deepEqual([changed.test, changed.status, changed.expected], ['node-clone.keys.00000000', 'changed', 'same']);
  assert.match(changed.repro, /^clonecheck repro \S+regressions\/node-clone\.keys\.00000000 --target node:clone$/);
  // The repro commands show it again.
  const repro = clonecheck(changed.repro.split(' ').slice(1), {});
  assert.equal(repro.status, 1);
  assert.match(repro.stdout, /^DEVIATION node:clone/);
});

test('gate: bad input is one line that says what to fix, exit 2; past its budget there is no verdict, exit 3', () => {
  const corrupt = join(scratch, 'corrupt');
  mkdirSync(join(corrupt, 'node'), { recursive: true });
  writeFileSync(join(corrupt, 'node', 'a.json'), '{"schema": "clonecheck/bug@1", "id": ');
  const otherSchema = join(scratch, 'other');
  mkdirSync(join(otherSchema, 'node'), { recursive: true });
  writeFileSync(join(otherSchema, 'node', 'a.json'), JSON.stringify({ schema: 'clonecheck/bug@2', id: 'node/a' }));
  const unknownTest = join(scratch, 'unknown-test');
  cpSync(EXPECTATIONS_DIR, unknownTest, { recursive: true });
  writeFileSync(join(unknownTest, 'node.json'), JSON.stringify({ target: 'node', suites: { clonecheck: { '/gone.any.js': { expected: 'ERROR' } } } }));
  const otherTarget = join(scratch, 'other-target');
  cpSync(EXPECTATIONS_DIR, otherTarget, { recursive: true });
  writeFileSync(join(otherTarget, 'node.json'), JSON.stringify({ target: 'bun', suites: {} }));
  const cases = [
    [['--ledger', corrupt], /a\.json is not JSON .*; fix it, or delete it and let triage --update write it again$/],
    [['--ledger', otherSchema], /a\.json: schema "clonecheck\/bug@2", expected "clonecheck\/bug@1" \(docs\/bugs\.md\)$/],
    [['--expectations', unknownTest], /node\.json expects results of \/gone\.any\.js, which is not a test of the clonecheck suite; remove the entry/],
    [['--expectations', otherTarget], /node\.json names target "bun", not node; fix its "target"/],
    [['--target', 'node:nope'], /unknown channel 'nope' in node:nope/],
  ];
  for (const [args, message] of cases) {
    const { status, stdout, stderr } = clonecheck([...base, '--out', join(scratch, 'bad'), ...args]);
    assert.equal(status, 2, `${args.join(' ')}: ${stderr}`);
    assert.equal(stdout, '');
    const errorLines = stderr.split('\n').filter((line) => line.startsWith('clonecheck: '));
    assert.equal(errorLines.length, 1, stderr);
    assert.match(errorLines[0], message);
  }
  const late = clonecheck([...base, '--out', join(scratch, 'late'), '--budget', '1']);
  assert.equal(late.status, 3, late.stderr);
  assert.match(late.stderr, /clonecheck: no verdict: clonecheck conform .* was still running when the budget ran out; raise --budget or lower --runs/);
});

test('the main job gates each implementation whose expectations are recorded, and only fuzzes one without (a version installed on demand)', () => {
  const available = ['ref:spec', 'ref:tiers', 'polyfill:core-js', 'node:clone', 'node:worker', 'node@20:clone', 'node@22:clone', 'quickjs:message', 'quickjs:ref', 'chromium:clone', 'chromium:iframe'];
  const { gated, ungated } = gateTargetsOf(available, EXPECTATIONS_DIR);
  assert.deepEqual(gated, ['ref:tiers', 'node:clone', 'node@22:clone', 'quickjs:message', 'chromium:clone']);
  assert.deepEqual(ungated, ['node@20:clone']);
});
