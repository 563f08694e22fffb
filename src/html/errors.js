// DataCloneError: a DOMException named "DataCloneError" (legacy code 25) where
// the host has DOMException (browsers, Node, Deno, Bun); elsewhere (QuickJS)
// an Error carrying the same name and code, so callers can test both the same way.

import { DOMExceptionCtor, ErrorCtor, ReflectDefineProperty, record } from '../primordials/intrinsics.js';

/** The legacy code WebIDL assigns to DataCloneError (DATA_CLONE_ERR). */
export const DATA_CLONE_ERR = 25;

/**
 * @param {string} message says which spec step refused the value and why
 * @returns {Error}
 */
export function DataCloneError(message) {
  if (DOMExceptionCtor !== undefined) return new DOMExceptionCtor(message, 'DataCloneError');
  const error = new ErrorCtor(message);
  ReflectDefineProperty(error, 'name', record({ value: 'DataCloneError', writable: true, enumerable: false, configurable: true }));
  ReflectDefineProperty(error, 'code', record({ value: DATA_CLONE_ERR, writable: false, enumerable: false, configurable: true }));
  return error;
}
