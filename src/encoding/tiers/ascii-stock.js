// Tier "ascii-stock": a short all-ASCII string built by one
// String.fromCharCode.apply call on a preallocated array of exactly its
// length, taken from a stock made once (no allocation per string).

import { ReflectApply, StringFromCharCode } from '../../primordials/intrinsics.js';
import { firstNonAscii } from './ascii.js';

/** The longest string the stock has an array for (oxc#21021, "onebyte64"). */
export const ASCII_STOCK_MAX = 64;

/** STOCK[n] is an array of length n, reused for every string of n bytes. */
const STOCK = Object.freeze(Array.from({ length: ASCII_STOCK_MAX + 1 }, (_, n) => new Array(n).fill(0)));

/** @type {import('./index.js').StringTier} */
export const asciiStock = {
  id: 'ascii-stock',
  title: 'Short ASCII string: fromCharCode.apply on a stocked array',
  origin: {
    project: 'oxc',
    change: 'oxc-project/oxc#21021 (tempArrays 0–64 and fromCharCode.apply; overlookmotel/oxc-raw-str-bench#1)',
    url: 'https://github.com/oxc-project/oxc/pull/21021',
  },
  reasons: ['too-long', 'non-ascii'],
  guard(buffer, pos, len) {
    // 'too-long': no stocked array of that length.
    if (len > ASCII_STOCK_MAX) return 'too-long';
    // 'non-ascii': a byte ≥ 0x80 is not one code unit.
    if (firstNonAscii(buffer.bytes, pos, pos + len) !== pos + len) return 'non-ascii';
    return 'accept';
  },
  decode(buffer, pos, len) {
    // Every slot is overwritten, so nothing from the previous string of this length survives.
    const units = STOCK[len];
    for (let i = 0; i < len; i++) units[i] = buffer.bytes[pos + i];
    return ReflectApply(StringFromCharCode, undefined, units);
  },
};
