// Guard conditions shared by the tiers.
//
// A tier may take a value only when cloning it the short way is observably
// identical to the spec path: StructuredSerializeInternal
// (https://html.spec.whatwg.org/#structuredserializeinternal) followed by
// StructuredDeserialize (https://html.spec.whatwg.org/#structureddeserialize).
// Steps are cited by algorithm name and the numbers of src/html/steps.js.
// Each check below names what the spec would do that the shortcut does not,
// i.e. what would become observable without it.
//
// Every check here is safe to run on any value: none of them runs user code,
// and none touches anything script can see of an object it refuses. So an
// object is classified by its internal slots (brands.js, which runs no user
// code) before any of its properties is looked at: [[OwnPropertyKeys]] /
// [[GetOwnProperty]] of a Proxy run its traps, and reading the descriptor of
// an Error's `stack` makes V8 format it, running the Error's `name` and
// `message` getters. On an ordinary object or an Array, Reflect.ownKeys and
// Object.getOwnPropertyDescriptor run no user code; Get of an own data
// property runs none either.

import {
  ArrayIsArray, ArrayIteratorPrototype, ArrayIteratorPrototypeNext, ArrayPrototype,
  ArrayPrototypeValues, ObjectGetOwnPropertyDescriptor, ObjectHasOwn, ReflectGetPrototypeOf,
  ReflectOwnKeys, SymbolIterator, append, newList,
} from '../primordials/intrinsics.js';
import { classifyObject, isProxy } from '../abstract-ops/brands.js';
import { isArrayIndex } from '../abstract-ops/object-operations.js';

/**
 * @typedef {object} TierOptions  what a guard reads of the structuredClone options
 * @property {unknown} [transfer]  the transfer option as given (not yet converted)
 * @property {boolean} [forStorage]
 */

/**
 * The conditions every tier shares: no transfer list and not for storage.
 *
 * - 'transfer-list': with a non-empty transfer list, StructuredSerializeWithTransfer
 *   detaches the transferred buffers (its step 5, after serializing the value), even
 *   when the value is a primitive; a shortcut would leave them attached. An
 *   empty list is fine only when converting it (WebIDL sequence<object>) runs
 *   no user code: an own Array of length 0 whose iterator is the original one.
 *   Anything else (a Set, a null-prototype array, a polluted
 *   Array.prototype[Symbol.iterator]) is converted on the spec path, where the
 *   iteration (and its TypeError, if any) happens as the spec says.
 * - 'for-storage': StructuredSerializeForStorage refuses SharedArrayBuffer and
 *   the storage contexts (IndexedDB, history) are a different channel; engines
 *   keep their fast paths off it (Bun #21926), so the tiers do too.
 * @param {TierOptions | undefined} options
 * @returns {'transfer-list' | 'for-storage' | undefined}
 */
export function optionsReason(options) {
  if (options === undefined || options === null) return undefined;
  const { transfer } = options;
  if (transfer !== undefined && !isUnobservablyEmpty(transfer)) return 'transfer-list';
  if (options.forStorage) return 'for-storage';
  return undefined;
}

/**
 * Whether converting `transfer` to sequence<object> gives an empty list without
 * running user code: it is an Array (not a Proxy) of length 0, it has no own
 * Symbol.iterator, its prototype is this realm's %Array.prototype% with the
 * original Symbol.iterator, and %ArrayIteratorPrototype%.next is the original.
 * @param {unknown} transfer
 * @returns {boolean}
 */
function isUnobservablyEmpty(transfer) {
  if (typeof transfer !== 'object' || transfer === null || isProxy(transfer) || !ArrayIsArray(transfer)) return false;
  if (/** @type {unknown[]} */ (transfer).length !== 0) return false;
  if (ObjectHasOwn(transfer, SymbolIterator) || ReflectGetPrototypeOf(transfer) !== ArrayPrototype) return false;
  return isOriginalData(ArrayPrototype, SymbolIterator, ArrayPrototypeValues)
    && isOriginalData(ArrayIteratorPrototype, 'next', ArrayIteratorPrototypeNext);
}

/**
 * @param {object} object
 * @param {PropertyKey} key
 * @param {unknown} original
 * @returns {boolean} whether object[key] is an own data property holding `original`
 */
function isOriginalData(object, key, original) {
  const descriptor = ObjectGetOwnPropertyDescriptor(object, key);
  return descriptor !== undefined && ObjectHasOwn(descriptor, 'value') && descriptor.value === original;
}

/**
 * The reason a property value cannot be copied as it is, or undefined when it can.
 * - 'symbol': StructuredSerializeInternal step 5 throws DataCloneError on a
 *   Symbol; the spec path must throw it.
 * - 'nested-object': an object value needs its own serialization (its own
 *   branch, memory entry, getters, errors); a flat copy would share it.
 * @param {unknown} value
 * @returns {'symbol' | 'nested-object' | undefined}
 */
export function primitiveValueReason(value) {
  const type = typeof value;
  if (type === 'symbol') return 'symbol';
  if ((type === 'object' && value !== null) || type === 'function') return 'nested-object';
  return undefined;
}

/**
 * The reason an object is not a flat object (Bun's `isObjectFastPathCandidate`:
 * a final object, no getters or setters, no indexed properties, all enumerable),
 * or undefined when it is one. Symbol-keyed properties are skipped, exactly as
 * the spec skips them (EnumerableOwnProperties takes string keys only), so they
 * neither disqualify the object nor reach the clone.
 *
 * Not checked, on purpose (the spec path ignores them too, so accepting is exact):
 * the prototype (a plain object of any prototype, null included, clones to an
 * ordinary object with %Object.prototype%; only own properties are read), and
 * frozen / sealed / non-extensible state (the clone is a fresh, extensible
 * object whatever the source was).
 *
 * @param {object} object any non-null object
 * @param {number} maxProperties the tier's property limit (Infinity: none)
 * @param {(value: unknown) => string | undefined} valueReason why a property value cannot be copied
 * @returns {string | undefined}
 */
export function flatObjectReason(object, maxProperties, valueReason) {
  // Classified first, before any descriptor is read: a guard must not touch
  // anything script can see of an object it refuses. Reading the descriptors
  // of an exotic or host object can run code: V8 formats an Error's `stack`
  // on the first read of its descriptor, through Error.prototype.toString,
  // which runs the Error's `name` and `message` getters.
  const kind = classifyObject(object);
  // 'proxy': a Proxy is exotic (StructuredSerializeInternal step 23:
  // DataCloneError), and looking at its keys or descriptors would run its traps.
  if (kind === 'proxy') return 'proxy';
  // 'array': Arrays take the Array branch (StructuredSerializeInternal step 18):
  // length, holes, %Array.prototype%.
  if (kind === 'array') return 'array';
  // 'not-plain': callables throw (StructuredSerializeInternal step 21), and
  // anything else with internal slots (Date, RegExp, Map, Set, wrappers,
  // buffers, views, Error, Promise, arguments, …) takes its own branch or
  // throws; only ordinary objects are serialized as their enumerable own
  // string-keyed properties alone.
  if (kind !== 'object') return 'not-plain';
  let keys;
  try {
    keys = ReflectOwnKeys(object);
    let count = 0;
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i];
      if (typeof key !== 'string') continue;
      // 'indexed-property': Bun's fast path copies the structure's named
      // properties only; objects with elements go the full way.
      if (isArrayIndex(key)) return 'indexed-property';
      // The cast: the key is one of its own.
      const descriptor = /** @type {PropertyDescriptor} */ (ObjectGetOwnPropertyDescriptor(object, key));
      // 'accessor': the spec calls the getter (Get, after the HasOwnProperty
      // re-check) and a getter can change everything that follows; the spec path
      // must run it, once, in order.
      if (!ObjectHasOwn(descriptor, 'value')) return 'accessor';
      // 'non-enumerable': the spec leaves non-enumerable properties out;
      // Bun's fast path requires all properties to be enumerable.
      if (!descriptor.enumerable) return 'non-enumerable';
      const reason = valueReason(descriptor.value);
      if (reason !== undefined) return reason;
      // 'too-many-properties': the tier's inline-capacity limit.
      if (++count > maxProperties) return 'too-many-properties';
    }
  } catch {
    // A non-Proxy exotic object whose [[GetOwnProperty]] throws (a module
    // namespace with an uninitialized binding, a cross-origin WindowProxy):
    // not flat; the spec path throws or refuses it as the spec says.
    return 'not-plain';
  }
  return undefined;
}

/**
 * What one tier selection learns of a value once for every tier that asks
 * (selectTier makes one per value): the four array tiers share the dense
 * shape of an array and differ only in what an element may be. Each walked
 * the array's own properties itself before, so an array no tier takes paid
 * that four times (a named property's twin: 1.4-3.2x the spec path,
 * docs/bench.md). Not kept beyond the selection: a value can change between
 * two clones. Keyed by this module's own symbol: a mutant's copy of this file
 * (harness/mutate/) must not read what the intact guards learnt.
 * @typedef {Record<symbol, DenseArrayShape>} Facts
 * @typedef {{reason: string} | {elements: unknown[]}} DenseArrayShape  why the value is not a dense Array, or its
 *   elements, read from their descriptors
 */
const DENSE_ARRAY_SHAPE = Symbol('the dense array shape');

/**
 * The reason `value` is not a dense Array whose elements pass `elementReason`,
 * or undefined when it is one (Bun #26814: "no holes, no named properties").
 * The prototype is not checked: with no holes, the spec reads own elements
 * only, and the clone gets %Array.prototype% of the target realm either way,
 * so an Array subclass instance or an array with a custom prototype is exact.
 * The shape first (once per selection, `facts`), then the elements.
 * @param {unknown} value
 * @param {(element: unknown) => string | undefined} elementReason
 * @param {Facts} [facts]
 * @returns {string | undefined}
 */
export function denseArrayReason(value, elementReason, facts = {}) {
  const shape = facts[DENSE_ARRAY_SHAPE] ??= denseArrayShape(value);
  if ('reason' in shape) return shape.reason;
  const { elements } = shape;
  for (let i = 0; i < elements.length; i++) {
    const reason = elementReason(elements[i]);
    if (reason !== undefined) return reason;
  }
  return undefined;
}

/**
 * Why `value` is not an Array of enumerable own data elements and no named
 * property, or its elements (read from their descriptors: an own data
 * property's value, no user code run).
 * @param {unknown} value
 * @returns {DenseArrayShape}
 */
function denseArrayShape(value) {
  const elements = newList();
  const reason = denseArrayShapeReason(value, elements);
  return reason === undefined ? { elements } : { reason };
}

/**
 * @param {unknown} value
 * @param {unknown[]} elements  filled with the elements' values, in order
 * @returns {string | undefined}
 */
function denseArrayShapeReason(value, elements) {
  if (typeof value !== 'object' || value === null) return 'not-array';
  // 'proxy': IsArray sees through a Proxy of an array, but the Proxy is exotic
  // (StructuredSerializeInternal step 23: DataCloneError), and reading it would
  // run its traps.
  if (isProxy(value)) return 'proxy';
  // 'not-array': an Array exotic object has no internal slots besides
  // [[ArrayLength]], so IsArray on a non-Proxy is the whole of classifyObject's
  // 'array' answer (StructuredSerializeInternal step 18).
  if (!ArrayIsArray(value)) return 'not-array';
  // The spec reads length from the own descriptor
  // (StructuredSerializeInternal step 18.1); for an Array that
  // is always a data property, so this Get runs no user code.
  const { length } = /** @type {unknown[]} */ (value);
  // 'named-property': the spec copies string-keyed properties besides the
  // elements (arr.foo); the dense copies do not. An Array's string keys are its
  // indices and "length": counted before any element's descriptor, more means
  // a named property (holes only make fewer), so that twin is refused at the
  // cost of one key list; with no more, an element walk that finds every
  // index proves there is none. Symbol keys are skipped by the spec and by
  // the copy alike.
  const keys = ReflectOwnKeys(value);
  let strings = 0;
  for (let i = 0; i < keys.length; i++) if (typeof keys[i] === 'string') strings++;
  if (strings > length + 1) return 'named-property';
  for (let i = 0; i < length; i++) {
    const descriptor = ObjectGetOwnPropertyDescriptor(value, i);
    // 'hole': the spec leaves a hole a hole, but a copy that reads value[i]
    // would read through the prototype chain (running an inherited getter and
    // filling the hole). Bun's tiers bail out on holes for the same reason.
    if (descriptor === undefined) return 'hole';
    // 'accessor': the spec runs an element getter, once, in index order.
    if (!ObjectHasOwn(descriptor, 'value')) return 'accessor';
    // 'non-enumerable': the spec skips a non-enumerable element (the clone has a
    // hole there); a dense copy would not.
    if (!descriptor.enumerable) return 'non-enumerable';
    append(elements, descriptor.value);
  }
  return undefined;
}
