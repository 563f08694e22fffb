// The program a user points a command at (repro, bisect): a finding folder
// (with its finding.json and, for a history-dependent finding, history.json),
// a program.json, a ledger bug (its file, its id, or an alias of an entry
// merged into it) or a regression file, each checked so that a bad one is a
// usage error. A decoder's bug of the ledger brings its decode case instead
// of a program (ledger.js `decode`).

import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { validate } from '../../src/index.js';
import { REGRESSION_SCHEMA } from '../findings/regressions.js';
import { HISTORY_FILE } from '../findings/write.js';
import { UsageError } from '../errors.js';
import { BUG_SCHEMA, bugProblem, findBug, programNamed, readAllBugs } from './ledger.js';

/**
 * @param {string} where a finding folder, a program file, a ledger bug or a regression file
 * @returns {{program: any, target?: string, finding?: any, history?: any[]} | {decode: NonNullable<import('./ledger.js').Case['decode']>, target: string}}
 *   `finding`: a folder's finding.json; `history`: the programs a history-dependent finding needs before its own, in one
 *   realm (its history.json); `decode`: a decoder's bug's case, and no program
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
  // A decoder's bug brings its decode case, checked as the ledger checks it (its id as it says).
  if (parsed?.schema === BUG_SCHEMA && parsed.decode !== undefined) {
    const problem = bugProblem(parsed, parsed.id);
    if (problem !== null) throw new UsageError(`${file}: ${problem} (docs/bugs.md)`);
    return { decode: parsed.decode, target: parsed.foundOn };
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
 * @returns {{program: any, target: string} | {decode: NonNullable<import('./ledger.js').Case['decode']>, target: string} | null}  null: it names
 *   no ledger bug
 */
function ledgerBugNamed(where) {
  const id = /^(?:.*corpus\/bugs\/)?([a-z0-9-]+\/[a-z0-9-]+?)(?:\.json)?$/.exec(where)?.[1];
  if (id === undefined) return null;
  let bug;
  try {
    bug = findBug(readAllBugs(), id);
  } catch {
    return null;
  }
  const { program, decode, foundOn } = programNamed(bug, id);
  return decode === undefined ? { program, target: foundOn } : { decode, target: foundOn };
}
