// fast-check arbitraries that produce programs (docs/program.md, schema
// clonecheck/program@1).
//
// Read top to bottom: primitives, strings, keys, behaviors, realm pollution,
// object nodes, then families of whole programs aimed at the boundaries of
// the fast-path tiers (values that are *almost* eligible for a tier), and at
// last `programArbitrary(weights)`, the weighted mix the property test and
// `clonecheck selfcheck` draw from.
//
// Every program produced here is valid (`validate(program)` is empty). Three
// rules keep it so, and keep the programs deterministic:
//  - references only point where the builder can follow them: a view's
//    `buffer` is an arraybuffer node, a proxy's `target` and an object's
//    `proto` point to a lower index (no prototype cycles, no endless lookups
//    through a proxy), effects name nodes of the right kind;
//  - only getters may `set` (setters and methods never do), so one [[Set]]
//    can run at most one more behavior: no unbounded recursion, whose depth
//    would depend on the stack the clone happened to use;
//  - keys that the kind's own contents own non-configurably (an array's
//    `length`, a string wrapper's indices, a typed array's numeric keys, a
//    RegExp's `lastIndex`) are never redefined.

import fc from 'fast-check';
import { NATIVE_ERROR_NAMES, TYPED_ARRAY_NAMES } from '../src/primordials/intrinsics.js';
import { PROGRAM_SCHEMA, fromBytes, mapRefs, mapValue } from '../src/program/index.js';

// ---------------------------------------------------------------------------
// Numbers

/**
 * The program encoding of a number (docs/program.md "Value"): finite numbers
 * as themselves, -0, NaN and the infinities as `{"number": text}`.
 * @param {number} n
 */
export function encodeNumber(n) {
  if (Number.isNaN(n)) return { number: 'NaN' };
  if (n === Infinity) return { number: 'Infinity' };
  if (n === -Infinity) return { number: '-Infinity' };
  if (Object.is(n, -0)) return { number: '-0' };
  return n;
}

/** -0, NaN, +Infinity, -Infinity: the numbers JSON cannot hold and fast paths mistake for holes or ints. */
export const specialNumber = fc.constantFrom(-0, NaN, Infinity, -Infinity).map(encodeNumber);

/** Integers at the int32 / uint32 / safe-integer edges, where an engine's Int32 element kind ends. */
export const int32EdgeNumber = fc.constantFrom(
  0, 1, -1, 2 ** 31 - 1, -(2 ** 31), 2 ** 31, -(2 ** 31) - 1, 2 ** 32 - 1, 2 ** 32,
  2 ** 53 - 1, -(2 ** 53 - 1), 2 ** 53,
);

/** Any int32 (small ones more often), never -0: the elements of an Int32 array. */
export const int32Number = fc.oneof(
  { weight: 3, arbitrary: fc.integer({ min: -100, max: 100 }) },
  { weight: 2, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.constantFrom(2 ** 31 - 1, -(2 ** 31), 0, 1, -1) },
).map((n) => (n === 0 ? 0 : n));

/** A finite number with a fractional part: the elements of a Double array. */
export const fractionalNumber = fc
  .double({ min: -1e9, max: 1e9, noNaN: true, noDefaultInfinity: true })
  .filter((n) => !Number.isInteger(n));

/** Any number Value, special numbers and int32 edges included. */
export const numberValue = fc.oneof(
  { weight: 3, arbitrary: int32Number },
  { weight: 2, arbitrary: int32EdgeNumber.map(encodeNumber) },
  { weight: 2, arbitrary: specialNumber },
  { weight: 2, arbitrary: fractionalNumber },
  { weight: 1, arbitrary: fc.double().map(encodeNumber) },
);

/** A BigInt Value, with the 64-bit edges. */
export const bigintValue = fc
  .oneof(
    fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }),
    fc.constantFrom(0n, 1n, -1n, 2n ** 63n - 1n, -(2n ** 63n), 2n ** 64n - 1n, 2n ** 64n, 10n ** 40n),
  )
  .map((b) => ({ bigint: String(b) }));

// ---------------------------------------------------------------------------
// Strings: every representation an engine keeps apart

/** @param {number} min @param {number} max */
const charIn = (min, max) => fc.integer({ min, max }).map((c) => String.fromCharCode(c));

/** One-byte ASCII strings, the empty string included. */
export const asciiString = fc.string({ unit: 'binary-ascii', maxLength: 10 });

/** Latin-1 strings (U+0080–U+00FF present): still one byte per character in V8/JSC. */
export const latin1String = fc
  .tuple(asciiString, fc.string({ unit: charIn(0x80, 0xff), minLength: 1, maxLength: 6 }))
  .map(([a, b]) => a + b);

/** Two-byte strings: BMP characters above U+00FF and surrogate pairs. */
export const twoByteString = fc.string({
  unit: fc.oneof(charIn(0x100, 0xd7ff), charIn(0xe000, 0xfffd), fc.constantFrom('😀', '𝒳', '\u{10FFFF}')),
  minLength: 1,
  maxLength: 6,
});

/** Strings with an unpaired surrogate, which must survive the clone unchanged. */
export const loneSurrogateString = fc
  .tuple(asciiString, charIn(0xd800, 0xdfff), asciiString)
  .map(([a, s, b]) => a + s + b);

/** A string literal of any representation. */
export const stringLiteral = fc.oneof(
  { weight: 4, arbitrary: asciiString },
  { weight: 2, arbitrary: latin1String },
  { weight: 2, arbitrary: twoByteString },
  { weight: 1, arbitrary: loneSurrogateString },
);

/** Longest string a StringExpr may build here: long enough for ropes and out-of-line storage, cheap to observe. */
export const MAX_BUILT_STRING_LENGTH = 65536;

/**
 * The length of the string a StringExpr builds (an upper bound for slices).
 * @param {any} expr
 * @returns {number}
 */
export function stringExprLength(expr) {
  if (typeof expr === 'string') return expr.length;
  if ('repeat' in expr) return stringExprLength(expr.repeat[0]) * expr.repeat[1];
  if ('concat' in expr) return expr.concat.reduce((sum, part) => sum + stringExprLength(part), 0);
  return stringExprLength(expr.slice[0]);
}

/**
 * The longest string a StringExpr builds on the way, its parts included
 * (`{"repeat": [huge, 0]}` is empty but still builds `huge`).
 * @param {any} expr
 * @returns {number}
 */
export function longestBuiltString(expr) {
  if (typeof expr === 'string') return expr.length;
  const parts = 'repeat' in expr ? [expr.repeat[0]] : 'concat' in expr ? expr.concat : [expr.slice[0]];
  return Math.max(stringExprLength(expr), ...parts.map(longestBuiltString));
}

/**
 * A StringExpr: a string built at run time by repeat / concat / slice, so
 * engines hold it as a rope, a sliced string or a flattened two-byte string.
 */
export const stringExpr = fc.letrec((tie) => ({
  expr: fc.oneof(
    { depthSize: 'small', maxDepth: 3, withCrossShrink: true },
    { weight: 3, arbitrary: stringLiteral },
    { weight: 1, arbitrary: fc.tuple(tie('expr'), fc.oneof(fc.integer({ min: 0, max: 8 }), fc.constantFrom(100, 1000))).map(([s, n]) => ({ repeat: [s, n] })) },
    { weight: 1, arbitrary: fc.array(tie('expr'), { minLength: 2, maxLength: 3 }).map((parts) => ({ concat: parts })) },
    { weight: 1, arbitrary: fc.tuple(tie('expr'), fc.integer({ min: -4, max: 12 }), fc.integer({ min: -4, max: 12 })).map(([s, a, b]) => ({ slice: [s, a, b] })) },
  ),
})).expr.filter((expr) => longestBuiltString(expr) <= MAX_BUILT_STRING_LENGTH);

/** A string Value: a literal or `{"string": StringExpr}`. */
export const stringValue = fc.oneof(
  { weight: 3, arbitrary: stringLiteral },
  { weight: 1, arbitrary: stringExpr.map((e) => ({ string: e })) },
);

// ---------------------------------------------------------------------------
// Primitives

export const undefinedValue = fc.constant({ undefined: true });

/** Every cloneable primitive Value. */
export const primitiveValue = fc.oneof(
  { weight: 1, arbitrary: fc.oneof(fc.constantFrom(null, true, false), undefinedValue) },
  { weight: 4, arbitrary: numberValue },
  { weight: 1, arbitrary: bigintValue },
  { weight: 3, arbitrary: stringValue },
);

/** A fresh Symbol: uncloneable as a value, dropped as a key. */
export const symbolValue = fc.constantFrom('s', '', 'Symbol.iterator', 'desc').map((d) => ({ symbol: d }));

/** A primitive that the clone must refuse or that is unusual as a message: a symbol, sometimes. */
export const anyPrimitiveValue = fc.oneof({ weight: 12, arbitrary: primitiveValue }, { weight: 1, arbitrary: symbolValue });

// ---------------------------------------------------------------------------
// Property keys

/** Array-index keys that land inside small arrays. */
export const indexKey = fc.constantFrom('0', '1', '2', '3', '5');

/** Ordinary names, the ones flat objects are made of. */
export const nameKey = fc.constantFrom('a', 'b', 'c', 'x', 'y', 'z', 'id', 'value');

/**
 * Keys with a history of bugs: `__proto__` (must stay an own key), numeric
 * strings that are not array indices, the max uint32, names the clone reads
 * itself (`message`, `name`, `cause`, `stack`), the empty string, non-ASCII.
 */
export const trickyKey = fc.constantFrom(
  '__proto__', '', '-0', '1.5', '01', '4294967295', '4294967294', 'constructor', 'toString',
  'valueOf', 'toJSON', 'then', 'name', 'message', 'cause', 'stack', 'é', '😀', '\ud800',
);

export const symbolKey = fc.constantFrom('k', 'hidden').map((d) => ({ symbol: d }));
export const wellKnownKey = fc.constantFrom('iterator', 'species', 'toStringTag', 'toPrimitive').map((w) => ({ wellKnown: w }));

/** Any key for an ordinary object. */
export const objectKey = fc.oneof(
  { weight: 6, arbitrary: nameKey },
  { weight: 2, arbitrary: indexKey },
  { weight: 3, arbitrary: trickyKey },
  { weight: 1, arbitrary: symbolKey },
  { weight: 1, arbitrary: wellKnownKey },
);

/** Keys for an object whose own contents are non-configurable or numeric-exotic (typed arrays, string wrappers): names and symbols only. */
export const nonIndexKey = fc.oneof(nameKey, symbolKey, fc.constantFrom('__proto__', 'then', 'name', 'message'));

/** Keys an array may redefine: not `length`, and no index so large that the length explodes. */
export const arrayKey = fc.oneof(
  { weight: 3, arbitrary: indexKey },
  { weight: 3, arbitrary: nameKey },
  { weight: 1, arbitrary: fc.constantFrom('__proto__', '-0', '1.5', '4294967295', 'constructor') },
  { weight: 1, arbitrary: symbolKey },
);

/**
 * What makes two Keys the same property: the text of a string key, the name
 * of a well-known symbol; a `{"symbol"}` key is a fresh symbol, never equal
 * to another, so it is its own identity.
 * @param {any} key
 */
function keyIdentity(key) {
  if (typeof key === 'string') return `string:${key}`;
  if ('wellKnown' in key) return `wellKnown:${key.wellKnown}`;
  return key;
}

// ---------------------------------------------------------------------------
// Behaviors and effects

/**
 * The context of one graph: how many nodes and which kind each has, so that
 * references and effects point at the right nodes, and the arraybuffer nodes
 * (made first), so that detach and resize effects fit their buffer.
 * @typedef {{kinds: string[], buffers: Map<number, Record<string, any>>}} GraphContext
 */

/** @param {GraphContext} ctx @param {(kind: string) => boolean} accept */
function indicesOf(ctx, accept) {
  const out = [];
  for (let i = 0; i < ctx.kinds.length; i++) if (accept(ctx.kinds[i])) out.push(i);
  return out;
}

/**
 * A Value inside a graph: a primitive or a reference to one of its nodes.
 * @param {GraphContext} ctx
 */
export function graphValue(ctx) {
  if (ctx.kinds.length === 0) return anyPrimitiveValue;
  return fc.oneof(
    { weight: 3, arbitrary: anyPrimitiveValue },
    { weight: 2, arbitrary: fc.integer({ min: 0, max: ctx.kinds.length - 1 }).map((i) => ({ ref: i })) },
  );
}

/** Effects that never call a setter or getter themselves. @param {GraphContext} ctx */
function quietEffects(ctx) {
  const all = indicesOf(ctx, () => true);
  const maps = indicesOf(ctx, (k) => k === 'map');
  const sets = indicesOf(ctx, (k) => k === 'set');
  const detachable = [...ctx.buffers].filter(([, b]) => !b.shared).map(([i]) => i);
  const resizable = [...ctx.buffers].filter(([, b]) => b.maxByteLength !== undefined);
  const value = graphValue(ctx);
  /** @type {fc.Arbitrary<object>[]} */
  const choices = [];
  if (all.length > 0) {
    const node = fc.constantFrom(...all);
    choices.push(
      fc.tuple(node, objectKey).map(([i, k]) => ({ delete: [i, k] })),
      fc.tuple(node, objectKey, value).map(([i, k, v]) => ({ define: [i, k, v] })),
      fc.tuple(node, objectKey).map(([i, k]) => ({ hide: [i, k] })),
    );
  }
  if (maps.length > 0) {
    const map = fc.constantFrom(...maps);
    choices.push(
      fc.tuple(map, value, value).map(([i, k, v]) => ({ mapSet: [i, k, v] })),
      fc.tuple(map, value).map(([i, k]) => ({ mapDelete: [i, k] })),
    );
  }
  if (sets.length > 0) {
    const set = fc.constantFrom(...sets);
    choices.push(
      fc.tuple(set, value).map(([i, v]) => ({ setAdd: [i, v] })),
      fc.tuple(set, value).map(([i, v]) => ({ setDelete: [i, v] })),
    );
  }
  if (detachable.length > 0) choices.push(fc.constantFrom(...detachable).map((i) => ({ detach: i })));
  if (resizable.length > 0) {
    // A growable SharedArrayBuffer only grows; a resizable ArrayBuffer goes anywhere up to its maximum.
    choices.push(fc.tuple(fc.constantFrom(...resizable), fc.nat()).map(([[i, b], n]) => {
      const min = b.shared ? initialByteLength(b) : 0;
      return { resize: [i, min + (n % (b.maxByteLength - min + 1))] };
    }));
  }
  return choices;
}

/** Effects that run [[Set]] (and so may call one setter). @param {GraphContext} ctx */
function settingEffects(ctx) {
  if (ctx.kinds.length === 0) return [];
  const node = fc.integer({ min: 0, max: ctx.kinds.length - 1 });
  const arrays = indicesOf(ctx, (k) => k === 'array');
  const choices = [fc.tuple(node, objectKey, graphValue(ctx)).map(([i, k, v]) => ({ set: [i, k, v] }))];
  if (arrays.length > 0) {
    choices.push(fc.tuple(fc.constantFrom(...arrays), fc.integer({ min: 0, max: 6 })).map(([i, n]) => ({ setLength: [i, n] })));
  }
  return choices;
}

/**
 * `arbitrary` one time in `oneIn`, else absent (undefined).
 * @template T @param {number} oneIn @param {fc.Arbitrary<T>} arbitrary
 */
function sometimes(oneIn, arbitrary) {
  return fc.oneof({ weight: oneIn - 1, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary });
}

/** @param {Record<string, unknown>} record @returns {Record<string, unknown>} the record without its undefined fields */
function withoutAbsent(record) {
  return Object.fromEntries(Object.entries(record).filter(([, v]) => v !== undefined));
}

/** The native error type a behavior throws, now and then. */
const thrownType = sometimes(6, fc.constantFrom(...NATIVE_ERROR_NAMES));

/**
 * A Behavior: events are logged, effects run, then it throws or returns.
 * @param {GraphContext} ctx
 * @param {{mayRunSetters: boolean}} options only getters may run setters
 */
export function behavior(ctx, { mayRunSetters }) {
  const effects = [...quietEffects(ctx), ...(mayRunSetters ? settingEffects(ctx) : [])];
  return fc
    .record({
      effects: effects.length > 0 ? sometimes(2, fc.array(fc.oneof(...effects), { minLength: 1, maxLength: 2 })) : fc.constant(undefined),
      returns: sometimes(4, graphValue(ctx)).map((v) => v),
      throws: thrownType,
    })
    .map(withoutAbsent);
}

/** A behavior for realm steps: no effects (realm steps cannot name objects). */
export const realmBehavior = fc
  .record({ returns: sometimes(2, anyPrimitiveValue), throws: thrownType })
  .map(withoutAbsent);

// ---------------------------------------------------------------------------
// Props

const attributes = {
  enumerable: fc.boolean(),
  configurable: fc.boolean(),
};

/**
 * A data property with mostly-default attributes.
 * @param {fc.Arbitrary<unknown>} key @param {fc.Arbitrary<unknown>} value
 */
export function dataProp(key, value) {
  return fc.oneof(
    { weight: 5, arbitrary: fc.record({ key, value }) },
    { weight: 1, arbitrary: fc.record({ key, value, writable: fc.boolean(), ...attributes }, { requiredKeys: ['key', 'value'] }) },
  );
}

/**
 * An accessor property: a getter (may run setters), a setter, or both.
 * @param {fc.Arbitrary<unknown>} key @param {GraphContext} ctx
 */
export function accessorProp(key, ctx) {
  const getter = behavior(ctx, { mayRunSetters: true });
  const setter = behavior(ctx, { mayRunSetters: false });
  return fc.oneof(
    { weight: 4, arbitrary: fc.record({ key, get: getter }) },
    { weight: 1, arbitrary: fc.record({ key, set: setter }) },
    { weight: 1, arbitrary: fc.record({ key, get: getter, set: setter, enumerable: fc.boolean() }, { requiredKeys: ['key', 'get', 'set'] }) },
  );
}

/** Own props with distinct keys (a second definition could hit a non-configurable first one). @param {fc.Arbitrary<any>} prop */
export function propList(prop, maxLength = 4) {
  return fc.uniqueArray(prop, { maxLength, selector: (p) => keyIdentity(p.key) });
}

// ---------------------------------------------------------------------------
// Realm pollution

/**
 * The realm places the clone must not consult, each with the keys worth
 * polluting there: indexed properties on Array.prototype / Object.prototype
 * (read through holes by a careless fast path), setters a deserializer must
 * not fire, the methods and accessors a careless implementation calls
 * (`Map.prototype.set`, `ArrayBuffer.prototype.byteLength`, …), and global
 * constructors it might look up by name.
 */
const realmTargets = {
  'Array.prototype': ['0', '1', '2', 'constructor', 'push', { wellKnown: 'iterator' }, 'at', 'x'],
  'Object.prototype': ['0', '1', 'a', 'x', '__proto__', 'then', 'toJSON', 'constructor', 'hasOwnProperty', 'message', 'name', 'cause', 'length'],
  'Map.prototype': ['set', 'get', 'size', 'entries', { wellKnown: 'iterator' }],
  'Set.prototype': ['add', 'has', 'size', 'values', { wellKnown: 'iterator' }],
  'Error.prototype': ['name', 'message', 'cause', 'stack', 'toString'],
  'ArrayBuffer.prototype': ['byteLength', 'maxByteLength', 'resizable', 'resize', 'slice', 'transfer'],
  'SharedArrayBuffer.prototype': ['byteLength', 'grow', 'growable'],
  'TypedArray.prototype': ['length', 'buffer', 'byteOffset', 'byteLength', 'set', 'subarray'],
  'Uint8Array.prototype': ['0', 'constructor'],
  'DataView.prototype': ['buffer', 'byteOffset', 'getUint8'],
  'RegExp.prototype': ['source', 'flags', 'global', 'lastIndex', 'exec'],
  'Date.prototype': ['getTime', 'valueOf'],
  'Number.prototype': ['valueOf', 'toString'],
  'String.prototype': ['valueOf', 'slice', 'charCodeAt', '0'],
  'Boolean.prototype': ['valueOf'],
  'BigInt.prototype': ['valueOf', 'toString'],
  'Symbol.prototype': ['valueOf', 'description'],
  'Function.prototype': ['call', 'apply', 'bind'],
  Object: ['defineProperty', 'keys', 'getOwnPropertyDescriptor', 'setPrototypeOf', 'create'],
  Array: ['isArray', 'from', { wellKnown: 'species' }],
  globalThis: ['Array', 'Object', 'Map', 'Set', 'Error', 'TypeError', 'RegExp', 'Date', 'DOMException'],
};

/** An intrinsic and one of its keys worth polluting. */
export const realmPlace = fc.oneof(
  ...Object.entries(realmTargets).map(([on, keys]) => fc.constantFrom(...keys).map((key) => ({ on, key }))),
);

/** One RealmStep: a data property (often non-writable), an accessor, a method, or a deletion. */
export const realmStep = fc.oneof(
  { weight: 3, arbitrary: fc.tuple(realmPlace, fc.record({ get: realmBehavior, set: realmBehavior }, { requiredKeys: [] })).map(([place, acc]) => ({ ...place, ...(acc.get || acc.set ? acc : { get: {} }) })) },
  { weight: 2, arbitrary: fc.tuple(realmPlace, anyPrimitiveValue, fc.boolean()).map(([place, value, writable]) => ({ ...place, value, writable })) },
  { weight: 2, arbitrary: fc.tuple(realmPlace, realmBehavior).map(([place, method]) => ({ ...place, method })) },
  { weight: 1, arbitrary: realmPlace.map((place) => ({ ...place, delete: true })) },
);

/** Set-up for the sender's or the receiver's realm: one to three steps. */
export const realmSteps = fc.array(realmStep, { minLength: 1, maxLength: 3 });

/**
 * A getter on Array.prototype / Object.prototype at an index: what a fast
 * path that reads holes through the prototype would see.
 * @param {string} on @param {string} index
 */
export function indexedPrototypeGetter(on, index) {
  return { on, key: index, get: { returns: 'from the prototype' } };
}

// ---------------------------------------------------------------------------
// Object nodes

export const intrinsicPrototypeName = fc.constantFrom(
  'Object.prototype', 'Array.prototype', 'Map.prototype', 'Error.prototype', 'Date.prototype',
);

/** Names for the fresh classes of class instances and Array subclasses. */
export const className = fc.constantFrom('Point', 'MyArray', 'Sub', 'Ctor');

export const availableTypedArrayNames = TYPED_ARRAY_NAMES.filter((name) => typeof globalThis[name] === 'function');

/** @param {string} type */
function elementSize(type) {
  if (type === 'DataView') return 1;
  return globalThis[type].BYTES_PER_ELEMENT;
}

/** The kinds of graph nodes, weighted toward the cloneable ones. */
export const nodeKind = fc.oneof(
  { weight: 6, arbitrary: fc.constant('object') },
  { weight: 6, arbitrary: fc.constant('array') },
  ...['date', 'regexp', 'map', 'set', 'arraybuffer', 'view', 'error', 'boxed'].map((k) => ({ weight: 1, arbitrary: fc.constant(k) })),
  { weight: 1, arbitrary: fc.constantFrom('function', 'proxy', 'opaque') },
);

/** @param {string} kind */
function keyFor(kind) {
  if (kind === 'array') return arrayKey;
  if (kind === 'view' || kind === 'boxed' || kind === 'regexp' || kind === 'function' || kind === 'proxy') return nonIndexKey;
  // V8 formats an Error's stack when it is redefined, running engine-specific code.
  if (kind === 'error') return objectKey.filter((key) => key !== 'stack');
  return objectKey;
}

/** Own props for a node of `kind`: data mostly, accessors sometimes. @param {string} kind @param {GraphContext} ctx */
function propsFor(kind, ctx) {
  const key = keyFor(kind);
  return fc.oneof(
    { weight: 3, arbitrary: fc.constant([]) },
    { weight: 2, arbitrary: propList(fc.oneof({ weight: 4, arbitrary: dataProp(key, graphValue(ctx)) }, { weight: 1, arbitrary: accessorProp(key, ctx) })) },
  );
}

/** `proto`: default mostly; null, an intrinsic, or a lower node sometimes. @param {number} index */
function protoFor(index) {
  const choices = [fc.constant(null), intrinsicPrototypeName];
  if (index > 0) choices.push(fc.integer({ min: 0, max: index - 1 }).map((i) => ({ ref: i })));
  return fc.oneof({ weight: 8, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: fc.oneof(...choices) });
}

export const integrityLevel = fc.oneof(
  { weight: 8, arbitrary: fc.constant(undefined) },
  { weight: 1, arbitrary: fc.constantFrom('preventExtensions', 'seal', 'freeze') },
);

/** An ArrayBuffer node: plain, resizable, shared or growable, resized or detached after its views exist. */
export const arrayBufferNode = fc
  .record({
    bytes: fc.array(fc.integer({ min: 0, max: 255 }), { maxLength: 16 }),
    extra: fc.integer({ min: 0, max: 8 }),
    resizable: fc.boolean(),
    headroom: fc.integer({ min: 0, max: 16 }),
    shared: fc.oneof({ weight: 4, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
    change: fc.oneof({ weight: 4, arbitrary: fc.constant('none') }, { weight: 1, arbitrary: fc.constantFrom('resize', 'detach') }),
    resizeTo: fc.integer({ min: 0, max: 32 }),
  })
  .map(({ bytes, extra, resizable, headroom, shared, change, resizeTo }) => {
    const byteLength = bytes.length + extra;
    /** @type {Record<string, unknown>} */
    const node = { kind: 'arraybuffer', bytes };
    if (extra > 0) node.byteLength = byteLength;
    if (shared) node.shared = true;
    if (resizable) node.maxByteLength = byteLength + headroom;
    if (change === 'resize' && resizable) {
      // A SharedArrayBuffer only grows.
      const max = byteLength + headroom;
      node.resizeTo = shared ? byteLength + (resizeTo % (headroom + 1)) : resizeTo % (max + 1);
    }
    if (change === 'detach' && !shared) node.detached = true;
    return node;
  });

/** @param {Record<string, any>} node @returns {number} the byte length when views are made */
function initialByteLength(node) {
  return node.byteLength ?? node.bytes.length;
}

/**
 * A view node on buffer node `buffer`, placed where the constructor accepts it
 * (aligned offset, in bounds, whole elements).
 * @param {Record<string, any>} bufferNode @param {number} buffer
 */
export function viewNode(bufferNode, buffer) {
  const byteLength = initialByteLength(bufferNode);
  const types = [...availableTypedArrayNames, 'DataView'].filter((t) => elementSize(t) <= Math.max(byteLength, 1));
  return fc
    .record({ type: fc.constantFrom(...types), offset: fc.nat(), count: fc.nat(), tracking: fc.boolean() })
    .map(({ type, offset, count, tracking }) => {
      const size = elementSize(type);
      const maxElements = Math.floor(byteLength / size);
      const offsetElements = offset % (maxElements + 1);
      const byteOffset = offsetElements * size;
      /** @type {Record<string, unknown>} */
      const node = { kind: 'view', type, buffer };
      if (byteOffset > 0) node.byteOffset = byteOffset;
      const room = Math.floor((byteLength - byteOffset) / size);
      const wholeElements = (byteLength - byteOffset) % size === 0;
      // Without `length` the view covers the rest (and tracks a resizable
      // buffer); validate asks for a whole number of elements then.
      if (!(tracking && wholeElements)) node.length = count % (room + 1);
      return node;
    });
}

/** @param {string} kind @param {number} index @param {GraphContext} ctx */
function contentsFor(kind, index, ctx) {
  const value = graphValue(ctx);
  switch (kind) {
    case 'object':
      return fc.oneof(
        { weight: 6, arbitrary: fc.constant({}) },
        { weight: 1, arbitrary: fc.record({ class: className, privateField: fc.boolean() }) },
      );
    case 'array':
      return fc
        .record({
          items: fc.array(fc.oneof({ weight: 6, arbitrary: value }, { weight: 1, arbitrary: fc.constant({ hole: true }) }), { maxLength: 6 }),
          extraLength: fc.oneof({ weight: 6, arbitrary: fc.constant(0) }, { weight: 1, arbitrary: fc.integer({ min: -2, max: 4 }) }),
          subclass: fc.oneof({ weight: 8, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: className }),
        })
        .map(({ items, extraLength, subclass }) => {
          /** @type {Record<string, unknown>} */
          const node = { items };
          if (extraLength !== 0) node.length = Math.max(0, items.length + extraLength);
          if (subclass) node.subclass = subclass;
          return node;
        });
    case 'date':
      return fc.oneof(
        fc.integer({ min: -8.64e15, max: 8.64e15 }),
        fc.constantFrom(0, -1, 8.64e15, -8.64e15, 1.5),
        fc.constant({ number: 'NaN' }),
      ).map((time) => ({ time }));
    case 'regexp':
      return fc
        .record({
          source: fc.constantFrom('', 'a+b', '^x$', '[\\u{1F600}]', '(?<n>\\d)\\k<n>', '/', '\\n', 'é|😀'),
          flags: fc.subarray(['d', 'g', 'i', 'm', 's', 'u', 'y']).map((f) => f.join('')),
          lastIndex: fc.oneof({ weight: 3, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: fc.integer({ min: 0, max: 5 }) }),
        })
        .map(({ source, flags, lastIndex }) => {
          // `\u{…}` and named groups need the u flag to mean what they say.
          const src = flags.includes('u') || !/[{<]/.test(source) ? source : 'a+b';
          return lastIndex === undefined ? { source: src, flags } : { source: src, flags, lastIndex };
        });
    case 'map':
      return fc.array(fc.tuple(value, value), { maxLength: 4 }).map((entries) => ({ entries }));
    case 'set':
      return fc.array(value, { maxLength: 4 }).map((values) => ({ values }));
    case 'error':
      return fc.record(
        { type: fc.constantFrom(...NATIVE_ERROR_NAMES), message: fc.oneof({ weight: 4, arbitrary: stringLiteral }, { weight: 1, arbitrary: value }), cause: value },
        { requiredKeys: ['type'] },
      );
    case 'boxed':
      return fc.oneof({ weight: 8, arbitrary: primitiveValue }, { weight: 1, arbitrary: symbolValue })
        .filter((v) => !(v !== null && typeof v === 'object' && 'undefined' in v) && v !== null)
        .map((v) => ({ value: v }));
    case 'function':
      return fc.constantFrom('arrow', 'function', 'class', 'async', 'generator', 'bound').map((style) => ({ style }));
    case 'opaque':
      return fc.constantFrom('WeakMap', 'WeakSet', 'WeakRef', 'FinalizationRegistry', 'Promise', 'Generator', 'Arguments', 'ArrayIterator').map((type) => ({ type }));
    case 'proxy':
      return fc.integer({ min: 0, max: index - 1 }).map((target) => ({ target }));
    default:
      throw new Error(`no contents for kind ${kind}`);
  }
}

/**
 * A node of `kind` at `index`: its contents, then own props, a prototype and
 * an integrity level where the kind takes them. Views are made in
 * `objectGraph`, which knows their buffers.
 * @param {string} kind @param {number} index @param {GraphContext} ctx
 */
export function objectNode(kind, index, ctx) {
  const contents = kind === 'arraybuffer' ? arrayBufferNode : contentsFor(kind, index, ctx);
  // Proxies forward [[DefineOwnProperty]] / [[SetPrototypeOf]] to their target; leave them bare.
  const bare = kind === 'proxy';
  const integrity = bare ? fc.constant(undefined) : integrityLevel;
  return fc
    .record({
      contents,
      props: bare ? fc.constant([]) : propsFor(kind, ctx),
      proto: bare ? fc.constant(undefined) : protoFor(index),
      integrity,
    })
    .map(({ contents: c, props, proto, integrity: level }) => {
      /** @type {Record<string, unknown>} */
      const node = { kind, ...c };
      if (props.length > 0) node.props = props;
      if (proto !== undefined) node.proto = proto;
      if (level !== undefined) node.integrity = level;
      return node;
    });
}

/**
 * Kinds for a graph of up to `maxObjects` nodes, made buildable: a proxy at
 * index 0 has no lower target (it becomes an object), and views need a
 * buffer, so one is added when there is none.
 * @param {number} maxObjects
 */
export function graphKinds(maxObjects) {
  return fc.array(nodeKind, { minLength: 1, maxLength: maxObjects }).map((kinds) => {
    const out = kinds.map((k, i) => (k === 'proxy' && i === 0 ? 'object' : k));
    if (out.includes('view') && !out.includes('arraybuffer')) out.push('arraybuffer');
    return out;
  });
}

/**
 * A random object graph: nodes of mixed kinds wired by references (shared
 * references and cycles happen naturally) and a root that is usually node 0.
 * Buffers are made first, then the other nodes (whose effects may detach or
 * resize a buffer), then the views (which must fit their buffer).
 * @param {{maxObjects?: number}} [options]
 */
export function objectGraph({ maxObjects = 6 } = {}) {
  return graphKinds(maxObjects).chain((kinds) => {
    const bufferIndices = kinds.flatMap((kind, i) => (kind === 'arraybuffer' ? [i] : []));
    return fc.tuple(...bufferIndices.map((index) => objectNode('arraybuffer', index, { kinds, buffers: new Map() }))).chain((bufferNodes) => {
      /** @type {GraphContext} */
      const ctx = { kinds, buffers: new Map(bufferIndices.map((index, j) => [index, bufferNodes[j]])) };
      const nodes = kinds.map((kind, i) => {
        if (kind === 'arraybuffer') return fc.constant(ctx.buffers.get(i));
        if (kind === 'view') return fc.constantFrom(...bufferIndices).chain((b) => viewNode(ctx.buffers.get(b), b));
        return objectNode(kind, i, ctx);
      });
      return fc.record({
        objects: fc.tuple(...nodes),
        root: fc.oneof({ weight: 6, arbitrary: fc.constant({ ref: 0 }) }, { weight: 1, arbitrary: graphValue(ctx) }),
      });
    });
  });
}

// ---------------------------------------------------------------------------
// Families: programs just inside and just outside each tier's guard

/**
 * A program part before the channel options are chosen.
 * @typedef {{root: unknown, objects: Record<string, any>[], sender?: object[], receiver?: object[], transfer?: number[], forStorage?: boolean}} Draft
 */

/** A deep copy, so perturbations never change values fast-check still holds for shrinking. @param {Draft} draft @returns {Draft} */
function copyDraft(draft) {
  return structuredClone(draft);
}

/**
 * One step away from eligibility, applied to the array at objects[0]. Each
 * perturbation is one thing a tier's guard must notice.
 */
export const arrayPerturbation = fc.oneof(
  { weight: 4, arbitrary: fc.constant({ name: 'none' }) },
  { weight: 2, arbitrary: fc.nat().map((at) => ({ name: 'hole', at })) },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 3 }).map((by) => ({ name: 'trailing holes', by })) },
  { weight: 1, arbitrary: fc.tuple(nameKey, primitiveValue).map(([key, value]) => ({ name: 'named property', key, value })) },
  { weight: 1, arbitrary: fc.tuple(fc.nat(), primitiveValue).map(([at, value]) => ({ name: 'getter element', at, value })) },
  { weight: 1, arbitrary: fc.nat().map((at) => ({ name: 'non-enumerable element', at })) },
  { weight: 2, arbitrary: fc.tuple(fc.nat(), fc.oneof(specialNumber, int32EdgeNumber.map(encodeNumber), fractionalNumber, primitiveValue)).map(([at, value]) => ({ name: 'odd element', at, value })) },
  { weight: 1, arbitrary: fc.nat().map((at) => ({ name: 'nested object', at })) },
  { weight: 2, arbitrary: fc.tuple(fc.nat(), primitiveValue).map(([at, value]) => ({ name: 'indexed prototype', at, value })) },
  { weight: 1, arbitrary: fc.tuple(fc.nat(), fc.constantFrom('Array.prototype', 'Object.prototype')).map(([at, on]) => ({ name: 'polluted prototype', at, on })) },
  { weight: 1, arbitrary: fc.constantFrom('preventExtensions', 'seal', 'freeze').map((level) => ({ name: 'integrity', level })) },
  { weight: 1, arbitrary: className.map((subclass) => ({ name: 'subclass', subclass })) },
  { weight: 1, arbitrary: fc.constantFrom(null, 'Object.prototype').map((proto) => ({ name: 'prototype', proto })) },
  { weight: 1, arbitrary: fc.nat().map((at) => ({ name: 'shared reference', at })) },
  { weight: 1, arbitrary: fc.constant({ name: 'cycle' }) },
  { weight: 1, arbitrary: fc.tuple(fc.nat(), fc.integer({ min: 0, max: 4 })).map(([at, length]) => ({ name: 'getter shrinks the array', at, length })) },
);

/**
 * Applies one perturbation to the array at objects[0] of a draft.
 * @param {Draft} draft @param {Record<string, any>} p
 * @returns {Draft}
 */
export function perturbArray(draft, p) {
  const d = copyDraft(draft);
  const array = d.objects[0];
  const n = array.items.length;
  const at = n === 0 ? 0 : (p.at ?? 0) % n;
  const addProp = (prop) => { array.props = [...(array.props ?? []), prop]; };
  switch (p.name) {
    case 'none': break;
    case 'hole': if (n > 0) array.items[at] = { hole: true }; break;
    case 'trailing holes': array.length = n + p.by; break;
    case 'named property': addProp({ key: p.key, value: p.value }); break;
    case 'getter element': addProp({ key: String(at), get: { returns: p.value } }); break;
    case 'non-enumerable element': if (n > 0) addProp({ key: String(at), value: array.items[at], enumerable: false }); break;
    case 'odd element': if (n > 0) array.items[at] = p.value; else array.items.push(p.value); break;
    case 'nested object':
      d.objects.push({ kind: 'object', props: [{ key: 'a', value: 1 }] });
      array.items[Math.min(at, n)] = { ref: d.objects.length - 1 };
      break;
    case 'indexed prototype':
      // The hole must read as a hole, not as the prototype's element.
      d.objects.push({ kind: 'object', props: [{ key: String(at), value: p.value }] });
      if (n > 0) array.items[at] = { hole: true }; else array.length = 1;
      array.proto = { ref: d.objects.length - 1 };
      break;
    case 'polluted prototype':
      if (n > 0) array.items[at] = { hole: true }; else array.length = 1;
      d.sender = [...(d.sender ?? []), indexedPrototypeGetter(p.on, String(at))];
      d.receiver = [...(d.receiver ?? []), { on: p.on, key: String(at), set: {} }];
      break;
    case 'integrity': array.integrity = p.level; break;
    case 'subclass': array.subclass = p.subclass; break;
    case 'prototype': array.proto = p.proto; break;
    case 'shared reference':
      d.objects.push({ kind: 'object', props: [{ key: 'shared', value: true }] });
      array.items[Math.min(at, n)] = { ref: d.objects.length - 1 };
      array.items.push({ ref: d.objects.length - 1 });
      break;
    case 'cycle': array.items.push({ ref: 0 }); break;
    case 'getter shrinks the array':
      addProp({ key: String(at), get: { effects: [{ setLength: [0, p.length] }], returns: 'getter' } });
      break;
    default: throw new Error(`unknown perturbation ${p.name}`);
  }
  return d;
}

/**
 * A dense array whose elements come from `element`, then perturbed.
 * @param {fc.Arbitrary<unknown>} element
 */
export function almostDenseArray(element) {
  return fc
    .tuple(fc.array(element, { minLength: 0, maxLength: 8 }), arrayPerturbation)
    .map(([items, p]) => perturbArray({ root: { ref: 0 }, objects: [{ kind: 'array', items }] }, p));
}

/** Int32 arrays (Bun #26814 Int32 tier) and their near misses. */
export const almostInt32Array = almostDenseArray(int32Number);

/** Double arrays (Bun #26814 Double tier): fractional numbers with ints, and their near misses. */
export const almostDoubleArray = almostDenseArray(fc.oneof(fractionalNumber, int32Number));

/** Contiguous arrays of primitives and strings (Bun #26814 Contiguous tier) and their near misses. */
export const almostContiguousArray = almostDenseArray(primitiveValue);

/**
 * One step away from a simple object (Bun #22279): only enumerable own data
 * properties holding primitives.
 */
export const objectPerturbation = fc.oneof(
  { weight: 4, arbitrary: fc.constant({ name: 'none' }) },
  { weight: 2, arbitrary: fc.tuple(nameKey, primitiveValue).map(([key, value]) => ({ name: 'getter', key, value })) },
  { weight: 1, arbitrary: fc.constant({ name: 'non-enumerable' }) },
  { weight: 1, arbitrary: indexKey.map((key) => ({ name: 'indexed key', key })) },
  { weight: 1, arbitrary: trickyKey.map((key) => ({ name: 'tricky key', key })) },
  { weight: 1, arbitrary: fc.constant({ name: 'symbol key' }) },
  { weight: 1, arbitrary: fc.constant({ name: 'nested object' }) },
  { weight: 1, arbitrary: fc.record({ class: className, privateField: fc.boolean() }).map((c) => ({ name: 'class instance', ...c })) },
  { weight: 1, arbitrary: fc.constantFrom(null, 'Array.prototype', 'Map.prototype').map((proto) => ({ name: 'prototype', proto })) },
  { weight: 1, arbitrary: fc.constant({ name: 'prototype with setter' }) },
  { weight: 1, arbitrary: fc.constantFrom('preventExtensions', 'seal', 'freeze').map((level) => ({ name: 'integrity', level })) },
  { weight: 1, arbitrary: fc.constant({ name: 'getter deletes the next key' }) },
  { weight: 1, arbitrary: fc.constant({ name: 'getter adds a key' }) },
  { weight: 1, arbitrary: fc.constant({ name: 'getter hides the next key' }) },
  { weight: 1, arbitrary: fc.constantFrom('Object.prototype').map((on) => ({ name: 'polluted receiver', on })) },
);

/** @param {Draft} draft @param {Record<string, any>} p @returns {Draft} */
export function perturbObject(draft, p) {
  const d = copyDraft(draft);
  const object = d.objects[0];
  const props = object.props ?? (object.props = []);
  const keys = props.map((q) => q.key);
  const fresh = (key) => !keys.includes(key);
  const firstKey = keys[0];
  switch (p.name) {
    case 'none': break;
    case 'getter': if (fresh(p.key)) props.push({ key: p.key, get: { returns: p.value } }); break;
    case 'non-enumerable': if (props.length > 0) props[0].enumerable = false; break;
    case 'indexed key': case 'tricky key': if (fresh(p.key)) props.push({ key: p.key, value: 'odd key' }); break;
    case 'symbol key': props.push({ key: { symbol: 'k' }, value: 1 }); break;
    case 'nested object':
      d.objects.push({ kind: 'object', props: [{ key: 'deep', value: 1 }] });
      props.push({ key: fresh('nested') ? 'nested' : 'nested2', value: { ref: d.objects.length - 1 } });
      break;
    case 'class instance': object.class = p.class; object.privateField = p.privateField; break;
    case 'prototype': object.proto = p.proto; break;
    case 'prototype with setter':
      // A deserializer that uses [[Set]] would call this setter; CreateDataProperty must not.
      d.objects.push({ kind: 'object', props: keys.filter((k) => typeof k === 'string').slice(0, 2).map((key) => ({ key, set: {} })) });
      object.proto = { ref: d.objects.length - 1 };
      break;
    case 'integrity': object.integrity = p.level; break;
    case 'getter deletes the next key':
      if (props.length > 1) props.splice(0, 0, { key: 'g', get: { effects: [{ delete: [0, keys[0]] }], returns: 1 } });
      break;
    case 'getter adds a key': props.push({ key: 'adder', get: { effects: [{ define: [0, 'added', 1] }], returns: 2 } }); break;
    case 'getter hides the next key':
      if (firstKey !== undefined) props.unshift({ key: 'hider', get: { effects: [{ hide: [0, firstKey] }], returns: 3 } });
      break;
    case 'polluted receiver':
      d.receiver = [...(d.receiver ?? []), ...keys.filter((k) => typeof k === 'string' && k !== '__proto__').slice(0, 1).map((key) => ({ on: p.on, key, set: {}, get: { returns: 'inherited' } }))];
      break;
    default: throw new Error(`unknown perturbation ${p.name}`);
  }
  if (props.length === 0) delete object.props;
  return d;
}

/** Simple objects (Bun #22279 tier) and their near misses. */
export const almostSimpleObject = fc
  .tuple(propList(dataProp(nameKey, primitiveValue), 6), objectPerturbation)
  .map(([props, p]) => perturbObject({ root: { ref: 0 }, objects: [props.length > 0 ? { kind: 'object', props } : { kind: 'object' }] }, p));

/** An object with exactly `count` enumerable data properties named p0…p{count-1}. @param {number} count @param {string} [prefix] */
function flatObject(count, prefix = 'p') {
  const props = [];
  for (let i = 0; i < count; i++) props.push({ key: `${prefix}${i}`, value: i });
  return count === 0 ? { kind: 'object' } : { kind: 'object', props };
}

/** Objects around the 64-property limits of inline storage and shape caches. */
export const wideObject = fc
  .tuple(fc.constantFrom(63, 64, 65, 66, 128), fc.boolean())
  .map(([count, inArray]) => (inArray
    ? { root: { ref: 0 }, objects: [{ kind: 'array', items: [{ ref: 1 }, { ref: 2 }] }, flatObject(count), flatObject(count)] }
    : { root: { ref: 0 }, objects: [flatObject(count)] }));

/**
 * Dense arrays of flat objects (Bun #26818 tier, shape cache): the cache may
 * only be reused when the property count AND every name match, so the
 * elements vary in names, order, count, and in being shared or odd.
 */
export const flatObjectArray = fc
  .record({
    count: fc.constantFrom(0, 1, 2, 3, 6, 7, 8, 16, 17),
    length: fc.integer({ min: 1, max: 5 }),
    variant: fc.constantFrom('same shape', 'same count, other names', 'same names, other order', 'one more property', 'shared element', 'primitive element', 'hole', 'getter in one element', 'nested value', 'class instance'),
    at: fc.nat(),
  })
  .map(({ count, length, variant, at }) => {
    const objects = [{ kind: 'array', items: [] }];
    for (let i = 0; i < length; i++) {
      objects.push(flatObject(count));
      objects[0].items.push({ ref: i + 1 });
    }
    const k = 1 + (at % length);
    const victim = objects[k];
    const props = victim.props ?? (victim.props = []);
    switch (variant) {
      case 'same shape': break;
      case 'same count, other names': props.forEach((p, i) => { p.key = `q${i}`; }); break;
      case 'same names, other order': props.reverse(); break;
      case 'one more property': props.push({ key: 'extra', value: 'extra' }); break;
      case 'shared element': objects[0].items.push({ ref: k }); break;
      case 'primitive element': objects[0].items[k - 1] = 'primitive'; break;
      case 'hole': objects[0].items[k - 1] = { hole: true }; break;
      case 'getter in one element': props.push({ key: 'g', get: { returns: 'got' } }); break;
      case 'nested value':
        objects.push({ kind: 'array', items: [1, 2] });
        props.push({ key: 'nested', value: { ref: objects.length - 1 } });
        break;
      case 'class instance': victim.class = 'Point'; break;
      default: break;
    }
    if (props.length === 0) delete victim.props;
    return { root: { ref: 0 }, objects };
  });

/** Getters that change the graph while it is serialized: delete, add, hide, shrink, detach, resize, edit a Map or Set. */
export const sideEffectGraph = fc
  .tuple(fc.constantFrom('object', 'array'), fc.constantFrom('delete', 'define', 'hide', 'setLength', 'detach', 'resize', 'mapSet', 'mapDelete', 'setAdd', 'setDelete', 'throw'), fc.boolean())
  .map(([holderKind, effectName, getterFirst]) => {
    // objects: 0 holder, 1 arraybuffer (resizable), 2 view on it, 3 map, 4 set, 5 plain victim
    const objects = [
      null,
      { kind: 'arraybuffer', bytes: [1, 2, 3, 4, 5, 6, 7, 8], maxByteLength: 16 },
      { kind: 'view', type: 'Uint8Array', buffer: 1 },
      { kind: 'map', entries: [['k', 1], ['j', { ref: 5 }]] },
      { kind: 'set', values: [1, 'two', { ref: 5 }] },
      { kind: 'object', props: [{ key: 'a', value: 1 }, { key: 'b', value: 2 }] },
    ];
    const effect = {
      delete: { delete: [5, 'b'] },
      define: { define: [5, 'c', 3] },
      hide: { hide: [5, 'b'] },
      setLength: { setLength: [0, 1] },
      detach: { detach: 1 },
      resize: { resize: [1, 2] },
      mapSet: { mapSet: [3, 'new', 9] },
      mapDelete: { mapDelete: [3, 'j'] },
      setAdd: { setAdd: [4, 'added'] },
      setDelete: { setDelete: [4, 'two'] },
      throw: null,
    }[effectName];
    const getter = effect ? { effects: [effect], returns: 'got' } : { throws: 'TypeError' };
    const contents = [{ ref: 5 }, { ref: 2 }, { ref: 3 }, { ref: 4 }, { ref: 1 }];
    if (holderKind === 'array') {
      objects[0] = { kind: 'array', items: getterFirst ? [{ hole: true }, ...contents] : [...contents, { hole: true }], props: [{ key: getterFirst ? '0' : String(contents.length), get: getter }] };
    } else {
      const props = contents.map((value, i) => ({ key: `k${i}`, value }));
      objects[0] = { kind: 'object', props: getterFirst ? [{ key: 'getter', get: getter }, ...props] : [...props, { key: 'getter', get: getter }] };
    }
    return { root: { ref: 0 }, objects };
  });

/** Buffers and views alone: shared, resizable, length-tracking, out of bounds, detached, two views on one buffer. */
export const bufferGraph = arrayBufferNode.chain((buffer) => fc
  .array(viewNode(buffer, 1), { minLength: 0, maxLength: 3 })
  .map((views) => ({
    root: { ref: 0 },
    objects: [{ kind: 'array', items: [{ ref: 1 }, ...views.map((_, i) => ({ ref: i + 2 }))] }, buffer, ...views],
  })));

/** Errors: every native type, custom names through own props or getters, cause, extra props, stack. */
export const errorGraph = fc
  .record({
    type: fc.constantFrom(...NATIVE_ERROR_NAMES),
    message: fc.oneof(stringLiteral, fc.constant({ undefined: true }), numberValue, symbolValue),
    cause: fc.oneof(fc.constant('none'), primitiveValue, fc.constant('object'), fc.constant('self')),
    name: fc.oneof(fc.constant('none'), fc.constantFrom('TypeError', 'MyError', 'DataCloneError', ''), fc.constant('getter'), fc.constant('non-string')),
    extra: fc.boolean(),
    proto: fc.oneof({ weight: 6, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: fc.constantFrom(null, 'Object.prototype', 'Error.prototype') }),
  })
  .map(({ type, message, cause, name, extra, proto }) => {
    /** @type {Record<string, any>} */
    const error = { kind: 'error', type, message };
    const objects = [error];
    if (cause === 'object') {
      objects.push({ kind: 'object', props: [{ key: 'why', value: 'because' }] });
      error.cause = { ref: 1 };
    } else if (cause === 'self') error.cause = { ref: 0 };
    else if (cause !== 'none') error.cause = cause;
    const props = [];
    if (name === 'getter') props.push({ key: 'name', get: { returns: 'RangeError' } });
    else if (name === 'non-string') props.push({ key: 'name', value: 42 });
    else if (name !== 'none') props.push({ key: 'name', value: name });
    if (extra) props.push({ key: 'extra', value: 'kept?' });
    if (props.length > 0) error.props = props;
    if (proto !== undefined) error.proto = proto;
    return { root: { ref: 0 }, objects };
  });

/** Boxed primitives, every wrapper kind, special numbers and symbols included. */
export const boxedGraph = fc
  .array(fc.oneof({ weight: 4, arbitrary: primitiveValue }, { weight: 1, arbitrary: symbolValue }).filter((v) => v !== null && !(typeof v === 'object' && 'undefined' in v)), { minLength: 1, maxLength: 3 })
  .map((values) => ({
    root: { ref: 0 },
    objects: [{ kind: 'array', items: values.map((_, i) => ({ ref: i + 1 })) }, ...values.map((value) => ({ kind: 'boxed', value }))],
  }));

/** Moves a graph's node indices behind the map and the set that hold it. @param {number} i */
const shift = (i) => i + 2;

/** Maps and Sets with nested, shared and cyclic members. */
export const collectionGraph = objectGraph({ maxObjects: 3 }).map((g) => ({
  root: { ref: 0 },
  objects: [
    { kind: 'map', entries: [[{ ref: 1 }, { ref: 0 }], ['k', mapValue(g.root, shift)], [{ number: 'NaN' }, { number: '-0' }]] },
    { kind: 'set', values: [{ ref: 0 }, { ref: 1 }, { number: '-0' }, 0] },
    ...g.objects.map((node) => mapRefs(node, shift)),
  ],
}));

/** Uncloneables at the root or nested: functions, symbols, proxies, WeakMap, Promise, private fields. */
export const uncloneableGraph = fc
  .tuple(
    fc.oneof(
      fc.constantFrom('arrow', 'function', 'class', 'async', 'generator', 'bound').map((style) => ({ kind: 'function', style })),
      fc.constantFrom('WeakMap', 'WeakSet', 'WeakRef', 'FinalizationRegistry', 'Promise', 'Generator', 'Arguments', 'ArrayIterator').map((type) => ({ kind: 'opaque', type })),
      fc.constantFrom('object', 'array', 'map').map((target) => ({ kind: 'proxy', target })),
      fc.constant({ kind: 'symbol' }),
      fc.constant({ kind: 'object', class: 'Secret', privateField: true }),
    ),
    fc.boolean(),
  )
  .map(([thing, nested]) => {
    if (thing.kind === 'symbol') return nested ? { root: { ref: 0 }, objects: [{ kind: 'array', items: [1, { symbol: 'x' }] }] } : { root: { symbol: 'x' }, objects: [] };
    if (thing.kind === 'proxy') {
      const target = thing.target === 'array' ? { kind: 'array', items: [1] } : thing.target === 'map' ? { kind: 'map', entries: [] } : { kind: 'object' };
      return { root: nested ? { ref: 2 } : { ref: 1 }, objects: [target, { kind: 'proxy', target: 0 }, { kind: 'object', props: [{ key: 'a', value: 1 }, { key: 'p', value: { ref: 1 } }] }] };
    }
    return nested
      ? { root: { ref: 0 }, objects: [{ kind: 'array', items: ['before', { ref: 1 }] }, thing] }
      : { root: { ref: 0 }, objects: [thing] };
  });

/** Transfer lists: buffers (duplicated, shared, detached, viewed) and things that are not transferable. */
export const transferGraph = fc
  .record({
    list: fc.array(fc.constantFrom(0, 1, 2, 3, 4), { minLength: 1, maxLength: 3 }),
    rootIncludesBuffer: fc.boolean(),
  })
  .map(({ list, rootIncludesBuffer }) => ({
    root: { ref: rootIncludesBuffer ? 5 : 4 },
    // 0 plain buffer, 1 shared buffer, 2 detached buffer, 3 resizable buffer, 4 object, 5 array with views
    objects: [
      { kind: 'arraybuffer', bytes: [1, 2, 3, 4] },
      { kind: 'arraybuffer', bytes: [5, 6], shared: true },
      { kind: 'arraybuffer', bytes: [7], detached: true },
      { kind: 'arraybuffer', bytes: [8, 9], maxByteLength: 8 },
      { kind: 'object', props: [{ key: 'a', value: 1 }] },
      { kind: 'array', items: [{ ref: 0 }, { ref: 6 }, { ref: 7 }] },
      { kind: 'view', type: 'Uint16Array', buffer: 0 },
      { kind: 'view', type: 'DataView', buffer: 3 },
    ],
    transfer: list,
  }));

/** A primitive or a built string as the root (Deno's primitive tier, Bun's string tier). */
export const primitiveRoot = fc.oneof(anyPrimitiveValue, stringExpr.map((e) => ({ string: e }))).map((root) => ({ root, objects: [] }));

// ---------------------------------------------------------------------------
// Channel options and the whole program

/**
 * Adds the channel options: sender / receiver pollution, sometimes a
 * transfer list with a fresh buffer (tiers must stand aside), sometimes
 * forStorage (shared buffers must then be refused).
 * @param {fc.Arbitrary<Draft>} draft
 * @param {{pollution: number, channel: number}} rates weights (of 10) for pollution and non-default channels
 */
export function withChannel(draft, { pollution, channel }) {
  const maybe = (weight, arb, otherwise) => fc.oneof({ weight: 10 - weight, arbitrary: fc.constant(otherwise) }, { weight, arbitrary: arb });
  return fc
    .record({
      draft,
      sender: maybe(pollution, realmSteps, []),
      receiver: maybe(pollution, realmSteps, []),
      mode: maybe(channel, fc.constantFrom('transfer', 'storage'), 'plain'),
    })
    .map(({ draft: d, sender, receiver, mode }) => {
      /** @type {Record<string, any>} */
      const program = { schema: PROGRAM_SCHEMA, root: d.root };
      const objects = [...d.objects];
      let transfer = d.transfer ?? [];
      if (mode === 'transfer' && transfer.length === 0) {
        objects.push({ kind: 'arraybuffer', bytes: [42] });
        transfer = [objects.length - 1];
      }
      if (objects.length > 0) program.objects = objects;
      if (transfer.length > 0) program.transfer = transfer;
      if (mode === 'storage' && transfer.length === 0) program.forStorage = true;
      const allSender = [...(d.sender ?? []), ...sender];
      const allReceiver = [...(d.receiver ?? []), ...receiver];
      if (allSender.length > 0) program.sender = allSender;
      if (allReceiver.length > 0) program.receiver = allReceiver;
      return program;
    });
}

/** The families `programArbitrary` mixes, by name, with their default weights. */
export const families = {
  primitiveRoot: { arbitrary: primitiveRoot, weight: 2 },
  almostInt32Array: { arbitrary: almostInt32Array, weight: 3 },
  almostDoubleArray: { arbitrary: almostDoubleArray, weight: 2 },
  almostContiguousArray: { arbitrary: almostContiguousArray, weight: 2 },
  almostSimpleObject: { arbitrary: almostSimpleObject, weight: 3 },
  flatObjectArray: { arbitrary: flatObjectArray, weight: 3 },
  wideObject: { arbitrary: wideObject, weight: 1 },
  sideEffectGraph: { arbitrary: sideEffectGraph, weight: 2 },
  bufferGraph: { arbitrary: bufferGraph, weight: 2 },
  collectionGraph: { arbitrary: collectionGraph, weight: 1 },
  errorGraph: { arbitrary: errorGraph, weight: 2 },
  boxedGraph: { arbitrary: boxedGraph, weight: 1 },
  uncloneableGraph: { arbitrary: uncloneableGraph, weight: 1 },
  transferGraph: { arbitrary: transferGraph, weight: 1 },
  objectGraph: { arbitrary: objectGraph(), weight: 5 },
};

/**
 * Valid programs from every family, weighted.
 * @param {Partial<Record<keyof typeof families | 'pollution' | 'channel', number>>} [weights]
 *   family weights (0 leaves a family out), plus `pollution` and `channel`:
 *   how often, out of 10, realm steps and a transfer / storage channel are added (default 2 and 1)
 */
export function programArbitrary(weights = {}) {
  const mix = [];
  for (const [name, family] of Object.entries(families)) {
    const weight = weights[name] ?? family.weight;
    if (weight > 0) mix.push({ weight, arbitrary: family.arbitrary });
  }
  if (mix.length === 0) throw new TypeError('programArbitrary: every family has weight 0');
  return withChannel(fc.oneof(...mix), { pollution: weights.pollution ?? 2, channel: weights.channel ?? 1 });
}

/** Programs decoded from random bytes by `fromBytes`: the coverage-guided fuzzers' entry point. */
export const programFromBytes = fc.uint8Array({ maxLength: 256 }).map((bytes) => fromBytes(bytes));

/**
 * What the fuzzers draw: programs from the weighted families, and programs
 * decoded from random bytes (by default one in four).
 * @param {Parameters<typeof programArbitrary>[0] & {bytes?: number}} [weights]
 *   `bytes`: the weight of decoded programs against 3 for generated ones
 */
export function casePrograms(weights = {}) {
  const { bytes = 1, ...familyWeights } = weights;
  if (bytes === 0) return programArbitrary(familyWeights);
  return fc.oneof(
    { weight: 3, arbitrary: programArbitrary(familyWeights) },
    { weight: bytes, arbitrary: programFromBytes },
  );
}
