// `clonecheck repro <finding-dir | program.json | bug.json> [--target T …]`: one program
// on some targets, each verdict and its differences printed. A finding folder
// brings its own target; a bare program defaults to node:clone. The program
// runs in a pool worker, so a target that hangs or crashes is a verdict here too.

import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { validate } from '../../src/index.js';
import { BUG_SCHEMA, findBug, programNamed, readLedger } from '../bugs/ledger.js';
import { NOT_APPLICABLE } from '../bugs/root.js';
import { REGRESSION_SCHEMA } from '../findings/regressions.js';
import { replayProgram, replayPrograms } from '../findings/replay.js';
import { HISTORY_FILE } from '../findings/write.js';
import { EXIT, UsageError } from '../errors.js';
import { targetsFromNames } from '../targets/named.js';

/**
 * @param {string} where a finding folder, a program file, a ledger bug or a regression file
 * @returns {{program: any, target?: string, finding?: any, history?: any[]}}  `finding`: a folder's finding.json; `history`: the
 *   programs a history-dependent finding needs before its own, in one realm (its history.json)
 */
export function readProgram(where) {
  if (!existsSync(where)) {
    const bug = ledgerBugNamed(where);
    if (bug === null) throw new UsageError(`${where}: no such file or folder; give a finding folder, a program.json or a ledger bug's id`);
    return bug;
  }
  const isFolder = statSync(where).isDirectory();
  const file = isFolder ? join(where, 'program.json') : where;
  if (!existsSync(file)) throw new UsageError(`${where} has no program.json; give a finding folder written by clonecheck fuzz`);
  let parsed;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new UsageError(`${file} is not JSON (${error instanceof Error ? error.message : error}); fix or regenerate it`);
  }
  // A ledger bug brings its program and the target it was found on; so does a regression file.
  const holder = parsed?.schema === BUG_SCHEMA ? { program: parsed.program, target: parsed.foundOn }
    : parsed?.schema === REGRESSION_SCHEMA ? { program: parsed.program, target: parsed.target } : null;
  const program = holder?.program ?? parsed;
  const problems = validate(program);
  if (problems.length > 0) throw new UsageError(`${file} is not a valid program: at ${problems[0].path}: ${problems[0].message} (docs/program.md)`);
  let finding;
  const findingFile = join(where, 'finding.json');
  if (isFolder && existsSync(findingFile)) {
    try {
      finding = JSON.parse(readFileSync(findingFile, 'utf8'));
    } catch {
      throw new UsageError(`${findingFile} is not JSON; pass --target`);
    }
  }
  const historyFile = join(where, HISTORY_FILE);
  let history;
  if (isFolder && existsSync(historyFile)) {
    try {
      history = JSON.parse(readFileSync(historyFile, 'utf8'));
    } catch {
      throw new UsageError(`${historyFile} is not JSON; regenerate the finding`);
    }
  }
  return { program, target: finding?.target ?? holder?.target, finding, history };
}

/**
 * A ledger bug named by its id, or by the path of its file, or by those of
 * an entry merged into it (an alias): an old reference replays the program
 * it meant, now one of the cause's (`was`).
 * @param {string} where
 * @returns {{program: any, target: string} | null}  null: it names no ledger bug
 */
function ledgerBugNamed(where) {
  const id = /^(?:.*corpus\/bugs\/)?([a-z0-9-]+\/[a-z0-9-]+?)(?:\.json)?$/.exec(where)?.[1];
  if (id === undefined) return null;
  let bug;
  try {
    bug = findBug(readLedger(), id);
  } catch {
    return null;
  }
  const { program, foundOn } = programNamed(bug, id);
  return { program, target: foundOn };
}

/**
 * @param {string} where
 * @param {{target?: string[], runtime?: string[], browser?: string[], timeout: number, spec: string}} raw  commander's options (options.js)
 */
export async function reproCommand(where, raw) {
  const { program, target, history } = readProgram(where);
  const names = raw.target ?? (target === undefined ? ['node:clone'] : [target]);
  const targets = await targetsFromNames(names, raw.runtime, raw.browser, raw.spec);
  // A finding that needs earlier cases gets them first, in the same agent (harness/minimize/history.js); their verdicts are not its.
  if (history !== undefined) process.stderr.write(`clonecheck: replaying the ${history.length} earlier case${history.length === 1 ? '' : 's'} of ${HISTORY_FILE} first, in the same agent\n`);
  const all = history === undefined ? await replayProgram(program, targets, { timeoutMs: raw.timeout })
    : /** @type {any[]} */ ((await replayPrograms([...history, program], targets, { timeoutMs: raw.timeout, generated: true })).at(-1));
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
