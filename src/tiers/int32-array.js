// Tier "int32-array": JSC keeps an array of small integers as ArrayWithInt32
// and Bun copies its butterfly with one memcpy.

import { denseArrayReason, optionsReason } from './guards.js';
import { copyDenseArray } from './copy.js';
import { ObjectIs } from '../primordials/intrinsics.js';

/** @type {import('./index.js').Tier} */
export const int32Array = {
  id: 'int32-array',
  title: 'Int32 array',
  origin: {
    engine: 'Bun',
    change: 'oven-sh/bun#26814 (root-level dense arrays, tier 1: ArrayWithInt32)',
    url: 'https://github.com/oven-sh/bun/pull/26814',
  },
  reasons: [
    'transfer-list', 'for-storage', 'not-array', 'proxy', 'hole', 'accessor', 'non-enumerable',
    'named-property', 'non-int32', 'negative-zero',
  ],
  guard(value, options, facts) {
    return optionsReason(options) ?? denseArrayReason(value, int32ElementReason, facts) ?? 'accept';
  },
  // StructuredSerializeInternal step 18 (Array record, length from the own
  // descriptor) and StructuredDeserialize step 19 (ArrayCreate(length) in the target realm, every element defined in order).
  clone(value, realm) {
    return copyDenseArray(value, realm);
  },
};

/**
 * @param {unknown} element
 * @returns {'negative-zero' | 'non-int32' | undefined}
 */
function int32ElementReason(element) {
  // 'non-int32': anything but a number in [−2^31, 2^31 − 1] is not an Int32 array
  // (JSC would hold it as ArrayWithDouble or ArrayWithContiguous).
  if (typeof element !== 'number' || (element | 0) !== element) return 'non-int32';
  // 'negative-zero': -0 passes the int32 test above but has no int32
  // representation; storing it as int32 would turn it into +0.
  if (ObjectIs(element, -0)) return 'negative-zero';
  return undefined;
}
