// canonicalJSON(observation): the one text form of an observation, compared
// byte for byte across runtimes and processes.
//
// Its own writer, not JSON.stringify: a program may define
// Object.prototype.toJSON (or Array.prototype.toJSON), and JSON.stringify
// would call it. Object keys are written in code-unit order, so the text does
// not depend on who built the object (this module, or JSON.parse in the
// harness); every code unit outside printable ASCII is escaped.

import {
  append, ArrayIsArray, newList, ObjectHasOwn, ObjectKeys, StringCtor, TypeErrorCtor,
} from '../primordials/intrinsics.js';
import { quoteJSONString } from './strings.js';

/**
 * @param {unknown} value an observation, a Difference list, or any JSON-shaped data
 * @returns {string}
 * @throws {TypeError} on anything JSON cannot hold (undefined, functions, BigInt, non-finite numbers)
 */
export function canonicalJSON(value) {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'boolean': return value ? 'true' : 'false';
    case 'string': return quoteJSONString(value);
    case 'number':
      if (value - value !== 0) throw new TypeErrorCtor('canonicalJSON: non-finite number ' + StringCtor(value));
      return StringCtor(value);
    case 'object': return ArrayIsArray(value) ? writeArray(value) : writeObject(value);
    default: throw new TypeErrorCtor('canonicalJSON: not JSON data: ' + typeof value);
  }
}

/**
 * @param {unknown[]} list
 * @returns {string}
 */
function writeArray(list) {
  let text = '[';
  for (let i = 0; i < list.length; i++) {
    if (i > 0) text += ',';
    text += canonicalJSON(list[i]);
  }
  return text + ']';
}

/**
 * @param {object} object
 * @returns {string}
 */
function writeObject(object) {
  const keys = sortedKeys(object);
  let text = '{';
  for (let i = 0; i < keys.length; i++) {
    if (i > 0) text += ',';
    text += quoteJSONString(keys[i]) + ':' + canonicalJSON(ownValue(object, keys[i]));
  }
  return text + '}';
}

/**
 * @param {object} object JSON data: its own enumerable properties are data properties
 * @param {string} key one of its own enumerable keys (from ObjectKeys)
 * @returns {unknown} the value; a [[Get]] of an own property never reaches a
 *   (possibly polluted) prototype. Reading through [[GetOwnProperty]] instead
 *   made a descriptor per key and took a tenth of a fuzz case.
 */
function ownValue(object, key) {
  return /** @type {any} */ (object)[key];
}

/**
 * Whether two pieces of JSON data are the same: `canonicalJSON(a) ===
 * canonicalJSON(b)`, without writing either (key order does not matter).
 * @param {unknown} a
 * @param {unknown} b
 * @returns {boolean}
 */
export function sameJSON(a, b) {
  if (a === b) return typeof a !== 'number' || a - a === 0;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  const aIsArray = ArrayIsArray(a);
  if (aIsArray !== ArrayIsArray(b)) return false;
  if (aIsArray) {
    const aList = /** @type {unknown[]} */ (a);
    const bList = /** @type {unknown[]} */ (b);
    if (aList.length !== bList.length) return false;
    for (let i = 0; i < aList.length; i++) if (!sameJSON(aList[i], bList[i])) return false;
    return true;
  }
  const keys = ObjectKeys(a);
  if (keys.length !== ObjectKeys(b).length) return false;
  for (let i = 0; i < keys.length; i++) {
    if (!ObjectHasOwn(b, keys[i]) || !sameJSON(ownValue(a, keys[i]), ownValue(b, keys[i]))) return false;
  }
  return true;
}

/**
 * The own enumerable string keys in code-unit order (insertion sort: key
 * counts are small, and Array.prototype.sort may be polluted).
 * @param {object} object
 * @returns {string[]}
 */
function sortedKeys(object) {
  const keys = ObjectKeys(object);
  /** @type {string[]} */
  const sorted = newList();
  for (let i = 0; i < keys.length; i++) {
    append(sorted, keys[i]);
    for (let j = sorted.length - 1; j > 0 && sorted[j - 1] > sorted[j]; j--) {
      const swap = sorted[j];
      sorted[j] = sorted[j - 1];
      sorted[j - 1] = swap;
    }
  }
  return sorted;
}
