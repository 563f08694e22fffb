// The grammar of Values, StringExprs and Keys (docs/program.md, "Value" and
// "Prop"): one checker and one translator to plan expressions per form, so
// `validate` accepts exactly what `compile` can translate.

import {
  ArrayIsArray, JSONStringify, MathMax, MathMin, NumberIsInteger, ObjectHasOwn, ObjectIs,
  ObjectKeys, StringPrototypeRepeat, StringPrototypeSlice, append, record,
} from '../primordials/intrinsics.js';
import { CreateDataProperty } from '../abstract-ops/object-operations.js';
import { UNDEFINED, bigintLiteral, call, exprs, list, lit, specialNumber, variable } from './plan.js';

/** Strings built at run time may not be longer than this (keeps builds cheap). */
export const MAX_STRING_LENGTH = 1 << 22;
export const SPECIAL_NUMBERS = ['NaN', '-0', 'Infinity', '-Infinity'];
export const WELL_KNOWN_SYMBOLS = ['iterator', 'species', 'toStringTag', 'toPrimitive'];

/**
 * @typedef {{path: string, message: string}} ValidationError
 * @typedef {{objectCount: number, allowRefs: boolean, errors: ValidationError[]}} CheckContext
 */

/**
 * Appends `{path, message}` to the error list (an ordinary array handed to the caller).
 * @param {ValidationError[]} errors
 * @param {string} path
 * @param {string} message
 */
export function report(errors, path, message) {
  CreateDataProperty(errors, errors.length, { path, message });
}

/**
 * `got <x>` text for error messages, for any JavaScript value.
 * @param {unknown} value
 * @returns {string}
 */
export function describe(value) {
  switch (typeof value) {
    case 'undefined': return 'undefined';
    case 'string': return JSONStringify(value);
    case 'number': return ObjectIs(value, -0) ? '-0' : `${value}`;
    case 'boolean': return `${value}`;
    case 'bigint': return `${value}n`;
    case 'symbol': return 'a symbol';
    case 'function': return 'a function';
  }
  if (value === null) return 'null';
  if (ArrayIsArray(value)) return 'an array';
  return 'an object';
}

/**
 * An own property, or undefined: never reads through the prototype chain.
 * @param {any} object
 * @param {PropertyKey} key
 */
export function own(object, key) {
  return ObjectHasOwn(object, key) ? object[key] : undefined;
}

/**
 * A program's `transfer` that is no list of object ids but the transfer
 * option itself (docs/program.md): a number, string, boolean or null, which
 * WebIDL's sequence<object> conversion must refuse with a TypeError
 * (`structuredClone(1, { transfer: 5 })`).
 * @param {unknown} transfer  the program's `transfer`
 * @returns {transfer is number | string | boolean | null}
 */
export function isTransferOption(transfer) {
  return transfer === null || typeof transfer === 'number' || typeof transfer === 'string' || typeof transfer === 'boolean';
}

/**
 * @param {{transfer?: unknown}} program  a valid program
 * @returns {number[]} the ids its transfer list names: none when it has no list, or a transfer option that is not one
 */
export function transferIds(program) {
  return ArrayIsArray(program.transfer) ? /** @type {number[]} */ (program.transfer) : [];
}

/** @param {unknown} value @returns {value is Record<string, any>} a non-array object */
export function isRecord(value) {
  return typeof value === 'object' && value !== null && !ArrayIsArray(value);
}

/** @param {unknown} value @returns {boolean} */
export function isIndex(value, max = 2 ** 53 - 1) {
  return typeof value === 'number' && NumberIsInteger(value) && value >= 0 && value <= max;
}

/**
 * The single key of a one-key object such as `{"bigint": "1"}`, or undefined.
 * @param {Record<string, any>} object
 */
export function soleKey(object) {
  const keys = ObjectKeys(object);
  return keys.length === 1 ? keys[0] : undefined;
}

/**
 * @template {string} T
 * @param {readonly T[]} options
 * @param {unknown} value
 * @returns {value is T}
 */
export function oneOf(options, value) {
  for (let i = 0; i < options.length; i++) if (options[i] === value) return true;
  return false;
}

/** @param {string[]} options */
export function quoteAll(options) {
  let text = '';
  for (let i = 0; i < options.length; i++) text += (i === 0 ? '' : ', ') + JSONStringify(options[i]);
  return text;
}

/**
 * Checks a StringExpr and returns the length of the string it builds
 * (undefined when invalid).
 * @param {unknown} expr
 * @param {string} path
 * @param {CheckContext} cx
 * @returns {number | undefined}
 */
export function checkStringExpr(expr, path, cx) {
  if (typeof expr === 'string') return expr.length;
  const form = isRecord(expr) ? soleKey(expr) : undefined;
  // The cast: a form was found, so expr is a record.
  const args = form === undefined ? undefined : /** @type {Record<string, any>} */ (expr)[form];
  let length;
  if (form === 'repeat' && ArrayIsArray(args) && args.length === 2) {
    const inner = checkStringExpr(own(args, 0), `${path}.repeat[0]`, cx);
    const count = own(args, 1);
    if (!isIndex(count)) return void report(cx.errors, `${path}.repeat[1]`, `expected a repeat count (integer >= 0), got ${describe(count)}`);
    if (inner === undefined) return undefined;
    length = inner * count;
  } else if (form === 'concat' && ArrayIsArray(args)) {
    length = 0;
    for (let i = 0; i < args.length; i++) {
      const part = checkStringExpr(own(args, i), `${path}.concat[${i}]`, cx);
      if (part === undefined) return undefined;
      length += part;
    }
  } else if (form === 'slice' && ArrayIsArray(args) && args.length === 3) {
    const inner = checkStringExpr(own(args, 0), `${path}.slice[0]`, cx);
    const start = own(args, 1);
    const end = own(args, 2);
    if (!NumberIsInteger(start)) return void report(cx.errors, `${path}.slice[1]`, `expected an integer start, got ${describe(start)}`);
    if (!NumberIsInteger(end)) return void report(cx.errors, `${path}.slice[2]`, `expected an integer end, got ${describe(end)}`);
    if (inner === undefined) return undefined;
    // String.prototype.slice: negative positions count from the end.
    const from = start < 0 ? MathMax(inner + start, 0) : MathMin(start, inner);
    const to = end < 0 ? MathMax(inner + end, 0) : MathMin(end, inner);
    length = MathMax(to - from, 0);
  } else {
    return void report(cx.errors, path,
      `expected a StringExpr (a string, {"repeat": [s, n]}, {"concat": [s, ...]} or {"slice": [s, start, end]}), got ${describe(expr)}`);
  }
  if (length > MAX_STRING_LENGTH) {
    return void report(cx.errors, path, `builds a string of ${length} characters; the limit is ${MAX_STRING_LENGTH}`);
  }
  return length;
}

/**
 * Checks a Value. Returns what kind of value it denotes (for checks such as
 * "boxed needs a primitive"): 'ref', 'nullish', 'string' (with `length`), or 'primitive'.
 * @param {unknown} value
 * @param {string} path
 * @param {CheckContext} cx
 * @returns {{sort: 'ref' | 'nullish' | 'string' | 'primitive', length?: number, id?: number} | undefined}
 */
export function checkValue(value, path, cx) {
  switch (typeof value) {
    case 'boolean': return record({ sort: 'primitive' });
    case 'string': return record({ sort: 'string', length: value.length });
    case 'number':
      if (value !== value || value === Infinity || value === -Infinity || ObjectIs(value, -0)) {
        return void report(cx.errors, path, `expected a finite number (write special numbers as {"number": "NaN"}), got ${describe(value)}`);
      }
      return record({ sort: 'primitive' });
  }
  if (value === null) return record({ sort: 'nullish' });
  const form = isRecord(value) ? soleKey(value) : undefined;
  // The cast: a form was found, so value is a record.
  const operand = form === undefined ? undefined : /** @type {Record<string, any>} */ (value)[form];
  switch (form) {
    case 'undefined':
      if (operand !== true) break;
      return record({ sort: 'nullish' });
    case 'number':
      if (!oneOf(SPECIAL_NUMBERS, operand)) {
        return void report(cx.errors, `${path}.number`, `expected one of ${quoteAll(SPECIAL_NUMBERS)}, got ${describe(operand)}`);
      }
      return record({ sort: 'primitive' });
    case 'bigint':
      if (typeof operand !== 'string' || !isDecimal(operand)) {
        return void report(cx.errors, `${path}.bigint`, `expected decimal digits (optionally signed with "-"), got ${describe(operand)}`);
      }
      return record({ sort: 'primitive' });
    case 'symbol':
      if (typeof operand !== 'string') return void report(cx.errors, `${path}.symbol`, `expected a description string, got ${describe(operand)}`);
      return record({ sort: 'primitive' });
    case 'string': {
      const length = checkStringExpr(operand, `${path}.string`, cx);
      return length === undefined ? undefined : record({ sort: 'string', length });
    }
    case 'ref':
      if (!cx.allowRefs) return void report(cx.errors, path, 'a realm step cannot refer to objects; use a primitive');
      if (!isIndex(operand) || operand >= cx.objectCount) {
        return void report(cx.errors, `${path}.ref`, `expected an object id (integer 0..${cx.objectCount - 1}), got ${describe(operand)}`);
      }
      return record({ sort: 'ref', id: operand });
  }
  return void report(cx.errors, path, `expected a Value (null, a boolean, a finite number, a string, or {"undefined": true}, {"number": …}, {"bigint": …}, {"symbol": …}, {"string": …}, {"ref": id}), got ${describe(value)}`);
}

/** @param {string} text */
function isDecimal(text) {
  let i = text.length > 1 && text[0] === '-' ? 1 : 0;
  if (i === text.length) return false;
  for (; i < text.length; i++) if (text[i] < '0' || text[i] > '9') return false;
  return true;
}

/**
 * Checks a Key. A built key (`{"string": StringExpr}`) is a Prop key of an
 * object node only (`built`): realm steps and effects name their keys as
 * written, so the checks on fixed intrinsic keys read them as they are.
 * @param {any} key
 * @param {string} path
 * @param {CheckContext} cx
 * @param {boolean} [built] whether a built key may stand here
 * @returns {boolean}
 */
export function checkKey(key, path, cx, built = false) {
  if (typeof key === 'string') return true;
  const form = isRecord(key) ? soleKey(key) : undefined;
  if (form === 'symbol' && typeof key.symbol === 'string') return true;
  if (form === 'wellKnown' && oneOf(WELL_KNOWN_SYMBOLS, key.wellKnown)) return true;
  if (form === 'string') {
    if (!built) {
      report(cx.errors, path, 'a built key ({"string": …}) may only be the key of an object node\'s property; write the string itself here');
      return false;
    }
    return checkStringExpr(key.string, `${path}.string`, cx) !== undefined;
  }
  report(cx.errors, path, `expected a Key (a string, {"symbol": "desc"}, {"wellKnown": ${quoteAll(WELL_KNOWN_SYMBOLS)}} or, on an object node, {"string": StringExpr}), got ${describe(key)}`);
  return false;
}

/**
 * The string a valid StringExpr builds, made here the way the runtime makes
 * it (String.prototype.repeat / slice, concatenation), for the checks that
 * need a built key's text.
 * @param {any} expr a valid StringExpr
 * @returns {string}
 */
export function stringExprText(expr) {
  if (typeof expr === 'string') return expr;
  if (ObjectHasOwn(expr, 'repeat')) return StringPrototypeRepeat(stringExprText(expr.repeat[0]), expr.repeat[1]);
  if (ObjectHasOwn(expr, 'slice')) return StringPrototypeSlice(stringExprText(expr.slice[0]), expr.slice[1], expr.slice[2]);
  let text = '';
  for (let i = 0; i < expr.concat.length; i++) text += stringExprText(expr.concat[i]);
  return text;
}

/**
 * The text of a string key, written or built; undefined for a symbol key.
 * @param {any} key a valid Key
 * @returns {string | undefined}
 */
export function stringKeyText(key) {
  if (typeof key === 'string') return key;
  return ObjectHasOwn(key, 'string') ? stringExprText(key.string) : undefined;
}

/**
 * How a key appears in the effects log: the string itself, or "@@desc" for a symbol.
 * @param {any} key a valid Key
 * @returns {string}
 */
export function keyText(key) {
  const text = stringKeyText(key);
  if (text !== undefined) return text;
  if (ObjectHasOwn(key, 'symbol')) return `@@${key.symbol}`;
  return `@@Symbol.${key.wellKnown}`;
}

/**
 * The identity of a key within one object, for duplicate checks: undefined for
 * a fresh symbol (it never equals another key).
 * @param {any} key a valid Key
 * @returns {string | undefined}
 */
export function keyIdentity(key) {
  const text = stringKeyText(key);
  if (text !== undefined) return `s:${text}`;
  if (ObjectHasOwn(key, 'symbol')) return undefined;
  return `w:${key.wellKnown}`;
}

/** @param {number} id @returns {string} the plan variable holding objects[id] */
export function objectVar(id) {
  return `o${id}`;
}

/**
 * @param {any} expr a valid StringExpr
 * @returns {import('./plan.js').Expr}
 */
export function stringExpr(expr) {
  if (typeof expr === 'string') return lit(expr);
  if (ObjectHasOwn(expr, 'repeat')) return call('repeat', exprs(stringExpr(expr.repeat[0]), lit(expr.repeat[1])));
  if (ObjectHasOwn(expr, 'slice')) {
    return call('slice', exprs(stringExpr(expr.slice[0]), lit(expr.slice[1]), lit(expr.slice[2])));
  }
  const parts = expr.concat;
  const items = exprs();
  for (let i = 0; i < parts.length; i++) append(items, stringExpr(parts[i]));
  return call('concat', exprs(list(items)));
}

/**
 * @param {any} value a valid Value
 * @returns {import('./plan.js').Expr}
 */
export function valueExpr(value) {
  if (value === null || typeof value !== 'object') {
    return ObjectIs(value, -0) ? specialNumber('-0') : lit(value);
  }
  if (ObjectHasOwn(value, 'undefined')) return UNDEFINED;
  if (ObjectHasOwn(value, 'number')) return specialNumber(value.number);
  if (ObjectHasOwn(value, 'bigint')) return bigintLiteral(value.bigint);
  if (ObjectHasOwn(value, 'symbol')) return call('symbol', exprs(lit(value.symbol)));
  if (ObjectHasOwn(value, 'string')) return stringExpr(value.string);
  return variable(objectVar(value.ref));
}

/**
 * @param {any} key a valid Key
 * @returns {import('./plan.js').Expr}
 */
export function keyExpr(key) {
  if (typeof key === 'string') return lit(key);
  if (ObjectHasOwn(key, 'string')) return stringExpr(key.string);
  if (ObjectHasOwn(key, 'symbol')) return call('symbol', exprs(lit(key.symbol)));
  return call('wellKnown', exprs(lit(key.wellKnown)));
}
