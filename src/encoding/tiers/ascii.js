// The one check several string tiers make: are bytes[from, to) all ASCII?
// UTF-8 maps 0x00–0x7F to themselves and uses 0x80–0xFF only inside
// multi-byte sequences, so an all-ASCII run decodes to one code unit per byte.

/**
 * The index of the first byte ≥ 0x80 in bytes[from, to), or `to` when there is none.
 * @param {Uint8Array} bytes
 * @param {number} from
 * @param {number} to
 * @returns {number}
 */
export function firstNonAscii(bytes, from, to) {
  for (let i = from; i < to; i++) {
    if (bytes[i] >= 0x80) return i;
  }
  return to;
}
