// ArrayBuffer and view nodes, made so that `build` accepts them: a view is
// aligned, in bounds and a whole number of elements of its buffer as the
// buffer is when views are made (before any resize or detach).

import fc from 'fast-check';
import { TYPED_ARRAY_NAMES } from '../../src/primordials/intrinsics.js';

/** The typed array types this host has (some lack Float16Array). */
const availableTypedArrayNames = TYPED_ARRAY_NAMES.filter((name) => typeof globalThis[name] === 'function');

/** @param {string} type */
function elementSize(type) {
  if (type === 'DataView') return 1;
  return globalThis[type].BYTES_PER_ELEMENT;
}

/** An ArrayBuffer node: plain, resizable, shared or growable, resized or detached after its views exist. */
export const arrayBufferNode = fc
  .record({
    bytes: fc.array(fc.integer({ min: 0, max: 255 }), { maxLength: 16 }),
    extra: fc.integer({ min: 0, max: 8 }),
    resizable: fc.boolean(),
    headroom: fc.integer({ min: 0, max: 16 }),
    shared: fc.oneof({ weight: 4, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
    change: fc.oneof({ weight: 4, arbitrary: fc.constant('none') }, { weight: 1, arbitrary: fc.constantFrom('resize', 'detach') }),
    resizeTo: fc.integer({ min: 0, max: 32 }),
  })
  .map(({ bytes, extra, resizable, headroom, shared, change, resizeTo }) => {
    const byteLength = bytes.length + extra;
    /** @type {Record<string, unknown>} */
    const node = { kind: 'arraybuffer', bytes };
    if (extra > 0) node.byteLength = byteLength;
    if (shared) node.shared = true;
    if (resizable) node.maxByteLength = byteLength + headroom;
    if (change === 'resize' && resizable) {
      // A SharedArrayBuffer only grows.
      const max = byteLength + headroom;
      node.resizeTo = shared ? byteLength + (resizeTo % (headroom + 1)) : resizeTo % (max + 1);
    }
    if (change === 'detach' && !shared) node.detached = true;
    return node;
  });

/** @param {Record<string, any>} node @returns {number} the byte length when views are made */
export function initialByteLength(node) {
  return node.byteLength ?? node.bytes.length;
}

/** @type {Map<string, fc.Arbitrary<Record<string, unknown>>>} the arbitraries viewNode made, by buffer index and length */
const viewArbitraries = new Map();

/**
 * A view node on buffer node `buffer`, placed where the constructor accepts it
 * (aligned offset, in bounds, whole elements). Made once per buffer index and
 * length (it is drawn through `chain`, once per buffer drawn).
 * @param {Record<string, any>} bufferNode @param {number} buffer
 */
export function viewNode(bufferNode, buffer) {
  const byteLength = initialByteLength(bufferNode);
  const key = `${buffer} ${byteLength}`;
  let arbitrary = viewArbitraries.get(key);
  if (arbitrary === undefined) {
    arbitrary = makeViewNode(byteLength, buffer);
    viewArbitraries.set(key, arbitrary);
  }
  return arbitrary;
}

/** @param {number} byteLength the buffer's length when views are made @param {number} buffer its index */
function makeViewNode(byteLength, buffer) {
  const types = [...availableTypedArrayNames, 'DataView'].filter((t) => elementSize(t) <= Math.max(byteLength, 1));
  return fc
    .record({ type: fc.constantFrom(...types), offset: fc.nat(), count: fc.nat(), tracking: fc.boolean() })
    .map(({ type, offset, count, tracking }) => {
      const size = elementSize(type);
      const maxElements = Math.floor(byteLength / size);
      const offsetElements = offset % (maxElements + 1);
      const byteOffset = offsetElements * size;
      /** @type {Record<string, unknown>} */
      const node = { kind: 'view', type, buffer };
      if (byteOffset > 0) node.byteOffset = byteOffset;
      const room = Math.floor((byteLength - byteOffset) / size);
      const wholeElements = (byteLength - byteOffset) % size === 0;
      // Without `length` the view covers the rest (and tracks a resizable
      // buffer); validate asks for a whole number of elements then.
      if (!(tracking && wholeElements)) node.length = count % (room + 1);
      return node;
    });
}
