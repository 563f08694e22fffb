// ArrayBuffer and view facts that ECMA-262 keeps in internal slots:
// IsDetachedBuffer, IsArrayBufferViewOutOfBounds, whether a view's length is
// `auto` (length-tracking), and DetachArrayBuffer. The serializer needs them
// to follow the spec, and the observer needs the same answers to describe a
// value, so both call these functions.

import {
  ArrayBufferPrototypeByteLength, ArrayBufferPrototypeDetached, ArrayBufferPrototypeMaxByteLength,
  ArrayBufferPrototypeResizable, ArrayBufferCtor, ArrayBufferPrototypeResize,
  ArrayBufferPrototypeTransfer, DataViewPrototypeBuffer, DataViewPrototypeByteLength,
  DataViewPrototypeByteOffset, SharedArrayBufferPrototypeByteLength,
  SharedArrayBufferPrototypeGrowable, TypedArrayPrototypeAt, TypedArrayPrototypeBuffer,
  TypedArrayPrototypeByteOffset, TypedArrayPrototypeLength, TypedArrayPrototypeSet,
  TypedArrayPrototypeToStringTag, TypeErrorCtor, Uint8ArrayCtor, WeakMapCtor, WeakMapPrototypeGet, WeakMapPrototypeSet,
  withoutStackTraces,
} from '../primordials/intrinsics.js';

/** @type {((value: unknown, options?: any) => any) | undefined} the host's structuredClone, if any */
const hostStructuredClone = globalThis.structuredClone;

/**
 * IsDetachedBuffer (https://tc39.es/ecma262/#sec-isdetachedbuffer) for a non-shared ArrayBuffer.
 * Hosts without the ES2024 `detached` getter (Node 20): a detached buffer
 * reports byteLength 0 and refuses to be viewed.
 * @param {ArrayBuffer} buffer
 * @returns {boolean}
 */
export function IsDetachedBuffer(buffer) {
  if (ArrayBufferPrototypeDetached !== undefined) return ArrayBufferPrototypeDetached(buffer);
  if (ArrayBufferPrototypeByteLength(buffer) !== 0) return false;
  try {
    new Uint8ArrayCtor(buffer);
    return false;
  } catch {
    return true;
  }
}

/**
 * CreateByteDataBlock(size) + CopyDataBlockBytes (https://tc39.es/ecma262/#sec-createbytedatablock,
 * https://tc39.es/ecma262/#sec-copydatablockbytes): the first
 * `size` bytes of `buffer` in a new fixed-length ArrayBuffer of this realm.
 * Not ArrayBuffer.prototype.slice: that looks up the buffer's `constructor`
 * (SpeciesConstructor), which a program can make a getter or a throwing function.
 * @param {ArrayBuffer | SharedArrayBuffer} buffer
 * @param {number} size
 * @returns {ArrayBuffer}
 */
export function CopyDataBlock(buffer, size) {
  const copy = new ArrayBufferCtor(size);
  TypedArrayPrototypeSet(new Uint8ArrayCtor(copy), new Uint8ArrayCtor(buffer, 0, size));
  return copy;
}

/**
 * Runs `action` while `buffer` is resized to `byteLength`, then puts the
 * buffer's length and bytes back as they were. No script runs in between.
 * A resize keeps the bytes below both lengths (ArrayBuffer.prototype.resize,
 * https://tc39.es/ecma262/#sec-arraybuffer.prototype.resize, in place or by
 * its copy), so only the bytes a shrink drops are saved and written back:
 * none for a growth. (Saving the whole buffer was 2-3% of a node:clone fuzz
 * thread, 2026-12-04: the view probes of megabyte buffers.)
 * @template T
 * @param {ArrayBuffer} buffer a resizable ArrayBuffer
 * @param {number} byteLength
 * @param {() => T} action
 * @returns {T}
 */
export function whileResized(buffer, byteLength, action) {
  const original = ArrayBufferPrototypeByteLength(buffer);
  let dropped;
  if (byteLength < original) {
    dropped = new Uint8ArrayCtor(original - byteLength);
    TypedArrayPrototypeSet(dropped, new Uint8ArrayCtor(buffer, byteLength, original - byteLength));
  }
  ArrayBufferPrototypeResize(buffer, byteLength);
  try {
    return action();
  } finally {
    ArrayBufferPrototypeResize(buffer, original);
    if (dropped !== undefined) TypedArrayPrototypeSet(new Uint8ArrayCtor(buffer), dropped, byteLength);
  }
}

/**
 * DetachArrayBuffer (https://tc39.es/ecma262/#sec-detacharraybuffer), returning a new ArrayBuffer that
 * owns the detached data block (it keeps resizability, as `transfer()` does).
 * @param {ArrayBuffer} buffer
 * @returns {ArrayBuffer}
 */
export function DetachArrayBuffer(buffer) {
  if (ArrayBufferPrototypeTransfer !== undefined) return ArrayBufferPrototypeTransfer(buffer);
  // Before ES2024 the only way to detach from script is the host's own transfer.
  if (hostStructuredClone !== undefined) return hostStructuredClone(buffer, { transfer: [buffer] });
  throw new TypeErrorCtor('DetachArrayBuffer: this host has neither ArrayBuffer.prototype.transfer nor structuredClone');
}

/**
 * @param {ArrayBufferView} view a typed array or DataView
 * @returns {boolean} whether the view has a [[DataView]] slot
 */
export function isDataView(view) {
  return TypedArrayPrototypeToStringTag(view) === undefined;
}

/**
 * The [[ViewedArrayBuffer]] of a typed array or DataView.
 * @param {ArrayBufferView} view
 * @returns {ArrayBuffer | SharedArrayBuffer}
 */
export function viewedBuffer(view) {
  return isDataView(view) ? DataViewPrototypeBuffer(view) : TypedArrayPrototypeBuffer(view);
}

/**
 * IsArrayBufferViewOutOfBounds (https://tc39.es/ecma262/#sec-isarraybufferviewoutofbounds, and
 * IsTypedArrayOutOfBounds / IsViewOutOfBounds behind it): true when the
 * buffer is detached or shrank below the view. The built-ins that run
 * ValidateTypedArray / GetViewByteLength throw exactly then.
 * @param {ArrayBufferView} view
 * @returns {boolean}
 */
export function IsArrayBufferViewOutOfBounds(view) {
  return withoutStackTraces(viewThrows, view);
}

/** @param {ArrayBufferView} view @returns {boolean} */
function viewThrows(view) {
  try {
    if (isDataView(view)) DataViewPrototypeByteLength(view);
    else TypedArrayPrototypeAt(view, 0);
    return false;
  } catch {
    return true;
  }
}

/**
 * @param {ArrayBuffer | SharedArrayBuffer} buffer
 * @returns {boolean} whether the buffer is a SharedArrayBuffer
 */
export function IsSharedArrayBuffer(buffer) {
  if (SharedArrayBufferPrototypeByteLength === undefined) return false;
  // ArrayBuffer.prototype.byteLength throws when IsSharedArrayBuffer(O)
  // (https://tc39.es/ecma262/#sec-get-arraybuffer.prototype.bytelength)
  // and answers for an ArrayBuffer: the common case throws nothing (asking
  // SharedArrayBuffer's getter instead threw for every ArrayBuffer, ~0.9 µs
  // even without a stack trace; buffers were ~8% of a fuzz thread's time).
  return withoutStackTraces(lacksArrayBufferBrand, buffer);
}

/** @param {ArrayBuffer | SharedArrayBuffer} buffer @returns {boolean} */
function lacksArrayBufferBrand(buffer) {
  try {
    ArrayBufferPrototypeByteLength(buffer);
    return false;
  } catch {
    return true;
  }
}

/**
 * @param {ArrayBuffer | SharedArrayBuffer} buffer
 * @returns {boolean} whether the buffer has an [[ArrayBufferMaxByteLength]] slot
 */
export function hasMaxByteLength(buffer) {
  if (IsSharedArrayBuffer(buffer)) {
    return SharedArrayBufferPrototypeGrowable !== undefined && SharedArrayBufferPrototypeGrowable(buffer);
  }
  return ArrayBufferPrototypeResizable(buffer);
}

/**
 * The view's [[ByteOffset]] and its length: [[ArrayLength]] for a typed
 * array, [[ByteLength]] for a DataView. The view must be in bounds.
 * @param {ArrayBufferView} view
 * @returns {{byteOffset: number, length: number}}
 */
function offsetAndLength(view) {
  return isDataView(view)
    ? { byteOffset: DataViewPrototypeByteOffset(view), length: DataViewPrototypeByteLength(view) }
    : { byteOffset: TypedArrayPrototypeByteOffset(view), length: TypedArrayPrototypeLength(view) };
}

/** @type {WeakMap<ArrayBufferView, boolean>} views on resizable ArrayBuffers, by whether they track */
const probedViews = new WeakMapCtor();

/**
 * Whether the view's [[ArrayLength]] / [[ByteLength]] is `auto`, i.e. the view
 * tracks the length of a resizable buffer. Script cannot read that slot, so it
 * is decided by behaviour, with no script able to run in between:
 * - a view on a fixed-length buffer never tracks;
 * - a view of length > 0 on a resizable ArrayBuffer: shrink the buffer to the
 *   view's offset; a tracking view stays in bounds (length 0), a fixed one goes
 *   out of bounds; then restore the length and the bytes;
 * - a view of length 0: grow the buffer to its maximum; only a tracking view
 *   grows with it; then shrink back (the added bytes were zeros). If the
 *   maximum leaves no room for one more element the two are indistinguishable
 *   forever, and the answer is "fixed";
 * - on a growable SharedArrayBuffer growth cannot be undone and shrinking is
 *   impossible, so the view is judged by its length alone: tracking when it
 *   covers the rest of the buffer.
 *
 * On an ArrayBuffer the answer is remembered per view: whether its length is
 * `auto` is fixed when the view is made, and so is its buffer's maximum, so
 * a second probe would find the same (the answer "fixed" for a tracking view
 * with no room to grow included). A fuzz case asks about each view of its
 * input three or more times (observed before and after cloning, serialized),
 * and each probe copies and resizes the buffer twice (~3 µs on Node 20).
 * @param {ArrayBufferView} view an in-bounds view
 * @returns {boolean}
 */
export function isLengthTracking(view) {
  const buffer = viewedBuffer(view);
  if (!hasMaxByteLength(buffer)) return false;
  if (IsSharedArrayBuffer(buffer)) {
    // Judged by exact cover: V8 cannot make a tracking view whose remaining
    // bytes are not whole elements, so such a view is fixed on every host here.
    // Not remembered: a growable SharedArrayBuffer grows, and the cover changes.
    const { byteOffset, length } = offsetAndLength(view);
    // The cast: a host with a SharedArrayBuffer has its byteLength getter.
    return length * elementSizeOf(view) === /** @type {(buffer: object) => number} */ (SharedArrayBufferPrototypeByteLength)(buffer) - byteOffset;
  }
  let tracking = WeakMapPrototypeGet(probedViews, view);
  if (tracking === undefined) {
    tracking = probeLengthTracking(view, /** @type {ArrayBuffer} */ (buffer));
    WeakMapPrototypeSet(probedViews, view, tracking);
  }
  return tracking;
}

/** @param {ArrayBufferView} view @returns {number} the bytes of one element: 1 for a DataView */
const elementSizeOf = (view) => (isDataView(view) ? 1 : ELEMENT_SIZES[TypedArrayPrototypeToStringTag(view)]);

/**
 * isLengthTracking for a view on a resizable ArrayBuffer, by resizing it.
 * A view with elements: the buffer shrunk to end one element short of the
 * view's end leaves a tracking view in bounds (one element shorter) and puts
 * a fixed-length one out of bounds, and drops only the bytes from there on.
 * @param {ArrayBufferView} view an in-bounds view
 * @param {ArrayBuffer} buffer its buffer
 * @returns {boolean}
 */
function probeLengthTracking(view, buffer) {
  const { byteOffset, length } = offsetAndLength(view);
  if (length === 0) {
    const maxByteLength = ArrayBufferPrototypeMaxByteLength(buffer);
    return whileResized(buffer, maxByteLength, () => offsetAndLength(view).length !== 0);
  }
  return whileResized(buffer, byteOffset + (length - 1) * elementSizeOf(view), () => !IsArrayBufferViewOutOfBounds(view));
}

/**
 * Element sizes by [[TypedArrayName]] (https://tc39.es/ecma262/#table-the-typedarray-constructors): the one table of them.
 * (The casts: TypeScript reads the null prototype as a property.)
 */
export const ELEMENT_SIZES = /** @type {Record<string, number>} */ (/** @type {unknown} */ ({
  __proto__: null,
  Int8Array: 1, Uint8Array: 1, Uint8ClampedArray: 1, Int16Array: 2, Uint16Array: 2,
  Int32Array: 4, Uint32Array: 4, Float16Array: 2, Float32Array: 4, Float64Array: 8,
  BigInt64Array: 8, BigUint64Array: 8,
}));
