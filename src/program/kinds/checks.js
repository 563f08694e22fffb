// The small checks every part of `validate` shares (a kind's fields, a
// prop, an effect, a realm step): each reports what is wrong with one field
// at its JSON path and answers whether the field can be used further.

import { ArrayIsArray, ObjectHasOwn, ObjectKeys } from '../../primordials/intrinsics.js';
import { checkValue, describe, isIndex, isRecord, oneOf, own, quoteAll, report, soleKey } from '../values.js';

/**
 * @typedef {import('../values.js').ValidationError} ValidationError
 * @typedef {{errors: ValidationError[], nodes: any[], objectCount: number, allowRefs: boolean}} Validator
 */

/** An image's or canvas's sides may not be longer than this (an ImageData's data is 4 bytes a pixel). */
export const MAX_IMAGE_SIDE = 64;

/**
 * @param {Record<string, any>} object
 * @param {string[]} allowed
 * @param {string} path
 * @param {Validator} v
 */
export function checkFields(object, allowed, path, v) {
  const keys = ObjectKeys(object);
  for (let i = 0; i < keys.length; i++) {
    if (!oneOf(allowed, keys[i])) report(v.errors, `${path}.${keys[i]}`, `unknown field (expected one of ${quoteAll(allowed)})`);
  }
}

/** @param {unknown} value @param {string} path @param {Validator} v */
export function checkBoolean(value, path, v) {
  if (value !== undefined && typeof value !== 'boolean') report(v.errors, path, `expected a boolean, got ${describe(value)}`);
}

/** @param {unknown} value @param {string} path @param {Validator} v */
export function checkString(value, path, v) {
  if (value !== undefined && typeof value !== 'string') report(v.errors, path, `expected a string, got ${describe(value)}`);
}

/**
 * @param {unknown} value
 * @param {string} path
 * @param {Validator} v
 * @param {number} [max]
 * @returns {boolean} whether the value is absent or a valid integer
 */
export function checkInteger(value, path, v, max = 2 ** 53 - 1) {
  if (value === undefined || isIndex(value, max)) return true;
  report(v.errors, path, `expected an integer 0..${max}, got ${describe(value)}`);
  return false;
}

/**
 * @param {unknown} value
 * @param {any[]} options
 * @param {string} path
 * @param {Validator} v
 */
export function checkEnum(value, options, path, v) {
  if (oneOf(options, value)) return true;
  report(v.errors, path, `expected one of ${quoteAll(options)}, got ${describe(value)}`);
  return false;
}

/**
 * The kind of objects[id] when it is a node with a known kind.
 * @param {Validator} v
 * @param {number} id
 */
export function kindOf(v, id) {
  const node = own(v.nodes, id);
  return isRecord(node) ? own(node, 'kind') : undefined;
}

/**
 * An object id, optionally of one kind.
 * @param {any} id
 * @param {string} path
 * @param {Validator} v
 * @param {string | undefined} kind
 * @param {string} [what] describes the required node, e.g. 'a resizable arraybuffer node'
 * @returns {boolean}
 */
export function checkId(id, path, v, kind, what = kind === undefined ? 'a node' : `an ${kind} node`) {
  if (isIndex(id) && id < v.objectCount && (kind === undefined || kindOf(v, id) === kind)) return true;
  report(v.errors, path, `expected an integer id of ${what}, got ${describe(id)}`
    + (isIndex(id) && id < v.objectCount ? ` (a ${describe(kindOf(v, id))} node)` : ''));
  return false;
}

/**
 * @param {unknown} value
 * @param {string} path
 * @param {Validator} v
 */
export function checkValues(value, path, v) {
  if (!ArrayIsArray(value)) return report(v.errors, path, `expected an array of values, got ${describe(value)}`);
  for (let i = 0; i < value.length; i++) checkValue(own(value, i), `${path}[${i}]`, v);
}

/**
 * A number field: a JSON number or {"number": "NaN"} and the like.
 * @param {unknown} value
 * @param {string} path
 * @param {Validator} v
 * @returns {boolean} whether it has that shape (checkValue then judged it)
 */
export function checkNumber(value, path, v) {
  if (typeof value !== 'number' && !(isRecord(value) && soleKey(value) === 'number')) return false;
  checkValue(value, path, v);
  return true;
}

/**
 * @param {unknown} value
 * @param {string} path
 * @param {Validator} v
 * @returns {boolean} whether it is a valid side
 */
export function checkSide(value, path, v) {
  if (isIndex(value, MAX_IMAGE_SIDE) && value !== 0) return true;
  if (value !== undefined) report(v.errors, path, `expected an integer 1..${MAX_IMAGE_SIDE}, got ${describe(value)}`);
  return false;
}

/**
 * A node's `bytes`: integers 0..255.
 * @param {any} node
 * @param {string} path
 * @param {Validator} v
 * @returns {boolean} whether they are valid (or absent)
 */
export function checkBytes(node, path, v) {
  const bytes = own(node, 'bytes');
  if (bytes === undefined) return !ObjectHasOwn(node, 'bytes');
  if (!ArrayIsArray(bytes)) {
    report(v.errors, `${path}.bytes`, `expected an array of bytes (0..255), got ${describe(bytes)}`);
    return false;
  }
  let ok = true;
  for (let i = 0; i < bytes.length; i++) ok = checkInteger(own(bytes, i), `${path}.bytes[${i}]`, v, 255) && ok;
  return ok;
}

/** @param {string} key @returns {boolean} CanonicalNumericIndexString(key) is not undefined */
export function isCanonicalNumericString(key) {
  return key === '-0' || `${+key}` === key;
}
