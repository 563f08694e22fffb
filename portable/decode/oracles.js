// The judges of decoder targets: each one an algorithm of the Encoding
// Standard (src/encoding/) that says what a decoder must return for some
// bytes, and how to name the step behind the first code unit where a target
// parts from it. A decoder descriptor (index.js) names its oracle by id.

import {
  bomSniff, isomorphicDecode, runDecoder, utf8Decode, utf8DecodeWithoutBOM, utf8DecodeWithoutBOMOrFail,
} from '../../src/encoding/index.js';
import { itemAtUnit, traceDecoder } from '../../src/encoding/trace.js';

/**
 * @typedef {object} Oracle
 * @property {string} id
 * @property {string} algorithm  as src/encoding/steps.js names it
 * @property {boolean} [dropsBOM]  a leading EF BB BF makes no U+FEFF (UTF-8 decode step 2, TextDecoder without ignoreBOM)
 * @property {(bytes: Uint8Array) => string | null} decode  null: the standard's failure (a TextDecoder throws a TypeError)
 * @property {(bytes: Uint8Array, unit: number) => {algorithm: string, step: string, bytes: [number, number]}} stepAt
 *   the step of the decoder that made output code unit `unit` (or that failed there)
 */

/** Bytes a leading UTF-8 BOM takes (UTF-8 decode step 2; TextDecoder's serialize drops its U+FEFF alike). */
const bomLength = (/** @type {Uint8Array} */ bytes) => (bomSniff(bytes) === 'UTF-8' ? 3 : 0);

/**
 * stepAt for a decoder run over bytes[skip…]: its traced item at `unit`, in the whole input's byte offsets.
 * @param {'UTF-8' | 'windows-1252'} encoding @param {'replacement' | 'fatal'} mode @param {(bytes: Uint8Array) => number} skipOf
 * @returns {Oracle['stepAt']}
 */
const tracedStep = (encoding, mode, skipOf) => (/** @type {Uint8Array} */ bytes, /** @type {number} */ unit) => {
  const skip = skipOf(bytes);
  const item = itemAtUnit(traceDecoder(encoding, bytes, skip, bytes.length - skip, mode), unit);
  if (item === undefined) return { algorithm: encoding === 'UTF-8' ? 'UTF-8 decoder' : 'single-byte decoder', step: encoding === 'UTF-8' ? '2' : '1', bytes: [skip, skip] };
  return { algorithm: item.algorithm, step: item.step, bytes: [skip + item.byteStart, skip + item.byteEnd] };
};

/** @type {Oracle[]} */
const ORACLES = [
  {
    id: 'utf-8-decode', algorithm: 'UTF-8 decode', dropsBOM: true, decode: (bytes) => utf8Decode(bytes),
    stepAt: tracedStep('UTF-8', 'replacement', bomLength),
  },
  {
    id: 'utf-8-decode-without-bom', algorithm: 'UTF-8 decode without BOM', decode: (bytes) => utf8DecodeWithoutBOM(bytes),
    stepAt: tracedStep('UTF-8', 'replacement', () => 0),
  },
  {
    // TextDecoder's decode with fatal set and ignoreBOM not: the leading BOM's U+FEFF is dropped, any error throws.
    id: 'utf-8-decode-without-bom-or-fail, BOM dropped', algorithm: 'UTF-8 decode without BOM or fail', dropsBOM: true,
    decode: (bytes) => utf8DecodeWithoutBOMOrFail(bytes, bomLength(bytes)),
    stepAt: tracedStep('UTF-8', 'fatal', bomLength),
  },
  {
    id: 'windows-1252', algorithm: 'single-byte decoder', decode: (bytes) => runDecoder('windows-1252', bytes),
    stepAt: tracedStep('windows-1252', 'replacement', () => 0),
  },
  {
    id: 'isomorphic-decode', algorithm: 'isomorphic decode', decode: (bytes) => isomorphicDecode(bytes),
    // Infra's isomorphic decode is one sentence: byte i is code point i.
    stepAt: (_bytes, unit) => ({ algorithm: 'isomorphic decode', step: '', bytes: [unit, unit + 1] }),
  },
];

/** @param {string} id @returns {Oracle} */
export function oracleNamed(id) {
  const oracle = ORACLES.find((o) => o.id === id);
  if (oracle === undefined) throw new Error(`no oracle ${id}`);
  return oracle;
}

/**
 * What a decoder did with some bytes: its string, or what it threw.
 * @typedef {{string: string} | {threw: string, message: string}} Outcome
 */

/**
 * How a decoder's outcome parts from the oracle's, or undefined when it does
 * not: the first code unit where they differ, the step of the standard
 * behind it, and the root (the step and the kind of difference, without the
 * bytes: what names one bug).
 * @param {Oracle} oracle @param {Uint8Array} bytes @param {Outcome} outcome
 * @returns {{expected: string | null, unit: number, algorithm: string, step: string, at: [number, number], kind: string, shape: string} | undefined}
 */
export function judgeOutcome(oracle, bytes, outcome) {
  const expected = oracle.decode(bytes);
  let unit;
  let kind;
  if ('threw' in outcome) {
    if (expected === null && outcome.threw === 'TypeError') return undefined;
    unit = expected === null ? firstFailure(bytes) : 0;
    kind = expected === null ? `throws a ${outcome.threw}, not a TypeError` : `throws a ${outcome.threw} where the standard returns a string`;
  } else if (expected === null) {
    unit = firstFailure(bytes);
    kind = 'returns a string where the standard fails';
  } else {
    const got = outcome.string;
    if (got === expected) return undefined;
    unit = 0;
    while (unit < got.length && unit < expected.length && got.charCodeAt(unit) === expected.charCodeAt(unit)) unit++;
    // The BOM's U+FEFF kept in front of what the standard makes, or dropped from it, wherever the first difference falls.
    if (bomLength(bytes) === 3 && got === `\ufeff${expected}` && oracle.dropsBOM) kind = BOM_KEPT;
    else if (bomLength(bytes) === 3 && expected === `\ufeff${got}` && !oracle.dropsBOM) kind = BOM_DROPPED;
    else kind = differenceKind(expected, got, unit);
  }
  // A BOM kept where the oracle drops it: UTF-8 decode's step 2 (TextDecoder's serialize drops it alike); dropped where
  // the oracle keeps it: the decoder's step that makes its U+FEFF, as for any other character.
  /** @type {ReturnType<Oracle['stepAt']>} */
  const place = kind === BOM_KEPT ? { algorithm: 'UTF-8 decode', step: '2', bytes: [0, 3] } : oracle.stepAt(bytes, unit);
  const { algorithm, step, bytes: at } = place;
  const where = step === '' ? algorithm : `${algorithm} step ${step}`;
  return { expected, unit, algorithm, step, at, kind, shape: `${where}: ${kind}` };
}

/** The output code unit at which the fatal decode fails: where its trace ends in an error (the bytes are judged by the fatal oracle only). */
function firstFailure(/** @type {Uint8Array} */ bytes) {
  const skip = bomLength(bytes);
  const items = traceDecoder('UTF-8', bytes, skip, bytes.length - skip, 'fatal');
  return items.length === 0 ? 0 : items[items.length - 1].unitStart;
}

const BOM_KEPT = 'a BOM kept as U+FEFF';
const BOM_DROPPED = 'a BOM dropped, not kept as U+FEFF';

/** @param {string} expected @param {string} got @param {number} unit  the first that differs */
function differenceKind(expected, got, unit) {
  if (unit >= got.length) return 'the output ends early';
  if (unit >= expected.length) return 'the output goes on past the end';
  const wanted = expected.charCodeAt(unit);
  const made = got.charCodeAt(unit);
  if (wanted === 0xfffd) return 'no U+FFFD where the standard has one';
  if (made === 0xfffd) return 'a U+FFFD where the standard has none';
  if ((made >= 0xd800 && made <= 0xdfff) !== (wanted >= 0xd800 && wanted <= 0xdfff)) return 'a surrogate where the standard has none, or none where it has one';
  return 'another code point';
}
