// Exact, lossless text for strings and byte runs in observations.
//
// Strings are kept code unit for code unit (lone surrogates included); the
// JSON writer below escapes every code unit outside printable ASCII, so an
// observation survives any transport and JSON round trip unchanged. Strings
// and byte runs longer than LONG_THRESHOLD are summarized by length, a hash
// and both ends: still exact enough to tell any two values apart in practice,
// without megabytes of observation per case.

import {
  MapCtor, MapPrototypeClear, MapPrototypeGet, MapPrototypeSet, MapPrototypeSize, MathImul, StringFromCharCode, StringPrototypeCharCodeAt, StringPrototypeIncludes, StringPrototypeSlice,
} from '../primordials/intrinsics.js';

/** Strings (code units) and byte runs (bytes) longer than this are summarized. */
export const LONG_THRESHOLD = 256;
/** How many code units / bytes a summary keeps from each end. */
export const EDGE_LENGTH = 16;

/**
 * @typedef {object} Summary  a long string or byte run
 * @property {number} length  code units or bytes
 * @property {string} hash  16 hex digits (see `hashString`)
 * @property {string} head  the first EDGE_LENGTH code units, or their bytes in hex
 * @property {string} tail  the last EDGE_LENGTH code units, or their bytes in hex
 */

/**
 * @param {number} n
 * @returns {string} the lowercase hex digit of n (0–15)
 */
function hexDigit(n) {
  return StringFromCharCode(n < 10 ? 48 + n : 87 + n);
}

/**
 * @param {number} n a non-negative integer below 2 ** (4 * width)
 * @param {number} width
 * @returns {string} n in lowercase hex, zero-padded to width digits
 */
export function hex(n, width) {
  let text = '';
  for (let i = 0; i < width; i++) {
    text = hexDigit(n % 16) + text;
    n = (n - (n % 16)) / 16;
  }
  return text;
}

/** FNV-1a's 32-bit offset basis and prime. */
const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

/**
 * A 64-bit hash of a string's 16-bit code units, as 16 hex digits: 32-bit
 * FNV-1a over the little-endian bytes, next to a 32-bit djb2-xor. Not
 * cryptographic: it only has to tell honest values apart. `hashBytes` is the
 * same hash of units that are bytes (each high byte 0). Two loops, not one
 * over a `unitAt(i)` callback: a long buffer or string is hashed by each of a
 * case's six walks, and the callback and the FNV multiply written as shifts
 * cost 5.3 ms per MB of buffer (now 1.2; the same hashes).
 * @param {string} string
 * @returns {string}
 */
function hashString(string) {
  const length = string.length;
  let fnv = FNV_OFFSET;
  let djb = 5381;
  for (let i = 0; i < length; i++) {
    const unit = StringPrototypeCharCodeAt(string, i);
    fnv = MathImul(MathImul(fnv ^ (unit & 0xff), FNV_PRIME) ^ (unit >>> 8), FNV_PRIME);
    djb = (((djb << 5) + djb) ^ unit) >>> 0;
  }
  return hex(fnv >>> 0, 8) + hex(djb, 8);
}

/**
 * `hashString`'s hash of a byte run, each byte a unit.
 * @param {Uint8Array} bytes
 * @param {number} length
 * @returns {string}
 */
function hashBytes(bytes, length) {
  let fnv = FNV_OFFSET;
  let djb = 5381;
  for (let i = 0; i < length; i++) {
    const unit = bytes[i];
    // The unit's high byte is 0: xor-ing it in changes nothing, the multiply stays.
    fnv = MathImul(MathImul(fnv ^ unit, FNV_PRIME), FNV_PRIME);
    djb = (((djb << 5) + djb) ^ unit) >>> 0;
  }
  return hex(fnv >>> 0, 8) + hex(djb, 8);
}

/**
 * @typedef {{type: 'string', value: string} | ({type: 'string'} & Summary)} StringObservation
 */

/**
 * The hashes of the long strings hashed lately, by string. A case meets the
 * same long strings in each of its six walks (the input before and after,
 * the clone, on each side: built twice and cloned, with the same code
 * units), often several of them in turn (a long key and a long value). A
 * Map finds an equal string natively (V8 hashes a string once, and one
 * longer than 16,383 units by its length only), far faster than the hash's
 * loop (~2.5 ms for a million units), and the hash depends on nothing but
 * the units. Cleared when it holds HASHED_KEPT strings, so that it keeps no
 * more than a few cases' strings alive.
 * @type {Map<string, string>}
 */
const hashed = new MapCtor();
const HASHED_KEPT = 64;

/**
 * @param {string} string
 * @returns {string} hashString(string)
 */
function hashOfLong(string) {
  // Read a unit first, as the hash's loop does: a rope is flattened the
  // same whether its hash is found or made (engines flatten a rope on a
  // read by index; a Map lookup may not).
  StringPrototypeCharCodeAt(string, 0);
  let hash = MapPrototypeGet(hashed, string);
  if (hash === undefined) {
    if (MapPrototypeSize(hashed) >= HASHED_KEPT) MapPrototypeClear(hashed);
    hash = hashString(string);
    MapPrototypeSet(hashed, string, hash);
  }
  return hash;
}

/**
 * @param {string} string
 * @returns {StringObservation}
 */
export function observeString(string) {
  const length = string.length;
  if (length <= LONG_THRESHOLD) return { type: /** @type {const} */ ('string'), value: string };
  return {
    type: /** @type {const} */ ('string'),
    length,
    hash: hashOfLong(string),
    head: StringPrototypeSlice(string, 0, EDGE_LENGTH),
    tail: StringPrototypeSlice(string, length - EDGE_LENGTH),
  };
}

/**
 * @param {Uint8Array} bytes
 * @param {number} from
 * @param {number} to
 * @returns {string} bytes[from, to) in hex, two digits each
 */
function bytesToHex(bytes, from, to) {
  let text = '';
  for (let i = from; i < to; i++) text += hex(bytes[i], 2);
  return text;
}

/**
 * The bytes of a buffer: hex when short, a Summary when long.
 * @param {Uint8Array} bytes a captured Uint8Array over the buffer (never the program's own view)
 * @param {number} length
 * @returns {string | Summary}
 */
export function observeBytes(bytes, length) {
  if (length <= LONG_THRESHOLD) return bytesToHex(bytes, 0, length);
  return {
    length,
    hash: hashBytes(bytes, length),
    head: bytesToHex(bytes, 0, EDGE_LENGTH),
    tail: bytesToHex(bytes, length - EDGE_LENGTH, length),
  };
}

/**
 * A JSON string literal that names every code unit outside printable ASCII
 * with a \uXXXX escape: pure ASCII output, lossless for lone surrogates.
 * @param {string} string
 * @returns {string}
 */
export function quoteJSONString(string) {
  let text = '"';
  for (let i = 0; i < string.length; i++) {
    const unit = StringPrototypeCharCodeAt(string, i);
    if (unit === 0x22) text += '\\"';
    else if (unit === 0x5c) text += '\\\\';
    else if (unit >= 0x20 && unit <= 0x7e) text += StringFromCharCode(unit);
    else text += '\\u' + hex(unit, 4);
  }
  return text + '"';
}

/**
 * @param {string} string
 * @param {string} prefix
 * @returns {boolean}
 */
export function startsWith(string, prefix) {
  return StringPrototypeSlice(string, 0, prefix.length) === prefix;
}

/**
 * @param {string} string
 * @param {string} part
 * @returns {boolean}
 */
export function includes(string, part) {
  return StringPrototypeIncludes(string, part);
}

/**
 * @param {string} key
 * @returns {boolean} whether key can follow a dot, in a path or in JavaScript (an ASCII identifier)
 */
export function isIdentifier(key) {
  if (key.length === 0) return false;
  for (let i = 0; i < key.length; i++) {
    const unit = StringPrototypeCharCodeAt(key, i);
    const letter = (unit >= 0x41 && unit <= 0x5a) || (unit >= 0x61 && unit <= 0x7a) || unit === 0x5f || unit === 0x24;
    if (!letter && !(i > 0 && unit >= 0x30 && unit <= 0x39)) return false;
  }
  return true;
}
