// Tier "contiguous-array": an ArrayWithContiguous of primitives and strings is
// copied element by element into a native vector by Bun, strings made
// thread-shareable, without the CloneSerializer.

import { denseArrayReason, optionsReason, primitiveValueReason } from './guards.js';
import { copyDenseArray } from './copy.js';

/** @type {import('./index.js').Tier} */
export const contiguousArray = {
  id: 'contiguous-array',
  title: 'Contiguous array',
  origin: {
    engine: 'Bun',
    change: 'oven-sh/bun#26814 (root-level dense arrays, tier 3: ArrayWithContiguous)',
    url: 'https://github.com/oven-sh/bun/pull/26814',
  },
  reasons: [
    'transfer-list', 'for-storage', 'not-array', 'proxy', 'hole', 'accessor', 'non-enumerable',
    'named-property', 'nested-object', 'symbol',
  ],
  guard(value, options, facts) {
    return optionsReason(options) ?? denseArrayReason(value, primitiveValueReason, facts) ?? 'accept';
  },
  // As int32-array: StructuredSerializeInternal step 18 and ArrayCreate in the
  // target realm; primitives and strings serialize to themselves
  // (StructuredSerializeInternal step 4).
  clone(value, realm) {
    return copyDenseArray(value, realm);
  },
};
