// The shared UTF-16 decoder behind UTF-16BE and UTF-16LE. It is here because
// "decode" switches to it when the input starts with a UTF-16 byte order
// mark, whatever the fallback encoding was.

import { END_OF_QUEUE, restore } from './io-queue.js';

/**
 * A new instance of the shared UTF-16 decoder.
 * https://encoding.spec.whatwg.org/#shared-utf-16-decoder
 * @param {boolean} isUTF16BE  its "is UTF-16BE decoder" (true for UTF-16BE's decoder)
 * @returns {import('./process.js').Decoder}
 */
export function utf16Decoder(isUTF16BE) {
  /** @type {number | null} */
  let leadingByte = null;
  /** @type {number | null} */
  let leadingSurrogate = null;

  return {
    handler(queue, byte) {
      // Step 1. An odd byte or a leading surrogate left at the end is one error.
      if (byte === END_OF_QUEUE && (leadingByte !== null || leadingSurrogate !== null)) {
        leadingByte = null;
        leadingSurrogate = null;
        return 'error';
      }
      // Step 2.
      if (byte === END_OF_QUEUE) return 'finished';
      // Step 3.
      if (leadingByte === null) {
        leadingByte = byte;
        return 'continue';
      }
      // Step 4.
      const codeUnit = isUTF16BE ? (leadingByte << 8) + byte : (byte << 8) + leadingByte;
      // Step 5.
      leadingByte = null;
      // Step 6.
      if (leadingSurrogate !== null) {
        // Steps 6.1–6.2.
        const leading = leadingSurrogate;
        leadingSurrogate = null;
        // Step 6.3.
        if (codeUnit >= 0xdc00 && codeUnit <= 0xdfff) return 0x10000 + ((leading - 0xd800) << 10) + (codeUnit - 0xdc00);
        // Steps 6.4–6.6. The code unit may begin the next character: its two
        // bytes go back, in the order they were read.
        const byte1 = codeUnit >> 8;
        const byte2 = codeUnit & 0x00ff;
        // Step 6.7.
        restore(queue, isUTF16BE ? [byte1, byte2] : [byte2, byte1]);
        return 'error';
      }
      // Step 7.
      if (codeUnit >= 0xd800 && codeUnit <= 0xdbff) {
        leadingSurrogate = codeUnit;
        return 'continue';
      }
      // Step 8.
      if (codeUnit >= 0xdc00 && codeUnit <= 0xdfff) return 'error';
      // Step 9.
      return codeUnit;
    },
  };
}
