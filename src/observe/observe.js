// observe(value): everything a script can observe about a value, as JSON.
//
// The walk reads only what the language lets script read without running
// script: internal slots through captured brand-checking built-ins,
// properties through [[GetOwnProperty]] (accessors are reported, never
// called), prototypes through [[GetPrototypeOf]]. A Proxy is never touched
// at all: every operation on it could run a trap. The output is built by
// definition only (output.js), so a polluted realm cannot change it.
// docs/observation.md describes the format.

import {
  DatePrototypeGetTime, MapCtor, MapIteratorPrototypeNext, MapPrototypeEntries, MapPrototypeGet,
  MapPrototypeSet, MapPrototypeSize, BigIntPrototypeValueOf, BooleanPrototypeValueOf,
  NumberPrototypeValueOf, ObjectGetOwnPropertyDescriptor, ObjectHasOwn, ObjectIs,
  ObjectIsExtensible, ObjectIsFrozen, ObjectIsSealed, RegExpFlagGetters, RegExpPrototypeSource,
  ReflectGetPrototypeOf, ReflectOwnKeys, SetIteratorPrototypeNext, SetPrototypeValues,
  SharedArrayBufferPrototypeByteLength, SharedArrayBufferPrototypeMaxByteLength, StringCtor,
  StringPrototypeValueOf, SymbolPrototypeDescription, SymbolPrototypeValueOf,
  ArrayBufferPrototypeByteLength, ArrayBufferPrototypeMaxByteLength, DataViewPrototypeByteLength,
  DataViewPrototypeByteOffset, TypedArrayPrototypeByteLength, TypedArrayPrototypeByteOffset,
  TypedArrayPrototypeLength, TypedArrayPrototypeToStringTag, Uint8ArrayCtor, append, newList,
  record,
} from '../primordials/intrinsics.js';
import { classifyObject } from '../abstract-ops/brands.js';
import {
  hasMaxByteLength, IsArrayBufferViewOutOfBounds, isDataView, IsDetachedBuffer, isLengthTracking,
  viewedBuffer,
} from '../abstract-ops/buffers.js';
import { intrinsicName, intrinsicNames } from './intrinsic-names.js';
import { lookupMismatch, unlistedIndexFound } from './lookups.js';
import { appendOutput, finishOutput, outputList } from './output.js';
import { observeBytes, observeString } from './strings.js';

/**
 * A value in an observation; `type` says which. docs/observation.md lists the fields.
 * @typedef {Record<string, any> & {type: string}} Observation
 */

/**
 * @typedef {object} Walk
 * @property {Map<object, string>} names  the observing realm's intrinsic names
 * @property {Map<object, number>} ids  objects met so far, by identity id (first-visit order)
 * @property {object[]} objects  every object met as a value, intrinsics included
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
  return observeGraph(value, options).observation;
}

/**
 * `observe`, also returning every object the walk met (for identity checks
 * between an input and its clone).
 * @param {unknown} value
 * @param {ObserveOptions} [options]
 * @returns {{observation: Observation, objects: object[]}}
 */
export function observeGraph(value, options) {
  const global = option(options, 'realm') ?? globalThis;
  /** @type {Walk} */
  const walk = record({ names: intrinsicNames(global), ids: new MapCtor(), objects: newList() });
  const observation = observeValue(walk, value);
  return record({ observation, objects: walk.objects });
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
 * @param {Walk} walk
 * @param {unknown} value
 * @returns {Observation}
 */
function observeValue(walk, value) {
  switch (typeof value) {
    case 'undefined': return { type: 'undefined' };
    case 'boolean': return { type: 'boolean', value };
    case 'number': return { type: 'number', value: numberText(value) };
    case 'bigint': return { type: 'bigint', value: StringCtor(value) };
    case 'string': return observeString(value);
    case 'symbol': return { type: 'symbol', description: SymbolPrototypeDescription(value) ?? null };
    default:
      if (value === null) return { type: 'null' };
      append(walk.objects, value);
      return observeObject(walk, /** @type {object} */ (value));
  }
}

/**
 * An object's observation: its name if it is an intrinsic, a back reference
 * if the walk met it before, else its full description under a new id.
 * Children are visited in a fixed order (kind contents, own properties,
 * prototype), which is what makes ids comparable across runtimes.
 * @param {Walk} walk
 * @param {object} object
 * @returns {Observation}
 */
function observeObject(walk, object) {
  const name = intrinsicName(walk.names, object);
  if (name !== undefined) return { type: 'intrinsic', name };
  const seen = MapPrototypeGet(walk.ids, object);
  if (seen !== undefined) return { type: 'ref', id: seen };
  const id = MapPrototypeSize(walk.ids);
  MapPrototypeSet(walk.ids, object, id);
  const kind = classifyObject(object);
  if (kind === 'proxy') return { type: 'object', id, kind };
  // In this order (contents, properties, prototype): it fixes the ids.
  const contents = observeContents(walk, object, kind);
  const { keys, threw } = ownKeysOf(walk, object);
  const props = observeProperties(walk, object, kind, keys);
  const integrity = integrityLevel(object);
  const proto = observePrototype(walk, ReflectGetPrototypeOf(object));
  const observation = contents === undefined
    ? { type: 'object', id, kind, props, integrity, proto }
    : { type: 'object', id, kind, [CONTENTS_FIELD[kind]]: contents, props, integrity, proto };
  // Present only when listing the keys threw (below).
  const listed = threw === undefined ? observation : { ...observation, ownKeysThrew: threw };
  // Present only when the object answers for an index its key list skips (lookups.js).
  const unlistedIndex = unlistedIndexFound(object, keys);
  return unlistedIndex === undefined ? listed : { ...listed, unlistedIndex };
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
 * @returns {Observation}
 */
function observePrototype(walk, prototype) {
  if (prototype === null) return { type: 'null' };
  if (intrinsicName(walk.names, prototype) === undefined) append(walk.objects, prototype);
  return observeObject(walk, prototype);
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

/** The field of an object observation that holds the contents of each kind's internal slots. */
const CONTENTS_FIELD = record({
  boolean: 'boxed', number: 'boxed', bigint: 'boxed', string: 'boxed', symbol: 'boxed',
  date: 'date',
  regexp: 'regexp',
  map: 'entries',
  set: 'values',
  arraybuffer: 'buffer', sharedarraybuffer: 'buffer',
  typedarray: 'view', dataview: 'view',
});

/**
 * The contents of the internal slots of the object's kind (the value of its
 * CONTENTS_FIELD), or undefined for a kind without any.
 * @param {Walk} walk
 * @param {any} object
 * @param {string} kind from classifyObject
 * @returns {unknown}
 */
function observeContents(walk, object, kind) {
  switch (kind) {
    case 'boolean': case 'number': case 'bigint': case 'string': case 'symbol':
      return observeValue(walk, BOXED_VALUE_OF[kind](object));
    case 'date':
      return numberText(DatePrototypeGetTime(object));
    case 'regexp':
      return { source: observeString(RegExpPrototypeSource(object)), flags: originalFlags(object) };
    case 'map':
      return observeMapEntries(walk, object);
    case 'set':
      return observeSetValues(walk, object);
    case 'arraybuffer': case 'sharedarraybuffer':
      return observeBuffer(object, kind === 'sharedarraybuffer');
    case 'typedarray': case 'dataview':
      return observeView(walk, object);
    default:
      return undefined;
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
 * polluted Map.prototype.entries or %MapIteratorPrototype%.next).
 * @param {Walk} walk
 * @param {Map<unknown, unknown>} map
 * @returns {{key: Observation, value: Observation}[]}
 */
function observeMapEntries(walk, map) {
  const entries = outputList();
  const iterator = MapPrototypeEntries(map);
  for (let step = MapIteratorPrototypeNext(iterator); !step.done; step = MapIteratorPrototypeNext(iterator)) {
    const key = observeValue(walk, step.value[0]);
    appendOutput(entries, { key, value: observeValue(walk, step.value[1]) });
  }
  return finishOutput(entries);
}

/**
 * [[SetData]] in order, through the captured iterator.
 * @param {Walk} walk
 * @param {Set<unknown>} set
 * @returns {Observation[]}
 */
function observeSetValues(walk, set) {
  const values = outputList();
  const iterator = SetPrototypeValues(set);
  for (let step = SetIteratorPrototypeNext(iterator); !step.done; step = SetIteratorPrototypeNext(iterator)) {
    appendOutput(values, observeValue(walk, step.value));
  }
  return finishOutput(values);
}

/**
 * An ArrayBuffer or SharedArrayBuffer. The bytes are read through a fresh
 * Uint8Array made by the captured constructor, not through any view the
 * program holds.
 * @param {ArrayBuffer | SharedArrayBuffer} buffer
 * @param {boolean} shared
 */
function observeBuffer(buffer, shared) {
  const detached = !shared && IsDetachedBuffer(/** @type {ArrayBuffer} */ (buffer));
  const byteLength = shared ? SharedArrayBufferPrototypeByteLength(buffer) : ArrayBufferPrototypeByteLength(buffer);
  const resizable = hasMaxByteLength(buffer);
  let maxByteLength = byteLength;
  if (!shared) maxByteLength = ArrayBufferPrototypeMaxByteLength(buffer);
  else if (SharedArrayBufferPrototypeMaxByteLength !== undefined) maxByteLength = SharedArrayBufferPrototypeMaxByteLength(buffer);
  return {
    shared,
    detached,
    resizable,
    maxByteLength,
    byteLength,
    bytes: detached ? '' : observeBytes(new Uint8ArrayCtor(buffer), byteLength),
  };
}

/**
 * A typed array or DataView. An out-of-bounds view (its buffer detached or
 * shrunk below it) reports offset and lengths 0, as the typed array getters
 * do, and no length-tracking answer (it cannot be decided then).
 * @param {Walk} walk
 * @param {any} view
 */
function observeView(walk, view) {
  const dataView = isDataView(view);
  const buffer = viewedBuffer(view);
  append(walk.objects, buffer);
  const type = dataView ? 'DataView' : TypedArrayPrototypeToStringTag(view);
  const bufferObservation = observeObject(walk, buffer);
  const outOfBounds = IsArrayBufferViewOutOfBounds(view);
  const lengthTracking = outOfBounds ? null : isLengthTracking(view);
  if (dataView) {
    return {
      type, buffer: bufferObservation, outOfBounds, lengthTracking,
      byteOffset: outOfBounds ? 0 : DataViewPrototypeByteOffset(view),
      byteLength: outOfBounds ? 0 : DataViewPrototypeByteLength(view),
    };
  }
  return {
    type, buffer: bufferObservation, outOfBounds, lengthTracking,
    byteOffset: TypedArrayPrototypeByteOffset(view),
    byteLength: TypedArrayPrototypeByteLength(view),
    length: TypedArrayPrototypeLength(view),
  };
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
 * Own properties in [[OwnPropertyKeys]] order with full descriptors. Left
 * out, because the kind's contents already say them: the elements of a typed
 * array (they are the buffer's bytes) and the index properties of a String
 * wrapper (they are its string). Both come first in [[OwnPropertyKeys]].
 * Array holes are the indices below `length` that have no own property.
 * A string-keyed property that an equal key made here does not find the
 * same way gets a `lookup` field (lookups.js).
 * @param {Walk} walk
 * @param {object} object
 * @param {string} kind
 * @param {(string | symbol)[]} keys the object's [[OwnPropertyKeys]]
 */
function observeProperties(walk, object, kind, keys) {
  let first = 0;
  if (kind === 'typedarray') first = TypedArrayPrototypeLength(object);
  else if (kind === 'string') first = StringPrototypeValueOf(object).length;
  const props = outputList();
  for (let i = first; i < keys.length; i++) {
    const key = keys[i];
    if (kind === 'error' && typeof key === 'string' && isEngineErrorProperty(key)) {
      // Never [[GetOwnProperty]]: V8 formats a stack lazily on first access,
      // calling Error.prototype.toString, which runs a program's `name` or
      // `message` getter in a polluted realm (seen fuzzing @ungap/structured-clone).
      appendOutput(props, { key, implementationDefined: 'present' });
      continue;
    }
    const descriptor = ObjectGetOwnPropertyDescriptor(object, key);
    if (descriptor === undefined) continue;
    const isData = ObjectHasOwn(descriptor, 'value');
    const { enumerable, configurable } = descriptor;
    let prop;
    if (isData) {
      const value = observeValue(walk, descriptor.value);
      const writable = descriptor.writable;
      prop = typeof key === 'symbol'
        ? { key: symbolKeyText(key), symbol: true, value, writable, enumerable, configurable }
        : { key, value, writable, enumerable, configurable };
    } else {
      const get = observeValue(walk, descriptor.get);
      const set = observeValue(walk, descriptor.set);
      prop = typeof key === 'symbol'
        ? { key: symbolKeyText(key), symbol: true, get, set, enumerable, configurable }
        : { key, get, set, enumerable, configurable };
    }
    const lookup = typeof key === 'string' ? lookupMismatch(object, key, descriptor) : undefined;
    appendOutput(props, lookup === undefined ? prop : { ...prop, lookup });
  }
  return finishOutput(props);
}
