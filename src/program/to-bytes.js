// toBytes(program): the inverse of fromBytes (bytes.js), where it can be.
//
// It walks the program in the order fromBytes reads and writes, for each
// read, the byte(s) that make fromBytes choose what the program holds: the
// seeds of the coverage-guided fuzzers come from the program corpus this
// way (harness/native/seeds.js). For every program fromBytes makes,
// fromBytes(toBytes(program)) is that program (test/native.test.js holds
// it to it). What fromBytes cannot express (a string or number outside its
// tables, more than three properties, a program beyond 32 objects) is
// written as the nearest thing it can: the first option of the table.
// Trailing zero bytes are dropped (an exhausted input reads as zeros).

import {
  BIGINTS, BYTE_KINDS, CLASS_NAMES, DATE_TIMES, DOMEXCEPTION_NAMES, INTEGRITY, KEYS, LAST_MODIFIED, MAX_OBJECTS, MEDIA_TYPES,
  MAX_STREAM_TAIL_CHUNKS, NUMBERS, PLATFORM_TAIL_KINDS, REGEXP_FLAGS, STREAM_TAIL_KINDS, REGEXP_SOURCES, REPEAT_COUNTS, STEP_KEYS, STRINGS, VIEW_TYPES, platformHolder,
} from './bytes.js';
import { ELEMENT_SIZE, ERROR_TYPES, FUNCTION_STYLES, INTRINSIC_NAMES, MAX_DELIVERIES, OPAQUE_TYPES } from './schema.js';
import { SPECIAL_NUMBERS, WELL_KNOWN_SYMBOLS, own } from './values.js';

/**
 * @param {ArrayLike<unknown>} options a table (some are null-prototype lists)
 * @param {unknown} item
 */
function indexIn(options, item) {
  return Array.prototype.indexOf.call(options, item);
}

/** The writer: each method writes what the reader's method of the same name reads to return `value`. */
function writer() {
  /** @type {number[]} */
  const out = [];
  const w = {
    out,
    /** @param {number} value 0..255 */
    byte(value) {
      out.push(value & 255);
    },
    /** @param {number} n @param {number} value 0..n-1 */
    int(n, value) {
      if (n <= 1) return;
      const v = value >= 0 && value < n ? value : 0;
      if (n <= 256) out.push(v);
      else out.push(v >> 8, v & 255);
    },
    /** @param {number} n @param {boolean} yes */
    chance(n, yes) {
      w.int(n, yes ? n - 1 : 0);
    },
    /** @param {ArrayLike<unknown>} options @param {unknown} item */
    pick(options, item) {
      w.int(options.length, indexIn(options, item));
    },
  };
  return w;
}

/**
 * @typedef {{w: ReturnType<typeof writer>, count: number, kinds: string[], nodes: any[]}} Encoder
 */

/**
 * @param {any} program a valid program
 * @returns {Uint8Array}
 */
export function toBytes(program) {
  const w = writer();
  // The transferred tails fromBytes adds last, peeled off newest first: the stream, then the port.
  const stream = withoutTransferredTail(program, isStreamTail);
  const port = withoutTransferredTail(stream.program, (n) => n.kind === 'messageport' && Object.keys(n).length === 1);
  program = port.program;
  const { objects, root, tail } = withoutTail(program.objects ?? [], program.root, (n) => PLATFORM_TAIL_KINDS.includes(n.kind));
  program = { ...program, objects, root };
  const nodes = objects.slice(0, MAX_OBJECTS);
  const count = nodes.length;
  const kinds = nodes.map((/** @type {any} */ n) => n.kind);
  const e = { w, count, kinds, nodes };
  w.int(MAX_OBJECTS + 1, count);
  for (const kind of kinds) w.pick(BYTE_KINDS, kind);
  for (let i = 0; i < count; i++) if (kinds[i] === 'arraybuffer') arraybufferNode(e, nodes[i]);
  for (let i = 0; i < count; i++) if (kinds[i] !== 'arraybuffer') node(e, i);
  for (let i = 0; i < count; i++) decorate(e, i);
  const rootIsFirst = count > 0 && typeof program.root === 'object' && program.root !== null && program.root.ref === 0;
  if (count > 0) w.chance(4, !rootIsFirst);
  if (!rootIsFirst) value(e, program.root);
  const transfer = program.transfer ?? [];
  if (count > 0) w.chance(8, transfer.length > 0);
  if (count > 0 && transfer.length > 0) {
    w.int(2, Math.min(transfer.length, 2) - 1);
    for (const id of transfer.slice(0, 2)) w.int(count, id);
  } else {
    w.chance(8, program.forStorage === true);
  }
  for (const side of ['sender', 'receiver']) {
    w.chance(4, program[side] !== undefined);
    if (program[side] !== undefined) steps(e, program[side]);
  }
  w.chance(4, program.deliveries !== undefined);
  if (program.deliveries !== undefined) w.int(MAX_DELIVERIES - 1, program.deliveries - 2);
  w.chance(6, tail !== undefined);
  if (tail !== undefined) platformTail(w, tail);
  w.chance(6, port.tail !== undefined);
  if (port.tail !== undefined) w.pick(KEYS, port.tail.key);
  w.chance(6, stream.tail !== undefined);
  if (stream.tail !== undefined) {
    const n = stream.tail.node;
    w.pick(STREAM_TAIL_KINDS, n.kind);
    if (n.kind === 'readablestream') {
      w.int(MAX_STREAM_TAIL_CHUNKS, n.chunks.length - 1);
      for (const chunk of n.chunks) w.pick(STRINGS, chunk);
    }
    w.pick(KEYS, stream.tail.key);
  }
  let end = w.out.length;
  while (end > 0 && w.out[end - 1] === 0) end--;
  return Uint8Array.from(w.out.slice(0, end));
}

/**
 * @param {any} n a node
 * @returns {boolean} whether it is a stream as fromBytes makes one (a readablestream: 1 to 3 chunks from STRINGS)
 */
function isStreamTail(n) {
  if (!STREAM_TAIL_KINDS.includes(n.kind)) return false;
  if (n.kind !== 'readablestream') return Object.keys(n).length === 1;
  return Object.keys(n).length === 2 && n.chunks.length <= MAX_STREAM_TAIL_CHUNKS && n.chunks.every((/** @type {any} */ c) => STRINGS.includes(c));
}

/**
 * The program without the transferable node fromBytes adds last when `fits`
 * takes it (held by the first object, named last by the transfer list, not
 * serialized for storage), and that node with its key.
 * @param {any} program
 * @param {(node: any) => boolean} fits
 * @returns {{program: any, tail?: {node: any, key: string}}}
 */
function withoutTransferredTail(program, fits) {
  const transferred = program.transfer ?? [];
  const { objects, root, tail } = withoutTail(program.objects ?? [], program.root, (n, id) => fits(n)
    && program.forStorage !== true && transferred[transferred.length - 1] === id && program.root?.ref !== id);
  if (tail === undefined) return { program };
  const { transfer, ...rest } = program;
  const reshaped = transferred.length > 1 ? { ...rest, objects, root, transfer: transferred.slice(0, -1) } : { ...rest, objects, root };
  return { program: reshaped, tail };
}

/**
 * The program's objects without the node fromBytes adds last when `fits`
 * takes it (as the root, or as the first object's last property), and that
 * node with the key it takes: the platform object, and after it the
 * transferred port.
 * @param {any[]} objects
 * @param {unknown} root
 * @param {(node: any, id: number) => boolean} fits
 * @returns {{objects: any[], root: unknown, tail?: {node: any, key: string}}}
 */
function withoutTail(objects, root, fits) {
  const id = objects.length - 1;
  const last = objects[id];
  const unchanged = { objects, root };
  if (last === undefined || !fits(last, id)) return unchanged;
  const before = objects.slice(0, id);
  if (/** @type {any} */ (root)?.ref === id) {
    // Any key fromBytes would also put at the root; the one it read is gone.
    const key = KEYS.find((k) => platformHolder(before, k) === 'root');
    return key === undefined ? unchanged : { objects: before, root: { ref: 0 }, tail: { node: last, key } };
  }
  const props = before[0]?.props ?? [];
  const held = props[props.length - 1];
  if (held === undefined || held.value?.ref !== id || typeof held.key !== 'string' || !KEYS.includes(held.key)) return unchanged;
  const first = { ...before[0], props: props.slice(0, -1) };
  if (first.props.length === 0) delete first.props;
  const objectsBefore = [first, ...before.slice(1)];
  if (platformHolder(objectsBefore, held.key) !== 'first') return unchanged;
  return { objects: objectsBefore, root, tail: { node: last, key: held.key } };
}

/**
 * What `platformNode` and `addPlatformObject` read (bytes.js).
 * @param {ReturnType<typeof writer>} w
 * @param {{node: any, key: string}} tail
 */
function platformTail(w, { node: n, key: k }) {
  w.pick(PLATFORM_TAIL_KINDS, n.kind);
  if (n.kind === 'domexception') {
    w.chance(2, n.message !== undefined);
    if (n.message !== undefined) w.pick(STRINGS, n.message);
    w.chance(2, n.name !== undefined);
    if (n.name !== undefined) w.pick(DOMEXCEPTION_NAMES, n.name);
  } else {
    const bytes = n.bytes ?? [];
    w.int(9, bytes.length);
    for (const b of bytes.slice(0, 8)) w.byte(b);
    w.chance(2, n.type !== undefined);
    if (n.type !== undefined) w.pick(MEDIA_TYPES, n.type);
    if (n.kind === 'file') {
      w.pick(STRINGS, n.name);
      w.chance(2, n.lastModified !== undefined);
      if (n.lastModified !== undefined) w.pick(LAST_MODIFIED, n.lastModified);
    }
  }
  w.pick(KEYS, k);
}

/**
 * @param {Encoder} e
 * @param {unknown} v a Value
 * @param {boolean} [primitiveOnly] as fromBytes's `primitive`: no references
 */
function value(e, v, primitiveOnly = false) {
  const { w } = e;
  const options = e.count > 0 && !primitiveOnly ? 16 : 11;
  const is = (/** @type {string} */ key) => typeof v === 'object' && v !== null && own(v, key) !== undefined;
  if (typeof v === 'boolean') {
    w.int(options, 1);
    w.int(2, v ? 0 : 1);
  } else if (typeof v === 'number' && Number.isInteger(v) && v >= -128 && v <= 127 && !Object.is(v, -0)) {
    w.int(options, 2);
    w.byte(v + 128);
  } else if (typeof v === 'number') {
    w.int(options, 3);
    w.pick(NUMBERS, v);
  } else if (is('number')) {
    w.int(options, 4);
    w.pick(SPECIAL_NUMBERS, /** @type {any} */ (v).number);
  } else if (typeof v === 'string') {
    const inKeys = !STRINGS.includes(v) && KEYS.includes(v);
    w.int(options, inKeys ? 10 : 5);
    w.pick(inKeys ? KEYS : STRINGS, v);
  } else if (is('string')) {
    w.int(options, 6);
    stringExpr(e, /** @type {any} */ (v).string, 2);
  } else if (is('bigint')) {
    w.int(options, 7);
    w.pick(BIGINTS, /** @type {any} */ (v).bigint);
  } else if (is('undefined')) {
    w.int(options, 8);
  } else if (is('symbol')) {
    w.int(options, 9);
    w.pick(STRINGS, /** @type {any} */ (v).symbol);
  } else if (is('ref') && options === 16) {
    w.int(options, 11);
    w.int(e.count, /** @type {any} */ (v).ref);
  } else {
    w.int(options, 0);
  }
}

/**
 * @param {Encoder} e
 * @param {any} expr a StringExpr
 * @param {number} depth
 */
function stringExpr(e, expr, depth) {
  const { w } = e;
  const form = typeof expr === 'string' ? 0 : own(expr, 'repeat') !== undefined ? 1 : own(expr, 'concat') !== undefined ? 2 : own(expr, 'slice') !== undefined ? 3 : 0;
  const choice = depth > 0 ? form : 0;
  if (depth > 0) w.int(4, choice);
  switch (choice) {
    case 1:
      w.pick(STRINGS, expr.repeat[0]);
      w.pick(REPEAT_COUNTS, expr.repeat[1]);
      return;
    case 2:
      stringExpr(e, expr.concat[0], depth - 1);
      stringExpr(e, expr.concat[1], depth - 1);
      return;
    case 3:
      stringExpr(e, expr.slice[0], depth - 1);
      w.int(9, expr.slice[1] + 4);
      w.int(9, expr.slice[2] + 2);
      return;
  }
  w.pick(STRINGS, typeof expr === 'string' ? expr : (expr.repeat ?? [''])[0]);
}

/** @param {Encoder} e @param {any} k a Key */
function key(e, k) {
  const { w } = e;
  if (typeof k === 'object' && k !== null && own(k, 'symbol') !== undefined) {
    w.int(12, 0);
    w.pick(STRINGS, k.symbol);
  } else if (typeof k === 'object' && k !== null && own(k, 'wellKnown') !== undefined) {
    w.int(12, 1);
    w.pick(WELL_KNOWN_SYMBOLS, k.wellKnown);
  } else {
    w.int(12, 2);
    w.pick(KEYS, k);
  }
}

/** @param {Encoder} e @param {any} n */
function arraybufferNode(e, n) {
  const { w } = e;
  const bytes = n.bytes.slice(0, 8);
  w.int(9, bytes.length);
  for (const b of bytes) w.byte(b);
  const byteLength = own(n, 'byteLength') ?? bytes.length;
  w.int(9, byteLength - bytes.length);
  const shared = n.shared === true;
  w.chance(5, shared);
  w.chance(3, n.maxByteLength !== undefined);
  if (n.maxByteLength !== undefined) {
    w.int(17, n.maxByteLength - byteLength);
    w.chance(2, n.resizeTo !== undefined);
    if (n.resizeTo !== undefined) {
      if (shared) w.int(n.maxByteLength - byteLength + 1, n.resizeTo - byteLength);
      else w.int(n.maxByteLength + 1, n.resizeTo);
    }
  }
  if (!shared) w.chance(6, n.detached === true);
}

/**
 * @param {Encoder} e @param {string} kind
 * @param {(node: any) => boolean} [filter]
 * @returns {number[]}
 */
function idsOf(e, kind, filter = () => true) {
  const ids = [];
  for (let i = 0; i < e.count; i++) if (e.kinds[i] === kind && filter(e.nodes[i])) ids.push(i);
  return ids;
}

/** @param {Encoder} e @param {number} id */
function node(e, id) {
  const { w } = e;
  const n = e.nodes[id];
  switch (n.kind) {
    case 'object':
      w.chance(4, n.class !== undefined);
      if (n.class !== undefined) {
        w.pick(CLASS_NAMES, n.class);
        w.chance(2, n.privateField === true);
      }
      return;
    case 'array': {
      const items = n.items ?? [];
      w.chance(8, items.length === 16);
      if (items.length !== 16) w.int(7, Math.min(items.length, 6));
      for (const item of items.length === 16 ? items : items.slice(0, 6)) {
        const hole = typeof item === 'object' && item !== null && own(item, 'hole') === true;
        w.chance(5, hole);
        if (!hole) value(e, item);
      }
      w.chance(6, n.length !== undefined);
      if (n.length !== undefined) w.int(Math.min(items.length, 16) + 5, n.length);
      w.chance(6, n.subclass !== undefined);
      if (n.subclass !== undefined) w.pick(CLASS_NAMES, n.subclass);
      return;
    }
    case 'date': {
      const nan = typeof n.time === 'object' && n.time !== null;
      w.chance(6, nan);
      if (!nan) w.pick(DATE_TIMES, n.time);
      return;
    }
    case 'regexp': {
      let bits = 0;
      for (let i = 0; i < REGEXP_FLAGS.length; i++) if (n.flags.includes(REGEXP_FLAGS[i])) bits |= 1 << i;
      w.byte(bits);
      w.pick(REGEXP_SOURCES, n.source);
      w.chance(4, n.lastIndex !== undefined);
      if (n.lastIndex !== undefined) w.int(4, n.lastIndex);
      return;
    }
    case 'map':
      w.int(4, Math.min(n.entries.length, 3));
      for (const [k, v] of n.entries.slice(0, 3)) {
        value(e, k);
        value(e, v);
      }
      return;
    case 'set':
      w.int(4, Math.min(n.values.length, 3));
      for (const v of n.values.slice(0, 3)) value(e, v);
      return;
    case 'view': {
      const buffers = idsOf(e, 'arraybuffer');
      w.pick(buffers, n.buffer);
      const buffer = e.nodes[n.buffer] ?? { bytes: [] };
      w.pick(VIEW_TYPES, n.type);
      const size = ELEMENT_SIZE[n.type];
      const byteLength = own(buffer, 'byteLength') ?? buffer.bytes.length;
      const byteOffset = n.byteOffset ?? 0;
      w.int((byteLength - (byteLength % size)) / size + 1, byteOffset / size);
      const room = (byteLength - byteOffset - ((byteLength - byteOffset) % size)) / size;
      const whole = (byteLength - byteOffset) % size === 0;
      if (whole) w.chance(2, n.length !== undefined);
      if (!whole || n.length !== undefined) w.int(room + 1, n.length ?? 0);
      return;
    }
    case 'error': {
      const types = ERROR_TYPES.length;
      const high = (n.stack === 'untouched') !== (id % 2 === 1);
      w.int(2 * types, indexIn(ERROR_TYPES, n.type) + (high ? types : 0));
      const message = n.message === undefined ? 0 : typeof n.message === 'string' && STRINGS.includes(n.message) ? 1 : 2;
      w.int(3, message);
      if (message === 1) w.pick(STRINGS, n.message);
      if (message === 2) value(e, n.message);
      w.chance(3, own(n, 'cause') !== undefined);
      if (own(n, 'cause') !== undefined) value(e, n.cause);
      return;
    }
    case 'boxed': value(e, n.value, true); return;
    case 'function': w.pick(FUNCTION_STYLES, n.style); return;
    case 'proxy': {
      const targets = [];
      for (let i = 0; i < e.count; i++) if (e.kinds[i] !== 'proxy' || i < id) targets.push(i);
      w.pick(targets, n.target);
      return;
    }
    case 'opaque': w.pick(OPAQUE_TYPES, n.type);
  }
}

/** @param {Encoder} e @param {number} id */
function decorate(e, id) {
  const { w } = e;
  const n = e.nodes[id];
  if (n.kind === 'proxy') return;
  const proto = own(n, 'proto');
  if (proto === null) w.int(10, 0);
  else if (typeof proto === 'object' && proto !== undefined) {
    w.int(10, 1);
    w.int(e.count, proto.ref);
  } else if (typeof proto === 'string' && proto !== 'default') {
    w.int(10, 2);
    w.pick(INTRINSIC_NAMES, proto);
  } else w.int(10, 3);
  const props = n.props ?? [];
  const many = props.length > 64;
  w.chance(16, many);
  if (many) w.int(4, Math.min(props.length - 65, 3));
  else {
    w.int(4, Math.min(props.length, 3));
    for (const prop of props.slice(0, 3)) property(e, prop);
  }
  const typedArray = n.kind === 'view' && n.type !== 'DataView';
  if (!typedArray) {
    w.chance(5, n.integrity !== undefined);
    if (n.integrity !== undefined) w.pick(INTEGRITY, n.integrity);
  }
}

/** @param {Encoder} e @param {any} prop */
function property(e, prop) {
  const { w } = e;
  key(e, prop.key);
  const accessor = prop.get !== undefined || prop.set !== undefined;
  w.chance(3, accessor);
  if (accessor) {
    const which = prop.set === undefined ? 0 : prop.get === undefined ? 1 : 2;
    w.int(3, which);
    if (which !== 1) behavior(e, prop.get, true);
    if (which !== 0) behavior(e, prop.set, true);
  } else {
    value(e, prop.value);
    w.chance(4, prop.writable === false);
  }
  w.chance(4, prop.enumerable === false);
  w.chance(5, prop.configurable === false);
}

/** @param {Encoder} e @param {any} b a Behavior @param {boolean} withEffects */
function behavior(e, b, withEffects) {
  const { w } = e;
  if (withEffects) {
    const effects = (b.effects ?? []).slice(0, 2);
    w.int(3, effects.length);
    for (const one of effects) effect(e, one);
  }
  w.chance(3, own(b, 'returns') !== undefined);
  if (own(b, 'returns') !== undefined) value(e, b.returns, !withEffects);
  w.chance(6, b.throws !== undefined);
  if (b.throws !== undefined) w.pick(ERROR_TYPES, b.throws);
}

/** @param {Encoder} e @param {any} one an Effect */
function effect(e, one) {
  const { w } = e;
  const [form] = Object.keys(one);
  const args = one[form];
  const onAny = ['define', 'set', 'hide', 'setLength', 'delete'].includes(form);
  w.int(e.count, onAny ? args[0] : 0);
  switch (form) {
    case 'detach':
      w.int(11, 0);
      w.pick(idsOf(e, 'arraybuffer', (b) => own(b, 'shared') !== true), args);
      return;
    case 'resize': {
      w.int(11, 1);
      w.pick(idsOf(e, 'arraybuffer', (b) => own(b, 'maxByteLength') !== undefined), args[0]);
      const buffer = e.nodes[args[0]];
      const initial = own(buffer, 'byteLength') ?? buffer.bytes.length;
      const low = own(buffer, 'shared') === true ? initial : 0;
      w.int(buffer.maxByteLength - low + 1, args[1] - low);
      return;
    }
    case 'mapDelete': case 'mapSet':
      w.int(11, 2);
      w.chance(2, form === 'mapDelete');
      w.pick(idsOf(e, 'map'), args[0]);
      for (const v of args.slice(1)) value(e, v);
      return;
    case 'setDelete': case 'setAdd':
      w.int(11, 4);
      w.chance(2, form === 'setDelete');
      w.pick(idsOf(e, 'set'), args[0]);
      value(e, args[1]);
      return;
    case 'define': case 'set':
      w.int(11, form === 'define' ? 5 : 6);
      key(e, args[1]);
      value(e, args[2]);
      return;
    case 'hide':
      w.int(11, 7);
      key(e, args[1]);
      return;
    case 'setLength':
      w.int(11, 8);
      w.int(4, args[1]);
      return;
  }
  w.int(11, 9);
  key(e, args[1]);
}

/** @param {Encoder} e @param {any[]} list realm steps */
function steps(e, list) {
  const { w } = e;
  const kept = list.slice(0, 3);
  w.int(3, Math.max(kept.length, 1) - 1);
  for (const step of kept) {
    w.pick(INTRINSIC_NAMES, step.on);
    const wellKnown = typeof step.key === 'object' && step.key !== null;
    w.chance(4, wellKnown);
    if (wellKnown) w.pick(WELL_KNOWN_SYMBOLS, step.key.wellKnown);
    else w.pick(STEP_KEYS, step.key);
    if (step.delete === true) w.int(5, 0);
    else if (step.method !== undefined) { w.int(5, 1); behavior(e, step.method, false); }
    else if (step.get !== undefined) { w.int(5, 2); behavior(e, step.get, false); }
    else if (step.set !== undefined) { w.int(5, 3); behavior(e, step.set, false); }
    else { w.int(5, 4); value(e, step.value, true); }
    if (step.delete !== true) w.chance(4, step.enumerable === false);
  }
}
