// The one place that says which revision of the WHATWG Encoding Standard the
// step numbers in src/encoding/ refer to, and which steps each algorithm has
// there (the same scheme as src/html/steps.js: code cites an algorithm by its
// link, then its steps by these numbers; test/citations.unit.test.js holds every
// citation to this table).
//
// Numbering: a sub-list is numbered under its parent ("UTF-8 decoder step
// 4.2"). The decoders' "based on byte" switches hold one short list per case;
// those are cited as the parent with the case ("UTF-8 decoder step 3, 0xE0 to
// 0xEF") and are not numbered here. The summaries are ours, not the standard's.

/** The revision of the Encoding Standard the numbers below come from. */
export const ENCODING_REVISION = Object.freeze({
  standard: 'Encoding Living Standard',
  url: 'https://encoding.spec.whatwg.org/',
  // The June 2025 Review Draft (whatwg/encoding review-drafts/2025-06.bs):
  // "process a queue" / "process an item", I/O queues with "restore".
  snapshot: 'Review Draft 2025-06',
  checked: '2026-11-27',
});

/** @type {Readonly<Record<string, import('../html/steps.js').Algorithm>>} the same shape as HTML's table */
export const ENCODING_ALGORITHMS = Object.freeze({
  'I/O queue read': algorithm('https://encoding.spec.whatwg.org/#concept-stream-read', {
    1: 'an empty queue waits for an item',
    2: 'end-of-queue is returned and stays in the queue',
    3: 'otherwise the first item is removed and returned',
  }),
  'I/O queue restore': algorithm('https://encoding.spec.whatwg.org/#concept-stream-prepend', {}),
  'process a queue': algorithm('https://encoding.spec.whatwg.org/#concept-encoding-run', {
    1: 'while true',
    '1.1': 'result is processing an item with the next item read from input',
    '1.2': 'anything but continue is returned',
  }),
  'process an item': algorithm('https://encoding.spec.whatwg.org/#concept-encoding-process', {
    1: 'assert: an encoder never runs in replacement mode',
    2: 'assert: a decoder never runs in html mode',
    3: 'assert: an encoder is never given a surrogate',
    4: 'result is the handler run on input and item',
    5: 'finished',
    '5.1': 'end-of-queue is pushed to output',
    '5.2': 'finished is returned',
    6: 'one or more items',
    '6.1': 'assert: a decoder never yields a surrogate',
    '6.2': 'the items are pushed to output',
    7: 'error: replacement pushes U+FFFD, html pushes a character reference, fatal returns the error',
    8: 'return continue',
  }),
  'UTF-8 decoder': algorithm('https://encoding.spec.whatwg.org/#utf-8-decoder', {
    1: 'end-of-queue in the middle of a sequence: bytes needed back to 0, error',
    2: 'end-of-queue otherwise: finished',
    3: 'no sequence open: ASCII is a code point; C2–DF, E0–EF, F0–F4 open a sequence (E0, ED, F0, F4 narrow the next byte\'s range); any other byte is an error',
    4: 'a byte outside the lower/upper boundary',
    '4.1': 'the whole state is reset',
    '4.2': 'the byte is restored to the queue',
    '4.3': 'error',
    5: 'the boundaries go back to 0x80–0xBF',
    6: 'the code point takes the byte\'s six low bits',
    7: 'bytes seen increases',
    8: 'not complete yet: continue',
    9: 'codePoint is the UTF-8 code point',
    10: 'the code point, bytes needed and bytes seen go back to 0',
    11: 'return the code point',
  }),
  'shared UTF-16 decoder': algorithm('https://encoding.spec.whatwg.org/#shared-utf-16-decoder', {
    1: 'end-of-queue with a leading byte or surrogate pending: both cleared, error',
    2: 'end-of-queue otherwise: finished',
    3: 'no leading byte yet: it is kept, continue',
    4: 'codeUnit from the two bytes, in the decoder\'s byte order',
    5: 'the leading byte is cleared',
    6: 'a leading surrogate is pending',
    '6.1': 'leadingSurrogate is the pending one',
    '6.2': 'the pending surrogate is cleared',
    '6.3': 'a trailing surrogate completes the pair',
    '6.4': 'byte1 is the code unit\'s high byte',
    '6.5': 'byte2 is its low byte',
    '6.6': 'the two bytes in the decoder\'s byte order',
    '6.7': 'they are restored to the queue, error',
    7: 'a leading surrogate is kept, continue',
    8: 'a lone trailing surrogate is an error',
    9: 'return the code unit as a code point',
  }),
  'single-byte decoder': algorithm('https://encoding.spec.whatwg.org/#single-byte-decoder', {
    1: 'end-of-queue: finished',
    2: 'an ASCII byte is its own code point',
    3: 'codePoint is the index code point for byte − 0x80',
    4: 'no entry: error',
    5: 'return codePoint',
  }),
  'UTF-8 decode': algorithm('https://encoding.spec.whatwg.org/#utf-8-decode', {
    1: 'buffer is the first three bytes, peeked',
    2: 'EF BB BF is read and dropped',
    3: 'process a queue with a UTF-8 decoder in replacement mode',
    4: 'return output',
  }),
  'UTF-8 decode without BOM': algorithm('https://encoding.spec.whatwg.org/#utf-8-decode-without-bom', {
    1: 'process a queue with a UTF-8 decoder in replacement mode',
    2: 'return output',
  }),
  'UTF-8 decode without BOM or fail': algorithm('https://encoding.spec.whatwg.org/#utf-8-decode-without-bom-or-fail', {
    1: 'potentialError is processing a queue with a UTF-8 decoder in fatal mode',
    2: 'an error: failure',
    3: 'return output',
  }),
  decode: algorithm('https://encoding.spec.whatwg.org/#decode', {
    1: 'BOMEncoding is the result of BOM sniffing',
    2: 'a BOM was found',
    '2.1': 'it overrides the fallback encoding',
    '2.2': 'its three (UTF-8) or two (UTF-16) bytes are read and dropped',
    3: 'process a queue with the encoding\'s decoder in replacement mode',
    4: 'return output',
  }),
  'BOM sniff': algorithm('https://encoding.spec.whatwg.org/#bom-sniff', {
    1: 'BOM is the first three bytes, peeked',
    2: 'EF BB BF is UTF-8, FE FF UTF-16BE, FF FE UTF-16LE, else null',
  }),
  // The Infra Standard's definition is one sentence, not a list of steps.
  'isomorphic decode': algorithm('https://infra.spec.whatwg.org/#isomorphic-decode', {}),
});

/**
 * @param {string} url
 * @param {Record<string, string>} steps
 * @returns {import('../html/steps.js').Algorithm}
 */
function algorithm(url, steps) {
  return Object.freeze({ url, steps: Object.freeze(steps) });
}
