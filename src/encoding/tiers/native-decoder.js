// Tier "native-decoder": a long string goes straight to the host's decoder
// (oxc: a TextDecoder('utf-8', {ignoreBOM: true})), which is faster than any
// JavaScript loop above a few dozen bytes. Host-free here: the decoder is the
// buffer's injected `decoder`, the step-by-step UTF-8 decode without BOM unless
// the caller gives another; the tier is exact exactly when that decoder is.

/** Strings longer than this many bytes take the native decoder (oxc#21021; #20834 used 9, #20883 48). */
export const NATIVE_DECODER_THRESHOLD = 64;

/** @type {import('./index.js').StringTier} */
export const nativeDecoder = {
  id: 'native-decoder',
  title: 'The native decoder above a length threshold',
  origin: {
    project: 'oxc',
    change: 'oxc-project/oxc#21021 (TextDecoder for strings over 64 bytes)',
    url: 'https://github.com/oxc-project/oxc/pull/21021',
  },
  reasons: ['short'],
  guard(_buffer, _pos, len) {
    // 'short': at or under the threshold a JavaScript tier is faster.
    return len > NATIVE_DECODER_THRESHOLD ? 'accept' : 'short';
  },
  decode(buffer, pos, len) {
    return buffer.decoder(buffer.bytes, pos, len);
  },
};
