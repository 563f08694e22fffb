// clonecheck nightly and merge (harness/nightly/, docs/gate.md): shards
// partition the campaign's units, two shards merged find what one unsharded
// run with the same seeds finds; runs go to a history folder; bad results
// files and a folder that is not a history are one line, exit 2, and merge
// skips bad files when asked and says which.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { campaignUnits, packUnits, parseShard, shardUnits } from '../harness/nightly/campaign.js';
import { reportRun } from '../harness/nightly/report.js';
import { clonecheck } from './helpers.js';

const scratch = mkdtempSync(join(tmpdir(), 'clonecheck-nightly-'));
const campaign = ['--target', 'ref:tiers', '--target', 'node:clone', '--target', 'node:messagechannel', '--seed', '5', '--seeds', '2', '--runs', '200', '--workers', '2', '--shrink', 'unexplained'];

/** @param {string} name @param {string[]} args */
function nightly(name, args) {
  const json = join(scratch, `${name}.json`);
  const result = clonecheck(['nightly', ...campaign, '--out', join(scratch, name), '--json', json, ...args]);
  assert.ok(result.status === 0 || result.status === 1, result.stderr);
  return { ...result, json, document: JSON.parse(readFileSync(json, 'utf8')) };
}

/** @param {any} document @returns {string} what was found, where */
const found = (document) => JSON.stringify(document.findings.map((/** @type {any} */ f) => [f.signature, f.seed, f.case, f.count, f.known]));

test('shards partition the units: each unit in one shard, implementations and seeds spread', () => {
  const units = campaignUnits(['ref:tiers', 'node:clone', 'node:worker', 'bun:clone'], 7, 3);
  assert.deepEqual(units.map((u) => [u.implementation, u.seed]), [
    ['ref:tiers', 7], ['node', 7], ['bun', 7], ['ref:tiers', 8], ['node', 8], ['bun', 8], ['ref:tiers', 9], ['node', 9], ['bun', 9],
  ]);
  assert.deepEqual(units[1].targets, ['node:clone', 'node:worker']);
  const shards = [1, 2, 3, 4].map((index) => shardUnits(units, { index, count: 4 }).map((u) => u.index));
  assert.deepEqual(shards.flat().sort((a, b) => a - b), units.map((u) => u.index));
  assert.deepEqual(shards, [[0, 4, 8], [1, 5], [2, 6], [3, 7]]);
  assert.equal(campaignUnits(['ref:tiers'], 2 ** 31 - 1, 2)[1].seed, -(2 ** 31));
  // A budget too short for every unit packs implementations together rather than skip some.
  const packed = packUnits(units.slice(0, 3), 2);
  assert.deepEqual(packed.map((u) => [u.implementation, u.targets, u.seed]), [['ref:tiers + node', ['ref:tiers', 'node:clone', 'node:worker'], 7], ['bun', ['bun:clone'], 7]]);
  assert.deepEqual(packUnits(units, 1).map((u) => u.seed), [7, 8, 9], 'units of different seeds are never packed together');
  assert.deepEqual(parseShard('2/4'), { index: 2, count: 4 });
  for (const bad of ['0/4', '5/4', '2', 'a/b']) assert.equal(parseShard(bad), null);
});

test('two shards merged give the same findings as one unsharded run with the same seeds; runs go to the history', () => {
  const history = join(scratch, 'history');
  const whole = nightly('whole', ['--history', history]);
  const first = nightly('shard-1', ['--shard', '1/2']);
  const second = nightly('shard-2', ['--shard', '2/2']);
  assert.ok(whole.document.findings.length > 0);
  assert.deepEqual(first.document.units.map((u) => u.index), [0, 2]);
  assert.deepEqual(second.document.units.map((u) => u.index), [1, 3]);
  assert.equal(second.document.conform.length, 0, 'conformance runs on the first shard');

  const merged = join(scratch, 'merged.json');
  const merge = clonecheck(['merge', first.json, second.json, '--out', merged, '--history', history]);
  assert.ok(merge.status === 0 || merge.status === 1, merge.stderr);
  const document = JSON.parse(readFileSync(merged, 'utf8'));
  assert.equal(found(document), found(whole.document));
  assert.equal(document.cases, whole.document.cases);
  // Each target's cases and verdicts; not its start-up and pace, which are measured, and differ from run to run.
  const counted = (/** @type {any} */ d) => d.targets.map((/** @type {any} */ { startupMs, judgingMs, casesPerSecondJudging, ...t }) => t);
  assert.deepEqual(counted(document), counted(whole.document));
  assert.deepEqual(document.guardCoverage, whole.document.guardCoverage);
  assert.deepEqual(document.conform, whole.document.conform);
  assert.deepEqual(document.shards, [1, 2]);
  // Each finding names its bug (known in the ledger, or proposed), with its repro and program; the run counts bugs.
  const ids = new Set([...document.bugs.known.map((/** @type {any} */ k) => k.bug), ...document.bugs.new.map((/** @type {any} */ n) => n.bug.id)]);
  for (const f of document.findings) {
    assert.equal(typeof f.known, 'boolean');
    assert.ok(f.bug === null || ids.has(f.bug), f.bug);
    assert.match(f.repro, /^clonecheck repro \S+ --target \S+$/);
    assert.equal(typeof f.program, 'object');
  }
  assert.match(merge.stdout, /^nightly: 800 cases .* \d+ known bugs? seen, \d+ new, \d+ fixed, \d+ regressed \(from \d+ findings?.*\); shards 1,2 of 2$/m);
  assert.equal(readdirSync(join(history, 'runs')).length, 2);

  // A shard twice, or shards of another campaign, are refused.
  const twice = clonecheck(['merge', first.json, first.json, '--out', join(scratch, 'x.json')]);
  assert.equal(twice.status, 2);
  assert.match(twice.stderr, /^clonecheck: \S+shard-1\.json has shard 1\/2 again; give each shard once\n$/);
});

test('--runs with --shrink unexplained (the main job\'s campaign) is counted in cases: one seed runs the same cases on each target and meets the same bugs with one worker or two; '
  + 'the units shrink nothing, and the roots no known bug explains are shrunk after triage', () => {
  // An empty ledger: no finding is a known bug, so every root is shrunk after triage.
  const ledger = mkdtempSync(join(scratch, 'empty-ledger-'));
  const runs = ['1', '2'].map((workers) => {
    const out = join(scratch, `unexplained-${workers}`);
    const json = `${out}.json`;
    const result = clonecheck(['nightly', '--target', 'node:clone', '--seed', '5', '--runs', '100', '--shrink', 'unexplained', '--ledger', ledger,
      '--workers', workers, '--out', out, '--json', json]);
    assert.ok(result.status === 0 || result.status === 1, result.stderr);
    return { ...result, out, document: JSON.parse(readFileSync(json, 'utf8')) };
  });
  const told = (/** @type {any} */ d) => JSON.stringify({
    findings: d.findings.map((/** @type {any} */ f) => [f.signature, f.case, f.count, f.minimized, f.bug, f.program]),
    new: d.bugs.new.map((/** @type {any} */ n) => n.bug.id), unconfirmed: d.bugs.unconfirmed.map((/** @type {any} */ u) => u.bug.id),
  });
  for (const { document, out, status } of runs) {
    assert.deepEqual(document.targets.map((/** @type {any} */ t) => [t.name, t.cases]), [['node:clone', 100]]);
    const unit = JSON.parse(readFileSync(join(out, 'unit-0.json'), 'utf8'));
    assert.ok(unit.findings.length > 0 && unit.findings.every((/** @type {any} */ f) => !f.minimized), 'the unit shrank nothing');
    assert.ok(document.bugs.new.length > 0, 'a shrunk root founds a new bug');
    for (const { findings } of document.bugs.new) {
      assert.ok(document.findings.some((/** @type {any} */ f) => f.minimized && findings.some((/** @type {any} */ n) => n.signature === f.signature)), 'each new bug has a shrunk finding');
    }
    assert.equal(status, 1, 'new bugs: exit 1');
    // Start-up apart from fuzzing: the unit's time is split into its parts, and the target's pace leaves its start-up out.
    const { unitsMs, processMs, startupMs, fuzzingMs, afterMs } = document.time;
    assert.ok(processMs > 0 && startupMs > 0 && fuzzingMs > 0, JSON.stringify(document.time));
    assert.equal(processMs + startupMs + fuzzingMs + afterMs, unitsMs);
    const [timed] = document.targets;
    assert.ok(timed.startupMs === startupMs && timed.judgingMs > 0 && timed.casesPerSecondJudging > 0, JSON.stringify(timed));
  }
  assert.match(runs[0].stdout, /^nightly: the units took [\d.]+ s: .* before a first thread, agent or page was ready, .*\nnightly: slowest to start .*node:clone/m);
  assert.equal(told(runs[1].document), told(runs[0].document));
  assert.match(runs[0].stdout, /^NEW {8}node\/\S+ .*\n {11}repro: clonecheck repro \S+ --target node:clone\n/m);
});

test('--recheck replays a share of each unit\'s cases fresh: the night adds up its units\' agreement and says it; each finding carries what its run measured of it', () => {
  const out = join(scratch, 'recheck');
  const json = `${out}.json`;
  const result = clonecheck(['nightly', '--target', 'node:clone', '--target', 'node:worker', '--seed', '5', '--runs', '100', '--recheck', '0.05', '--out', out, '--json', json]);
  assert.ok(result.status === 0 || result.status === 1, result.stderr);
  const document = JSON.parse(readFileSync(json, 'utf8'));
  const [unit] = document.units;
  assert.equal(unit.recheck.rate, 0.05);
  // Every finding's first case is replayed, and the sample.
  assert.ok(document.recheck.replayed >= document.findings.length && document.recheck.replayed > 0, JSON.stringify(document.recheck));
  assert.deepEqual(Object.keys(document.recheck.byTarget).sort(), ['node:clone', 'node:worker']);
  assert.equal(document.recheck.replayed, Object.values(document.recheck.byTarget).reduce((sum, row) => sum + row.replayed, 0));
  assert.match(result.stdout, new RegExp(`^nightly recheck at 0\\.05: ${document.recheck.replayed} replayed fresh: ${document.recheck.agree} agree, `, 'm'));
  assert.ok(document.findings.every((/** @type {any} */ f) => typeof f.reproducibility?.kind === 'string'));
});

test('with --runs, a campaign whose target ran fewer cases than asked, or whose unit was skipped, has no verdict (exit 3) unless it met a new bug', () => {
  const bugs = { known: [], new: [], unconfirmed: [], fixed: [], regressed: [], unreproduced: [] };
  const run = (/** @type {number} */ cases, /** @type {any[]} */ skippedUnits, more = {}) => ({
    runs: 100, cases, casesPerSecond: 1, shards: [1], shardCount: 1, skippedUnits, bugs: { ...bugs, ...more },
    targets: [{ name: 'node:clone', cases }], units: [{ targets: [{ name: 'node:clone', cases }], findings: [] }],
  });
  const proposed = { id: 'node/x', title: 'x', root: { category: 'kind', shape: 'kind on root: value: array -> null' }, foundOn: 'node:clone', shows: [],
    program: { schema: 'clonecheck/program@2', root: { ref: 0 }, objects: [{ kind: 'array', items: [1] }] } };
  const newBug = { new: [{ bug: proposed, findings: [] }] };
  const exits = [run(100, []), run(40, []), run(100, [{ implementation: 'bun', reason: 'failed' }]), run(40, [], newBug)].map((document) => reportRun(document));
  assert.deepEqual(exits, [0, 3, 3, 1]);
});

test('bad input: one line that says what to fix, exit 2; merge --skip-bad says what it skipped', () => {
  const good = nightly('good', ['--seeds', '1', '--runs', '50', '--target', 'ref:tiers']).json;
  const truncated = join(scratch, 'truncated.json');
  writeFileSync(truncated, readFileSync(good, 'utf8').slice(0, 500));
  const otherVersion = join(scratch, 'other-version.json');
  writeFileSync(otherVersion, JSON.stringify({ ...JSON.parse(readFileSync(good, 'utf8')), schemaVersion: 2 }));
  const notNightly = join(scratch, 'fuzz.json');
  writeFileSync(notNightly, JSON.stringify({ schemaVersion: 1, command: 'fuzz' }));
  const notHistory = join(scratch, 'not-history');
  mkdirSync(notHistory);
  writeFileSync(join(notHistory, 'notes.txt'), 'mine');

  const cases = [
    [['merge', truncated, '--out', join(scratch, 'o.json')], /truncated\.json is not JSON \(corrupt or truncated\); run that nightly again, or pass --skip-bad to leave it out/],
    [['merge', otherVersion, '--out', join(scratch, 'o.json')], /other-version\.json is schema version 2, this clonecheck reads version 1; rerun it with this clonecheck, or pass --skip-bad/],
    [['merge', notNightly, '--out', join(scratch, 'o.json')], /fuzz\.json is not a nightly results file \(command "fuzz"\)/],
    [['merge', good], /merge needs --out FILE or --history DIR/],
    [['merge', good, '--history', notHistory], /--history \S+not-history is not a clonecheck history \(no readable clonecheck-history\.json\); give an empty or new folder/],
    [['nightly', '--history', notHistory, '--target', 'ref:tiers'], /not-history is not a clonecheck history/],
    [['nightly', '--shard', '3/2'], /--shard 3\/2: give i\/n with 1 <= i <= n <= 1000/],
    [['nightly', '--budget', '10x'], /--budget.* It must be a duration from 1 s to a week/],
    [['nightly', '--shrink', 'some'], /--shrink.* Allowed choices are all, unexplained/],
  ];
  for (const [args, message] of cases) {
    const { status, stdout, stderr } = clonecheck(args);
    assert.equal(status, 2, `${args.join(' ')}: ${stderr}`);
    assert.equal(stdout, '');
    assert.equal(stderr.split('\n').filter(Boolean).length, 1, stderr);
    assert.match(stderr, message);
  }

  const skipped = clonecheck(['merge', good, truncated, otherVersion, '--out', join(scratch, 'skipped.json'), '--skip-bad']);
  assert.ok(skipped.status === 0 || skipped.status === 1, skipped.stderr);
  assert.match(skipped.stderr, /^clonecheck: skipped \S+truncated\.json is not JSON/m);
  assert.match(skipped.stderr, /^clonecheck: skipped \S+other-version\.json is schema version 2/m);
  assert.equal(found(JSON.parse(readFileSync(join(scratch, 'skipped.json'), 'utf8'))), found(JSON.parse(readFileSync(good, 'utf8'))));
});
