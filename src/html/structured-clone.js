// The structuredClone() method steps, plus the forStorage
// variant that IndexedDB and history.pushState use (serialize for storage,
// then deserialize), as one function over the spec path alone.

import { StructuredDeserialize, StructuredDeserializeWithTransfer } from './deserialize.js';
import { specProfile } from './profiles.js';
import { StructuredSerializeForStorage, StructuredSerializeWithTransfer } from './serialize.js';
import { ReflectApply, SymbolIterator, TypeErrorCtor, append, newList } from '../primordials/intrinsics.js';
import { currentRealm } from '../primordials/realm.js';

/**
 * @typedef {object} CloneOptions
 * @property {unknown} [transfer] the transfer list, converted as WebIDL sequence<object> (a
 *   TypeError for what is not one: the programs hand any value)
 * @property {object[]} [transferList] the transfer list already converted (postMessage's
 *   overloaded argument, `postMessageTransferList`); `transfer` is then not read
 * @property {boolean} [forStorage] serialize with forStorage = true (no transfer list)
 * @property {import('../primordials/realm.js').Realm} [realm] the target realm; default: this one
 * @property {boolean} [crossOriginIsolated] see SerializeOptions; default true
 * @property {string} [spec] the spec profile followed (profiles.js): `html` (the default),
 *   `html+cause`, `html+cause+aggregate`
 */

/**
 * structuredClone(value, { transfer }) on the spec path.
 * https://html.spec.whatwg.org/#dom-structuredclone
 * @param {unknown} value
 * @param {CloneOptions} [options]
 * @returns {any}
 */
export function structuredCloneSpec(value, options = {}) {
  const transferList = options.transferList !== undefined ? options.transferList : toTransferList(options.transfer);
  const realm = options.realm === undefined ? currentRealm : options.realm;
  const serializeOptions = { crossOriginIsolated: options.crossOriginIsolated !== false, profile: specProfile(options.spec) };
  if (options.forStorage) {
    if (transferList.length !== 0) throw new TypeErrorCtor('structuredClone: forStorage cannot be combined with a transfer list');
    return StructuredDeserialize(StructuredSerializeForStorage(value, serializeOptions), realm);
  }
  // Step 1.
  const serialized = StructuredSerializeWithTransfer(value, transferList, serializeOptions);
  // Steps 2–3.
  return StructuredDeserializeWithTransfer(serialized, realm).Deserialized;
}

/**
 * WebIDL conversion of `options.transfer` to sequence<object>: absent means
 * empty; otherwise it is iterated with its own Symbol.iterator (user code may run,
 * as it would in a browser), and every element must be an object.
 * @param {unknown} transfer
 * @returns {object[]}
 */
export function toTransferList(transfer) {
  if (transfer === undefined) return newList();
  const method = transfer === null ? undefined : /** @type {any} */ (transfer)[SymbolIterator];
  if (typeof method !== 'function') throw new TypeErrorCtor('structuredClone: options.transfer is not iterable');
  return sequenceOfObjects(transfer, method);
}

/**
 * The transfer list of `postMessage(message, transfer)` on an interface that
 * also has `postMessage(message, options)` (MessagePort, Worker,
 * DedicatedWorkerGlobalScope): WebIDL's overload resolution
 * (https://webidl.spec.whatwg.org/#es-overloads) tells the two apart by the
 * second argument. An object whose Symbol.iterator method is not undefined (GetMethod:
 * a non-callable one throws) takes the sequence<object> overload, converted
 * with that very method; any other object takes the StructuredSerializeOptions
 * dictionary, whose `transfer` member (default []) is the list. So an array
 * whose Symbol.iterator was deleted from Array.prototype is a dictionary with no
 * `transfer`: nothing is transferred and nothing throws (where
 * structuredClone's options.transfer would throw a TypeError). undefined and
 * null take the dictionary as well; a primitive matches neither overload.
 * @param {unknown} transferOrOptions
 * @returns {object[]}
 */
export function postMessageTransferList(transferOrOptions) {
  if (transferOrOptions === undefined || transferOrOptions === null) return newList();
  if (typeof transferOrOptions !== 'object' && typeof transferOrOptions !== 'function') {
    throw new TypeErrorCtor('postMessage: the second argument is neither a sequence nor a StructuredSerializeOptions dictionary');
  }
  const method = /** @type {any} */ (transferOrOptions)[SymbolIterator];
  if (method === undefined || method === null) return toTransferList(/** @type {any} */ (transferOrOptions).transfer);
  if (typeof method !== 'function') throw new TypeErrorCtor('postMessage: the transfer argument\'s @@iterator is not callable');
  return sequenceOfObjects(transferOrOptions, method);
}

/**
 * WebIDL's "create a sequence from an iterable" for sequence<object>: the
 * iterator from `method`, every element an object (user code may run, as
 * it would in a browser).
 * @param {unknown} iterable
 * @param {Function} method its Symbol.iterator method, already looked up
 * @returns {object[]}
 */
function sequenceOfObjects(iterable, method) {
  const list = newList();
  const iterator = ReflectApply(method, iterable, []);
  const next = iterator.next;
  for (let step = ReflectApply(next, iterator, []); !step.done; step = ReflectApply(next, iterator, [])) {
    const item = step.value;
    if ((typeof item !== 'object' || item === null) && typeof item !== 'function') {
      throw new TypeErrorCtor('the transfer list must hold only objects');
    }
    append(list, item);
  }
  return list;
}
