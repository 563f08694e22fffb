// Names of a realm's intrinsic objects, for observations.
//
// An observation never describes %Array.prototype% (or any other intrinsic)
// by its contents: it names it, in ECMA-262's %Name% notation. That keeps
// observations small, keeps a program's pollution of the realm out of the
// description of the value, and makes "the prototype is %Array.prototype% of
// the realm where the value landed" a one-string comparison.
//
// The table of a realm is read once, before the program under test can run in
// it: the current realm's when this module loads; another realm's at its first
// use (call `intrinsicNames(global)` early for a realm you will pollute).

import {
  MapCtor, MapPrototypeGet, MapPrototypeHas, MapPrototypeSet, NATIVE_ERROR_NAMES,
  ObjectGetOwnPropertyDescriptor, ObjectHasOwn, ReflectApply, ReflectGetPrototypeOf, SymbolIterator,
  TYPED_ARRAY_NAMES, WeakMapCtor, WeakMapPrototypeGet, WeakMapPrototypeSet,
} from '../primordials/intrinsics.js';
import { INTERFACE_NAMES } from '../webidl/interfaces.js';

/** Global constructors whose function object and `prototype` object are named. */
const CONSTRUCTOR_NAMES = [
  'Object', 'Function', 'Array', 'Boolean', 'Number', 'BigInt', 'String', 'Symbol', 'Date', 'RegExp',
  'Map', 'Set', 'WeakMap', 'WeakSet', 'WeakRef', 'FinalizationRegistry', 'Promise', 'Proxy',
  ...NATIVE_ERROR_NAMES, 'AggregateError', 'ArrayBuffer', 'SharedArrayBuffer', 'DataView',
  ...TYPED_ARRAY_NAMES, 'Iterator',
  // The serializable and transferable platform interfaces, where the host has them.
  ...INTERFACE_NAMES,
];

/** Global namespace objects. */
const NAMESPACE_NAMES = ['Math', 'JSON', 'Reflect', 'Atomics', 'Intl'];

/** @type {WeakMap<object, Map<object, string>>} tables by global object */
const tables = new WeakMapCtor();

/**
 * @param {object} object
 * @param {PropertyKey} key
 * @returns {any} the value of an own data property, else undefined (never runs a getter)
 */
function ownData(object, key) {
  const descriptor = ObjectGetOwnPropertyDescriptor(object, key);
  return descriptor !== undefined && ObjectHasOwn(descriptor, 'value') ? descriptor.value : undefined;
}

/**
 * @param {unknown} value
 * @returns {value is object}
 */
function isObject(value) {
  return (typeof value === 'object' && value !== null) || typeof value === 'function';
}

/**
 * @param {Map<object, string>} table
 * @param {unknown} object
 * @param {string} name
 */
function add(table, object, name) {
  // The first name registered wins, so each object has one name everywhere.
  if (isObject(object) && !MapPrototypeHas(table, object)) MapPrototypeSet(table, object, name);
}

/**
 * @param {Map<object, string>} table
 * @param {unknown} constructor
 * @param {string} name e.g. 'Array' gives %Array% and %Array.prototype%
 */
function addConstructor(table, constructor, name) {
  if (typeof constructor !== 'function') return;
  add(table, constructor, '%' + name + '%');
  add(table, ownData(constructor, 'prototype'), '%' + name + '.prototype%');
}

/**
 * The prototype of the iterator a built-in method returns, reached by calling
 * that method of the realm on a fresh receiver.
 * @param {unknown} Constructor a constructor of the realm
 * @param {PropertyKey} method
 * @returns {object | undefined}
 */
function iteratorPrototype(Constructor, method) {
  if (typeof Constructor !== 'function') return undefined;
  const prototype = ownData(Constructor, 'prototype');
  const fn = prototype !== undefined ? ownData(prototype, method) : undefined;
  if (typeof fn !== 'function') return undefined;
  return ReflectGetPrototypeOf(ReflectApply(fn, new /** @type {any} */ (Constructor)(), []));
}

/**
 * @param {any} global
 * @returns {Map<object, string>}
 */
function buildTable(global) {
  /** @type {Map<object, string>} */
  const table = new MapCtor();
  add(table, global, '%globalThis%');
  for (let i = 0; i < CONSTRUCTOR_NAMES.length; i++) {
    addConstructor(table, ownData(global, CONSTRUCTOR_NAMES[i]) ?? readGlobal(global, CONSTRUCTOR_NAMES[i]),
      CONSTRUCTOR_NAMES[i]);
  }
  for (let i = 0; i < NAMESPACE_NAMES.length; i++) {
    add(table, ownData(global, NAMESPACE_NAMES[i]), '%' + NAMESPACE_NAMES[i] + '%');
  }
  const Uint8 = ownData(global, 'Uint8Array');
  if (typeof Uint8 === 'function') addConstructor(table, ReflectGetPrototypeOf(Uint8), 'TypedArray');
  const arrayIterator = iteratorPrototype(ownData(global, 'Array'), 'values');
  add(table, arrayIterator, '%ArrayIteratorPrototype%');
  if (arrayIterator !== undefined) add(table, ReflectGetPrototypeOf(arrayIterator), '%Iterator.prototype%');
  add(table, iteratorPrototype(ownData(global, 'Map'), 'entries'), '%MapIteratorPrototype%');
  add(table, iteratorPrototype(ownData(global, 'Set'), 'values'), '%SetIteratorPrototype%');
  add(table, iteratorPrototype(ownData(global, 'String'), SymbolIterator), '%StringIteratorPrototype%');
  if (global === globalThis) addSyntaxIntrinsics(table);
  return table;
}

/**
 * Globals some hosts define as accessors (Node's DOMException): read once, here.
 * @param {any} global
 * @param {string} name
 * @returns {unknown}
 */
function readGlobal(global, name) {
  try {
    return global[name];
  } catch {
    return undefined;
  }
}

/**
 * The function intrinsics only syntax can reach; for the realm this module runs in.
 * @param {Map<object, string>} table
 */
function addSyntaxIntrinsics(table) {
  const kinds = [
    ['GeneratorFunction', function* generator() {}],
    ['AsyncFunction', async function asyncFunction() {}],
    ['AsyncGeneratorFunction', async function* asyncGenerator() {}],
  ];
  for (let i = 0; i < kinds.length; i++) {
    const name = /** @type {string} */ (kinds[i][0]);
    const functionPrototype = ReflectGetPrototypeOf(/** @type {object} */ (kinds[i][1]));
    add(table, ownData(functionPrototype, 'constructor'), '%' + name + '%');
    add(table, functionPrototype, '%' + name + '.prototype%');
    add(table, ownData(functionPrototype, 'prototype'), '%' + name + '.prototype.prototype%');
  }
}

/**
 * The intrinsic-name table of a realm, built at its first use.
 * @param {object} global the realm's global object
 * @returns {Map<object, string>}
 */
export function intrinsicNames(global) {
  let table = WeakMapPrototypeGet(tables, global);
  if (table === undefined) {
    table = buildTable(global);
    WeakMapPrototypeSet(tables, global, table);
  }
  return table;
}

/**
 * @param {Map<object, string>} table from `intrinsicNames`
 * @param {object} object
 * @returns {string | undefined} e.g. '%Array.prototype%'
 */
export function intrinsicName(table, object) {
  return MapPrototypeGet(table, object);
}

// The current realm is read now, before any program runs.
intrinsicNames(globalThis);
