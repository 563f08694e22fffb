// The decoding cases of wpt/encoding/: bytes and the code units the WHATWG
// Encoding Standard says a decoder gives for them, written out, each citing
// the step that decides it. A classic script evaluated before the test
// file (`// META: script=resources/decoding-cases.js`): `var` and function
// declarations are its globals. test/encoding-wpt.unit.test.js holds every entry
// to the step-by-step oracle in src/encoding/, so a typo here is a failing
// unit test, not a false finding on a runtime.

/** The code units of a string, as numbers: what the assertions compare (a difference names its place and unit). */
function code_units(string) {
  var units = [];
  for (var i = 0; i < string.length; i++) units.push(string.charCodeAt(i));
  return units;
}

/** A Uint8Array of the given bytes. */
function bytes_of(list) {
  return new Uint8Array(list);
}

var REPLACEMENT = 0xfffd;

/**
 * UTF-8, decoded by `new TextDecoder()` (BOM dropped). `fatal`: the fatal
 * decoder throws a TypeError (TextDecoder's decode(): the fatal error mode
 * makes "process an item" step 7 return the error, and decode() throws);
 * else it returns the same units. One U+FFFD per maximal subpart: the UTF-8
 * decoder narrows the second byte's range after E0, ED, F0 and F4 (step 3)
 * and on a byte outside it returns error and restores that byte to the queue
 * (step 4.2), where it is decoded afresh. Step numbers are those of
 * src/encoding/steps.js.
 */
var UTF8_CASES = [
  { name: 'ASCII', bytes: [0x41, 0x00, 0x7f], units: [0x41, 0x00, 0x7f], fatal: false, step: 'UTF-8 decoder step 3 (0x00 to 0x7F)' },
  { name: 'a 2-byte character', bytes: [0xc3, 0xa9], units: [0xe9], fatal: false, step: 'UTF-8 decoder step 3 (0xC2 to 0xDF)' },
  { name: 'a 3-byte character', bytes: [0xe2, 0x82, 0xac], units: [0x20ac], fatal: false, step: 'UTF-8 decoder step 3 (0xE1 to 0xEC)' },
  { name: 'the last code point before the surrogates', bytes: [0xed, 0x9f, 0xbf], units: [0xd7ff], fatal: false, step: 'UTF-8 decoder step 3 (0xED: upper boundary 0x9F)' },
  { name: 'the first code point after the surrogates', bytes: [0xee, 0x80, 0x80], units: [0xe000], fatal: false, step: 'UTF-8 decoder step 3' },
  { name: 'U+FFFF', bytes: [0xef, 0xbf, 0xbf], units: [0xffff], fatal: false, step: 'UTF-8 decoder step 3' },
  { name: 'an astral character becomes a surrogate pair', bytes: [0xf0, 0x9f, 0x98, 0x80], units: [0xd83d, 0xde00], fatal: false, step: 'UTF-8 decoder step 11; the scalar value queue to string (surrogate pair)' },
  { name: 'U+10000, the first astral code point', bytes: [0xf0, 0x90, 0x80, 0x80], units: [0xd800, 0xdc00], fatal: false, step: 'UTF-8 decoder step 3 (0xF0: lower boundary 0x90)' },
  { name: 'U+10FFFF, the last code point', bytes: [0xf4, 0x8f, 0xbf, 0xbf], units: [0xdbff, 0xdfff], fatal: false, step: 'UTF-8 decoder step 3 (0xF4: upper boundary 0x8F)' },
  { name: 'a lone continuation byte', bytes: [0x80], units: [REPLACEMENT], fatal: true, step: 'UTF-8 decoder step 3 (otherwise: error)' },
  { name: 'two lone continuation bytes, one U+FFFD each', bytes: [0x80, 0xbf], units: [REPLACEMENT, REPLACEMENT], fatal: true, step: 'UTF-8 decoder step 3' },
  { name: 'a lone continuation byte between ASCII', bytes: [0x61, 0xbf, 0x62], units: [0x61, REPLACEMENT, 0x62], fatal: true, step: 'UTF-8 decoder step 3' },
  { name: 'overlong 2-byte C0 80 (NUL)', bytes: [0xc0, 0x80], units: [REPLACEMENT, REPLACEMENT], fatal: true, step: 'UTF-8 decoder step 3 (C0 is no lead byte)' },
  { name: 'overlong 2-byte C1 BF', bytes: [0xc1, 0xbf], units: [REPLACEMENT, REPLACEMENT], fatal: true, step: 'UTF-8 decoder step 3 (C1 is no lead byte)' },
  { name: 'overlong 3-byte E0 80 80', bytes: [0xe0, 0x80, 0x80], units: [REPLACEMENT, REPLACEMENT, REPLACEMENT], fatal: true, step: 'UTF-8 decoder steps 3 (E0: lower boundary A0) and 4.2 (80 restored to the queue)' },
  { name: 'overlong 3-byte E0 9F BF', bytes: [0xe0, 0x9f, 0xbf], units: [REPLACEMENT, REPLACEMENT, REPLACEMENT], fatal: true, step: 'UTF-8 decoder steps 3 and 4.2' },
  { name: 'overlong 4-byte F0 8F BF BF', bytes: [0xf0, 0x8f, 0xbf, 0xbf], units: [REPLACEMENT, REPLACEMENT, REPLACEMENT, REPLACEMENT], fatal: true, step: 'UTF-8 decoder steps 3 (F0: lower boundary 90) and 4.2' },
  { name: 'an encoded surrogate ED A0 80 (U+D800)', bytes: [0xed, 0xa0, 0x80], units: [REPLACEMENT, REPLACEMENT, REPLACEMENT], fatal: true, step: 'UTF-8 decoder steps 3 (ED: upper boundary 9F) and 4.2' },
  { name: 'an encoded surrogate pair ED A0 BD ED B8 80', bytes: [0xed, 0xa0, 0xbd, 0xed, 0xb8, 0x80], units: [REPLACEMENT, REPLACEMENT, REPLACEMENT, REPLACEMENT, REPLACEMENT, REPLACEMENT], fatal: true, step: 'UTF-8 decoder steps 3 and 4.2' },
  { name: 'above U+10FFFF: F4 90 80 80', bytes: [0xf4, 0x90, 0x80, 0x80], units: [REPLACEMENT, REPLACEMENT, REPLACEMENT, REPLACEMENT], fatal: true, step: 'UTF-8 decoder steps 3 (F4: upper boundary 8F) and 4.2' },
  { name: 'F5 is no lead byte', bytes: [0xf5, 0x80, 0x80, 0x80], units: [REPLACEMENT, REPLACEMENT, REPLACEMENT, REPLACEMENT], fatal: true, step: 'UTF-8 decoder step 3 (otherwise: error)' },
  { name: 'FE and FF', bytes: [0xfe, 0xff], units: [REPLACEMENT, REPLACEMENT], fatal: true, step: 'UTF-8 decoder step 3' },
  { name: 'a 5-byte form F8 88 80 80 80', bytes: [0xf8, 0x88, 0x80, 0x80, 0x80], units: [REPLACEMENT, REPLACEMENT, REPLACEMENT, REPLACEMENT, REPLACEMENT], fatal: true, step: 'UTF-8 decoder step 3' },
  { name: 'a 2-byte sequence cut short at the end', bytes: [0x61, 0xc3], units: [0x61, REPLACEMENT], fatal: true, step: 'UTF-8 decoder step 1 (end of queue with bytes needed: error)' },
  { name: 'a 3-byte sequence cut short at the end: one U+FFFD', bytes: [0xe2, 0x82], units: [REPLACEMENT], fatal: true, step: 'UTF-8 decoder step 1' },
  { name: 'a 4-byte sequence cut short at the end: one U+FFFD', bytes: [0xf0, 0x9f, 0x98], units: [REPLACEMENT], fatal: true, step: 'UTF-8 decoder step 1' },
  { name: 'a 3-byte sequence cut short by ASCII', bytes: [0xe2, 0x82, 0x41], units: [REPLACEMENT, 0x41], fatal: true, step: 'UTF-8 decoder step 4.2 (the ASCII byte restored to the queue)' },
  { name: 'a 4-byte sequence cut short by a lead byte', bytes: [0xf0, 0x9f, 0xc3, 0xa9], units: [REPLACEMENT, 0xe9], fatal: true, step: 'UTF-8 decoder step 4.2' },
  { name: 'a truncated sequence, then a lone continuation byte', bytes: [0xe2, 0x82, 0xac, 0xac], units: [0x20ac, REPLACEMENT], fatal: true, step: 'UTF-8 decoder step 3' },
  { name: 'a BOM is dropped', bytes: [0xef, 0xbb, 0xbf, 0x41], units: [0x41], fatal: false, step: "TextDecoder's serialize I/O queue: the first U+FEFF, ignoreBOM false" },
  { name: 'only the first BOM is dropped', bytes: [0xef, 0xbb, 0xbf, 0xef, 0xbb, 0xbf], units: [0xfeff], fatal: false, step: "serialize I/O queue: the BOM seen flag is set by the first item" },
  { name: 'a BOM after the first character is kept', bytes: [0x41, 0xef, 0xbb, 0xbf], units: [0x41, 0xfeff], fatal: false, step: "serialize I/O queue: the BOM seen flag is set by the first item" },
  { name: 'a BOM cut short is one U+FFFD', bytes: [0xef, 0xbb], units: [REPLACEMENT], fatal: true, step: 'UTF-8 decoder step 1' },
];

/**
 * Streaming: bytes decoded in pieces with {stream: true}, then decode() to
 * flush; the result is the one-shot decode (TextDecoder's decode(): with
 * do not flush set, the I/O queue keeps what a piece left unfinished, so a sequence split
 * across calls is one character, and an error is reported once).
 */
var UTF8_STREAM_CASES = [
  { name: 'an astral character', bytes: [0x61, 0xf0, 0x9f, 0x98, 0x80, 0x62], units: [0x61, 0xd83d, 0xde00, 0x62] },
  { name: 'a 3-byte character', bytes: [0xe2, 0x82, 0xac], units: [0x20ac] },
  { name: 'a BOM', bytes: [0xef, 0xbb, 0xbf, 0x41], units: [0x41] },
  { name: 'a truncated sequence then ASCII', bytes: [0xf0, 0x9f, 0x98, 0x41], units: [REPLACEMENT, 0x41] },
  { name: 'an encoded surrogate', bytes: [0xed, 0xa0, 0x80], units: [REPLACEMENT, REPLACEMENT, REPLACEMENT] },
];

/**
 * Streaming in given pieces (each decoded with {stream: true}, then decode()
 * to flush), for the BOM: the BOM seen flag is set by the first item the
 * decoder yields, whichever call yields it, so only a BOM that is the first
 * item of the whole stream is dropped. The result is the one-shot decode of
 * the pieces together.
 */
var STREAM_CHUNK_CASES = [
  { name: 'three BOMs, one per call: the first is dropped', encoding: 'utf-8', chunks: [[0xef, 0xbb, 0xbf], [0xef, 0xbb, 0xbf], [0xef, 0xbb, 0xbf]], units: [0xfeff, 0xfeff] },
  { name: 'a BOM split 1 + 2 and nothing else', encoding: 'utf-8', chunks: [[0xef], [0xbb, 0xbf]], units: [] },
  { name: 'a BOM split 2 + 1, then a BOM whole', encoding: 'utf-8', chunks: [[0xef, 0xbb], [0xbf], [0xef, 0xbb, 0xbf]], units: [0xfeff] },
  { name: 'an empty first call, then a BOM', encoding: 'utf-8', chunks: [[], [0xef, 0xbb, 0xbf, 0x41]], units: [0x41] },
  { name: 'a BOM split 1 + 1, then ASCII', encoding: 'utf-16le', chunks: [[0xff], [0xfe, 0x41, 0x00]], units: [0x41] },
  { name: 'two BOMs, one per call: the first is dropped', encoding: 'utf-16le', chunks: [[0xff, 0xfe], [0xff, 0xfe]], units: [0xfeff] },
  { name: 'a BOM split 1 + 1, then a BOM whole', encoding: 'utf-16be', chunks: [[0xfe], [0xff, 0xfe, 0xff]], units: [0xfeff] },
];

/**
 * windows-1252's index for bytes 0x80 to 0x9F (Encoding, index-windows-1252.txt):
 * the single-byte decoder (step 3) maps a byte of 0x80 or more
 * to the index's code point at pointer byte − 0x80; every other byte is itself.
 */
var WINDOWS_1252_C1 = [
  0x20ac, 0x0081, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0x008d, 0x017d, 0x008f,
  0x0090, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x02dc, 0x2122, 0x0161, 0x203a, 0x0153, 0x009d, 0x017e, 0x0178,
];

/** The labels of windows-1252 that people write for Latin-1 and ASCII (Encoding section 4.2, "Names and labels"). */
var WINDOWS_1252_LABELS = ['latin1', 'iso-8859-1', 'ascii', 'us-ascii', 'l1', 'iso_8859-1', 'windows-1252', 'cp1252'];

/**
 * UTF-16LE and UTF-16BE, decoded by `new TextDecoder(encoding)`: a BOM of
 * the decoder's own byte order is dropped (serialize I/O queue);
 * the other order's is U+FFFE. The shared UTF-16 decoder: an unpaired
 * surrogate is an error (steps 6.7 and 8), an odd byte or a leading surrogate
 * at the end of the queue an error (step 1).
 */
var UTF16_CASES = [
  { name: 'ASCII', encoding: 'utf-16le', bytes: [0x41, 0x00, 0x42, 0x00], units: [0x41, 0x42], fatal: false, step: 'shared UTF-16 decoder step 9' },
  { name: 'ASCII', encoding: 'utf-16be', bytes: [0x00, 0x41, 0x00, 0x42], units: [0x41, 0x42], fatal: false, step: 'shared UTF-16 decoder step 9' },
  { name: 'a BOM is dropped', encoding: 'utf-16le', bytes: [0xff, 0xfe, 0x41, 0x00], units: [0x41], fatal: false, step: "serialize I/O queue: the first U+FEFF, ignoreBOM false" },
  { name: 'a BOM is dropped', encoding: 'utf-16be', bytes: [0xfe, 0xff, 0x00, 0x41], units: [0x41], fatal: false, step: "serialize I/O queue: the first U+FEFF, ignoreBOM false" },
  { name: 'the other byte order\'s BOM is U+FFFE', encoding: 'utf-16le', bytes: [0xfe, 0xff, 0x41, 0x00], units: [0xfffe, 0x41], fatal: false, step: 'shared UTF-16 decoder step 9' },
  { name: 'the other byte order\'s BOM is U+FFFE', encoding: 'utf-16be', bytes: [0xff, 0xfe, 0x00, 0x41], units: [0xfffe, 0x41], fatal: false, step: 'shared UTF-16 decoder step 9' },
  { name: 'a surrogate pair', encoding: 'utf-16le', bytes: [0x3d, 0xd8, 0x00, 0xde], units: [0xd83d, 0xde00], fatal: false, step: 'shared UTF-16 decoder step 6.3' },
  { name: 'a surrogate pair', encoding: 'utf-16be', bytes: [0xd8, 0x3d, 0xde, 0x00], units: [0xd83d, 0xde00], fatal: false, step: 'shared UTF-16 decoder step 6.3' },
  { name: 'a lone high surrogate before ASCII', encoding: 'utf-16le', bytes: [0x00, 0xd8, 0x41, 0x00], units: [REPLACEMENT, 0x41], fatal: true, step: 'shared UTF-16 decoder steps 6.4-6.7 (the code unit restored to the queue)' },
  { name: 'a lone low surrogate', encoding: 'utf-16be', bytes: [0xdc, 0x00, 0x00, 0x41], units: [REPLACEMENT, 0x41], fatal: true, step: 'shared UTF-16 decoder step 8' },
  { name: 'a high surrogate at the end', encoding: 'utf-16le', bytes: [0x41, 0x00, 0x3d, 0xd8], units: [0x41, REPLACEMENT], fatal: true, step: 'shared UTF-16 decoder step 1' },
  { name: 'an odd byte at the end', encoding: 'utf-16be', bytes: [0x00, 0x41, 0x42], units: [0x41, REPLACEMENT], fatal: true, step: 'shared UTF-16 decoder step 1' },
];
