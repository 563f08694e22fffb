// Expectations: each target's known results that are not a pass, in WPT's
// metadata style as JSON (wpt/expectations/<target>.json), each with the
// reason and a link. A result is unexpected when its status is not the one
// expected (PASS for a subtest, OK for a file, unless listed): a new failure,
// and also a listed failure that now passes, so that fixing a bug updates
// the file. Not applicable is never unexpected. An expected result may name
// what it is: a bug of the ledger (`bug`, its id under corpus/bugs/,
// harness/bugs/ledger.js) or a spec issue (`spec`, owner/repository#number),
// so that the expectations and the ledger tell one story; both are checked.
//
// {
//   "target": "node@22", "version": "node 22.23.3",
//   "suites": {
//     "clonecheck": {
//       "/errors.any.js": {
//         "expected": "OK",                     (the file's status; OK when absent)
//         "subtests": {
//           "an Error's cause is cloned": {"expected": "FAIL", "reason": "…", "link": "https://…",
//                                          "bug": "node/…" and/or "spec": "whatwg/html#11321"}   (optional)
//         }
//       }
//     }
//   }
// }

import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { REFERENCE } from './targets.js';

/**
 * @typedef {{bug?: string, spec?: string}} Citation  what an expected result is: a ledger bug's id, a spec issue
 * @typedef {{expected: string, reason?: string, link?: string} & Citation} Expected
 * @typedef {{expected?: string, reason?: string, link?: string, subtests?: Record<string, Expected>} & Citation} FileExpectations
 * @typedef {{target: string, version?: string, suites: Record<string, Record<string, FileExpectations>>}} TargetExpectations
 */

/** A spec issue as an expectation names it: owner/repository#number. */
const SPEC_ISSUE = /^[\w.-]+\/[\w.-]+#\d+$/;

/** Thrown for an expectations file the user must fix. */
export class ExpectationsError extends Error {}

/**
 * The file a target's expectations live in: its name with `:` and `/` made
 * safe for every file system (`polyfill-@ungap-structured-clone.json`;
 * `impl:PATH` by the module's file name).
 * @param {string} directory @param {string} target
 */
export function expectationsFile(directory, target) {
  const name = target.startsWith('impl:') ? `impl-${basename(target.slice('impl:'.length))}` : target;
  return join(directory, `${name.replace(/[:/\\]/g, '-')}.json`);
}

/**
 * @param {string} directory @param {string} target
 * @returns {TargetExpectations} empty when the target has no file yet
 */
export function readExpectations(directory, target) {
  const file = expectationsFile(directory, target);
  if (!existsSync(file)) return { target, suites: {} };
  let parsed;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new ExpectationsError(`${file} is not JSON (${error instanceof Error ? error.message : error}); fix it or rewrite it with --update-expectations`);
  }
  if (typeof parsed !== 'object' || parsed === null || typeof parsed.suites !== 'object') {
    throw new ExpectationsError(`${file} has no "suites" object; see docs/conform.md#expectations`);
  }
  if (parsed.target !== undefined && parsed.target !== target) {
    throw new ExpectationsError(`${file} names target "${parsed.target}", not ${target}; fix its "target" or rename the file after the target it is for`);
  }
  return parsed;
}

/**
 * Refuses expectations for a test file or variant the suite does not have
 * (renamed, deleted, or a META: variant= line gone: its entries would
 * silently expect nothing).
 * @param {string} directory @param {TargetExpectations} expectations
 * @param {string} suite @param {Set<string>} ids  the suite's file ids (files.js), each with its variant's query
 * @throws {ExpectationsError}
 */
export function checkTestsExist(directory, expectations, suite, ids) {
  for (const id of Object.keys(expectations.suites[suite] ?? {})) {
    if (!ids.has(id)) {
      throw new ExpectationsError(`${expectationsFile(directory, expectations.target)} expects results of ${id}, which is not a test of the ${suite} suite; `
        + 'remove the entry or rewrite the file with --update-expectations');
    }
  }
}

/**
 * Every entry of a target's expectations, the file's own and its subtests'.
 * @param {TargetExpectations} expectations
 * @returns {Generator<{suite: string, id: string, subtest: string | null, entry: Expected | FileExpectations}>}
 */
function* entriesOf(expectations) {
  for (const [suite, files] of Object.entries(expectations.suites)) {
    for (const [id, file] of Object.entries(files)) {
      yield { suite, id, subtest: null, entry: file };
      for (const [subtest, entry] of Object.entries(file.subtests ?? {})) yield { suite, id, subtest, entry };
    }
  }
}

/**
 * Refuses a citation that names nothing: a `bug` that is not in the ledger,
 * a `spec` that is not an issue written owner/repository#number.
 * @param {string} directory @param {string} target @param {TargetExpectations} expectations
 * @param {() => Set<string>} bugIds  the ledger's ids (read only when an entry names a bug)
 * @throws {ExpectationsError}
 */
export function checkCitations(directory, target, expectations, bugIds) {
  for (const { id, subtest, entry } of entriesOf(expectations)) {
    const where = `${expectationsFile(directory, target)}: ${id}${subtest === null ? '' : ` "${subtest}"`}`;
    if (entry.bug !== undefined && !bugIds().has(entry.bug)) {
      throw new ExpectationsError(`${where} names bug "${entry.bug}", which the ledger does not have (corpus/bugs/${entry.bug}.json); give a bug's whole id`);
    }
    if (entry.spec !== undefined && !SPEC_ISSUE.test(entry.spec)) {
      throw new ExpectationsError(`${where} names spec "${entry.spec}"; write a spec issue as owner/repository#number (whatwg/html#11321)`);
    }
  }
}

/**
 * The entries this run shows no longer hold, one line each naming the
 * expectations file, the test and the target: every listed result of a file
 * variant that ran whose result was another (a listed failure that passes,
 * or is not applicable, or fails another way; a listed subtest the file no
 * longer has). A file that did not run says nothing of its entries.
 * @param {string} directory @param {string} target @param {TargetExpectations} expectations
 * @param {import('./run.js').FileOutcome[]} outcomes
 * @returns {string[]}
 */
export function staleEntries(directory, target, expectations, outcomes) {
  const ran = new Map(outcomes.map((outcome) => [`${outcome.suite} ${outcome.id}`, outcome]));
  const lines = [];
  for (const { suite, id, subtest, entry } of entriesOf(expectations)) {
    const outcome = ran.get(`${suite} ${id}`);
    if (outcome === undefined || entry.expected === undefined) continue;
    const got = subtest === null ? outcome.status
      : outcome.subtests.find((s) => s.name === subtest)?.status ?? (outcome.status === 'N/A' ? 'N/A' : 'no such subtest');
    if (got !== entry.expected) {
      lines.push(`${expectationsFile(directory, target)}: ${id}${subtest === null ? '' : ` "${subtest}"`} on ${target}: expected ${entry.expected}, got ${got}`);
    }
  }
  return lines;
}

/**
 * What a file variant and each of its subtests were expected to do, and whether they did.
 * @param {TargetExpectations} expectations
 * @param {import('./run.js').FileOutcome} outcome
 */
export function judgeOutcome(expectations, outcome) {
  const known = expectations.suites[outcome.suite]?.[outcome.id] ?? {};
  const expectedStatus = known.expected ?? 'OK';
  return {
    expected: expectedStatus,
    unexpected: outcome.status !== 'N/A' && outcome.status !== expectedStatus,
    subtests: outcome.subtests.map((subtest) => {
      const expected = known.subtests?.[subtest.name]?.expected ?? 'PASS';
      return { expected, unexpected: subtest.status !== 'N/A' && subtest.status !== expected };
    }),
  };
}

/**
 * Rewrites a target's expectations from a run: every result that is not a
 * pass (nor not applicable) of the files that ran is listed, keeping the
 * reason, link and citation already written for it; a new one takes them
 * from `fallback` when it lists the same result (the default profile's
 * expectations, when another profile's are rewritten: a failure both show
 * has one cause), or else the message as its reason and the standard's
 * section as its link (to be made precise: a bug, the spec step); files
 * that did not run keep their entries.
 * @param {string} directory
 * @param {import('./targets.js').ConformTarget} target
 * @param {import('./run.js').FileOutcome[]} outcomes
 * @param {TargetExpectations} [fallback]
 * @returns {string} the file written
 */
export function updateExpectations(directory, target, outcomes, fallback = { target: target.name, suites: {} }) {
  const old = readExpectations(directory, target.name);
  /** @type {TargetExpectations} */
  const next = { target: target.name, version: target.version, suites: structuredClone(old.suites) };
  const reasonOf = (/** @type {string | null} */ message) => (message ?? '').split('\n')[0].slice(0, 300);
  /** The entry for a result: what was written for it here, else in the fallback when it expects the same, else from the run. */
  const entryFor = (/** @type {string} */ status, /** @type {string | null} */ message, /** @type {(Expected | FileExpectations | undefined)[]} */ [here, there]) => {
    const was = here ?? (there?.expected === status ? there : undefined);
    return {
      expected: status, reason: was?.reason ?? reasonOf(message), link: was?.link ?? REFERENCE.url,
      ...(was?.bug === undefined ? {} : { bug: was.bug }), ...(was?.spec === undefined ? {} : { spec: was.spec }),
    };
  };
  for (const outcome of outcomes) {
    const suite = next.suites[outcome.suite] ??= {};
    const before = old.suites[outcome.suite]?.[outcome.id] ?? {};
    const elsewhere = fallback.suites[outcome.suite]?.[outcome.id] ?? {};
    /** @type {FileExpectations} */
    const entry = {};
    if (outcome.status !== 'OK' && outcome.status !== 'N/A') {
      Object.assign(entry, entryFor(outcome.status, outcome.message, [before.expected === undefined ? undefined : before, elsewhere]));
    }
    for (const subtest of outcome.subtests) {
      if (subtest.status === 'PASS' || subtest.status === 'N/A') continue;
      (entry.subtests ??= {})[subtest.name] = entryFor(subtest.status, subtest.message, [before.subtests?.[subtest.name], elsewhere.subtests?.[subtest.name]]);
    }
    if (Object.keys(entry).length === 0) delete suite[outcome.id];
    else suite[outcome.id] = entry;
  }
  for (const [name, suite] of Object.entries(next.suites)) {
    if (Object.keys(suite).length === 0) delete next.suites[name];
    else next.suites[name] = Object.fromEntries(Object.entries(suite).sort(([a], [b]) => (a < b ? -1 : 1)));
  }
  mkdirSync(directory, { recursive: true });
  const file = expectationsFile(directory, target.name);
  writeFileSync(file, `${JSON.stringify(next, null, 2)}\n`);
  return file;
}
