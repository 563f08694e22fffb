// The Encoding Standard's hooks for other standards, over a window of a
// Uint8Array: "UTF-8 decode" (drops a leading UTF-8 BOM), "UTF-8 decode
// without BOM" (keeps it, as U+FEFF), "UTF-8 decode without BOM or fail"
// (null where the standard returns failure), and the legacy "decode" with its
// "BOM sniff" (a BOM overrides the fallback encoding). `runDecoder` is the
// step they share: process a queue with an instance of an encoding's decoder.
//
// Every function takes (bytes, start, length) and returns a string; the
// window defaults to the whole array.

import { byteQueue, peek, read, scalarQueue, scalarQueueToString } from './io-queue.js';
import { processAQueue } from './process.js';
import { utf8Decoder } from './utf-8.js';
import { utf16Decoder } from './utf-16.js';
import { windows1252Decoder } from './windows-1252.js';

/** @typedef {'UTF-8' | 'UTF-16BE' | 'UTF-16LE' | 'windows-1252'} EncodingName */

/** A new decoder instance for each encoding implemented here, by its name. */
const DECODERS = Object.freeze({
  'UTF-8': utf8Decoder,
  'UTF-16BE': () => utf16Decoder(true),
  'UTF-16LE': () => utf16Decoder(false),
  'windows-1252': windows1252Decoder,
});

/** The encodings `runDecoder` and `decode` accept. */
export const ENCODING_NAMES = Object.freeze(/** @type {EncodingName[]} */ (Object.keys(DECODERS)));

/**
 * Processes a queue with a new instance of `encoding`'s decoder and returns
 * the output as a string, or null when the fatal mode met an error. No BOM
 * handling: this is what TextDecoder runs for an encoding other than UTF-8
 * and UTF-16, and what the hooks below wrap.
 * @param {EncodingName} encoding
 * @param {import('./io-queue.js').ByteQueue} input
 * @param {import('./process.js').ErrorMode} mode
 * @returns {string | null}
 */
function processWith(encoding, input, mode) {
  const decoder = DECODERS[encoding];
  if (decoder === undefined) throw new RangeError(`no decoder for ${String(encoding)} here (one of: ${ENCODING_NAMES.join(', ')})`);
  const output = scalarQueue();
  return processAQueue(decoder(), input, output, mode) === 'error' ? null : scalarQueueToString(output);
}

/**
 * @param {EncodingName} encoding
 * @param {Uint8Array} bytes
 * @param {number} [start]
 * @param {number} [length]
 * @param {import('./process.js').ErrorMode} [mode]
 * @returns {string | null}
 */
export function runDecoder(encoding, bytes, start = 0, length = bytes.length - start, mode = 'replacement') {
  return processWith(encoding, byteQueue(bytes, start, length), mode);
}

/**
 * https://encoding.spec.whatwg.org/#utf-8-decode
 * @param {Uint8Array} bytes
 * @param {number} [start]
 * @param {number} [length]
 * @returns {string}
 */
export function utf8Decode(bytes, start = 0, length = bytes.length - start) {
  const input = byteQueue(bytes, start, length);
  // Step 1.
  const buffer = peek(input, 3);
  // Step 2.
  if (buffer.length === 3 && buffer[0] === 0xef && buffer[1] === 0xbb && buffer[2] === 0xbf) {
    for (let i = 0; i < 3; i++) read(input);
  }
  // Steps 3–4.
  return /** @type {string} */ (processWith('UTF-8', input, 'replacement'));
}

/**
 * https://encoding.spec.whatwg.org/#utf-8-decode-without-bom
 * Steps 1–2. A leading EF BB BF stays, as U+FEFF.
 * @param {Uint8Array} bytes
 * @param {number} [start]
 * @param {number} [length]
 * @returns {string}
 */
export function utf8DecodeWithoutBOM(bytes, start = 0, length = bytes.length - start) {
  return /** @type {string} */ (runDecoder('UTF-8', bytes, start, length, 'replacement'));
}

/**
 * https://encoding.spec.whatwg.org/#utf-8-decode-without-bom-or-fail
 * Steps 1–3: null for the standard's failure.
 * @param {Uint8Array} bytes
 * @param {number} [start]
 * @param {number} [length]
 * @returns {string | null}
 */
export function utf8DecodeWithoutBOMOrFail(bytes, start = 0, length = bytes.length - start) {
  return runDecoder('UTF-8', bytes, start, length, 'fatal');
}

/**
 * https://encoding.spec.whatwg.org/#bom-sniff
 * @param {import('./io-queue.js').ByteQueue} input
 * @returns {EncodingName | null}
 */
function bomSniffQueue(input) {
  // Step 1.
  const bom = peek(input, 3);
  // Step 2, in the table's order.
  if (bom.length >= 3 && bom[0] === 0xef && bom[1] === 0xbb && bom[2] === 0xbf) return 'UTF-8';
  if (bom.length >= 2 && bom[0] === 0xfe && bom[1] === 0xff) return 'UTF-16BE';
  if (bom.length >= 2 && bom[0] === 0xff && bom[1] === 0xfe) return 'UTF-16LE';
  return null;
}

/**
 * The encoding a byte order mark at `start` names, or null.
 * @param {Uint8Array} bytes
 * @param {number} [start]
 * @param {number} [length]
 * @returns {EncodingName | null}
 */
export function bomSniff(bytes, start = 0, length = bytes.length - start) {
  return bomSniffQueue(byteQueue(bytes, start, length));
}

/**
 * https://encoding.spec.whatwg.org/#decode
 * @param {Uint8Array} bytes
 * @param {EncodingName} fallback  the encoding used when there is no BOM
 * @param {number} [start]
 * @param {number} [length]
 * @returns {string}
 */
export function decode(bytes, fallback, start = 0, length = bytes.length - start) {
  const input = byteQueue(bytes, start, length);
  let encoding = fallback;
  // Step 1.
  const bomEncoding = bomSniffQueue(input);
  // Step 2.
  if (bomEncoding !== null) {
    // Step 2.1.
    encoding = bomEncoding;
    // Step 2.2.
    const count = bomEncoding === 'UTF-8' ? 3 : 2;
    for (let i = 0; i < count; i++) read(input);
  }
  // Steps 3–4.
  return /** @type {string} */ (processWith(encoding, input, 'replacement'));
}
