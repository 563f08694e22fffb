// Expectations: each target's known results that are not a pass, in WPT's
// metadata style as JSON (wpt/expectations/<target>.json), each with the
// reason and a link. A result is unexpected when its status is not the one
// expected (PASS for a subtest, OK for a file, unless listed): a new failure,
// and also a listed failure that now passes, so that fixing a bug updates
// the file. Not applicable is never unexpected.
//
// {
//   "target": "node@22", "version": "node 22.23.3",
//   "suites": {
//     "clonecheck": {
//       "/errors.any.js": {
//         "expected": "OK",                     (the file's status; OK when absent)
//         "subtests": {
//           "an Error's cause is cloned": {"expected": "FAIL", "reason": "…", "link": "https://…"}
//         }
//       }
//     }
//   }
// }

import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { REFERENCE } from './targets.js';

/**
 * @typedef {{expected: string, reason?: string, link?: string}} Expected
 * @typedef {{expected?: string, reason?: string, link?: string, subtests?: Record<string, Expected>}} FileExpectations
 * @typedef {{target: string, version?: string, suites: Record<string, Record<string, FileExpectations>>}} TargetExpectations
 */

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
 * Refuses expectations for a test file the suite does not have (renamed or
 * deleted: its entries would silently expect nothing).
 * @param {string} directory @param {TargetExpectations} expectations
 * @param {string} suite @param {Set<string>} ids  the suite's file ids (files.js), without channel variants
 * @throws {ExpectationsError}
 */
export function checkTestsExist(directory, expectations, suite, ids) {
  for (const id of Object.keys(expectations.suites[suite] ?? {})) {
    const file = id.replace(/\?.*$/, '');
    if (!ids.has(file)) {
      throw new ExpectationsError(`${expectationsFile(directory, expectations.target)} expects results of ${id}, which is not a test of the ${suite} suite; `
        + 'remove the entry or rewrite the file with --update-expectations');
    }
  }
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
 * reason and link already written for it, or taking the message as the
 * reason of a new one and the standard's section as its link (to be made
 * precise: a bug report, the spec step); files that did not run keep their entries.
 * @param {string} directory
 * @param {import('./targets.js').ConformTarget} target
 * @param {import('./run.js').FileOutcome[]} outcomes
 * @returns {string} the file written
 */
export function updateExpectations(directory, target, outcomes) {
  const old = readExpectations(directory, target.name);
  /** @type {TargetExpectations} */
  const next = { target: target.name, version: target.version, suites: structuredClone(old.suites) };
  const reasonOf = (/** @type {string | null} */ message) => (message ?? '').split('\n')[0].slice(0, 300);
  for (const outcome of outcomes) {
    const suite = next.suites[outcome.suite] ??= {};
    const before = old.suites[outcome.suite]?.[outcome.id] ?? {};
    /** @type {FileExpectations} */
    const entry = {};
    if (outcome.status !== 'OK' && outcome.status !== 'N/A') {
      Object.assign(entry, { expected: outcome.status, reason: before.reason ?? reasonOf(outcome.message), link: before.link ?? REFERENCE.url });
    }
    for (const subtest of outcome.subtests) {
      if (subtest.status === 'PASS' || subtest.status === 'N/A') continue;
      const was = before.subtests?.[subtest.name];
      (entry.subtests ??= {})[subtest.name] = { expected: subtest.status, reason: was?.reason ?? reasonOf(subtest.message), link: was?.link ?? REFERENCE.url };
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
