// ECMA-262 operations on objects and property keys that src/ performs
// itself, so that no polluted built-in is consulted.

import {
  NumberIsInteger, record, ReflectDefineProperty, StringCtor, StringPrototypeCharCodeAt,
} from '../primordials/intrinsics.js';

/**
 * CreateDataProperty(O, P, V) (https://tc39.es/ecma262/#sec-createdataproperty): a writable, enumerable,
 * configurable own data property, defined without [[Set]].
 * @param {object} object
 * @param {PropertyKey} key
 * @param {unknown} value
 * @returns {boolean}
 */
export function CreateDataProperty(object, key, value) {
  dataDescriptor.value = value;
  const defined = ReflectDefineProperty(object, key, dataDescriptor);
  dataDescriptor.value = undefined;
  return defined;
}

/**
 * The descriptor CreateDataProperty passes, reused: a fresh null-prototype
 * record per call took 16% of a fuzz case's time (V8 keeps such objects in
 * dictionary mode). Reuse is safe: [[DefineOwnProperty]] reads the
 * descriptor (ToPropertyDescriptor, no script runs) before any Proxy trap could
 * call back in here, and `value` is cleared so nothing stays reachable.
 */
/** @type {{value: unknown, writable: true, enumerable: true, configurable: true}} */
const dataDescriptor = record({ value: undefined, writable: true, enumerable: true, configurable: true });

/**
 * Whether a string key is an array index (a canonical numeric string of an
 * integer in [0, 2^32 − 2]; https://tc39.es/ecma262/#sec-object-type).
 * @param {string} key
 * @returns {boolean}
 */
export function isArrayIndex(key) {
  const first = StringPrototypeCharCodeAt(key, 0);
  if (!(first >= 0x30 && first <= 0x39)) return false;
  const number = +key;
  return NumberIsInteger(number) && number < 4294967295 && StringCtor(number) === key;
}
