// Tier "primitive-root": Deno returns a primitive root before doing any of the
// options conversion and the V8 serializer round trip, in a wrapper small
// enough for V8 to inline into the caller.

import { optionsReason } from './guards.js';

/** @type {import('./index.js').Tier} */
export const primitiveRoot = {
  id: 'primitive-root',
  title: 'Primitive root',
  origin: {
    engine: 'Deno',
    change: 'denoland/deno#33728 (primitive fast path), split into an inlinable wrapper in #34212',
    url: 'https://github.com/denoland/deno/pull/33728',
  },
  reasons: ['transfer-list', 'for-storage', 'symbol', 'object'],
  guard(value, options) {
    const reason = optionsReason(options);
    if (reason !== undefined) return reason;
    const type = typeof value;
    // 'symbol': StructuredSerializeInternal step 5 throws DataCloneError for a
    // Symbol; returning it would hand a Symbol across.
    if (type === 'symbol') return 'symbol';
    // 'object': objects are serialized by their internal slots and contents;
    // returning one would share it (and skip its getters, errors, …).
    if ((type === 'object' && value !== null) || type === 'function') return 'object';
    return 'accept';
  },
  // StructuredSerializeInternal step 4: a primitive (undefined, null, boolean, number incl. -0 and NaN,
  // BigInt, string incl. lone surrogates) serializes to itself, and
  // StructuredDeserialize step 5 returns the value of a primitive record. Strings are
  // values: returning the same one is a copy.
  clone(value) {
    return value;
  },
};
