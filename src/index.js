// clonecheck's reference engine: a spec-exact structuredClone with every known
// engine fast path as a guarded tier, the observation of values and clones,
// and the program model that every runtime builds its inputs from.

import { structuredCloneSpec } from './html/structured-clone.js';
import { cloneWithTiers } from './tiers/index.js';

export { captureRealm, currentRealm } from './primordials/realm.js';
export { registerOpaque, setHostHooks } from './abstract-ops/brands.js';
export { DataCloneError } from './html/errors.js';
export { DEFAULT_SPEC_PROFILE, SPEC_PROFILES, specProfile, specRecord } from './html/profiles.js';
export { structuredCloneSpec };
export { postMessageTransferList, toTransferList } from './html/structured-clone.js';
export { StructuredSerializeWithTransfer } from './html/serialize.js';
export { StructuredDeserializeWithTransfer } from './html/deserialize.js';
export { tiers, selectTier, countSelection } from './tiers/index.js';
export {
  beginCloneObservation, beginObservedCase, canonicalJSON, caseObservationOf, completeLanded, diff, observe,
  observeCase, observeClone, observeLanded, observeThrown, probeClonedPorts, probeClonedStreams, readClonedBlobBytes, sameJSON, sameObservedCase,
} from './observe/index.js';
export { PROGRAM_SCHEMA, validate, build, drawn, counted, emit, fromBytes, setupRealm } from './program/index.js';

/**
 * @typedef {import('./html/structured-clone.js').CloneOptions & {
 *   tiers?: boolean,
 *   coverage?: Record<string, Record<string, number>>,
 * }} ReferenceCloneOptions
 * `tiers` (default true) lets the fast-path tiers take the values their
 * guards accept; false runs the spec path alone. `coverage`, when given,
 * counts which tier took each value and which guard rejected it.
 */

/**
 * The reference structuredClone.
 * @param {unknown} value
 * @param {ReferenceCloneOptions} [options]
 * @returns {any}
 */
export function structuredClone(value, options = {}) {
  return options.tiers === false
    ? structuredCloneSpec(value, options)
    : cloneWithTiers(value, options, structuredCloneSpec);
}
