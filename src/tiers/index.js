// The tier catalog and the dispatch in front of the spec path.
//
// Each tier is an engine's fast path, mirrored as a guard (accept, or the
// reason for refusing) and a clone. The engine tries them in catalog order and
// the first to accept clones the value; if none does, the spec path runs.
// Tiers are invisible by construction: a guard accepts only values whose
// short clone is observably identical to the spec path's.

import {
  ArrayPrototype, ObjectCreate, ObjectFreeze, ObjectHasOwn, ObjectPrototype, ObjectSetPrototypeOf,
  append, newList,
} from '../primordials/intrinsics.js';
import { CreateDataProperty } from '../abstract-ops/object-operations.js';
import { currentRealm } from '../primordials/realm.js';
import { primitiveRoot } from './primitive-root.js';
import { stringRoot } from './string-root.js';
import { simpleObject } from './simple-object.js';
import { int32Array } from './int32-array.js';
import { doubleArray } from './double-array.js';
import { contiguousArray } from './contiguous-array.js';
import { flatObjectArray } from './flat-object-array.js';

/**
 * @typedef {object} Tier
 * @property {string} id
 * @property {string} title
 * @property {{engine: string, change: string, url: string}} origin
 * @property {readonly string[]} reasons  every reject reason `guard` can return
 * @property {(value: any, options?: import('./guards.js').TierOptions, facts?: import('./guards.js').Facts) => string} guard
 *   'accept', or the reason the tier refuses the value; runs no user code
 * @property {(value: any, realm: import('../primordials/realm.js').Realm) => any} clone
 *   the clone of a value `guard` accepted, in the target realm
 */

/**
 * @typedef {import('./guards.js').TierOptions & {
 *   realm?: import('../primordials/realm.js').Realm,
 *   coverage?: Record<string, Record<string, number>>,
 * }} TiersOptions
 */

/** @type {readonly Tier[]} the catalog, in the order the engine tries the tiers */
export const tiers = ObjectFreeze([
  primitiveRoot, stringRoot, simpleObject, int32Array, doubleArray, contiguousArray, flatObjectArray,
].map((tier) => ObjectFreeze({ ...tier, origin: ObjectFreeze({ ...tier.origin }), reasons: ObjectFreeze([...tier.reasons]) })));

/**
 * The tier that takes `value`, and why each tier before it refused.
 * @param {unknown} value
 * @param {TiersOptions} [options]
 * @returns {{tier: Tier | undefined, rejections: {tier: string, reason: string}[]}}
 */
export function selectTier(value, options) {
  /** @type {{tier: string, reason: string}[]} */
  const rejections = newList();
  let taken;
  // What one guard learns of the value, the next reads (guards.js Facts).
  /** @type {import('./guards.js').Facts} */
  const facts = {};
  for (let i = 0; i < tiers.length; i++) {
    const tier = tiers[i];
    const verdict = tier.guard(value, options, facts);
    if (verdict === 'accept') {
      taken = tier;
      break;
    }
    append(rejections, { tier: tier.id, reason: verdict });
  }
  // The caller gets an ordinary Array; it was filled while its prototype was null.
  return { tier: taken, rejections: ObjectSetPrototypeOf(rejections, ArrayPrototype) };
}

/**
 * structuredClone with the tiers in front: the first tier whose guard accepts
 * clones the value, otherwise `specClone` does. With `options.coverage`, counts
 * `coverage[tier.id][reason]` for every refusal, `coverage[tier.id].accept` for
 * the tier that took the value, and `coverage.spec.taken` for the fallback.
 * @param {unknown} value
 * @param {TiersOptions | undefined} options
 * @param {(value: unknown, options: any) => any} specClone
 * @returns {any}
 */
export function cloneWithTiers(value, options, specClone) {
  const selection = selectTier(value, options);
  const coverage = options === undefined || options === null ? undefined : options.coverage;
  if (coverage !== undefined && coverage !== null) countSelection(coverage, selection);
  const tier = selection.tier;
  if (tier === undefined) return specClone(value, options);
  const realm = options === undefined || options === null || options.realm === undefined
    ? currentRealm : options.realm;
  return tier.clone(value, realm);
}

/**
 * Adds one selection to the guard coverage: every refusal as
 * `coverage[tier][reason]`, the tier that took the value as
 * `coverage[tier].accept`, or `coverage.spec.taken` when none did.
 * @param {Record<string, Record<string, number>>} coverage
 * @param {ReturnType<typeof selectTier>} selection
 */
export function countSelection(coverage, { tier, rejections }) {
  for (let i = 0; i < rejections.length; i++) count(coverage, rejections[i].tier, rejections[i].reason);
  count(coverage, tier === undefined ? 'spec' : tier.id, tier === undefined ? 'taken' : 'accept');
}

/**
 * coverage[group][key] += 1. New entries are defined, not assigned, so a setter
 * a program put on Object.prototype cannot see (or swallow) the counts; later
 * increments assign to an own data property, which calls nothing.
 * @param {Record<string, Record<string, number>>} coverage
 * @param {string} group
 * @param {string} key
 */
function count(coverage, group, key) {
  if (!ObjectHasOwn(coverage, group)) CreateDataProperty(coverage, group, ObjectCreate(ObjectPrototype));
  const counts = coverage[group];
  if (ObjectHasOwn(counts, key)) counts[key] += 1;
  else CreateDataProperty(counts, key, 1);
}
