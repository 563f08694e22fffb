// StructuredSerializeInternal and its entry points, step by step.
// https://html.spec.whatwg.org/#structuredserializeinternal
//
// Records are null-prototype objects whose fields carry the spec's slot names
// without brackets: { Type: 'Array', Length, Properties }. `memory` is a Map
// from objects to their records, so shared references and cycles map to one
// record (step 2) and the deserializer rebuilds the same topology.

import { classifyObject, isProxy } from '../abstract-ops/brands.js';
import {
  CopyDataBlock, DetachArrayBuffer, IsArrayBufferViewOutOfBounds, IsDetachedBuffer,
  hasMaxByteLength, isDataView, isLengthTracking, viewedBuffer,
} from '../abstract-ops/buffers.js';
import { DataCloneError } from './errors.js';
import { isTransferableKind } from '../webidl/interfaces.js';
import { isDetachedPlatformObject, serializePlatformObject, transferPlatformObject } from './platform-objects.js';
import { specProfile } from './profiles.js';
import {
  ArrayBufferPrototypeByteLength, ArrayBufferPrototypeMaxByteLength, BigIntPrototypeValueOf, ErrorPrototypeStackGetter,
  BooleanPrototypeValueOf, DataViewPrototypeByteLength, DataViewPrototypeByteOffset,
  DatePrototypeGetTime, MapCtor, MapIteratorPrototypeNext, MapPrototypeEntries, MapPrototypeGet,
  MapPrototypeHas, MapPrototypeSet, NumberPrototypeValueOf,
  ObjectGetOwnPropertyDescriptor, ObjectHasOwn, RegExpFlagGetters, RegExpPrototypeSource,
  ReflectApply, ReflectGetPrototypeOf, ReflectOwnKeys, SetIteratorPrototypeNext, SetPrototypeValues,
  SharedArrayBufferPrototypeByteLength, SharedArrayBufferPrototypeMaxByteLength,
  StringPrototypeValueOf, TypedArrayPrototypeByteLength, TypedArrayPrototypeByteOffset,
  TypedArrayPrototypeLength, TypedArrayPrototypeToStringTag, append, newList, record,
} from '../primordials/intrinsics.js';

/**
 * A serialization record. `Type` names the branch; the other fields are the
 * slots that branch stores (see each step below).
 * @typedef {{Type: string, [field: string]: any}} Serialized
 */

/**
 * @typedef {object} SerializeOptions
 * @property {boolean} [crossOriginIsolated] the current settings object's
 *   cross-origin isolated capability (step 13.1.1). Node, Deno and Bun share
 *   SharedArrayBuffers freely, like an isolated page; default true.
 * @property {Readonly<import('./profiles.js').SpecProfile>} [profile] the standard
 *   followed (profiles.js): which Error data step 17 carries; default `html`
 */

/** @type {Required<SerializeOptions>} */
const DEFAULT_OPTIONS = record({ crossOriginIsolated: true, profile: specProfile() });

/**
 * StructuredSerializeInternal(value, forStorage [, memory])
 * https://html.spec.whatwg.org/#structuredserializeinternal
 * @param {unknown} value
 * @param {boolean} forStorage
 * @param {Map<object, Serialized>} [memory]
 * @param {SerializeOptions} [options]
 * @returns {Serialized}
 */
export function StructuredSerializeInternal(value, forStorage, memory = new MapCtor(), options = DEFAULT_OPTIONS) {
  // Step 2. If memory[value] exists, then return memory[value].
  if ((typeof value === 'object' && value !== null) || typeof value === 'function') {
    if (MapPrototypeHas(memory, value)) return MapPrototypeGet(memory, value);
  }
  // Step 4. undefined, null, Boolean, Number, BigInt, String: a primitive record
  // (-0, NaN and lone surrogates pass through unchanged).
  if (value === null || (typeof value !== 'object' && typeof value !== 'function' && typeof value !== 'symbol')) {
    return record({ Type: 'primitive', Value: value });
  }
  // Step 5. If value is a Symbol, then throw a "DataCloneError" DOMException.
  if (typeof value === 'symbol') throw DataCloneError('StructuredSerializeInternal step 5: a Symbol cannot be serialized');

  const object = /** @type {object} */ (value);
  /** @type {Serialized} */
  let serialized;
  let deep = false;
  const kind = classifyObject(object);
  switch (kind) {
    // Steps 7–10: wrapper objects keep only their primitive.
    case 'boolean': serialized = record({ Type: 'Boolean', BooleanData: BooleanPrototypeValueOf(object) }); break;
    case 'number': serialized = record({ Type: 'Number', NumberData: NumberPrototypeValueOf(object) }); break;
    case 'bigint': serialized = record({ Type: 'BigInt', BigIntData: BigIntPrototypeValueOf(object) }); break;
    case 'string': serialized = record({ Type: 'String', StringData: StringPrototypeValueOf(object) }); break;
    // Step 11. Date: the time value only.
    case 'date': serialized = record({ Type: 'Date', DateValue: DatePrototypeGetTime(object) }); break;
    // Step 12. RegExp: matcher, [[OriginalSource]], [[OriginalFlags]]; lastIndex and
    // own properties are not part of the record.
    case 'regexp': serialized = record({
      Type: 'RegExp', OriginalSource: RegExpPrototypeSource(object), OriginalFlags: originalFlags(object),
    }); break;
    case 'sharedarraybuffer': serialized = serializeSharedArrayBuffer(/** @type {SharedArrayBuffer} */ (object), forStorage, options); break;
    case 'arraybuffer': serialized = serializeArrayBuffer(/** @type {ArrayBuffer} */ (object)); break;
    case 'typedarray':
    case 'dataview': serialized = serializeView(/** @type {ArrayBufferView} */ (object), forStorage, memory, options); break;
    // Steps 15–16. Map and Set: entries are serialized in step 26.
    case 'map': serialized = record({ Type: 'Map', MapData: newList() }); deep = true; break;
    case 'set': serialized = record({ Type: 'Set', SetData: newList() }); deep = true; break;
    case 'error': serialized = serializeError(object, options.profile ?? DEFAULT_OPTIONS.profile); deep = ObjectHasOwn(serialized, 'Cause') || ObjectHasOwn(serialized, 'Errors'); break;
    // Step 18. Array: the length comes from the own "length" descriptor (no getter can run; the cast: an Array has one).
    case 'array': serialized = record({
      Type: 'Array', Length: /** @type {PropertyDescriptor} */ (ObjectGetOwnPropertyDescriptor(object, 'length')).value, Properties: newList(),
    }); deep = true; break;
    // Steps 19 (a serializable platform object) and 20 (another platform
    // object, such as a MessagePort outside the transfer list) come after the
    // switch: its kind is its interface's name (src/webidl/interfaces.js).
    // Step 21. IsCallable(value).
    case 'callable': throw DataCloneError('StructuredSerializeInternal step 21: a callable object cannot be serialized');
    // Step 22. Any other internal slot (Symbol wrapper, WeakMap, Promise, …).
    case 'symbol':
    case 'opaque': throw DataCloneError('StructuredSerializeInternal step 22: an object with internal slots other than [[Prototype]], [[Extensible]] and [[PrivateElements]] cannot be serialized');
    // Step 23. Exotic objects (Proxy). %Object.prototype% is ordinary as far as
    // its own properties go and falls through to step 24 like any object.
    case 'proxy': throw DataCloneError('StructuredSerializeInternal step 23: an exotic object (Proxy) cannot be serialized');
    // Step 24. Ordinary objects.
    case 'object': serialized = record({ Type: 'Object', Properties: newList() }); deep = true; break;
    // Steps 19 and 26.3. Its serialization steps run at once: none of them
    // can reach the object itself again, so memory[value] is not needed first.
    default: serialized = serializePlatformObject(object, /** @type {import('../webidl/interfaces.js').PlatformInterface} */ (kind),
      (inner) => StructuredSerializeInternal(inner, forStorage, memory, options));
  }
  // Step 25. Set memory[value] to serialized — before the deep pass, so cycles terminate.
  MapPrototypeSet(memory, object, serialized);

  // Step 26. The deep pass.
  if (deep) {
    if (kind === 'map') serializeMapEntries(/** @type {Map<any, any>} */ (object), serialized, forStorage, memory, options);
    else if (kind === 'set') serializeSetEntries(/** @type {Set<any>} */ (object), serialized, forStorage, memory, options);
    else if (kind === 'error') serializeErrorData(serialized, forStorage, memory, options);
    else serializeProperties(object, serialized, forStorage, memory, options);
  }
  // Step 27.
  return serialized;
}

/**
 * [[OriginalFlags]], read through the per-flag getters (see RegExpFlagGetters).
 * @param {object} regexp
 * @returns {string}
 */
function originalFlags(regexp) {
  let flags = '';
  for (let i = 0; i < RegExpFlagGetters.length; i++) {
    // Not `const [letter, get] = …`: array destructuring runs the iterator
    // protocol, which a polluted Array.prototype[@@iterator] observes (found
    // fuzzing node@22:wire, whose own serializer iterates nothing there).
    const entry = RegExpFlagGetters[i];
    if (entry[1](regexp)) flags += entry[0];
  }
  return flags;
}

/**
 * Step 13.1: SharedArrayBuffer. The record shares the data block, which the
 * deserializer wraps in a new SharedArrayBuffer object.
 * @param {SharedArrayBuffer} buffer
 * @param {boolean} forStorage
 * @param {SerializeOptions} options
 * @returns {Serialized}
 */
function serializeSharedArrayBuffer(buffer, forStorage, options) {
  // Step 13.1.1.
  if (!options.crossOriginIsolated) throw DataCloneError('StructuredSerializeInternal step 13.1.1: SharedArrayBuffer needs a cross-origin isolated context');
  // Step 13.1.2.
  if (forStorage) throw DataCloneError('StructuredSerializeInternal step 13.1.2: a SharedArrayBuffer cannot be serialized for storage');
  // Step 13.1.3. Growable: the byte length is shared too ([[ArrayBufferByteLengthData]]).
  // (The casts: a host that made a SharedArrayBuffer has its getters.)
  if (hasMaxByteLength(buffer)) {
    return record({
      Type: 'GrowableSharedArrayBuffer', ArrayBufferData: buffer,
      ArrayBufferMaxByteLength: /** @type {(buffer: object) => number} */ (SharedArrayBufferPrototypeMaxByteLength)(buffer),
    });
  }
  // Step 13.1.4.
  return record({
    Type: 'SharedArrayBuffer', ArrayBufferData: buffer,
    ArrayBufferByteLength: /** @type {(buffer: object) => number} */ (SharedArrayBufferPrototypeByteLength)(buffer),
  });
}

/**
 * Step 13.2: ArrayBuffer. The data block is copied now, so later changes to
 * the original (by a getter further on) do not reach the clone.
 * @param {ArrayBuffer} buffer
 * @returns {Serialized}
 */
function serializeArrayBuffer(buffer) {
  // Step 13.2.1.
  if (IsDetachedBuffer(buffer)) throw DataCloneError('StructuredSerializeInternal step 13.2.1: a detached ArrayBuffer cannot be serialized');
  // Steps 13.2.2–13.2.4.
  const size = ArrayBufferPrototypeByteLength(buffer);
  const dataCopy = CopyDataBlock(buffer, size);
  // Step 13.2.5.
  if (hasMaxByteLength(buffer)) {
    return record({ Type: 'ResizableArrayBuffer', ArrayBufferData: dataCopy, ArrayBufferByteLength: size, ArrayBufferMaxByteLength: ArrayBufferPrototypeMaxByteLength(buffer) });
  }
  // Step 13.2.6.
  return record({ Type: 'ArrayBuffer', ArrayBufferData: dataCopy, ArrayBufferByteLength: size });
}

/**
 * Step 14: typed arrays and DataViews. `'auto'` stands for the spec's `auto`
 * length of a length-tracking view.
 * @param {ArrayBufferView} view
 * @param {boolean} forStorage
 * @param {Map<object, Serialized>} memory
 * @param {SerializeOptions} options
 * @returns {Serialized}
 */
function serializeView(view, forStorage, memory, options) {
  // Step 14.1.
  if (IsArrayBufferViewOutOfBounds(view)) throw DataCloneError('StructuredSerializeInternal step 14.1: an out-of-bounds (or detached) view cannot be serialized');
  // Steps 14.2–14.3. The buffer goes through the same memory: two views on one
  // buffer share one buffer record.
  const bufferSerialized = StructuredSerializeInternal(viewedBuffer(view), forStorage, memory, options);
  const tracking = isLengthTracking(view);
  // Step 14.5.
  if (isDataView(view)) {
    return record({
      Type: 'ArrayBufferView', Constructor: 'DataView', ArrayBufferSerialized: bufferSerialized,
      ByteLength: tracking ? 'auto' : DataViewPrototypeByteLength(view), ByteOffset: DataViewPrototypeByteOffset(view),
    });
  }
  // Step 14.6.
  return record({
    Type: 'ArrayBufferView', Constructor: TypedArrayPrototypeToStringTag(view), ArrayBufferSerialized: bufferSerialized,
    ByteLength: tracking ? 'auto' : TypedArrayPrototypeByteLength(view), ByteOffset: TypedArrayPrototypeByteOffset(view),
    ArrayLength: tracking ? 'auto' : TypedArrayPrototypeLength(view),
  });
}

/**
 * Step 17: Error objects. Under a pending profile, step 17.7's "interesting
 * accompanying data" are `cause` and an AggregateError's `errors`: their values
 * are kept in the record here and serialized in the deep pass (serializeErrorData),
 * after step 25 put the error in memory, so an error that is its own cause
 * (V8 and SpiderMonkey: the clone is its own cause too) terminates.
 * @param {object} error
 * @param {Readonly<import('./profiles.js').SpecProfile>} profile
 * @returns {Serialized}
 */
function serializeError(error, profile) {
  // Step 17.1. Get runs getters on the object and its prototype chain.
  const name = /** @type {any} */ (error).name;
  // Step 17.2. Only the seven native names survive (html+cause+aggregate:
  // and "AggregateError"); anything else, including a non-string that would
  // stringify to one of them, becomes "Error".
  let keptName = 'Error';
  for (let i = 0; i < profile.errorNames.length; i++) if (name === profile.errorNames[i]) keptName = name;
  // Steps 17.3–17.4. The message comes from the own *data* property only; an
  // accessor is not called. ToString may throw (a Symbol) or run user code.
  const messageDesc = ObjectGetOwnPropertyDescriptor(error, 'message');
  const message = messageDesc !== undefined && ObjectHasOwn(messageDesc, 'value') ? `${messageDesc.value}` : undefined;
  /** @type {Serialized} */
  const serialized = record({ Type: 'Error', Name: keptName, Message: message });
  // Steps 17.5–17.6. [[Stack]]: the string stays as the engine wrote it.
  const stack = stackOf(error);
  if (stack !== undefined) serialized.Stack = stack;
  // Step 17.7, html+cause: the own `cause` data property, as V8 and SpiderMonkey
  // read it (an accessor is not called, as for the message).
  const causeDesc = profile.cause ? ObjectGetOwnPropertyDescriptor(error, 'cause') : undefined;
  if (causeDesc !== undefined && ObjectHasOwn(causeDesc, 'value')) serialized.Cause = causeDesc.value;
  // Step 17.7, html+cause+aggregate: an AggregateError's own `errors` data property.
  const errorsDesc = profile.aggregate && keptName === 'AggregateError' ? ObjectGetOwnPropertyDescriptor(error, 'errors') : undefined;
  if (errorsDesc !== undefined && ObjectHasOwn(errorsDesc, 'value')) serialized.Errors = errorsDesc.value;
  return serialized;
}

/**
 * Step 17.5: [[Stack]], "an implementation-defined string that represents the
 * stack trace". Where the host has the Error.prototype.stack accessor, its
 * original getter reads the slot itself: an own `stack` a script defined later
 * does not count (tc39/proposal-error-stack-accessor#16). V8 and JavaScriptCore
 * have no accessor yet: each error carries its stack as an own property (V8 12+:
 * an accessor pair of its own; V8 11 and JavaScriptCore: a data property), the
 * closest thing to the slot, read without looking at the prototype chain.
 * Obtaining the string runs no script in the standard, but V8 formats a stack
 * nobody read yet on the first read, through its Error.prototype.toString
 * steps: Get of `name` and `message`, ToString of their values. When that could
 * run a program's code, the stack is not read; the clone then keeps the stack
 * its constructor gave it (StructuredDeserialize step 21.12): a stack, not this one.
 * @param {object} error
 * @returns {string | undefined} undefined when there is no stack string to carry
 */
function stackOf(error) {
  /** @type {unknown} */
  let stack;
  if (ErrorPrototypeStackGetter !== undefined) stack = ErrorPrototypeStackGetter(error);
  else {
    if (formattingMayRunScript(error)) return undefined;
    const descriptor = ObjectGetOwnPropertyDescriptor(error, 'stack');
    if (descriptor === undefined) return undefined;
    stack = ObjectHasOwn(descriptor, 'value') ? descriptor.value
      : descriptor.get === undefined ? undefined : ReflectApply(descriptor.get, error, []);
  }
  return typeof stack === 'string' ? stack : undefined;
}

/**
 * Whether V8's formatting of the error's stack (its Error.prototype.toString
 * steps) could call a program's code: `name` or `message` found on the chain
 * is an accessor or holds an object (ToString would call its methods) or a
 * Symbol, or the chain has a Proxy (its traps would run).
 * @param {object} error
 * @returns {boolean}
 */
function formattingMayRunScript(error) {
  const keys = ['name', 'message'];
  for (let k = 0; k < 2; k++) {
    for (let object = error; object !== null; object = ReflectGetPrototypeOf(object)) {
      if (isProxy(object)) return true;
      const descriptor = ObjectGetOwnPropertyDescriptor(object, keys[k]);
      if (descriptor === undefined) continue;
      if (!ObjectHasOwn(descriptor, 'value')) return true;
      const value = descriptor.value;
      if ((typeof value === 'object' && value !== null) || typeof value === 'function' || typeof value === 'symbol') return true;
      break;
    }
  }
  return false;
}

/**
 * The deep pass for an Error under a pending profile: the `cause` and
 * `errors` values serialized through the same memory (step 17.7's data).
 * @param {Serialized} serialized
 * @param {boolean} forStorage
 * @param {Map<object, Serialized>} memory
 * @param {SerializeOptions} options
 */
function serializeErrorData(serialized, forStorage, memory, options) {
  if (ObjectHasOwn(serialized, 'Cause')) serialized.Cause = StructuredSerializeInternal(serialized.Cause, forStorage, memory, options);
  if (ObjectHasOwn(serialized, 'Errors')) serialized.Errors = StructuredSerializeInternal(serialized.Errors, forStorage, memory, options);
}

/**
 * Step 26.1: Map entries are copied into a list before any of them is
 * serialized, so a getter reached while serializing cannot change which
 * entries are visited.
 * @param {Map<any, any>} map
 * @param {Serialized} serialized
 * @param {boolean} forStorage
 * @param {Map<object, Serialized>} memory
 * @param {SerializeOptions} options
 */
function serializeMapEntries(map, serialized, forStorage, memory, options) {
  const copiedList = newList();
  const iterator = MapPrototypeEntries(map);
  for (let step = MapIteratorPrototypeNext(iterator); !step.done; step = MapIteratorPrototypeNext(iterator)) {
    append(copiedList, step.value);
  }
  for (let i = 0; i < copiedList.length; i++) {
    const serializedKey = StructuredSerializeInternal(copiedList[i][0], forStorage, memory, options);
    const serializedValue = StructuredSerializeInternal(copiedList[i][1], forStorage, memory, options);
    append(serialized.MapData, record({ Key: serializedKey, Value: serializedValue }));
  }
}

/**
 * Step 26.2: Set entries, copied first for the same reason as Map entries.
 * @param {Set<any>} set
 * @param {Serialized} serialized
 * @param {boolean} forStorage
 * @param {Map<object, Serialized>} memory
 * @param {SerializeOptions} options
 */
function serializeSetEntries(set, serialized, forStorage, memory, options) {
  const copiedList = newList();
  const iterator = SetPrototypeValues(set);
  for (let step = SetIteratorPrototypeNext(iterator); !step.done; step = SetIteratorPrototypeNext(iterator)) {
    append(copiedList, step.value);
  }
  for (let i = 0; i < copiedList.length; i++) {
    append(serialized.SetData, StructuredSerializeInternal(copiedList[i], forStorage, memory, options));
  }
}

/**
 * EnumerableOwnProperties(O, key) (https://tc39.es/ecma262/#sec-enumerableownproperties) over an ordinary object
 * or an Array: string keys only, in [[OwnPropertyKeys]] order (integer keys
 * ascending, then insertion order), enumerable at the time of the call.
 * @param {object} object
 * @returns {string[]}
 */
export function EnumerableOwnPropertyKeys(object) {
  const ownKeys = ReflectOwnKeys(object);
  const keys = newList();
  for (let i = 0; i < ownKeys.length; i++) {
    const key = ownKeys[i];
    if (typeof key !== 'string') continue;
    const desc = ObjectGetOwnPropertyDescriptor(object, key);
    if (desc !== undefined && desc.enumerable) append(keys, key);
  }
  return keys;
}

/**
 * Step 26.4: the keys are taken once; before each Get the key is checked
 * again with HasOwnProperty, so a getter that deletes a later key makes it
 * skipped, one that makes it non-enumerable does not, and keys it adds are
 * not visited. Getters run once each, in key order, and may throw.
 * @param {object} object
 * @param {Serialized} serialized
 * @param {boolean} forStorage
 * @param {Map<object, Serialized>} memory
 * @param {SerializeOptions} options
 */
function serializeProperties(object, serialized, forStorage, memory, options) {
  const keys = EnumerableOwnPropertyKeys(object);
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i];
    // Step 26.4.1.
    if (!ObjectHasOwn(object, key)) continue;
    // Step 26.4.1.1. [[Get]] with the object as receiver.
    const inputValue = /** @type {any} */ (object)[key];
    // Steps 26.4.1.2–26.4.1.3.
    const outputValue = StructuredSerializeInternal(inputValue, forStorage, memory, options);
    append(serialized.Properties, record({ Key: key, Value: outputValue }));
  }
}

/**
 * StructuredSerialize(value)
 * https://html.spec.whatwg.org/#structuredserialize
 * @param {unknown} value
 * @param {SerializeOptions} [options]
 * @returns {Serialized}
 */
export function StructuredSerialize(value, options) {
  return StructuredSerializeInternal(value, false, undefined, options);
}

/**
 * StructuredSerializeForStorage(value)
 * https://html.spec.whatwg.org/#structuredserializeforstorage
 * @param {unknown} value
 * @param {SerializeOptions} [options]
 * @returns {Serialized}
 */
export function StructuredSerializeForStorage(value, options) {
  return StructuredSerializeInternal(value, true, undefined, options);
}

/**
 * StructuredSerializeWithTransfer(value, transferList)
 * https://html.spec.whatwg.org/#structuredserializewithtransfer
 * ArrayBuffers and the transferable platform objects src/ knows
 * (webidl/interfaces.js `isTransferableKind`: MessagePort, OffscreenCanvas, ImageBitmap,
 * the streams) can be transferred; any
 * other transfer-list entry is refused at step 2.1.
 * @param {unknown} value
 * @param {object[]} transferList
 * @param {SerializeOptions} [options]
 * @returns {{Serialized: Serialized, TransferDataHolders: Serialized[]}}
 */
export function StructuredSerializeWithTransfer(value, transferList, options = DEFAULT_OPTIONS) {
  // Step 1.
  /** @type {Map<object, Serialized>} */
  const memory = new MapCtor();
  // Step 2.
  for (let i = 0; i < transferList.length; i++) {
    const transferable = transferList[i];
    const kind = classifyObject(transferable);
    // Step 2.1. Neither [[ArrayBufferData]] nor [[Detached]] (which only transferable platform objects have).
    if (kind !== 'arraybuffer' && kind !== 'sharedarraybuffer' && !isTransferableKind(kind)) throw DataCloneError('StructuredSerializeWithTransfer step 2.1: only ArrayBuffers and transferable platform objects can be transferred');
    // Step 2.2.
    if (kind === 'sharedarraybuffer') throw DataCloneError('StructuredSerializeWithTransfer step 2.2: a SharedArrayBuffer cannot be transferred');
    // Step 2.3.
    if (MapPrototypeHas(memory, transferable)) throw DataCloneError('StructuredSerializeWithTransfer step 2.3: the transfer list names the same object twice');
    // Step 2.4. A placeholder: references to the transferable serialize to it.
    MapPrototypeSet(memory, transferable, record({ Type: undefined }));
  }
  // Step 3.
  const serialized = StructuredSerializeInternal(value, false, memory, options);
  // Step 4.
  const transferDataHolders = newList();
  // Step 5.
  for (let i = 0; i < transferList.length; i++) {
    const transferable = transferList[i];
    const kind = classifyObject(transferable);
    if (kind !== 'arraybuffer') {
      // Step 5.2. Checked only now, as 5.1 is.
      if (isDetachedPlatformObject(transferable)) throw DataCloneError(`StructuredSerializeWithTransfer step 5.2: a detached ${kind} cannot be transferred`);
      // Step 5.3.
      const dataHolder = MapPrototypeGet(memory, transferable);
      // Steps 5.5.2–5.5.5: the interface's name, its transfer steps, [[Detached]].
      dataHolder.Type = kind;
      transferPlatformObject(transferable, /** @type {import('../webidl/interfaces.js').PlatformInterface} */ (kind), dataHolder);
      // Step 5.6.
      append(transferDataHolders, dataHolder);
      continue;
    }
    const buffer = /** @type {ArrayBuffer} */ (transferable);
    // Step 5.1. Checked only now: a getter may have detached it during step 3.
    if (IsDetachedBuffer(buffer)) throw DataCloneError('StructuredSerializeWithTransfer step 5.1: a detached ArrayBuffer cannot be transferred');
    // Step 5.3.
    const dataHolder = MapPrototypeGet(memory, buffer);
    // Step 5.4. The holder takes over the data block; DetachArrayBuffer hands it
    // back as a new ArrayBuffer object that owns it (and keeps resizability).
    const byteLength = ArrayBufferPrototypeByteLength(buffer);
    if (hasMaxByteLength(buffer)) {
      dataHolder.Type = 'ResizableArrayBuffer';
      dataHolder.ArrayBufferMaxByteLength = ArrayBufferPrototypeMaxByteLength(buffer);
    } else {
      dataHolder.Type = 'ArrayBuffer';
    }
    dataHolder.ArrayBufferByteLength = byteLength;
    // Step 5.4.3.
    dataHolder.ArrayBufferData = DetachArrayBuffer(buffer);
    // Step 5.6.
    append(transferDataHolders, dataHolder);
  }
  // Step 6.
  return record({ Serialized: serialized, TransferDataHolders: transferDataHolders });
}
