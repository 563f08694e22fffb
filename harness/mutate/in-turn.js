// How `clonecheck mutate` runs a catalog of mutants, whatever decides a kill
// (the fuzzer for the clone tiers, run.js; the differential check for the
// string tiers, strings.js): the unmutated control first, then each mutant
// in turn, each result told as soon as it is decided, until the user stops.

/**
 * @template {{id: string}} M
 * @param {M} control  the catalog's tiers as they are: must survive
 * @param {M[]} mutants
 * @param {(mutant: M, index: number) => Promise<import('./run.js').MutantRun | undefined>} runOne  undefined: interrupted before it was decided
 * @param {{shouldStop: () => boolean, onResult: (result: import('./run.js').MutantRun, index: number, total: number) => void}} run
 *   onResult after each mutant (the control is index 0)
 * @returns {Promise<import('./run.js').CatalogOutcome>}
 */
export async function runInTurn(control, mutants, runOne, { shouldStop, onResult }) {
  /** @type {import('./run.js').MutantRun[]} */
  const results = [];
  const all = [control, ...mutants];
  for (let i = 0; i < all.length && !shouldStop(); i++) {
    const result = await runOne(all[i], i);
    if (result === undefined) break;
    results.push(result);
    onResult(result, i, all.length - 1);
  }
  const [first, ...rest] = results;
  return { control: first, mutants: rest, interrupted: shouldStop() };
}
