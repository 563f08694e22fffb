// QuickJS-ng's known, intended differences from the structured clone
// algorithm (expectations.json: one entry per difference, with why), so
// the harness aborts only on what is new. An entry matches a Difference by
// its category ('*': any) and a regular expression over its path, and,
// where the entry says, by regular expressions over the canonical JSON of
// the difference's two sides and of the whole expected and actual case
// observations (a difference in a thrown error's
// kind says nothing about which error it was: the observations do).

import { canonicalJSON } from '../../src/index.js';
import EXPECTATIONS from './expectations.json' with { type: 'json' };

/**
 * @typedef {object} Expectation
 * @property {string} id  a short name
 * @property {string} why  what QuickJS-ng does and why it is intended (or where it was reported)
 * @property {string} category  the Difference category (src/observe/diff.js), or '*'
 * @property {string} path  a regular expression the path must match
 * @property {string} [expected]  one the difference's expected side (its JSON) must match
 * @property {string} [actual]  one its actual side must match
 * @property {string} [expectedCase]  one the expected case observation's JSON must match
 * @property {string} [actualCase]  one the actual case observation's JSON must match
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
}));

/**
 * @param {import('../../src/observe/diff.js').Difference} d
 * @param {string} expectedJSON the expected case observation, canonical JSON
 * @param {string} actualJSON the actual one
 * @returns {Expectation | undefined} the expectation that covers it
 */
export function expectationOf(d, expectedJSON, actualJSON) {
  for (const c of compiled) {
    if ((c.e.category !== '*' && c.e.category !== d.category) || !c.path.test(d.path)) continue;
    if (c.expected !== undefined && !c.expected.test(canonicalJSON(d.expected))) continue;
    if (c.actual !== undefined && !c.actual.test(canonicalJSON(d.actual))) continue;
    if (c.expectedCase !== undefined && !c.expectedCase.test(expectedJSON)) continue;
    if (c.actualCase !== undefined && !c.actualCase.test(actualJSON)) continue;
    return c.e;
  }
  return undefined;
}

/**
 * @param {import('../../src/observe/diff.js').Difference[]} differences
 * @param {unknown} expected the expected case observation
 * @param {unknown} actual the actual one
 * @returns {import('../../src/observe/diff.js').Difference[]} those no expectation covers
 */
export function unexpected(differences, expected, actual) {
  if (differences.length === 0) return differences;
  const expectedJSON = canonicalJSON(expected);
  const actualJSON = canonicalJSON(actual);
  return differences.filter((d) => expectationOf(d, expectedJSON, actualJSON) === undefined);
}
