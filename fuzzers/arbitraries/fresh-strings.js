// Strings no realm has seen before the message arrives. The key alphabet
// (keys.js) is a few dozen short names every realm interned long ago, so an
// engine's atom table, its shape caches and the lookup check
// (src/observe/lookups.js) never meet a name that only the message carries.
// Here every case draws its own names: a token of 8 base-36 digits drawn
// without bias (fast-check's bias would repeat small tokens across cases),
// so names are unique per case, yet deterministic per seed and shrinkable.
//
// A representation is a form (how the string is made and held) at a place
// (where the message carries it). The forms sit on the engines' limits:
//  - V8 makes a ConsString or a SlicedString only from 13 characters
//    (ConsString::kMinLength, SlicedString::kMinLength), copies below that,
//    and internalizes a property key, in place as a ThinString when it
//    cannot be moved; it hashes only the length of strings longer than
//    16383 characters (String::kMaxHashCalcLength), so long keys of one
//    length share a hash; a numeric string of at most 10 digits hashes as
//    an array index (String::kMaxArrayIndexSize).
//  - Bun's string fast path (oven-sh/bun#21926) must copy atoms, symbols,
//    substring slices and external buffers before another thread reads
//    them, and leaves strings under 256 characters to the full serializer
//    (oven-sh/bun#22006) so they may still be atomized: 255 / 256 / 257.
//  - JSC keeps strings one byte (Latin-1) until a character above U+00FF
//    makes them two-byte, as V8 does.
// The places: an object's own key, the same key on several objects of one
// message (a receiver's shape or atom cache is hit a second time), a value
// (an array's item, a root string: the string tiers), and a Map key.

import fc from 'fast-check';
import { isArrayIndex } from '../../src/abstract-ops/object-operations.js';
import { keyProblem } from '../../src/program/schema.js';
import { stringExprText } from '../../src/program/values.js';
import { copyDraft } from '../strategies/draft.js';

/** @typedef {import('../strategies/draft.js').Draft} Draft */

/** What every fresh string but a numeric-looking one contains: "~" and the case's token. */
const FRESH_MARK = /~[0-9a-z]{8}/;
const TOKEN_SPACE = 36 ** 8;
/** Numeric-looking fresh names: 10 or more digits, then maybe a fraction or an exponent. */
const FRESH_NUMERIC = /^-?\d{10,}(\.\d+|e\d+)?$/;
/** The 10-digit names keys.js already has (every realm meets them in every run). */
const SEEN_NUMERIC = ['4294967295', '4294967294'];

/** A case's token: "~" and 8 base-36 digits, drawn without bias. */
export const freshToken = fc.noBias(fc.integer({ min: 0, max: TOKEN_SPACE - 1 }))
  .map((n) => `~${n.toString(36).padStart(8, '0')}`);

/**
 * `head` and then `unit` repeated, cut to `length` code units (never shorter than head).
 * @param {string} head @param {number} length @param {string} unit
 */
function filled(head, length, unit) {
  const missing = Math.max(0, length - head.length);
  return head + unit.repeat(Math.ceil(missing / unit.length)).slice(0, missing);
}

/** Lengths below V8's 13-character cons / slice minimum, and just above it. */
const shortLength = fc.oneof(fc.integer({ min: 9, max: 12 }), fc.integer({ min: 13, max: 64 }));
/** Bun #22006's 256-character cut, and V8's 16383-character hash limit: a long one-byte string has at least LONG characters. */
const longLength = fc.constantFrom(255, 256, 257, 16383, 16384, 16385);
const LONG = 255;
const anyLength = fc.oneof({ weight: 3, arbitrary: shortLength }, { weight: 1, arbitrary: longLength });
const LATIN1_UNITS = ['é', 'ÿ\u0080', '\u00a0ß'];
const TWO_BYTE_UNITS = ['ā', '中文', '😀', 'Ωé'];
const UNITS = ['x', ...LATIN1_UNITS, ...TWO_BYTE_UNITS];

/**
 * Numeric-looking names (engines keep numeric keys apart: elements, index
 * hashes, canonical numeric strings), each with a drawn 10-digit part.
 */
const numericName = fc.tuple(
  fc.noBias(fc.integer({ min: 0, max: 2 ** 31 - 4 })),
  fc.constantFrom('index', 'beyond uint32', 'negative', 'exponent', 'leading zeros', 'fraction'),
).map(([n, shape]) => {
  const ten = String(1e9 + n);
  switch (shape) {
    // An array index past int32 (2^31 .. 2^32 - 4): an element, not a named property.
    case 'index': return String(2 ** 31 + n);
    case 'beyond uint32': return String(2 ** 32 + n);
    case 'negative': return `-${ten}`;
    case 'exponent': return `${ten}e3`;
    case 'leading zeros': return `00${ten}`;
    default: return `${ten}.5`;
  }
});

/** A rope: the token concatenated with a repeated unit (a ConsString from 13 characters), sometimes a rope of ropes. */
const rope = fc.tuple(freshToken, fc.constantFrom(...UNITS), fc.constantFrom(13, 14, 64, 256, 16384), fc.boolean())
  .map(([token, unit, length, nested]) => {
    const pad = { repeat: [unit, Math.ceil((length - token.length) / unit.length)] };
    return nested ? { concat: [{ concat: [token.slice(0, 5), token.slice(5)] }, pad] } : { concat: [token, pad] };
  });

/** A substring of a long string (a SlicedString from 13 characters) that keeps the token. */
const substring = fc.tuple(
  freshToken, fc.constantFrom(...UNITS), fc.constantFrom(256, 1024, 16385), fc.integer({ min: 0, max: 8 }), fc.constantFrom(13, 14, 64, 255, 256),
).map(([token, unit, parentLength, before, length]) => {
  const side = Math.ceil((parentLength - token.length) / 2 / unit.length);
  const start = side * unit.length - before;
  return { slice: [{ concat: [{ repeat: [unit, side] }, token, { repeat: [unit, side] }] }, start, start + Math.max(length, before + token.length)] };
});

/**
 * The forms, each an arbitrary of a string literal or a StringExpr (`{"string": …}` makes it a Value or a Key).
 * @type {Record<string, fc.Arbitrary<string | {string: any}>>}
 */
const FORMS = {
  'one-byte': fc.tuple(freshToken, shortLength).map(([t, n]) => filled(t, n, t)),
  'long one-byte': fc.tuple(freshToken, longLength).map(([t, n]) => filled(t, n, t)),
  latin1: fc.tuple(freshToken, anyLength, fc.constantFrom(...LATIN1_UNITS)).map(([t, n, unit]) => filled(t, Math.max(n, t.length + unit.length), unit)),
  'two-byte': fc.tuple(freshToken, anyLength, fc.constantFrom(...TWO_BYTE_UNITS)).map(([t, n, unit]) => filled(t, Math.max(n, t.length + unit.length), unit)),
  'numeric-looking': numericName,
  rope: rope.map((expr) => ({ string: expr })),
  substring: substring.map((expr) => ({ string: expr })),
};
const PLACES = ['key', 'shared key', 'value', 'map key'];

/** Every representation's name, `<form> <place>`, in a fixed order (census lines). */
export const REPRESENTATIONS = Object.keys(FORMS).flatMap((form) => PLACES.map((place) => `${form} ${place}`));

/**
 * A fresh name as a literal string key (the forms a realm step or an effect may name too).
 */
export const freshName = fc.oneof(
  { weight: 3, arbitrary: FORMS['one-byte'] },
  { weight: 1, arbitrary: FORMS['long one-byte'] },
  { weight: 1, arbitrary: FORMS.latin1 },
  { weight: 2, arbitrary: FORMS['two-byte'] },
  { weight: 2, arbitrary: FORMS['numeric-looking'] },
).map((s) => /** @type {string} */ (s));

/** @param {string | {string: any}} s a literal or a `{"string": …}` @returns {string} */
const textOf = (s) => (typeof s === 'string' ? s : stringExprText(s.string));

/**
 * The nodes the message carries: those the root reaches through `{"ref"}`
 * Values (a graph whose root is a primitive carries none).
 * @param {{root?: unknown, objects?: Record<string, any>[]}} d
 * @returns {number[]} their indices, ascending
 */
function carriedNodes({ root, objects = [] }) {
  const carried = new Set();
  /** @param {unknown} x */
  const scan = (x) => {
    if (x === null || typeof x !== 'object') return;
    if (Array.isArray(x)) return x.forEach(scan);
    const ref = /** @type {any} */ (x).ref;
    if (Number.isInteger(ref) && Object.keys(x).length === 1) {
      if (carried.has(ref)) return;
      carried.add(ref);
      return scan(objects[ref]);
    }
    Object.values(x).forEach(scan);
  };
  scan(root);
  return [...carried].sort((a, b) => a - b);
}

/**
 * Carried objects and arrays that may own a property named `text` (schema.js
 * keyProblem; no index key on an array, whose length would explode). Only
 * those: the standard clones the own properties of no other kind, and an
 * engine that carries them anyway (Bun, a Map's) would deviate for that
 * reason first, hiding what the string does.
 * @param {Draft} d @param {string} text
 * @returns {number[]}
 */
function holders(d, text) {
  return carriedNodes(d).filter((i) => {
    const node = d.objects[i];
    if (node.kind !== 'object' && node.kind !== 'array') return false;
    return keyProblem(node, text) === undefined && !(node.kind === 'array' && isArrayIndex(text));
  });
}

/** A node holding `props`, added to the draft. @param {Draft} d @param {object[]} props @returns {number} its index */
function addObject(d, props) {
  d.objects.push({ kind: 'object', props });
  return d.objects.length - 1;
}

/** @param {Record<string, any>} node @param {object} prop */
function addProp(node, prop) {
  (node.props ??= []).push(prop);
}

/** A seen name for a value's property: the first of a few that the object lacks. @param {Record<string, any>} node */
function seenName(node) {
  const taken = new Set((node.props ?? []).map((p) => (typeof p.key === 'string' ? p.key : '')));
  const name = ['value', 'data', 'text', 'id', 'item'].find((k) => !taken.has(k));
  if (name !== undefined) return name;
  let n = 0;
  while (taken.has(`v${n}`)) n += 1;
  return `v${n}`;
}

/**
 * Puts a Value where the message carries it: in place of a primitive root,
 * as a new item of an array, or as a property (a seen name) of an object;
 * `pick` chooses the place. A draft with no such place gets an object
 * holding its old root and the value.
 * @param {Draft} d @param {unknown} value @param {number} pick
 */
function placeValue(d, value, pick) {
  /** @type {(() => void)[]} */
  const slots = [];
  const root = /** @type {any} */ (d.root);
  if (root === null || typeof root !== 'object' || !('ref' in root)) slots.push(() => { d.root = value; });
  carriedNodes(d).map((i) => d.objects[i]).forEach((node) => {
    if (node.kind === 'array' && !('length' in node)) slots.push(() => node.items.push(value));
    if (node.kind === 'object') slots.push(() => addProp(node, { key: seenName(node), value }));
  });
  if (slots.length > 0) return slots[pick % slots.length]();
  d.root = { ref: addObject(d, [{ key: 'value', value }, { key: 'next', value: d.root }]) };
}

/**
 * Puts the fresh string as an own key of `copies` nodes (1 for a key, 2 or 3
 * for a shared key), the draft's own where they can take it, new objects
 * otherwise (each holding the next, or the old root, under that key).
 * @param {Draft} d @param {string | {string: any}} key @param {number} pick @param {number} copies
 */
function placeKey(d, key, pick, copies) {
  const text = textOf(key);
  const own = holders(d, text);
  const chosen = [];
  for (let i = 0; i < Math.min(copies, own.length); i++) chosen.push(own[(pick + i) % own.length]);
  for (const index of chosen) addProp(d.objects[index], { key, value: index });
  let held = chosen.length === 0 ? d.root : { ref: chosen[0] };
  for (let i = chosen.length; i < copies; i++) held = { ref: addObject(d, [{ key, value: held }]) };
  if (chosen.length === 0) d.root = held;
  else if (chosen.length < copies) placeValue(d, held, pick);
}

/**
 * Puts the fresh string as a Map key: into a Map the draft has, or a new
 * one placed as a value.
 * @param {Draft} d @param {string | {string: any}} s @param {number} pick
 */
function placeMapKey(d, s, pick) {
  const maps = carriedNodes(d).map((i) => d.objects[i]).filter((node) => node.kind === 'map');
  if (maps.length > 0) maps[pick % maps.length].entries.push([s, pick % 1000]);
  else placeValue(d, { ref: d.objects.push({ kind: 'map', entries: [[s, 1]] }) - 1 }, pick);
}

/**
 * @param {string | {string: any}} s @param {string} place @param {number} pick
 * @returns {(draft: Draft) => Draft}
 */
function placing(s, place, pick) {
  return (draft) => {
    const d = copyDraft(draft);
    if (place === 'key') placeKey(d, s, pick, 1);
    else if (place === 'shared key') placeKey(d, s, pick, 2 + (pick % 2));
    else if (place === 'value') placeValue(d, s, pick);
    else placeMapKey(d, s, pick);
    return d;
  };
}

/**
 * Each representation's arbitrary of a transformation that puts a fresh
 * string of that form at that place into a Draft (a copy: the draft given
 * is left as fast-check holds it). The result stays valid: keys go only
 * where schema.js keyProblem allows them, and a fresh key never meets
 * another definition of itself.
 * @type {Record<string, fc.Arbitrary<(draft: Draft) => Draft>>}
 */
export const stringRepresentations = Object.fromEntries(Object.entries(FORMS).flatMap(([form, strings]) => PLACES.map((place) => [
  `${form} ${place}`, fc.tuple(strings, fc.nat()).map(([s, pick]) => placing(s, place, pick)),
])));

/** Any representation's transformation, each as likely. */
export const anyStringRepresentation = fc.oneof(...Object.values(stringRepresentations));

/**
 * Whether a string is one of the fresh strings made here: it holds a token,
 * or it is a numeric-looking name of 10 digits or more that keys.js lacks.
 * @param {string} text
 */
export function isFresh(text) {
  return FRESH_MARK.test(text) || (FRESH_NUMERIC.test(text) && !SEEN_NUMERIC.includes(text));
}

/**
 * The form of a string the message carries, when it is fresh.
 * @param {string} text
 * @param {string | undefined} built the StringExpr operation at its top, when built at run time
 * @returns {string | undefined}
 */
function formOf(text, built) {
  if (!isFresh(text)) return undefined;
  if (!FRESH_MARK.test(text)) return 'numeric-looking';
  if (built === 'slice') return 'substring';
  if (built !== undefined) return 'rope';
  if (/[^\0-\xff]/.test(text)) return 'two-byte';
  if (/[\x80-\xff]/.test(text)) return 'latin1';
  return text.length >= LONG ? 'long one-byte' : 'one-byte';
}

/** @param {unknown} s @returns {{text: string, built?: string} | undefined} a string Value or Key's text */
function stringOf(s) {
  if (typeof s === 'string') return { text: s };
  if (s === null || typeof s !== 'object' || Array.isArray(s)) return undefined;
  const keys = Object.keys(s);
  if (keys.length !== 1 || keys[0] !== 'string') return undefined;
  const expr = /** @type {any} */ (s).string;
  return { text: stringExprText(expr), built: typeof expr === 'string' ? undefined : Object.keys(expr)[0] };
}

/**
 * The representations a program holds, read from the program itself: each
 * fresh string of its value (the root and the nodes it reaches; realm steps
 * are not part of the message), by form and place. A fresh key on two or more objects is a
 * shared key; an effect's key counts as a key.
 * @param {Record<string, any>} program
 * @returns {string[]} representation names, in REPRESENTATIONS order
 */
export function stringRepresentationsIn(program) {
  const found = new Set();
  /** @type {Map<string, {form: string, nodes: Set<number>}>} fresh key text -> its form and the nodes that own it */
  const keys = new Map();
  /** @param {unknown} s @param {string} place @param {number} node */
  const seen = (s, place, node) => {
    const string = stringOf(s);
    if (string === undefined) return false;
    const form = formOf(string.text, string.built);
    if (form === undefined) return true;
    if (place !== 'key') found.add(`${form} ${place}`);
    else {
      const entry = keys.get(string.text) ?? { form, nodes: new Set() };
      entry.nodes.add(node);
      keys.set(string.text, entry);
    }
    return true;
  };
  /** @param {unknown} x @param {number} node */
  const walk = (x, node) => {
    if (seen(x, 'value', node) || x === null || typeof x !== 'object') return;
    if (Array.isArray(x)) return x.forEach((item) => walk(item, node));
    // The text of a BigInt, a special number or a symbol's description is no string the message carries.
    if (['bigint', 'number', 'symbol'].some((form) => form in x)) return;
    for (const [field, inner] of Object.entries(x)) {
      if (field === 'props' && Array.isArray(inner)) {
        for (const prop of inner) {
          seen(prop?.key, 'key', node);
          walk({ ...prop, key: null }, node);
        }
      } else if (field === 'entries' && /** @type {any} */ (x).kind === 'map' && Array.isArray(inner)) {
        for (const [k, v] of inner) {
          if (!seen(k, 'map key', node)) walk(k, node);
          walk(v, node);
        }
      } else if (['delete', 'define', 'set', 'hide'].includes(field) && Array.isArray(inner)) {
        // An effect's key: a property the getter adds, changes or hides on objects[inner[0]] during the clone.
        seen(inner[1], 'key', inner[0]);
        walk(inner.slice(2), node);
      } else walk(inner, node);
    }
  };
  walk(program.root, -1);
  for (const i of carriedNodes(program)) walk(program.objects[i], i);
  for (const { form, nodes } of keys.values()) found.add(`${form} ${nodes.size > 1 ? 'shared key' : 'key'}`);
  return REPRESENTATIONS.filter((name) => found.has(name));
}
