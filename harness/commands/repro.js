// `clonecheck repro <finding-dir | program.json | bug.json> [--target T …]`: one program
// on some targets, each verdict and its differences printed. A finding folder
// brings its own target; a bare program defaults to node:clone. The program
// runs in a pool worker, so a target that hangs or crashes is a verdict here too.
// A decoder's bug of the ledger replays its decode case instead, on
// RUNTIME:DECODER targets (its foundOn by default), as `decode --replay` does.

import { readProgram } from '../bugs/read-program.js';
import { decodeTargetNamed, replayDecodeCase } from '../decode/ledger-case.js';
import { replayLines } from '../decode/findings.js';
import { NOT_APPLICABLE } from '../bugs/root.js';
import { replayPrograms } from '../findings/replay.js';
import { HISTORY_FILE } from '../findings/write.js';
import { EXIT } from '../errors.js';
import { targetsFromNames, userHosts } from '../targets/named.js';

/**
 * @param {string} where
 * @param {{target?: string[], runtime?: string[], browser?: string[], timeout: number, spec: string}} raw  commander's options (options.js)
 */
export async function reproCommand(where, raw) {
  const read = readProgram(where);
  if ('decode' in read) return reproDecode(read.decode, raw.target ?? [read.target], raw);
  const { program, target, history } = read;
  const names = raw.target ?? (target === undefined ? ['node:clone'] : [target]);
  const targets = await targetsFromNames(names, raw.runtime, raw.browser, raw.spec);
  // A finding that needs earlier cases gets them first, in the same agent (harness/minimize/history.js); their verdicts are not its.
  if (history !== undefined) process.stderr.write(`clonecheck: replaying the ${history.length} earlier case${history.length === 1 ? '' : 's'} of ${HISTORY_FILE} first, in the same agent\n`);
  // Where the reference itself stalls on the program (Deno's own stream transfer, which it borrows, hangs on a
  // frozen TransformStream), each target of that host is a harness error: one line each, exit 3, no stack.
  const all = /** @type {any[]} */ ((await replayPrograms([...(history ?? []), program], targets, { timeoutMs: raw.timeout, generated: history !== undefined })).at(-1));
  // A program that makes a platform object the target's host lacks (an OffscreenCanvas in Node),
  // or one the reference cannot judge there (a transferred MessagePort in Bun), cannot run
  // there: said in one line, not as a harness error with its stack.
  const verdicts = all.filter((v) => {
    // Or the reference met its host's limit while it ran (src/html/errors.js HostLimitError).
    if (v.verdict === 'not-applicable') {
      process.stdout.write(`NOT-APPLICABLE ${v.target}  the reference cannot judge it on this host: ${v.error}\n`);
      return false;
    }
    const refused = v.verdict === 'harness-error' ? NOT_APPLICABLE.exec(v.error ?? '') : null;
    if (refused !== null) {
      const where = refused[1].startsWith('has no') ? 'has it' : 'can';
      process.stdout.write(`NOT-APPLICABLE ${v.target}  its host ${refused[1]}: run the program on a target that ${where}\n`);
    }
    return refused === null;
  });
  if (verdicts.length === 0) return EXIT.usage;
  let failed = false;
  for (const v of verdicts) {
    if (v.verdict !== 'pass') failed = true;
    process.stdout.write(`${v.verdict.toUpperCase()} ${v.target}${v.signature ? `  ${v.signature}` : ''}\n`);
    if (v.detail) process.stdout.write(`  ${v.detail}\n`);
    if (v.error) process.stdout.write(`  ${v.error}\n`);
    for (const d of v.differences ?? []) {
      process.stdout.write(`  ${d.path}  ${d.category}: expected ${JSON.stringify(d.expected)}, actual ${JSON.stringify(d.actual)}\n`);
    }
  }
  if (verdicts.some((v) => v.verdict === 'harness-error')) return EXIT.infrastructure;
  return failed ? EXIT.findings : EXIT.ok;
}

/**
 * A decoder's bug: its case on each target, PASS or FAIL with what it decoded against what the standard gives.
 * @param {import('../decode/ledger-case.js').DecodeCase} decode @param {string[]} names
 * @param {{runtime?: string[], browser?: string[], timeout: number}} raw
 * @returns {Promise<number>} 1 when a target shows a difference (or its host crashes or hangs on it)
 */
async function reproDecode(decode, names, raw) {
  const hosts = { ...userHosts(raw), timeoutMs: raw.timeout };
  let failed = false;
  for (const name of names) {
    const target = await decodeTargetNamed(name, hosts);
    const replayed = await replayDecodeCase(decode, target, raw.timeout);
    if (replayed !== null) failed = true;
    process.stdout.write(`${replayLines(target, replayed, undefined, 'FAIL').join('\n')}\n`);
  }
  return failed ? EXIT.findings : EXIT.ok;
}
