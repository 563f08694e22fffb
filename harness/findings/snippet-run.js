// Runs a finding's snippet (snippet.js) where a maintainer would: the
// target's snippet with the target's own runtime binary, which must print
// FAIL with the actual value the report states, and the same snippet with
// the reference's spec path as its clone, which must print PASS. What a
// report shows is then what the engine does, not what clonecheck says it does.
//
// Both files are written in a folder of this checkout: the reference's
// snippet imports `clonecheck`, which resolves there (the package names
// itself). Both run with the target's runtime, as the fuzzer's oracle ran in
// the target's host: the value is made by the same engine (a Deno
// OffscreenCanvas, a Bun File), only the clone differs.

import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { familyNamed } from '../../portable/families/index.js';
import { snippetOutput } from './snippet.js';
import { deviationSnippetFor, stallSnippetFor } from './snippet-stall.js';

const run = promisify(execFile);

/** A snippet that has not ended by then hangs (a worker that never answers, a port left open). */
const SNIPPET_TIMEOUT_MS = 20000;

/**
 * @typedef {object} SnippetRun
 * @property {string[]} printed  its output lines, trailing spaces cut
 * @property {string | null} failed  null: it exited with 0; else how it ended (killed, its stderr's first line)
 * @property {boolean} hung  it was killed at the timeout
 */

/**
 * @param {string[]} command  the runtime and its arguments before the script (a target's runtime.command)
 * @param {string} file
 * @returns {Promise<SnippetRun>}
 */
export async function runSnippetFile(command, file) {
  const [binary, ...args] = command;
  try {
    const { stdout } = await run(binary, [...args, file], { encoding: 'utf8', timeout: SNIPPET_TIMEOUT_MS });
    return { printed: outputLines(stdout), failed: null, hung: false };
  } catch (error) {
    const failed = /** @type {{stdout?: string, stderr?: string, killed?: boolean, message: string}} */ (error);
    const hung = failed.killed === true;
    const why = hung ? `killed after ${SNIPPET_TIMEOUT_MS} ms` : (failed.stderr ?? '').split('\n').find((line) => /\w/.test(line)) ?? failed.message;
    return { printed: outputLines(failed.stdout ?? ''), failed: why, hung };
  }
}

/** @param {string} stdout */
function outputLines(stdout) {
  return stdout === '' ? [] : stdout.trimEnd().split('\n').map((line) => line.trimEnd());
}

/**
 * @typedef {object} SnippetVerdict
 * @property {'verified' | 'none' | 'wrong'} status  'none': snippetFor gave a reason; 'wrong': a run printed
 *   something else than the report says, or the reference's run did not end well
 * @property {string} [reason]  snippetFor's, for 'none'
 * @property {string} [source]  the target's snippet
 * @property {SnippetRun & {expected: string[]}} [target]  what it did on the target, and what the report says it prints
 * @property {SnippetRun & {expected: string[]}} [reference]  the same with the reference's clone
 */

/**
 * The snippet of a deviation, run on its target and with the reference.
 * On the target it may hang once it has printed its verdict: a bug that
 * leaves a port open (Deno's stream locked by a failed transfer) keeps the
 * runtime alive, and the output is what a maintainer reads.
 * @param {{program: any, target: import('../targets/catalog.js').TargetSpec,
 *   differences: import('../../src/observe/diff.js').Difference[], expected: any, actual: any}} finding
 * @param {string} dir  a folder inside this checkout to write the files in
 * @param {string} name  the files' name, without .mjs
 * @returns {Promise<SnippetVerdict>}
 */
export async function verifySnippet(finding, dir, name) {
  return verifyBoth((options) => deviationSnippetFor(finding, options), finding.target, dir, name,
    // A snippet that hangs printed all it had to (a FAIL line) before the clone never ended.
    (target) => target.failed === null || target.hung);
}

/**
 * The snippet of a crash or a hang, run on its target, where it must print
 * what the replay's verdict says (and a runtime that dies must die), and
 * with the reference, where it prints PASS and exits.
 * @param {{program: any, target: import('../targets/catalog.js').TargetSpec, verdict: 'crash' | 'timeout', detail: string}} stall
 * @param {string} dir  a folder inside this checkout to write the files in
 * @param {string} name  the files' name, without .mjs
 * @returns {Promise<SnippetVerdict>}
 */
export async function verifyStallSnippet(stall, dir, name) {
  return verifyBoth((options) => stallSnippetFor(stall, options), stall.target, dir, name,
    // Where nothing but the first line is printed, the runtime must have died (not hung, not exited well).
    (target) => target.expected.length > 1 || (target.failed !== null && !target.hung));
}

/**
 * A snippet and its reference form, run side by side in the target's
 * runtime: the target's must print the check's actual value and end as
 * `endedAsSaid` allows, the reference's its expected value and exit well.
 * @param {(options?: {reference?: boolean}) => {source: string, check: import('./snippet-check.js').Check} | {reason: string}} make
 * @param {import('../targets/catalog.js').TargetSpec} spec
 * @param {string} dir @param {string} name
 * @param {(target: SnippetRun & {expected: string[]}) => boolean} endedAsSaid
 * @returns {Promise<SnippetVerdict>}
 */
async function verifyBoth(make, spec, dir, name, endedAsSaid) {
  const snippet = make();
  if ('reason' in snippet) return { status: 'none', reason: snippet.reason };
  const reference = make({ reference: true });
  if ('reason' in reference) return { status: 'none', reason: `with the reference: ${reference.reason}` };
  // A maintainer's own binary: QuickJS-ng's stock qjs, never clonecheck's agent (which reads its protocol on stdin).
  if (familyNamed(spec.runtime?.family)?.snippetCommand !== undefined && spec.runtime?.snippetBinary === undefined) {
    return { status: 'none', reason: `${spec.runtime?.name} has no binary of its own for snippets here (clonecheck install-runtimes ${spec.runtime?.name} links it)` };
  }
  const command = spec.runtime?.snippetBinary !== undefined ? [spec.runtime.snippetBinary] : spec.runtime?.command ?? [process.execPath];
  const [onTarget, withReference] = await Promise.all([
    runSnippetFile(command, write(dir, name, snippet.source)),
    runSnippetFile(command, write(dir, `${name}.reference`, reference.source)),
  ]);
  const said = (/** @type {import('./snippet-check.js').Check} */ check, /** @type {string} */ gave) => snippetOutput(check, gave).map((line) => line.trimEnd());
  const target = { ...onTarget, expected: said(snippet.check, snippet.check.actual) };
  const passes = { ...withReference, expected: said(reference.check, reference.check.expected) };
  const printedAsSaid = (/** @type {SnippetRun & {expected: string[]}} */ side) => side.expected.join('\n') === side.printed.join('\n');
  const verified = printedAsSaid(target) && endedAsSaid(target) && printedAsSaid(passes) && passes.failed === null;
  return { status: verified ? 'verified' : 'wrong', source: snippet.source, target, reference: passes };
}

/** @param {string} dir @param {string} name @param {string} source @returns {string} the file */
function write(dir, name, source) {
  const file = join(dir, `${name}.mjs`);
  writeFileSync(file, source);
  return file;
}
