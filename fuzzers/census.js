// What the generator draws, counted: how often each family meets each
// perturbation and each kind of pollution, each channel mode, and each
// representation of a string no realm has seen. A blind
// spot of a generator is a combination it never draws (a dense array, the
// value the Int32 tier takes, that never meets a polluted receiving realm);
// this makes such couplings visible. Programs decoded from random bytes
// (a quarter of what `clonecheck fuzz` runs) carry no tags and are not counted.

import fc from 'fast-check';
import { REPRESENTATIONS, stringRepresentationsIn } from './arbitraries/fresh-strings.js';
import { taggedPrograms } from './programs.js';

/**
 * @typedef {object} Census
 * @property {number} runs
 * @property {number} seed
 * @property {{family: string, perturbation: string, pollution: string, count: number}[]} combinations
 *   every combination drawn, most frequent first within a family
 * @property {Record<string, number>} channels  programs per channel mode
 * @property {Record<string, number>} strings  programs per representation of a string no realm has
 *   seen (`<form> <place>`, arbitraries/fresh-strings.js), read from each program; none: `none`
 */

/**
 * @param {{runs: number, seed: number, weights?: Parameters<typeof taggedPrograms>[0]}} options
 * @returns {Census}
 */
export function drawCensus({ runs, seed, weights = {} }) {
  /** @type {Map<string, {family: string, perturbation: string, pollution: string, count: number}>} */
  const combinations = new Map();
  /** @type {Record<string, number>} */
  const channels = {};
  /** @type {Record<string, number>} every representation, drawn or not (an empty cell shows as 0) */
  const strings = Object.fromEntries([...REPRESENTATIONS, 'none'].map((name) => [name, 0]));
  for (const { program, tags } of fc.sample(taggedPrograms(weights), { numRuns: runs, seed })) {
    const representations = stringRepresentationsIn(program);
    for (const name of representations.length === 0 ? ['none'] : representations) strings[name] += 1;
    const key = `${tags.family}\n${tags.perturbation}\n${tags.pollution}`;
    const entry = combinations.get(key) ?? { family: tags.family, perturbation: tags.perturbation, pollution: tags.pollution, count: 0 };
    entry.count += 1;
    combinations.set(key, entry);
    channels[tags.channel] = (channels[tags.channel] ?? 0) + 1;
  }
  const sorted = [...combinations.values()].sort((a, b) => a.family.localeCompare(b.family) || b.count - a.count);
  return { runs, seed, combinations: sorted, channels, strings };
}
