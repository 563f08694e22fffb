// observe(value): everything a script can observe about a value, as JSON.
//
// The walk reads only what the language lets script read without running
// script: internal slots through captured brand-checking built-ins,
// properties through [[GetOwnProperty]] (accessors are reported, never
// called), prototypes through [[GetPrototypeOf]]. A Proxy is never touched
// at all: every operation on it could run a trap. It writes what it reads on
// a tape (tape.js), a flat list that two walks compare cheaply; the JSON
// observation is read back from the tape, built by definition only
// (output.js), so a polluted realm cannot change it. docs/observation.md
// describes the format.

import {
  DatePrototypeGetTime, MapCtor, MapIteratorPrototypeNext, MapPrototypeEntries, MapPrototypeGet,
  MapPrototypeSet, MapPrototypeSize, SetPrototypeSize, BigIntPrototypeValueOf, BooleanPrototypeValueOf,
  NumberPrototypeValueOf, ObjectGetOwnPropertyDescriptor, ObjectHasOwn, ObjectIs,
  ObjectIsExtensible, ObjectIsFrozen, ObjectIsSealed, RegExpFlagGetters, RegExpPrototypeSource,
  ReflectApply, ReflectGetPrototypeOf, ReflectOwnKeys, SetIteratorPrototypeNext, SetPrototypeValues,
  SharedArrayBufferPrototypeByteLength, SharedArrayBufferPrototypeMaxByteLength, StringCtor,
  StringPrototypeValueOf, SymbolPrototypeDescription, SymbolPrototypeValueOf,
  ArrayBufferPrototypeByteLength, ArrayBufferPrototypeMaxByteLength, DataViewPrototypeByteLength,
  DataViewPrototypeByteOffset, TypedArrayPrototypeByteLength, TypedArrayPrototypeByteOffset,
  TypedArrayPrototypeLength, TypedArrayPrototypeToStringTag, Uint8ArrayCtor, append, newList,
  record,
} from '../primordials/intrinsics.js';
import { classifyObject } from '../abstract-ops/brands.js';
import {
  BlobPrototypeArrayBuffer, PLATFORM_ATTRIBUTES, blobBytesReceiver, fileListItems, hasBlobBytes, isPlatformKind, pendingField, platformAttribute,
} from '../webidl/interfaces.js';
import {
  hasMaxByteLength, IsArrayBufferViewOutOfBounds, isDataView, IsDetachedBuffer, isLengthTracking,
  viewedBuffer,
} from '../abstract-ops/buffers.js';
import { intrinsicName, intrinsicNames } from './intrinsic-names.js';
import { lookupMismatch, unlistedIndexFound } from './lookups.js';
import { LONG_THRESHOLD, observeBytes, observeString } from './strings.js';
import { probeWait } from './probe-wait.js';
import { observationOf } from './tape.js';

/**
 * A value in an observation; `type` says which. docs/observation.md lists the fields.
 * @typedef {Record<string, any> & {type: string}} Observation
 */

/**
 * @typedef {object} Walk
 * @property {Map<object, string>} names  the observing realm's intrinsic names
 * @property {Map<object, number>} ids  objects met so far, by identity id (first-visit order)
 * @property {object[]} objects  every object met as a value, intrinsics included
 * @property {import('./tape.js').Tape} tape  what the walk read, in order (tape.js)
 * @property {BlobSlot[]} blobs  the Blobs met, with the tape slot of their bytes
 * @property {BlobSlot[]} ports  the MessagePorts met, with the tape slot of what they receive (`blob`: the port)
 * @property {BlobSlot[]} streams  the ReadableStreams and WritableStreams met, with the tape slot of
 *   what reading them yields or where what is written to them arrives (`blob`: the stream)
 */

/**
 * A Blob (or File) met by a walk, and where on the tape its bytes go: they
 * can only be read asynchronously (`readBlobBytes`), so the walk writes
 * 'unread' there.
 * @typedef {{blob: object, at: number}} BlobSlot
 */

/**
 * @typedef {object} ObserveOptions
 * @property {object} [realm]  the global object of the realm the value is observed in (default: this one)
 */

/**
 * @param {unknown} options
 * @param {string} key
 * @returns {any} an own data property of a caller's options bag (a polluted
 *   Object.prototype must not be able to supply options)
 */
export function option(options, key) {
  if (typeof options !== 'object' || options === null) return undefined;
  const descriptor = ObjectGetOwnPropertyDescriptor(options, key);
  return descriptor !== undefined && ObjectHasOwn(descriptor, 'value') ? descriptor.value : undefined;
}

/**
 * @param {unknown} value
 * @param {ObserveOptions} [options]
 * @returns {Observation}
 */
export function observe(value, options) {
  return observationOf(observeGraph(value, options).tape);
}

/**
 * The walk of `observe`, as its tape (tape.js: `observationOf` makes it the
 * observation), with every object it met (for identity checks between an
 * input and its clone).
 * @param {unknown} value
 * @param {ObserveOptions} [options]
 * @returns {{tape: import('./tape.js').Tape, objects: object[], blobs: BlobSlot[], ports: BlobSlot[], streams: BlobSlot[]}}
 */
export function observeGraph(value, options) {
  const global = option(options, 'realm') ?? globalThis;
  /** @type {Walk} */
  const walk = record({ names: intrinsicNames(global), ids: new MapCtor(), objects: newList(), tape: newList(), blobs: newList(), ports: newList(), streams: newList() });
  observeValue(walk, value);
  return record({ tape: walk.tape, objects: walk.objects, blobs: walk.blobs, ports: walk.ports, streams: walk.streams });
}

/**
 * Reads the bytes of the Blobs a walk met into their tape slots (observe.js
 * leaves 'unread' there): lowercase hex, or LENGTH:HASH past LONG_THRESHOLD
 * bytes, or 'unreadable' when reading them fails. Through the captured
 * Blob.prototype.arrayBuffer, one Blob after another.
 * @param {import('./tape.js').Tape} tape
 * @param {BlobSlot[]} blobs
 * @returns {Promise<void>}
 */
export async function readBlobBytes(tape, blobs) {
  for (let i = 0; i < blobs.length; i++) {
    let text;
    try {
      const buffer = await /** @type {(blob: object) => Promise<ArrayBuffer>} */ (BlobPrototypeArrayBuffer)(blobBytesReceiver(blobs[i].blob));
      const length = ArrayBufferPrototypeByteLength(buffer);
      const bytes = observeBytes(new Uint8ArrayCtor(buffer), length);
      text = typeof bytes === 'string' ? bytes : `${bytes.length}:${bytes.hash}`;
    } catch {
      text = 'unreadable';
    }
    tape[blobs[i].at] = text;
  }
}

/**
 * @param {number} number
 * @returns {string} exact text: '-0', 'NaN', 'Infinity', … kept apart
 */
export function numberText(number) {
  return ObjectIs(number, -0) ? '-0' : StringCtor(number);
}

/**
 * @param {symbol} symbol
 * @returns {string} the key text of a symbol-keyed property: '@@' + description
 */
export function symbolKeyText(symbol) {
  return '@@' + (SymbolPrototypeDescription(symbol) ?? '');
}

/**
 * Writes a value's observation on the walk's tape.
 * @param {Walk} walk
 * @param {unknown} value
 */
function observeValue(walk, value) {
  const tape = walk.tape;
  switch (typeof value) {
    case 'undefined': append(tape, 'u'); return;
    case 'boolean': append(tape, value ? 't' : 'f'); return;
    case 'number': append(tape, 'n'); append(tape, numberText(value)); return;
    case 'bigint': append(tape, 'b'); append(tape, StringCtor(value)); return;
    case 'string': writeString(tape, value); return;
    case 'symbol': append(tape, 'y'); append(tape, SymbolPrototypeDescription(value) ?? null); return;
    default:
      if (value === null) {
        append(tape, 'z');
        return;
      }
      append(walk.objects, value);
      observeObject(walk, /** @type {object} */ (value));
  }
}

/**
 * @param {import('./tape.js').Tape} tape
 * @param {string} string
 */
function writeString(tape, string) {
  if (string.length <= LONG_THRESHOLD) {
    append(tape, 's');
    append(tape, string);
    return;
  }
  const { length, hash, head, tail } = /** @type {import('./strings.js').Summary} */ (observeString(string));
  append(tape, 'S');
  append(tape, length);
  append(tape, hash);
  append(tape, head);
  append(tape, tail);
}

/**
 * An object's observation: its name if it is an intrinsic, a back reference
 * if the walk met it before, else its full description under a new id.
 * Children are visited in a fixed order (kind contents, own properties,
 * prototype), which is what makes ids comparable across runtimes.
 * @param {Walk} walk
 * @param {object} object
 */
function observeObject(walk, object) {
  const tape = walk.tape;
  const name = intrinsicName(walk.names, object);
  if (name !== undefined) {
    append(tape, 'i');
    append(tape, name);
    return;
  }
  const seen = MapPrototypeGet(walk.ids, object);
  if (seen !== undefined) {
    append(tape, 'r');
    append(tape, seen);
    return;
  }
  const id = MapPrototypeSize(walk.ids);
  MapPrototypeSet(walk.ids, object, id);
  const kind = classifyObject(object);
  if (kind === 'proxy') {
    append(tape, 'p');
    append(tape, id);
    return;
  }
  append(tape, 'o');
  append(tape, id);
  append(tape, kind);
  // In this order (contents, properties, prototype): it fixes the ids.
  observeContents(walk, object, kind);
  const { keys, threw } = ownKeysOf(walk, object);
  observeProperties(walk, object, kind, keys);
  append(tape, integrityLevel(object));
  observePrototype(walk, ReflectGetPrototypeOf(object));
  // Undefined unless listing the keys threw (below).
  append(tape, threw);
  // Undefined unless the object answers for an index its key list skips (lookups.js).
  append(tape, unlistedIndexFound(object, keys));
}

/**
 * The object's own keys, or none and the name of what listing them threw.
 * [[OwnPropertyKeys]] of an ordinary object never throws (ECMA-262,
 * https://tc39.es/ecma262/#sec-ordinary-object-internal-methods-and-internal-slots-ownpropertykeys),
 * but Bun 1.4.5 throws a TypeError listing the keys of an Error whose stack
 * was never read and whose message is a Symbol (it formats the stack then).
 * That is an observation about the runtime, the same on both sides of a
 * comparison in it, not a failure of the harness. What threw is named by
 * its prototype (`%TypeError.prototype%`), read without running its code.
 * @param {Walk} walk
 * @param {object} object
 * @returns {{keys: (string | symbol)[], threw?: string}}
 */
function ownKeysOf(walk, object) {
  try {
    return { keys: ReflectOwnKeys(object) };
  } catch (error) {
    const isObject = (typeof error === 'object' && error !== null) || typeof error === 'function';
    const name = isObject ? intrinsicName(walk.names, ReflectGetPrototypeOf(error)) : undefined;
    return { keys: [], threw: name ?? (isObject ? 'an object' : typeof error) };
  }
}

/**
 * A prototype: null, an intrinsic by name, or (only when it is not an
 * intrinsic) an object of the graph. Not added to `walk.objects`: a clone may
 * legitimately share a prototype only if it is an intrinsic.
 * @param {Walk} walk
 * @param {object | null} prototype
 */
function observePrototype(walk, prototype) {
  if (prototype === null) {
    append(walk.tape, 'z');
    return;
  }
  const name = intrinsicName(walk.names, prototype);
  if (name !== undefined) {
    append(walk.tape, 'i');
    append(walk.tape, name);
    return;
  }
  append(walk.objects, prototype);
  observeObject(walk, prototype);
}

/**
 * @param {object} object not a Proxy (IsFrozen on a Proxy would run traps)
 * @returns {'frozen' | 'sealed' | 'non-extensible' | 'extensible'}
 */
function integrityLevel(object) {
  if (ObjectIsExtensible(object)) return 'extensible';
  if (ObjectIsFrozen(object)) return 'frozen';
  return ObjectIsSealed(object) ? 'sealed' : 'non-extensible';
}

/** @type {Record<string, (object: any) => unknown>} the [[XData]] reader of each boxed kind */
const BOXED_VALUE_OF = record({
  boolean: BooleanPrototypeValueOf,
  number: NumberPrototypeValueOf,
  bigint: BigIntPrototypeValueOf,
  string: StringPrototypeValueOf,
  symbol: SymbolPrototypeValueOf,
});

/**
 * Writes the contents of the internal slots of the object's kind, if it has any.
 * @param {Walk} walk
 * @param {any} object
 * @param {string} kind from classifyObject
 */
function observeContents(walk, object, kind) {
  switch (kind) {
    case 'boolean': case 'number': case 'bigint': case 'string': case 'symbol':
      observeValue(walk, BOXED_VALUE_OF[kind](object));
      return;
    case 'date':
      append(walk.tape, numberText(DatePrototypeGetTime(object)));
      return;
    case 'regexp':
      writeString(walk.tape, RegExpPrototypeSource(object));
      append(walk.tape, originalFlags(object));
      return;
    case 'map':
      observeMapEntries(walk, object);
      return;
    case 'set':
      observeSetValues(walk, object);
      return;
    case 'arraybuffer': case 'sharedarraybuffer':
      observeBuffer(walk.tape, object, kind === 'sharedarraybuffer');
      return;
    case 'typedarray': case 'dataview':
      observeView(walk, object);
      return;
  }
  if (isPlatformKind(kind)) observePlatformAttributes(walk, object, /** @type {import('../webidl/interfaces.js').PlatformInterface} */ (kind));
}

/**
 * A platform object's attributes, each read through its interface's captured
 * getter (platform.js), in the interface's order: what its serialization
 * steps carry (a DOMException's name and message, and the code that follows
 * from the name; a Blob's size and type; a File's name and lastModified; the
 * numbers of a geometry object; an ImageData's sides, color space and data
 * array, which is part of the graph). A Blob's bytes can only be read
 * asynchronously: the walk leaves 'unread' in their slot, for `readBlobBytes`.
 * @param {Walk} walk
 * @param {object} object
 * @param {import('../webidl/interfaces.js').PlatformInterface} kind
 */
function observePlatformAttributes(walk, object, kind) {
  const attributes = PLATFORM_ATTRIBUTES[kind];
  for (let i = 0; i < attributes.length; i++) observeValue(walk, platformAttribute(object, kind, attributes[i]));
  // A FileList's Files, each observed as the File it is (one met before is a back-reference).
  if (kind === 'FileList') {
    const files = fileListItems(object);
    for (let i = 0; i < files.length; i++) observeValue(walk, files[i]);
  }
  if (pendingField(kind) === undefined) return;
  append(hasBlobBytes(kind) ? walk.blobs : kind === 'MessagePort' ? walk.ports : walk.streams, record({ blob: object, at: walk.tape.length }));
  append(walk.tape, 'unread');
}

/**
 * A program's MessagePort whose other end the build kept (program/runtime.js
 * `messageport`): the probe posts its index from that other end.
 * @typedef {{port: object, otherEnd: object}} BuiltPort
 */

/**
 * The underlying sink of a program's WritableStream (program/runtime.js
 * `writablestream`): what was written to it, and whom to wake when a chunk comes.
 * @typedef {{written: unknown[], wake: (() => void) | undefined}} BuiltSink
 */

const MessagePortPrototype = globalThis.MessagePort?.prototype;
const MessagePortPostMessage = MessagePortPrototype?.postMessage;
const MessagePortClose = MessagePortPrototype?.close;
const MessagePortOnmessageSetter = MessagePortPrototype === undefined ? undefined : ObjectGetOwnPropertyDescriptor(MessagePortPrototype, 'onmessage')?.set;

/**
 * Calls a captured MessagePort method or setter on a port; what throws
 * (Deno's brand checks also look at the prototype, which a program may have
 * changed) leaves the port as it is.
 * @param {Function | undefined} method
 * @param {object} port
 * @param {unknown[]} args
 * @returns {boolean} whether it ran
 */
function onPort(method, port, args) {
  try {
    ReflectApply(/** @type {Function} */ (method), port, args);
    return true;
  } catch {
    return false;
  }
}

/**
 * What each MessagePort of a clone receives, into its tape slot: every kept
 * other end of the program's ports posts that port's index (its place among
 * the ports the build made), and a port's slot is the comma-separated list of
 * indices that reached it (a clone of port 1 receives "1": it is entangled
 * with the original's other end, which no longer reaches the original),
 * empty when none did. Messages are tasks: the probe waits until every
 * posted index has arrived somewhere it listens, or PROBE_WAIT_MS. Every port
 * of the case is closed afterwards (an open port with a listener keeps a
 * runtime's event loop alive).
 * @param {import('./tape.js').Tape} tape
 * @param {BlobSlot[]} slots the clone's ports
 * @param {BuiltPort[]} built
 * @returns {Promise<void>}
 */
export async function probePorts(tape, slots, built) {
  /** @type {number[][]} */
  const received = newList();
  let arrived = 0;
  /** @type {() => void} */
  let wake = () => {};
  for (let i = 0; i < slots.length; i++) {
    const list = newList();
    append(received, list);
    // The interface's own setter: a port whose prototype a program changed (or froze) still listens.
    onPort(MessagePortOnmessageSetter, slots[i].blob, [(/** @type {any} */ event) => {
      append(list, event.data);
      arrived++;
      if (arrived === built.length) wake();
    }]);
  }
  // Nothing listens in a case without ports in its clone (it threw, or holds none): the ports are only closed.
  const listening = slots.length > 0 && built.length > 0;
  for (let i = 0; listening && i < built.length; i++) onPort(MessagePortPostMessage, built[i].otherEnd, [i]);
  if (listening) await probeWait((woken) => { wake = woken; });
  for (let i = 0; i < slots.length; i++) {
    const list = received[i];
    let text = '';
    for (let j = 0; j < list.length; j++) text += `${j === 0 ? '' : ','}${list[j]}`;
    tape[slots[i].at] = text;
    onPort(MessagePortClose, slots[i].blob, []);
  }
  for (let i = 0; i < built.length; i++) {
    onPort(MessagePortClose, built[i].port, []);
    onPort(MessagePortClose, built[i].otherEnd, []);
  }
}

/**
 * [[OriginalFlags]], in the order of the `flags` getter, read through each
 * flag's own getter (the `flags` getter itself would run a polluted
 * RegExp.prototype's accessors).
 * @param {RegExp} regexp
 * @returns {string}
 */
function originalFlags(regexp) {
  let flags = '';
  for (let i = 0; i < RegExpFlagGetters.length; i++) {
    if (RegExpFlagGetters[i][1](regexp)) flags += RegExpFlagGetters[i][0];
  }
  return flags;
}

/**
 * [[MapData]] in order, through the captured iterator (never a possibly
 * polluted Map.prototype.entries or %MapIteratorPrototype%.next): the size,
 * then each key and value.
 * @param {Walk} walk
 * @param {Map<unknown, unknown>} map
 */
function observeMapEntries(walk, map) {
  append(walk.tape, MapPrototypeSize(map));
  const iterator = MapPrototypeEntries(map);
  for (let step = MapIteratorPrototypeNext(iterator); !step.done; step = MapIteratorPrototypeNext(iterator)) {
    observeValue(walk, step.value[0]);
    observeValue(walk, step.value[1]);
  }
}

/**
 * [[SetData]] in order, through the captured iterator: the size, then each value.
 * @param {Walk} walk
 * @param {Set<unknown>} set
 */
function observeSetValues(walk, set) {
  append(walk.tape, SetPrototypeSize(set));
  const iterator = SetPrototypeValues(set);
  for (let step = SetIteratorPrototypeNext(iterator); !step.done; step = SetIteratorPrototypeNext(iterator)) {
    observeValue(walk, step.value);
  }
}

/**
 * An ArrayBuffer or SharedArrayBuffer. The bytes are read through a fresh
 * Uint8Array made by the captured constructor, not through any view the
 * program holds, and written as numbers (or summarized, when long).
 * @param {import('./tape.js').Tape} tape
 * @param {ArrayBuffer | SharedArrayBuffer} buffer
 * @param {boolean} shared
 */
function observeBuffer(tape, buffer, shared) {
  const detached = !shared && IsDetachedBuffer(/** @type {ArrayBuffer} */ (buffer));
  // The cast: a host that made a SharedArrayBuffer has its byteLength getter.
  const byteLength = shared ? /** @type {(buffer: object) => number} */ (SharedArrayBufferPrototypeByteLength)(buffer) : ArrayBufferPrototypeByteLength(buffer);
  const resizable = hasMaxByteLength(buffer);
  let maxByteLength = byteLength;
  if (!shared) maxByteLength = ArrayBufferPrototypeMaxByteLength(buffer);
  else if (SharedArrayBufferPrototypeMaxByteLength !== undefined) maxByteLength = SharedArrayBufferPrototypeMaxByteLength(buffer);
  append(tape, shared);
  append(tape, detached);
  append(tape, resizable);
  append(tape, maxByteLength);
  append(tape, byteLength);
  if (detached || byteLength <= LONG_THRESHOLD) {
    append(tape, 'x');
    if (detached) return;
    const bytes = new Uint8ArrayCtor(buffer);
    for (let i = 0; i < byteLength; i++) append(tape, bytes[i]);
    return;
  }
  const { length, hash, head, tail } = /** @type {import('./strings.js').Summary} */ (observeBytes(new Uint8ArrayCtor(buffer), byteLength));
  append(tape, 'X');
  append(tape, length);
  append(tape, hash);
  append(tape, head);
  append(tape, tail);
}

/**
 * A typed array or DataView. An out-of-bounds view (its buffer detached or
 * shrunk below it) reports offset and lengths 0, as the typed array getters
 * do, and no length-tracking answer (it cannot be decided then).
 * @param {Walk} walk
 * @param {any} view
 */
function observeView(walk, view) {
  const tape = walk.tape;
  const dataView = isDataView(view);
  const buffer = viewedBuffer(view);
  append(walk.objects, buffer);
  append(tape, dataView ? 'DataView' : TypedArrayPrototypeToStringTag(view));
  observeObject(walk, buffer);
  const outOfBounds = IsArrayBufferViewOutOfBounds(view);
  append(tape, outOfBounds);
  append(tape, outOfBounds ? null : isLengthTracking(view));
  if (dataView) {
    append(tape, outOfBounds ? 0 : DataViewPrototypeByteOffset(view));
    append(tape, outOfBounds ? 0 : DataViewPrototypeByteLength(view));
    return;
  }
  append(tape, TypedArrayPrototypeByteOffset(view));
  append(tape, TypedArrayPrototypeByteLength(view));
  append(tape, TypedArrayPrototypeLength(view));
}

/**
 * Own properties engines put on Error objects by their own choice: `stack`
 * (HTML: user agents "should" keep one; V8 makes it own), JavaScriptCore's
 * source position (`line`, `column`, `sourceURL`; Bun adds `originalLine`,
 * `originalColumn`), and SpiderMonkey's (`fileName`, `lineNumber`,
 * `columnNumber`: Firefox's deserialized Error keeps the original's). Only
 * whether they are there, and as what kind of property, is observed.
 */
const ENGINE_ERROR_PROPERTIES = [
  'stack', 'line', 'column', 'sourceURL', 'originalLine', 'originalColumn', 'fileName', 'lineNumber', 'columnNumber',
];

/**
 * @param {string} key
 * @returns {boolean}
 */
function isEngineErrorProperty(key) {
  for (let i = 0; i < ENGINE_ERROR_PROPERTIES.length; i++) if (ENGINE_ERROR_PROPERTIES[i] === key) return true;
  return false;
}

/**
 * Whether an own property is the engine's own, observed by its presence only:
 * an Error's (or a DOMException's, which engines make like one) stack and
 * source position, and any symbol-keyed property of a platform object (the
 * host's internal handles: Node's Blob has `Symbol(kHandle)`, `Symbol(kLength)`, …).
 * @param {string} kind
 * @param {string | symbol} key
 * @returns {boolean}
 */
function isEngineProperty(kind, key) {
  if (typeof key === 'symbol') return isPlatformKind(kind);
  return (kind === 'error' || kind === 'DOMException') && isEngineErrorProperty(key);
}

/**
 * Own properties in [[OwnPropertyKeys]] order with full descriptors. Left
 * out, because the kind's contents already say them: the elements of a typed
 * array (they are the buffer's bytes), the index properties of a String
 * wrapper (they are its string) and of a FileList (its Files). All come
 * first in [[OwnPropertyKeys]].
 * Array holes are the indices below `length` that have no own property.
 * A string-keyed property that an equal key made here does not find the
 * same way gets a `lookup` field (lookups.js).
 * @param {Walk} walk
 * @param {object} object
 * @param {string} kind
 * @param {(string | symbol)[]} keys the object's [[OwnPropertyKeys]]
 */
function observeProperties(walk, object, kind, keys) {
  const tape = walk.tape;
  let first = 0;
  if (kind === 'typedarray') first = TypedArrayPrototypeLength(object);
  else if (kind === 'string') first = StringPrototypeValueOf(object).length;
  else if (kind === 'FileList') first = platformAttribute(object, kind, 'length');
  for (let i = first; i < keys.length; i++) {
    const key = keys[i];
    if (isEngineProperty(kind, key)) {
      // Never [[GetOwnProperty]]: V8 formats a stack lazily on first access,
      // calling Error.prototype.toString, which runs a program's `name` or
      // `message` getter in a polluted realm (seen fuzzing @ungap/structured-clone).
      append(tape, 'E');
      append(tape, typeof key === 'symbol' ? symbolKeyText(key) : key);
      continue;
    }
    const descriptor = ObjectGetOwnPropertyDescriptor(object, key);
    if (descriptor === undefined) continue;
    const isData = ObjectHasOwn(descriptor, 'value');
    const symbol = typeof key === 'symbol';
    if (isData) {
      append(tape, symbol ? 'd' : 'D');
      append(tape, symbol ? symbolKeyText(key) : key);
      observeValue(walk, descriptor.value);
      append(tape, descriptor.writable);
    } else {
      append(tape, symbol ? 'a' : 'A');
      append(tape, symbol ? symbolKeyText(key) : key);
      observeValue(walk, descriptor.get);
      observeValue(walk, descriptor.set);
    }
    append(tape, descriptor.enumerable);
    append(tape, descriptor.configurable);
    if (!symbol) append(tape, lookupMismatch(object, key, descriptor));
  }
  append(tape, ']');
}
