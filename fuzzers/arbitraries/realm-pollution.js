// Realm steps (docs/program.md "RealmStep"): pollution of the sending or the
// receiving realm at the places a careless clone consults.

import fc from 'fast-check';
import { realmBehavior } from './behaviors.js';
import { anyPrimitiveValue } from './primitives.js';

/**
 * The realm places the clone must not consult, each with the keys worth
 * polluting there: indexed properties on Array.prototype / Object.prototype
 * (read through holes by a careless fast path), setters a deserializer must
 * not fire, the methods and accessors a careless implementation calls
 * (`Map.prototype.set`, `ArrayBuffer.prototype.byteLength`, …), and global
 * constructors it might look up by name.
 */
const realmTargets = {
  'Array.prototype': ['0', '1', '2', 'constructor', 'push', { wellKnown: 'iterator' }, 'at', 'x'],
  'Object.prototype': ['0', '1', 'a', 'x', '__proto__', 'then', 'toJSON', 'constructor', 'hasOwnProperty', 'message', 'name', 'cause', 'length'],
  'Map.prototype': ['set', 'get', 'size', 'entries', { wellKnown: 'iterator' }],
  'Set.prototype': ['add', 'has', 'size', 'values', { wellKnown: 'iterator' }],
  'Error.prototype': ['name', 'message', 'cause', 'stack', 'toString'],
  'ArrayBuffer.prototype': ['byteLength', 'maxByteLength', 'resizable', 'resize', 'slice', 'transfer'],
  'SharedArrayBuffer.prototype': ['byteLength', 'grow', 'growable'],
  'TypedArray.prototype': ['length', 'buffer', 'byteOffset', 'byteLength', 'set', 'subarray'],
  'Uint8Array.prototype': ['0', 'constructor'],
  'DataView.prototype': ['buffer', 'byteOffset', 'getUint8'],
  'RegExp.prototype': ['source', 'flags', 'global', 'lastIndex', 'exec'],
  'Date.prototype': ['getTime', 'valueOf'],
  'Number.prototype': ['valueOf', 'toString'],
  'String.prototype': ['valueOf', 'slice', 'charCodeAt', '0'],
  'Boolean.prototype': ['valueOf'],
  'BigInt.prototype': ['valueOf', 'toString'],
  'Symbol.prototype': ['valueOf', 'description'],
  'Function.prototype': ['call', 'apply', 'bind'],
  Object: ['defineProperty', 'keys', 'getOwnPropertyDescriptor', 'setPrototypeOf', 'create'],
  Array: ['isArray', 'from', { wellKnown: 'species' }],
  globalThis: ['Array', 'Object', 'Map', 'Set', 'Error', 'TypeError', 'RegExp', 'Date', 'DOMException'],
};

/** An intrinsic and one of its keys worth polluting. */
const realmPlace = fc.oneof(
  ...Object.entries(realmTargets).map(([on, keys]) => fc.constantFrom(...keys).map((key) => ({ on, key }))),
);

/** One RealmStep: a data property (often non-writable), an accessor, a method, or a deletion. */
const realmStep = fc.oneof(
  { weight: 3, arbitrary: fc.tuple(realmPlace, fc.record({ get: realmBehavior, set: realmBehavior }, { requiredKeys: [] })).map(([place, acc]) => ({ ...place, ...(acc.get || acc.set ? acc : { get: {} }) })) },
  { weight: 2, arbitrary: fc.tuple(realmPlace, anyPrimitiveValue, fc.boolean()).map(([place, value, writable]) => ({ ...place, value, writable })) },
  { weight: 2, arbitrary: fc.tuple(realmPlace, realmBehavior).map(([place, method]) => ({ ...place, method })) },
  { weight: 1, arbitrary: realmPlace.map((place) => ({ ...place, delete: true })) },
);

/** Set-up for the sender's or the receiver's realm: one to three steps. */
export const realmSteps = fc.array(realmStep, { minLength: 1, maxLength: 3 });

/**
 * A getter on Array.prototype / Object.prototype at an index: what a fast
 * path that reads holes through the prototype would see.
 * @param {string} on @param {string} index
 */
export function indexedPrototypeGetter(on, index) {
  return { on, key: index, get: { returns: 'from the prototype' } };
}
