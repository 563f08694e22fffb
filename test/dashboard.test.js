// clonecheck dashboard (harness/dashboard/, docs/gate.md): from a history of
// three real nightly runs, one page that opens from disk in real Chromium
// (launched as harness/browsers/launch.js launches it) with no console
// error, its three charts drawn by the Chart.js copied beside it, bugs
// first (the header counts them, each with its findings and their repro
// commands), nothing copied beside it but two scripts; a screenshot
// is kept in test/artifacts/ (gitignored). A bad run file is one line,
// exit 2, or skipped with --skip-bad.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { launchBrowser } from '../harness/browsers/launch.js';
import { resolveRuntime } from '../harness/runtimes.js';
import { clonecheck } from './helpers.js';

const scratch = mkdtempSync(join(tmpdir(), 'clonecheck-dashboard-'));
const history = join(scratch, 'history');
const ARTIFACTS = fileURLToPath(new URL('./artifacts/', import.meta.url));

test('dashboard: three nightly runs make one page that opens offline in Chromium without console errors', async () => {
  for (const seed of [11, 12, 13]) {
    const run = clonecheck(['nightly', '--target', 'ref:tiers', '--target', 'node:clone', '--target', 'node:messagechannel', '--seed', String(seed), '--runs', '150',
      '--workers', '2', '--shrink', 'unexplained', '--history', history, '--out', join(scratch, `run-${seed}`), ...(seed === 13 ? ['--recheck', '0.02'] : [])]);
    assert.ok(run.status === 0 || run.status === 1, run.stderr);
  }
  const out = join(scratch, 'page');
  const made = clonecheck(['dashboard', '--history', history, '--out', out]);
  assert.equal(made.status, 0, made.stderr);
  assert.match(made.stdout, /^dashboard of 3 runs: \S+index\.html$/m);
  const html = readFileSync(join(out, 'index.html'), 'utf8');
  assert.ok(existsSync(join(out, 'chart.umd.min.js')) && existsSync(join(out, 'dashboard.js')));
  assert.doesNotMatch(html, /https?:\/\/(?!html\.spec|github\.com)/, 'nothing loads from the network');
  assert.deepEqual(readdirSync(out).sort(), ['chart.umd.min.js', 'dashboard.js', 'index.html']);
  // What changed comes first, what did not show again, then the bugs, the matrix, the trend, coverage.
  const order = ['id="changed"', 'id="not-again"', 'id="bugs"', 'id="matrix"', 'id="trend"', 'id="coverage"'].map((s) => html.indexOf(s));
  assert.deepEqual([...order].sort((a, b) => a - b), order);
  assert.ok(order.every((i) => i > 0));
  assert.match(html, /<td>node<\/td><td class="version" title="node \d+\.\d+\.\d+">node \d+\.\d+\.\d+<\/td>/);
  assert.match(html, /<code>clonecheck repro \S+ --target node:(clone|messagechannel)<\/code>/);
  // The last run replayed its findings' first cases and a sample fresh (--recheck).
  assert.match(html, /<p>Fresh replays \(rate 0\.02\): \d+ cases, \d+ agree, <b>\d+ hidden<\/b>/);
  assert.match(html, /<details id="node\/[a-z0-9-]+"><summary>node\/[a-z0-9-]+: /);
  assert.match(html, /<td>node-(clone|messagechannel)\.[a-z-]+\.[0-9a-f]{8}<\/td><td>node:(clone|messagechannel)<\/td>/);

  const chromium = await resolveRuntime('chromium', { install: false });
  const browser = await launchBrowser(chromium);
  try {
    const opened = await browser.openPage('about:blank');
    const { page } = opened;
    const problems = [];
    page.on('console', (message) => { if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text()); });
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('requestfailed', (request) => problems.push(`${request.url()}: ${request.failure()?.errorText}`));
    await page.setViewportSize({ width: 1400, height: 1000 });
    await page.goto(pathToFileURL(join(out, 'index.html')).href, { waitUntil: 'load' });
    // Chart.js draws into each canvas and remembers the chart on it.
    const charts = await page.evaluate(() => [...document.querySelectorAll('canvas')].map((canvas) => {
      const chart = /** @type {any} */ (globalThis).Chart.getChart(canvas);
      return chart === undefined ? null : { points: chart.data.labels.length, lines: chart.data.datasets.length };
    }));
    assert.equal(charts.length, 3);
    assert.deepEqual(charts[0], { points: 3, lines: 3 });
    assert.ok(charts[1] !== null && charts[1].points === 3 && charts[1].lines >= 2, JSON.stringify(charts[1]));
    assert.deepEqual(charts[2], { points: 3, lines: 2 });
    assert.match(await page.textContent('header h1'), /^clonecheck: \d+ bugs in the last run: \d+ known, \d+ new, \d+ fixed, \d+ regressed/);
    mkdirSync(ARTIFACTS, { recursive: true });
    await page.screenshot({ path: join(ARTIFACTS, 'dashboard.png') });
    await page.screenshot({ path: join(ARTIFACTS, 'dashboard-full.png'), fullPage: true });
    assert.deepEqual(problems, []);
    await opened.close();
  } finally {
    await browser.close();
  }
});

test('dashboard: a bad run file is one line, exit 2; --skip-bad leaves it out and says so', () => {
  const runs = join(history, 'runs');
  const [first] = readdirSync(runs).sort();
  writeFileSync(join(runs, 'zz-truncated.json'), readFileSync(join(runs, first), 'utf8').slice(0, 200));
  const bad = clonecheck(['dashboard', '--history', history, '--out', join(scratch, 'bad')]);
  assert.equal(bad.status, 2);
  assert.match(bad.stderr, /^clonecheck: \S+zz-truncated\.json is not JSON \(corrupt or truncated\); run that nightly again, or pass --skip-bad to leave it out\n$/);
  const skipped = clonecheck(['dashboard', '--history', history, '--out', join(scratch, 'skipped'), '--skip-bad']);
  assert.equal(skipped.status, 0, skipped.stderr);
  assert.match(skipped.stderr, /^clonecheck: skipped \S+zz-truncated\.json is not JSON/);
  assert.match(skipped.stdout, /^dashboard of 3 runs/);
  const notHistory = clonecheck(['dashboard', '--history', scratch, '--out', join(scratch, 'x')]);
  assert.equal(notHistory.status, 2);
  assert.match(notHistory.stderr, /is not a clonecheck history \(no readable clonecheck-history\.json\)/);
});
