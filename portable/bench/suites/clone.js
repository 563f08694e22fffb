// The clone suite: the shapes of the seeds' tables (Bun #26814, #21926,
// #22279, #26818 and the reference's own tiers), each measured beside its
// ineligible twins through the target's clone (docs/bench.md). A shape's
// baseline row is the eligible value; a twin is the same value made
// ineligible for the fast paths engines ship, so the twin's ratio says from
// the outside whether the eligible one took a shortcut:
//  - arrays: a named property (`arr.extra`), a hole, a polluted
//    Array.prototype (an indexed accessor, put in place only around that
//    row's timing);
//  - objects: a getter in place of a data property, a polluted Object.prototype;
//  - arrays of flat objects: the array twins, and a getter on one element;
//  - a root string or Uint8Array (the fast paths look at the root only,
//    Bun #21926): the same value inside an array.

/** @template T @param {number} n @param {(i: number) => T} f @returns {T[]} */
const list = (n, f) => Array.from({ length: n }, (_, i) => f(i));

/**
 * A flat string of `n` ASCII characters, made by decoding bytes: `repeat`
 * or `+` may give a rope (JavaScriptCore, V8), which a clone flattens first
 * and a fast path may refuse; a decoded string is flat everywhere.
 * @param {number} n
 */
function flatString(n) {
  const bytes = new Uint8Array(n);
  for (let i = 0; i < n; i++) bytes[i] = 97 + (i % 26);
  return new TextDecoder().decode(bytes);
}

/** @param {number} i */
const flatObject = (i) => ({ id: i, name: `user-${i}`, active: i % 2 === 0 });

/**
 * Every shape: `id` for `--shape`, `group` as the tables print it, `kind`
 * for its twins, and `make`, which builds a fresh value (each twin starts from one).
 * @type {{id: string, group: string, kind: 'array' | 'objects' | 'object' | 'root', make: () => any}[]}
 */
export const SHAPES = [
  ...[10, 100, 1000].map((n) => ({ id: `ints-${n}`, group: `[${n} ints]`, kind: /** @type {const} */ ('array'), make: () => list(n, (i) => i * 7) })),
  ...[10, 100, 1000].map((n) => ({ id: `doubles-${n}`, group: `[${n} doubles]`, kind: /** @type {const} */ ('array'), make: () => list(n, (i) => i + 0.5) })),
  ...[10, 100].map((n) => ({ id: `strings-${n}`, group: `[${n} strings]`, kind: /** @type {const} */ ('array'), make: () => list(n, (i) => `item-${i}`) })),
  { id: 'mixed-10', group: '[10 mixed]', kind: 'array', make: () => [1, 'two', true, null, undefined, 4.5, 6n, -0, NaN, 'ten'] },
  { id: 'nested-array', group: 'nested array', kind: 'array', make: () => list(10, (i) => [i, i + 1, i + 2]) },
  { id: 'object-a', group: '{a: 123}', kind: 'object', make: () => ({ a: 123 }) },
  ...[10, 100].map((n) => ({ id: `flat-objects-${n}`, group: `[${n} flat objects]`, kind: /** @type {const} */ ('objects'), make: () => list(n, flatObject) })),
  { id: 'object-10-strings', group: '{10 string properties}', kind: 'object', make: () => Object.fromEntries(list(10, (i) => [`key${i}`, `value-${i}`])) },
  { id: 'string-11', group: 'string of 11 chars', kind: 'root', make: () => flatString(11) },
  { id: 'string-14k', group: 'string of 14 KB', kind: 'root', make: () => flatString(14 * 1024) },
  { id: 'string-3m', group: 'string of 3 MB', kind: 'root', make: () => flatString(3 * 1024 * 1024) },
  { id: 'uint8array-64k', group: 'Uint8Array of 64 KB', kind: 'root', make: () => new Uint8Array(64 * 1024).map((_, i) => i & 0xff) },
];

/**
 * Far past every shape's length, so no value of the suite reads it, but an
 * index all the same: engines guard their array fast paths on prototypes
 * without indexed properties (V8's NoElementsProtector, JavaScriptCore's
 * sane prototype chain).
 */
const POLLUTED_INDEX = '1000000';

/**
 * A polluted prototype: an indexed accessor on `prototype`, in place between
 * enter and leave. Its setter defines the property on the receiver as a plain
 * assignment would, so harness code that fills an array meanwhile (mitata's
 * samples) is unaffected.
 * @param {object} prototype
 * @returns {{enter: () => void, leave: () => void}}
 */
function pollution(prototype) {
  return {
    enter() {
      Object.defineProperty(prototype, POLLUTED_INDEX, {
        configurable: true,
        get: () => 'polluted',
        set(value) {
          Object.defineProperty(this, POLLUTED_INDEX, { value, writable: true, enumerable: true, configurable: true });
        },
      });
    },
    leave() {
      delete (/** @type {any} */ (prototype))[POLLUTED_INDEX];
    },
  };
}

/**
 * The twins of a shape, each a variant name and how to make it from a fresh value.
 * @param {'array' | 'objects' | 'object' | 'root'} kind
 * @returns {{name: string, make: (fresh: any) => any, polluting?: object}[]}
 */
function twinsOf(kind) {
  const arrayTwins = [
    { name: 'twin: named property', make: (/** @type {any} */ value) => Object.assign(value, { extra: 'named' }) },
    { name: 'twin: hole', make: (/** @type {any[]} */ value) => (delete value[value.length >> 1], value) },
    { name: 'twin: polluted prototype', make: (/** @type {any} */ value) => value, polluting: Array.prototype },
  ];
  switch (kind) {
    case 'array': return arrayTwins;
    case 'objects': return [...arrayTwins, { name: 'twin: getter', make: (/** @type {any[]} */ value) => (withGetter(value[0]), value) }];
    case 'object': return [
      { name: 'twin: getter', make: (/** @type {object} */ value) => withGetter(value) },
      { name: 'twin: polluted prototype', make: (/** @type {object} */ value) => value, polluting: Object.prototype },
    ];
    default: return [{ name: 'twin: in an array', make: (/** @type {unknown} */ value) => [value] }];
  }
}

/**
 * Turns the object's first property into a getter of the same value, in the same place.
 * @param {Record<string, unknown>} object
 */
function withGetter(object) {
  const [key] = Object.keys(object);
  const value = object[key];
  Object.defineProperty(object, key, { get: () => value, enumerable: true, configurable: true });
  return object;
}

/** @type {import('../suite.js').BenchSuite} */
export const suite = {
  id: 'clone',
  describe: "the seeds' shapes, each beside its ineligible twins, through the target's clone (a round trip for messagechannel and worker)",
  shapes: SHAPES.map(({ id, group }) => ({ id, group })),
  async prepare({ target, shapes }) {
    const clone = target.clone;
    /** @type {import('../suite.js').BenchRow[]} */
    const rows = [];
    for (const shape of SHAPES) {
      if (shapes !== undefined && shapes.length > 0 && !shapes.includes(shape.id)) continue;
      const eligible = shape.make();
      rows.push({ group: shape.group, name: 'eligible', baseline: true, fn: () => clone(eligible) });
      for (const twin of twinsOf(shape.kind)) {
        const value = twin.make(shape.make());
        const row = { group: shape.group, name: twin.name, fn: () => clone(value) };
        rows.push(twin.polluting === undefined ? row : { ...row, ...pollution(twin.polluting) });
      }
    }
    return rows;
  },
};
