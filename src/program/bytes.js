// fromBytes(bytes): any byte string -> a valid program.
//
// The one entry point shared by every coverage-guided fuzzer (libFuzzer,
// AFL++, fast-check replay), so their corpora are interchangeable. It is
// total (an exhausted input reads as zeros), deterministic and host-
// independent, keeps programs small (at most 32 objects, short strings and
// arrays, buffers of at most 64 bytes) and valid by construction: every
// choice is made among the options `validate` accepts, using the same
// constraint helpers (`viewProblem`, `keyProblem`, `prototypeCycles`).
// Platform objects come last, and only the ones every host clonecheck runs
// has (DOMException, Blob, File: Node, Bun, Deno and the browsers).

import { CreateDataProperty } from '../abstract-ops/object-operations.js';
import {
  append, newList, ObjectCreate, TypedArrayPrototypeLength, Uint8ArrayCtor,
} from '../primordials/intrinsics.js';
import { currentRealm } from '../primordials/realm.js';

import {
  ELEMENT_SIZE, ERROR_TYPES, FIXED_INTRINSIC_KEYS, FUNCTION_STYLES, INTRINSIC_NAMES, MAX_DELIVERIES, OPAQUE_TYPES,
  PROGRAM_SCHEMA, keyProblem, prototypeCycles,
} from './schema.js';
import { SPECIAL_NUMBERS, WELL_KNOWN_SYMBOLS, keyIdentity, oneOf, own } from './values.js';

export const MAX_OBJECTS = 32;
// The tables every choice picks from (exported for the encoder, to-bytes.js).
const TypeErrorCtor = currentRealm.errors.TypeError;

export const STRINGS = ['', 'a', 'abc', 'x', '\u00e9t\u00e9', '\u00ff', '\u20ac', '\ud83d\ude00', '\ud800', '\udc00x',
  '__proto__', '0', 'length', 'constructor', 'a\u0000b'];
export const NUMBERS = [0, 1, -1, 42, 0.5, -1.5, 2147483647, -2147483648, 2147483648, 4294967295, 4294967296,
  9007199254740991, -9007199254740991, 1e21, 5e-324, 1.7976931348623157e308];
export const BIGINTS = ['0', '1', '-1', '9007199254740993', '-18446744073709551616', '123456789012345678901234567890'];
export const REPEAT_COUNTS = [0, 1, 2, 7, 100, 1000];
export const KEYS = ['a', 'b', 'c', 'x', '0', '1', '2', '7', '4294967294', '4294967295', '-0', '01', '1.5',
  '__proto__', 'length', 'name', 'message', 'cause', 'constructor', 'toString', 'valueOf', 'then', 'stack'];
export const STEP_KEYS = ['0', '1', '2', 'a', 'x', 'length', 'name', 'message', 'constructor', 'toString', 'valueOf',
  'then', '__proto__', 'get', 'set', 'value'];
export const CLASS_NAMES = ['Foo', 'Point', 'MyArray', ''];
export const REGEXP_SOURCES = ['a', 'a+b*', '^x$', '(?:)', '[\\u0100-\\uffff]', '\\d{2,}', '(a)|b', '\\/', '.'];
export const REGEXP_FLAGS = 'dgimsuy';
export const DATE_TIMES = [0, -1, 1e12, 8.64e15, -8.64e15, 8.64e15 + 1, 0.5];
export const VIEW_TYPES = ['Int8Array', 'Uint8Array', 'Uint8ClampedArray', 'Int16Array', 'Uint16Array', 'Int32Array',
  'Uint32Array', 'Float32Array', 'Float64Array', 'BigInt64Array', 'BigUint64Array', 'DataView'];
export const INTEGRITY = ['preventExtensions', 'seal', 'freeze'];
/**
 * The kinds an object's first byte picks among, by that byte: the language
 * kinds (program@1's), in an order fixed for good, so that a stored input (a
 * libFuzzer or AFL++ corpus file) decodes to the program it always did
 * whatever the kind registry adds or reorders; a new language kind is
 * appended (program.unit.test.js checks that every one is here). Platform
 * objects are read last (PLATFORM_TAIL_KINDS, STREAM_TAIL_KINDS).
 */
export const BYTE_KINDS = ['object', 'array', 'date', 'regexp', 'map', 'set', 'arraybuffer', 'view', 'error', 'boxed', 'function', 'proxy',
  'opaque'];
/** The platform kinds fromBytes adds, last (`platformNode`): the ones every runtime and browser has. */
export const PLATFORM_TAIL_KINDS = ['domexception', 'blob', 'file'];
/** The streams fromBytes adds, transferred, after the port (a readablestream with 1 to 3 chunks from STRINGS). */
export const STREAM_TAIL_KINDS = ['readablestream', 'writablestream', 'transformstream'];
export const MAX_STREAM_TAIL_CHUNKS = 3;
export const DOMEXCEPTION_NAMES = ['Error', 'DataCloneError', 'NotFoundError', 'AbortError', 'SyntaxError', 'MyError', ''];
export const MEDIA_TYPES = ['', 'text/plain', 'TEXT/X', 'application/octet-stream', 'a\u00e9'];
export const LAST_MODIFIED = [0, 1, 1e12, 8.64e15];

/**
 * A cursor over the input: each read takes the next byte, or 0 past the end.
 * @param {Uint8Array} bytes
 */
function reader(bytes) {
  const length = TypedArrayPrototypeLength(bytes);
  let position = 0;
  const r = {
    byte() {
      return position < length ? bytes[position++] : 0;
    },
    /** @param {number} n 1..65536 @returns {number} 0..n-1 */
    int(n) {
      if (n <= 1) return 0;
      const value = n <= 256 ? r.byte() : r.byte() * 256 + r.byte();
      return value % n;
    },
    /** true with probability 1/n (false once the input is exhausted) */
    chance(n) {
      return r.int(n) === n - 1;
    },
    /** @template T @param {ArrayLike<T>} options @returns {T} */
    pick(options) {
      return options[r.int(options.length)];
    },
  };
  return r;
}

/**
 * @param {Uint8Array} bytes
 * @returns {any} a program that `validate` accepts
 */
export function fromBytes(bytes) {
  const r = reader(new Uint8ArrayCtor(bytes));
  const count = r.int(MAX_OBJECTS + 1);
  const kinds = newList();
  for (let i = 0; i < count; i++) append(kinds, r.pick(BYTE_KINDS));
  fixKinds(kinds);
  const g = { r, kinds, count, nodes: newList() };
  // Buffers first, so views can be sized against them.
  for (let i = 0; i < count; i++) g.nodes[i] = kinds[i] === 'arraybuffer' ? arraybufferNode(g) : undefined;
  for (let i = 0; i < count; i++) if (kinds[i] !== 'arraybuffer') g.nodes[i] = node(g, i);
  for (let i = 0; i < count; i++) decorate(g, i);
  // A prototype cycle cannot be built: fall back to the default prototype.
  for (let cycles = prototypeCycles(g.nodes); cycles.length > 0; cycles = prototypeCycles(g.nodes)) {
    put(g.nodes[cycles[0]], 'proto', 'default');
  }
  const program = {
    schema: PROGRAM_SCHEMA,
    root: count > 0 && !r.chance(4) ? { ref: 0 } : value(g),
    objects: toArray(g.nodes),
  };
  if (count > 0 && r.chance(8)) {
    const transfer = [];
    const n = 1 + r.int(2);
    for (let i = 0; i < n; i++) push(transfer, r.int(count));
    put(program, 'transfer', transfer);
  } else if (r.chance(8)) {
    put(program, 'forStorage', true);
  }
  if (r.chance(4)) put(program, 'sender', steps(g));
  if (r.chance(4)) put(program, 'receiver', steps(g));
  // Read last: an input that ends before it decodes as it did before the field existed.
  if (r.chance(4)) put(program, 'deliveries', 2 + r.int(MAX_DELIVERIES - 1));
  // Read after that, for the same reason: a platform object, a property of
  // the first object (or the root when there is none, or it is a proxy).
  if (r.chance(6)) addPlatformObject(program, platformNode(r), r.pick(KEYS));
  // Then, for the same reason: a MessagePort named by the transfer list, as
  // a property of the first object (a program serialized for storage has no
  // transfer list, and the root may hold the platform object above: no port there).
  if (r.chance(6)) {
    const key = r.pick(KEYS);
    if (own(program, 'forStorage') !== true && platformHolder(program.objects, key) === 'first') addTransferred(program, { kind: 'messageport' }, key);
  }
  // Then, for the same reason: a stream named last by the transfer list, held as the port is.
  if (r.chance(6)) {
    const stream = streamNode(r);
    const key = r.pick(KEYS);
    if (own(program, 'forStorage') !== true && platformHolder(program.objects, key) === 'first') addTransferred(program, stream, key);
  }
  return program;
}

/**
 * A stream node: a ReadableStream with 1 to MAX_STREAM_TAIL_CHUNKS chunks, a WritableStream or a TransformStream.
 * @param {ReturnType<typeof reader>} r
 */
function streamNode(r) {
  const kind = r.pick(STREAM_TAIL_KINDS);
  if (kind !== 'readablestream') return { kind };
  const chunks = [];
  const n = 1 + r.int(MAX_STREAM_TAIL_CHUNKS);
  for (let i = 0; i < n; i++) push(chunks, r.pick(STRINGS));
  return { kind, chunks };
}

/**
 * Appends a transferable platform node (a port, its other end kept; a
 * stream), the first object's property `key`, and names it last in the transfer list.
 * @param {any} program
 * @param {any} platform the node
 * @param {string} key
 */
function addTransferred(program, platform, key) {
  const id = program.objects.length;
  addPlatformObject(program, platform, key);
  const transfer = own(program, 'transfer') ?? [];
  push(transfer, id);
  put(program, 'transfer', transfer);
}

/**
 * Appends a platform node and makes it reachable.
 * @param {any} program
 * @param {any} platform the node
 * @param {string} key the property of the first object that holds it
 */
function addPlatformObject(program, platform, key) {
  const objects = program.objects;
  const id = objects.length;
  const first = objects[0];
  const holder = platformHolder(objects, key);
  push(objects, platform);
  if (holder === 'root') {
    put(program, 'root', { ref: id });
    return;
  }
  const props = own(first, 'props') ?? [];
  push(props, { key, value: { ref: id } });
  put(first, 'props', props);
}

/**
 * Where fromBytes puts the platform object it adds under `key` (the encoder, to-bytes.js, asks too).
 * @param {any[]} objects the program's objects before it
 * @param {string} key
 * @returns {'root' | 'first'} the program's root, or a property of its first object
 */
export function platformHolder(objects, key) {
  const first = objects[0];
  if (objects.length === 0 || first.kind === 'proxy' || keyProblem(first, key) !== undefined) return 'root';
  const props = own(first, 'props') ?? [];
  // A key the first object defined non-configurable earlier cannot be defined again.
  for (let i = 0; i < props.length; i++) {
    if (keyIdentity(props[i].key) === keyIdentity(key) && own(props[i], 'configurable') === false) return 'root';
  }
  return 'first';
}

/**
 * A DOMException, Blob or File node.
 * @param {ReturnType<typeof reader>} r
 */
function platformNode(r) {
  const kind = r.pick(PLATFORM_TAIL_KINDS);
  if (kind === 'domexception') {
    const result = { kind: 'domexception' };
    if (r.chance(2)) put(result, 'message', r.pick(STRINGS));
    if (r.chance(2)) put(result, 'name', r.pick(DOMEXCEPTION_NAMES));
    return result;
  }
  const bytes = [];
  const n = r.int(9);
  for (let i = 0; i < n; i++) push(bytes, r.byte());
  const result = { kind, bytes };
  if (r.chance(2)) put(result, 'type', r.pick(MEDIA_TYPES));
  if (kind === 'file') {
    put(result, 'name', r.pick(STRINGS));
    if (r.chance(2)) put(result, 'lastModified', r.pick(LAST_MODIFIED));
  }
  return result;
}

/**
 * Views need a buffer; proxies need a target that is not a proxy cycle.
 * @param {string[]} kinds
 */
function fixKinds(kinds) {
  if (oneOf(kinds, 'view') && !oneOf(kinds, 'arraybuffer')) {
    for (let i = 0; i < kinds.length; i++) if (kinds[i] === 'view') { kinds[i] = 'arraybuffer'; break; }
  }
  let plain = false;
  for (let i = 0; i < kinds.length; i++) if (kinds[i] !== 'proxy') plain = true;
  if (!plain) for (let i = 0; i < kinds.length; i++) kinds[i] = 'object';
}

// The program is plain JSON data handed to the caller: its objects and
// arrays are ordinary, and filled by definition, never by [[Set]].

/** @param {any} object @param {string} key @param {unknown} fieldValue */
function put(object, key, fieldValue) {
  CreateDataProperty(object, key, fieldValue);
}

/** @param {any[]} array @param {unknown} item */
function push(array, item) {
  CreateDataProperty(array, array.length, item);
}

/** @param {any[]} list @returns {any[]} an ordinary array (programs are plain JSON) */
function toArray(list) {
  const result = [];
  for (let i = 0; i < list.length; i++) push(result, list[i]);
  return result;
}

/**
 * @typedef {{r: ReturnType<typeof reader>, kinds: string[], count: number, nodes: any[]}} Generator
 */

/** @param {Generator} g @param {string} kind @returns {number[]} ids of nodes of that kind */
function idsOf(g, kind, filter = (/** @type {any} */ _node) => true) {
  const ids = newList();
  for (let i = 0; i < g.count; i++) if (g.kinds[i] === kind && (g.nodes[i] === undefined || filter(g.nodes[i]))) append(ids, i);
  return ids;
}

/** @param {Generator} g @returns {any} a Value */
function value(g) {
  const { r } = g;
  switch (r.int(g.count > 0 ? 16 : 11)) {
    case 0: return null;
    case 1: return r.int(2) === 0;
    case 2: return r.byte() - 128;
    case 3: return r.pick(NUMBERS);
    case 4: return { number: r.pick(SPECIAL_NUMBERS) };
    case 5: return r.pick(STRINGS);
    case 6: return { string: stringExpr(r, 2) };
    case 7: return { bigint: r.pick(BIGINTS) };
    case 8: return { undefined: true };
    case 9: return { symbol: r.pick(STRINGS) };
    case 10: return r.pick(KEYS);
    default: return { ref: r.int(g.count) };
  }
}

/** @param {Generator} g @returns {any} a primitive Value (realm steps, boxed) */
function primitive(g) {
  const saved = g.count;
  g.count = 0;
  const result = value(g);
  g.count = saved;
  return result;
}

/**
 * @param {ReturnType<typeof reader>} r
 * @param {number} depth
 * @returns {any} a StringExpr
 */
function stringExpr(r, depth) {
  const choice = depth > 0 ? r.int(4) : 0;
  switch (choice) {
    // Repeat a literal only: nested repeats would multiply into huge strings.
    case 1: return { repeat: [r.pick(STRINGS), r.pick(REPEAT_COUNTS)] };
    case 2: return { concat: [stringExpr(r, depth - 1), stringExpr(r, depth - 1)] };
    case 3: return { slice: [stringExpr(r, depth - 1), r.int(9) - 4, r.int(9) - 2] };
  }
  return r.pick(STRINGS);
}

/** @param {ReturnType<typeof reader>} r @returns {any} a Key */
function key(r) {
  switch (r.int(12)) {
    case 0: return { symbol: r.pick(STRINGS) };
    case 1: return { wellKnown: r.pick(WELL_KNOWN_SYMBOLS) };
  }
  return r.pick(KEYS);
}

/** @param {Generator} g */
function arraybufferNode(g) {
  const { r } = g;
  const bytes = [];
  const n = r.int(9);
  for (let i = 0; i < n; i++) push(bytes, r.byte());
  const result = { kind: 'arraybuffer', bytes };
  const byteLength = n + r.int(9);
  if (byteLength !== n) put(result, 'byteLength', byteLength);
  const shared = r.chance(5);
  if (shared) put(result, 'shared', true);
  if (r.chance(3)) {
    const max = byteLength + r.int(17);
    put(result, 'maxByteLength', max);
    if (r.chance(2)) put(result, 'resizeTo', shared ? byteLength + r.int(max - byteLength + 1) : r.int(max + 1));
  }
  if (!shared && r.chance(6)) put(result, 'detached', true);
  return result;
}

/**
 * The kind-specific part of objects[id].
 * @param {Generator} g
 * @param {number} id
 */
function node(g, id) {
  const { r } = g;
  const kind = g.kinds[id];
  switch (kind) {
    case 'object': {
      if (!r.chance(4)) return { kind };
      const result = { kind, class: r.pick(CLASS_NAMES) };
      if (r.chance(2)) put(result, 'privateField', true);
      return result;
    }
    case 'array': {
      const items = [];
      const n = r.chance(8) ? 16 : r.int(7);
      for (let i = 0; i < n; i++) push(items, r.chance(5) ? { hole: true } : value(g));
      const result = { kind, items };
      if (r.chance(6)) put(result, 'length', r.int(n + 5));
      if (r.chance(6)) put(result, 'subclass', r.pick(CLASS_NAMES));
      return result;
    }
    case 'date': return { kind, time: r.chance(6) ? { number: 'NaN' } : r.pick(DATE_TIMES) };
    case 'regexp': {
      let flags = '';
      const bits = r.byte();
      for (let i = 0; i < REGEXP_FLAGS.length; i++) if ((bits >> i) & 1) flags += REGEXP_FLAGS[i];
      const result = { kind, source: r.pick(REGEXP_SOURCES), flags };
      if (r.chance(4)) put(result, 'lastIndex', r.int(4));
      return result;
    }
    case 'map': {
      const entries = [];
      const n = r.int(4);
      for (let i = 0; i < n; i++) push(entries, [value(g), value(g)]);
      return { kind, entries };
    }
    case 'set': {
      const values = [];
      const n = r.int(4);
      for (let i = 0; i < n; i++) push(values, value(g));
      return { kind, values };
    }
    case 'view': return viewNode(g);
    case 'error': {
      // One byte says the type and the stack's state, so the bytes after it
      // are read as before the field existed (and modulo the seven types it
      // picks the type it picked then). The node's id flips the state, so an
      // exhausted input (zeros: most error nodes of a short input) still
      // gives both: even ids formatted, odd ids untouched.
      const typeAndStack = r.int(2 * ERROR_TYPES.length);
      const result = { kind, type: ERROR_TYPES[typeAndStack % ERROR_TYPES.length] };
      if ((typeAndStack >= ERROR_TYPES.length) !== (id % 2 === 1)) put(result, 'stack', 'untouched');
      const message = r.int(3);
      if (message === 1) put(result, 'message', r.pick(STRINGS));
      if (message === 2) put(result, 'message', value(g));
      if (r.chance(3)) put(result, 'cause', value(g));
      return result;
    }
    case 'boxed': {
      let boxedValue = primitive(g);
      if (boxedValue === null || typeof boxedValue === 'object' && own(boxedValue, 'undefined') === true) boxedValue = false;
      return { kind, value: boxedValue };
    }
    case 'function': return { kind, style: r.pick(FUNCTION_STYLES) };
    case 'proxy': {
      // A non-proxy node, or a proxy with a smaller id (whose chain is already acyclic).
      const targets = newList();
      for (let i = 0; i < g.count; i++) if (g.kinds[i] !== 'proxy' || i < id) append(targets, i);
      return { kind, target: r.pick(targets) };
    }
    case 'opaque': return { kind, type: r.pick(OPAQUE_TYPES) };
  }
  throw new TypeErrorCtor(`fromBytes: unknown kind ${kind}`);
}

/** @param {Generator} g */
function viewNode(g) {
  const { r } = g;
  const bufferId = r.pick(idsOf(g, 'arraybuffer'));
  const buffer = g.nodes[bufferId];
  const type = r.pick(VIEW_TYPES);
  const size = ELEMENT_SIZE[type];
  const byteLength = own(buffer, 'byteLength') ?? buffer.bytes.length;
  const byteOffset = size * r.int((byteLength - (byteLength % size)) / size + 1);
  const room = (byteLength - byteOffset - ((byteLength - byteOffset) % size)) / size;
  const result = { kind: 'view', type, buffer: bufferId };
  if (byteOffset !== 0) put(result, 'byteOffset', byteOffset);
  const whole = (byteLength - byteOffset) % size === 0;
  if (!whole || r.chance(2)) put(result, 'length', r.int(room + 1));
  return result;
}

/**
 * Prototype, own properties and integrity level of objects[id].
 * @param {Generator} g
 * @param {number} id
 */
function decorate(g, id) {
  const { r } = g;
  const target = g.nodes[id];
  const kind = target.kind;
  if (kind === 'proxy') return;
  switch (r.int(10)) {
    case 0: put(target, 'proto', null); break;
    case 1: put(target, 'proto', { ref: r.int(g.count) }); break;
    case 2: put(target, 'proto', r.pick(INTRINSIC_NAMES)); break;
  }
  const n = r.chance(16) ? 65 + r.int(4) : r.int(4);
  const props = [];
  const fixed = ObjectCreate(null);
  for (let i = 0; i < n; i++) {
    const prop = n > 64 ? { key: `p${i}`, value: i } : property(g);
    const identity = keyIdentity(prop.key);
    if (keyProblem(target, prop.key) !== undefined || (identity !== undefined && fixed[identity])) continue;
    if (identity !== undefined && prop.configurable === false) fixed[identity] = true;
    push(props, prop);
  }
  if (props.length > 0) put(target, 'props', props);
  const typedArray = kind === 'view' && target.type !== 'DataView';
  if (!typedArray && r.chance(5)) put(target, 'integrity', r.pick(INTEGRITY));
}

/** @param {Generator} g @returns {any} a Prop */
function property(g) {
  const { r } = g;
  const prop = { key: key(r) };
  if (r.chance(3)) {
    const which = r.int(3);
    if (which !== 1) put(prop, 'get', behavior(g, true));
    if (which !== 0) put(prop, 'set', behavior(g, true));
  } else {
    put(prop, 'value', value(g));
    if (r.chance(4)) put(prop, 'writable', false);
  }
  if (r.chance(4)) put(prop, 'enumerable', false);
  if (r.chance(5)) put(prop, 'configurable', false);
  return prop;
}

/**
 * @param {Generator} g
 * @param {boolean} withEffects false for realm steps
 * @returns {any} a Behavior
 */
function behavior(g, withEffects) {
  const { r } = g;
  const result = {};
  if (withEffects) {
    const effects = [];
    const n = r.int(3);
    for (let i = 0; i < n; i++) push(effects, effect(g));
    if (n > 0) put(result, 'effects', effects);
  }
  if (r.chance(3)) put(result, 'returns', withEffects ? value(g) : primitive(g));
  if (r.chance(6)) put(result, 'throws', r.pick(ERROR_TYPES));
  return result;
}

/** @param {Generator} g @returns {any} an Effect */
function effect(g) {
  const { r } = g;
  const any = r.int(g.count);
  switch (r.int(11)) {
    case 0: {
      const buffers = idsOf(g, 'arraybuffer', (buffer) => own(buffer, 'shared') !== true);
      if (buffers.length > 0) return { detach: r.pick(buffers) };
      break;
    }
    case 1: {
      const buffers = idsOf(g, 'arraybuffer', (buffer) => own(buffer, 'maxByteLength') !== undefined);
      if (buffers.length === 0) break;
      const id = r.pick(buffers);
      const buffer = g.nodes[id];
      const initial = own(buffer, 'byteLength') ?? buffer.bytes.length;
      const low = own(buffer, 'shared') === true ? initial : 0;
      return { resize: [id, low + r.int(buffer.maxByteLength - low + 1)] };
    }
    case 2: case 3: {
      const maps = idsOf(g, 'map');
      if (maps.length > 0) return r.chance(2) ? { mapDelete: [r.pick(maps), value(g)] } : { mapSet: [r.pick(maps), value(g), value(g)] };
      break;
    }
    case 4: {
      const sets = idsOf(g, 'set');
      if (sets.length > 0) return r.chance(2) ? { setDelete: [r.pick(sets), value(g)] } : { setAdd: [r.pick(sets), value(g)] };
      break;
    }
    case 5: return { define: [any, key(r), value(g)] };
    case 6: return { set: [any, key(r), value(g)] };
    case 7: return { hide: [any, key(r)] };
    case 8: return { setLength: [any, r.int(4)] };
  }
  return { delete: [any, key(r)] };
}

/** @param {Generator} g @returns {any[]} realm steps */
function steps(g) {
  const { r } = g;
  const result = [];
  const n = 1 + r.int(3);
  for (let i = 0; i < n; i++) {
    const on = r.pick(INTRINSIC_NAMES);
    const stepKey = r.chance(4) ? { wellKnown: r.pick(WELL_KNOWN_SYMBOLS) } : r.pick(STEP_KEYS);
    if (typeof stepKey === 'string' && oneOf(own(FIXED_INTRINSIC_KEYS, on) ?? [], stepKey)) continue;
    const step = { on, key: stepKey };
    switch (r.int(5)) {
      case 0: put(step, 'delete', true); break;
      case 1: put(step, 'method', behavior(g, false)); break;
      case 2: put(step, 'get', behavior(g, false)); break;
      case 3: put(step, 'set', behavior(g, false)); break;
      default: put(step, 'value', primitive(g));
    }
    if (step.delete !== true && r.chance(4)) put(step, 'enumerable', false);
    push(result, step);
  }
  return result;
}
