// The benchmark scripts still run and report what they claim to (their
// numbers are not asserted: speed goals live in the benchmarks, not in tests).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { families } from '../fuzzers/programs.js';

const BENCH_FUZZ = fileURLToPath(new URL('../harness/bench/fuzz.js', import.meta.url));
const BENCH_LOOK_ALIKES = fileURLToPath(new URL('../harness/bench/look-alikes.js', import.meta.url));

test('bench/fuzz.js splits the cases into lanes and times every stage in each', () => {
  const { status, stdout, stderr } = spawnSync(process.execPath, [BENCH_FUZZ, '--json', '--cases', '300', '--rounds', '1', '--cores', '2'], {
    encoding: 'utf8', timeout: 120_000,
  });
  assert.equal(status, 0, stderr);
  const result = JSON.parse(stdout);
  assert.equal(result.cases, 300);
  assert.equal(result.lanes.clean + result.lanes.polluting, 300);
  assert.ok(result.lanes.clean > 0 && result.lanes.polluting > 0, 'the default weights draw both kinds of program');
  for (const lane of ['clean', 'polluting', 'all']) {
    assert.deepEqual(Object.keys(result.stageMicros[lane]), ['plan', 'build', 'walks', 'refClone', 'hostClone', 'oracle', 'target', 'judge']);
    for (const micros of Object.values(result.stageMicros[lane])) assert.ok(Number.isFinite(micros) && micros > 0);
  }
  assert.ok(result.generateMicros > 0);
  assert.equal(result.ceiling.cores, 2);
  assert.equal(result.ceiling.casesPerSecond, Math.round(2e6 / (result.generateMicros + result.stageMicros.all.judge)));
});

test('bench/fuzz.js --base times a base revision\'s stages beside this tree\'s and removes its checkout', () => {
  const worktrees = () => spawnSync('git', ['worktree', 'list', '--porcelain'], { encoding: 'utf8' }).stdout;
  const before = worktrees();
  const { status, stdout, stderr } = spawnSync(process.execPath, [BENCH_FUZZ, '--json', '--cases', '300', '--rounds', '1', '--base', 'HEAD'], {
    encoding: 'utf8', timeout: 300_000,
  });
  assert.equal(status, 0, stderr);
  const result = JSON.parse(stdout);
  assert.match(result.revision, /^[0-9a-f]{4,}$/);
  for (const side of ['base', 'current', 'ratio']) {
    for (const lane of ['clean', 'polluting', 'all']) {
      assert.deepEqual(Object.keys(result[side][lane]), ['plan', 'build', 'walks', 'refClone', 'hostClone', 'oracle', 'target', 'judge']);
      for (const value of Object.values(result[side][lane])) assert.ok(Number.isFinite(value) && value > 0);
    }
  }
  assert.equal(result.ratio.all.judge, result.base.all.judge / result.current.all.judge);
  assert.equal(worktrees(), before, 'the base checkout is gone');
});

const BENCH_VERSUS = fileURLToPath(new URL('../harness/bench/fuzz-versus.js', import.meta.url));

test('bench/fuzz-versus.js runs a base revision and this tree alternately, compares their findings and removes its checkout', () => {
  const worktrees = () => spawnSync('git', ['worktree', 'list', '--porcelain'], { encoding: 'utf8' }).stdout;
  const before = worktrees();
  const { status, stdout, stderr } = spawnSync(process.execPath, [BENCH_VERSUS, '--base', 'HEAD', '--runs', '300', '--rounds', '2', '--json'], {
    encoding: 'utf8', timeout: 300_000,
  });
  assert.equal(status, 0, stderr);
  const result = JSON.parse(stdout);
  for (const side of ['base', 'current']) {
    assert.equal(result[side].rounds.length, 2);
    assert.ok(result[side].casesPerSecond > 0 && result[side].seconds > 0);
  }
  assert.ok(result.ratio.casesPerSecond > 0);
  // Same seed and runs: the same findings, whichever tree ran them (HEAD and this tree agree).
  assert.equal(result.findings.same, true, JSON.stringify(result.findings.mismatches));
  assert.ok(result.findings.count > 0, 'node:clone deviates in known ways: there is something to compare');
  assert.equal(worktrees(), before, 'the base checkout is gone');
});

test('bench/look-alikes.js tells when a rare bug was reported apart from a frequent look-alike, for a base revision and this tree', () => {
  const weights = ['bytes=0', ...Object.keys(families).map((name) => `${name}=${['uncloneableGraph', 'primitiveRoot'].includes(name) ? 1 : 0}`)].join(',');
  const { status, stdout, stderr } = spawnSync(process.execPath, [BENCH_LOOK_ALIKES, '--base', 'HEAD', '--fixture', 'throws', '--seeds', '1', '--runs', '150',
    '--json', '--', '--weights', weights], { encoding: 'utf8', timeout: 300_000 });
  assert.equal(status, 0, stderr);
  const [row] = JSON.parse(stdout).rows;
  assert.ok(row.firstRareCase !== null && row.firstRareCase < 150, JSON.stringify(row));
  // HEAD is this tree's code: both report the rare bug from the first case that shows it.
  assert.equal(row.current.reportedAt, row.firstRareCase);
  assert.equal(row.base.reportedAt, row.firstRareCase);
  const bad = spawnSync(process.execPath, [BENCH_LOOK_ALIKES, '--base', 'HEAD', '--seeds', 'x'], { encoding: 'utf8' });
  assert.equal(bad.status, 2);
  assert.match(bad.stderr, /^look-alikes: --seeds x is not a list of seeds: write e\.g\. --seeds 1,2,3\n$/);
});
