// DataCloneError: a DOMException named "DataCloneError" (legacy code 25) where
// the host has DOMException (browsers, Node, Deno, Bun); elsewhere (QuickJS)
// an Error carrying the same name and code, so callers can test both the same way.

import {
  DOMExceptionCtor, ErrorCtor, ObjectGetOwnPropertyDescriptor, ReflectConstruct, ReflectDefineProperty, StringPrototypeIndexOf, StringPrototypeSlice,
  WeakSetCtor, WeakSetPrototypeAdd, WeakSetPrototypeHas, record,
} from '../primordials/intrinsics.js';

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

/** The errors `HostLimitError` made. */
const hostLimitErrors = new WeakSetCtor();

/**
 * An error that is no outcome of the clone: the reference cannot judge the
 * value on this host (its door to shared memory copies; its own constructor
 * of a platform object fails in the realm's state). The case observation
 * does not observe it but throws it on (src/observe/observe-clone.js), so
 * the case is a harness error with this reason, never a verdict that would
 * agree with a target failing the same way.
 * @param {string} message says what the host cannot do, and why
 * @returns {Error}
 */
export function HostLimitError(message) {
  const error = new ErrorCtor(message);
  // Named, so that its text says what it is where it crossed to another thread or agent (`hostLimitReason`).
  ReflectDefineProperty(error, 'name', record({ value: HOST_LIMIT, writable: true, enumerable: false, configurable: true }));
  WeakSetPrototypeAdd(hostLimitErrors, error);
  return error;
}

/** A HostLimitError's name. */
const HOST_LIMIT = 'HostLimitError';

/**
 * @param {unknown} value
 * @returns {boolean} whether the reference threw it as a `HostLimitError`
 */
export function isHostLimitError(value) {
  return typeof value === 'object' && value !== null && WeakSetPrototypeHas(hostLimitErrors, value);
}

/**
 * Why the reference could not judge a case, where `error` is a
 * HostLimitError: thrown here, or one a receiving worker's oracle threw,
 * which arrives as an Error whose message holds its text.
 * @param {unknown} error
 * @returns {string | undefined} its message, or undefined for any other error
 */
export function hostLimitReason(error) {
  if (isHostLimitError(error)) return ownMessage(error);
  const text = typeof error === 'object' && error !== null ? ownMessage(error) : '';
  const at = StringPrototypeIndexOf(text, `${HOST_LIMIT}: `);
  if (at < 0) return undefined;
  const reason = StringPrototypeSlice(text, at + HOST_LIMIT.length + 2);
  const end = StringPrototypeIndexOf(reason, '\n');
  return end < 0 ? reason : StringPrototypeSlice(reason, 0, end);
}

/**
 * A new platform object made with the target realm's constructor, from
 * values the deserialization or transfer-receiving steps say it holds:
 * nothing the standard lets fail. A host's constructor that throws anyway
 * is the host's limit, not the clone's outcome: Node 20's Blob, File,
 * DOMException and web streams define their transfer hooks with property
 * descriptors that inherit from Object.prototype, and throw under a
 * program's `get` or `set` there (test/immune.test.js).
 * @param {Function} constructor
 * @param {string} name the interface, for the reason
 * @param {unknown[]} args
 * @returns {any}
 */
export function hostConstruct(constructor, name, args) {
  try {
    return ReflectConstruct(constructor, args);
  } catch (error) {
    throw HostLimitError(`this host's ${name} constructor throws in the realm's state (${ownMessage(error)}): the reference cannot make one here`);
  }
}

/**
 * @param {unknown} error
 * @returns {string} its own message, read without a getter (the realm is a program's)
 */
export function ownMessage(error) {
  const own = typeof error === 'object' && error !== null ? ObjectGetOwnPropertyDescriptor(error, 'message') : undefined;
  return typeof own?.value === 'string' ? own.value : 'not an Error';
}
