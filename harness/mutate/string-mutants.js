// Deliberately broken string tiers: the bugs the raw-transfer authors met or
// warned about, each a copy of the catalog with one tier changed. The
// differential check (check.js) must find every one; docs/strings.md has the
// cases each took.

import { runDecoder, utf8Decode, utf8DecodeWithoutBOMOrFail } from '../../src/encoding/hooks.js';
import { stringTiers } from '../../src/encoding/tiers/index.js';
import { sourceSlice } from '../../src/encoding/tiers/source-slice.js';
import { latin1Slice } from '../../src/encoding/tiers/latin1-slice.js';
import { nativeDecoder } from '../../src/encoding/tiers/native-decoder.js';

/**
 * @typedef {object} StringTierMutant
 * @property {string} id  `<tier>/<bug>`
 * @property {string} description
 * @property {readonly import('../../src/encoding/tiers/index.js').StringTier[]} tiers  the catalog with the broken tier in place
 * @property {number} smallestCase  bytes in the smallest buffer that can show the bug (a shrunk case should be near it)
 */

/**
 * The catalog with the tier of the same id replaced.
 * @param {import('../../src/encoding/tiers/index.js').StringTier} broken
 */
function withTier(broken) {
  return Object.freeze(stringTiers.map((tier) => (tier.id === broken.id ? broken : tier)));
}

/**
 * UTF-16 offsets of the source text by UTF-8 offset, counted the broken way:
 * one unit per character, so every 4-byte character (two units, a surrogate
 * pair) shifts the offsets after it by one. Null when the source is not valid
 * UTF-8, so the table is wrong only for astral characters.
 * @param {import('../../src/encoding/tiers/index.js').StringBuffer} buffer
 */
function charOffsetTable({ bytes, sourceEnd }) {
  if (utf8DecodeWithoutBOMOrFail(bytes, 0, sourceEnd) === null) return null;
  const table = new Uint32Array(sourceEnd + 1);
  let units = 0;
  for (let i = 0; i < sourceEnd; i++) {
    table[i] = units;
    if ((bytes[i] & 0xc0) !== 0x80) units += 1;
  }
  table[sourceEnd] = units;
  return table;
}

/** @param {Uint8Array} bytes @param {number} sourceEnd @param {number} i */
const atCharBoundary = (bytes, sourceEnd, i) => i === sourceEnd || (bytes[i] & 0xc0) !== 0x80;

/** @type {readonly StringTierMutant[]} */
export const STRING_TIER_MUTANTS = Object.freeze([
  {
    id: 'source-slice/starts-in-source',
    description: 'the source-slice guard written as `pos < sourceEndPos` instead of `pos + len <= firstNonAsciiPos` (right only when the whole source is ASCII)',
    smallestCase: 2, // a 2-byte character and a string of its first byte
    tiers: withTier({
      ...sourceSlice,
      guard: (buffer, pos) => (pos < buffer.sourceEnd ? 'accept' : 'past-ascii-prefix'),
    }),
  },
  {
    id: 'source-slice/starts-in-prefix',
    description: 'the source-slice guard checks where the string starts (`pos < firstNonAsciiPos`), not where it ends: a string across the first non-ASCII byte is sliced',
    smallestCase: 3, // an ASCII byte, then a 2-byte character, the string across both
    tiers: withTier({
      ...sourceSlice,
      guard: (buffer, pos) => (pos < buffer.setups['source-slice'].firstNonAsciiPos ? 'accept' : 'past-ascii-prefix'),
    }),
  },
  {
    id: 'source-slice/char-table-splits-pairs',
    description: 'source strings past the ASCII prefix sliced from the source text through a byte-to-char offset table that counts a 4-byte character as one UTF-16 unit, so slices split surrogate pairs',
    smallestCase: 4, // one astral character
    tiers: withTier({
      ...sourceSlice,
      // sourceSlice has a setup (src/encoding/tiers/source-slice.js).
      setup: (buffer) => ({ .../** @type {NonNullable<typeof sourceSlice.setup>} */ (sourceSlice.setup)(buffer), table: charOffsetTable(buffer) }),
      guard(buffer, pos, len) {
        const { firstNonAsciiPos, table } = buffer.setups['source-slice'];
        if (pos + len <= firstNonAsciiPos) return 'accept';
        const sliceable = table !== null && pos + len <= buffer.sourceEnd
          && atCharBoundary(buffer.bytes, buffer.sourceEnd, pos) && atCharBoundary(buffer.bytes, buffer.sourceEnd, pos + len);
        return sliceable ? 'accept' : 'past-ascii-prefix';
      },
      decode(buffer, pos, len) {
        const { sourceText, table } = buffer.setups['source-slice'];
        return table === null ? sourceText.slice(pos, pos + len) : sourceText.slice(table[pos], table[pos + len]);
      },
    }),
  },
  {
    // Made with the step-by-step windows-1252 decoder, which is what the
    // standard says `new TextDecoder('latin1')` returns: Node 20's own
    // returns Latin-1 for 0x80–0x9F (nodejs/node#56542) and would hide the bug here.
    id: 'latin1-slice/textdecoder-latin1',
    description: "the Latin-1 source text made by `new TextDecoder('latin1')`, which is windows-1252, instead of isomorphic decode",
    smallestCase: 1, // one byte 0x80–0x9F (a lone continuation byte)
    tiers: withTier({
      ...latin1Slice,
      setup: (buffer) => ({ latin1Source: runDecoder('windows-1252', buffer.bytes, 0, buffer.sourceEnd) }),
    }),
  },
  {
    id: 'native-decoder/bom-dropped',
    description: "the native decoder made as `new TextDecoder('utf-8')` without ignoreBOM: a string that starts with EF BB BF loses its U+FEFF",
    smallestCase: 65, // the native decoder takes only strings over 64 bytes
    tiers: withTier({
      ...nativeDecoder,
      decode: (buffer, pos, len) => utf8Decode(buffer.bytes, pos, len),
    }),
  },
]);
