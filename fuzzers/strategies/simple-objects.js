// Simple objects (Bun #22279: only enumerable own data properties holding
// primitives), each perturbed one step away from that: a getter, a
// non-enumerable or odd key, a nested object, a class instance, a prototype,
// an integrity level, a getter that deletes, adds or hides a key, pollution.

import fc from 'fast-check';
import { indexKey, nameKey, trickyKey } from '../arbitraries/keys.js';
import { className } from '../arbitraries/object-nodes.js';
import { primitiveValue } from '../arbitraries/primitives.js';
import { dataProp, propList } from '../arbitraries/props.js';
import { copyDraft } from './draft.js';

/** @typedef {import('./draft.js').Draft} Draft */

/**
 * One step away from a simple object (Bun #22279): only enumerable own data
 * properties holding primitives. By name, with its weight in the mix (the
 * names are what the cell map counts, fuzzers/cells.js).
 */
const objectPerturbations = {
  none: { weight: 4, arbitrary: fc.constant({ name: 'none' }) },
  getter: { weight: 2, arbitrary: fc.tuple(nameKey, primitiveValue).map(([key, value]) => ({ name: 'getter', key, value })) },
  'non-enumerable': { weight: 1, arbitrary: fc.constant({ name: 'non-enumerable' }) },
  'indexed key': { weight: 1, arbitrary: indexKey.map((key) => ({ name: 'indexed key', key })) },
  'tricky key': { weight: 1, arbitrary: trickyKey.map((key) => ({ name: 'tricky key', key })) },
  'symbol key': { weight: 1, arbitrary: fc.constant({ name: 'symbol key' }) },
  'nested object': { weight: 1, arbitrary: fc.constant({ name: 'nested object' }) },
  'class instance': { weight: 1, arbitrary: fc.record({ class: className, privateField: fc.boolean() }).map((c) => ({ name: 'class instance', ...c })) },
  prototype: { weight: 1, arbitrary: fc.constantFrom(null, 'Array.prototype', 'Map.prototype').map((proto) => ({ name: 'prototype', proto })) },
  'prototype with setter': { weight: 1, arbitrary: fc.constant({ name: 'prototype with setter' }) },
  integrity: { weight: 1, arbitrary: fc.constantFrom('preventExtensions', 'seal', 'freeze').map((level) => ({ name: 'integrity', level })) },
  'getter deletes the next key': { weight: 1, arbitrary: fc.constant({ name: 'getter deletes the next key' }) },
  'getter adds a key': { weight: 1, arbitrary: fc.constant({ name: 'getter adds a key' }) },
  'getter hides the next key': { weight: 1, arbitrary: fc.constant({ name: 'getter hides the next key' }) },
  'polluted receiver': { weight: 1, arbitrary: fc.constantFrom('Object.prototype').map((on) => ({ name: 'polluted receiver', on })) },
};

/** @param {Draft} draft @param {Record<string, any>} p @returns {Draft} */
function perturbObject(draft, p) {
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
  d.perturbation = p.name;
  d.perturbed = p.name;
  return d;
}

/** @param {fc.Arbitrary<Record<string, any>>} perturbation @returns {fc.Arbitrary<Draft>} */
const perturbedSimpleObject = (perturbation) => fc
  .tuple(propList(dataProp(nameKey, primitiveValue), 6), perturbation)
  .map(([props, p]) => perturbObject({ root: { ref: 0 }, objects: [props.length > 0 ? { kind: 'object', props } : { kind: 'object' }] }, p));

/** Simple objects (Bun #22279 tier) and their near misses: any perturbation by weight, and each one alone. */
export const almostSimpleObject = {
  arbitrary: perturbedSimpleObject(fc.oneof(...Object.values(objectPerturbations))),
  perturbations: Object.fromEntries(Object.entries(objectPerturbations).map(([name, { arbitrary }]) => [name, perturbedSimpleObject(arbitrary)])),
};
