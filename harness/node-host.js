// Node as the host of the reference engine: Node can see the internal slots
// that script cannot (util.types), so it tells the reference about Proxies and
// about objects with slots the spec refuses (Promise, generators, iterators,
// arguments, module namespaces). Programs register what they build anyway;
// this makes the reference exact for any other value too.

import { types } from 'node:util';
import { setHostHooks } from '../src/index.js';

let installed = false;

/** Tells the reference what Node knows about internal slots (once per process). */
export function installNodeHostHooks() {
  if (installed) return;
  installed = true;
  setHostHooks({
    isProxy: (object) => types.isProxy(object),
    isError: (object) => types.isNativeError(object),
    classify: classifyNodeObject,
  });
}

// Captured now: programs delete and replace globals (globalThis.Error,
// Reflect.apply) while the reference classifies their objects.
const ErrorCtor = Error;
const ReflectApply = Reflect.apply;
const WeakRefDeref = WeakRef.prototype.deref;
const FinalizationRegistryUnregister = FinalizationRegistry.prototype.unregister;

/**
 * The kind the reference would find by brand checks, read from V8's own slots.
 * WeakRef and FinalizationRegistry have no util.types predicate, so those two
 * are still told apart by brand checks, only for objects that are none of the rest.
 * @param {object} object neither a Proxy, callable nor an Array
 * @returns {import('../src/spec/brands.js').ObjectKind | undefined}
 */
function classifyNodeObject(object) {
  if (types.isBooleanObject(object)) return 'boolean';
  if (types.isNumberObject(object)) return 'number';
  if (types.isBigIntObject(object)) return 'bigint';
  if (types.isStringObject(object)) return 'string';
  if (types.isSymbolObject(object)) return 'symbol';
  if (types.isDate(object)) return 'date';
  if (types.isRegExp(object)) return 'regexp';
  if (types.isArrayBuffer(object)) return 'arraybuffer';
  if (types.isSharedArrayBuffer(object)) return 'sharedarraybuffer';
  if (types.isTypedArray(object)) return 'typedarray';
  if (types.isDataView(object)) return 'dataview';
  if (types.isMap(object)) return 'map';
  if (types.isSet(object)) return 'set';
  if (types.isNativeError(object)) return 'error';
  if (types.isWeakMap(object) || types.isWeakSet(object) || types.isPromise(object)
    || types.isGeneratorObject(object) || types.isMapIterator(object) || types.isSetIterator(object)
    || types.isArgumentsObject(object) || types.isModuleNamespaceObject(object) || types.isExternal(object)) return 'opaque';
  return isWeakRefOrRegistry(object) ? 'opaque' : 'object';
}

/**
 * Brand checks for the two kinds util.types cannot see. The TypeErrors they
 * throw are never seen, so no stack trace is captured for them (12 µs → ~1 µs).
 * @param {object} object
 * @returns {boolean}
 */
function isWeakRefOrRegistry(object) {
  const { stackTraceLimit } = ErrorCtor;
  ErrorCtor.stackTraceLimit = 0;
  try {
    return succeeds(() => ReflectApply(WeakRefDeref, object, []))
      || succeeds(() => ReflectApply(FinalizationRegistryUnregister, object, [{}]));
  } finally {
    ErrorCtor.stackTraceLimit = stackTraceLimit;
  }
}

/** @param {() => unknown} check @returns {boolean} whether it returned without throwing */
function succeeds(check) {
  try {
    check();
    return true;
  } catch {
    return false;
  }
}
