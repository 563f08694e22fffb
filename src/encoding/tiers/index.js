// The string tiers of a raw-transfer deserializer (oxc's deserializeStr) as
// guarded shortcuts in front of the exact path, like src/tiers/ for clones.
//
// The model: a buffer is a Uint8Array whose bytes [0, sourceEnd) are the
// source region (the UTF-8 source text) and whose bytes after it are the
// strings region (strings that are not slices of the source). `setupBuffer`
// runs once per buffer (each tier's precomputation), then `decodeWithTiers`
// turns the string at (pos, len) into a JavaScript string: the first tier
// whose guard accepts decodes it, else the exact path does. The exact path is
// the Encoding Standard's "UTF-8 decode without BOM" (a string inside a
// format keeps a leading EF BB BF as U+FEFF, as oxc's TextDecoder with
// ignoreBOM: true does). A tier must be invisible: for every string that meets
// the preconditions, tiers on = tiers off.

import { utf8DecodeWithoutBOM } from '../hooks.js';
import { ArrayPrototype, NumberIsSafeInteger, ObjectFreeze, ObjectSetPrototypeOf, append, newList } from '../../primordials/intrinsics.js';
import { countSelection } from '../../tiers/index.js';
import { sourceSlice } from './source-slice.js';
import { nativeDecoder } from './native-decoder.js';
import { latin1Slice } from './latin1-slice.js';
import { asciiSwitch } from './ascii-switch.js';
import { asciiStock } from './ascii-stock.js';
import { byteByByte } from './byte-by-byte.js';

/**
 * The host's UTF-8 decoder as the tiers call it: bytes[start, start + length)
 * decoded as by "UTF-8 decode without BOM". Injected, so src/ stays host-free.
 * @typedef {(bytes: Uint8Array, start: number, length: number) => string} InjectedDecoder
 */

/**
 * A buffer after `setupBuffer`.
 * @typedef {object} StringBuffer
 * @property {Uint8Array} bytes
 * @property {number} sourceEnd  the source region is bytes [0, sourceEnd)
 * @property {InjectedDecoder} decoder
 * @property {readonly StringTier[]} tiers  the tiers on, in the order they are tried
 * @property {Record<string, any>} setups  each tier's precomputation, by tier id
 */

/**
 * @typedef {object} StringTier
 * @property {string} id
 * @property {string} title
 * @property {{project: string, change: string, url: string}} origin
 * @property {readonly string[]} reasons  every reject reason `guard` can return
 * @property {(buffer: StringBuffer) => Record<string, unknown>} [setup]  run once per buffer; its record is buffer.setups[id]
 * @property {(buffer: StringBuffer, pos: number, len: number) => string} guard  'accept' or the reason it refuses
 * @property {(buffer: StringBuffer, pos: number, len: number) => string} decode  the string of a (pos, len) the guard accepted
 */

/** @type {readonly StringTier[]} the catalog, in the order the deserializer tries the tiers */
export const stringTiers = ObjectFreeze([sourceSlice, nativeDecoder, latin1Slice, asciiSwitch, asciiStock, byteByByte]);

/**
 * What every (pos, len) given to decodeWithTiers must meet, and the generators
 * respect: a string lies inside the buffer and never crosses the end of the
 * source region (oxc writes source strings inside the source and the others
 * after it).
 */
export const STRING_PRECONDITIONS = ObjectFreeze([
  'pos and len are non-negative integers and pos + len <= bytes.length',
  'pos + len <= sourceEnd or pos >= sourceEnd',
]);

/**
 * Which precondition (pos, len) breaks, or undefined.
 * @param {{bytes: Uint8Array, sourceEnd: number}} buffer
 * @param {number} pos
 * @param {number} len
 * @returns {'out-of-buffer' | 'crosses-source-end' | undefined}
 */
export function preconditionViolation(buffer, pos, len) {
  if (!NumberIsSafeInteger(pos) || !NumberIsSafeInteger(len) || pos < 0 || len < 0 || pos + len > buffer.bytes.length) return 'out-of-buffer';
  if (pos < buffer.sourceEnd && pos + len > buffer.sourceEnd) return 'crosses-source-end';
  return undefined;
}

/**
 * Runs each tier's setup once for a buffer.
 * @param {Uint8Array} bytes
 * @param {number} sourceEnd
 * @param {{decoder?: InjectedDecoder, tiers?: readonly StringTier[]}} [options]
 *   `decoder` defaults to the step-by-step UTF-8 decode without BOM; `tiers`
 *   (default: the catalog) are the tiers on, in order
 * @returns {StringBuffer}
 */
export function setupBuffer(bytes, sourceEnd, { decoder = utf8DecodeWithoutBOM, tiers = stringTiers } = {}) {
  if (!NumberIsSafeInteger(sourceEnd) || sourceEnd < 0 || sourceEnd > bytes.length) {
    throw new RangeError(`sourceEnd ${sourceEnd} is not inside a buffer of ${bytes.length} bytes`);
  }
  /** @type {StringBuffer} */
  const buffer = { bytes, sourceEnd, decoder, tiers, setups: {} };
  for (let i = 0; i < tiers.length; i++) {
    const tier = tiers[i];
    if (tier.setup !== undefined) buffer.setups[tier.id] = tier.setup(buffer);
  }
  return buffer;
}

/**
 * The tier that takes (pos, len), and why each tier before it refused.
 * @param {StringBuffer} buffer
 * @param {number} pos
 * @param {number} len
 * @returns {{tier: StringTier | undefined, rejections: {tier: string, reason: string}[]}}
 */
export function selectStringTier(buffer, pos, len) {
  /** @type {{tier: string, reason: string}[]} */
  const rejections = newList();
  let taken;
  for (let i = 0; i < buffer.tiers.length; i++) {
    const tier = buffer.tiers[i];
    const verdict = tier.guard(buffer, pos, len);
    if (verdict === 'accept') {
      taken = tier;
      break;
    }
    append(rejections, { tier: tier.id, reason: verdict });
  }
  // The caller gets an ordinary Array; it was filled while its prototype was null.
  return { tier: taken, rejections: ObjectSetPrototypeOf(rejections, ArrayPrototype) };
}

/**
 * The exact path: the Encoding Standard's UTF-8 decode without BOM of the string's bytes.
 * @param {{bytes: Uint8Array}} buffer
 * @param {number} pos
 * @param {number} len
 * @returns {string}
 */
export function decodeExact(buffer, pos, len) {
  return utf8DecodeWithoutBOM(buffer.bytes, pos, len);
}

/**
 * The string at (pos, len) through the tiers: the first whose guard accepts
 * decodes it, else the exact path. With `coverage`, counts as the clone tiers
 * do (src/tiers/index.js countSelection): coverage[tier][reason] for every
 * refusal, coverage[tier].accept for the tier that took it, and
 * coverage.spec.taken when the exact path (the Encoding Standard's) did.
 * @param {StringBuffer} buffer
 * @param {number} pos
 * @param {number} len
 * @param {Record<string, Record<string, number>>} [coverage]
 * @returns {string}
 */
export function decodeWithTiers(buffer, pos, len, coverage) {
  const violation = preconditionViolation(buffer, pos, len);
  if (violation !== undefined) throw new RangeError(`string (${pos}, ${len}) breaks a precondition of the string tiers: ${violation}`);
  const selection = selectStringTier(buffer, pos, len);
  // countSelection reads only each tier's id, which string tiers have as clone tiers do.
  if (coverage !== undefined) countSelection(coverage, /** @type {any} */ (selection));
  return selection.tier === undefined ? decodeExact(buffer, pos, len) : selection.tier.decode(buffer, pos, len);
}
