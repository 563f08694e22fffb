// Values past the sizes where engines change representation
// (thresholds.js): a gap of holes past V8's 1,024, objects past the
// dictionary-mode property counts, more objects than a serializer's one- or
// two-byte back-reference ids can number, long strings and buffers at the
// varint widths of their byte lengths, deep nesting. Each representation
// is an arbitrary of a transformation of a strategy's draft, like the fresh
// strings' (fresh-strings.js): the strategy's value stays, and the size is
// put into it (its array or object grows) or beside it. The program stays
// small: a long run of elements is one array `fill` (docs/program.md), a
// long string a `repeat`.
//
// Each size is drawn just below, at and just above its threshold (a guard
// written `<` instead of `<=` shows at one of them).

import fc from 'fast-check';
import { beside, copyDraft, holder } from '../strategies/draft.js';
import { THRESHOLDS as T } from './thresholds.js';

/** @typedef {import('../strategies/draft.js').Draft} Draft */

/** @param {number} value @param {number} [spread] sizes from value - spread to value + spread */
const around = (value, spread = 2) => fc.integer({ min: Math.max(0, value - spread), max: value + spread });

/** An array that can take more elements: no fill yet, no `length` of its own. */
const growableArray = (d) => holder(d, 'array', (node) => node.fill === undefined && node.length === undefined, () => ({ kind: 'array', items: [0, 1] }));

/** @param {any} array @returns {unknown} an element like the array's own (an Int32 array stays one), or 0 */
function elementLike(array) {
  const first = array.items.find((item) => typeof item !== 'object' || item === null);
  return first === undefined ? 0 : first;
}

/** The next index past an array's items, its fill and its index keys. @param {any} array */
function endOf(array) {
  let end = array.items.length + (array.fill?.[1] ?? 0);
  for (const prop of array.props ?? []) if (typeof prop.key === 'string' && /^(0|[1-9]\d{0,9})$/.test(prop.key)) end = Math.max(end, Number(prop.key) + 1);
  return end;
}

/** The draft's first ordinary object without a fill (or a new one beside its value), to change in place. @param {Draft} d */
const fillableObject = (d) => holder(d, 'object', (node) => node.fill === undefined, () => ({ kind: 'object' }));

/** Property counts around each engine's dictionary-mode limit, the common ones more often. */
const propertyCount = fc.oneof(
  { weight: 3, arbitrary: around(T.v8MaxFastProperties.value) },
  { weight: 2, arbitrary: around(T.bunInlineProperties.value) },
  { weight: 1, arbitrary: around(T.spiderMonkeyMaxHeight.value) },
  { weight: 1, arbitrary: around(T.v8MaxDescriptors.value) },
);

/**
 * Objects written before one that is written again: its back-reference id
 * is the count of objects before it (V8 numbers the wrapping array 0, the
 * fresh objects 1…n, the value n + 1; JSC's pool then has n + 2 entries).
 * V8's three-byte ids (16,384 objects) and JSC's four-byte indices (65,536)
 * are not drawn: a case of 16,384 objects took 1 to 4 s a stage (the
 * oracle's clone and observation, then the target's) on a shared 2-core
 * machine, and 2 of 400 such runs' cases stalled the oracle past the
 * watchdog's 5 s (docs/fuzzing.md).
 */
const objectsBefore = fc.oneof(
  around(T.v8VarintTwoBytes.value - 2),
  around(T.jscPoolIndexTwoBytes.value - 2),
);

/** Byte lengths at V8's varint widths; 2 MB (the four-byte width) the rarest: such a case took 100-130 ms against a few for the others. */
const byteLength = fc.oneof(
  { weight: 3, arbitrary: around(T.v8VarintTwoBytes.value) },
  { weight: 3, arbitrary: around(T.v8VarintThreeBytes.value) },
  { weight: 1, arbitrary: around(T.v8VarintFourBytes.value) },
);

/**
 * The size representations, by name, with their weights in the mix: each
 * an arbitrary of a transformation of a draft.
 * @type {Record<string, {weight: number, arbitrary: fc.Arbitrary<(draft: Draft) => Draft>}>}
 */
export const sizeRepresentations = {
  // An element past the end by about kMaxGap: V8 stores it in a dictionary.
  'sparse gap': {
    weight: 3,
    arbitrary: fc.oneof({ weight: 4, arbitrary: around(T.v8MaxGap.value) }, { weight: 1, arbitrary: fc.constant(2 * T.v8MaxGap.value) }).map((gap) => (draft) => {
      const d = copyDraft(draft);
      const array = growableArray(d);
      array.props = [...(array.props ?? []), { key: String(endOf(array) - 1 + gap), value: elementLike(array) }];
      return d;
    }),
  },
  // A run of about kMaxGap holes inside the array (an element after them).
  'hole run': {
    weight: 2,
    arbitrary: around(T.v8MaxGap.value).map((holes) => (draft) => {
      const d = copyDraft(draft);
      const array = growableArray(d);
      const end = endOf(array);
      array.props = (array.props ?? []).filter((prop) => !(typeof prop.key === 'string' && /^\d+$/.test(prop.key) && Number(prop.key) >= array.items.length));
      array.fill = [{ hole: true }, holes + end - array.items.length];
      array.props.push({ key: String(end + holes), value: elementLike(array) });
      if (array.props.length === 0) delete array.props;
      return d;
    }),
  },
  // A dense run past the length V8 grows without a density check.
  'long dense array': {
    weight: 1,
    arbitrary: around(T.v8MaxUncheckedFastElements.value).map((count) => (draft) => {
      const d = copyDraft(draft);
      const array = growableArray(d);
      array.fill = [elementLike(array), count - array.items.length];
      if (array.fill[1] < 0) array.fill[1] = 0;
      return d;
    }),
  },
  // Properties k0, k1, … before the object's own (one `fill`); a count the object's own props may redefine a few of.
  'many properties': {
    weight: 3,
    arbitrary: propertyCount.map((count) => (draft) => {
      const d = copyDraft(draft);
      fillableObject(d).fill = [0, count, 'k'];
      return d;
    }),
  },
  // Getters g0, g1, … after the object's own props: each logs its call, so they stay explicit.
  'many getters': {
    weight: 2,
    arbitrary: fc.oneof(around(T.bunInlineProperties.value), around(T.v8MaxFastProperties.value)).map((count) => (draft) => {
      const d = copyDraft(draft);
      const object = fillableObject(d);
      const taken = new Set((object.props ?? []).map((p) => p.key));
      const getters = Array.from({ length: count }, (_, i) => ({ key: `g${i}`, get: { returns: i } })).filter((p) => !taken.has(p.key));
      object.props = [...(object.props ?? []), ...getters];
      return d;
    }),
  },
  // [{}, {}, … n times, X, X]: X written once, then referred back to by an id past one byte.
  'back-references': {
    weight: 3,
    arbitrary: objectsBefore.map((n) => (draft) => {
      const d = copyDraft(draft);
      let x = d.root;
      if (typeof (/** @type {any} */ (x))?.ref !== 'number') {
        d.objects.push({ kind: 'object', props: [{ key: 'value', value: d.root }] });
        x = { ref: d.objects.length - 1 };
      }
      d.objects.push({ kind: 'array', items: [], fill: [{ fresh: true }, n], props: [{ key: String(n), value: x }, { key: String(n + 1), value: x }] });
      d.root = { ref: d.objects.length - 1 };
      return d;
    }),
  },
  // JSC pools strings as it pools objects: a string written again after 255 others.
  'distinct strings': {
    weight: 1,
    arbitrary: around(T.jscPoolIndexTwoBytes.value - 1).map((n) => (draft) => {
      const d = copyDraft(draft);
      const items = Array.from({ length: n }, (_, i) => `v${i}`);
      d.objects.push({ kind: 'array', items: [...items, 'v0'] });
      return beside(d, { ref: d.objects.length - 1 });
    }),
  },
  // No engine limit short of JSC's 40,000 (which throws): deeper than the other strategies' ~32.
  'deep nesting': {
    weight: 1,
    arbitrary: fc.oneof({ weight: 3, arbitrary: around(128) }, { weight: 1, arbitrary: around(256) }).map((depth) => (draft) => {
      const d = copyDraft(draft);
      let inner = d.root;
      for (let i = 0; i < depth; i++) {
        d.objects.push({ kind: 'array', items: [inner] });
        inner = { ref: d.objects.length - 1 };
      }
      d.root = inner;
      return d;
    }),
  },
  // Byte lengths at V8's varint widths, one-byte or two-byte (2 bytes a character, maybe after a padding byte).
  'long string': {
    weight: 2,
    arbitrary: fc.tuple(byteLength, fc.boolean()).map(([bytes, twoByte]) => (draft) => {
      const unit = twoByte ? '\u0101' : 'a';
      return beside(copyDraft(draft), { string: { repeat: [unit, twoByte ? bytes >> 1 : bytes] } });
    }),
  },
  // A buffer whose byte length, and a view whose byte offset, take a longer varint.
  'large buffer': {
    weight: 2,
    arbitrary: fc.tuple(byteLength, fc.integer({ min: 1, max: 8 })).map(([length, tail]) => (draft) => {
      const d = copyDraft(draft);
      const size = Math.max(length, tail);
      d.objects.push({ kind: 'arraybuffer', bytes: [1, 2, 3], byteLength: size });
      d.objects.push({ kind: 'view', type: 'Uint8Array', buffer: d.objects.length - 1, byteOffset: size - tail, length: tail });
      return beside(d, { ref: d.objects.length - 1 });
    }),
  },
};

/** The names of the size representations, in table order: the cell map's `sizes` plane. */
export const SIZES = Object.keys(sizeRepresentations);

/** Any size representation, by weight. */
export const anySize = fc.oneof(...SIZES.map((name) => ({
  weight: sizeRepresentations[name].weight,
  arbitrary: sizeRepresentations[name].arbitrary.map((transform) => ({ name, transform })),
})));
