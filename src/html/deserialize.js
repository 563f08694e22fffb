// StructuredDeserialize and StructuredDeserializeWithTransfer, step by step.
// https://html.spec.whatwg.org/#structureddeserialize
//
// Every object is made from the target realm's captured intrinsics, and every
// property is defined with CreateDataProperty: setters and non-writable
// properties on the target realm's prototypes never take part.

import { IsSharedArrayBuffer, whileResized } from '../abstract-ops/buffers.js';
import { hostShareDataBlock, rememberOrdinary } from '../abstract-ops/brands.js';
import { DataCloneError, HostLimitError } from './errors.js';
import { deserializePlatformObject, receiveTransferredPlatformObject } from './platform-objects.js';
import { CreateDataProperty } from '../abstract-ops/object-operations.js';
import {
  ArrayBufferPrototypeByteLength, ErrorCtor, ErrorPrototypeStackGetter, MapCtor, MapPrototypeGet, MapPrototypeHas, MapPrototypeSet, ObjectCreate,
  ObjectHasOwn, ReflectConstruct,
  ReflectDefineProperty, ReflectDeleteProperty, ReflectOwnKeys, SharedArrayBufferCtor, SymbolIterator, TypedArrayPrototypeSet,
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
 * and it is used for nothing else. A door that copies instead of sharing
 * (Bun before 1.4.0: its structuredClone gives an ArrayBuffer copy, measured on 0.7.3 to 1.3.14)
 * would make the oracle wrong exactly as the target is, so it agrees with
 * it: the reference says so instead (`sharingRefusal`), with a
 * HostLimitError (errors.js: a harness error, never a verdict).
 * @param {SharedArrayBuffer} buffer
 * @returns {SharedArrayBuffer}
 */
function shareDataBlock(buffer) {
  const share = sharingDoor();
  if (share === undefined) throw DataCloneError('StructuredDeserialize step 12: this host cannot share a SharedArrayBuffer data block');
  const refusal = sharingRefusal();
  if (refusal !== undefined) throw HostLimitError(`StructuredDeserialize step 12.2: the reference cannot share a SharedArrayBuffer's data block here (${refusal})`);
  return share(buffer);
}

/** @returns {((buffer: SharedArrayBuffer) => SharedArrayBuffer) | undefined} */
function sharingDoor() {
  return hostShareDataBlock() ?? hostStructuredClone;
}

/** The door last probed and what it said (`sharingRefusal`): a host's hook may replace the door. */
let probed = record({ door: /** @type {unknown} */ (undefined), refusal: /** @type {string | undefined} */ (undefined) });

/**
 * Why the reference cannot share a SharedArrayBuffer's data block on this
 * host, or undefined when it can (or the host has no SharedArrayBuffer):
 * probed once per door, on a one-byte buffer, by writing through the
 * original and reading through what the door gave. `validate` (with
 * `limits`) refuses a program with a shared buffer on such a host; a
 * generated one is reshaped (portable/targets/programs.js `judgeableHere`).
 * @returns {string | undefined}
 */
export function sharingRefusal() {
  const door = sharingDoor();
  if (door === probed.door) return probed.refusal;
  probed = record({ door, refusal: probeSharing(door) });
  return probed.refusal;
}

/**
 * @param {((buffer: SharedArrayBuffer) => SharedArrayBuffer) | undefined} door
 * @returns {string | undefined}
 */
function probeSharing(door) {
  if (door === undefined || SharedArrayBufferCtor === undefined) return undefined;
  const original = new SharedArrayBufferCtor(1);
  let other;
  try {
    other = door(original);
  } catch (error) {
    return `its structuredClone throws on a SharedArrayBuffer: ${error instanceof ErrorCtor ? error.message : String(error)}`;
  }
  if (!IsSharedArrayBuffer(other)) return 'its structuredClone copies a SharedArrayBuffer into an ArrayBuffer';
  new Uint8ArrayCtor(original)[0] = 1;
  return new Uint8ArrayCtor(other)[0] === 1 ? undefined : 'its structuredClone copies a SharedArrayBuffer\'s bytes instead of sharing them';
}

/**
 * Step 16: the buffer first (through memory, so views share it), then the
 * view; `'auto'` lengths make a length-tracking view.
 *
 * The standard makes the view by setting its slots ([[ByteOffset]],
 * [[ByteLength]], [[ArrayLength]]), with no bounds check, and the buffer
 * may be shorter than the view: a resizable ArrayBuffer serialized before a
 * getter grew it, then a view of its new bytes (in bounds when serialized,
 * StructuredSerializeInternal step 14.1). The clone is then a view out of bounds of its buffer
 * (ECMA-262 IsViewOutOfBounds / IsTypedArrayOutOfBounds: its byteLength
 * getter throws a TypeError, until the buffer grows again), not a
 * RangeError: that is what a script constructor says (`new DataView(buffer,
 * 2, 4)` on 4 bytes), which the reference used to throw (a wrong expected
 * RangeError on messagechannel, a dead receiving worker on worker and
 * broadcast). Script makes such a view while the fresh buffer, which no
 * script sees yet, is long enough, then shrinks the buffer back; the view
 * keeps its slots. A SharedArrayBuffer is the original's memory: never shorter.
 * @param {Serialized} serialized
 * @param {Realm} realm
 * @param {Map<Serialized, unknown>} memory
 * @returns {ArrayBufferView}
 */
function deserializeView(serialized, realm, memory) {
  // Step 16.1.
  const deserializedArrayBuffer = /** @type {ArrayBuffer} */ (StructuredDeserialize(serialized.ArrayBufferSerialized, realm, memory));
  const tracking = serialized.ByteLength === 'auto';
  // Where the view ends: a tracking one at least at its offset (V8 (Node 20)
  // refuses to make a tracking typed array while the bytes after the offset
  // are not whole elements, which ECMA-262 InitializeTypedArrayFromArrayBuffer
  // allows: it is made while the buffer ends at the offset).
  const end = tracking ? serialized.ByteOffset : serialized.ByteOffset + serialized.ByteLength;
  /** @type {() => ArrayBufferView} */
  let make;
  if (serialized.Constructor === 'DataView') {
    // Step 16.2.
    const args = tracking
      ? [deserializedArrayBuffer, serialized.ByteOffset]
      : [deserializedArrayBuffer, serialized.ByteOffset, serialized.ByteLength];
    make = () => ReflectConstruct(realm.DataView, args);
  } else {
    // Step 16.3.
    const constructor = realm.typedArrays[serialized.Constructor];
    if (constructor === undefined) throw DataCloneError(`StructuredDeserialize step 16.3: the target realm has no ${serialized.Constructor}`);
    const args = tracking
      ? [deserializedArrayBuffer, serialized.ByteOffset]
      : [deserializedArrayBuffer, serialized.ByteOffset, serialized.ArrayLength];
    make = () => ReflectConstruct(constructor, args);
    if (tracking && !IsSharedArrayBuffer(deserializedArrayBuffer)) return whileResized(deserializedArrayBuffer, end, make);
  }
  if (IsSharedArrayBuffer(deserializedArrayBuffer) || end <= ArrayBufferPrototypeByteLength(deserializedArrayBuffer)) return make();
  return whileResized(deserializedArrayBuffer, end, make);
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
