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
 * Pollution aimed at the value: one of its own keys (an index of an array
 * or a named key of any object; `pick` chooses which once the value is
 * known) on the prototype a fast path would consult, in the sending or the
 * receiving realm. In the receiving realm it is the bug class of a fast
 * path that builds its result with [[Set]] or a put-by-index that consults
 * the prototype: a setter that must not fire, a getter that must not be
 * read, a read-only property that a [[Set]] would silently fail to shadow
 * (StructuredDeserialize defines every property with CreateDataProperty).
 * In the sending realm: reads through the prototype where the value has no
 * own property. Drawn apart from the value, so that every strategy, and every
 * value a tier accepts, meets it.
 */
export const aimedPollution = fc.record({
  realm: fc.constantFrom('sender', 'receiver'),
  on: fc.constantFrom('Array.prototype', 'Object.prototype'),
  how: fc.constantFrom('setter', 'getter', 'read-only'),
  pick: fc.nat(),
});

/**
 * The realm step an aimed pollution makes at `key`, or undefined where no
 * step may go (Array.prototype's `length` is not configurable).
 * @param {{on: string, how: string}} aim
 * @param {string} key
 */
export function aimedStep({ on, how }, key) {
  if (on === 'Array.prototype' && key === 'length') return undefined;
  if (how === 'setter') return { on, key, set: {} };
  if (how === 'getter') return { on, key, get: { returns: 'from the realm' } };
  return { on, key, value: 'from the realm', writable: false };
}
