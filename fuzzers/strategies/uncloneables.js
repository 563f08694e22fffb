// Uncloneables at the root or nested: functions, symbols, proxies, WeakMap,
// Promise and friends, class instances with private fields.

import fc from 'fast-check';

/** Uncloneables at the root or nested: functions, symbols, proxies, WeakMap, Promise, private fields. */
export const uncloneableGraph = fc
  .tuple(
    fc.oneof(
      fc.constantFrom('arrow', 'function', 'class', 'async', 'generator', 'bound').map((style) => ({ kind: 'function', style })),
      fc.constantFrom('WeakMap', 'WeakSet', 'WeakRef', 'FinalizationRegistry', 'Promise', 'Generator', 'Arguments', 'ArrayIterator').map((type) => ({ kind: 'opaque', type })),
      fc.constantFrom('object', 'array', 'map').map((target) => ({ kind: 'proxy', target })),
      fc.constant({ kind: 'symbol' }),
      fc.constant({ kind: 'object', class: 'Secret', privateField: true }),
    ),
    fc.boolean(),
  )
  // The drawn thing's fields differ by kind (a proxy's target, a function's style).
  .map((/** @type {[Record<string, any>, boolean]} */ [thing, nested]) => {
    if (thing.kind === 'symbol') return nested ? { root: { ref: 0 }, objects: [{ kind: 'array', items: [1, { symbol: 'x' }] }] } : { root: { symbol: 'x' }, objects: [] };
    if (thing.kind === 'proxy') {
      const target = thing.target === 'array' ? { kind: 'array', items: [1] } : thing.target === 'map' ? { kind: 'map', entries: [] } : { kind: 'object' };
      return { root: nested ? { ref: 2 } : { ref: 1 }, objects: [target, { kind: 'proxy', target: 0 }, { kind: 'object', props: [{ key: 'a', value: 1 }, { key: 'p', value: { ref: 1 } }] }] };
    }
    return nested
      ? { root: { ref: 0 }, objects: [{ kind: 'array', items: ['before', { ref: 1 }] }, thing] }
      : { root: { ref: 0 }, objects: [thing] };
  });
