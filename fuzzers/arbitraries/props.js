// Own properties: data properties with mostly-default attributes and
// accessors that run behaviors, in lists whose keys are distinct (a second
// definition could hit a non-configurable first one).

import fc from 'fast-check';
import { behavior } from './behaviors.js';
import { keyIdentity } from './keys.js';

/** @typedef {import('./behaviors.js').GraphContext} GraphContext */

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
