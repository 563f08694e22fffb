// The Encoding Standard's driver loop: "process a queue" runs a decoder
// instance over an input I/O queue, "process an item" hands it one item and
// applies the error mode to what it returns. Only decoders exist here, so the
// "html" error mode (encoders only) never occurs.

import { END_OF_QUEUE, pushScalar, read } from './io-queue.js';

/**
 * What a handler returns: a code point, or one of the three words.
 * @typedef {number | 'continue' | 'finished' | 'error'} HandlerResult
 */

/**
 * A decoder instance: its handler and whatever state it keeps between items.
 * @typedef {{handler: (queue: import('./io-queue.js').ByteQueue, byte: number) => HandlerResult}} Decoder
 */

/** @typedef {'replacement' | 'fatal'} ErrorMode */

/**
 * https://encoding.spec.whatwg.org/#concept-encoding-run
 * @param {Decoder} decoder
 * @param {import('./io-queue.js').ByteQueue} input
 * @param {import('./io-queue.js').ScalarQueue} output
 * @param {ErrorMode} mode
 * @returns {'finished' | 'error'}
 */
export function processAQueue(decoder, input, output, mode) {
  // Step 1.
  while (true) {
    // Step 1.1.
    const result = processAnItem(read(input), decoder, input, output, mode);
    // Step 1.2.
    if (result !== 'continue') return result;
  }
}

/**
 * https://encoding.spec.whatwg.org/#concept-encoding-process
 * @param {number} item  a byte or END_OF_QUEUE
 * @param {Decoder} decoder
 * @param {import('./io-queue.js').ByteQueue} input
 * @param {import('./io-queue.js').ScalarQueue} output
 * @param {ErrorMode} mode
 * @returns {'continue' | 'finished' | 'error'}
 */
export function processAnItem(item, decoder, input, output, mode) {
  // Steps 1 and 3 are about encoders; step 2 holds by the ErrorMode type.
  // Step 4.
  const result = decoder.handler(input, item);
  // Step 5.
  if (result === 'finished') {
    // Steps 5.1–5.2.
    pushScalar(output, END_OF_QUEUE);
    return result;
  }
  // Step 6. Every decoder here returns at most one code point; step 6.1's
  // assertion (no surrogates) is made by pushScalar.
  if (typeof result === 'number') {
    // Step 6.2.
    pushScalar(output, result);
  } else if (result === 'error') {
    // Step 7.
    if (mode === 'fatal') return result;
    pushScalar(output, 0xfffd);
  }
  // Step 8.
  return 'continue';
}
