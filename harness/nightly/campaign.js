// A nightly campaign cut into units: one fuzz run of one implementation's
// targets (a runtime's channels together, or a module target) with one seed.
// Seeds are `seed + k` for k below `seeds`; units are numbered seed by seed,
// implementation by implementation, and shard i of n takes the units whose
// number is i - 1 modulo n. So the shards of a campaign run exactly the units
// the unsharded campaign runs, and their merge (merge.js) finds what it finds
// when each unit runs a fixed number of cases (--runs).

import { conformTargetOf } from '../gate/gate.js';

/**
 * @typedef {{index: number, implementation: string, targets: string[], seed: number}} Unit
 */

/**
 * @param {string[]} targetNames  fuzz targets
 * @param {number} seed @param {number} seeds
 * @returns {Unit[]}
 */
export function campaignUnits(targetNames, seed, seeds) {
  /** @type {Map<string, string[]>} */
  const byImplementation = new Map();
  for (const name of targetNames) {
    const implementation = conformTargetOf(name);
    byImplementation.set(implementation, [...(byImplementation.get(implementation) ?? []), name]);
  }
  const units = [];
  for (let k = 0; k < seeds; k++) {
    for (const [implementation, targets] of byImplementation) {
      // Seeds stay 32-bit (fuzz --seed).
      units.push({ index: units.length, implementation, targets, seed: ((seed + k + 2 ** 31) % 2 ** 32) - 2 ** 31 });
    }
  }
  return units;
}

/**
 * At most `packs` fuzz runs per seed: a budget too short to give each
 * implementation a useful share of its own (a one-minute campaign over
 * twelve of them) fuzzes several in one run, where each case runs on all
 * their targets side by side, rather than skip the ones the budget does
 * not reach. A pack keeps its first unit's index and seed.
 * @param {Unit[]} units
 * @param {number} packs  at least 1
 * @returns {Unit[]}
 */
export function packUnits(units, packs) {
  /** @type {Map<number, Unit[]>} */
  const bySeed = new Map();
  for (const unit of units) bySeed.set(unit.seed, [...(bySeed.get(unit.seed) ?? []), unit]);
  const packed = [];
  for (const ofSeed of bySeed.values()) {
    const size = Math.ceil(ofSeed.length / Math.min(packs, ofSeed.length));
    for (let i = 0; i < ofSeed.length; i += size) {
      const pack = ofSeed.slice(i, i + size);
      packed.push({ index: pack[0].index, implementation: pack.map((u) => u.implementation).join(' + '), targets: pack.flatMap((u) => u.targets), seed: pack[0].seed });
    }
  }
  return packed;
}

/**
 * @param {Unit[]} units @param {{index: number, count: number}} shard  index from 1
 * @returns {Unit[]} the shard's units
 */
export function shardUnits(units, { index, count }) {
  return units.filter((unit) => unit.index % count === index - 1);
}

/**
 * `--shard i/n`.
 * @param {string} text
 * @returns {{index: number, count: number} | null} null when it is not i/n with 1 <= i <= n
 */
export function parseShard(text) {
  const match = /^(\d+)\/(\d+)$/.exec(text);
  if (match === null) return null;
  const [index, count] = [Number(match[1]), Number(match[2])];
  return index >= 1 && index <= count && count <= 1000 ? { index, count } : null;
}
