// The Draft every family makes (programs.js adds the channel options), and
// the deep copy that the perturbing families start from.

/**
 * A program part before the channel options are chosen.
 * `perturbation` names what a perturbing family did to it, for the census
 * of what is drawn (census.js); it is not part of the program.
 * @typedef {{root: unknown, objects: Record<string, any>[], sender?: object[], receiver?: object[], transfer?: number[], forStorage?: boolean, perturbation?: string}} Draft
 */

/** A deep copy, so perturbations never change values fast-check still holds for shrinking. @param {Draft} draft @returns {Draft} */
export function copyDraft(draft) {
  return structuredClone(draft);
}
