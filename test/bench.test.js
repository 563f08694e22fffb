// The benchmark scripts still run and report what they claim to (their
// numbers are not asserted: speed goals live in the benchmarks, not in tests).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { strategies } from '../fuzzers/programs.js';

const BENCH_FUZZ = fileURLToPath(new URL('./measure/fuzz.js', import.meta.url));
const BENCH_LOOK_ALIKES = fileURLToPath(new URL('./measure/look-alikes.js', import.meta.url));

test('measure/fuzz.js splits the cases into lanes and times every stage in each', () => {
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

test('measure/fuzz.js --base times a base revision\'s stages beside this tree\'s and removes its checkout', () => {
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

const BENCH_VERSUS = fileURLToPath(new URL('./measure/fuzz-versus.js', import.meta.url));

test('measure/fuzz-versus.js runs a base revision and this tree alternately, compares their findings and removes its checkout', () => {
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

test('measure/look-alikes.js tells when a rare bug was reported apart from a frequent look-alike, for a base revision and this tree', () => {
  const weights = ['bytes=0', ...Object.keys(strategies).map((name) => `${name}=${['uncloneableGraph', 'primitiveRoot'].includes(name) ? 1 : 0}`)].join(',');
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

// clonecheck bench (issue 27): structure, not speed.

import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { selectTier } from '../src/index.js';
import { SHAPES, suite as cloneSuite } from '../portable/bench/suites/clone.js';
import { measure } from 'mitata';
import { batching, measureRows, measuringUnits, withRatios } from '../portable/bench/run.js';
import { comparisonPairs, comparisons, inferences } from '../harness/bench/report.js';
import { BROWSERS } from '../harness/browsers/browsers.js';
import { dashboardModel } from '../harness/dashboard/model.js';
import { dashboardPage } from '../harness/dashboard/page.js';
import { assertUsageError, clonecheck } from './helpers.js';

/** The clone suite's rows with a clone that only records what it was given. */
async function recordedRows() {
  const given = [];
  const rows = await cloneSuite.prepare({ target: { name: 'test', clone: (value) => given.push(value) } });
  return { rows, given };
}

test('the clone suite builds every shape with one eligible baseline and its twins', async () => {
  const { rows } = await recordedRows();
  const groups = [...new Set(rows.map((r) => r.group))];
  assert.deepEqual(groups, SHAPES.map((s) => s.group));
  for (const shape of SHAPES) {
    const names = rows.filter((r) => r.group === shape.group).map((r) => r.name);
    const twins = {
      array: ['twin: named property', 'twin: hole', 'twin: polluted prototype'],
      objects: ['twin: named property', 'twin: hole', 'twin: polluted prototype', 'twin: getter'],
      object: ['twin: getter', 'twin: polluted prototype'],
      root: ['twin: in an array'],
    }[shape.kind];
    assert.deepEqual(names, ['eligible', ...twins], shape.group);
    assert.deepEqual(rows.filter((r) => r.group === shape.group && r.baseline).map((r) => r.name), ['eligible']);
  }
  const some = await cloneSuite.prepare({ target: { name: 'test', clone: () => {} }, shapes: ['ints-10', 'string-3m'] });
  assert.deepEqual([...new Set(some.map((r) => r.group))], ['[10 ints]', 'string of 3 MB']);
});

test("the twins are what the reference's tiers refuse: a hole, a named property, a getter", async () => {
  const { rows, given } = await recordedRows();
  for (const row of rows) row.fn();
  const tierOf = (group, name) => selectTier(given[rows.findIndex((r) => r.group === group && r.name === name)], {}).tier?.id ?? 'spec';
  assert.equal(tierOf('[100 ints]', 'eligible'), 'int32-array');
  assert.equal(tierOf('[100 doubles]', 'eligible'), 'double-array');
  for (const group of ['[100 ints]', '[100 doubles]', '[10 strings]', '[10 flat objects]']) {
    assert.equal(tierOf(group, 'twin: hole'), 'spec', group);
    assert.equal(tierOf(group, 'twin: named property'), 'spec', group);
  }
  assert.equal(tierOf('{a: 123}', 'eligible'), 'simple-object');
  assert.equal(tierOf('{a: 123}', 'twin: getter'), 'spec');
  assert.equal(tierOf('[10 flat objects]', 'twin: getter'), 'spec');
  assert.equal(tierOf('string of 14 KB', 'eligible'), 'primitive-root');
});

test('a polluted prototype is in place only while its row is timed, and its rows are measured last', async () => {
  const { rows } = await recordedRows();
  const units = measuringUnits(rows);
  const firstPolluting = units.findIndex((unit) => unit.rows.some((i) => rows[i].enter !== undefined));
  assert.ok(firstPolluting > 0);
  for (const [index, unit] of units.entries()) {
    assert.equal(unit.rows.every((i) => rows[i].enter !== undefined), index >= firstPolluting, unit.group);
  }
  const polluted = rows.find((r) => r.group === '[10 ints]' && r.name === 'twin: polluted prototype');
  let seen;
  const probe = { ...polluted, fn: () => { seen = [1000000 in [], Object.hasOwn(Array.prototype, '1000000')]; } };
  const [measured] = await measureRows([probe], { rowMs: 10, rounds: 1 });
  assert.deepEqual(seen, [true, true]);
  // mitata takes 12 samples at least, and drops the 2 lowest and highest of more than 12.
  assert.ok(measured.samples.length >= 8);
  assert.equal(Object.hasOwn(Array.prototype, '1000000'), false);
});

test("a row that throws is reported with its error and not timed; ratios are against the group's baseline of the same target", async () => {
  const [ok, thrown] = await measureRows([{ group: 'g', name: 'a', fn: () => 1 }, { group: 'g', name: 'b', fn: () => { throw new TypeError('no BigInt'); } }], { rowMs: 10, rounds: 1 });
  assert.ok(ok.samples.length > 0);
  assert.deepEqual(thrown.samples, []);
  assert.match(thrown.error, /TypeError: no BigInt/);
  const row = (target, group, name, p50, baseline = false) => ({ target, suite: 'clone', group, name, baseline, ns: { min: p50, p50, p75: p50, p99: p50, max: p50 }, samples: 12, ratio: NaN });
  const rated = withRatios([
    row('x', 'g', 'eligible', 100, true), row('x', 'g', 'twin: hole', 300), row('y', 'g', 'eligible', 50, true), row('y', 'g', 'twin: hole', 60), row('y', 'h', 'twin: hole', 60),
  ]);
  assert.deepEqual(rated.map((r) => r.ratio), [1, 3, 1, 1.2, NaN]);
  assert.deepEqual(inferences(rated).map((i) => [i.target, i.group, i.verdict, i.lostBy]), [
    ['x', 'g', 'fast path', ['twin: hole']], ['y', 'g', 'none', []], ['y', 'h', 'unmeasured', []],
  ]);
  // Slower at p50 but not at min: the load moved the p50s, not a verdict.
  const loaded = withRatios([row('z', 'g', 'eligible', 100, true), { ...row('z', 'g', 'twin: hole', 300), ns: { min: 100, p50: 300, p75: 300, p99: 300, max: 300 } }]);
  assert.deepEqual(inferences(loaded).map((i) => i.verdict), ['unclear']);
  // A twin slower after than before by p50 and min is a twin regression; the eligible row never is.
  const compared = comparisons(rated, [{ before: 'y', after: 'x' }]);
  assert.deepEqual(compared.map((c) => [c.name, c.speedup, c.minSpeedup, c.twinRegression]), [['eligible', 0.5, 0.5, false], ['twin: hole', 0.2, 0.2, true]]);
});

test('bench compares ref:spec with ref:tiers, and one runtime at several versions (first given is the before), or everything with --baseline', () => {
  const specs = [{ name: 'ref:tiers' }, { name: 'bun@1.3.8:clone', runtime: { family: 'bun' } }, { name: 'ref:spec' },
    { name: 'bun:clone', runtime: { family: 'bun' } }, { name: 'bun:worker', runtime: { family: 'bun' } }, { name: 'node:clone', runtime: { family: 'node' } }];
  assert.deepEqual(comparisonPairs(specs), [{ before: 'ref:spec', after: 'ref:tiers' }, { before: 'bun@1.3.8:clone', after: 'bun:clone' }]);
  assert.deepEqual(comparisonPairs(specs.slice(0, 2), 'ref:tiers'), [{ before: 'ref:tiers', after: 'bun@1.3.8:clone' }]);
});

test("mitata's batches fit a row's round: at least 12 samples in half of it", () => {
  assert.deepEqual(batching(50, 50e6), { batch_samples: 4096, batch_threshold: Infinity, warmup_threshold: Infinity });
  const { batch_samples: calls } = batching(44_000, 50e6);
  assert.ok(calls % 4 === 0 && calls * 44_000 * 12 <= 25e6);
  assert.deepEqual(batching(3e6, 50e6), { batch_samples: 4, batch_threshold: -1 });
  // A clock of 20 µs steps (a page's): a sample is 50 steps at least, 1 ms.
  assert.equal(batching(1000, 4e6, 20_000).batch_samples, 1000);
});

test("a batch decided for a row is taken even when mitata's first warm-up call is slow (a collection, a loaded machine)", async () => {
  let calls = 0;
  const slowFirstCall = () => {
    calls += 1;
    if (calls > 1) return;
    const until = performance.now() + 2; // 2 ms: over mitata's 500 µs warm-up threshold
    while (performance.now() < until);
  };
  const options = batching(50, 4e6);
  const stats = await measure(slowFirstCall, { gc: false, min_samples: 12, min_cpu_time: 4e6, ...options });
  assert.equal(stats.ticks, stats.samples.length * options.batch_samples);
});

test('clonecheck bench times every row of a shape in this process and in a browser page, with --json', () => {
  const dir = mkdtempSync(join(tmpdir(), 'clonecheck-bench-'));
  const file = join(dir, 'bench.json');
  const page = existsSync(BROWSERS.chromium.binary) ? ['--target', 'chromium:clone'] : [];
  const { status, stdout, stderr } = clonecheck(['bench', '--target', 'ref:spec', '--target', 'ref:tiers', ...page, '--shape', 'ints-10', '--shape', 'string-11',
    '--row-ms', '10', '--rounds', '1', '--json', file]);
  assert.equal(status, 0, stderr);
  assert.match(stdout, /^ref:spec → ref:tiers/m);
  const document = JSON.parse(readFileSync(file, 'utf8'));
  assert.equal(document.schemaVersion, 1);
  const targets = ['ref:spec', 'ref:tiers', ...(page.length > 0 ? ['chromium:clone'] : [])];
  assert.deepEqual(document.targets.map((t) => [t.target, t.error]), targets.map((t) => [t, null]));
  for (const target of targets) {
    const rows = document.results.filter((r) => r.target === target);
    assert.deepEqual(rows.map((r) => `${r.group}/${r.name}`).sort(), [
      '[10 ints]/eligible', '[10 ints]/twin: hole', '[10 ints]/twin: named property', '[10 ints]/twin: polluted prototype',
      'string of 11 chars/eligible', 'string of 11 chars/twin: in an array'].sort());
    for (const r of rows) {
      assert.ok(r.samples >= 8 && r.ns.min <= r.ns.p50 && r.ns.p50 <= r.ns.p99 && r.ns.p99 <= r.ns.max, `${target} ${r.name}`);
      const baseline = rows.find((b) => b.group === r.group && b.baseline);
      assert.equal(r.ratio, r.ns.p50 / baseline.ns.p50);
      assert.equal(r.minRatio, r.ns.min / baseline.ns.min);
    }
    assert.equal(document.inferences.filter((i) => i.target === target).length, 2);
  }
  assert.equal(document.comparisons.filter((c) => c.before === 'ref:spec' && c.after === 'ref:tiers').length, 6);
  // The dashboard's benchmark section: a cell per target and shape, with its inference.
  const html = dashboardPage(dashboardModel([], [], document), { chartScript: 'chart.js', clientScript: 'dashboard.js' });
  const section = /<section id="bench">[\s\S]*?<\/section>/.exec(html)?.[0] ?? '';
  for (const target of targets) assert.ok(section.includes(`>${target}</th>`), target);
  assert.equal((section.match(/<small>(fast path|none|unclear|unmeasured)<\/small>/g) ?? []).length, document.inferences.length);
});

test('clonecheck bench refuses an unknown shape, target or channel with one line', () => {
  assertUsageError(clonecheck(['bench', '--shape', 'ints-7']), /--shape ints-7: not a shape of the clone suite; use ints-10/);
  assertUsageError(clonecheck(['bench', '--target', 'nosuch:clone']), /unknown runtime 'nosuch'/);
  assertUsageError(clonecheck(['bench', '--target', 'node:wire']), /bench times the clone, messagechannel, worker channels; use node:clone/);
  assertUsageError(clonecheck(['bench', '--target', 'ref:spec', '--baseline', 'ref:tiers']), /--baseline ref:tiers is not one of the targets/);
});

test('Ctrl-C stops clonecheck bench after the rows being measured, and prints and writes those', async () => {
  const { spawn } = await import('node:child_process');
  const file = join(mkdtempSync(join(tmpdir(), 'clonecheck-bench-')), 'bench.json');
  const cli = fileURLToPath(new URL('../harness/cli.js', import.meta.url));
  const child = spawn(process.execPath, [cli, 'bench', '--target', 'ref:spec', '--target', 'ref:tiers', '--row-ms', '50', '--json', file], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (text) => { stdout += text; });
  // Once, 3 s after the progress line first shows: a unit of ref:spec's rows takes 0.2 s (a second press quits at once).
  let pressed = false;
  child.stderr.on('data', (text) => {
    stderr += text;
    if (!pressed && /rows/.test(stderr)) {
      pressed = true;
      setTimeout(() => child.kill('SIGINT'), 3000);
    }
  });
  const code = await new Promise((resolve) => child.on('exit', resolve));
  assert.equal(code, 130, stderr);
  const document = JSON.parse(readFileSync(file, 'utf8'));
  assert.equal(document.interrupted, true);
  assert.ok(document.results.length > 0 && document.results.length < 128, `${document.results.length} rows`);
  assert.match(stdout, /\(stopped early\)\n$/);
});
