// Behaviors: what a getter, setter or method does when it runs (docs/program.md
// "Behavior"), with effects that change the graph under the clone: delete,
// define, hide, [[Set]], shrink an array, detach or resize a buffer, edit a
// Map or Set. The effects name nodes of the right kind in one graph (its
// GraphContext). Only getters may run setters (one more behavior at most, so
// no recursion whose depth depends on the stack).

import fc from 'fast-check';
import { NATIVE_ERROR_NAMES } from '../../src/primordials/intrinsics.js';
import { initialByteLength } from './buffers.js';
import { objectKey } from './keys.js';
import { anyPrimitiveValue } from './primitives.js';

/**
 * The context of one graph: how many nodes and which kind each has, so that
 * references and effects point at the right nodes, and the arraybuffer nodes
 * (made first), so that detach and resize effects fit their buffer; `made`
 * holds the arbitraries made for it (`perGraph`).
 * @typedef {{kinds: string[], buffers: Map<number, Record<string, any>>, made: Map<string, fc.Arbitrary<any>>}} GraphContext
 */

/**
 * @param {string[]} kinds
 * @param {Map<number, Record<string, any>>} buffers
 * @returns {GraphContext}
 */
export function graphContext(kinds, buffers) {
  return { kinds, buffers, made: new Map() };
}

/**
 * The arbitrary `name` of one graph, made once: its nodes draw values and
 * accessor behaviors from the same few, which were made afresh for each
 * node and each accessor of every graph drawn (a graph is drawn through
 * `chain`: a third of drawing one). An arbitrary is a value, so reusing it
 * draws exactly what a new one would.
 * @template T
 * @param {GraphContext} ctx
 * @param {string} name
 * @param {() => fc.Arbitrary<T>} make
 * @returns {fc.Arbitrary<T>}
 */
export function perGraph(ctx, name, make) {
  let arbitrary = ctx.made.get(name);
  if (arbitrary === undefined) {
    arbitrary = make();
    ctx.made.set(name, arbitrary);
  }
  return arbitrary;
}

/** @param {GraphContext} ctx @param {(kind: string) => boolean} accept */
function indicesOf(ctx, accept) {
  const out = [];
  for (let i = 0; i < ctx.kinds.length; i++) if (accept(ctx.kinds[i])) out.push(i);
  return out;
}

/**
 * A Value inside a graph: a primitive or a reference to one of its nodes.
 * @param {GraphContext} ctx
 */
export function graphValue(ctx) {
  if (ctx.kinds.length === 0) return anyPrimitiveValue;
  return perGraph(ctx, 'value', () => fc.oneof(
    { weight: 3, arbitrary: anyPrimitiveValue },
    { weight: 2, arbitrary: fc.integer({ min: 0, max: ctx.kinds.length - 1 }).map((i) => ({ ref: i })) },
  ));
}

/** Effects that never call a setter or getter themselves. @param {GraphContext} ctx */
function quietEffects(ctx) {
  const all = indicesOf(ctx, () => true);
  const maps = indicesOf(ctx, (k) => k === 'map');
  const sets = indicesOf(ctx, (k) => k === 'set');
  const detachable = [...ctx.buffers].filter(([, b]) => !b.shared).map(([i]) => i);
  const resizable = [...ctx.buffers].filter(([, b]) => b.maxByteLength !== undefined);
  const value = graphValue(ctx);
  /** @type {fc.Arbitrary<object>[]} */
  const choices = [];
  if (all.length > 0) {
    const node = fc.constantFrom(...all);
    choices.push(
      fc.tuple(node, objectKey).map(([i, k]) => ({ delete: [i, k] })),
      fc.tuple(node, objectKey, value).map(([i, k, v]) => ({ define: [i, k, v] })),
      fc.tuple(node, objectKey).map(([i, k]) => ({ hide: [i, k] })),
    );
  }
  if (maps.length > 0) {
    const map = fc.constantFrom(...maps);
    choices.push(
      fc.tuple(map, value, value).map(([i, k, v]) => ({ mapSet: [i, k, v] })),
      fc.tuple(map, value).map(([i, k]) => ({ mapDelete: [i, k] })),
    );
  }
  if (sets.length > 0) {
    const set = fc.constantFrom(...sets);
    choices.push(
      fc.tuple(set, value).map(([i, v]) => ({ setAdd: [i, v] })),
      fc.tuple(set, value).map(([i, v]) => ({ setDelete: [i, v] })),
    );
  }
  if (detachable.length > 0) choices.push(fc.constantFrom(...detachable).map((i) => ({ detach: i })));
  if (resizable.length > 0) {
    // A growable SharedArrayBuffer only grows; a resizable ArrayBuffer goes anywhere up to its maximum.
    choices.push(fc.tuple(fc.constantFrom(...resizable), fc.nat()).map(([[i, b], n]) => {
      const min = b.shared ? initialByteLength(b) : 0;
      return { resize: [i, min + (n % (b.maxByteLength - min + 1))] };
    }));
  }
  return choices;
}

/** Effects that run [[Set]] (and so may call one setter). @param {GraphContext} ctx */
function settingEffects(ctx) {
  if (ctx.kinds.length === 0) return [];
  const node = fc.integer({ min: 0, max: ctx.kinds.length - 1 });
  const arrays = indicesOf(ctx, (k) => k === 'array');
  /** @type {fc.Arbitrary<object>[]} */
  const choices = [fc.tuple(node, objectKey, graphValue(ctx)).map(([i, k, v]) => ({ set: [i, k, v] }))];
  if (arrays.length > 0) {
    choices.push(fc.tuple(fc.constantFrom(...arrays), fc.integer({ min: 0, max: 6 })).map(([i, n]) => ({ setLength: [i, n] })));
  }
  return choices;
}

/**
 * `arbitrary` one time in `oneIn`, else absent (undefined).
 * @template T @param {number} oneIn @param {fc.Arbitrary<T>} arbitrary
 */
function sometimes(oneIn, arbitrary) {
  return fc.oneof({ weight: oneIn - 1, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary });
}

/** @param {Record<string, unknown>} record @returns {Record<string, unknown>} the record without its undefined fields */
function withoutAbsent(record) {
  return Object.fromEntries(Object.entries(record).filter(([, v]) => v !== undefined));
}

/** The native error type a behavior throws, now and then. */
const thrownType = sometimes(6, fc.constantFrom(...NATIVE_ERROR_NAMES));

/**
 * A Behavior: events are logged, effects run, then it throws or returns.
 * @param {GraphContext} ctx
 * @param {{mayRunSetters: boolean}} options only getters may run setters
 */
export function behavior(ctx, { mayRunSetters }) {
  return perGraph(ctx, mayRunSetters ? 'getter' : 'setter', () => {
    const effects = [...quietEffects(ctx), ...(mayRunSetters ? settingEffects(ctx) : [])];
    return fc
      .record({
        effects: effects.length > 0 ? sometimes(2, fc.array(fc.oneof(...effects), { minLength: 1, maxLength: 2 })) : fc.constant(undefined),
        returns: sometimes(4, graphValue(ctx)).map((v) => v),
        throws: thrownType,
      })
      .map(withoutAbsent);
  });
}

/** A behavior for realm steps: no effects (realm steps cannot name objects). */
export const realmBehavior = fc
  .record({ returns: sometimes(2, anyPrimitiveValue), throws: thrownType })
  .map(withoutAbsent);
