// Tier "latin1-slice": past the ASCII prefix, UTF-8 and UTF-16 offsets differ,
// but the source region decoded once as Latin-1 (isomorphic decode: one code
// unit per byte) keeps UTF-8 offsets. A string of the source region whose
// bytes are all ASCII is then a slice of that Latin-1 text.

import { StringPrototypeSlice } from '../../primordials/intrinsics.js';
import { isomorphicDecode } from '../isomorphic.js';
import { firstNonAscii } from './ascii.js';

/** @type {import('./index.js').StringTier} */
export const latin1Slice = {
  id: 'latin1-slice',
  title: 'Slice of the source decoded once as Latin-1',
  origin: {
    project: 'oxc',
    change: 'oxc-project/oxc#21021 (sourceTextLatin: latin1Slice of the source, sliced for all-ASCII strings)',
    url: 'https://github.com/oxc-project/oxc/pull/21021',
  },
  reasons: ['outside-source', 'non-ascii'],
  // Latin-1 is isomorphic decode, not `new TextDecoder('latin1')`: that label
  // means windows-1252, which maps 0x80–0x9F elsewhere (Buffer#latin1Slice in oxc).
  setup(buffer) {
    return { latin1Source: isomorphicDecode(buffer.bytes, 0, buffer.sourceEnd) };
  },
  guard(buffer, pos, len) {
    // 'outside-source': the Latin-1 text covers the source region only.
    if (pos + len > buffer.sourceEnd) return 'outside-source';
    // 'non-ascii': a non-ASCII byte is part of a multi-byte sequence (or
    // malformed); its Latin-1 character is not what UTF-8 decodes it to.
    if (firstNonAscii(buffer.bytes, pos, pos + len) !== pos + len) return 'non-ascii';
    return 'accept';
  },
  decode(buffer, pos, len) {
    return StringPrototypeSlice(buffer.setups['latin1-slice'].latin1Source, pos, pos + len);
  },
};
