// The tape: what the observation walk (observe.js) writes, one flat list of
// primitives in walk order, from which the JSON observation is read back
// (`observationOf`) only when someone needs it.
//
// A fuzz case walks six graphs (the input before and after cloning, and the
// clone, on the oracle's side and the target's) and compares them; nearly
// every time they are the same. Two tapes are compared token by token with
// === (`sameTape`), no object is built for a walk, and the JSON observations
// are made only for the cases whose tapes differ, exactly as the walk would
// have made them. The encoding is one-to-one: every token stands for one
// field (or says which fields follow), so two tapes are the same exactly when
// their observations are (canonicalJSON(observationOf(a)) ===
// canonicalJSON(observationOf(b))). Numbers on a tape are only ids, sizes,
// offsets and bytes (never -0 or NaN); values are written as their text, as
// in the observation.
//
// The format, value by value (docs/observation.md has the fields):
//   'u'  undefined            'z'  null                  't' / 'f'  true / false
//   'n' TEXT  number          'b' TEXT  bigint           'y' DESCRIPTION  symbol (a string or null)
//   's' STRING  string of at most LONG_THRESHOLD code units
//   'S' LENGTH HASH HEAD TAIL  a longer string, summarized
//   'i' NAME  intrinsic       'r' ID  back reference     'p' ID  proxy
//   'o' ID KIND CONTENTS PROPS INTEGRITY PROTO OWN-KEYS-THREW UNLISTED-INDEX  any other object:
//       CONTENTS by kind: boxed kinds a value; date TEXT; regexp SOURCE (a string
//         value) FLAGS; map SIZE then key and value of each entry; set SIZE then
//         each value; arraybuffer / sharedarraybuffer SHARED DETACHED RESIZABLE
//         MAX-BYTE-LENGTH BYTE-LENGTH BYTES; typedarray / dataview TYPE BUFFER
//         (a value) OUT-OF-BOUNDS LENGTH-TRACKING BYTE-OFFSET BYTE-LENGTH and,
//         for a typed array, LENGTH; a platform interface (DOMException, Blob, …)
//         each of its attributes (platform.js PLATFORM_ATTRIBUTES) as a value; a Blob
//         or File then its BYTES as a string: lowercase hex, LENGTH:HASH when longer
//         than LONG_THRESHOLD, or 'unread' (observe.js readBlobBytes); a
//         MessagePort then what it RECEIVED as a string (observe.js probePorts)
//       BYTES: 'x' and each byte as a number (BYTE-LENGTH of them, none when
//         detached), or 'X' LENGTH HASH HEAD TAIL for more than LONG_THRESHOLD
//       PROPS: each own property, then ']':
//         'E' KEY  an engine's own Error property, or a symbol-keyed one of a platform
//           object (its presence only; a symbol as its text)
//         'D' KEY VALUE WRITABLE ENUMERABLE CONFIGURABLE LOOKUP  data, string key
//         'A' KEY GET SET ENUMERABLE CONFIGURABLE LOOKUP  accessor, string key
//         'd' / 'a'  the same for a symbol key (its text, '@@' + description), no LOOKUP
//         LOOKUP: undefined, or what an equal key found instead (lookups.js)
//       PROTO a value ('z', 'i', 'o' or 'r'); OWN-KEYS-THREW and UNLISTED-INDEX:
//         undefined or a string

import { CreateDataProperty } from '../abstract-ops/object-operations.js';
import { PLATFORM_ATTRIBUTES, isPlatformKind, pendingField } from '../webidl/interfaces.js';
import { ArrayPrototype, ObjectSetPrototypeOf, StringCtor, TypeErrorCtor } from '../primordials/intrinsics.js';
import { appendOutput, finishOutput, outputList } from './output.js';
import { hex } from './strings.js';

/** @typedef {unknown[]} Tape */

/**
 * @param {Tape} a
 * @param {Tape} b
 * @returns {boolean} whether the two observations are the same
 */
export function sameTape(a, b) {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * A tape made into an ordinary array (it was filled with a null prototype):
 * for callers that keep it, e.g. to send it elsewhere.
 * @param {Tape} tape
 * @returns {Tape}
 */
export function finishTape(tape) {
  return ObjectSetPrototypeOf(tape, ArrayPrototype);
}

/**
 * The observation a tape records, built as the walk used to build it
 * (object literals and output lists: safe while a realm is polluted).
 * @param {Tape} tape
 * @returns {import('./observe.js').Observation}
 */
export function observationOf(tape) {
  const reader = { tape, at: 0 };
  return readValue(reader);
}

/**
 * @typedef {{tape: Tape, at: number}} Reader
 */

/** @param {Reader} reader @returns {any} the next token */
function next(reader) {
  return reader.tape[reader.at++];
}

/**
 * @param {Reader} reader
 * @returns {import('./observe.js').Observation}
 */
function readValue(reader) {
  const tag = next(reader);
  switch (tag) {
    case 'u': return { type: 'undefined' };
    case 'z': return { type: 'null' };
    case 't': return { type: 'boolean', value: true };
    case 'f': return { type: 'boolean', value: false };
    case 'n': return { type: 'number', value: next(reader) };
    case 'b': return { type: 'bigint', value: next(reader) };
    case 's': case 'S': return readString(reader, tag);
    case 'y': return { type: 'symbol', description: next(reader) };
    case 'i': return { type: 'intrinsic', name: next(reader) };
    case 'r': return { type: 'ref', id: next(reader) };
    case 'p': return { type: 'object', id: next(reader), kind: 'proxy' };
    case 'o': return readObject(reader);
  }
  throw new TypeErrorCtor('not an observation tape: ' + StringCtor(tag) + ' at ' + (reader.at - 1));
}

/**
 * @param {Reader} reader
 * @param {string} [tag] already read
 * @returns {import('./strings.js').StringObservation}
 */
function readString(reader, tag = next(reader)) {
  if (tag === 's') return { type: 'string', value: next(reader) };
  return { type: 'string', length: next(reader), hash: next(reader), head: next(reader), tail: next(reader) };
}

/** The field of an object observation that holds the contents of each kind's internal slots. */
const CONTENTS_FIELD = {
  __proto__: null,
  boolean: 'boxed', number: 'boxed', bigint: 'boxed', string: 'boxed', symbol: 'boxed',
  date: 'date',
  regexp: 'regexp',
  map: 'entries',
  set: 'values',
  arraybuffer: 'buffer', sharedarraybuffer: 'buffer',
  typedarray: 'view', dataview: 'view',
};

/**
 * @param {Reader} reader after 'o'
 * @returns {import('./observe.js').Observation}
 */
function readObject(reader) {
  const id = next(reader);
  const kind = next(reader);
  const field = isPlatformKind(kind) ? 'platform' : CONTENTS_FIELD[kind];
  const contents = field === undefined ? undefined : readContents(reader, kind);
  const props = readProperties(reader);
  const integrity = next(reader);
  const proto = readValue(reader);
  const observation = field === undefined
    ? { type: 'object', id, kind, props, integrity, proto }
    : { type: 'object', id, kind, [field]: contents, props, integrity, proto };
  const ownKeysThrew = next(reader);
  const listed = ownKeysThrew === undefined ? observation : { ...observation, ownKeysThrew };
  const unlistedIndex = next(reader);
  return unlistedIndex === undefined ? listed : { ...listed, unlistedIndex };
}

/**
 * @param {Reader} reader
 * @param {string} kind
 * @returns {unknown}
 */
function readContents(reader, kind) {
  switch (kind) {
    case 'date': return next(reader);
    case 'regexp': return { source: readString(reader), flags: next(reader) };
    case 'map': {
      const entries = outputList();
      const size = next(reader);
      for (let i = 0; i < size; i++) {
        const key = readValue(reader);
        appendOutput(entries, { key, value: readValue(reader) });
      }
      return finishOutput(entries);
    }
    case 'set': {
      const values = outputList();
      const size = next(reader);
      for (let i = 0; i < size; i++) appendOutput(values, readValue(reader));
      return finishOutput(values);
    }
    case 'arraybuffer': case 'sharedarraybuffer': {
      const shared = next(reader);
      const detached = next(reader);
      const resizable = next(reader);
      const maxByteLength = next(reader);
      const byteLength = next(reader);
      return { shared, detached, resizable, maxByteLength, byteLength, bytes: readBytes(reader, detached ? 0 : byteLength) };
    }
    case 'typedarray': case 'dataview': {
      const type = next(reader);
      const buffer = readValue(reader);
      const outOfBounds = next(reader);
      const lengthTracking = next(reader);
      const byteOffset = next(reader);
      const byteLength = next(reader);
      if (type === 'DataView') return { type, buffer, outOfBounds, lengthTracking, byteOffset, byteLength };
      return { type, buffer, outOfBounds, lengthTracking, byteOffset, byteLength, length: next(reader) };
    }
    default: {
      if (!isPlatformKind(kind)) return readValue(reader);
      const attributes = PLATFORM_ATTRIBUTES[kind];
      /** @type {Record<string, unknown>} */
      const platform = {};
      // Defined, never [[Set]]: a polluted Object.prototype may have a setter for `name`.
      for (let i = 0; i < attributes.length; i++) CreateDataProperty(platform, attributes[i], readValue(reader));
      // A FileList's Files follow its length (observe.js observePlatformAttributes).
      if (kind === 'FileList') {
        const files = outputList();
        const count = /** @type {{value: number}} */ (platform.length).value;
        for (let i = 0; i < count; i++) appendOutput(files, readValue(reader));
        CreateDataProperty(platform, 'files', finishOutput(files));
      }
      const pending = pendingField(kind);
      if (pending !== undefined) CreateDataProperty(platform, pending, next(reader));
      return platform;
    }
  }
}

/**
 * @param {Reader} reader
 * @param {number} count the bytes there are
 * @returns {string | import('./strings.js').Summary} lowercase hex, or a summary
 */
function readBytes(reader, count) {
  if (next(reader) === 'X') return { length: next(reader), hash: next(reader), head: next(reader), tail: next(reader) };
  let text = '';
  for (let i = 0; i < count; i++) text += hex(next(reader), 2);
  return text;
}

/**
 * @param {Reader} reader
 * @returns {object[]}
 */
function readProperties(reader) {
  const props = outputList();
  for (let tag = next(reader); tag !== ']'; tag = next(reader)) appendOutput(props, readProperty(reader, tag));
  return finishOutput(props);
}

/**
 * @param {Reader} reader
 * @param {string} tag
 * @returns {object}
 */
function readProperty(reader, tag) {
  const key = next(reader);
  switch (tag) {
    case 'E': return { key, implementationDefined: 'present' };
    case 'd': {
      const value = readValue(reader);
      return { key, symbol: true, value, writable: next(reader), enumerable: next(reader), configurable: next(reader) };
    }
    case 'a': {
      const get = readValue(reader);
      const set = readValue(reader);
      return { key, symbol: true, get, set, enumerable: next(reader), configurable: next(reader) };
    }
  }
  let prop;
  if (tag === 'D') {
    const value = readValue(reader);
    prop = { key, value, writable: next(reader), enumerable: next(reader), configurable: next(reader) };
  } else {
    const get = readValue(reader);
    const set = readValue(reader);
    prop = { key, get, set, enumerable: next(reader), configurable: next(reader) };
  }
  const lookup = next(reader);
  return lookup === undefined ? prop : { ...prop, lookup };
}
