// Tier "source-slice": a string whose bytes lie inside the ASCII prefix of the
// source region is a slice of the source text, because up to the first
// non-ASCII byte UTF-8 offsets and UTF-16 offsets are the same.

import { StringPrototypeSlice } from '../../primordials/intrinsics.js';
import { firstNonAscii } from './ascii.js';

/** @type {import('./index.js').StringTier} */
export const sourceSlice = {
  id: 'source-slice',
  title: 'Slice of the source text inside its ASCII prefix',
  origin: {
    project: 'oxc',
    change: 'oxc-project/oxc#20834 (firstNonAsciiPos: sourceText.substr before the first non-ASCII byte)',
    url: 'https://github.com/oxc-project/oxc/pull/20834',
  },
  reasons: ['past-ascii-prefix'],
  // The source text is what the deserializer already has (oxc: the string it
  // parsed); here it is the source region decoded once by the buffer's decoder.
  setup(buffer) {
    return {
      firstNonAsciiPos: firstNonAscii(buffer.bytes, 0, buffer.sourceEnd),
      sourceText: buffer.decoder(buffer.bytes, 0, buffer.sourceEnd),
    };
  },
  guard(buffer, pos, len) {
    // 'past-ascii-prefix': the string must END before the first non-ASCII
    // byte. Testing only where it starts (`pos < sourceEnd`, the guard before
    // #20834 that was right only for all-ASCII sources) slices at shifted offsets.
    if (pos + len > buffer.setups['source-slice'].firstNonAsciiPos) return 'past-ascii-prefix';
    return 'accept';
  },
  decode(buffer, pos, len) {
    return StringPrototypeSlice(buffer.setups['source-slice'].sourceText, pos, pos + len);
  },
};
