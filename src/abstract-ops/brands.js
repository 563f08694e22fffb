// Which internal slots does an object have?
//
// StructuredSerializeInternal branches on internal slots ([[DateValue]],
// [[ArrayBufferData]], [[MapData]], …), which script cannot read directly.
// Each check here is a brand check: a built-in that throws (or answers
// undefined) unless its receiver has the slot, chosen so that it runs no user
// code and changes nothing.
//
// Three kinds of object have no such check in the language: Proxy exotic
// objects, and objects whose only distinguishing slots belong to Promise,
// generators, iterators, module namespaces and the like. For those the host
// can say more (`setHostHooks`, e.g. Node's util.types), and `build` registers
// every such object it makes (`registerOpaque`), so the reference is exact on
// every program even where the host says nothing. It registers its ordinary
// objects too: finding those by brand checks is the costly part.

import {
  ArrayBufferPrototypeByteLength, ArrayIsArray, BigIntPrototypeValueOf, BooleanPrototypeValueOf,
  DataViewPrototypeBuffer, DatePrototypeGetTime, ErrorIsError, MapPrototypeSize,
  NumberPrototypeValueOf, ObjectGetOwnPropertyDescriptor, ObjectPrototypeToString, RegExpPrototype,
  RegExpPrototypeSource, ReflectGetPrototypeOf, SetPrototypeSize,
  SharedArrayBufferPrototypeByteLength, StringPrototypeSlice, StringPrototypeValueOf,
  SymbolPrototypeValueOf, SymbolToStringTag, TypedArrayPrototypeToStringTag, WeakMapCtor,
  WeakMapPrototypeGet, WeakMapPrototypeHas, WeakMapPrototypeSet, WeakSetPrototypeHas, uncurryThis,
  withoutStackTraces,
} from '../primordials/intrinsics.js';
import { platformInterfaceBySlots, setPlatformHooks } from '../webidl/interfaces.js';

/**
 * What StructuredSerializeInternal sees in an object.
 * @typedef {'proxy' | 'callable' | 'opaque' | 'boolean' | 'number' | 'bigint' | 'string' | 'symbol'
 *   | 'date' | 'regexp' | 'arraybuffer' | 'sharedarraybuffer' | 'typedarray' | 'dataview'
 *   | 'map' | 'set' | 'error' | 'array' | 'object' | import('../webidl/interfaces.js').PlatformInterface} ObjectKind
 *   A platform object's kind is its interface's name (platform.js).
 */

/** @type {WeakMap<object, string>} objects `build` made whose slots script cannot see, by kind */
const opaqueObjects = new WeakMapCtor();

/**
 * The kinds found so far by the host or by brand checks. An object's
 * internal slots are fixed when it is made, so its kind is too, and a fuzz
 * case classifies each object of its input three or four times (observed
 * before and after cloning, serialized, offered to the tiers). Without a host
 * hook an ordinary object costs every brand check, each a thrown TypeError:
 * in a Chromium agent page they were half of the CPU (a CDP profile of a
 * 20 s chromium:clone run: brands.js 40%, platform.js 10%).
 * @type {WeakMap<object, ObjectKind>}
 */
let kinds = new WeakMapCtor();

/**
 * @typedef {object} HostHooks
 * @property {(object: object) => boolean} [isProxy]  true for Proxy exotic objects
 * @property {(object: object) => boolean} [isError]  true for objects with [[ErrorData]]
 *   (Node: util.types.isNativeError); needed where the host lacks Error.isError
 * @property {(object: object) => ObjectKind | undefined} [classify]  the kind of an object
 *   that is neither a Proxy, callable nor an Array, read from the host's own view of its
 *   internal slots (Node: util.types); 'opaque' for slots the spec refuses (Promise,
 *   generators, iterators, module namespaces, …); undefined when the host cannot tell.
 *   Brand checks throw for every kind they rule out, which costs ~20 µs per ordinary
 *   object on V8; a host answer costs well under 1 µs.
 * @property {(buffer: SharedArrayBuffer) => SharedArrayBuffer} [shareDataBlock]  a second
 *   SharedArrayBuffer object over the buffer's data block (StructuredDeserialize steps 12.2 and
 *   13.2), for a host without a global structuredClone (QuickJS-ng: its own serializer with
 *   JS_WRITE_OBJ_SAB, portable/hosts/quickjs/entry.js)
 * @property {(object: object, global: object) => object} [transferPlatformObject]  a
 *   transferable platform object's transfer steps and, in the realm of `global`, its
 *   transfer-receiving steps, at once: the new object, the original detached
 *   (StructuredSerializeWithTransfer step 5.5.4, StructuredDeserializeWithTransfer step 3.4.4).
 *   What they move lives in the host (a MessagePort's message queue and entanglement), out of
 *   script's reach. Default: that realm's own structuredClone with the object as the transfer
 *   list, the one door script has to them (src/html/platform-objects.js `hostTransfer`)
 * @property {(object: object, prototype: object) => object} [platformReceiver]  what to call
 *   the getters and methods of a serializable interface whose prototype object is `prototype`
 *   on, for `object`: the object itself, or, where the host's checks also look at the prototype
 *   chain (Deno: webidl.assertBranded), a stand-in that has that prototype and reads the
 *   object's own state (portable/hosts/deno-host.js). Default: the object
 * @property {(object: object, prototype: object) => boolean} [platformBrand]  whether the object
 *   is an instance of the interface whose prototype object is `prototype`, as the host's own
 *   checks see it: the brand check of an interface none of whose members is one that reads and
 *   changes nothing here (Deno before 2.8: MessagePort; portable/hosts/deno-host.js)
 */

/** @type {HostHooks} */
let hostHooks = {};

/**
 * Lets the host tell the reference what script cannot see (Node: util.types).
 * @param {HostHooks} hooks
 */
export function setHostHooks(hooks) {
  hostHooks = hooks;
  setPlatformHooks(hooks.platformReceiver, hooks.platformBrand);
  // A host may see slots that brand checks cannot (a Promise's): what was found without it is forgotten.
  kinds = new WeakMapCtor();
}

/** @returns {HostHooks['shareDataBlock']} the host's way to share a data block, if it gave one */
export function hostShareDataBlock() {
  return hostHooks.shareDataBlock;
}

/** @returns {HostHooks['transferPlatformObject']} the host's way to transfer a platform object, if it gave one */
export function hostTransferPlatformObject() {
  return hostHooks.transferPlatformObject;
}

/**
 * Marks an object as a Proxy (`kind` 'proxy'), as an ordinary object
 * ('object', `rememberOrdinary`) or as an object with internal slots the
 * reference must refuse (any other kind name, e.g. 'promise').
 * @param {object} object
 * @param {string} kind
 */
export function registerOpaque(object, kind) {
  if (kind === 'object') rememberOrdinary(object);
  else WeakMapPrototypeSet(opaqueObjects, object, kind);
}

/**
 * Marks an object that its maker made by OrdinaryObjectCreate (a program's
 * plain object, StructuredDeserialize step 20's): it has an ordinary
 * object's slots, so its kind is 'object' from the start. Found by brand
 * checks instead, every such object costs each platform interface's check,
 * a thrown error each (16 µs per object on Node 20, a third of a fuzz case),
 * and runs the host's own code for them (Node's errors), which a polluted
 * realm can reach: an object met first in the transfer list, classified
 * while the receiver's steps are in place, ran an Array.prototype setter.
 * @param {object} object
 */
export function rememberOrdinary(object) {
  WeakMapPrototypeSet(kinds, object, 'object');
}

/**
 * @param {() => unknown} check
 * @returns {boolean} whether `check` returned without throwing
 */
function succeeds(check) {
  try {
    check();
    return true;
  } catch {
    return false;
  }
}

const WeakRefPrototypeDeref = globalThis.WeakRef ? uncurryThis(WeakRef.prototype.deref) : undefined;
const FinalizationRegistryPrototypeUnregister = globalThis.FinalizationRegistry
  ? uncurryThis(FinalizationRegistry.prototype.unregister) : undefined;

/**
 * @param {object} object
 * @returns {boolean} true for WeakMap, WeakSet, WeakRef, FinalizationRegistry
 */
function isWeakCollection(object) {
  const token = {};
  return succeeds(() => WeakMapPrototypeHas(object, token))
    || succeeds(() => WeakSetPrototypeHas(object, token))
    || isWeakRefOrRegistry(object);
}

/**
 * @param {object} object
 * @returns {boolean} true for WeakRef and FinalizationRegistry
 */
function isWeakRefOrRegistry(object) {
  return (WeakRefPrototypeDeref !== undefined && succeeds(() => WeakRefPrototypeDeref(object)))
    || (FinalizationRegistryPrototypeUnregister !== undefined
      && succeeds(() => FinalizationRegistryPrototypeUnregister(object, {})));
}

/**
 * Whether the object is a WeakRef or FinalizationRegistry, by brand checks
 * that capture no stack traces: the two kinds Node's util.types has no
 * predicate for, so its host classifier finishes with this.
 * @param {object} object
 * @returns {boolean}
 */
export function isWeakRefOrRegistryObject(object) {
  return withoutStackTraces(isWeakRefOrRegistry, object);
}

/**
 * The built-in tag of Object.prototype.toString (its builtinTag,
 * https://tc39.es/ecma262/#sec-object.prototype.tostring), read only when no Symbol.toStringTag on the chain could run code or override it.
 * @param {object} object
 * @returns {string | undefined} e.g. 'Error', 'Arguments'; undefined when unknowable
 */
function builtinTag(object) {
  for (let o = object; o !== null; o = ReflectGetPrototypeOf(o)) {
    if (ObjectGetOwnPropertyDescriptor(o, SymbolToStringTag) !== undefined) return undefined;
  }
  return StringPrototypeSlice(ObjectPrototypeToString(object), 8, -1);
}

/**
 * @param {object} object
 * @returns {boolean} whether the object has an [[ErrorData]] internal slot
 */
export function hasErrorData(object) {
  if (ErrorIsError !== undefined) return ErrorIsError(object);
  if (hostHooks.isError !== undefined) return hostHooks.isError(object);
  return builtinTag(object) === 'Error';
}

/**
 * @param {object} object
 * @returns {boolean} whether the object is a Proxy exotic object, as far as anyone can tell
 */
export function isProxy(object) {
  if (WeakMapPrototypeGet(opaqueObjects, object) === 'proxy') return true;
  return hostHooks.isProxy !== undefined && hostHooks.isProxy(object);
}

/**
 * The branch of StructuredSerializeInternal an object falls into, decided by
 * its internal slots (StructuredSerializeInternal steps 5–24). Proxy first: a Proxy of an array
 * passes IsArray, but it is exotic and must be refused.
 * @param {object} object
 * @returns {ObjectKind}
 */
export function classifyObject(object) {
  if (isProxy(object)) return 'proxy';
  if (typeof object === 'function') return 'callable';
  if (WeakMapPrototypeHas(opaqueObjects, object)) return 'opaque';
  // An Array exotic object has no internal slot beyond [[Prototype]] and
  // [[Extensible]], so IsArray settles it before any brand check.
  if (ArrayIsArray(object)) return 'array';
  let kind = WeakMapPrototypeGet(kinds, object);
  if (kind === undefined) {
    kind = (hostHooks.classify === undefined ? undefined : hostHooks.classify(object)) ?? kindByBrandChecks(object);
    WeakMapPrototypeSet(kinds, object, kind);
  }
  return kind;
}

/**
 * The kind brand checks alone find, without asking the host: what a host's
 * classifier must agree with (portable/hosts/quickjs/quickjs-host.js checks
 * its table against it when it loads).
 * @param {object} object neither a Proxy, callable, opaque nor an Array
 * @returns {ObjectKind}
 */
export function kindByBrandChecks(object) {
  return withoutStackTraces(classifyBySlots, object);
}

/**
 * The brand checks proper: each throws unless the slot is there.
 * @param {object} object neither a Proxy, callable, opaque nor an Array
 * @returns {ObjectKind}
 */
function classifyBySlots(object) {
  if (succeeds(() => BooleanPrototypeValueOf(object))) return 'boolean';
  if (succeeds(() => NumberPrototypeValueOf(object))) return 'number';
  if (succeeds(() => BigIntPrototypeValueOf(object))) return 'bigint';
  if (succeeds(() => StringPrototypeValueOf(object))) return 'string';
  if (succeeds(() => SymbolPrototypeValueOf(object))) return 'symbol';
  if (succeeds(() => DatePrototypeGetTime(object))) return 'date';
  if (object !== RegExpPrototype && succeeds(() => RegExpPrototypeSource(object))) return 'regexp';
  if (succeeds(() => ArrayBufferPrototypeByteLength(object))) return 'arraybuffer';
  const sharedByteLength = SharedArrayBufferPrototypeByteLength;
  if (sharedByteLength !== undefined && succeeds(() => sharedByteLength(object))) return 'sharedarraybuffer';
  if (TypedArrayPrototypeToStringTag(object) !== undefined) return 'typedarray';
  if (succeeds(() => DataViewPrototypeBuffer(object))) return 'dataview';
  if (succeeds(() => MapPrototypeSize(object))) return 'map';
  if (succeeds(() => SetPrototypeSize(object))) return 'set';
  if (isWeakCollection(object)) return 'opaque';
  // Before [[ErrorData]]: a DOMException has that slot too in hosts with
  // Error.isError (StructuredSerializeInternal step 17 is for non-platform objects).
  const platform = platformInterfaceBySlots(object);
  if (platform !== undefined) return platform;
  if (hasErrorData(object)) return 'error';
  if (builtinTag(object) === 'Arguments') return 'opaque';
  return 'object';
}
