// SIGTERM (what a CI job's timeout sends) ends fuzz, nightly and the gate as
// the first Ctrl-C does: the run stops, and what it found is written, its
// summary printed, the results file complete; the gate, which has no
// partial verdict, ends with none, and its child processes with it.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const CLI = fileURLToPath(new URL('../harness/cli.js', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'clonecheck-signals-'));

/**
 * Starts clonecheck, sends SIGTERM `delayMs` after it has printed `ready`, and waits for it to end.
 * @param {string[]} args @param {RegExp} ready @param {number} delayMs
 * @returns {Promise<{code: number | null, signal: string | null, stdout: string, stderr: string, seconds: number}>}
 */
function terminated(args, ready, delayMs) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CLI, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let sent = 0;
    const started = performance.now();
    child.stdout.on('data', (chunk) => { stdout += chunk; });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
      if (sent === 0 && ready.test(stderr)) {
        sent = performance.now() + delayMs;
        setTimeout(() => child.kill('SIGTERM'), delayMs);
      }
    });
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr, seconds: (performance.now() - (sent || started)) / 1000 }));
  });
}

test('SIGTERM stops a fuzz run as Ctrl-C does: its findings shrunk and written, the summary printed', async () => {
  const json = join(scratch, 'fuzz.json');
  // A run of ten minutes, stopped once its workers are fuzzing.
  const run = await terminated(['fuzz', '--target', 'node:clone', '--time', '600', '--seed', '3', '--workers', '1', '--out', join(scratch, 'fuzz'), '--json', json],
    /clonecheck fuzz --seed 3/, 3000);
  assert.equal(run.signal, null, run.stderr);
  assert.ok(run.code === 0 || run.code === 1, `exit ${run.code}: ${run.stderr}`);
  assert.ok(run.seconds < 300, `it stopped (${run.seconds} s after SIGTERM)`);
  assert.match(run.stderr, /stopping after the cases in progress/);
  const document = JSON.parse(readFileSync(json, 'utf8'));
  assert.equal(document.command, 'fuzz');
  assert.match(run.stdout + run.stderr, /fuzz: [\d,]+ cases in/);
});

test('SIGTERM stops a nightly run: the unit in progress wraps up, the others are skipped, the results and history are written', async () => {
  const json = join(scratch, 'nightly.json');
  const history = join(scratch, 'history');
  const run = await terminated(['nightly', '--target', 'ref:tiers', '--target', 'node:clone', '--budget', '600', '--seed', '4', '--workers', '1',
    '--out', join(scratch, 'nightly'), '--json', json, '--history', history], /clonecheck nightly: shard/, 15_000);
  assert.equal(run.signal, null, run.stderr);
  assert.ok(run.code === 0 || run.code === 1, `exit ${run.code}: ${run.stderr}`);
  assert.ok(run.seconds < 300, `it stopped (${run.seconds} s after SIGTERM)`);
  const document = JSON.parse(readFileSync(json, 'utf8'));
  assert.equal(document.units.length + document.skippedUnits.length, 2);
  assert.ok(document.skippedUnits.some((u) => u.reason === 'interrupted'), JSON.stringify(document.skippedUnits));
  assert.ok(document.bugs !== undefined, 'the findings were triaged');
  assert.match(run.stdout, /^nightly: .* known bugs? seen/m);
  assert.ok(existsSync(join(history, 'runs')));
});

/** @param {string} marker @returns {number[]} the pids of the processes whose command line holds it (Linux's /proc) */
function processesWith(marker) {
  return readdirSync('/proc').filter((entry) => /^\d+$/.test(entry)).flatMap((pid) => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(marker) ? [Number(pid)] : [];
    } catch {
      return [];
    }
  });
}

test('SIGTERM stops the gate with no verdict, exit 130, and ends the part it was running: its conform child runs in a group of its own', async () => {
  const out = join(scratch, 'gate');
  const run = await terminated(['gate', '--target', 'ref:tiers', '--target', 'node:clone', '--runs', '300', '--out', out],
    /clonecheck gate on/, 2000);
  assert.equal(run.signal, null, run.stderr);
  assert.equal(run.code, 130, run.stderr);
  assert.match(run.stderr, /^clonecheck: the gate was interrupted: no verdict/m);
  // Its children write into --out: none is left running (before, the conform child went on alone).
  await new Promise((resolve) => { setTimeout(resolve, 1000); });
  assert.deepEqual(processesWith(out), []);
});
