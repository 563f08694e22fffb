// Tier "string-root": Bun hands a root string across as a thread-shareable
// copy of the string instead of running the CloneSerializer.

import { optionsReason } from './guards.js';

/** @type {import('./index.js').Tier} */
export const stringRoot = {
  id: 'string-root',
  title: 'String root',
  origin: {
    engine: 'Bun',
    change: 'oven-sh/bun#21926 (string fast path for postMessage and structuredClone)',
    url: 'https://github.com/oven-sh/bun/pull/21926',
  },
  reasons: ['transfer-list', 'for-storage', 'not-string'],
  guard(value, options) {
    // Bun takes the string fast path only with no transfer list and not for storage.
    const reason = optionsReason(options);
    if (reason !== undefined) return reason;
    // 'not-string': the tier copies string data only. A String wrapper object
    // is not a string: it has [[StringData]] and clones to a new wrapper
    // (StructuredSerializeInternal step 10).
    if (typeof value !== 'string') return 'not-string';
    return 'accept';
  },
  // StructuredSerializeInternal step 4: a string serializes to itself, code units and lone surrogates included.
  clone(value) {
    return value;
  },
};
