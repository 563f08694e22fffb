// Tier "simple-object": Bun copies the property table of a flat final object
// (primitive and string values only) in memory instead of running the
// CloneSerializer, and rebuilds the object from it on the other side.

import { flatObjectReason, optionsReason, primitiveValueReason } from './guards.js';
import { copyFlatObject, stringKeys } from './copy.js';

/** @type {import('./index.js').Tier} */
export const simpleObject = {
  id: 'simple-object',
  title: 'Simple object',
  origin: {
    engine: 'Bun',
    change: 'oven-sh/bun#22279 (fast path for simple objects in postMessage and structuredClone)',
    url: 'https://github.com/oven-sh/bun/pull/22279',
  },
  reasons: [
    'transfer-list', 'for-storage', 'not-object', 'proxy', 'array', 'not-plain',
    'indexed-property', 'accessor', 'non-enumerable', 'nested-object', 'symbol',
  ],
  guard(value, options) {
    const reason = optionsReason(options);
    if (reason !== undefined) return reason;
    // 'not-object': primitives are another tier's business (or the
    // spec path's: StructuredSerializeInternal step 4).
    if ((typeof value !== 'object' || value === null) && typeof value !== 'function') return 'not-object';
    // No property limit here: the tier copies any number of properties.
    return flatObjectReason(value, Infinity, primitiveValueReason) ?? 'accept';
  },
  // StructuredSerializeInternal steps 24 and 26.4 (Object record,
  // EnumerableOwnProperties) and StructuredDeserialize step 20 (a fresh ordinary object with %Object.prototype%, CreateDataProperty per key),
  // with nothing to recurse into.
  clone(value, realm) {
    return copyFlatObject(value, stringKeys(value), realm);
  },
};
