// What a RegExp does, not only what it says. QuickJS-ng serializes a RegExp
// as its source and its compiled bytecode (JS_WriteObject's BC_TAG_REGEXP),
// and the reader takes the bytecode as it is: a clone whose `source` and
// `flags` observe right could still match differently. So every RegExp that
// landed is run on probe strings beside a RegExp compiled afresh from its own
// source and flags; any other match is a difference.
//
// Runs after the case, once the realm is restored (built-ins are the
// originals again); the clone has only own data properties (CreateDataProperty)
// unless QuickJS deviated, and then the observation already says so.

import { classifyObject } from '../../../src/abstract-ops/brands.js';
import { RegExpPrototypeSource } from '../../../src/primordials/intrinsics.js';

/** Strings that tell the generated sources (src/program/bytes.js, fuzzers/) apart. */
const PROBES = ['', 'a', 'aab', 'ba', 'x', '^x$', 'xx', '12', '123', '/', 'A', '\u0100', '\ud83d\ude00', 'a\nx', '.', 'b'];

/**
 * @param {RegExp} regexp
 * @returns {string} its matches on the probes, as JSON
 */
function behaviour(regexp) {
  const results = [];
  for (const probe of PROBES) {
    regexp.lastIndex = 0;
    const match = regexp.exec(probe);
    results.push(match === null ? null : [match.index, [...match], regexp.lastIndex]);
  }
  return JSON.stringify(results);
}

/**
 * Every RegExp in a landed clone, with its path.
 * @param {unknown} root
 * @returns {Array<[string, RegExp]>}
 */
function regexpsIn(root) {
  /** @type {Array<[string, RegExp]>} */
  const found = [];
  const seen = new Set();
  /** @type {Array<[string, unknown]>} */
  const pending = [['$', root]];
  while (pending.length > 0) {
    const [path, value] = /** @type {[string, unknown]} */ (pending.pop());
    if (typeof value !== 'object' || value === null || seen.has(value)) continue;
    seen.add(value);
    const kind = classifyObject(value);
    if (kind === 'regexp') found.push([path, /** @type {RegExp} */ (value)]);
    if (kind === 'map') for (const [k, v] of /** @type {Map<unknown, unknown>} */ (value)) pending.push([`${path}<map key>`, k], [`${path}<map value>`, v]);
    if (kind === 'set') for (const v of /** @type {Set<unknown>} */ (value)) pending.push([`${path}<set value>`, v]);
    for (const key of Reflect.ownKeys(value)) {
      const descriptor = Reflect.getOwnPropertyDescriptor(value, key);
      if (descriptor !== undefined && 'value' in descriptor) pending.push([`${path}.${String(key)}`, descriptor.value]);
    }
  }
  return found;
}

/**
 * @param {unknown} landed what the serializer round trip returned (undefined when it threw)
 * @returns {import('../../../src/observe/diff.js').Difference[]} one per RegExp that matches otherwise than its source and flags say
 */
export function regexpBehaviourDifferences(landed) {
  const differences = [];
  for (const [path, regexp] of regexpsIn(landed)) {
    const fresh = new RegExp(RegExpPrototypeSource(regexp), regexp.flags);
    const expected = behaviour(fresh);
    const actual = behaviour(regexp);
    if (expected !== actual) {
      differences.push({ path: `${path}<exec>`, category: /** @type {const} */ ('value'), expected: JSON.parse(expected), actual: JSON.parse(actual) });
    }
  }
  return differences;
}
