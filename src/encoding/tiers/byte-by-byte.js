// Tier "byte-by-byte": the deserializer's original loop for short strings.
// ASCII bytes are appended one String.fromCharCode at a time; at the first
// non-ASCII byte the rest of the string goes to the decoder. Exact because
// everything before that byte is ASCII, so the decoder starts at a character
// boundary with nothing pending.

import { StringFromCharCode } from '../../primordials/intrinsics.js';

/** The loop takes strings up to this many bytes (oxc#20834; 50 before it). */
export const BYTE_BY_BYTE_MAX = 9;

/** @type {import('./index.js').StringTier} */
export const byteByByte = {
  id: 'byte-by-byte',
  title: 'Byte-by-byte concatenation (the baseline)',
  origin: {
    project: 'oxc',
    change: 'oxc-project/oxc#20834 (deserializeStr: `out += fromCodePoint(c)` up to 9 bytes, TextDecoder above)',
    url: 'https://github.com/oxc-project/oxc/pull/20834',
  },
  reasons: ['too-long'],
  guard(_buffer, _pos, len) {
    // 'too-long': over the limit the decoder is faster than concatenation.
    return len <= BYTE_BY_BYTE_MAX ? 'accept' : 'too-long';
  },
  decode(buffer, pos, len) {
    const { bytes } = buffer;
    const end = pos + len;
    let out = '';
    for (let i = pos; i < end; i++) {
      const c = bytes[i];
      if (c >= 0x80) return out + buffer.decoder(bytes, i, end - i);
      out += StringFromCharCode(c);
    }
    return out;
  },
};
