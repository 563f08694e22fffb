// The differential check of string tiers: fast-check draws buffers aimed at
// the tiers' boundaries (fuzzers/decode/buffers.js) and each must show no
// difference between the tiers and the exact path (stringTierDifferences).
// Used by test/encoding.unit.test.js, test/measure/string-tiers-fuzz.js and
// `clonecheck mutate --catalog strings` (harness/mutate/strings.js).

import fc from 'fast-check';
import { stringBufferCase } from '../../fuzzers/decode/buffers.js';
import { stringTierDifferences } from '../../src/encoding/tiers/selfcheck.js';
import { stringTiers } from '../../src/encoding/tiers/index.js';

/**
 * @typedef {object} TierCheckResult
 * @property {boolean} found  a difference was found
 * @property {number} runs  cases drawn, up to and including the first that showed a difference
 * @property {number} seed
 * @property {import('../../src/encoding/tiers/selfcheck.js').StringCase | undefined} counterexample  shrunk
 * @property {import('../../src/encoding/tiers/selfcheck.js').TierDifference[]} differences  of the shrunk case
 * @property {number | null} msToFirstFinding  from the start of the check to the first case that showed a difference (before shrinking)
 * @property {boolean} interrupted  the time limit ended the check before numRuns cases
 */

/**
 * Runs the check on a catalog of tiers (default: the reference's own).
 * @param {{tiers?: readonly import('../../src/encoding/tiers/index.js').StringTier[], seed?: number, numRuns?: number,
 *   timeLimitMs?: number, decoder?: import('../../src/encoding/tiers/index.js').InjectedDecoder}} [options]
 *   timeLimitMs: stop drawing cases after this long (numRuns is then a ceiling)
 * @returns {TierCheckResult}
 */
export function checkStringTiers({ tiers = stringTiers, seed = 1, numRuns = 1000, timeLimitMs, decoder } = {}) {
  const started = performance.now();
  /** @type {number | null} */
  let msToFirstFinding = null;
  const agrees = (/** @type {import('../../src/encoding/tiers/selfcheck.js').StringCase} */ input) => {
    const same = stringTierDifferences(input, { tiers, decoder }).length === 0;
    if (!same) msToFirstFinding ??= performance.now() - started;
    return same;
  };
  const details = fc.check(fc.property(stringBufferCase, agrees), { seed, numRuns, interruptAfterTimeLimit: timeLimitMs });
  const counterexample = details.counterexample === null ? undefined : details.counterexample[0];
  return {
    found: details.failed,
    runs: details.numRuns,
    seed,
    counterexample,
    differences: counterexample === undefined ? [] : stringTierDifferences(counterexample, { tiers, decoder }),
    msToFirstFinding,
    interrupted: details.interrupted,
  };
}

/**
 * A one-line description of a case: its bytes in hex, the source region first.
 * @param {import('../../src/encoding/tiers/selfcheck.js').StringCase} input
 */
export function describeCase({ bytes, sourceEnd, strings }) {
  const hex = (from, to) => [...bytes.subarray(from, to)].map((b) => b.toString(16).padStart(2, '0')).join(' ');
  return `source [${hex(0, sourceEnd)}] strings region [${hex(sourceEnd, bytes.length)}] strings ${strings.map(({ pos, len }) => `(${pos}, ${len})`).join(' ')}`;
}
