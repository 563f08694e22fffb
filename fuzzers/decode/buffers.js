// fast-check arbitraries for string decoders, aimed at the string tiers'
// boundaries (src/encoding/tiers/): byte pieces (ASCII runs of threshold
// lengths, 2-, 3- and 4-byte characters, a BOM, NUL, every kind of malformed
// UTF-8), buffers whose source region is an ASCII prefix followed by pieces,
// and strings picked at, across and just past the first non-ASCII byte of a
// region or with a threshold length. Every pick meets the tiers'
// STRING_PRECONDITIONS, or the preconditions a decoder declares. Small
// pieces and plain integers keep what fast-check shrinks to a handful of
// bytes. A decoder module's buffers (`stringBufferCases(preconditions,
// {thresholds})`) also grow, by weight, past 4 KB, 64 KB and now and then a
// few MB, and aim at the module's own declared thresholds.

import fc from 'fast-check';
import { preconditionViolation } from '../../src/encoding/tiers/index.js';
import { ASCII_STOCK_MAX } from '../../src/encoding/tiers/ascii-stock.js';
import { ASCII_SWITCH_MAX } from '../../src/encoding/tiers/ascii-switch.js';
import { BYTE_BY_BYTE_MAX } from '../../src/encoding/tiers/byte-by-byte.js';
import { NATIVE_DECODER_THRESHOLD } from '../../src/encoding/tiers/native-decoder.js';

/** Lengths on both sides of every tier threshold, and the empty and one-byte strings. */
export const THRESHOLD_LENGTHS = Object.freeze([...new Set([
  0, 1,
  ...[BYTE_BY_BYTE_MAX, ASCII_SWITCH_MAX, ASCII_STOCK_MAX, NATIVE_DECODER_THRESHOLD].flatMap((n) => [n - 1, n, n + 1]),
])].sort((a, b) => a - b));

/**
 * The UTF-8 bytes of a scalar value (or of a surrogate, encoded the way UTF-8 forbids: ED A0–BF xx).
 * @param {number} codePoint
 * @returns {number[]}
 */
export function utf8Bytes(codePoint) {
  if (codePoint < 0x80) return [codePoint];
  if (codePoint < 0x800) return [0xc0 | (codePoint >> 6), 0x80 | (codePoint & 0x3f)];
  if (codePoint < 0x10000) return [0xe0 | (codePoint >> 12), 0x80 | ((codePoint >> 6) & 0x3f), 0x80 | (codePoint & 0x3f)];
  return [0xf0 | (codePoint >> 18), 0x80 | ((codePoint >> 12) & 0x3f), 0x80 | ((codePoint >> 6) & 0x3f), 0x80 | (codePoint & 0x3f)];
}

/**
 * A threshold length, drawn as an index so that shrinking walks down through
 * the smaller thresholds (a constantFrom would jump straight to the first).
 */
const thresholdLength = fc.integer({ min: 0, max: THRESHOLD_LENGTHS.length - 1 }).map((i) => THRESHOLD_LENGTHS[i]);

/** `length` ASCII bytes counting up from `first` (so NUL and 0x7F turn up): what an ASCII run is made of. */
export const countingAscii = (/** @type {number} */ length, /** @type {number} */ first) => Array.from({ length }, (_, i) => (first + i) % 0x80);

/**
 * countingAscii written into `bytes` at `offset`: its first 128 bytes, then
 * copies of what is there, doubling (the run repeats every 128 bytes), so
 * that a fill of megabytes costs a few copies, not a loop per byte.
 * @param {Uint8Array} bytes @param {number} offset @param {number} length @param {number} first
 */
function fillCounting(bytes, offset, length, first) {
  for (let i = 0; i < Math.min(length, 0x80); i++) bytes[offset + i] = (first + i) % 0x80;
  for (let done = 0x80; done < length; done *= 2) bytes.copyWithin(offset + done, offset, offset + Math.min(done, length - done));
}

/**
 * A run of ASCII bytes, of one of the threshold lengths or any up to 140.
 * @param {fc.Arbitrary<number>} lengthAtThreshold
 */
const asciiRunOf = (lengthAtThreshold) => fc
  .record({
    length: fc.oneof(lengthAtThreshold, fc.integer({ min: 0, max: 140 })),
    first: fc.integer({ min: 0, max: 0x7f }),
  })
  .map(({ length, first }) => countingAscii(length, first));

const asciiRun = asciiRunOf(thresholdLength);

const twoByte = fc.integer({ min: 0x80, max: 0x7ff }).map(utf8Bytes);
const threeByte = fc.oneof(fc.integer({ min: 0x800, max: 0xd7ff }), fc.integer({ min: 0xe000, max: 0xffff })).map(utf8Bytes);
/** Astral characters: four bytes in UTF-8, a surrogate pair in a JavaScript string. */
const fourByte = fc.oneof(fc.constant(0x1f600), fc.integer({ min: 0x10000, max: 0x10ffff })).map(utf8Bytes);

/** Byte sequences the UTF-8 decoder must turn into U+FFFD, one per maximal subpart. */
const malformed = fc.oneof(
  // a lone continuation byte
  fc.integer({ min: 0x80, max: 0xbf }).map((b) => [b]),
  // overlong forms: C0/C1 leads, E0 80–9F, F0 80–8F
  fc.constantFrom([0xc0, 0x80], [0xc1, 0xbf], [0xe0, 0x80, 0x80], [0xe0, 0x9f, 0xbf], [0xf0, 0x80, 0x80, 0x80], [0xf0, 0x8f, 0xbf, 0xbf]),
  // encoded surrogates (ED A0 80 is U+D800)
  fc.integer({ min: 0xd800, max: 0xdfff }).map(utf8Bytes),
  // above U+10FFFF
  fc.constantFrom([0xf4, 0x90, 0x80, 0x80], [0xf7, 0xbf, 0xbf, 0xbf]),
  // bytes that never occur: C0, C1, F5–FF
  fc.oneof(fc.constantFrom(0xc0, 0xc1), fc.integer({ min: 0xf5, max: 0xff })).map((b) => [b]),
  // a sequence cut short (at the end of a string or region when it is the last piece)
  fc.record({ codePoint: fc.integer({ min: 0x80, max: 0x10ffff }), keep: fc.nat() })
    .filter(({ codePoint }) => codePoint < 0xd800 || codePoint > 0xdfff)
    .map(({ codePoint, keep }) => {
      const bytes = utf8Bytes(codePoint);
      return bytes.slice(0, 1 + (keep % (bytes.length - 1)));
    }),
);

/** @param {fc.Arbitrary<number[]>} run  its ASCII runs */
const bytePieceOf = (run) => fc.oneof(
  { weight: 5, arbitrary: run },
  { weight: 2, arbitrary: twoByte },
  { weight: 2, arbitrary: threeByte },
  { weight: 2, arbitrary: fourByte },
  { weight: 3, arbitrary: malformed },
  { weight: 1, arbitrary: fc.constant([0xef, 0xbb, 0xbf]) },
  { weight: 1, arbitrary: fc.constant([0x00]) },
);

/** One piece of a region. */
export const bytePiece = bytePieceOf(asciiRun);

/** Bytes for a whole-input decoder: pieces one after another. */
export const utf8Input = fc.array(bytePiece, { maxLength: 10 }).map((pieces) => Uint8Array.from(pieces.flat()));

/**
 * Bytes for a decoder target (clonecheck decode): mostly UTF-8 pieces, and
 * now and then any bytes at all (a single-byte decoder's 0x80–0xFF are not
 * all among the pieces).
 */
export const decoderInput = fc.oneof({ weight: 3, arbitrary: utf8Input }, { weight: 1, arbitrary: fc.uint8Array({ maxLength: 32 }) });

/**
 * Bytes for a UTF-16 decoder: code units aimed at surrogates (lone, paired,
 * reversed) in either byte order, and an odd trailing byte now and then.
 */
export const utf16Input = fc
  .record({
    units: fc.array(fc.oneof(
      fc.integer({ min: 0, max: 0xffff }),
      fc.integer({ min: 0xd800, max: 0xdbff }),
      fc.integer({ min: 0xdc00, max: 0xdfff }),
      fc.constantFrom(0xfeff, 0x0041),
    ), { maxLength: 12 }),
    bigEndian: fc.boolean(),
    oddByte: fc.option(fc.integer({ min: 0, max: 255 })),
  })
  .map(({ units, bigEndian, oddByte }) => Uint8Array.from([
    ...units.flatMap((u) => (bigEndian ? [u >> 8, u & 0xff] : [u & 0xff, u >> 8])),
    ...(oddByte === null ? [] : [oddByte]),
  ]));

/** Where a pick puts its string in a region. */
const AIMS = /** @type {const} */ (['any', 'at-first-non-ascii', 'across-first-non-ascii', 'just-past-first-non-ascii', 'threshold-length']);
/** A module's picks may also aim at a threshold position: starting or ending near byte T of the buffer. */
const MODULE_AIMS = /** @type {const} */ ([...AIMS, 'around-threshold-position']);

/**
 * Sizes past which setup code that works in chunks changes course: 4 KB and
 * 64 KB chunks (a page; what one fromCharCode.apply call or one read is
 * given), met only by buffers past them. A decoder module's buffers grow
 * past them by weight (and past its declared thresholds).
 */
export const LARGE_SIZES = Object.freeze([4096, 65536]);
/** oxc's buffers hold whole source files: checker.ts is 2.9 MB. A module's buffers are this big now and then. */
const HUGE_SIZE = { min: 1 << 20, max: 3 << 20 };

/** How far an aimed pick reaches from the first non-ASCII byte: past every threshold length. */
const REACH = 80;

/**
 * Where the string tiers' and a module's picks aim: the lengths around the
 * reference's thresholds and the module's declared ones, and the positions
 * around the large sizes and the declared thresholds.
 * @typedef {{lengths: readonly number[], positions: readonly number[]}} Aims
 */

/** @type {Aims} */
const TIER_AIMS = Object.freeze({ lengths: THRESHOLD_LENGTHS, positions: [] });

/**
 * A string of the region [lo, hi) whose first non-ASCII byte is at `firstNonAscii` (hi if none).
 * Aimed picks clamp to the region instead of wrapping around it, so when
 * fast-check shrinks the bytes before the first non-ASCII byte, the string
 * stays where it was aimed and the case keeps failing while it shrinks.
 * @param {{aim: typeof MODULE_AIMS[number], a: number, b: number}} pick
 * @param {number} lo
 * @param {number} hi
 * @param {number} firstNonAscii
 * @param {Aims} aims
 * @returns {{pos: number, len: number}}
 */
function place({ aim, a, b }, lo, hi, firstNonAscii, aims) {
  const size = hi - lo;
  switch (aim) {
    case 'at-first-non-ascii':
      return { pos: firstNonAscii, len: Math.min(hi - firstNonAscii, b % REACH) };
    case 'across-first-non-ascii': {
      // Starts in the ASCII prefix (or at its end), ends past the first non-ASCII byte.
      const pos = Math.max(lo, firstNonAscii - (a % REACH));
      return { pos, len: Math.min(hi - pos, firstNonAscii - pos + 1 + (b % REACH)) };
    }
    case 'just-past-first-non-ascii': {
      const pos = Math.min(hi, firstNonAscii + 1 + (a % 3));
      return { pos, len: Math.min(hi - pos, b % REACH) };
    }
    case 'threshold-length': {
      const len = Math.min(size, aims.lengths[a % aims.lengths.length]);
      return { pos: lo + (b % (size - len + 1)), len };
    }
    case 'around-threshold-position': {
      // Starts within REACH of byte T, on either side, and ends before or past it.
      const at = aims.positions[b % aims.positions.length] ?? lo;
      const pos = Math.max(lo, Math.min(hi, at - REACH + (a % (2 * REACH))));
      return { pos, len: Math.min(hi - pos, Math.floor(b / aims.positions.length) % (2 * REACH)) };
    }
    default: {
      const pos = lo + (a % (size + 1));
      return { pos, len: b % (hi - pos + 1) };
    }
  }
}

/** @param {ArrayLike<number>} bytes @param {number} lo @param {number} hi */
function firstNonAsciiIn(bytes, lo, hi) {
  for (let i = lo; i < hi; i++) if (bytes[i] >= 0x80) return i;
  return hi;
}

/**
 * The preconditions a string decoder declares (a decoder:PATH module's
 * `preconditions` export, docs/strings.md), which the generator respects.
 * @typedef {object} StringPreconditions
 * @property {boolean} crossesSourceEnd  a string may cross the end of the source region (false: as
 *   the string tiers' STRING_PRECONDITIONS say, it lies inside one region)
 */

/** What the string tiers require (src/encoding/tiers/index.js STRING_PRECONDITIONS). */
export const TIER_PRECONDITIONS = Object.freeze({ crossesSourceEnd: false });

/**
 * A length near one of `sizes`: within REACH of it on either side, so that
 * shrinking (toward the size itself) keeps a bug that needs it.
 * @param {readonly number[]} sizes
 */
const nearOneOf = (sizes) => fc.record({ i: fc.nat(sizes.length - 1), off: fc.integer({ min: -REACH, max: REACH }) })
  .map(({ i, off }) => Math.max(0, sizes[i] + off));

/** How often a module's buffer gets each fill, out of their sum. */
const FILL_WEIGHTS = Object.freeze({ none: 1600, past4K: 160, past64K: 40, declared: 160, huge: 1 });

/**
 * A module's fill: an ASCII run that makes a region large, put at the
 * source's start (a long ASCII prefix), after its pieces, or in the strings
 * region. Mostly none (a case then costs what it did); past 4 KB or 64 KB
 * or a declared threshold by weight; a few MB rarely: the oracle decodes a
 * string of megabytes step by step, and at 1 buffer in 500 that was most
 * of a run's time (FILL_WEIGHTS).
 * @param {readonly number[]} thresholds  the module's declared ones
 */
const fillOf = (thresholds) => fc.record({
  length: fc.oneof(
    { weight: FILL_WEIGHTS.none, arbitrary: fc.constant(0) },
    { weight: FILL_WEIGHTS.past4K, arbitrary: nearOneOf(LARGE_SIZES.slice(0, 1)) },
    { weight: FILL_WEIGHTS.past64K, arbitrary: nearOneOf(LARGE_SIZES.slice(1)) },
    ...(thresholds.length === 0 ? [] : [{ weight: FILL_WEIGHTS.declared, arbitrary: nearOneOf(thresholds) }]),
    { weight: FILL_WEIGHTS.huge, arbitrary: fc.integer(HUGE_SIZE) },
  ),
  at: fc.constantFrom('prefix', 'source', 'strings'),
  first: fc.integer({ min: 0, max: 0x7f }),
});

/**
 * What a decoder module declares for its cases besides preconditions: the
 * lengths and positions where it changes course (a `thresholds` export).
 * @typedef {{thresholds: readonly number[]}} ModuleAims
 */

/**
 * Buffers with a source region (an ASCII prefix, then pieces) and a strings
 * region (pieces), and the strings a deserializer would decode from them.
 * Where strings may cross the source end, a pick may also take the whole
 * buffer, aimed at, across and just past the source end. A decoder module's
 * buffers (`module` given) also get a fill (fillOf: past 4 KB, 64 KB, its
 * thresholds, a few MB), pieces and picks of its thresholds' lengths, and
 * picks around its thresholds' and the large sizes' positions; the string
 * tiers' (no `module`) stay what they were for a seed.
 * @param {StringPreconditions} [preconditions]
 * @param {ModuleAims} [module]
 * @returns {fc.Arbitrary<import('../../src/encoding/tiers/selfcheck.js').StringCase>}
 */
export function stringBufferCases({ crossesSourceEnd } = TIER_PRECONDITIONS, module = undefined) {
  const thresholds = module?.thresholds ?? [];
  /** @type {Aims} */
  const aims = module === undefined ? TIER_AIMS : {
    lengths: [...new Set([...THRESHOLD_LENGTHS, ...thresholds.flatMap((n) => [n - 1, n, n + 1])])].sort((a, b) => a - b),
    positions: [...new Set([...LARGE_SIZES, ...thresholds])].sort((a, b) => a - b),
  };
  const run = module === undefined ? asciiRun : asciiRunOf(fc.nat(aims.lengths.length - 1).map((i) => aims.lengths[i]));
  const piece = module === undefined ? bytePiece : bytePieceOf(run);
  return fc
    .record({
      prefix: run,
      source: fc.array(piece, { maxLength: 6 }),
      rest: fc.array(piece, { maxLength: 6 }),
      ...(module === undefined ? {} : { fill: fillOf(thresholds) }),
      picks: fc.array(fc.record({
        inSource: fc.boolean(),
        // Only drawn where crossing is allowed, so the tiers' cases stay what they were for a seed.
        ...(crossesSourceEnd ? { whole: fc.boolean() } : {}),
        aim: fc.constantFrom(...(module === undefined ? AIMS : MODULE_AIMS)),
        a: fc.nat(),
        b: fc.nat(),
      }), { minLength: 1, maxLength: 8 }),
    })
    .map(({ prefix, source, rest, fill, picks }) => {
      // Laid out straight into the buffer: a fill of megabytes as a list of numbers first costs more than the case.
      const parts = [fill?.at === 'prefix' ? fill : prefix, fill?.at === 'prefix' ? prefix : [], ...source, fill?.at === 'source' ? fill : [],
        fill?.at === 'strings' ? fill : [], ...rest];
      const sizeOf = (/** @type {number[] | {length: number}} */ part) => part.length;
      const sourceEnd = parts.slice(0, 3 + source.length).reduce((n, part) => n + sizeOf(part), 0);
      const bytes = new Uint8Array(parts.reduce((n, part) => n + sizeOf(part), 0));
      let offset = 0;
      for (const part of parts) {
        if (Array.isArray(part)) bytes.set(part, offset);
        else fillCounting(bytes, offset, part.length, /** @type {{first: number}} */ (part).first);
        offset += part.length;
      }
      const strings = picks.map((pick) => {
        // The whole buffer, aimed at the source end as the regions' picks are at their first non-ASCII byte.
        if (pick.whole) return place(pick, 0, bytes.length, sourceEnd, aims);
        const [lo, hi] = pick.inSource ? [0, sourceEnd] : [sourceEnd, bytes.length];
        return place(pick, lo, hi, firstNonAsciiIn(bytes, lo, hi), aims);
      });
      for (const { pos, len } of strings) {
        const violation = preconditionViolation({ bytes, sourceEnd }, pos, len);
        if (violation !== undefined && !(crossesSourceEnd && violation === 'crosses-source-end')) {
          throw new Error(`stringBufferCase made a string that breaks a precondition: (${pos}, ${len}) ${violation}`);
        }
      }
      return { bytes, sourceEnd, strings };
    });
}

/**
 * The buffers the string tiers take: every string inside one region.
 * @type {fc.Arbitrary<import('../../src/encoding/tiers/selfcheck.js').StringCase>}
 */
export const stringBufferCase = stringBufferCases();
