// The structuredClone() method steps, plus the forStorage
// variant that IndexedDB and history.pushState use (serialize for storage,
// then deserialize), as one function over the spec path alone.

import { StructuredDeserialize, StructuredDeserializeWithTransfer } from './deserialize.js';
import { specProfile } from './profiles.js';
import { StructuredSerializeForStorage, StructuredSerializeWithTransfer } from './serialize.js';
import { ReflectApply, SymbolIterator, append, newList } from '../primordials/intrinsics.js';
import { currentRealm } from '../primordials/realm.js';

/**
 * @typedef {object} CloneOptions
 * @property {Iterable<object>} [transfer] the transfer list (WebIDL sequence<object>)
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
  const transferList = toTransferList(options.transfer);
  const realm = options.realm === undefined ? currentRealm : options.realm;
  const serializeOptions = { crossOriginIsolated: options.crossOriginIsolated !== false, profile: specProfile(options.spec) };
  if (options.forStorage) {
    if (transferList.length !== 0) throw new TypeError('structuredClone: forStorage cannot be combined with a transfer list');
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
  const list = newList();
  if (transfer === undefined) return list;
  const method = transfer === null ? undefined : /** @type {any} */ (transfer)[SymbolIterator];
  if (typeof method !== 'function') throw new TypeError('structuredClone: options.transfer is not iterable');
  const iterator = ReflectApply(method, transfer, []);
  const next = iterator.next;
  for (let step = ReflectApply(next, iterator, []); !step.done; step = ReflectApply(next, iterator, [])) {
    const item = step.value;
    if ((typeof item !== 'object' || item === null) && typeof item !== 'function') {
      throw new TypeError('structuredClone: options.transfer must hold only objects');
    }
    append(list, item);
  }
  return list;
}
