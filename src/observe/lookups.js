// Lookups by an equal key, made in the observing realm.
//
// The walk reads each property through the very key string [[OwnPropertyKeys]]
// handed out. A clone whose key list is right but whose lookups by name are
// not (a shape or atom table shared wrongly between threads, so the key in
// the list is not the one the receiving realm's lookups find; a property
// stored under a key that only that string object reaches) would pass that
// walk. So each string-keyed property is also looked up with a fresh string
// of the same code units, copied here, and the first
// array index the key list skips is looked up too: it must not be found.
//
// What this can catch: an object that does not answer an equal string the way
// it answers the listed one (nothing found, another kind of property, another
// value), e.g. a property stored under another thread's interned string,
// which the fresh string, interned through this realm's own table on lookup,
// does not reach; and an index the list leaves out that the object still
// answers for. What it cannot: a bug that shows only with the engine's own
// string object. Engines intern short strings (V8 hands out one-code-unit
// strings from a table), so for those the fresh string may be the listed one
// itself. Symbol keys have no equal-but-distinct copy and are not looked up.
//
// Only [[GetOwnProperty]] (the captured Object.getOwnPropertyDescriptor) is
// used: a getter is never called, and for an accessor only its presence and
// kind are compared. Nothing is recorded when the lookups agree, so the
// observation of a correct clone is exactly what it was without them.

import {
  ObjectGetOwnPropertyDescriptor, ObjectHasOwn, ObjectIs, StringCtor, StringPrototypeSlice,
} from '../primordials/intrinsics.js';

/**
 * What a lookup by an equal key found where it disagrees with the listed
 * key's: the `lookup` field of a property observation.
 * @typedef {'nothing' | 'an accessor' | 'a data property' | 'another value'} LookupMismatch
 */

/**
 * @param {string} key
 * @returns {string} a string with key's code units, made here, not handed out by the object
 */
function equalKey(key) {
  // Copied whole by the engine: the units of " " + key, from the second on.
  // One String.fromCharCode per unit, concatenated, made a string object per
  // unit: half of the bytes a clean fuzz case allocated (seed 1, sampled), a
  // fresh key of 16,384 units making 16,384 of them in each of six walks.
  return StringPrototypeSlice(' ' + key, 1);
}

/**
 * @param {object} object
 * @param {string} key a key from the object's key list
 * @param {PropertyDescriptor} listed what [[GetOwnProperty]] found with that key
 * @returns {LookupMismatch | undefined} undefined when an equal key finds the same
 */
export function lookupMismatch(object, key, listed) {
  const found = ObjectGetOwnPropertyDescriptor(object, equalKey(key));
  if (found === undefined) return 'nothing';
  const listedIsData = ObjectHasOwn(listed, 'value');
  if (ObjectHasOwn(found, 'value') !== listedIsData) return listedIsData ? 'an accessor' : 'a data property';
  return listedIsData && !ObjectIs(found.value, listed.value) ? 'another value' : undefined;
}

/**
 * The first array index a key list in [[OwnPropertyKeys]] order skips
 * (a hole, or one past the last element) is looked up: found, the object
 * answers for a key it does not list. One lookup per object, found by a
 * binary search over the leading index keys, which that order puts first and
 * ascending (the keys 0…k-1 are there exactly when the k-th key is "k-1").
 * @param {object} object
 * @param {ArrayLike<string | symbol>} keys the object's key list
 * @returns {string | undefined} the index, when the object answers for it
 */
export function unlistedIndexFound(object, keys) {
  let listed = 0;
  let beyond = keys.length + 1;
  while (beyond - listed > 1) {
    const middle = (listed + beyond) >>> 1;
    if (keys[middle - 1] === StringCtor(middle - 1)) listed = middle;
    else beyond = middle;
  }
  const index = StringCtor(listed);
  return ObjectGetOwnPropertyDescriptor(object, index) === undefined ? undefined : index;
}
