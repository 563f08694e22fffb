// The messages between a sender and its receiving workers: strings,
// `tag\ntext` (realm.js lists them). Both sides read them while a program's
// pollution may be in place (String.prototype among it), so they only call
// String methods captured by src/primordials/intrinsics.js.

import {
  StringCtor, StringPrototypeIncludes, StringPrototypeSlice, uncurryThis,
} from '../../../src/primordials/intrinsics.js';

const StringPrototypeIndexOf = uncurryThis(String.prototype.indexOf);
const StringPrototypeStartsWith = uncurryThis(String.prototype.startsWith);

/**
 * A harness error as its report shows it: the stack, which starts with the
 * error's name and message in V8 and Bun, not in SpiderMonkey, WebKit's
 * JavaScriptCore or QuickJS-ng (so their reports named no error, and repro
 * could not tell a worker's missing interface from a harness failure).
 * @param {unknown} error
 * @returns {string}
 */
export function errorText(error) {
  if (!(error instanceof Error)) return StringCtor(error);
  const stack = StringCtor(error.stack);
  const head = StringCtor(error);
  return StringPrototypeStartsWith(stack, head) ? stack : `${head}\n${stack}`;
}

/**
 * @param {string} message
 * @returns {{tag: string, text: string}}
 */
export function splitMessage(message) {
  if (!StringPrototypeIncludes(message, '\n')) return { tag: message, text: '' };
  const newline = StringPrototypeIndexOf(message, '\n');
  return { tag: StringPrototypeSlice(message, 0, newline), text: StringPrototypeSlice(message, newline + 1) };
}

/**
 * The text of an answer that must carry `tag`; a harness error in the worker throws.
 * @param {string} message
 * @param {string} tag
 */
export function answerText(message, tag) {
  const answer = splitMessage(message);
  if (answer.tag !== tag) throw new Error(`the receiving worker answered ${answer.tag}: ${answer.text}`);
  return answer.text;
}

// Captured when this module loads: a receiving realm's set-up may replace them.
const ErrorCtor = Error;
const ObjectDefineProperty = Object.defineProperty;
const messageErrors = new WeakSet();

/** @param {unknown} error @returns {boolean} whether messageError or messageLost made it (not a harness failure) */
export function isMessageError(error) {
  return messageErrors.has(/** @type {object} */ (error));
}

/**
 * A thrown Error named `name` that stands for what a channel's receiving
 * side did instead of delivering the value: never a match for the reference.
 * @param {string} name @param {string} message
 */
function deliveryError(name, message) {
  const error = new ErrorCtor(message);
  messageErrors.add(error);
  // Defined, not assigned: the realm may have a setter on Error.prototype.name.
  // The descriptor has no prototype, so nothing inherited is read from it.
  /** @type {PropertyDescriptor & {__proto__?: null}} */
  const descriptor = { __proto__: null, value: name, writable: true, configurable: true };
  ObjectDefineProperty(error, 'name', descriptor);
  return error;
}

/**
 * What a channel reports when the receiving side fired 'messageerror' (it
 * could not deserialize the value): a thrown Error named MessageError, which
 * never matches the reference (the spec fires it only when deserialization
 * fails, and the reference's never does).
 * @param {string} where
 */
export function messageError(where) {
  return deliveryError('MessageError', `${where} fired messageerror`);
}

/**
 * What a channel reports when the value's message never came: the fence, a
 * string posted right after it on the same port or BroadcastChannel, came
 * first, and a port delivers its messages in the order they were posted
 * (HTML's port message queue; a BroadcastChannel's messages from one sender
 * alike). Node 22, 24 and 26 drop a value holding a Blob or a DOMException
 * whose prototype was changed with neither a message nor a 'messageerror'
 * (corpus/bugs/node/clones-value-with-reprototyped-domexception-to-undefined.json):
 * without the fence each such case waited out its timeout (5 s) and its
 * thread was replaced. A thrown Error named MessageLost, which never matches
 * the reference.
 * @param {string} where
 */
export function messageLost(where) {
  return deliveryError('MessageLost', `${where} never delivered the value: a message posted after it arrived first`);
}

/** What every fence of this realm starts with: a string no program holds (drawn when the module loads; no program is read from here). */
const FENCE_BASE = `clonecheck-fence-${Math.random().toString(36).slice(2)}-${Date.now().toString(36)}`;
let fences = 0;

/**
 * A fence for the next case: after the case's values, once the sender's realm
 * is restored (case.js `sent`), the sender posts `fencePost(fence, n)`, n the
 * messages it posted where the values go; ports and a BroadcastChannel
 * deliver one sender's messages in order, so a receiver that gets it knows
 * that the values among those n that have not come never will. Each case has
 * its own: a BroadcastChannel's fence and the next case's set-up, on the
 * worker's port, are two queues, and the fence may come after that set-up.
 * @returns {string}
 */
export function nextFence() {
  fences += 1;
  return `${FENCE_BASE} ${fences}`;
}

/**
 * The fence message after `posted` messages where the values go.
 * @param {string} fence  the case's (nextFence) @param {number} posted
 */
export function fencePost(fence, posted) {
  return `${fence} ${posted}`;
}
