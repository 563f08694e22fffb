// Isomorphic decode (the Infra Standard): every byte becomes the code point
// of the same value, U+0000–U+00FF. This is Latin-1 in the ISO 8859-1 sense
// with the C1 controls kept, and what Node's Buffer#latin1Slice does; it is
// not what any "latin1" label means to TextDecoder (that is windows-1252).

import { byteQueue, stringFromCodeUnits } from './io-queue.js';

/**
 * https://infra.spec.whatwg.org/#isomorphic-decode
 * A string whose length is the number of bytes and whose code points have the
 * bytes' values, in order.
 * @param {Uint8Array} bytes
 * @param {number} [start]
 * @param {number} [length]
 * @returns {string}
 */
export function isomorphicDecode(bytes, start = 0, length = bytes.length - start) {
  const { end } = byteQueue(bytes, start, length);
  return stringFromCodeUnits(bytes, start, end);
}
