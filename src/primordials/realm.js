// The intrinsics of a realm that StructuredDeserialize creates objects with
// (%Array.prototype%, %Map%, the typed array constructors, …), captured from
// its global object once so that later pollution of that realm cannot
// redirect them.

import {
  NATIVE_ERROR_NAMES, ObjectCreate, ObjectFreeze, TYPED_ARRAY_NAMES, uncurryThis,
} from './intrinsics.js';
import { fileListMaker, platformConstructors } from '../webidl/interfaces.js';

/**
 * A realm's intrinsics as StructuredDeserialize needs them. `captureRealm`
 * reads them from any global object (this realm's, a vm context's, an
 * iframe's), once, so later pollution of that realm cannot redirect them.
 * @typedef {object} Realm
 * @property {object} global
 * @property {object} ObjectPrototype
 * @property {object} ArrayPrototype
 * @property {ObjectConstructor} Object
 * @property {ArrayConstructor} Array
 * @property {DateConstructor} Date
 * @property {RegExpConstructor} RegExp
 * @property {MapConstructor} Map
 * @property {(map: Map<any, any>, k: any, v: any) => Map<any, any>} MapSet
 * @property {SetConstructor} Set
 * @property {(set: Set<any>, v: any) => Set<any>} SetAdd
 * @property {ArrayBufferConstructor} ArrayBuffer
 * @property {SharedArrayBufferConstructor | undefined} SharedArrayBuffer
 * @property {DataViewConstructor} DataView
 * @property {Record<string, any>} typedArrays  constructors by [[TypedArrayName]]
 * @property {Record<string, ErrorConstructor>} errors  constructors by native error name
 * @property {Record<string, Function>} platform  the serializable platform interfaces it has, by name
 * @property {((files: object[]) => object) | undefined} makeFileList  a new FileList of these Files,
 *   where script can make one (a window: webidl/interfaces.js `fileListMaker`)
 * @property {((value: unknown, options: object) => any) | undefined} structuredClone  its own, the
 *   door to the transfer-receiving steps of its platform objects (platform-objects.js `hostTransfer`)
 */

/**
 * @param {any} global
 * @returns {Realm}
 */
export function captureRealm(global) {
  /** @type {Record<string, any>} */
  const typedArrays = ObjectCreate(null);
  for (const name of TYPED_ARRAY_NAMES) if (typeof global[name] === 'function') typedArrays[name] = global[name];
  /** @type {Record<string, ErrorConstructor>} */
  const errors = ObjectCreate(null);
  for (const name of NATIVE_ERROR_NAMES) errors[name] = global[name];
  // Kept by the html+cause+aggregate profile (whatwg/html#5749).
  if (typeof global.AggregateError === 'function') errors.AggregateError = global.AggregateError;
  return ObjectFreeze({
    global,
    ObjectPrototype: global.Object.prototype,
    ArrayPrototype: global.Array.prototype,
    Object: global.Object,
    Array: global.Array,
    Date: global.Date,
    RegExp: global.RegExp,
    Map: global.Map,
    MapSet: uncurryThis(global.Map.prototype.set),
    Set: global.Set,
    SetAdd: uncurryThis(global.Set.prototype.add),
    ArrayBuffer: global.ArrayBuffer,
    SharedArrayBuffer: global.SharedArrayBuffer,
    DataView: global.DataView,
    typedArrays: ObjectFreeze(typedArrays),
    errors: ObjectFreeze(errors),
    platform: platformConstructors(global),
    makeFileList: fileListMaker(global),
    structuredClone: typeof global.structuredClone === 'function' ? global.structuredClone : undefined,
  });
}

/** The realm this module was loaded in: the default target realm. */
export const currentRealm = captureRealm(globalThis);
