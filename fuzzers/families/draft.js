// The Draft every family makes (programs.js adds the channel options), and
// the deep copy that the perturbing families start from.

/**
 * A program part before the channel options are chosen.
 * `perturbation` says what a perturbing family did to it, for the census
 * of what is drawn (census.js), and `perturbed` names its first perturbation
 * (a key of the family's `perturbations`: the cell map counts it,
 * cells.js); neither is part of the program.
 * @typedef {{root: unknown, objects: Record<string, any>[], sender?: object[], receiver?: object[], transfer?: number[], forStorage?: boolean, perturbation?: string, perturbed?: string}} Draft
 */

/**
 * A family of programs: its arbitrary, and for a perturbing family each
 * perturbation alone, by name (what steered generation asks for).
 * @typedef {{arbitrary: import('fast-check').Arbitrary<Draft>, perturbations?: Record<string, import('fast-check').Arbitrary<Draft>>}} Family
 */

/** A deep copy, so perturbations never change values fast-check still holds for shrinking. @param {Draft} draft @returns {Draft} */
export function copyDraft(draft) {
  return structuredClone(draft);
}
