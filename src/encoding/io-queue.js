// The Encoding Standard's I/O queues, for what the decoders here need: an
// input queue of bytes that is a window [start, start + length) of a
// Uint8Array, read front to back, with "restore" of the bytes just read; and
// an output queue of scalar values that becomes a JavaScript string.
//
// The whole input is present from the start, so end-of-queue is simply the
// end of the window and nothing ever waits. "Restore" only ever puts back
// bytes the decoder has just read (the standard's "Implementation
// considerations" note that unreading is enough), so it moves the read
// position back and asserts that the bytes are the ones there.

import { NumberIsSafeInteger, ReflectApply, StringFromCharCode, append, newList } from '../primordials/intrinsics.js';

/** The end-of-queue item: a value no byte or code point can have. */
export const END_OF_QUEUE = -1;

/** Code units per String.fromCharCode call when the output becomes a string (well under any engine's argument limit). */
const CHUNK = 4096;

/**
 * @typedef {object} ByteQueue
 * @property {Uint8Array} bytes
 * @property {number} position  the next byte to read
 * @property {number} end  one past the last byte of the window
 */

/**
 * The I/O queue holding bytes[start, start + length), followed by end-of-queue
 * (the standard's "convert to I/O queue").
 * @param {Uint8Array} bytes
 * @param {number} start
 * @param {number} length
 * @returns {ByteQueue}
 */
export function byteQueue(bytes, start, length) {
  if (!NumberIsSafeInteger(start) || !NumberIsSafeInteger(length) || start < 0 || length < 0 || start + length > bytes.length) {
    throw new RangeError(`bytes [${start}, ${start} + ${length}) is not inside a buffer of ${bytes.length} bytes`);
  }
  return { bytes, position: start, end: start + length };
}

/**
 * https://encoding.spec.whatwg.org/#concept-stream-read
 * Step 1 never waits here (the whole input is present); steps 2–3.
 * @param {ByteQueue} queue
 * @returns {number} a byte, or END_OF_QUEUE
 */
export function read(queue) {
  if (queue.position === queue.end) return END_OF_QUEUE;
  return queue.bytes[queue.position++];
}

/**
 * Peeking `count` bytes: the bytes up to end-of-queue, at most `count`.
 * @param {ByteQueue} queue
 * @param {number} count
 * @returns {number[]}
 */
export function peek(queue, count) {
  const prefix = newList();
  for (let i = queue.position; i < queue.end && i < queue.position + count; i++) append(prefix, queue.bytes[i]);
  return prefix;
}

/**
 * https://encoding.spec.whatwg.org/#concept-stream-prepend
 * Puts `items` back in front of the queue. Every caller restores bytes it has
 * just read, in order, which is what makes moving the position back exact.
 * @param {ByteQueue} queue
 * @param {readonly number[]} items
 */
export function restore(queue, items) {
  const from = queue.position - items.length;
  for (let i = 0; i < items.length; i++) {
    if (from + i < 0 || queue.bytes[from + i] !== items[i]) throw new Error('restore: the items are not the bytes just read');
  }
  queue.position = from;
}

/**
 * An output I/O queue of scalar values, kept as UTF-16 code units.
 * @typedef {{units: number[], ended: boolean}} ScalarQueue
 */

/** @returns {ScalarQueue} */
export function scalarQueue() {
  return { units: newList(), ended: false };
}

/**
 * Pushes one scalar value (as one code unit, or a surrogate pair above U+FFFF),
 * or end-of-queue.
 * @param {ScalarQueue} output
 * @param {number} item  a scalar value or END_OF_QUEUE
 */
export function pushScalar(output, item) {
  if (item === END_OF_QUEUE) {
    output.ended = true;
    return;
  }
  if (item >= 0xd800 && item <= 0xdfff) throw new Error(`U+${item.toString(16)} is a surrogate, not a scalar value`);
  if (item <= 0xffff) {
    append(output.units, item);
    return;
  }
  const offset = item - 0x10000;
  append(output.units, 0xd800 + (offset >> 10));
  append(output.units, 0xdc00 + (offset & 0x3ff));
}

/**
 * The output converted to a string (the standard's "convert from I/O queue").
 * @param {ScalarQueue} output
 * @returns {string}
 */
export function scalarQueueToString(output) {
  return stringFromCodeUnits(output.units, 0, output.units.length);
}

/**
 * The string of the code units units[start, end), built a chunk at a time.
 * @param {ArrayLike<number>} units
 * @param {number} start
 * @param {number} end
 * @returns {string}
 */
export function stringFromCodeUnits(units, start, end) {
  let text = '';
  for (let i = start; i < end; i += CHUNK) {
    const chunk = newList();
    for (let j = i; j < end && j < i + CHUNK; j++) append(chunk, units[j]);
    text += ReflectApply(StringFromCharCode, undefined, chunk);
  }
  return text;
}
