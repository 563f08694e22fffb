// The serialization and deserialization steps of the serializable platform
// objects clonecheck knows, and the transfer and transfer-receiving steps of
// the transferable ones, each from the standard that defines its interface.
// StructuredSerializeInternal step 19 makes the record, and
// StructuredSerializeInternal step 26.3 runs these steps;
// StructuredDeserialize step 22 makes the object, and
// StructuredDeserialize step 24.4 runs its deserialization steps.
//
// Script cannot make an empty platform object and fill its slots later, so
// deserialization here calls the interface's constructor with the record's
// slots, which sets exactly those slots. None of these objects can reach
// itself through its sub-serializations (an ImageData's data is a typed
// array, a DOMQuad's points are DOMPoints), so making it when its record is
// met, after the sub-deserializations, gives the same graph as the spec's order.

import { classifyObject, hostTransferPlatformObject } from '../abstract-ops/brands.js';
import { CreateDataProperty } from '../abstract-ops/object-operations.js';
import { blobReceiver, fileListItems, platformAttribute } from '../webidl/interfaces.js';
import {
  ArrayPrototype, ArrayPrototypeValues, ObjectCreate, ObjectHasOwn, ObjectKeys, ObjectSetPrototypeOf, ReflectApply, SymbolIterator,
  WeakSetCtor, WeakSetPrototypeAdd, WeakSetPrototypeHas, append, newList, record,
} from '../primordials/intrinsics.js';
import { currentRealm } from '../primordials/realm.js';
import { DataCloneError, HostLimitError, hostConstruct, ownMessage } from './errors.js';
import { programApplied } from './host-tasks.js';
import { receiveTransferredStream, transferStreamSteps } from './transferable-streams.js';

/** @typedef {import('./serialize.js').Serialized} Serialized */
/** @typedef {import('../webidl/interfaces.js').PlatformInterface} PlatformInterface */
/** @typedef {import('../primordials/realm.js').Realm} Realm */

const MATRIX_2D = ['m11', 'm12', 'm21', 'm22', 'm41', 'm42'];
/** A DOMQuad's points, by attribute. */
const QUAD_POINTS = ['p1', 'p2', 'p3', 'p4'];
const MATRIX_3D = ['m11', 'm12', 'm13', 'm14', 'm21', 'm22', 'm23', 'm24', 'm31', 'm32', 'm33', 'm34', 'm41', 'm42', 'm43', 'm44'];

/**
 * @param {object} object
 * @param {PlatformInterface} name
 * @param {string[]} attributes
 * @returns {unknown[]} each attribute's value, through the captured getters
 */
function attributeValues(object, name, attributes) {
  const values = newList();
  for (let i = 0; i < attributes.length; i++) append(values, platformAttribute(object, name, attributes[i]));
  return values;
}

/**
 * A WebIDL sequence argument (Blob parts, a matrix's numbers): an array the
 * constructor iterates with the captured Symbol.iterator method of its
 * prototype (SEQUENCE_PROTOTYPE), so a polluted Array.prototype[Symbol.iterator]
 * is not called; filled by definition.
 * @param {unknown[]} items
 * @returns {unknown[]}
 */
function sequence(items) {
  const array = [];
  for (let i = 0; i < items.length; i++) CreateDataProperty(array, i, items[i]);
  return ObjectSetPrototypeOf(array, SEQUENCE_PROTOTYPE);
}

/**
 * Array.prototype, with the captured Symbol.iterator in front: a sequence's
 * prototype. Not the array's own property: V8 turns its array iteration
 * protector off for the whole isolate, for good, as soon as any array has
 * an own Symbol.iterator, and from then on every spread, for-of and
 * destructuring of an array makes an iterator and a result object per item.
 * This module made one when it loaded (probing the door, below), in every
 * thread that loads the reference: fast-check's generation allocated half
 * its bytes in spreads (seed 1, sampled heap profile), and so did the
 * clean lane's cases, whose programs never touch Array.prototype.
 */
const SEQUENCE_PROTOTYPE = ObjectCreate(ArrayPrototype);
CreateDataProperty(SEQUENCE_PROTOTYPE, SymbolIterator, ArrayPrototypeValues);

/**
 * The serialization steps of value's primary interface, as a record.
 * @param {object} value
 * @param {PlatformInterface} name
 * @param {(value: unknown) => Serialized} subSerialize the sub-serialization (same forStorage, same memory)
 * @returns {Serialized}
 */
export function serializePlatformObject(value, name, subSerialize) {
  switch (name) {
    // WebIDL, https://webidl.spec.whatwg.org/#idl-DOMException: [[Name]] and
    // [[Message]] are the DOMException's name and message (its code follows from the name).
    case 'DOMException':
      return record({ Type: name, Name: platformAttribute(value, name, 'name'), Message: platformAttribute(value, name, 'message') });
    // File API, https://w3c.github.io/FileAPI/#blob-section ("blob serialization
    // steps"): [[BlobData]] is the blob's [[data]] and [[Type]] its type. The
    // bytes behind a Blob never change and script reads them only
    // asynchronously, so the record holds the Blob itself for its [[data]]
    // (for storage the spec reads all bytes: the same bytes). `BlobType`:
    // `Type` names the record's branch here.
    case 'Blob':
      return record({ Type: name, BlobData: value, BlobType: platformAttribute(value, name, 'type') });
    // https://w3c.github.io/FileAPI/#file-section: the blob serialization
    // steps, then [[Name]] and [[LastModified]].
    case 'File':
      return record({
        Type: name, BlobData: value, BlobType: platformAttribute(value, name, 'type'),
        Name: platformAttribute(value, name, 'name'), LastModified: platformAttribute(value, name, 'lastModified'),
      });
    // HTML's ImageData interface (https://html.spec.whatwg.org/multipage/canvas.html,
    // its serialization steps): [[Data]] is the
    // sub-serialization of the data attribute's Uint8ClampedArray, then
    // [[Width]], [[Height]] and [[ColorSpace]].
    case 'ImageData':
      return record({
        Type: name, Data: subSerialize(platformAttribute(value, name, 'data')),
        Width: platformAttribute(value, name, 'width'), Height: platformAttribute(value, name, 'height'),
        ColorSpace: platformAttribute(value, name, 'colorSpace'),
      });
    // Geometry Interfaces, https://drafts.fxtf.org/geometry/#structured-serialization:
    // points and rects their four numbers; a matrix is2D and then its six 2D
    // elements (m11, m12, m21, m22, m41, m42) or all sixteen; a quad the
    // sub-serializations of its four points.
    case 'DOMPoint': case 'DOMPointReadOnly':
      return record({ Type: name, Values: attributeValues(value, name, ['x', 'y', 'z', 'w']) });
    case 'DOMRect': case 'DOMRectReadOnly':
      return record({ Type: name, Values: attributeValues(value, name, ['x', 'y', 'width', 'height']) });
    case 'DOMMatrix': case 'DOMMatrixReadOnly': {
      const is2D = platformAttribute(value, name, 'is2D');
      return record({ Type: name, Is2D: is2D, Values: attributeValues(value, name, is2D ? MATRIX_2D : MATRIX_3D) });
    }
    // HTML's ImageBitmap serialization steps: a detached one is refused (its
    // [[Detached]], StructuredSerializeInternal step 19.1), then [[BitmapData]]
    // is a copy of its bitmap data (the origin-clean flag refuses a tainted one).
    // Script cannot read the bitmap: the host's structuredClone copies it (`hostCopy`).
    case 'ImageBitmap':
      if (isDetachedPlatformObject(value)) throw DataCloneError('StructuredSerializeInternal step 19.1: a detached ImageBitmap cannot be serialized');
      return record({ Type: name, BitmapData: hostCopy(value, currentRealm) });
    // File API, https://w3c.github.io/FileAPI/#filelist-section (its
    // serialization steps): [[Files]] is the sub-serialization of each File,
    // in order. Sub-serialization shares the memory: a File met twice, in the
    // list or elsewhere in the graph, is one record.
    case 'FileList': {
      const files = newList();
      const items = fileListItems(value);
      for (let i = 0; i < items.length; i++) append(files, subSerialize(items[i]));
      return record({ Type: name, Files: files });
    }
    // Web Cryptography's CryptoKey serialization steps
    // (https://w3c.github.io/webcrypto/#cryptokey-interface-serialization):
    // [[Type]], [[Extractable]], the sub-serializations of [[Algorithm]] and
    // [[Usages]], and [[Handle]], the key material, which script cannot read
    // (nor make a key from synchronously: importKey is asynchronous). The
    // host's structuredClone copies the key, all five slots (`hostCopy`).
    case 'CryptoKey':
      return record({ Type: name, Key: hostCopy(value, currentRealm) });
    // Geometry, https://drafts.fxtf.org/geometry/#structured-serialization:
    // serialized.[[P1]] … [[P4]] are the sub-serializations of its points
    // (memory: a point met elsewhere in the graph is the same record). Each
    // point's record also names its quad (a point belongs to one quad: the
    // constructor copies what it is given), for deserialization below.
    case 'DOMQuad': {
      const points = newList();
      const quad = record({ Type: name, Points: points });
      for (let i = 0; i < QUAD_POINTS.length; i++) {
        const point = subSerialize(platformAttribute(value, name, QUAD_POINTS[i]));
        point.Quad = quad;
        point.Corner = QUAD_POINTS[i];
        append(points, point);
      }
      return quad;
    }
  }
  throw DataCloneError(`StructuredSerializeInternal step 20: ${name} is a platform object that is not serializable here`);
}

/**
 * A new instance of the record's interface in the target realm, with the
 * record's slots (StructuredDeserialize step 22, then its deserialization steps).
 * @param {Serialized} serialized
 * @param {Realm} realm the target realm (its interfaces: realm.js `platform`)
 * @param {(serialized: Serialized) => unknown} subDeserialize the sub-deserialization (same memory)
 * @returns {object}
 */
export function deserializePlatformObject(serialized, realm, subDeserialize) {
  const name = serialized.Type;
  const constructor = realm.platform[name];
  // StructuredDeserialize step 22: the interface must be exposed in the target realm.
  if (constructor === undefined) throw DataCloneError(`StructuredDeserialize step 22: no interface named ${name} in the target realm`);
  switch (name) {
    case 'DOMException': return hostConstruct(constructor, name, [serialized.Message, serialized.Name]);
    // A new Blob whose one part is the original: its [[data]] is the same bytes.
    case 'Blob': return hostConstruct(constructor, name, [sequence([blobReceiver(serialized.BlobData)]), record({ type: serialized.BlobType })]);
    case 'File': return hostConstruct(constructor, name, [
      sequence([blobReceiver(serialized.BlobData)]), serialized.Name, record({ type: serialized.BlobType, lastModified: serialized.LastModified }),
    ]);
    // The constructor takes the array itself as the data, not a copy.
    case 'ImageData': return hostConstruct(constructor, name, [
      subDeserialize(serialized.Data), serialized.Width, serialized.Height, record({ colorSpace: serialized.ColorSpace }),
    ]);
    // A quad's point is that quad's own DOMPoint (below): the quad is made first.
    case 'DOMPoint':
      if (serialized.Quad !== undefined) return platformAttribute(subDeserialize(serialized.Quad), 'DOMQuad', serialized.Corner);
      return hostConstruct(constructor, name, serialized.Values);
    case 'DOMPointReadOnly': case 'DOMRect': case 'DOMRectReadOnly':
      return hostConstruct(constructor, name, serialized.Values);
    // Six numbers make a 2D matrix, sixteen a 3D one.
    case 'DOMMatrix': case 'DOMMatrixReadOnly': return hostConstruct(constructor, name, [sequence(serialized.Values)]);
    // The copy the host made; in another realm, a copy of it made there.
    case 'ImageBitmap': return realm === currentRealm ? serialized.BitmapData : hostCopy(serialized.BitmapData, realm);
    case 'CryptoKey': return realm === currentRealm ? serialized.Key : hostCopy(serialized.Key, realm);
    // Its deserialization steps add the sub-deserialization of each File to
    // a new FileList. FileList has no constructor: the target realm's
    // DataTransfer makes one holding those very Files (platform.js
    // `fileListMaker`), which a worker's realm cannot do.
    case 'FileList': {
      if (realm.makeFileList === undefined) throw DataCloneError('StructuredDeserialize step 22: this realm has FileList but script cannot make one here (no DataTransfer)');
      const files = newList();
      for (let i = 0; i < serialized.Files.length; i++) append(files, subDeserialize(serialized.Files[i]));
      return realm.makeFileList(files);
    }
    // Its points are the sub-deserializations of [[P1]] … [[P4]]. Script
    // cannot give a quad points (the constructor copies their coordinates
    // into new DOMPoints), so the quad is made from its points' coordinates
    // and its own DOMPoints are what those records deserialize to, met here
    // or elsewhere in the graph, before or after the quad (the DOMPoint
    // case above): the same graph as the spec's.
    case 'DOMQuad': {
      const points = newList();
      for (let i = 0; i < QUAD_POINTS.length; i++) {
        const values = serialized.Points[i].Values;
        append(points, record({ x: values[0], y: values[1], z: values[2], w: values[3] }));
      }
      return hostConstruct(constructor, name, points);
    }
  }
  throw DataCloneError(`StructuredDeserialize step 22: no interface named ${name} in the target realm`);
}


/**
 * The transferable platform objects whose [[Detached]] is true: script
 * cannot read the slot, so the reference remembers the ones it detached
 * (StructuredSerializeWithTransfer step 5.5.5), and only those.
 */
const detachedObjects = new WeakSetCtor();

/**
 * @param {object} value a transferable platform object
 * @returns {boolean} its [[Detached]] (StructuredSerializeWithTransfer step 5.2)
 */
export function isDetachedPlatformObject(value) {
  return WeakSetPrototypeHas(detachedObjects, value);
}

/**
 * StructuredSerializeWithTransfer steps 5.5.4 and 5.5.5: the transfer steps
 * of value's primary interface fill the data holder, then value is detached.
 * @param {object} value
 * @param {PlatformInterface} name
 * @param {Serialized} dataHolder its [[Type]] already the interface's name
 */
export function transferPlatformObject(value, name, dataHolder) {
  switch (name) {
    // HTML's MessagePort transfer steps (web messaging, "message ports"): the holder takes the port's message
    // queue ([[PortMessageQueue]]) and the port it is entangled with
    // ([[RemotePort]]); its transfer-receiving steps give both to a new port.
    // Script reaches neither, so the host runs both steps here at once
    // (`hostTransfer`) and the holder keeps the new port, which holds them.
    // HTML's OffscreenCanvas transfer steps refuse a canvas with a rendering
    // context (its context mode is not none: InvalidStateError), then take its
    // width, height and placeholder; ImageBitmap's take its bitmap data. The
    // host's structuredClone runs them, throwing as they do.
    case 'MessagePort': case 'OffscreenCanvas': case 'ImageBitmap':
      dataHolder.Transferred = hostTransfer(value, name, currentRealm);
      break;
    // The streams' transfer steps are script's own (transferable-streams.js):
    // a cross-realm transform, the original piped to or from it.
    case 'ReadableStream': case 'WritableStream': case 'TransformStream':
      transferStreamSteps(value, name, dataHolder, currentRealm);
      break;
    default: throw DataCloneError(`StructuredSerializeWithTransfer step 5.5.4: ${name} has no transfer steps here`);
  }
  // StructuredSerializeWithTransfer step 5.5.5.
  WeakSetPrototypeAdd(detachedObjects, value);
}

/**
 * StructuredDeserializeWithTransfer step 3.4: a new object of the holder's
 * interface in the target realm, and its transfer-receiving steps. In the
 * realm `transferPlatformObject` made it in, that object already is the one.
 * @param {Serialized} dataHolder
 * @param {Realm} targetRealm
 * @returns {object}
 */
export function receiveTransferredPlatformObject(dataHolder, targetRealm) {
  // StructuredDeserializeWithTransfer step 3.4.2: the interface must be exposed in the target realm.
  if (targetRealm.platform[dataHolder.Type] === undefined) throw DataCloneError(`StructuredDeserializeWithTransfer step 3.4.2: no interface named ${dataHolder.Type} in the target realm`);
  const type = dataHolder.Type;
  if (type === 'ReadableStream' || type === 'WritableStream' || type === 'TransformStream') return receiveTransferredStream(dataHolder, targetRealm);
  return targetRealm === currentRealm ? dataHolder.Transferred : hostTransfer(dataHolder.Transferred, type, targetRealm);
}

/**
 * A serializable platform object whose data script cannot read (an
 * ImageBitmap's bitmap, a CryptoKey's key material), copied by the realm's own structuredClone.
 * @param {object} value
 * @param {Realm} realm
 * @returns {object}
 */
function hostCopy(value, realm) {
  if (realm.structuredClone === undefined) throw DataCloneError('StructuredSerializeInternal step 19: this host cannot copy the object\'s data (no structuredClone)');
  return ReflectApply(realm.structuredClone, undefined, [value]);
}

/**
 * A transferable platform object's transfer steps and, in `realm`, its
 * transfer-receiving steps, run by the host (`door`), unless this host's
 * door is known not to run them (`hostTransferRefusal`).
 * @param {object} value
 * @param {string} name its interface
 * @param {Realm} realm
 * @returns {object}
 */
function hostTransfer(value, name, realm) {
  const refusal = hostTransferRefusal(name);
  if (refusal !== undefined) throw DataCloneError(`StructuredSerializeWithTransfer step 5.5.4: this host cannot transfer ${name} objects (${refusal})`);
  return door(value, realm);
}

/**
 * The host's door to a transferable platform object's transfer steps and
 * transfer-receiving steps: its hook (brands.js `transferPlatformObject`),
 * else the realm's own structuredClone with the object as the whole
 * transfer list, the one door script has to what these steps move.
 * @param {object} value
 * @param {Realm} realm
 * @returns {object}
 */
function door(value, realm) {
  const hook = hostTransferPlatformObject();
  if (hook !== undefined) return hook(value, realm.global);
  if (realm.structuredClone === undefined) throw DataCloneError('StructuredSerializeWithTransfer step 5.5.4: this host cannot transfer a platform object (no structuredClone, no transferPlatformObject hook)');
  try {
    // Called with an undefined this, as a plain call is: a Window's structuredClone refuses any other receiver.
    return ReflectApply(realm.structuredClone, undefined, [value, record({ transfer: sequence([value]) })]);
  } catch (error) {
    // The transfer steps' own refusals are DOMExceptions (an OffscreenCanvas with a context: InvalidStateError).
    // Anything else thrown while a program's realm steps are applied is the host's structuredClone failing in
    // that realm: Node 22+ fill its transfer list by [[Set]], so a read-only or getter-only index 0 on
    // Array.prototype or Object.prototype throws a TypeError (finding 15). That is no outcome of the transfer.
    if (programApplied() && !(typeof error === 'object' && error !== null && classifyObject(error) === 'DOMException')) {
      throw HostLimitError(`this host's structuredClone throws transferring a platform object in the realm's state (${ownMessage(error)}): the reference cannot transfer one here`);
    }
    throw error;
  }
}

/**
 * A fresh object of each interface whose door is probed, made in this
 * realm (undefined where the host lacks what makes it), and how to let go
 * of it and of what the door gave back.
 * @type {Record<string, () => {object: object, release: (moved: any) => void} | undefined>}
 */
const DOOR_SAMPLES = record({
  MessagePort: () => {
    if (typeof currentRealm.global.MessageChannel !== 'function') return undefined;
    const channel = new currentRealm.global.MessageChannel();
    return {
      object: channel.port1,
      release: (/** @type {any} */ moved) => {
        channel.port1.close();
        channel.port2.close();
        if (moved !== undefined && moved !== null && typeof moved.close === 'function') moved.close();
      },
    };
  },
  OffscreenCanvas: () => (typeof currentRealm.global.OffscreenCanvas === 'function'
    ? { object: new currentRealm.global.OffscreenCanvas(1, 1), release: () => {} } : undefined),
});

/**
 * Whether the door transfers a fresh object of the interface: it must give
 * back another object and leave the original detached, so that transferring
 * it again throws (StructuredSerializeWithTransfer step 5.2). Bun 1.4.5's
 * structuredClone gives back the same port, not detached
 * (docs/platform-objects.md, finding 10); Deno 2.9.6's throws a
 * DataCloneError for an OffscreenCanvas.
 * @param {string} name
 * @returns {string | undefined} why the door cannot transfer it (no colon), or undefined
 */
function probeDoor(name) {
  const sample = DOOR_SAMPLES[name] === undefined ? undefined : DOOR_SAMPLES[name]();
  if (sample === undefined) return undefined;
  let moved;
  try {
    moved = door(sample.object, currentRealm);
    if (moved === sample.object) return 'its structuredClone gives back the same object, not transferred';
    try {
      door(sample.object, currentRealm);
    } catch {
      return undefined;
    }
    return 'its structuredClone leaves the original usable, not detached';
  } catch (error) {
    return `its structuredClone throws ${error instanceof Error ? error.name : typeof error} for a fresh one`;
  } finally {
    sample.release(moved);
  }
}

/** The door probed last, and what it cannot transfer, by interface (probeDoor). */
let probedDoor = hostTransferPlatformObject();
/** @type {Record<string, string | undefined>} */
let doorRefusals = ObjectCreate(null);

/**
 * Why this host's door cannot transfer objects of an interface, or
 * undefined when it can (or when no probe is known for it): the reference
 * then cannot run that interface's transfer steps, and `validate` (with
 * `limits`) refuses a program that transfers such an object. Probed once
 * per door: the default one when this module loads, while the realm is as
 * the host made it (a program's realm steps can break it: finding 15);
 * a `transferPlatformObject` hook when it is first used.
 * @param {string} name
 * @returns {string | undefined}
 */
export function hostTransferRefusal(name) {
  const current = hostTransferPlatformObject();
  if (current !== probedDoor) {
    probedDoor = current;
    doorRefusals = ObjectCreate(null);
  }
  if (!ObjectHasOwn(doorRefusals, name)) doorRefusals[name] = probeDoor(name);
  return doorRefusals[name];
}

const DOOR_INTERFACES = ObjectKeys(DOOR_SAMPLES);
for (let i = 0; i < DOOR_INTERFACES.length; i++) hostTransferRefusal(DOOR_INTERFACES[i]);
