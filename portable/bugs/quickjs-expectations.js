// QuickJS-ng's known, intended differences from the structured clone
// algorithm (quickjs-expectations.json: one filter per difference), so the
// harness aborts only on what is new. Each filter names its ledger entry
// (`bug`: corpus/bugs/quickjs/<slug>.json, status intended), which says what
// QuickJS-ng does, why it is meant, the step it departs from and a program
// that shows it; the filters themselves are here only, in a JSON file the
// QuickJS agent's bundle takes in whole (and the stock qjs imports as it is).
// A filter matches a Difference by
// its category ('*': any) and a regular expression over its path, and,
// where the entry says, by regular expressions over the canonical JSON of
// the difference's two sides and of the whole expected and actual case
// observations (a difference in a thrown error's
// kind says nothing about which error it was: the observations do), and
// of the difference described by what it is rather than where
// (bug-shape.js: `keys on array: named key: data property ->
// missing` — a path alone cannot tell an array's named key from an
// object's).

import { canonicalJSON } from '../../src/index.js';
import { causalRankOf, describeDifference, rootDifference } from './bug-shape.js';
import EXPECTATIONS from './quickjs-expectations.json' with { type: 'json' };

/**
 * @typedef {object} Expectation
 * @property {string} id  a short name
 * @property {string} bug  its ledger entry's id (`quickjs/<slug>`, status intended): what QuickJS-ng does and why it is meant
 * @property {string} category  the Difference category (src/observe/diff.js), or '*'
 * @property {string} path  a regular expression the path must match
 * @property {string} [expected]  one the difference's expected side (its JSON) must match
 * @property {string} [actual]  one its actual side must match
 * @property {string} [expectedCase]  one the expected case observation's JSON must match
 * @property {string} [actualCase]  one the actual case observation's JSON must match
 * @property {string} [shape]  one the difference's description (bug-shape.js `describeDifference`) must match
 */

/** @param {string | undefined} source */
const optional = (source) => (source === undefined ? undefined : new RegExp(source));

const compiled = /** @type {Expectation[]} */ (EXPECTATIONS).map((e) => ({
  e,
  path: new RegExp(e.path),
  expected: optional(e.expected),
  actual: optional(e.actual),
  expectedCase: optional(e.expectedCase),
  actualCase: optional(e.actualCase),
  shape: optional(e.shape),
}));

/**
 * @param {import('../../src/observe/diff.js').Difference} d
 * @param {string} expectedJSON the expected case observation, canonical JSON
 * @param {string} actualJSON the actual one
 * @param {import('./bug-shape.js').CaseContext} context  both observations and the program
 * @returns {Expectation | undefined} the expectation that covers it
 */
export function expectationOf(d, expectedJSON, actualJSON, context) {
  for (const c of compiled) {
    if ((c.e.category !== '*' && c.e.category !== d.category) || !c.path.test(d.path)) continue;
    if (c.expected !== undefined && !c.expected.test(canonicalJSON(d.expected))) continue;
    if (c.actual !== undefined && !c.actual.test(canonicalJSON(d.actual))) continue;
    if (c.expectedCase !== undefined && !c.expectedCase.test(expectedJSON)) continue;
    if (c.actualCase !== undefined && !c.actualCase.test(actualJSON)) continue;
    if (c.shape !== undefined && !c.shape.test(describeDifference(d, context))) continue;
    return c.e;
  }
  return undefined;
}

/**
 * The differences no expectation covers. When one covers the root difference
 * (bug-shape.js `rootDifference`), those later in the chain of cause and
 * effect follow from it and are expected too: a getter QuickJS never calls
 * cannot throw, so the outcome differs as well. Those as early as the root are
 * independent (another key lost beside it) and are judged on their own.
 * @param {import('../../src/observe/diff.js').Difference[]} differences
 * @param {unknown} expected the expected case observation
 * @param {unknown} actual the actual one
 * @param {unknown} program the program both ran
 * @returns {import('../../src/observe/diff.js').Difference[]} those no expectation covers
 */
export function unexpected(differences, expected, actual, program) {
  if (differences.length === 0) return differences;
  const expectedJSON = canonicalJSON(expected);
  const actualJSON = canonicalJSON(actual);
  const context = { expected, actual, program };
  const isExpected = (/** @type {import('../../src/observe/diff.js').Difference} */ d) => expectationOf(d, expectedJSON, actualJSON, context) !== undefined;
  const root = rootDifference(differences, context);
  const rootRank = isExpected(root) ? causalRankOf(root, context) : Infinity;
  return differences.filter((d) => causalRankOf(d, context) <= rootRank && !isExpected(d));
}
