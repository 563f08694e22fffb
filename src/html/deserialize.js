// StructuredDeserialize and StructuredDeserializeWithTransfer, step by step.
// https://html.spec.whatwg.org/#structureddeserialize
//
// Every object is made from the target realm's captured intrinsics, and every
// property is defined with CreateDataProperty: setters and non-writable
// properties on the target realm's prototypes never take part.

import { IsSharedArrayBuffer, whileResized } from '../abstract-ops/buffers.js';
import { hostShareDataBlock, rememberOrdinary } from '../abstract-ops/brands.js';
import { DataCloneError } from './errors.js';
import { deserializePlatformObject, receiveTransferredPlatformObject } from './platform-objects.js';
import { CreateDataProperty } from '../abstract-ops/object-operations.js';
import {
  ErrorPrototypeStackGetter, MapCtor, MapPrototypeGet, MapPrototypeHas, MapPrototypeSet, ObjectCreate,
  ObjectHasOwn, ReflectConstruct,
  ReflectDefineProperty, ReflectDeleteProperty, ReflectOwnKeys, SymbolIterator, TypedArrayPrototypeSet,
  Uint8ArrayCtor, newList, append, record,
} from '../primordials/intrinsics.js';
import { currentRealm } from '../primordials/realm.js';

/** @typedef {import('./serialize.js').Serialized} Serialized */
/** @typedef {import('../primordials/realm.js').Realm} Realm */

/** @type {((value: unknown, options?: any) => any) | undefined} */
const hostStructuredClone = globalThis.structuredClone;

/**
 * StructuredDeserialize(serialized, targetRealm [, memory])
 * https://html.spec.whatwg.org/#structureddeserialize
 * @param {Serialized} serialized
 * @param {Realm} [targetRealm]
 * @param {Map<Serialized, unknown>} [memory]
 * @returns {unknown}
 */
export function StructuredDeserialize(serialized, targetRealm = currentRealm, memory = new MapCtor()) {
  // Step 2.
  if (MapPrototypeHas(memory, serialized)) return MapPrototypeGet(memory, serialized);
  const realm = targetRealm;
  let deep = false;
  /** @type {any} */
  let value;
  switch (serialized.Type) {
    // Step 5.
    case 'primitive': return serialized.Value;
    // Steps 6–9. Object(primitive) makes the wrapper in the realm of that Object.
    case 'Boolean': value = realm.Object(serialized.BooleanData); break;
    case 'Number': value = realm.Object(serialized.NumberData); break;
    case 'BigInt': value = realm.Object(serialized.BigIntData); break;
    case 'String': value = realm.Object(serialized.StringData); break;
    // Step 10.
    case 'Date': value = ReflectConstruct(realm.Date, [serialized.DateValue]); break;
    // Step 11. A fresh RegExp: lastIndex starts at 0.
    case 'RegExp': value = ReflectConstruct(realm.RegExp, [serialized.OriginalSource, serialized.OriginalFlags]); break;
    // Steps 12–13. A new SharedArrayBuffer object over the same data block.
    case 'SharedArrayBuffer':
    case 'GrowableSharedArrayBuffer': value = shareDataBlock(serialized.ArrayBufferData); break;
    // Steps 14–15.
    case 'ArrayBuffer':
    case 'ResizableArrayBuffer': value = newArrayBuffer(serialized, realm); break;
    // Step 16.
    case 'ArrayBufferView': value = deserializeView(serialized, realm, memory); break;
    // Steps 17–18.
    case 'Map': value = ReflectConstruct(realm.Map, []); deep = true; break;
    case 'Set': value = ReflectConstruct(realm.Set, []); deep = true; break;
    // Step 19. ArrayCreate(length, %Array.prototype%): holes stay holes, the
    // class and the integrity level of the original are gone.
    case 'Array': value = ReflectConstruct(realm.Array, [serialized.Length]); deep = true; break;
    // Step 20. A new ordinary object with %Object.prototype%.
    // (Its kind is known: the walks that observe the clone need not brand-check it.)
    case 'Object': value = ObjectCreate(realm.ObjectPrototype); rememberOrdinary(value); deep = true; break;
    // Step 21.
    case 'Error': value = deserializeError(serialized, realm); deep = ObjectHasOwn(serialized, 'Cause') || ObjectHasOwn(serialized, 'Errors'); break;
    // Steps 22 and 24.4. A platform interface of the target realm (platform-objects.js).
    default: value = deserializePlatformObject(serialized, realm, (inner) => StructuredDeserialize(inner, realm, memory));
  }
  // Step 23.
  MapPrototypeSet(memory, serialized, value);
  // Step 24.
  if (deep) {
    if (serialized.Type === 'Map') {
      // Step 24.1. Appended to [[MapData]] directly: the captured original set()
      // does exactly that, whatever Map.prototype.set now holds.
      for (let i = 0; i < serialized.MapData.length; i++) {
        const entry = serialized.MapData[i];
        const deserializedKey = StructuredDeserialize(entry.Key, realm, memory);
        const deserializedValue = StructuredDeserialize(entry.Value, realm, memory);
        realm.MapSet(value, deserializedKey, deserializedValue);
      }
    } else if (serialized.Type === 'Error') {
      // The data StructuredSerializeInternal step 17.7 carried under a pending profile, defined as
      // InstallErrorCause and the AggregateError constructor define them:
      // writable, non-enumerable, configurable.
      if (ObjectHasOwn(serialized, 'Cause')) defineHidden(value, 'cause', StructuredDeserialize(serialized.Cause, realm, memory));
      if (ObjectHasOwn(serialized, 'Errors')) defineHidden(value, 'errors', StructuredDeserialize(serialized.Errors, realm, memory));
    } else if (serialized.Type === 'Set') {
      // Step 24.2.
      for (let i = 0; i < serialized.SetData.length; i++) {
        realm.SetAdd(value, StructuredDeserialize(serialized.SetData[i], realm, memory));
      }
    } else {
      // Step 24.3. CreateDataProperty: an own "__proto__" key stays an own
      // property, and setters on %Array.prototype% / %Object.prototype% do not fire.
      for (let i = 0; i < serialized.Properties.length; i++) {
        const entry = serialized.Properties[i];
        const deserializedValue = StructuredDeserialize(entry.Value, realm, memory);
        CreateDataProperty(value, entry.Key, deserializedValue);
      }
    }
  }
  // Step 25.
  return value;
}

/**
 * Steps 14–15: a new ArrayBuffer in the target realm holding the record's bytes
 * (resizable with the recorded maximum for "ResizableArrayBuffer").
 * @param {Serialized} serialized
 * @param {Realm} realm
 * @returns {ArrayBuffer}
 */
function newArrayBuffer(serialized, realm) {
  const args = serialized.Type === 'ResizableArrayBuffer'
    ? [serialized.ArrayBufferByteLength, record({ maxByteLength: serialized.ArrayBufferMaxByteLength })]
    : [serialized.ArrayBufferByteLength];
  const buffer = ReflectConstruct(realm.ArrayBuffer, args);
  TypedArrayPrototypeSet(new Uint8ArrayCtor(buffer), new Uint8ArrayCtor(serialized.ArrayBufferData, 0, serialized.ArrayBufferByteLength));
  return buffer;
}

/**
 * Steps 12.2 / 13.2: script cannot make a second SharedArrayBuffer object over
 * an existing data block; the host's own structuredClone is the one door to
 * that (or, where there is none, the host's hook: brands.js `shareDataBlock`),
 * and it is used for nothing else.
 * @param {SharedArrayBuffer} buffer
 * @returns {SharedArrayBuffer}
 */
function shareDataBlock(buffer) {
  const share = hostShareDataBlock() ?? hostStructuredClone;
  if (share === undefined) throw DataCloneError('StructuredDeserialize step 12: this host cannot share a SharedArrayBuffer data block');
  return share(buffer);
}

/**
 * Step 16: the buffer first (through memory, so views share it), then the
 * view; `'auto'` lengths make a length-tracking view.
 * @param {Serialized} serialized
 * @param {Realm} realm
 * @param {Map<Serialized, unknown>} memory
 * @returns {ArrayBufferView}
 */
function deserializeView(serialized, realm, memory) {
  // Step 16.1.
  const deserializedArrayBuffer = /** @type {ArrayBuffer} */ (StructuredDeserialize(serialized.ArrayBufferSerialized, realm, memory));
  if (serialized.Constructor === 'DataView') {
    // Step 16.2.
    const args = serialized.ByteLength === 'auto'
      ? [deserializedArrayBuffer, serialized.ByteOffset]
      : [deserializedArrayBuffer, serialized.ByteOffset, serialized.ByteLength];
    return ReflectConstruct(realm.DataView, args);
  }
  // Step 16.3.
  const constructor = realm.typedArrays[serialized.Constructor];
  if (constructor === undefined) throw DataCloneError(`StructuredDeserialize step 16.3: the target realm has no ${serialized.Constructor}`);
  if (serialized.ArrayLength !== 'auto') {
    return ReflectConstruct(constructor, [deserializedArrayBuffer, serialized.ByteOffset, serialized.ArrayLength]);
  }
  // A length-tracking view. V8 (Node 20) refuses to make one while the bytes
  // after the offset are not whole elements, which ECMA-262
  // InitializeTypedArrayFromArrayBuffer allows; the buffer is fresh and no
  // script can see it yet, so make the view while it ends at the offset.
  const make = () => ReflectConstruct(constructor, [deserializedArrayBuffer, serialized.ByteOffset]);
  return IsSharedArrayBuffer(deserializedArrayBuffer) ? make() : whileResized(deserializedArrayBuffer, serialized.ByteOffset, make);
}

/**
 * Step 21: OrdinaryObjectCreate(prototype, « [[ErrorData]], [[Stack]] »).
 * Script gets [[ErrorData]] only from an error constructor, which may add own
 * properties of its engine's (V8 `stack`; JavaScriptCore `line`, `column`,
 * `sourceURL`); OrdinaryObjectCreate adds none, so they are removed, all but
 * the one that stands for [[Stack]] where the host has no Error.prototype.stack
 * accessor (step 21.12, below).
 * @param {Serialized} serialized
 * @param {Realm} realm
 * @returns {Error}
 */
function deserializeError(serialized, realm) {
  // Steps 21.1–21.7. Name was already reduced to a kept name at serialization.
  const constructor = realm.errors[serialized.Name];
  // AggregateError's first argument must be iterable: an empty one that reads
  // nothing a program may have polluted (its `errors` is removed below anyway).
  const value = ReflectConstruct(constructor, serialized.Name === 'AggregateError' ? [EMPTY_ITERABLE] : []);
  const ownKeys = ReflectOwnKeys(value);
  const ownStack = ErrorPrototypeStackGetter === undefined;
  const keepConstructorStack = ownStack && !ObjectHasOwn(serialized, 'Stack');
  for (let i = 0; i < ownKeys.length; i++) if (!(keepConstructorStack && ownKeys[i] === 'stack')) ReflectDeleteProperty(value, ownKeys[i]);
  // Steps 21.8–21.11. message: writable, non-enumerable, configurable.
  if (serialized.Message !== undefined) defineHidden(value, 'message', serialized.Message);
  // Step 21.12. value.[[Stack]] = serialized.[[Stack]]. A host with the
  // Error.prototype.stack accessor gives script no way to set the slot (its
  // setter defines an own property instead), so the clone keeps the stack its
  // constructor captured there. Elsewhere the engine's own `stack` property is
  // the slot: the serialized string becomes a data property as V8 11 and
  // JavaScriptCore make it (V8 12+ makes an accessor pair; the observation
  // sees only that there is one). The constructor's stack is deleted rather
  // than set: V8 would format it first, running the target realm's `name` and
  // `message` getters. With no string serialized (serialize.js stackOf), the
  // constructor's stays, unread.
  if (ownStack && ObjectHasOwn(serialized, 'Stack')) defineHidden(value, 'stack', serialized.Stack);
  return value;
}

/** An iterable of nothing whose iterator and results are own properties of null-prototype objects. */
const EMPTY_ITERABLE = record({ [SymbolIterator]: () => record({ next: () => record({ done: true, value: undefined }) }) });

/**
 * Defines a writable, non-enumerable, configurable data property, as an
 * error's constructor defines its message and cause.
 * @param {object} object
 * @param {string} key
 * @param {unknown} value
 */
function defineHidden(object, key, value) {
  ReflectDefineProperty(object, key, record({ value, writable: true, enumerable: false, configurable: true }));
}

/**
 * StructuredDeserializeWithTransfer(serializeWithTransferResult, targetRealm)
 * https://html.spec.whatwg.org/#structureddeserializewithtransfer
 * @param {{Serialized: Serialized, TransferDataHolders: Serialized[]}} serializeWithTransferResult
 * @param {Realm} [targetRealm]
 * @returns {{Deserialized: unknown, TransferredValues: unknown[]}}
 */
export function StructuredDeserializeWithTransfer(serializeWithTransferResult, targetRealm = currentRealm) {
  // Steps 1–2.
  /** @type {Map<Serialized, unknown>} */
  const memory = new MapCtor();
  const transferredValues = newList();
  // Step 3.
  const holders = serializeWithTransferResult.TransferDataHolders;
  for (let i = 0; i < holders.length; i++) {
    const transferDataHolder = holders[i];
    const type = transferDataHolder.Type;
    let value;
    // Steps 3.2–3.3. The data block moves: in the current realm the buffer that
    // DetachArrayBuffer handed over already is the new ArrayBuffer object.
    if (type === 'ArrayBuffer' || type === 'ResizableArrayBuffer') {
      value = targetRealm === currentRealm ? transferDataHolder.ArrayBufferData : newArrayBuffer(transferDataHolder, targetRealm);
    } else {
      // Step 3.4. A platform object's transfer-receiving steps.
      value = receiveTransferredPlatformObject(transferDataHolder, targetRealm);
    }
    // Steps 3.5–3.6.
    MapPrototypeSet(memory, transferDataHolder, value);
    append(transferredValues, value);
  }
  // Step 4.
  const deserialized = StructuredDeserialize(serializeWithTransferResult.Serialized, targetRealm, memory);
  // Step 5.
  return record({ Deserialized: deserialized, TransferredValues: transferredValues });
}
