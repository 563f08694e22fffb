// Tier "ascii-switch": a short all-ASCII string built by one
// String.fromCharCode call with exactly as many arguments as the string has
// bytes, chosen by a switch on the length, so the engine sees a call with a
// known argument count and allocates the string once. The cases are written
// out because a fixed argument count per call site is the whole point.

import { StringFromCharCode as fromCharCode } from '../../primordials/intrinsics.js';
import { firstNonAscii } from './ascii.js';

/** The longest string the switch has a case for (oxc#20883: lengths 1–48). */
export const ASCII_SWITCH_MAX = 48;

/** @type {import('./index.js').StringTier} */
export const asciiSwitch = {
  id: 'ascii-switch',
  title: 'Short ASCII string: one fromCharCode call, switch on length',
  origin: {
    project: 'oxc',
    change: 'oxc-project/oxc#20883 (batched fromCharCode, switch(len) for 1–48 bytes; closed, measured in overlookmotel/oxc-raw-str-bench#1)',
    url: 'https://github.com/oxc-project/oxc/pull/20883',
  },
  reasons: ['empty', 'too-long', 'non-ascii'],
  guard(buffer, pos, len) {
    // 'empty': the switch has no case 0 (the deserializer returns '' before it).
    if (len === 0) return 'empty';
    // 'too-long': no case past the maximum.
    if (len > ASCII_SWITCH_MAX) return 'too-long';
    // 'non-ascii': a byte ≥ 0x80 is not one code unit.
    if (firstNonAscii(buffer.bytes, pos, pos + len) !== pos + len) return 'non-ascii';
    return 'accept';
  },
  decode(buffer, p, len) {
    return fromCharCodeOfLength(buffer.bytes, p, len);
  },
};

/**
 * @param {Uint8Array} b
 * @param {number} p
 * @param {number} len  1 to ASCII_SWITCH_MAX
 * @returns {string}
 */
function fromCharCodeOfLength(b, p, len) {
  switch (len) {
    case 1: return fromCharCode(b[p]);
    case 2: return fromCharCode(b[p], b[p + 1]);
    case 3: return fromCharCode(b[p], b[p + 1], b[p + 2]);
    case 4: return fromCharCode(b[p], b[p + 1], b[p + 2], b[p + 3]);
    case 5: return fromCharCode(b[p], b[p + 1], b[p + 2], b[p + 3], b[p + 4]);
    case 6: return fromCharCode(b[p], b[p + 1], b[p + 2], b[p + 3], b[p + 4], b[p + 5]);
    case 7: return fromCharCode(b[p], b[p + 1], b[p + 2], b[p + 3], b[p + 4], b[p + 5], b[p + 6]);
    case 8: return fromCharCode(b[p], b[p + 1], b[p + 2], b[p + 3], b[p + 4], b[p + 5], b[p + 6], b[p + 7]);
    case 9: return fromCharCode(b[p], b[p + 1], b[p + 2], b[p + 3], b[p + 4], b[p + 5], b[p + 6], b[p + 7], b[p + 8]);
    case 10: return fromCharCode(b[p], b[p + 1], b[p + 2], b[p + 3], b[p + 4], b[p + 5], b[p + 6], b[p + 7], b[p + 8], b[p + 9]);
    case 11: return fromCharCode(b[p], b[p + 1], b[p + 2], b[p + 3], b[p + 4], b[p + 5], b[p + 6], b[p + 7], b[p + 8], b[p + 9], b[p + 10]);
    case 12: return fromCharCode(b[p], b[p + 1], b[p + 2], b[p + 3], b[p + 4], b[p + 5], b[p + 6], b[p + 7], b[p + 8], b[p + 9], b[p + 10], b[p + 11]);
    case 13: return fromCharCode(b[p], b[p + 1], b[p + 2], b[p + 3], b[p + 4], b[p + 5], b[p + 6], b[p + 7], b[p + 8], b[p + 9], b[p + 10], b[p + 11], b[p + 12]);
    case 14: return fromCharCode(b[p], b[p + 1], b[p + 2], b[p + 3], b[p + 4], b[p + 5], b[p + 6], b[p + 7], b[p + 8], b[p + 9], b[p + 10], b[p + 11], b[p + 12], b[p + 13]);
    case 15: return fromCharCode(b[p], b[p + 1], b[p + 2], b[p + 3], b[p + 4], b[p + 5], b[p + 6], b[p + 7], b[p + 8], b[p + 9], b[p + 10], b[p + 11], b[p + 12], b[p + 13], b[p + 14]);
    case 16: return fromCharCode(b[p], b[p + 1], b[p + 2], b[p + 3], b[p + 4], b[p + 5], b[p + 6], b[p + 7], b[p + 8], b[p + 9], b[p + 10], b[p + 11], b[p + 12], b[p + 13], b[p + 14], b[p + 15]);
    case 17: return fromCharCode(b[p], b[p + 1], b[p + 2], b[p + 3], b[p + 4], b[p + 5], b[p + 6], b[p + 7], b[p + 8], b[p + 9], b[p + 10], b[p + 11], b[p + 12], b[p + 13], b[p + 14], b[p + 15], b[p + 16]);
    case 18: return fromCharCode(b[p], b[p + 1], b[p + 2], b[p + 3], b[p + 4], b[p + 5], b[p + 6], b[p + 7], b[p + 8], b[p + 9], b[p + 10], b[p + 11], b[p + 12], b[p + 13], b[p + 14], b[p + 15], b[p + 16], b[p + 17]);
    case 19: return fromCharCode(b[p], b[p + 1], b[p + 2], b[p + 3], b[p + 4], b[p + 5], b[p + 6], b[p + 7], b[p + 8], b[p + 9], b[p + 10], b[p + 11], b[p + 12], b[p + 13], b[p + 14], b[p + 15], b[p + 16], b[p + 17], b[p + 18]);
    case 20: return fromCharCode(b[p], b[p + 1], b[p + 2], b[p + 3], b[p + 4], b[p + 5], b[p + 6], b[p + 7], b[p + 8], b[p + 9], b[p + 10], b[p + 11], b[p + 12], b[p + 13], b[p + 14], b[p + 15], b[p + 16], b[p + 17], b[p + 18], b[p + 19]);
    case 21: return fromCharCode(b[p], b[p + 1], b[p + 2], b[p + 3], b[p + 4], b[p + 5], b[p + 6], b[p + 7], b[p + 8], b[p + 9], b[p + 10], b[p + 11], b[p + 12], b[p + 13], b[p + 14], b[p + 15], b[p + 16], b[p + 17], b[p + 18], b[p + 19], b[p + 20]);
    case 22: return fromCharCode(b[p], b[p + 1], b[p + 2], b[p + 3], b[p + 4], b[p + 5], b[p + 6], b[p + 7], b[p + 8], b[p + 9], b[p + 10], b[p + 11], b[p + 12], b[p + 13], b[p + 14], b[p + 15], b[p + 16], b[p + 17], b[p + 18], b[p + 19], b[p + 20], b[p + 21]);
    case 23: return fromCharCode(b[p], b[p + 1], b[p + 2], b[p + 3], b[p + 4], b[p + 5], b[p + 6], b[p + 7], b[p + 8], b[p + 9], b[p + 10], b[p + 11], b[p + 12], b[p + 13], b[p + 14], b[p + 15], b[p + 16], b[p + 17], b[p + 18], b[p + 19], b[p + 20], b[p + 21], b[p + 22]);
    case 24: return fromCharCode(b[p], b[p + 1], b[p + 2], b[p + 3], b[p + 4], b[p + 5], b[p + 6], b[p + 7], b[p + 8], b[p + 9], b[p + 10], b[p + 11], b[p + 12], b[p + 13], b[p + 14], b[p + 15], b[p + 16], b[p + 17], b[p + 18], b[p + 19], b[p + 20], b[p + 21], b[p + 22], b[p + 23]);
    case 25: return fromCharCode(b[p], b[p + 1], b[p + 2], b[p + 3], b[p + 4], b[p + 5], b[p + 6], b[p + 7], b[p + 8], b[p + 9], b[p + 10], b[p + 11], b[p + 12], b[p + 13], b[p + 14], b[p + 15], b[p + 16], b[p + 17], b[p + 18], b[p + 19], b[p + 20], b[p + 21], b[p + 22], b[p + 23], b[p + 24]);
    case 26: return fromCharCode(b[p], b[p + 1], b[p + 2], b[p + 3], b[p + 4], b[p + 5], b[p + 6], b[p + 7], b[p + 8], b[p + 9], b[p + 10], b[p + 11], b[p + 12], b[p + 13], b[p + 14], b[p + 15], b[p + 16], b[p + 17], b[p + 18], b[p + 19], b[p + 20], b[p + 21], b[p + 22], b[p + 23], b[p + 24], b[p + 25]);
    case 27: return fromCharCode(b[p], b[p + 1], b[p + 2], b[p + 3], b[p + 4], b[p + 5], b[p + 6], b[p + 7], b[p + 8], b[p + 9], b[p + 10], b[p + 11], b[p + 12], b[p + 13], b[p + 14], b[p + 15], b[p + 16], b[p + 17], b[p + 18], b[p + 19], b[p + 20], b[p + 21], b[p + 22], b[p + 23], b[p + 24], b[p + 25], b[p + 26]);
    case 28: return fromCharCode(b[p], b[p + 1], b[p + 2], b[p + 3], b[p + 4], b[p + 5], b[p + 6], b[p + 7], b[p + 8], b[p + 9], b[p + 10], b[p + 11], b[p + 12], b[p + 13], b[p + 14], b[p + 15], b[p + 16], b[p + 17], b[p + 18], b[p + 19], b[p + 20], b[p + 21], b[p + 22], b[p + 23], b[p + 24], b[p + 25], b[p + 26], b[p + 27]);
    case 29: return fromCharCode(b[p], b[p + 1], b[p + 2], b[p + 3], b[p + 4], b[p + 5], b[p + 6], b[p + 7], b[p + 8], b[p + 9], b[p + 10], b[p + 11], b[p + 12], b[p + 13], b[p + 14], b[p + 15], b[p + 16], b[p + 17], b[p + 18], b[p + 19], b[p + 20], b[p + 21], b[p + 22], b[p + 23], b[p + 24], b[p + 25], b[p + 26], b[p + 27], b[p + 28]);
    case 30: return fromCharCode(b[p], b[p + 1], b[p + 2], b[p + 3], b[p + 4], b[p + 5], b[p + 6], b[p + 7], b[p + 8], b[p + 9], b[p + 10], b[p + 11], b[p + 12], b[p + 13], b[p + 14], b[p + 15], b[p + 16], b[p + 17], b[p + 18], b[p + 19], b[p + 20], b[p + 21], b[p + 22], b[p + 23], b[p + 24], b[p + 25], b[p + 26], b[p + 27], b[p + 28], b[p + 29]);
    case 31: return fromCharCode(b[p], b[p + 1], b[p + 2], b[p + 3], b[p + 4], b[p + 5], b[p + 6], b[p + 7], b[p + 8], b[p + 9], b[p + 10], b[p + 11], b[p + 12], b[p + 13], b[p + 14], b[p + 15], b[p + 16], b[p + 17], b[p + 18], b[p + 19], b[p + 20], b[p + 21], b[p + 22], b[p + 23], b[p + 24], b[p + 25], b[p + 26], b[p + 27], b[p + 28], b[p + 29], b[p + 30]);
    case 32: return fromCharCode(b[p], b[p + 1], b[p + 2], b[p + 3], b[p + 4], b[p + 5], b[p + 6], b[p + 7], b[p + 8], b[p + 9], b[p + 10], b[p + 11], b[p + 12], b[p + 13], b[p + 14], b[p + 15], b[p + 16], b[p + 17], b[p + 18], b[p + 19], b[p + 20], b[p + 21], b[p + 22], b[p + 23], b[p + 24], b[p + 25], b[p + 26], b[p + 27], b[p + 28], b[p + 29], b[p + 30], b[p + 31]);
    case 33: return fromCharCode(b[p], b[p + 1], b[p + 2], b[p + 3], b[p + 4], b[p + 5], b[p + 6], b[p + 7], b[p + 8], b[p + 9], b[p + 10], b[p + 11], b[p + 12], b[p + 13], b[p + 14], b[p + 15], b[p + 16], b[p + 17], b[p + 18], b[p + 19], b[p + 20], b[p + 21], b[p + 22], b[p + 23], b[p + 24], b[p + 25], b[p + 26], b[p + 27], b[p + 28], b[p + 29], b[p + 30], b[p + 31], b[p + 32]);
    case 34: return fromCharCode(b[p], b[p + 1], b[p + 2], b[p + 3], b[p + 4], b[p + 5], b[p + 6], b[p + 7], b[p + 8], b[p + 9], b[p + 10], b[p + 11], b[p + 12], b[p + 13], b[p + 14], b[p + 15], b[p + 16], b[p + 17], b[p + 18], b[p + 19], b[p + 20], b[p + 21], b[p + 22], b[p + 23], b[p + 24], b[p + 25], b[p + 26], b[p + 27], b[p + 28], b[p + 29], b[p + 30], b[p + 31], b[p + 32], b[p + 33]);
    case 35: return fromCharCode(b[p], b[p + 1], b[p + 2], b[p + 3], b[p + 4], b[p + 5], b[p + 6], b[p + 7], b[p + 8], b[p + 9], b[p + 10], b[p + 11], b[p + 12], b[p + 13], b[p + 14], b[p + 15], b[p + 16], b[p + 17], b[p + 18], b[p + 19], b[p + 20], b[p + 21], b[p + 22], b[p + 23], b[p + 24], b[p + 25], b[p + 26], b[p + 27], b[p + 28], b[p + 29], b[p + 30], b[p + 31], b[p + 32], b[p + 33], b[p + 34]);
    case 36: return fromCharCode(b[p], b[p + 1], b[p + 2], b[p + 3], b[p + 4], b[p + 5], b[p + 6], b[p + 7], b[p + 8], b[p + 9], b[p + 10], b[p + 11], b[p + 12], b[p + 13], b[p + 14], b[p + 15], b[p + 16], b[p + 17], b[p + 18], b[p + 19], b[p + 20], b[p + 21], b[p + 22], b[p + 23], b[p + 24], b[p + 25], b[p + 26], b[p + 27], b[p + 28], b[p + 29], b[p + 30], b[p + 31], b[p + 32], b[p + 33], b[p + 34], b[p + 35]);
    case 37: return fromCharCode(b[p], b[p + 1], b[p + 2], b[p + 3], b[p + 4], b[p + 5], b[p + 6], b[p + 7], b[p + 8], b[p + 9], b[p + 10], b[p + 11], b[p + 12], b[p + 13], b[p + 14], b[p + 15], b[p + 16], b[p + 17], b[p + 18], b[p + 19], b[p + 20], b[p + 21], b[p + 22], b[p + 23], b[p + 24], b[p + 25], b[p + 26], b[p + 27], b[p + 28], b[p + 29], b[p + 30], b[p + 31], b[p + 32], b[p + 33], b[p + 34], b[p + 35], b[p + 36]);
    case 38: return fromCharCode(b[p], b[p + 1], b[p + 2], b[p + 3], b[p + 4], b[p + 5], b[p + 6], b[p + 7], b[p + 8], b[p + 9], b[p + 10], b[p + 11], b[p + 12], b[p + 13], b[p + 14], b[p + 15], b[p + 16], b[p + 17], b[p + 18], b[p + 19], b[p + 20], b[p + 21], b[p + 22], b[p + 23], b[p + 24], b[p + 25], b[p + 26], b[p + 27], b[p + 28], b[p + 29], b[p + 30], b[p + 31], b[p + 32], b[p + 33], b[p + 34], b[p + 35], b[p + 36], b[p + 37]);
    case 39: return fromCharCode(b[p], b[p + 1], b[p + 2], b[p + 3], b[p + 4], b[p + 5], b[p + 6], b[p + 7], b[p + 8], b[p + 9], b[p + 10], b[p + 11], b[p + 12], b[p + 13], b[p + 14], b[p + 15], b[p + 16], b[p + 17], b[p + 18], b[p + 19], b[p + 20], b[p + 21], b[p + 22], b[p + 23], b[p + 24], b[p + 25], b[p + 26], b[p + 27], b[p + 28], b[p + 29], b[p + 30], b[p + 31], b[p + 32], b[p + 33], b[p + 34], b[p + 35], b[p + 36], b[p + 37], b[p + 38]);
    case 40: return fromCharCode(b[p], b[p + 1], b[p + 2], b[p + 3], b[p + 4], b[p + 5], b[p + 6], b[p + 7], b[p + 8], b[p + 9], b[p + 10], b[p + 11], b[p + 12], b[p + 13], b[p + 14], b[p + 15], b[p + 16], b[p + 17], b[p + 18], b[p + 19], b[p + 20], b[p + 21], b[p + 22], b[p + 23], b[p + 24], b[p + 25], b[p + 26], b[p + 27], b[p + 28], b[p + 29], b[p + 30], b[p + 31], b[p + 32], b[p + 33], b[p + 34], b[p + 35], b[p + 36], b[p + 37], b[p + 38], b[p + 39]);
    case 41: return fromCharCode(b[p], b[p + 1], b[p + 2], b[p + 3], b[p + 4], b[p + 5], b[p + 6], b[p + 7], b[p + 8], b[p + 9], b[p + 10], b[p + 11], b[p + 12], b[p + 13], b[p + 14], b[p + 15], b[p + 16], b[p + 17], b[p + 18], b[p + 19], b[p + 20], b[p + 21], b[p + 22], b[p + 23], b[p + 24], b[p + 25], b[p + 26], b[p + 27], b[p + 28], b[p + 29], b[p + 30], b[p + 31], b[p + 32], b[p + 33], b[p + 34], b[p + 35], b[p + 36], b[p + 37], b[p + 38], b[p + 39], b[p + 40]);
    case 42: return fromCharCode(b[p], b[p + 1], b[p + 2], b[p + 3], b[p + 4], b[p + 5], b[p + 6], b[p + 7], b[p + 8], b[p + 9], b[p + 10], b[p + 11], b[p + 12], b[p + 13], b[p + 14], b[p + 15], b[p + 16], b[p + 17], b[p + 18], b[p + 19], b[p + 20], b[p + 21], b[p + 22], b[p + 23], b[p + 24], b[p + 25], b[p + 26], b[p + 27], b[p + 28], b[p + 29], b[p + 30], b[p + 31], b[p + 32], b[p + 33], b[p + 34], b[p + 35], b[p + 36], b[p + 37], b[p + 38], b[p + 39], b[p + 40], b[p + 41]);
    case 43: return fromCharCode(b[p], b[p + 1], b[p + 2], b[p + 3], b[p + 4], b[p + 5], b[p + 6], b[p + 7], b[p + 8], b[p + 9], b[p + 10], b[p + 11], b[p + 12], b[p + 13], b[p + 14], b[p + 15], b[p + 16], b[p + 17], b[p + 18], b[p + 19], b[p + 20], b[p + 21], b[p + 22], b[p + 23], b[p + 24], b[p + 25], b[p + 26], b[p + 27], b[p + 28], b[p + 29], b[p + 30], b[p + 31], b[p + 32], b[p + 33], b[p + 34], b[p + 35], b[p + 36], b[p + 37], b[p + 38], b[p + 39], b[p + 40], b[p + 41], b[p + 42]);
    case 44: return fromCharCode(b[p], b[p + 1], b[p + 2], b[p + 3], b[p + 4], b[p + 5], b[p + 6], b[p + 7], b[p + 8], b[p + 9], b[p + 10], b[p + 11], b[p + 12], b[p + 13], b[p + 14], b[p + 15], b[p + 16], b[p + 17], b[p + 18], b[p + 19], b[p + 20], b[p + 21], b[p + 22], b[p + 23], b[p + 24], b[p + 25], b[p + 26], b[p + 27], b[p + 28], b[p + 29], b[p + 30], b[p + 31], b[p + 32], b[p + 33], b[p + 34], b[p + 35], b[p + 36], b[p + 37], b[p + 38], b[p + 39], b[p + 40], b[p + 41], b[p + 42], b[p + 43]);
    case 45: return fromCharCode(b[p], b[p + 1], b[p + 2], b[p + 3], b[p + 4], b[p + 5], b[p + 6], b[p + 7], b[p + 8], b[p + 9], b[p + 10], b[p + 11], b[p + 12], b[p + 13], b[p + 14], b[p + 15], b[p + 16], b[p + 17], b[p + 18], b[p + 19], b[p + 20], b[p + 21], b[p + 22], b[p + 23], b[p + 24], b[p + 25], b[p + 26], b[p + 27], b[p + 28], b[p + 29], b[p + 30], b[p + 31], b[p + 32], b[p + 33], b[p + 34], b[p + 35], b[p + 36], b[p + 37], b[p + 38], b[p + 39], b[p + 40], b[p + 41], b[p + 42], b[p + 43], b[p + 44]);
    case 46: return fromCharCode(b[p], b[p + 1], b[p + 2], b[p + 3], b[p + 4], b[p + 5], b[p + 6], b[p + 7], b[p + 8], b[p + 9], b[p + 10], b[p + 11], b[p + 12], b[p + 13], b[p + 14], b[p + 15], b[p + 16], b[p + 17], b[p + 18], b[p + 19], b[p + 20], b[p + 21], b[p + 22], b[p + 23], b[p + 24], b[p + 25], b[p + 26], b[p + 27], b[p + 28], b[p + 29], b[p + 30], b[p + 31], b[p + 32], b[p + 33], b[p + 34], b[p + 35], b[p + 36], b[p + 37], b[p + 38], b[p + 39], b[p + 40], b[p + 41], b[p + 42], b[p + 43], b[p + 44], b[p + 45]);
    case 47: return fromCharCode(b[p], b[p + 1], b[p + 2], b[p + 3], b[p + 4], b[p + 5], b[p + 6], b[p + 7], b[p + 8], b[p + 9], b[p + 10], b[p + 11], b[p + 12], b[p + 13], b[p + 14], b[p + 15], b[p + 16], b[p + 17], b[p + 18], b[p + 19], b[p + 20], b[p + 21], b[p + 22], b[p + 23], b[p + 24], b[p + 25], b[p + 26], b[p + 27], b[p + 28], b[p + 29], b[p + 30], b[p + 31], b[p + 32], b[p + 33], b[p + 34], b[p + 35], b[p + 36], b[p + 37], b[p + 38], b[p + 39], b[p + 40], b[p + 41], b[p + 42], b[p + 43], b[p + 44], b[p + 45], b[p + 46]);
    case 48: return fromCharCode(b[p], b[p + 1], b[p + 2], b[p + 3], b[p + 4], b[p + 5], b[p + 6], b[p + 7], b[p + 8], b[p + 9], b[p + 10], b[p + 11], b[p + 12], b[p + 13], b[p + 14], b[p + 15], b[p + 16], b[p + 17], b[p + 18], b[p + 19], b[p + 20], b[p + 21], b[p + 22], b[p + 23], b[p + 24], b[p + 25], b[p + 26], b[p + 27], b[p + 28], b[p + 29], b[p + 30], b[p + 31], b[p + 32], b[p + 33], b[p + 34], b[p + 35], b[p + 36], b[p + 37], b[p + 38], b[p + 39], b[p + 40], b[p + 41], b[p + 42], b[p + 43], b[p + 44], b[p + 45], b[p + 46], b[p + 47]);
    default: throw new RangeError(`ascii-switch has no case for ${len} bytes`);
  }
}
