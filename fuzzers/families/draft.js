// The Draft every family makes (programs.js adds the channel options), the
// deep copy that the perturbing families start from, and where a
// transformation of a whole draft (a size, a sequence) puts what it adds.

import { mapNode } from '../../src/program/index.js';

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

/**
 * The draft with `value` put beside its value: the last item of the root
 * array, a property of the root object, or else the root becomes [root, value].
 * @param {Draft} d a copy, changed in place
 * @param {unknown} value
 * @returns {Draft}
 */
export function beside(d, value) {
  const root = /** @type {any} */ (d.root)?.ref;
  const node = typeof root === 'number' ? d.objects[root] : undefined;
  if (node?.kind === 'array' && node.fill === undefined && node.length === undefined) {
    node.items.push(value);
    return d;
  }
  if (node?.kind === 'object') {
    node.props = [...(node.props ?? []), { key: 'sized', value }];
    return d;
  }
  d.objects.push({ kind: 'array', items: [d.root, value] });
  d.root = { ref: d.objects.length - 1 };
  return d;
}

/**
 * The nodes the draft's value reaches (most generated graphs hold nodes
 * nothing reaches: a size put there would never be cloned).
 * @param {Draft} d
 * @returns {Set<number>}
 */
function reached(d) {
  const seen = new Set();
  const pending = [];
  const value = (v) => {
    if (typeof v === 'object' && v !== null && typeof (/** @type {any} */ (v)).ref === 'number' && Object.keys(v).length === 1) pending.push(/** @type {any} */ (v).ref);
    return v;
  };
  value(d.root);
  while (pending.length > 0) {
    const id = pending.pop();
    if (seen.has(id)) continue;
    seen.add(id);
    mapNode(d.objects[id], { value, index: (i) => (pending.push(i), i) });
  }
  return seen;
}

/**
 * The first node of `kind` that the draft's value reaches and that `fits`,
 * or a new one (from `make`) put beside its value.
 * @param {Draft} d a copy, changed in place
 * @param {string} kind
 * @param {(node: any) => boolean} fits
 * @param {() => Record<string, any>} make
 * @returns {any} the node, to change in place
 */
export function holder(d, kind, fits, make) {
  const reachable = reached(d);
  const found = d.objects.find((node, id) => reachable.has(id) && node.kind === kind && fits(node));
  if (found !== undefined) return found;
  const node = make();
  d.objects.push(node);
  beside(d, { ref: d.objects.length - 1 });
  return node;
}
