// Tier "flat-object-array": Bun extends the contiguous-array path to elements
// that are flat objects, collected as property tables; the deserializer keeps a
// Structure cache so that a run of same-shaped objects skips the transitions.

import { denseArrayReason, flatObjectReason, optionsReason, primitiveValueReason } from './guards.js';
import { copyDenseArray, copyFlatObjectCached, newFlatObjectCache } from './copy.js';

/**
 * Mirrors JSFinalObject's inline capacity: objects with more properties than
 * fit inline are left to the full path.
 */
export const MAX_INLINE_PROPERTIES = 64;

/** @type {import('./index.js').Tier} */
export const flatObjectArray = {
  id: 'flat-object-array',
  title: 'Dense array of flat objects',
  origin: {
    engine: 'Bun',
    change: 'oven-sh/bun#26818 (arrays containing simple objects, with a Structure cache)',
    url: 'https://github.com/oven-sh/bun/pull/26818',
  },
  reasons: [
    'transfer-list', 'for-storage', 'not-array', 'proxy', 'hole', 'accessor', 'non-enumerable',
    'named-property', 'symbol', 'nested-object', 'array', 'not-plain', 'indexed-property',
    'too-many-properties',
  ],
  guard(value, options, facts) {
    return optionsReason(options) ?? denseArrayReason(value, flatElementReason, facts) ?? 'accept';
  },
  // StructuredSerializeInternal step 18 for the array, and for each element
  // object StructuredSerializeInternal steps 24 and 26.4 (Object record,
  // EnumerableOwnProperties), with one memory across the elements (an object
  // that appears twice is cloned once) and the shape cache on the
  // deserializing side.
  clone(value, realm) {
    const cache = newFlatObjectCache();
    return copyDenseArray(value, realm, (element) => (
      typeof element === 'object' && element !== null ? copyFlatObjectCached(element, cache, realm) : element
    ));
  },
};

/**
 * An element is a primitive, a string, or a flat object (as in simple-object)
 * with at most MAX_INLINE_PROPERTIES properties.
 * @param {unknown} element
 * @returns {string | undefined}
 */
function flatElementReason(element) {
  if (typeof element === 'object' && element !== null) {
    return flatObjectReason(element, MAX_INLINE_PROPERTIES, primitiveValueReason);
  }
  return primitiveValueReason(element);
}
