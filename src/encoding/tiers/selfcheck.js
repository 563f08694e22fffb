// The string tiers' selfcheck: tiers on = tiers off for one buffer and its
// strings. Each string is decoded by the exact path (the oracle), by all the
// tiers together and by each tier alone (so a tier another one shadows is
// still exercised), and every tier's setup record is compared with the one
// the catalog's tier of the same id makes. Any difference is a finding.

import { decodeExact, decodeWithTiers, setupBuffer, stringTiers } from './index.js';

/**
 * @typedef {object} StringCase
 * @property {Uint8Array} bytes
 * @property {number} sourceEnd
 * @property {{pos: number, len: number}[]} strings  each meets STRING_PRECONDITIONS
 */

/**
 * @typedef {{kind: 'decode', tiers: string, pos: number, len: number, expected: string, actual: string}
 *   | {kind: 'setup', tier: string, field: string}} TierDifference
 */

/**
 * Every way the tiers (default: the catalog) differ from the exact path on `input`.
 * @param {StringCase} input
 * @param {{tiers?: readonly import('./index.js').StringTier[], decoder?: import('./index.js').InjectedDecoder}} [options]
 * @returns {TierDifference[]}
 */
export function stringTierDifferences({ bytes, sourceEnd, strings }, { tiers = stringTiers, decoder } = {}) {
  /** @type {TierDifference[]} */
  const differences = [];
  const configurations = [
    { name: 'all', buffer: setupBuffer(bytes, sourceEnd, { tiers, decoder }) },
    ...tiers.map((tier) => ({ name: tier.id, buffer: setupBuffer(bytes, sourceEnd, { tiers: [tier], decoder }) })),
  ];
  const reference = setupBuffer(bytes, sourceEnd, { decoder });
  for (const [id, record] of Object.entries(configurations[0].buffer.setups)) {
    const expected = reference.setups[id];
    if (expected === undefined) continue;
    for (const field of Object.keys(expected)) {
      if (!Object.is(record[field], expected[field])) differences.push({ kind: 'setup', tier: id, field });
    }
  }
  for (const { pos, len } of strings) {
    const expected = decodeExact({ bytes }, pos, len);
    for (const { name, buffer } of configurations) {
      const actual = decodeWithTiers(buffer, pos, len);
      if (actual !== expected) differences.push({ kind: 'decode', tiers: name, pos, len, expected, actual });
    }
  }
  return differences;
}
