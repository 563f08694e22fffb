// Simpler versions of a program, one part at a time: the second half of the
// local minimum (reduce.js), after removing parts. A number goes toward 0, a
// string toward "" and shorter, a bigint toward 0n, a boolean to false, a
// reference to a node toward 0 (the node then goes, when nothing else reaches
// it), a node's optional fields and a property's attributes back to their
// defaults, an accessor to plain data, a key toward a simpler name, and each
// kind's own fields toward their simplest (SIMPLER_FIELDS). Each candidate is
// strictly simpler than the program it comes from (shorter, nearer 0, or at
// a fixed simplest value), so taking candidates one after another always ends.
//
// Which candidates keep the bug is the caller's question (a -0 or a NaN the
// bug needs fails its test and stays), and so is which may be tried at all:
// a deviation's shrink tries none that makes the program of anything new
// (same-bug.js `keepsFeatures`: an accessor made data could be another bug).

import { PROGRAM_SCHEMA, build, mapNode, mapProp } from '../../src/program/index.js';
import { KIND_FIELDS } from '../../src/program/schema.js';
import { isArrayIndex } from '../../src/abstract-ops/object-operations.js';

/** A node's fields every kind may have besides its own, each with a default. */
const COMMON_OPTIONAL_FIELDS = ['proto', 'integrity'];
/** A property's (or a realm step's) parts that have a default: the attributes (true), the value (undefined), one accessor half, a method. */
const OPTIONAL_PROP_FIELDS = ['writable', 'enumerable', 'configurable', 'value', 'get', 'set', 'method'];
const BEHAVIORS = ['get', 'set', 'method'];
/** A runtime-built string is written out as a literal only up to this length (a longer one stays an expression). */
const MAX_LITERAL = 64;

/**
 * Simpler values of each kind's own fields (the Values among them, such as
 * items and an error's message, are simplified with every other Value).
 * @type {Record<string, Record<string, (value: any) => Iterable<any>>>}
 */
const SIMPLER_FIELDS = {
  object: { class: simplerNames, fill: ([value, count, prefix]) => simplerNumbers(count).map((fewer) => [value, fewer, prefix]) },
  // A fill's count halves toward 0 (a threshold bug keeps the count just above its threshold).
  array: { length: simplerNumbers, subclass: simplerNames, fill: ([item, count]) => simplerNumbers(count).map((fewer) => [item, fewer]) },
  date: { time: simplerValues },
  regexp: { source: simplerStrings, flags: fewerFlags, lastIndex: simplerNumbers },
  arraybuffer: { bytes: simplerBytes, byteLength: simplerNumbers, maxByteLength: simplerNumbers, resizeTo: simplerNumbers },
  view: { type: simplest('Uint8Array'), byteOffset: simplerNumbers, length: simplerNumbers },
  error: { type: simplest('Error') },
  function: { style: simplest('arrow') },
};

/**
 * Every program that is `program` with one part made simpler: the root, each
 * realm step, each object node.
 * @param {any} program a valid program
 * @returns {Generator<any>}
 */
export function* withOnePartSimpler(program) {
  for (const root of simplerValues(program.root)) yield { ...program, root };
  for (const list of ['sender', 'receiver']) {
    const steps = program[list] ?? [];
    for (let i = 0; i < steps.length; i++) {
      for (const step of simplerSteps(steps[i])) yield { ...program, [list]: replaced(steps, i, step) };
    }
  }
  const objects = program.objects ?? [];
  for (let n = 0; n < objects.length; n++) {
    for (const node of simplerNodes(objects[n])) yield { ...program, objects: replaced(objects, n, node) };
  }
}

/**
 * A node with one part simpler: an optional field gone, one of its kind's
 * fields simpler, one property simpler, one Value simpler.
 * @param {any} node
 * @returns {Generator<any>}
 */
function* simplerNodes(node) {
  const { fields, required } = KIND_FIELDS[node.kind];
  for (const field of [...COMMON_OPTIONAL_FIELDS, ...fields.filter((f) => !required.includes(f))]) {
    if (Object.hasOwn(node, field)) yield withoutField(node, field);
  }
  for (const [field, simpler] of Object.entries(SIMPLER_FIELDS[node.kind] ?? {})) {
    if (!Object.hasOwn(node, field)) continue;
    for (const value of simpler(node[field])) yield { ...node, [field]: value };
  }
  const props = node.props ?? [];
  for (let i = 0; i < props.length; i++) {
    const otherKeys = without(props, i).map((prop) => prop.key);
    for (const prop of simplerProps(props[i], otherKeys)) yield { ...node, props: replaced(props, i, prop) };
  }
  yield* withOneValueSimpler(node, mapNode);
}

/** @param {any} step a realm step @returns {Generator<any>} */
function* simplerSteps(step) {
  yield* simplerProps(step, []);
  yield* withOneValueSimpler(step, mapProp);
}

/**
 * A property (or a realm step) with one part simpler, its Values aside: an
 * attribute back to its default, the value or an accessor half gone, an
 * accessor as the data its getter returns, a behavior simpler, the key simpler.
 * @param {any} prop
 * @param {unknown[]} otherKeys  the keys of the holder's other properties (a simpler key avoids them)
 * @returns {Generator<any>}
 */
function* simplerProps(prop, otherKeys) {
  for (const field of OPTIONAL_PROP_FIELDS) if (Object.hasOwn(prop, field)) yield withoutField(prop, field);
  if (Object.hasOwn(prop.get ?? {}, 'returns')) {
    const { get, set, ...data } = prop;
    yield { ...data, value: get.returns };
  }
  for (const field of BEHAVIORS) {
    if (!Object.hasOwn(prop, field)) continue;
    for (const behavior of simplerBehaviors(prop[field])) yield { ...prop, [field]: behavior };
  }
  for (const key of simplerKeys(prop.key, otherKeys)) yield { ...prop, key };
}

/**
 * A behavior with one effect fewer, without its throw or a plain Error
 * thrown instead, or without its return value.
 * @param {any} behavior
 * @returns {Generator<any>}
 */
function* simplerBehaviors(behavior) {
  const effects = behavior.effects ?? [];
  for (let i = effects.length - 1; i >= 0; i--) {
    yield effects.length === 1 ? withoutField(behavior, 'effects') : { ...behavior, effects: without(effects, i) };
  }
  if (Object.hasOwn(behavior, 'throws')) {
    yield withoutField(behavior, 'throws');
    yield* simplest('Error')(behavior.throws).map((throws) => ({ ...behavior, throws }));
  }
  if (Object.hasOwn(behavior, 'returns')) yield withoutField(behavior, 'returns');
}

/**
 * A node (or a prop) with one of its Values simpler, each Value in turn, as
 * `walk` (refs.js: mapNode, mapProp) finds them. A prototype stays (without
 * one, the node has its kind's default: a field candidate above).
 * @param {any} part
 * @param {(part: any, maps: import('../../src/program/refs.js').NodeMaps) => any} walk
 * @returns {Generator<any>}
 */
function* withOneValueSimpler(part, walk) {
  /** @type {{value: unknown, field: string}[]} */
  const places = [];
  walk(part, { value: (value, field) => (places.push({ value, field }), value), index: (i) => i });
  for (let place = 0; place < places.length; place++) {
    if (places[place].field === 'proto') continue;
    for (const simpler of simplerValues(places[place].value)) {
      let at = 0;
      yield walk(part, { value: (value) => (at++ === place ? simpler : value), index: (i) => i });
    }
  }
}

/**
 * Simpler Values of the same type (a reference becomes 0): numbers toward 0,
 * strings toward "", a runtime-built string toward a short literal, false,
 * 0n, a symbol with an empty description.
 * @param {unknown} value a Value (docs/program.md), or an array's hole
 * @returns {Generator<unknown>}
 */
export function* simplerValues(value) {
  switch (typeof value) {
    case 'number': yield* simplerNumbers(value); return;
    case 'string': yield* simplerStrings(value); return;
    case 'boolean': if (value) yield false; return;
  }
  if (value === null || typeof value !== 'object') return;
  const [form] = Object.keys(value);
  const operand = /** @type {any} */ (value)[form];
  switch (form) {
    // NaN, -0, Infinity, -Infinity: 0, unless the bug needs the special number.
    case 'number': yield 0; return;
    case 'ref': yield 0; return;
    case 'bigint': for (const digits of simplerBigints(operand)) yield { bigint: digits }; return;
    case 'symbol': for (const description of simplerStrings(operand)) yield { symbol: description }; return;
    case 'string': {
      yield '';
      const text = stringOf(value);
      if (text !== '' && text.length <= MAX_LITERAL) yield text;
      for (const expr of simplerStringExprs(operand)) yield { string: expr };
    }
  }
}

/**
 * 0, then the integer part of a fraction, or half an integer (toward 0).
 * @param {number} n
 * @returns {number[]}
 */
function simplerNumbers(n) {
  if (n === 0) return [];
  const whole = Math.trunc(n);
  const next = whole !== n ? whole : Math.trunc(n / 2);
  // (A fraction of magnitude below 1 truncates to 0 or -0: 0 is the first candidate already.)
  return next === 0 ? [0] : [0, next];
}

/**
 * "", the first half, all but the last character, then as many "a"s.
 * @param {string} text
 * @returns {string[]}
 */
function simplerStrings(text) {
  if (text === '') return [];
  const candidates = new Set(['', text.slice(0, text.length >> 1), text.slice(0, -1), 'a'.repeat(text.length)]);
  candidates.delete(text);
  return [...candidates];
}

/** @param {string} digits a bigint's decimal text @returns {string[]} "0", then half of it */
function simplerBigints(digits) {
  const n = BigInt(digits);
  if (n === 0n) return [];
  return n / 2n === 0n ? ['0'] : ['0', String(n / 2n)];
}

/**
 * A StringExpr (docs/program.md) with one part simpler: a literal simpler, a
 * repeat count lower, a concatenation with one part fewer, a slice's
 * bounds nearer 0.
 * @param {any} expr
 * @returns {Generator<any>}
 */
function* simplerStringExprs(expr) {
  if (typeof expr === 'string') {
    yield* simplerStrings(expr);
    return;
  }
  const [form] = Object.keys(expr);
  const args = expr[form];
  const withArg = (/** @type {number} */ i, /** @type {unknown} */ arg) => ({ [form]: replaced(args, i, arg) });
  if (form === 'concat') for (let i = 0; i < args.length; i++) yield { concat: without(args, i) };
  const exprs = form === 'concat' ? args.length : 1;
  for (let i = 0; i < exprs; i++) for (const simpler of simplerStringExprs(args[i])) yield withArg(i, simpler);
  for (let i = exprs; i < args.length; i++) for (const n of simplerNumbers(args[i])) yield withArg(i, n);
}

/** @param {any} value a `{"string": StringExpr}` Value @returns {string} the string it builds */
function stringOf(value) {
  return /** @type {string} */ (build({ schema: PROGRAM_SCHEMA, root: value }).value);
}

/**
 * An own key with a simpler name: an index toward 0, a name toward "a" (the
 * first letter no other property has), a symbol toward an empty description,
 * a built key toward the literal it builds.
 * An index stays an index and a name a name: engines treat them apart.
 * @param {any} key
 * @param {unknown[]} otherKeys
 * @returns {unknown[]}
 */
function simplerKeys(key, otherKeys) {
  const taken = new Set(otherKeys.filter((other) => typeof other === 'string'));
  if (typeof key === 'string') {
    if (isArrayIndex(key)) return simplerNumbers(Number(key)).map(String).filter((index) => !taken.has(index));
    const name = [...'abcdefghijklmnopqrstuvwxyz'].find((letter) => !taken.has(letter));
    return name !== undefined && shorterOrEarlier(name, key) ? [name] : [];
  }
  if (Object.hasOwn(key, 'symbol')) return simplerStrings(key.symbol).map((symbol) => ({ symbol }));
  // A built key first becomes the string it builds: the finding may not need the rope or the slice.
  if (Object.hasOwn(key, 'string')) return [stringOf(key)];
  return [];
}

/** @param {string} a @param {string} b @returns {boolean} a before b when shorter strings come first */
function shorterOrEarlier(a, b) {
  return a.length < b.length || (a.length === b.length && a < b);
}

/** @param {string} name a class name @returns {string[]} "A" when that is shorter or earlier */
function simplerNames(name) {
  return shorterOrEarlier('A', name) ? ['A'] : [];
}

/** @param {string} flags @returns {string[]} the flags with one left out */
function fewerFlags(flags) {
  return [...flags].map((_, i) => flags.slice(0, i) + flags.slice(i + 1));
}

/** @param {number[]} bytes @returns {number[][]} no bytes, the first half, all but the last, then as many zeros */
function simplerBytes(bytes) {
  if (bytes.length === 0) return [];
  const candidates = [[], bytes.slice(0, bytes.length >> 1), bytes.slice(0, -1)].filter((fewer, i) => i === 0 || fewer.length > 0);
  const unique = candidates.filter((fewer, i) => candidates.findIndex((other) => other.length === fewer.length) === i);
  if (bytes.some((byte) => byte !== 0)) unique.push(bytes.map(() => 0));
  return unique;
}

/**
 * @param {string} value the simplest of an enumeration
 * @returns {(current: string) => string[]} it, unless the field holds it already
 */
function simplest(value) {
  return (current) => (current === value ? [] : [value]);
}

/** @param {any} record @param {string} field @returns {any} the record without the field */
export function withoutField(record, field) {
  const { [field]: _, ...rest } = record;
  return rest;
}

/** @template T @param {T[]} list @param {number} i @returns {T[]} the list without its i-th entry */
export function without(list, i) {
  return list.filter((_, j) => j !== i);
}

/** @template T @param {T[]} list @param {number} i @param {T} item @returns {T[]} the list with its i-th entry replaced */
function replaced(list, i, item) {
  return list.map((old, j) => (j === i ? item : old));
}
