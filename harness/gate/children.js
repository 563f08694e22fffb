// clonecheck's own commands as child processes: the gate and the nightly run
// `conform --json` and `fuzz --json` as a user would, and read the results
// documents they write (docs/conform.md, docs/results.md). A child's usage
// error is the caller's usage error; a child that outlives the caller's
// budget is ended (by its pid) and the run has no verdict. A child may also
// be asked to wrap up at a time (`stopAt`): Ctrl-C as a user would press it,
// twice (stop fuzzing, then stop shrinking): it writes what it found.
// Children run in process groups of their own, so that a Ctrl-C (or a
// SIGTERM) reaches them only as the caller passes it on (`interruptChildren`),
// once per press; a caller that exits takes its children with it.

import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { EXIT, UsageError } from '../errors.js';

const CLI = fileURLToPath(new URL('../cli.js', import.meta.url));

/** After the first Ctrl-C, how long shrinking may go on before the second. */
const STOP_SHRINKING_AFTER_MS = 10_000;

/** @type {Set<import('node:child_process').ChildProcess>} the children running now */
const running = new Set();
process.on('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/** Passes one Ctrl-C on to every child running (a nightly's unit wraps up and writes what it found). */
export function interruptChildren() {
  for (const child of running) child.kill('SIGINT');
}

/** Past its deadline a child is asked to end (SIGTERM: it writes what it has), and killed this long after. */
const KILL_AFTER_MS = 10_000;

/** A child asked to stop (`stopAt`) before it had started: it wrote nothing. */
export class StoppedEarlyError extends Error {}

/** The run went past its --budget: no verdict (exit 3), never a partial one. */
export class BudgetError extends Error {}

/**
 * Runs `clonecheck ARGS…` and reads the JSON document it wrote.
 * @param {string[]} args  the command and its options; `--json FILE` is added
 * @param {string} jsonFile
 * @param {{deadline: number, stopAt?: number, log: (line: string) => void}} run  `deadline`: performance.now() by which it must end;
 *   `stopAt`: when to ask it to stop (fuzz), keeping what it found
 * @returns {Promise<{status: number, document: any, stdout: string}>}
 * @throws {UsageError} the child's one-line usage error (exit 2)
 * @throws {BudgetError}
 */
export async function runCommand(args, jsonFile, { deadline, stopAt, log }) {
  // What the child writes is its own: a file left from an earlier run must not pass for it.
  rmSync(jsonFile, { force: true });
  const child = spawn(process.execPath, [CLI, ...args, '--json', jsonFile], { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  running.add(child);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => { stdout += chunk; });
  child.stderr.on('data', (chunk) => { stderr += chunk; });
  let overBudget = false;
  const timers = [setTimeout(() => {
    overBudget = true;
    child.kill('SIGTERM');
    timers.push(setTimeout(() => child.kill('SIGKILL'), KILL_AFTER_MS));
  }, Math.max(0, deadline - performance.now()))];
  if (stopAt !== undefined) {
    const wrapUp = Math.max(0, stopAt - performance.now());
    timers.push(setTimeout(() => child.kill('SIGINT'), wrapUp), setTimeout(() => child.kill('SIGINT'), wrapUp + STOP_SHRINKING_AFTER_MS));
  }
  let stoppedBy = null;
  const status = await new Promise((resolve) => child.on('close', (code, signal) => {
    stoppedBy = signal;
    resolve(code ?? 128);
  }));
  running.delete(child);
  for (const timer of timers) clearTimeout(timer);
  const command = `clonecheck ${args.join(' ')}`;
  if (overBudget) throw new BudgetError(`${command} was still running when the budget ran out; raise --budget or lower --runs`);
  // Asked to stop before it could listen for Ctrl-C (still starting): nothing to keep.
  if (stoppedBy === 'SIGINT' && stopAt !== undefined) throw new StoppedEarlyError(`${command} was stopped while starting: its share of the budget was too short`);
  if (status === EXIT.usage) throw new UsageError((stderr.trim().split('\n').at(-1) ?? '').replace(/^clonecheck: /, ''));
  // Exit 3 with its document written: harness errors, listed in the document (the caller reports them).
  const written = status === EXIT.infrastructure && existsSync(jsonFile);
  if (status !== EXIT.ok && status !== EXIT.findings && !written && !(stopAt !== undefined && status === EXIT.interrupted)) {
    const tail = (/** @type {string} */ text) => text.trim().split('\n').slice(-20).join('\n');
    // The first line is what callers print (the main job, nightly): it carries the cause, the tails follow.
    throw new Error(`${command} failed (exit ${status}${stoppedBy === null ? '' : `, ${stoppedBy}`}): ${causeOf(stderr, stdout)}\n${tail(stdout)}\n${tail(stderr)}`);
  }
  if (!existsSync(jsonFile)) throw new Error(`${command} ended (exit ${status}) without writing its results: ${causeOf(stderr, stdout)}`);
  log(stderr.trim().split('\n')[0] ?? command);
  return { status, document: JSON.parse(readFileSync(jsonFile, 'utf8')), stdout };
}

/**
 * What a failed child said last about why: its last lines on stderr that are
 * not a stack's frames (else stdout's), or that it said nothing.
 * @param {string} stderr @param {string} stdout
 * @returns {string} one line
 */
function causeOf(stderr, stdout) {
  const said = (/** @type {string} */ text) => text.trim().split('\n').filter((line) => /\S/.test(line) && !/^\s+at /.test(line)).slice(-3).join(' | ');
  return said(stderr) || said(stdout) || 'it printed nothing';
}
