// Intrinsics captured once, when this module loads.
//
// Programs under test pollute Array.prototype, Object.prototype, Map.prototype
// and friends (accessors, setters, non-writable indexed properties). Everything
// in src/ must keep working after that, so it never looks a built-in up at run
// time: it calls the originals captured here, through `uncurryThis` wrappers
// that do not consult Function.prototype.call either.
//
// Two rules follow for the rest of src/:
//  - Property descriptors passed to DefineOwnProperty are null-prototype
//    objects (`dataDescriptor`), so a polluted Object.prototype.get / .value
//    cannot leak into ToPropertyDescriptor.
//  - Internal lists are null-prototype arrays (`newList`), so writing index i
//    never reaches an indexed setter on Array.prototype.

const FunctionPrototypeCall = Function.prototype.call;
const FunctionPrototypeBind = Function.prototype.bind;

/**
 * `uncurryThis(f)(thisArg, ...args)` calls the original `f` with `thisArg`.
 * @template {(...args: any[]) => any} F
 * @param {F} fn
 * @returns {(thisArg: any, ...args: Parameters<F>) => ReturnType<F>}
 */
export function uncurryThis(fn) {
  return FunctionPrototypeBind.call(FunctionPrototypeCall, fn);
}

export const {
  apply: ReflectApply,
  defineProperty: ReflectDefineProperty,
  deleteProperty: ReflectDeleteProperty,
  construct: ReflectConstruct,
  ownKeys: ReflectOwnKeys,
  getPrototypeOf: ReflectGetPrototypeOf,
} = Reflect;

export const {
  create: ObjectCreate,
  defineProperty: ObjectDefineProperty,
  getOwnPropertyDescriptor: ObjectGetOwnPropertyDescriptor,
  getPrototypeOf: ObjectGetPrototypeOf,
  setPrototypeOf: ObjectSetPrototypeOf,
  isExtensible: ObjectIsExtensible,
  isFrozen: ObjectIsFrozen,
  isSealed: ObjectIsSealed,
  preventExtensions: ObjectPreventExtensions,
  seal: ObjectSeal,
  freeze: ObjectFreeze,
  keys: ObjectKeys,
  is: ObjectIs,
} = Object;

export const ObjectHasOwn = Object.hasOwn;
export const ObjectPrototype = Object.prototype;
export const ObjectPrototypeToString = uncurryThis(Object.prototype.toString);

export const ArrayIsArray = Array.isArray;
export const ArrayPrototype = Array.prototype;
export const ArrayPrototypeValues = Array.prototype[Symbol.iterator];
export const ArrayIteratorPrototype = /** @type {any} */ (ReflectGetPrototypeOf([][Symbol.iterator]()));
export const ArrayIteratorPrototypeNext = ArrayIteratorPrototype.next;

export const MathMin = Math.min;
export const MathMax = Math.max;
export const MathImul = Math.imul;
export const NumberIsInteger = Number.isInteger;
export const NumberIsSafeInteger = Number.isSafeInteger;
export const StringCtor = String;
export const StringPrototypeCharCodeAt = uncurryThis(String.prototype.charCodeAt);
export const StringPrototypeSlice = uncurryThis(String.prototype.slice);
export const StringPrototypeRepeat = uncurryThis(String.prototype.repeat);
export const StringPrototypeIncludes = uncurryThis(String.prototype.includes);
export const StringPrototypeIndexOf = uncurryThis(String.prototype.indexOf);
export const StringFromCharCode = String.fromCharCode;
export const JSONStringify = JSON.stringify;
export const SymbolToStringTag = Symbol.toStringTag;
export const SymbolIterator = Symbol.iterator;
export const SymbolPrototypeDescription = getter(Symbol.prototype, 'description');

export const WeakMapCtor = WeakMap;
export const WeakMapPrototypeGet = uncurryThis(WeakMap.prototype.get);
export const WeakMapPrototypeSet = uncurryThis(WeakMap.prototype.set);
export const WeakMapPrototypeHas = uncurryThis(WeakMap.prototype.has);
export const WeakSetPrototypeHas = uncurryThis(WeakSet.prototype.has);
export const WeakSetCtor = WeakSet;
export const WeakSetPrototypeAdd = uncurryThis(WeakSet.prototype.add);
export const MapCtor = Map;
export const MapPrototypeGet = uncurryThis(Map.prototype.get);
export const MapPrototypeSet = uncurryThis(Map.prototype.set);
export const MapPrototypeHas = uncurryThis(Map.prototype.has);
export const MapPrototypeClear = uncurryThis(Map.prototype.clear);
export const MapPrototypeEntries = uncurryThis(Map.prototype.entries);
export const MapPrototypeSize = getter(Map.prototype, 'size');
export const MapIteratorPrototypeNext = uncurryThis(/** @type {any} */ (ReflectGetPrototypeOf(new Map().entries())).next);
export const SetCtor = Set;
export const SetPrototypeAdd = uncurryThis(Set.prototype.add);
export const SetPrototypeHas = uncurryThis(Set.prototype.has);
export const SetPrototypeValues = uncurryThis(Set.prototype.values);
export const SetPrototypeSize = getter(Set.prototype, 'size');
export const SetIteratorPrototypeNext = uncurryThis(/** @type {any} */ (ReflectGetPrototypeOf(new Set().values())).next);

export const DatePrototypeGetTime = uncurryThis(Date.prototype.getTime);
export const RegExpPrototype = RegExp.prototype;
export const RegExpPrototypeSource = getter(RegExp.prototype, 'source');
/**
 * The flag getters that read [[OriginalFlags]] directly, in the order the
 * `flags` getter lists them (https://tc39.es/ecma262/#sec-get-regexp.prototype.flags). `flags` itself is not used:
 * it reads them through [[Get]], which a polluted RegExp.prototype redirects.
 */
/** @type {ReadonlyArray<readonly [string, (regexp: object) => boolean]>} */
export const RegExpFlagGetters = ObjectFreeze([
  ['d', 'hasIndices'], ['g', 'global'], ['i', 'ignoreCase'], ['m', 'multiline'],
  ['s', 'dotAll'], ['u', 'unicode'], ['v', 'unicodeSets'], ['y', 'sticky'],
].filter(([, name]) => ObjectGetOwnPropertyDescriptor(RegExp.prototype, name) !== undefined)
  .map(([letter, name]) => /** @type {const} */ ([letter, getter(RegExp.prototype, name)])));

export const BooleanPrototypeValueOf = uncurryThis(Boolean.prototype.valueOf);
export const NumberPrototypeValueOf = uncurryThis(Number.prototype.valueOf);
export const StringPrototypeValueOf = uncurryThis(String.prototype.valueOf);
export const BigIntPrototypeValueOf = uncurryThis(BigInt.prototype.valueOf);
export const SymbolPrototypeValueOf = uncurryThis(Symbol.prototype.valueOf);

export const ArrayBufferCtor = ArrayBuffer;
export const ArrayBufferIsView = ArrayBuffer.isView;
export const ArrayBufferPrototypeByteLength = getter(ArrayBuffer.prototype, 'byteLength');
export const ArrayBufferPrototypeMaxByteLength = getter(ArrayBuffer.prototype, 'maxByteLength');
export const ArrayBufferPrototypeResizable = getter(ArrayBuffer.prototype, 'resizable');
/** Absent before ES2024 hosts (Node 20): `isDetachedBuffer` falls back. */
export const ArrayBufferPrototypeDetached = optionalGetter(ArrayBuffer.prototype, 'detached');
export const ArrayBufferPrototypeResize = uncurryThis(ArrayBuffer.prototype.resize);
/** @type {((buffer: ArrayBuffer) => ArrayBuffer) | undefined} */
export const ArrayBufferPrototypeTransfer = ArrayBuffer.prototype.transfer
  ? uncurryThis(ArrayBuffer.prototype.transfer) : undefined;

export const SharedArrayBufferCtor = globalThis.SharedArrayBuffer;
export const SharedArrayBufferPrototypeByteLength = SharedArrayBufferCtor
  ? getter(SharedArrayBufferCtor.prototype, 'byteLength') : undefined;
export const SharedArrayBufferPrototypeGrowable = SharedArrayBufferCtor
  ? optionalGetter(SharedArrayBufferCtor.prototype, 'growable') : undefined;
export const SharedArrayBufferPrototypeMaxByteLength = SharedArrayBufferCtor
  ? optionalGetter(SharedArrayBufferCtor.prototype, 'maxByteLength') : undefined;

const TypedArray = /** @type {any} */ (ReflectGetPrototypeOf(Uint8Array));
export const TypedArrayPrototypeToStringTag = getter(TypedArray.prototype, SymbolToStringTag);
export const TypedArrayPrototypeBuffer = getter(TypedArray.prototype, 'buffer');
export const TypedArrayPrototypeByteOffset = getter(TypedArray.prototype, 'byteOffset');
export const TypedArrayPrototypeByteLength = getter(TypedArray.prototype, 'byteLength');
export const TypedArrayPrototypeLength = getter(TypedArray.prototype, 'length');
export const TypedArrayPrototypeAt = uncurryThis(TypedArray.prototype.at);
export const TypedArrayPrototypeSet = uncurryThis(TypedArray.prototype.set);
export const DataViewPrototypeBuffer = getter(DataView.prototype, 'buffer');
export const DataViewPrototypeByteOffset = getter(DataView.prototype, 'byteOffset');
export const DataViewPrototypeByteLength = getter(DataView.prototype, 'byteLength');
export const Uint8ArrayCtor = Uint8Array;

/** The typed array constructor names a [[TypedArrayName]] slot can hold. */
export const TYPED_ARRAY_NAMES = /** @type {const} */ ([
  'Int8Array', 'Uint8Array', 'Uint8ClampedArray', 'Int16Array', 'Uint16Array',
  'Int32Array', 'Uint32Array', 'Float16Array', 'Float32Array', 'Float64Array',
  'BigInt64Array', 'BigUint64Array',
]);

/** The seven native error names that StructuredSerializeInternal step 17.2 keeps. */
export const NATIVE_ERROR_NAMES = /** @type {const} */ ([
  'Error', 'EvalError', 'RangeError', 'ReferenceError', 'SyntaxError', 'TypeError', 'URIError',
]);

export const TypeErrorCtor = TypeError;
export const ErrorCtor = Error;

const ErrorPrototypeStackDescriptor = Object.getOwnPropertyDescriptor(Error.prototype, 'stack');
/**
 * get Error.prototype.stack (TC39 Error Stack Accessor, stage 3), where the host
 * has it: it returns [[Stack]] of an object with [[ErrorData]]. Undefined where
 * the stack is an own property of each error instead (V8 and JavaScriptCore today).
 * @type {((error: object) => unknown) | undefined}
 */
export const ErrorPrototypeStackGetter = ErrorPrototypeStackDescriptor?.get === undefined
  ? undefined : uncurryThis(ErrorPrototypeStackDescriptor.get);

/** @type {((value: unknown) => boolean) | undefined} ES2026 Error.isError, where the host has it. */
export const ErrorIsError = /** @type {any} */ (Error).isError;

/** @type {(new (message?: string, name?: string) => Error) | undefined} absent in QuickJS */
export const DOMExceptionCtor = /** @type {any} */ (globalThis).DOMException;
/**
 * DOMException's WebIDL attribute getters: they read the object's own slots and
 * throw for any receiver that is not a DOMException, so they double as a brand check.
 */
export const DOMExceptionPrototypeName = DOMExceptionCtor ? optionalGetter(DOMExceptionCtor.prototype, 'name') : undefined;
export const DOMExceptionPrototypeMessage = DOMExceptionCtor ? optionalGetter(DOMExceptionCtor.prototype, 'message') : undefined;
export const DOMExceptionPrototypeCode = DOMExceptionCtor ? optionalGetter(DOMExceptionCtor.prototype, 'code') : undefined;

/**
 * A list that is safe to append to after Array.prototype was polluted:
 * its prototype is null, so `list[i] = x` never reaches an inherited setter.
 * @template T
 * @returns {T[]}
 */
export function newList() {
  return ObjectSetPrototypeOf([], null);
}

/**
 * @template T
 * @param {T[]} list a list from `newList`
 * @param {T} item
 */
export function append(list, item) {
  list[list.length] = item;
}

/**
 * A null-prototype object with the given own properties: safe as a property
 * descriptor or as a record, whatever Object.prototype holds.
 * @template {object} T
 * @param {T} fields
 * @returns {T}
 */
export function record(fields) {
  return ObjectSetPrototypeOf(fields, null);
}

/**
 * @param {object} object
 * @param {PropertyKey} key
 * @returns {(thisArg: any) => any}
 */
function getter(object, key) {
  // The casts: the key names an accessor the intrinsic has, which TypeScript cannot know.
  return uncurryThis(/** @type {() => any} */ (/** @type {PropertyDescriptor} */ (ObjectGetOwnPropertyDescriptor(object, key)).get));
}

/**
 * @param {object} object
 * @param {PropertyKey} key
 * @returns {((thisArg: any) => any) | undefined}
 */
function optionalGetter(object, key) {
  const descriptor = ObjectGetOwnPropertyDescriptor(object, key);
  return descriptor && descriptor.get ? uncurryThis(descriptor.get) : undefined;
}

/**
 * Brand checks throw TypeErrors that nobody sees (brands.js, buffers.js), and
 * V8 and JSC spend most of a check capturing a stack trace for each (measured on Node 20:
 * 110 µs to classify a plain object, 27 µs with no traces). Where the host has
 * the non-standard Error.stackTraceLimit as a plain writable data property it
 * is set to 0 for the duration; no user code runs in between to notice.
 * @template T
 * @param {(object: object) => T} classify
 * @param {object} object
 * @returns {T}
 */
export function withoutStackTraces(classify, object) {
  const descriptor = ObjectGetOwnPropertyDescriptor(ErrorCtor, 'stackTraceLimit');
  if (descriptor === undefined || !ObjectHasOwn(descriptor, 'value') || !descriptor.writable) return classify(object);
  /** @type {any} */ (ErrorCtor).stackTraceLimit = 0;
  try {
    return classify(object);
  } finally {
    /** @type {any} */ (ErrorCtor).stackTraceLimit = descriptor.value;
  }
}
