// Browsers as targets (harness/browsers/): Chromium, Firefox and WebKitGTK
// from Debian's packages (.ci/run installs them), each driven by agent pages.
// Short runs: a few hundred cases per browser over every channel, two
// conform files, a repro, a crash, and the process table after the run and
// after a kill -9. Nothing is skipped: a browser that is not installed, or
// does not start, fails its test with the reason.

import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { clonecheck, fixture } from './helpers.js';

const CLI = fileURLToPath(new URL('../harness/cli.js', import.meta.url));
const BROWSERS = ['chromium', 'firefox', 'webkit'];
const CHANNELS = ['clone', 'clone-transfer', 'messagechannel', 'worker', 'broadcast', 'iframe', 'storage'];
const scratch = () => mkdtempSync(join(tmpdir(), 'clonecheck-browsers-'));

/** @param {number} pid @returns {number[]} its descendants, by their parent pids in /proc */
function descendants(pid) {
  const children = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
    } catch {
      // Gone meanwhile.
    }
  }
  const found = [];
  const walk = (/** @type {number} */ parent) => {
    for (const child of children.get(parent) ?? []) {
      found.push(child);
      walk(child);
    }
  };
  walk(pid);
  return found;
}

/** @param {number[]} pids @returns {string[]} those still running (not zombies), as `pid command` */
function stillRunning(pids) {
  return pids.flatMap((pid) => {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z')) return [];
      return [`${pid} ${readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ').slice(0, 100)}`];
    } catch {
      return [];
    }
  });
}

test('targets lists every browser with its version and its channels (no wire; iframe and storage)', () => {
  const { status, stdout } = clonecheck(['targets', '--json']);
  assert.equal(status, 0);
  const rows = JSON.parse(stdout).targets;
  for (const browser of BROWSERS) {
    for (const channel of CHANNELS) {
      const row = rows.find((r) => r.name === `${browser}:${channel}`);
      assert.ok(row, `${browser}:${channel} is listed`);
      assert.equal(row.available, true, `${browser}:${channel}: ${row.reason}`);
      assert.match(row.version, /^\d+\.\d+/);
    }
    assert.equal(rows.find((r) => r.name === `${browser}:wire`), undefined);
  }
  assert.equal(rows.find((r) => r.name === 'node:iframe'), undefined);
});

test('a channel a browser lacks, and a --browser that is no browser, are one-line usage errors', () => {
  const wire = clonecheck(['fuzz', '--target', 'firefox:wire', '--runs', '1']);
  assert.equal(wire.status, 2);
  assert.match(wire.stderr, /^clonecheck: firefox:wire: firefox has no 'wire' channel \(.+\); its channels: clone, .*storage\n$/);
  const notBrowser = clonecheck(['fuzz', '--browser', 'mine=/bin/true', '--target', 'mine:clone', '--runs', '1']);
  assert.equal(notBrowser.status, 2);
  assert.match(notBrowser.stderr, /^clonecheck: mine:clone: \/bin\/true --version printed '.*': not Chromium, Firefox or MiniBrowser\n$/);
  const missing = clonecheck(['fuzz', '--browser', 'mine=/no/such/chrome', '--target', 'mine:clone', '--runs', '1']);
  assert.equal(missing.status, 2);
  assert.match(missing.stderr, /--browser mine: no such file \/no\/such\/chrome/);
});

test('a browser that is not installed is listed as unavailable, and naming it says how to install it', async () => {
  const { BROWSERS: known } = await import('../harness/browsers/browsers.js');
  const { TargetError, listTargets, resolveTarget } = await import('../harness/targets/catalog.js');
  const installed = known.firefox.binary;
  // Where no Firefox is: what a machine without the package looks like to clonecheck.
  known.firefox.binary = '/nonexistent/firefox-esr';
  try {
    const row = (await listTargets()).find((r) => r.name === 'firefox:clone');
    assert.equal(row?.available, false);
    const fix = /firefox is not installed \(no \/nonexistent\/firefox-esr\): install it with 'apt-get install -y firefox-esr' \(as root\), or give your build with --browser firefox=PATH/;
    assert.match(row?.reason ?? '', fix);
    await assert.rejects(resolveTarget('firefox:worker'), (error) => error instanceof TargetError && fix.test(error.message));
  } finally {
    known.firefox.binary = installed;
  }
});

for (const browser of BROWSERS) {
  test(`${browser}: 150 cases on every channel, every verdict a pass or a deviation`, () => {
    const out = scratch();
    const targets = CHANNELS.flatMap((channel) => ['--target', `${browser}:${channel}`]);
    const { status, stdout, stderr } = clonecheck([
      'fuzz', ...targets, '--runs', '150', '--seed', '7', '--workers', '1', '--shrink-runs', '0', '--out', out, '--json', join(out, 'r.json'),
    ]);
    assert.ok(status === 0 || status === 1, `exit ${status}\n${stdout}\n${stderr}`);
    const results = JSON.parse(readFileSync(join(out, 'r.json'), 'utf8'));
    for (const target of results.targets) {
      const v = target.verdicts;
      assert.equal(v.pass + v.deviation, 150, `${target.name}: ${JSON.stringify(v)}`);
      // Known engine deviations show up within these cases in every channel.
      assert.ok(v.pass > 100, `${target.name}: ${JSON.stringify(v)}`);
    }
    assert.deepEqual(results.harnessErrors, []);
  });
}

test('conform runs files in fresh pages of each browser, with its expectations, channels included', () => {
  const { status, stdout } = clonecheck(['conform', 'wpt/primitives.any.js', 'wpt/channels.any.js', ...BROWSERS.flatMap((b) => ['--target', b])]);
  assert.equal(status, 0, stdout);
  for (const browser of BROWSERS) {
    assert.match(stdout, new RegExp(`^${browser} +clonecheck +4 +\\d+ +\\d+ +0 +0 +0 +0 `, 'm'));
    for (const channel of ['clone', 'messagechannel', 'worker']) assert.match(stdout, new RegExp(`\\[${browser}\\] /channels\\.any\\.js\\?channel=${channel}: OK`));
  }
});

test('in a page, a script that throws or does not parse is an uncaught error of its file (ERROR), and the next file runs', () => {
  const files = ['syntax-error', 'throws-at-top-level', 'passes'].map((name) => fixture(`conform/${name}.any.js`));
  const { status, stdout } = clonecheck(['conform', ...files, ...BROWSERS.flatMap((b) => ['--target', b])]);
  assert.equal(status, 1, stdout);
  for (const browser of BROWSERS) {
    assert.match(stdout, new RegExp(`\\[${browser}\\] \\S+syntax-error\\.any\\.js: ERROR \\(Uncaught SyntaxError: .+ \\(at \\S+syntax-error\\.any\\.js:3\\)\\)`));
    assert.match(stdout, new RegExp(`\\[${browser}\\] \\S+throws-at-top-level\\.any\\.js: ERROR \\(Uncaught TypeError: thrown at the top level of the file\\)  \\[UNEXPECTED, expected OK\\]\\n {2}PASS a test before the throw passes`));
    assert.match(stdout, new RegExp(`^${browser} +clonecheck +3 +3 +0 +0 +0 +2 +2 `, 'm'));
  }
});

test("in a page, an include's top-level const is seen by the test, and a file that asked the page server for a resource it does not have is not applicable, never a pass", () => {
  const dir = scratch();
  const { status, stdout } = clonecheck(['conform', '--wpt-dir', fixture('wpt-scope'), '--suite', 'wpt', '--suite', 'wpt-encoding',
    ...BROWSERS.flatMap((b) => ['--target', b]), '--json', join(dir, 'r.json')]);
  // The fixture's typo fails, as it must.
  assert.equal(status, 1, stdout);
  const results = JSON.parse(readFileSync(join(dir, 'r.json'), 'utf8'));
  for (const target of results.targets) {
    const file = (/** @type {string} */ id) => target.files.find((f) => f.id === id);
    const statuses = (/** @type {string} */ id) => file(id).subtests.map((s) => s.status);
    assert.deepEqual(statuses('/html/webappapis/structured-clone/lexical-includes.any.js'), ['PASS', 'PASS'], target.name);
    assert.deepEqual(statuses('/html/webappapis/structured-clone/missing-names.any.js'), ['FAIL', 'PASS'], target.name);
    assert.deepEqual(statuses('/encoding/labels.any.js'), Array(9).fill('PASS'), target.name);
    assert.deepEqual(statuses('/encoding/single-byte-raw.any.js?TextDecoder'), ['PASS', 'PASS'], target.name);
    // The XMLHttpRequest variant's requests went to a .py handler of the WPT server: 404, an empty body its loop passes on.
    const refused = file('/encoding/single-byte-raw.any.js?XMLHttpRequest');
    assert.equal(refused.status, 'N/A', target.name);
    assert.match(refused.message, /^the page server has no \/encoding\/resources\/single-byte-raw\.py\?label=iso-8859-2, \/encoding\/resources\/single-byte-raw\.py\?label=ascii \(404/, target.name);
    assert.deepEqual(refused.subtests.map((s) => [s.status, s.message]), Array(2).fill(['N/A', 'the page server had no resource the test asked for (testharness said PASS)']), target.name);
    assert.equal(target.counts.pass, 14, `${target.name}: the passes are the other files'`);
  }
});

test('a finding of a browser replays with clonecheck repro --target BROWSER:CHANNEL', () => {
  const out = scratch();
  // Chromium's Error cause (V8 keeps an own `cause` the spec does not clone) shows within these cases.
  const fuzz = clonecheck(['fuzz', '--target', 'chromium:clone', '--runs', '300', '--seed', '1', '--workers', '1', '--shrink-runs', '50', '--out', out]);
  assert.equal(fuzz.status, 1, fuzz.stdout);
  const findings = readdirSync(join(out, 'findings'));
  const finding = join(out, 'findings', findings.find((name) => name.includes('.keys.')) ?? findings[0]);
  const again = clonecheck(['repro', finding]);
  assert.equal(again.status, 1, again.stdout);
  assert.match(again.stdout, /^DEVIATION chromium:clone /m);
  const elsewhere = clonecheck(['repro', finding, '--target', 'firefox:worker', '--target', 'webkit:iframe']);
  assert.match(elsewhere.stdout, /^(PASS|DEVIATION) firefox:worker/m);
  assert.match(elsewhere.stdout, /^(PASS|DEVIATION) webkit:iframe/m);
});

test("a browser finding's repro.html, served from a plain static server, prints FAIL in the browser (iframe channel: it is the frame's document too)", async () => {
  const out = scratch();
  const fuzz = clonecheck(['fuzz', '--target', 'chromium:iframe', '--runs', '300', '--seed', '1', '--workers', '1', '--shrink-runs', '50', '--out', out]);
  assert.equal(fuzz.status, 1, fuzz.stdout);
  const folder = join(out, 'findings', readdirSync(join(out, 'findings')).find((name) => name.includes('.keys.')) ?? '');
  assert.ok(existsSync(join(folder, 'repro.html')));
  const server = createServer((request, response) => {
    const file = join(folder, new URL(request.url ?? '/', 'http://127.0.0.1').pathname);
    response.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
    response.setHeader('Cross-Origin-Embedder-Policy', 'require-corp');
    if (!existsSync(file)) {
      response.statusCode = 404;
      response.end();
      return;
    }
    response.setHeader('Content-Type', extname(file) === '.html' ? 'text/html' : 'text/javascript');
    response.end(readFileSync(file));
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: '/usr/lib/chromium/chromium', headless: true });
  try {
    const page = await browser.newPage();
    await page.goto(`http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (server.address()).port}/repro.html`);
    await page.waitForFunction(() => /PASS|FAIL/.test(document.getElementById('out')?.textContent ?? ''), null, { timeout: 20_000 });
    assert.match(await page.evaluate(() => document.getElementById('out')?.textContent ?? ''), /^FAIL chromium:iframe: 1 difference/);
  } finally {
    await browser.close();
    server.close();
  }
});

test('a page whose renderer is killed is a crash, of the target or of the reference\'s host; the run goes on in a new page', async () => {
  const out = scratch();
  const run = spawn(process.execPath, [CLI, 'fuzz', '--target', 'chromium:clone', '--time', '20', '--seed', '3', '--workers', '1', '--weights', 'pollution=0', '--shrink-runs', '0', '--out', out, '--json', join(out, 'r.json')], { stdio: 'ignore' });
  const exited = new Promise((resolve) => run.on('exit', resolve));
  // Every page renderer: Chromium may also keep a spare one, whose death crashes nothing.
  const renderers = () => descendants(/** @type {number} */ (run.pid)).filter((pid) => {
    try {
      const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      return args.includes('--type=renderer') && !args.includes('top-chrome');
    } catch {
      return false;
    }
  });
  for (let waited = 0; renderers().length === 0 && waited < 30_000; waited += 200) {
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  assert.ok(renderers().length > 0, 'an agent page renderer started');
  // The busiest renderer is killed once it has judged cases, not while it loads (a renderer killed before its first
  // case made no finding under a load average of 20): once it has used 1 s of CPU, past what loading a page takes
  // (0.3 s here). No program pollutes (--weights pollution=0), so every case is the clean lane's and its page, the
  // busiest, always has one running: the other lanes' pages wait, and a page that dies idle is no case's crash.
  // (With a page per lane, six, their CPU summed passed 2 s while they all still loaded: 2026-12-02, load 10.)
  const busiest = () => renderers().map((pid) => ({ pid, cpu: cpuSeconds(pid) })).sort((a, b) => b.cpu - a.cpu)[0];
  for (let waited = 0; (busiest()?.cpu ?? 0) < 1 && waited < 30_000; waited += 200) {
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  process.kill(busiest().pid, 'SIGKILL');
  await exited;
  const results = JSON.parse(readFileSync(join(out, 'r.json'), 'utf8'));
  // Killed while the target cloned, the case's crash verdict; while the reference judged it in the same page, a crash
  // of the host (results.md hostCrashes), which is not the target's: either way a case, with the page's death. Killed
  // between two tasks (the page had answered its chunk and the next was still being drawn: 2026-12-03, a full npm
  // test run), a death no case is charged with, counted with no case (unattributedCrashes); killed after a case
  // began but before its first target did (2026-12-04, npm test two files at a time), counted with that case, which
  // runs again (harness/fuzz/stalls.js). Never lost.
  const crash = results.findings.find((f) => f.verdict === 'crash') ?? results.hostCrashes.find((c) => c.runtime === 'chromium')
    ?? results.unattributedCrashes.find((c) => c.runtime === 'chromium');
  assert.ok(crash, JSON.stringify([results.targets, results.unattributedCrashes, results.hostCrashes]));
  assert.match(crash.detail, /chromium page/);
  assert.ok(results.targets[0].verdicts.pass > 100, 'the run went on');
});

/** @param {number} pid @returns {number} the process's CPU time so far, user and system (0 once it is gone) */
function cpuSeconds(pid) {
  try {
    // Fields 14 and 15 of /proc/PID/stat, after the command name in parentheses, in clock ticks (100 a second).
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /s, '').split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/**
 * Starts a fuzz run on a worker of each browser, and resolves once every
 * browser runs (WebKit's MiniBrowser last) with the run and its processes.
 * @param {string[]} extra
 */
async function runWithEveryBrowser(extra) {
  const out = scratch();
  const args = [CLI, 'fuzz', ...BROWSERS.map((b) => `--target=${b}:worker`), '--seed', '1', '--shrink-runs', '0', '--out', out, ...extra];
  const run = spawn(process.execPath, args, { stdio: 'ignore' });
  const exited = new Promise((resolve) => run.on('exit', resolve));
  let started = [];
  for (let waited = 0; waited < 40_000; waited += 250) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    started = [...new Set([...started, ...descendants(/** @type {number} */ (run.pid))])];
    const names = stillRunning(started).join('\n');
    if (names.includes('chromium') && names.includes('firefox') && names.includes('MiniBrowser')) break;
  }
  assert.match(stillRunning(started).join('\n'), /MiniBrowser/);
  return { run, exited, started };
}

test('nothing is left running after a run that ends, nor after kill -9 of clonecheck (the watchdog ends the browsers)', async () => {
  const ends = await runWithEveryBrowser(['--runs', '1000']);
  assert.ok((await ends.exited) !== null);
  assert.deepEqual(stillRunning(ends.started), []);
  const killed = await runWithEveryBrowser(['--time', '60']);
  killed.run.kill('SIGKILL');
  await killed.exited;
  await new Promise((resolve) => setTimeout(resolve, 3000));
  assert.deepEqual(stillRunning(killed.started), []);
});
