// UTF-8's decoder, as the Encoding Standard writes it: one byte at a time,
// with a moving lower/upper boundary for the byte after E0, ED, F0 and F4 so
// that overlong forms, encoded surrogates and code points above U+10FFFF are
// errors at the first byte that proves it. The byte that ends a sequence
// early is restored and read again, which makes one U+FFFD per maximal
// subpart ("Best Practices for Using U+FFFD", which the standard says this
// matches and no other behaviour is permitted).

import { END_OF_QUEUE, restore } from './io-queue.js';

/**
 * A new instance of UTF-8's decoder.
 * https://encoding.spec.whatwg.org/#utf-8-decoder
 * @returns {import('./process.js').Decoder}
 */
export function utf8Decoder() {
  // The decoder's state: UTF-8 code point, bytes seen and bytes needed
  // (initially 0), lower boundary (initially 0x80), upper boundary (initially 0xBF).
  let codePoint = 0;
  let bytesSeen = 0;
  let bytesNeeded = 0;
  let lowerBoundary = 0x80;
  let upperBoundary = 0xbf;

  return {
    handler(queue, byte) {
      // Step 1. A sequence cut short by the end of the input is one error.
      if (byte === END_OF_QUEUE && bytesNeeded !== 0) {
        bytesNeeded = 0;
        return 'error';
      }
      // Step 2.
      if (byte === END_OF_QUEUE) return 'finished';
      // Step 3.
      if (bytesNeeded === 0) {
        if (byte <= 0x7f) {
          // Step 3, 0x00 to 0x7F.
          return byte;
        } else if (byte >= 0xc2 && byte <= 0xdf) {
          // Step 3, 0xC2 to 0xDF: the five low bits.
          bytesNeeded = 1;
          codePoint = byte & 0x1f;
        } else if (byte >= 0xe0 && byte <= 0xef) {
          // Step 3, 0xE0 to 0xEF: E0 80–9F would be overlong, ED A0–BF a surrogate.
          if (byte === 0xe0) lowerBoundary = 0xa0;
          if (byte === 0xed) upperBoundary = 0x9f;
          bytesNeeded = 2;
          codePoint = byte & 0xf;
        } else if (byte >= 0xf0 && byte <= 0xf4) {
          // Step 3, 0xF0 to 0xF4: F0 80–8F would be overlong, F4 90–BF above U+10FFFF.
          if (byte === 0xf0) lowerBoundary = 0x90;
          if (byte === 0xf4) upperBoundary = 0x8f;
          bytesNeeded = 3;
          codePoint = byte & 0x7;
        } else {
          // Step 3, otherwise: 80–BF (a lone continuation), C0–C1 (always
          // overlong), F5–FF (never in UTF-8).
          return 'error';
        }
        return 'continue';
      }
      // Step 4. Not a continuation this sequence accepts.
      if (byte < lowerBoundary || byte > upperBoundary) {
        // Step 4.1.
        codePoint = 0;
        bytesNeeded = 0;
        bytesSeen = 0;
        lowerBoundary = 0x80;
        upperBoundary = 0xbf;
        // Step 4.2. The byte may start the next character: it is read again.
        restore(queue, [byte]);
        // Step 4.3.
        return 'error';
      }
      // Step 5.
      lowerBoundary = 0x80;
      upperBoundary = 0xbf;
      // Step 6.
      codePoint = (codePoint << 6) | (byte & 0x3f);
      // Step 7.
      bytesSeen += 1;
      // Step 8.
      if (bytesSeen !== bytesNeeded) return 'continue';
      // Step 9.
      const result = codePoint;
      // Step 10.
      codePoint = 0;
      bytesNeeded = 0;
      bytesSeen = 0;
      // Step 11.
      return result;
    },
  };
}
