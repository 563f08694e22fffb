// observeThrown(error): what a script can tell about a thrown value without
// running any of its code: kind, prototype, name, message, DOMException code.
//
// `name` and `code` are read from data properties only (own first, then up
// the prototype chain), never through a getter a program may have planted;
// a DOMException's own attributes are read through the captured WebIDL
// getters, which are also the brand check. The message of a DataCloneError is
// left out: its text differs between engines and is not specified.

import { CreateDataProperty } from '../abstract-ops/object-operations.js';
import {
  DOMExceptionPrototypeCode, DOMExceptionPrototypeMessage, DOMExceptionPrototypeName,
  ObjectGetOwnPropertyDescriptor, ObjectHasOwn, ReflectGetPrototypeOf, withoutStackTraces,
} from '../primordials/intrinsics.js';
import { classifyObject, hasErrorData, isProxy } from '../abstract-ops/brands.js';
import { isPlatformKind } from '../webidl/interfaces.js';
import { intrinsicName, intrinsicNames } from './intrinsic-names.js';
import { observe, option } from './observe.js';

/**
 * @typedef {object} ThrownObservation
 * @property {string} kind  classifyObject's kind, 'proxy', or 'primitive'
 * @property {import('./observe.js').Observation} [value]  for a thrown primitive
 * @property {string | null} [prototype]  intrinsic name, null, or 'other'
 * @property {string | null} [name]
 * @property {string | null} [message]  absent for DataCloneError
 * @property {number | null} [code]
 */

/**
 * @param {unknown} thrown
 * @param {import('./observe.js').ObserveOptions} [options]
 * @returns {ThrownObservation}
 */
export function observeThrown(thrown, options) {
  if ((typeof thrown !== 'object' || thrown === null) && typeof thrown !== 'function') {
    return { kind: 'primitive', value: observe(thrown, options) };
  }
  const object = /** @type {object} */ (thrown);
  const classified = classifyObject(object);
  if (classified === 'proxy') return { kind: classified };
  // A thrown DOMException (a DataCloneError) keeps the kind it had before
  // platform objects had kinds of their own: 'error' where the host can tell
  // it has [[ErrorData]], else 'object'. Its name, code and prototype say
  // what it is, and stored observations (corpus/regressions/) stay as they are.
  const kind = isPlatformKind(classified) ? (hasErrorData(object) ? 'error' : 'object') : classified;
  const prototype = ReflectGetPrototypeOf(object);
  const names = intrinsicNames(option(options, 'realm') ?? globalThis);
  // The brand check throws for anything but a DOMException: without a stack trace.
  const domCode = withoutStackTraces(domExceptionCode, object);
  const isDOMException = domCode !== undefined;
  const name = isDOMException ? readDOMException(DOMExceptionPrototypeName, object) : dataProperty(object, 'name');
  const result = {
    kind,
    prototype: prototype === null ? null : intrinsicName(names, prototype) ?? 'other',
    name: typeof name === 'string' ? name : null,
    code: isDOMException ? domCode : numberOrNull(dataProperty(object, 'code')),
  };
  if (name !== 'DataCloneError') {
    const message = isDOMException ? readDOMException(DOMExceptionPrototypeMessage, object) : dataProperty(object, 'message');
    CreateDataProperty(result, 'message', typeof message === 'string' ? message : null);
  }
  return result;
}

/**
 * @param {object} object
 * @returns {any} its DOMException `code`, or undefined when it is not a DOMException
 */
function domExceptionCode(object) {
  return readDOMException(DOMExceptionPrototypeCode, object);
}

/**
 * @param {((object: object) => unknown) | undefined} getter a captured DOMException attribute getter
 * @param {object} object
 * @returns {any} the attribute, or undefined when the host has no DOMException or `object` is not one
 */
function readDOMException(getter, object) {
  if (getter === undefined) return undefined;
  try {
    return getter(object);
  } catch {
    return undefined;
  }
}

/**
 * The value of the first data property `key` found on the object or its
 * prototype chain; undefined when the first one found is an accessor, or a
 * Proxy is met on the way (asking it would run a trap).
 * @param {object} object
 * @param {string} key
 * @returns {unknown}
 */
function dataProperty(object, key) {
  for (let o = object; o !== null; o = ReflectGetPrototypeOf(o)) {
    if (isProxy(o)) return undefined;
    const descriptor = ObjectGetOwnPropertyDescriptor(o, key);
    if (descriptor !== undefined) return ObjectHasOwn(descriptor, 'value') ? descriptor.value : undefined;
  }
  return undefined;
}

/**
 * @param {unknown} value
 * @returns {number | null} finite numbers only (canonical JSON has no NaN)
 */
function numberOrNull(value) {
  return typeof value === 'number' && value - value === 0 ? value : null;
}
