// What the fuzzer draws for a seed, counted: how often each strategy meets
// each perturbation and each kind of pollution, each channel mode, and the
// cell map (cells.js) with steering as `clonecheck fuzz` does it. A blind
// spot of a generator is a combination it never draws (a dense array, the
// value the Int32 tier takes, that never meets a polluted receiving realm);
// this makes such couplings visible. The cases are drawn exactly as a fuzz
// run with the same seed, runs and weights draws them; programs decoded from
// random bytes carry no tags and are not counted.

import { CHUNK_SIZE, SteeredRun } from './steering.js';

/**
 * @typedef {object} Census
 * @property {number} runs  cases drawn
 * @property {number} generated  of which generated (the rest were decoded from bytes)
 * @property {number} seed
 * @property {{strategy: string, perturbation: string, pollution: string, count: number}[]} combinations
 *   every combination drawn, most frequent first within a strategy
 * @property {Record<string, number>} channels  programs per channel mode
 * @property {Record<string, number>} kinds  programs with at least one node of each kind (src/program/kinds/)
 * @property {import('./steering.js').CellReport} cells  the cell map
 */

/**
 * @param {{runs: number, seed: number, weights?: Record<string, number>}} options
 * @returns {Census}
 */
export function drawCensus({ runs, seed, weights = {} }) {
  /** @type {Map<string, {strategy: string, perturbation: string, pollution: string, count: number}>} */
  const combinations = new Map();
  /** @type {Record<string, number>} */
  const channels = {};
  /** @type {Record<string, number>} */
  const kinds = {};
  let generated = 0;
  const run = new SteeredRun({ seed, weights });
  for (let chunk = 0; chunk * CHUNK_SIZE < runs; chunk++) {
    for (const { tags, program } of run.draw(chunk, Math.min(CHUNK_SIZE, runs - chunk * CHUNK_SIZE))) {
      if (tags === null) continue;
      for (const kind of new Set((program.objects ?? []).map((/** @type {any} */ node) => node.kind))) kinds[kind] = (kinds[kind] ?? 0) + 1;
      generated += 1;
      const pollution = tags.pollution.join(' + ');
      const key = `${tags.strategy}\n${tags.perturbation}\n${pollution}`;
      const entry = combinations.get(key) ?? { strategy: tags.strategy, perturbation: tags.perturbation, pollution, count: 0 };
      entry.count += 1;
      combinations.set(key, entry);
      channels[tags.channel] = (channels[tags.channel] ?? 0) + 1;
    }
  }
  const sorted = [...combinations.values()].sort((a, b) => a.strategy.localeCompare(b.strategy) || b.count - a.count);
  return { runs, generated, seed, combinations: sorted, channels, kinds, cells: run.report() };
}
