// Where in the standard a decoded string comes from: the oracle's decoders
// run one item at a time ("process an item"), recording for each output code
// point the bytes that made it and the decoder step that returned it. A
// decoder target's finding names the step that governs the first code unit
// where the target and the oracle part (clonecheck decode). Host-free.

import { END_OF_QUEUE, byteQueue, read, scalarQueue } from './io-queue.js';
import { processAnItem } from './process.js';
import { utf8Decoder } from './utf-8.js';
import { windows1252Decoder } from './windows-1252.js';
import { append, newList } from '../primordials/intrinsics.js';

/**
 * One item of a traced decode: output code units [unitStart, unitEnd) came
 * from bytes [byteStart, byteEnd) of the window, by `step` of `algorithm`
 * (an error in fatal mode has no output: unitStart = unitEnd).
 * @typedef {{algorithm: string, step: string, byteStart: number, byteEnd: number, unitStart: number, unitEnd: number, error: boolean}} TracedItem
 */

/**
 * https://encoding.spec.whatwg.org/#utf-8-decoder
 * The step that returned `result` for `byte`: a code point of one byte
 * (step 3), of a completed sequence (step 11), an error at the end of the
 * queue (step 1), on a byte outside the boundaries (step 4, the byte
 * restored) or on a byte no sequence starts with (step 3).
 * @param {number | string} result @param {number} byte @param {boolean} opened a sequence was open before this byte @param {boolean} restored
 */
function utf8Step(result, byte, opened, restored) {
  if (result === 'error') {
    if (byte === END_OF_QUEUE) return '1';
    return restored ? '4' : '3, otherwise';
  }
  return opened ? '11' : '3, 0x00 to 0x7F';
}

/**
 * https://encoding.spec.whatwg.org/#single-byte-decoder
 * The step that returned `result` for `byte`: an ASCII byte (step 2), an
 * index code point (step 5), an index without one (step 4).
 * @param {number | string} result @param {number} byte
 */
function singleByteStep(result, byte) {
  if (result === 'error') return '4';
  return byte <= 0x7f ? '2' : '5';
}

const TRACED = {
  'UTF-8': { algorithm: 'UTF-8 decoder', make: utf8Decoder },
  'windows-1252': { algorithm: 'single-byte decoder', make: windows1252Decoder },
};

/**
 * Runs an encoding's decoder over bytes[start, start + length) as "process a
 * queue" does, and records each item.
 * @param {'UTF-8' | 'windows-1252'} encoding
 * @param {Uint8Array} bytes
 * @param {number} [start]
 * @param {number} [length]
 * @param {import('./process.js').ErrorMode} [mode]
 * @returns {TracedItem[]}
 */
export function traceDecoder(encoding, bytes, start = 0, length = bytes.length - start, mode = 'replacement') {
  const { algorithm, make } = TRACED[encoding];
  const inner = make();
  /** @type {number | string} */
  let last = 'continue';
  // The handler's own result, which "process an item" turns into output or an error.
  const decoder = { handler: (/** @type {any} */ queue, /** @type {number} */ byte) => (last = inner.handler(queue, byte)) };
  const input = byteQueue(bytes, start, length);
  const output = scalarQueue();
  /** @type {TracedItem[]} */
  const items = newList();
  let itemStart = input.position;
  let unitStart = 0;
  while (true) {
    const before = input.position;
    const byte = read(input);
    const result = processAnItem(byte, decoder, input, output, mode);
    if (last === 'continue') continue;
    if (last === 'finished') break;
    const restored = input.position === before;
    const step = encoding === 'UTF-8' ? utf8Step(last, byte, before > itemStart, restored) : singleByteStep(last, byte);
    append(items, {
      algorithm, step, byteStart: itemStart - start, byteEnd: input.position - start, unitStart, unitEnd: output.units.length, error: last === 'error',
    });
    itemStart = input.position;
    unitStart = output.units.length;
    if (result === 'error') break;
  }
  return items;
}

/**
 * The traced item that made output code unit `unit` (the last item when the
 * output ends before it), or undefined for an empty trace.
 * @param {readonly TracedItem[]} items @param {number} unit
 * @returns {TracedItem | undefined}
 */
export function itemAtUnit(items, unit) {
  for (let i = 0; i < items.length; i++) if (unit < items[i].unitEnd || (items[i].error && items[i].unitStart === items[i].unitEnd && unit === items[i].unitStart)) return items[i];
  return items[items.length - 1];
}
