// Tier "double-array": JSC keeps an array of numbers as ArrayWithDouble (holes
// are a NaN bit pattern there) and Bun copies its butterfly with one memcpy.

import { denseArrayReason, optionsReason } from './guards.js';
import { copyDenseArray } from './copy.js';

/** @type {import('./index.js').Tier} */
export const doubleArray = {
  id: 'double-array',
  title: 'Double array',
  origin: {
    engine: 'Bun',
    change: 'oven-sh/bun#26814 (root-level dense arrays, tier 2: ArrayWithDouble)',
    url: 'https://github.com/oven-sh/bun/pull/26814',
  },
  reasons: [
    'transfer-list', 'for-storage', 'not-array', 'proxy', 'hole', 'accessor', 'non-enumerable',
    'named-property', 'non-number',
  ],
  guard(value, options, facts) {
    // Holes are found by their missing descriptor, never by a NaN value: NaN is
    // an element like any other and is copied as NaN; -0 stays -0.
    return optionsReason(options) ?? denseArrayReason(value, doubleElementReason, facts) ?? 'accept';
  },
  // As int32-array: StructuredSerializeInternal step 18 and ArrayCreate in the
  // target realm.
  clone(value, realm) {
    return copyDenseArray(value, realm);
  },
};

/**
 * @param {unknown} element
 * @returns {'non-number' | undefined}
 */
function doubleElementReason(element) {
  // 'non-number': strings, booleans, BigInts, … make JSC use ArrayWithContiguous.
  return typeof element === 'number' ? undefined : 'non-number';
}
