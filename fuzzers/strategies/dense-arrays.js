// Dense arrays of int32s, doubles or primitives (Bun #26814: the Int32,
// Double and Contiguous tiers), each perturbed one step away from
// eligibility: a hole, a named property, a getter, an odd element, a
// prototype with indices, pollution, an integrity level, a subclass, …

import fc from 'fast-check';
import { encodeNumber, fractionalNumber, int32EdgeNumber, int32Number, specialNumber } from '../arbitraries/numbers.js';
import { nameKey } from '../arbitraries/keys.js';
import { className } from '../arbitraries/object-nodes.js';
import { primitiveValue } from '../arbitraries/primitives.js';
import { aimedStep } from '../arbitraries/realm-pollution.js';
import { copyDraft } from './draft.js';

/** @typedef {import('./draft.js').Draft} Draft */

/**
 * One step away from eligibility, applied to the array at objects[0], by
 * name with its weight in the mix. Each perturbation is one thing a tier's
 * guard must notice; the names are what the cell map counts (fuzzers/cells.js)
 * and what steered generation asks for.
 */
const arrayPerturbations = {
  none: { weight: 4, arbitrary: fc.constant({ name: 'none' }) },
  hole: { weight: 2, arbitrary: fc.nat().map((at) => ({ name: 'hole', at })) },
  'trailing holes': { weight: 1, arbitrary: fc.integer({ min: 1, max: 3 }).map((by) => ({ name: 'trailing holes', by })) },
  'named property': { weight: 1, arbitrary: fc.tuple(nameKey, primitiveValue).map(([key, value]) => ({ name: 'named property', key, value })) },
  'getter element': { weight: 1, arbitrary: fc.tuple(fc.nat(), primitiveValue).map(([at, value]) => ({ name: 'getter element', at, value })) },
  'non-enumerable element': { weight: 1, arbitrary: fc.nat().map((at) => ({ name: 'non-enumerable element', at })) },
  'odd element': { weight: 2, arbitrary: fc.tuple(fc.nat(), fc.oneof(specialNumber, int32EdgeNumber.map(encodeNumber), fractionalNumber, primitiveValue)).map(([at, value]) => ({ name: 'odd element', at, value })) },
  'nested object': { weight: 1, arbitrary: fc.nat().map((at) => ({ name: 'nested object', at })) },
  'indexed prototype': { weight: 2, arbitrary: fc.tuple(fc.nat(), primitiveValue).map(([at, value]) => ({ name: 'indexed prototype', at, value })) },
  // With or without a hole there, in either realm, any of the three kinds:
  // a hole always paired with a sender getter and a receiver setter left a
  // dense array (the one a tier takes) never meeting a polluted realm.
  'polluted prototype': {
    weight: 2,
    arbitrary: fc.record({
      at: fc.nat(), hole: fc.boolean(), realm: fc.constantFrom('sender', 'receiver'),
      on: fc.constantFrom('Array.prototype', 'Object.prototype'), how: fc.constantFrom('setter', 'getter', 'read-only'),
    }).map((aim) => ({ name: 'polluted prototype', ...aim })),
  },
  integrity: { weight: 1, arbitrary: fc.constantFrom('preventExtensions', 'seal', 'freeze').map((level) => ({ name: 'integrity', level })) },
  subclass: { weight: 1, arbitrary: className.map((subclass) => ({ name: 'subclass', subclass })) },
  prototype: { weight: 1, arbitrary: fc.constantFrom(null, 'Object.prototype').map((proto) => ({ name: 'prototype', proto })) },
  'shared reference': { weight: 1, arbitrary: fc.nat().map((at) => ({ name: 'shared reference', at })) },
  cycle: { weight: 1, arbitrary: fc.constant({ name: 'cycle' }) },
  'getter shrinks the array': { weight: 1, arbitrary: fc.tuple(fc.nat(), fc.integer({ min: 0, max: 4 })).map(([at, length]) => ({ name: 'getter shrinks the array', at, length })) },
};

/** Any of them, by weight. */
const arrayPerturbation = fc.oneof(...Object.values(arrayPerturbations));

/**
 * Applies one perturbation to the array at objects[0] of a draft.
 * @param {Draft} draft @param {any} p one of arrayPerturbations' shapes, told apart by its name
 * @returns {Draft}
 */
function perturbArray(draft, p) {
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
    case 'non-enumerable element':
      // Not over a hole an earlier perturbation made: a hole is no Value.
      if (n > 0 && !array.items[at]?.hole) addProp({ key: String(at), value: array.items[at], enumerable: false });
      break;
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
      if (p.hole) {
        if (n > 0) array.items[at] = { hole: true }; else array.length = 1;
      }
      d[p.realm] = [...(d[p.realm] ?? []), aimedStep(p, String(at))];
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
  d.perturbation = p.name === 'polluted prototype' ? `${p.name}: ${p.realm} ${p.how}${p.hole ? ', hole' : ''}` : p.name;
  return d;
}

/**
 * A dense array whose elements come from `element`, then perturbed once
 * by `first`, and one time in five once more: a guard can hide another (a
 * hole shows only when a named property gets the array past the key count
 * that refuses a holey array; clonecheck mutate's survivors showed it).
 * @param {fc.Arbitrary<unknown>} element
 * @param {fc.Arbitrary<Record<string, any>>} first
 * @returns {fc.Arbitrary<Draft>}
 */
function perturbedDenseArray(element, first) {
  return fc
    .tuple(fc.array(element, { minLength: 0, maxLength: 8 }), first, fc.option(arrayPerturbation, { freq: 4, nil: undefined }))
    .map(([items, p, q]) => {
      const once = { ...perturbArray({ root: { ref: 0 }, objects: [{ kind: 'array', items }] }, p), perturbed: p.name };
      if (q === undefined) return once;
      const twice = perturbArray(once, q);
      return { ...twice, perturbation: `${once.perturbation} + ${twice.perturbation}` };
    });
}

/**
 * A strategy of dense arrays: any perturbation by weight, and each one alone
 * (what steered generation asks for).
 * @param {fc.Arbitrary<unknown>} element
 * @returns {import('./draft.js').Strategy}
 */
function almostDenseArray(element) {
  return {
    arbitrary: perturbedDenseArray(element, arrayPerturbation),
    perturbations: Object.fromEntries(Object.entries(arrayPerturbations).map(([name, { arbitrary }]) => [name, perturbedDenseArray(element, arbitrary)])),
  };
}

/** Int32 arrays (Bun #26814 Int32 tier) and their near misses. */
export const almostInt32Array = almostDenseArray(int32Number);

/** Double arrays (Bun #26814 Double tier): fractional numbers with ints, and their near misses. */
export const almostDoubleArray = almostDenseArray(fc.oneof(fractionalNumber, int32Number));

/** Contiguous arrays of primitives and strings (Bun #26814 Contiguous tier) and their near misses. */
export const almostContiguousArray = almostDenseArray(primitiveValue);
