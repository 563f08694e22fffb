// windows-1252, the encoding every "latin1" / "iso-8859-1" / "ascii" label
// names on the web, and the single-byte decoder that reads it through its
// index. It differs from Latin-1 (isomorphic decode) in exactly the 32 bytes
// 0x80–0x9F, which is why `new TextDecoder('latin1')` is not a Latin-1 decode.

import { END_OF_QUEUE } from './io-queue.js';

/**
 * Index windows-1252, pointers 0–31 (bytes 0x80–0x9F), as the standard's index
 * file lists them: https://encoding.spec.whatwg.org/index-windows-1252.txt
 * Pointers 32–127 (bytes 0xA0–0xFF) map to U+00A0–U+00FF, the byte's own value,
 * so they are not written out. Five bytes map to C1 controls (0x81, 0x8D,
 * 0x8F, 0x90, 0x9D); the index has no empty entry, so this decoder never errors.
 */
export const WINDOWS_1252_C1_POINTERS = Object.freeze([
  0x20ac, 0x0081, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, // 0x80–0x87
  0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0x008d, 0x017d, 0x008f, // 0x88–0x8F
  0x0090, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, // 0x90–0x97
  0x02dc, 0x2122, 0x0161, 0x203a, 0x0153, 0x009d, 0x017e, 0x0178, // 0x98–0x9F
]);

/**
 * The index code point for `pointer` in index windows-1252, or null.
 * @param {number} pointer
 * @returns {number | null}
 */
function windows1252IndexCodePoint(pointer) {
  if (pointer < 0 || pointer > 127) return null;
  return pointer < 32 ? WINDOWS_1252_C1_POINTERS[pointer] : pointer + 0x80;
}

/**
 * A new instance of windows-1252's decoder (the single-byte decoder with index windows-1252).
 * https://encoding.spec.whatwg.org/#single-byte-decoder
 * @returns {import('./process.js').Decoder}
 */
export function windows1252Decoder() {
  return {
    handler(_queue, byte) {
      // Step 1.
      if (byte === END_OF_QUEUE) return 'finished';
      // Step 2.
      if (byte <= 0x7f) return byte;
      // Step 3.
      const codePoint = windows1252IndexCodePoint(byte - 0x80);
      // Step 4.
      if (codePoint === null) return 'error';
      // Step 5.
      return codePoint;
    },
  };
}
