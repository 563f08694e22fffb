// The WebIDL interface table: the [Serializable] and [Transferable] platform
// interfaces clonecheck knows, which of them, if any, an object is an
// instance of, and the attributes their serialization steps and observation
// read. Not an abstract operation (it left src/abstract-ops/): the one list
// of interface names the observation, the realm capture and the conformance
// runner read (`INTERFACE_NAMES`).
//
// Script cannot see a platform object's internal slots, but every attribute
// getter WebIDL generates is a brand check: it throws a TypeError unless its
// receiver implements the interface (https://webidl.spec.whatwg.org/#dfn-attribute-getter),
// whatever the object's prototype now is. The getters are captured from this
// host's global when the module loads, so a host without an interface (Node
// has no DOMMatrix, QuickJS no Blob) simply has no such objects, and a
// polluted realm cannot redirect them.

import {
  ObjectCreate, ObjectFreeze, ObjectGetOwnPropertyDescriptor, ObjectHasOwn, ObjectPrototype, ReflectGetPrototypeOf, ObjectSetPrototypeOf,
  StringPrototypeSlice, append, newList, uncurryThis, withoutStackTraces,
} from '../primordials/intrinsics.js';

/**
 * A serializable or transferable interface clonecheck knows, by its WebIDL name.
 * @typedef {'DOMException' | 'File' | 'Blob' | 'ImageData' | 'DOMMatrix' | 'DOMMatrixReadOnly'
 *   | 'DOMPoint' | 'DOMPointReadOnly' | 'DOMRect' | 'DOMRectReadOnly' | 'DOMQuad' | 'MessagePort'
 *   | 'OffscreenCanvas' | 'ImageBitmap' | 'FileList' | 'CryptoKey'
 *   | 'ReadableStream' | 'WritableStream' | 'TransformStream'} PlatformInterface
 */

const MATRIX_ATTRIBUTES = ['is2D', 'm11', 'm12', 'm13', 'm14', 'm21', 'm22', 'm23', 'm24',
  'm31', 'm32', 'm33', 'm34', 'm41', 'm42', 'm43', 'm44'];
const POINT_ATTRIBUTES = ['x', 'y', 'z', 'w'];
const RECT_ATTRIBUTES = ['x', 'y', 'width', 'height'];

/**
 * Each interface with the attributes read from its instances (a trailing `?`:
 * one that some hosts lack or make an own data property of each instance,
 * read from there, else as undefined), the first one
 * being its brand check: an attribute the interface itself declares (an own
 * accessor of its prototype object), so a subclass's check does not take its
 * base class's instances, and the interface it extends, if any: the base's
 * check takes the subclass's instances too, so a subclass is checked only
 * for objects its base's check took (one thrown check per interface family
 * for an ordinary object, not one per interface). An interface with no
 * attribute to read names its brand checks instead, after its (empty)
 * attributes: the first one the host has is used, a `()` suffix marking a
 * method that reads and changes nothing, called without arguments.
 * @type {[PlatformInterface, string[], PlatformInterface?, string[]?][]}
 */
const KNOWN_INTERFACES = [
  ['DOMException', ['name', 'message', 'code']],
  ['Blob', ['size', 'type']],
  ['File', ['name', 'lastModified', 'size', 'type'], 'Blob'],
  // Firefox ESR 153 has no ImageData colorSpace (its images are all sRGB);
  // WebKitGTK 2.50 makes `data` an own data property of each ImageData.
  ['ImageData', ['width', 'height', 'data?', 'colorSpace?']],
  ['DOMMatrixReadOnly', joinedWith('m11', MATRIX_ATTRIBUTES)],
  ['DOMMatrix', joinedWith('m11', MATRIX_ATTRIBUTES), 'DOMMatrixReadOnly'],
  ['DOMPointReadOnly', POINT_ATTRIBUTES],
  ['DOMPoint', POINT_ATTRIBUTES, 'DOMPointReadOnly'],
  ['DOMRectReadOnly', RECT_ATTRIBUTES],
  ['DOMRect', RECT_ATTRIBUTES, 'DOMRectReadOnly'],
  ['DOMQuad', ['p1', 'p2', 'p3', 'p4']],
  // [Transferable], not serializable. WebIDL's onmessage getter is a brand
  // check in the browsers and Bun; Node's takes any EventTarget and Deno's
  // any object (it answers null), while their hasRef() (Node, Deno 2.8 and
  // later, Bun) is one: it answers whether the port keeps the process alive.
  // Deno before 2.8 has no such member: its host hook is the brand check.
  ['MessagePort', [], undefined, ['hasRef()', 'onmessage']],
  // [Transferable] (HTML canvas): a detached one's sides read 0.
  ['OffscreenCanvas', ['width', 'height']],
  // [Serializable, Transferable] (HTML ImageBitmap).
  ['ImageBitmap', ['width', 'height']],
  // [Transferable] streams (Streams Standard): `locked` and `readable` read
  // and change nothing; exact brand checks in Node, Bun and the browsers,
  // while Deno's also look at the prototype chain (as its other getters do).
  // A TransformStream's readable and writable are part of the graph.
  ['ReadableStream', ['locked']],
  ['WritableStream', ['locked']],
  ['TransformStream', ['readable', 'writable']],
  // [Serializable] (File API): a list of Files, its items read by `fileListItems`.
  ['FileList', ['length']],
  // [Serializable] (Web Cryptography): its `type` getter is an exact brand
  // check in the browsers, Deno, Bun and Node 26; Node 20 and 22 check the
  // prototype chain (a key whose prototype changed is not recognised there).
  ['CryptoKey', ['type', 'extractable', 'algorithm', 'usages']],
];

/** Every interface of the table, by name, in its order. */
export const INTERFACE_NAMES = (() => {
  /** @type {PlatformInterface[]} an ordinary array, so readers may spread it */
  const names = [];
  for (let i = 0; i < KNOWN_INTERFACES.length; i++) names[i] = KNOWN_INTERFACES[i][0];
  return ObjectFreeze(names);
})();

/** The [Transferable] interfaces clonecheck knows (StructuredSerializeWithTransfer step 2.1). */
const TRANSFERABLE_INTERFACES = ['MessagePort', 'OffscreenCanvas', 'ImageBitmap',
  'ReadableStream', 'WritableStream', 'TransformStream'];

/**
 * @param {string} first
 * @param {string[]} rest
 * @returns {string[]} first, then the rest without it
 */
function joinedWith(first, rest) {
  const list = [first];
  for (let i = 0; i < rest.length; i++) if (rest[i] !== first) list[list.length] = rest[i];
  return list;
}

/**
 * @param {string} entry an attribute in KNOWN_INTERFACES
 * @returns {string} its name (without the `?` of an optional one)
 */
function attributeName(entry) {
  return entry[entry.length - 1] === '?' ? StringPrototypeSlice(entry, 0, -1) : entry;
}

/**
 * An interface this host has: its constructor and its attribute getters.
 * @typedef {object} HostInterface
 * @property {PlatformInterface} name
 * @property {Function} constructor
 * @property {(object: object) => unknown} brand  the brand-checking getter (or method)
 * @property {Record<string, (object: object) => any>} get  every attribute's getter, by name
 * @property {HostInterface[]} subclasses  the interfaces of this host that extend it
 */

/**
 * The attribute's getter, found on the interface's prototype chain
 * (File's `size` is Blob's).
 * @param {object | null} prototype
 * @param {string} name
 * @returns {((object: object) => any) | undefined}
 */
function attributeGetter(prototype, name) {
  for (let p = prototype; p !== null; p = ReflectGetPrototypeOf(p)) {
    const descriptor = ObjectGetOwnPropertyDescriptor(p, name);
    if (descriptor !== undefined) return typeof descriptor.get === 'function' ? uncurryThis(descriptor.get) : undefined;
  }
  return undefined;
}

/**
 * The first of the candidate brand checks the interface's prototype object
 * has as its own (an attribute's getter, or a method: `name()`) that is one
 * here, else the host's (brands.js HostHooks `platformBrand`), if it gave one.
 * @param {object} prototype
 * @param {string[]} candidates
 * @returns {((object: object) => unknown) | undefined}
 */
function brandCheck(prototype, candidates) {
  for (let i = 0; i < candidates.length; i++) {
    const method = StringPrototypeSlice(candidates[i], -2) === '()';
    const descriptor = ObjectGetOwnPropertyDescriptor(prototype, method ? StringPrototypeSlice(candidates[i], 0, -2) : candidates[i]);
    const member = descriptor === undefined ? undefined : method ? descriptor.value : descriptor.get;
    if (typeof member !== 'function') continue;
    const check = uncurryThis(member);
    if (refusesOrdinaryObject(check)) return check;
  }
  if (brandHook === undefined) return undefined;
  const hostBrand = brandHook;
  return (/** @type {object} */ object) => (hostBrand(object, prototype) ? true : undefined);
}

/**
 * Whether a member refuses an ordinary object, as a brand check must: it
 * throws, or answers undefined. Deno's MessagePort onmessage answers null
 * for any object, and before 2.8 Deno has no hasRef() to check instead:
 * taken for a brand check, it made every object a MessagePort.
 * @param {(object: object) => unknown} check
 * @returns {boolean}
 */
function refusesOrdinaryObject(check) {
  try {
    return check({}) === undefined;
  } catch {
    return true;
  }
}

/**
 * The known interfaces of a global object, each only when its constructor
 * and every attribute it needs are there.
 * @param {any} global
 * @returns {HostInterface[]}
 */
function hostInterfaces(global) {
  const found = newList();
  for (let i = 0; i < KNOWN_INTERFACES.length; i++) {
    // Not `const [name, attributes] = …`: destructuring runs the (pollutable) array iterator.
    const name = KNOWN_INTERFACES[i][0];
    const attributes = KNOWN_INTERFACES[i][1];
    const constructor = global[name];
    if (typeof constructor !== 'function' || constructor.prototype === undefined) continue;
    const brand = brandCheck(constructor.prototype, KNOWN_INTERFACES[i][3] ?? [attributes[0]]);
    if (brand === undefined) continue;
    /** @type {Record<string, (object: object) => any>} */
    const get = ObjectCreate(null);
    let complete = true;
    for (let j = 0; j < attributes.length; j++) {
      const attribute = attributeName(attributes[j]);
      const getter = attributeGetter(constructor.prototype, attribute);
      if (getter !== undefined) get[attribute] = getter;
      else if (attribute === attributes[j]) complete = false;
    }
    if (!complete) continue;
    const entry = { name, constructor, brand, get: ObjectFreeze(get), subclasses: newList() };
    append(found, entry);
    // A subclass follows its base in the table: a host without the base has no use for it.
    const base = KNOWN_INTERFACES[i][2];
    for (let j = 0; j < found.length; j++) if (found[j].name === base) append(found[j].subclasses, entry);
  }
  return found;
}

/**
 * The host's own brand check, where it gave one (brands.js HostHooks `platformBrand`).
 * @type {((object: object, prototype: object) => boolean) | undefined}
 */
let brandHook;

/** The interfaces of the host this module was loaded in (found again when the host gives its hooks). */
let HOST_INTERFACES = hostInterfaces(globalThis);

/** @type {Record<string, string>} the interface each known one extends */
const BASE_OF = ObjectCreate(null);
for (let i = 0; i < KNOWN_INTERFACES.length; i++) {
  const base = KNOWN_INTERFACES[i][2];
  if (base !== undefined) BASE_OF[KNOWN_INTERFACES[i][0]] = base;
}

/** @type {Record<string, HostInterface>} the same, by name */
let BY_NAME = byName(HOST_INTERFACES);

/** @param {HostInterface[]} found @returns {Record<string, HostInterface>} */
function byName(found) {
  /** @type {Record<string, HostInterface>} */
  const table = ObjectCreate(null);
  for (let i = 0; i < found.length; i++) table[found[i].name] = found[i];
  return table;
}

/**
 * The constructors of the known interfaces a global object exposes, by name
 * (a realm's, for StructuredDeserialize to make objects in): whatever the
 * brand checks found, which the host's hooks may change after the realm was captured.
 * @param {any} global
 * @returns {Record<string, Function>}
 */
export function platformConstructors(global) {
  /** @type {Record<string, Function>} */
  const constructors = ObjectCreate(null);
  for (let i = 0; i < KNOWN_INTERFACES.length; i++) {
    const name = KNOWN_INTERFACES[i][0];
    if (typeof global[name] === 'function') constructors[name] = global[name];
  }
  return ObjectFreeze(constructors);
}

/**
 * The brand checks proper, for a caller that already suppressed stack
 * traces (brands.js). Bun's File `name` getter answers undefined for a
 * Blob instead of throwing, so an answer of undefined (no known interface
 * has such an attribute) counts as a refusal too.
 * @param {object} object
 * @returns {PlatformInterface | undefined}
 */
export function platformInterfaceBySlots(object) {
  for (let i = 0; i < HOST_INTERFACES.length; i++) {
    const known = HOST_INTERFACES[i];
    if (BASE_OF[known.name] !== undefined || !implementsInterface(object, known)) continue;
    for (let j = 0; j < known.subclasses.length; j++) {
      if (implementsInterface(object, known.subclasses[j])) return known.subclasses[j].name;
    }
    return known.name;
  }
  return undefined;
}

/**
 * @param {object} object
 * @param {HostInterface} known
 * @returns {boolean} whether the interface's brand-checking getter takes the object
 */
function implementsInterface(object, known) {
  try {
    return known.brand(receiverFor(object, known)) !== undefined;
  } catch {
    return false;
  }
}

/**
 * A fresh instance of some interfaces, made with this host's constructor
 * (for `prototypeRefusal`); undefined where making one takes more.
 * @param {HostInterface} known
 * @returns {{object: object, release: () => void} | undefined}
 */
function sampleOf(known) {
  const C = /** @type {any} */ (known.constructor);
  switch (known.name) {
    case 'File': return { object: new C([], ''), release: () => {} };
    case 'ImageData': return { object: new C(1, 1), release: () => {} };
    case 'MessagePort': {
      if (typeof globalThis.MessageChannel !== 'function') return undefined;
      const channel = new globalThis.MessageChannel();
      return { object: channel.port1, release: () => { channel.port1.close(); channel.port2.close(); } };
    }
    case 'OffscreenCanvas': case 'ImageBitmap': return undefined;
    default: return { object: new C(), release: () => {} };
  }
}

/**
 * Whether this host's brand checks for an interface take its instances
 * whatever their prototype, as WebIDL's do: probed when this module loads
 * and again when the host gives a receiver hook, on a fresh instance whose
 * prototype becomes Object.prototype. Deno 2.9.6's check the prototype
 * chain too (webidl.assertBranded): there the reference recognises such an
 * object only through the host's stand-in receiver (portable/hosts/deno-host.js),
 * and a MessagePort not at all (its transfer takes the object itself).
 * @param {HostInterface} known
 * @returns {boolean}
 */
function seesPastPrototype(known) {
  let sample;
  try {
    sample = sampleOf(known);
  } catch {
    return true;
  }
  if (sample === undefined) return true;
  const prototype = ReflectGetPrototypeOf(sample.object);
  try {
    ObjectSetPrototypeOf(sample.object, ObjectPrototype);
    return withoutStackTraces(platformInterfaceBySlots, sample.object) === known.name;
  } finally {
    // Back, so that its own methods let it go (Deno's check the prototype too).
    ObjectSetPrototypeOf(sample.object, prototype);
    sample.release();
  }
}

/**
 * The host's stand-in for an object as the receiver of its interface's
 * getters and methods (brands.js HostHooks `platformReceiver`), if it gave one.
 * @type {((object: object, prototype: object) => object) | undefined}
 */
let receiverHook;

/**
 * The receiver for an interface's getters: the object itself, or the
 * host's stand-in for it. Not for a [Transferable] interface: its transfer
 * steps run in the host's door, which takes the object itself.
 * @param {object} object
 * @param {HostInterface} known
 * @returns {object}
 */
function receiverFor(object, known) {
  if (receiverHook === undefined || isTransferableKind(known.name)) return object;
  return receiverHook(object, known.constructor.prototype);
}

/**
 * The receiver of a Blob's own methods and of a Blob as a part of a new Blob
 * (the host's stand-in where it gave one: Deno's check the prototype chain).
 * @param {object} blob a Blob or File
 * @returns {object}
 */
export function blobReceiver(blob) {
  return receiverFor(blob, BY_NAME.Blob);
}

/**
 * What to read a Blob's bytes from with Blob.prototype.arrayBuffer: the
 * Blob, or where the host gives a stand-in, a new Blob whose one part is the
 * stand-in (the same bytes: Deno's arrayBuffer goes on to a private method
 * the stand-in lacks, where its Blob constructor reads the stand-in's parts).
 * Called once the realm is restored (observe.js readBlobBytes), so the
 * array's iteration is the language's own.
 * @param {object} blob a Blob or File
 * @returns {object}
 */
export function blobBytesReceiver(blob) {
  const receiver = blobReceiver(blob);
  return receiver === blob ? blob : new /** @type {any} */ (BY_NAME.Blob.constructor)([receiver]);
}

/** @type {Record<string, true>} the interfaces whose brand checks here follow the prototype chain */
let PROTOTYPE_BOUND = prototypeBound();

/** @returns {Record<string, true>} the interfaces whose brand checks here do not take a reprototyped instance (seesPastPrototype) */
function prototypeBound() {
  /** @type {Record<string, true>} */
  const bound = ObjectCreate(null);
  for (let i = 0; i < HOST_INTERFACES.length; i++) if (!seesPastPrototype(HOST_INTERFACES[i])) bound[HOST_INTERFACES[i].name] = true;
  return bound;
}

/**
 * Takes the host's stand-in receiver and brand check (setHostHooks, at the
 * host's set-up), finds the host's interfaces again and probes their brand checks with them.
 * @param {((object: object, prototype: object) => object) | undefined} receiver
 * @param {((object: object, prototype: object) => boolean) | undefined} brand
 */
export function setPlatformHooks(receiver, brand) {
  receiverHook = receiver;
  brandHook = brand;
  HOST_INTERFACES = hostInterfaces(globalThis);
  BY_NAME = byName(HOST_INTERFACES);
  PROTOTYPE_BOUND = prototypeBound();
}

/**
 * Why the reference cannot recognise an instance of the interface whose
 * prototype was changed on this host, or undefined when it can: `validate`
 * (with `limits`) refuses a program that changes such an object's prototype.
 * @param {string} name
 * @returns {string | undefined}
 */
export function prototypeRefusal(name) {
  return PROTOTYPE_BOUND[name] === true ? 'its brand checks follow the prototype chain' : undefined;
}

/**
 * The serializable interface an object implements, if any (known to this
 * host): StructuredSerializeInternal step 19 asks for it.
 * @param {object} object not a Proxy (a getter on a Proxy is not a brand check; proxies are classified first)
 * @returns {PlatformInterface | undefined}
 */
export function platformInterfaceOf(object) {
  if (HOST_INTERFACES.length === 0) return undefined;
  return withoutStackTraces(platformInterfaceBySlots, object);
}

/**
 * Reads an attribute of a platform object through its captured getter.
 * @param {object} object an instance of the interface
 * @param {PlatformInterface} name
 * @param {string} attribute
 * @returns {any}
 */
export function platformAttribute(object, name, attribute) {
  const getter = BY_NAME[name].get[attribute];
  if (getter !== undefined) return getter(receiverFor(object, BY_NAME[name]));
  const descriptor = ObjectGetOwnPropertyDescriptor(object, attribute);
  return descriptor !== undefined && ObjectHasOwn(descriptor, 'value') ? descriptor.value : undefined;
}

/** The attributes read from each interface, for observation (an optional one reads as undefined where the host lacks it). */
export const PLATFORM_ATTRIBUTES = (() => {
  /** @type {Record<string, string[]>} */
  const table = ObjectCreate(null);
  for (let i = 0; i < KNOWN_INTERFACES.length; i++) {
    const names = newList();
    const attributes = KNOWN_INTERFACES[i][1];
    for (let j = 0; j < attributes.length; j++) {
      append(names, attributeName(attributes[j]));
    }
    table[KNOWN_INTERFACES[i][0]] = names;
  }
  return ObjectFreeze(table);
})();

/** Blob.prototype.arrayBuffer, captured: a Blob's (or File's) bytes, which script reads only asynchronously. */
export const BlobPrototypeArrayBuffer = typeof globalThis.Blob === 'function' && typeof globalThis.Blob.prototype.arrayBuffer === 'function'
  ? uncurryThis(globalThis.Blob.prototype.arrayBuffer) : undefined;

/** FileList.prototype.item, captured: the Files of a FileList (its indexed getter). */
const FileListPrototypeItem = typeof globalThis.FileList === 'function' && typeof globalThis.FileList.prototype.item === 'function'
  ? uncurryThis(globalThis.FileList.prototype.item) : undefined;

/**
 * A FileList's Files, in order: what its serialization steps sub-serialize
 * and its observation walks.
 * @param {object} fileList an instance of FileList
 * @returns {object[]}
 */
export function fileListItems(fileList) {
  const files = newList();
  const length = platformAttribute(fileList, 'FileList', 'length');
  for (let i = 0; i < length; i++) append(files, /** @type {(list: object, index: number) => object} */ (FileListPrototypeItem)(fileList, i));
  return files;
}

/**
 * How a realm makes a FileList of given Files, if it can: FileList has no
 * constructor, but HTML's DataTransfer makes one synchronously
 * (`new DataTransfer()`, `items.add(file)` for each, then `files`, which
 * holds the very File objects added). DataTransfer is [Exposed=Window]:
 * a worker has FileList but no way for script to make one, nor has any runtime.
 * The functions are captured from the realm's global when its Realm is made,
 * so its later pollution cannot redirect them.
 * @param {any} global
 * @returns {((files: object[]) => object) | undefined}
 */
export function fileListMaker(global) {
  const DataTransfer = global.DataTransfer;
  const ItemList = global.DataTransferItemList;
  if (typeof DataTransfer !== 'function' || typeof ItemList !== 'function') return undefined;
  const items = attributeGetter(DataTransfer.prototype, 'items');
  const files = attributeGetter(DataTransfer.prototype, 'files');
  const add = ObjectGetOwnPropertyDescriptor(ItemList.prototype, 'add')?.value;
  if (items === undefined || files === undefined || typeof add !== 'function') return undefined;
  const addItem = uncurryThis(add);
  return (list) => {
    const transfer = new DataTransfer();
    const itemList = items(transfer);
    for (let i = 0; i < list.length; i++) addItem(itemList, list[i]);
    return files(transfer);
  };
}

/** @param {string} kind @returns {boolean} whether an ObjectKind holds a Blob's bytes (Blob, File) */
export function hasBlobBytes(kind) {
  return kind === 'Blob' || kind === 'File';
}

/**
 * The field of a platform object's observation that script can fill only
 * asynchronously, if any: a Blob's `bytes`; a MessagePort's `received`, the
 * messages its entanglement brings (observe.js `probePorts`); a
 * ReadableStream's `chunks`, what reading it yields, and a WritableStream's
 * `delivered`, where a chunk written to it arrives (observe/probe-streams.js `probeStreams`).
 * A TransformStream has none: its readable and writable have theirs.
 * @param {string} kind an ObjectKind
 * @returns {'bytes' | 'received' | 'chunks' | 'delivered' | undefined}
 */
export function pendingField(kind) {
  if (hasBlobBytes(kind)) return 'bytes';
  if (kind === 'MessagePort') return 'received';
  if (kind === 'ReadableStream') return 'chunks';
  return kind === 'WritableStream' ? 'delivered' : undefined;
}

/** @param {string} kind @returns {boolean} whether an ObjectKind names a platform interface */
export function isPlatformKind(kind) {
  return PLATFORM_ATTRIBUTES[kind] !== undefined;
}

/** @param {string} kind @returns {boolean} whether an ObjectKind names a [Transferable] interface */
export function isTransferableKind(kind) {
  for (let i = 0; i < TRANSFERABLE_INTERFACES.length; i++) if (TRANSFERABLE_INTERFACES[i] === kind) return true;
  return false;
}
