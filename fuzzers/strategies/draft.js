// The Draft every strategy makes (programs.js adds the channel options), the
// deep copy that the perturbing strategies start from, and where a
// transformation of a whole draft (a size, a sequence) puts what it adds.

import { mapNode } from '../../src/program/index.js';

/**
 * A program part before the channel options are chosen.
 * `perturbation` says what a perturbing strategy did to it, for the census
 * of what is drawn (census.js), and `perturbed` names its first perturbation
 * (a key of the strategy's `perturbations`: the cell map counts it,
 * cells.js); neither is part of the program.
 * @typedef {{root: unknown, objects: Record<string, any>[], sender?: object[], receiver?: object[], transfer?: number[], forStorage?: boolean, perturbation?: string, perturbed?: string}} Draft
 */

/**
 * A strategy of programs: its arbitrary, and for a perturbing strategy each
 * perturbation alone, by name (what steered generation asks for).
 * @typedef {{arbitrary: import('fast-check').Arbitrary<Draft>, perturbations?: Record<string, import('fast-check').Arbitrary<Draft>>}} Strategy
 */

/**
 * A deep copy, so perturbations never change values fast-check still holds
 * for shrinking. A draft is plain data (objects, arrays, primitives), copied
 * here by hand: structuredClone took 2.3 times as long (13 µs a program,
 * seed 1), and a generated program is copied several times. As
 * structuredClone does, a part the draft holds twice stays one part, an
 * array's holes stay holes, and an object with a null prototype (fast-check
 * makes some) becomes an ordinary one.
 * @param {Draft} draft @returns {Draft}
 */
export function copyDraft(draft) {
  return copyPart(draft, new Map());
}

/**
 * @template T
 * @param {T} part
 * @param {Map<object, any>} copies  the parts copied so far, and their copies
 * @returns {T}
 */
function copyPart(part, copies) {
  if (typeof part !== 'object' || part === null) return part;
  let copy = copies.get(part);
  if (copy !== undefined) return copy;
  if (Array.isArray(part)) {
    copy = new Array(part.length);
    copies.set(part, copy);
    for (let i = 0; i < part.length; i++) if (i in part) copy[i] = copyPart(part[i], copies);
    return copy;
  }
  copy = {};
  copies.set(part, copy);
  for (const key of Object.keys(part)) {
    const value = copyPart(part[key], copies);
    // An own "__proto__", not the prototype: assigning it would set that.
    if (key === '__proto__') Object.defineProperty(copy, key, { value, writable: true, enumerable: true, configurable: true });
    else copy[key] = value;
  }
  return copy;
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
