// The WHATWG Encoding Standard's decoders, step by step (the oracle for
// string decoders), and the string tiers of a raw-transfer deserializer as
// guarded shortcuts in front of them. Host-free: no TextDecoder, no Buffer.

export { ENCODING_ALGORITHMS, ENCODING_REVISION } from './steps.js';
export {
  ENCODING_NAMES, bomSniff, decode, runDecoder, utf8Decode, utf8DecodeWithoutBOM, utf8DecodeWithoutBOMOrFail,
} from './hooks.js';
export { isomorphicDecode } from './isomorphic.js';
export { WINDOWS_1252_C1_POINTERS } from './windows-1252.js';
export {
  STRING_PRECONDITIONS, decodeExact, decodeWithTiers, preconditionViolation, selectStringTier, setupBuffer, stringTiers,
} from './tiers/index.js';
export { stringTierDifferences } from './tiers/selfcheck.js';
