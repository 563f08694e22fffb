// Building the clones the tiers return.
//
// StructuredDeserialize defines every property with CreateDataProperty, so a
// setter that a program put on Array.prototype or Object.prototype of the
// target realm never fires. The copies here get the same result faster: the
// new object starts with a null prototype, so plain assignment finds nothing
// to call and creates an own writable, enumerable, configurable data property
// (OrdinarySet → CreateDataProperty on the receiver; an own "__proto__" key
// stays own). The prototype of the target realm is set once, at the end.
//
// Reading the source is safe because the tier's guard accepted it first:
// every key read is an own data property of a non-Proxy object (no user code),
// and no user code runs between the guard and the copy.

import {
  MapCtor, MapPrototypeGet, MapPrototypeSet, ObjectSetPrototypeOf, ReflectOwnKeys, append, newList, record,
} from '../primordials/intrinsics.js';

/**
 * A fresh Array with the target realm's %Array.prototype% holding `source`'s
 * elements 0 … length − 1, each passed through `copyElement`.
 * @param {unknown[]} source a dense Array its tier's guard accepted
 * @param {import('../primordials/realm.js').Realm} realm
 * @param {(element: any) => unknown} [copyElement] default: the element itself
 * @returns {unknown[]}
 */
export function copyDenseArray(source, realm, copyElement) {
  const { length } = source;
  const out = ObjectSetPrototypeOf([], null);
  if (copyElement === undefined) {
    for (let i = 0; i < length; i++) out[i] = source[i];
  } else {
    for (let i = 0; i < length; i++) out[i] = copyElement(source[i]);
  }
  return ObjectSetPrototypeOf(out, realm.ArrayPrototype);
}

/**
 * The string keys of an object, in [[OwnPropertyKeys]] order: the order
 * EnumerableOwnProperties gives the spec (symbols are not copied).
 * @param {object} object
 * @returns {string[]} a list from `newList`
 */
export function stringKeys(object) {
  const keys = ReflectOwnKeys(object);
  /** @type {string[]} */
  const names = newList();
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i];
    if (typeof key === 'string') append(names, key);
  }
  return names;
}

/**
 * A fresh ordinary object with the target realm's %Object.prototype% and, for
 * each name in order, an own data property holding `source[name]`.
 * @param {object} source a flat object its tier's guard accepted
 * @param {string[]} names its string keys, in order
 * @param {import('../primordials/realm.js').Realm} realm
 * @returns {object}
 */
export function copyFlatObject(source, names, realm) {
  const out = ObjectSetPrototypeOf({}, null);
  for (let i = 0; i < names.length; i++) {
    const name = names[i];
    out[name] = source[name];
  }
  return ObjectSetPrototypeOf(out, realm.ObjectPrototype);
}

/**
 * The deserializer-side state of one dense-array clone (Bun #26818): the last
 * shape built, and the clones made so far by source object.
 * @typedef {object} FlatObjectCache
 * @property {string[] | undefined} shape  property names of the last object built, in order
 * @property {Map<object, object>} memory  source object → its clone
 */

/** @returns {FlatObjectCache} */
export function newFlatObjectCache() {
  return record({ shape: undefined, memory: new MapCtor() });
}

/**
 * Copies a flat object through the shape cache. The cached shape is reused only
 * when the property count AND every name match, in order: a shape reused on
 * the count alone would put values under the wrong names (or in the wrong
 * order). The memory keeps one clone per source object, as the spec's memory
 * does, so an object that appears twice in the array is one object in the clone.
 * @param {object} source
 * @param {FlatObjectCache} cache
 * @param {import('../primordials/realm.js').Realm} realm
 * @returns {object}
 */
export function copyFlatObjectCached(source, cache, realm) {
  const seen = MapPrototypeGet(cache.memory, source);
  if (seen !== undefined) return seen;
  const names = stringKeys(source);
  if (!sameShape(cache.shape, names)) cache.shape = names;
  const out = copyFlatObject(source, cache.shape, realm);
  MapPrototypeSet(cache.memory, source, out);
  return out;
}

/**
 * @param {string[] | undefined} shape
 * @param {string[]} names
 * @returns {shape is string[]} same property count and the same names in the same order
 */
function sameShape(shape, names) {
  if (shape === undefined || shape.length !== names.length) return false;
  for (let i = 0; i < names.length; i++) if (shape[i] !== names[i]) return false;
  return true;
}
