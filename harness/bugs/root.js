// What a replay of a program on a target shows: its root difference,
// described without its place (signature.js), or a crash or a hang by how it
// died, or nothing. A bug is matched by this, not by a hash: a known bug's
// program replayed on a target "shows" the bug there when the replay's root
// is the bug's root (triage.js, bisect.js).

import { REPEATED_DELIVERY } from '../../portable/bugs/bug-shape.js';
import { signatureOf, verdictSignature } from '../../portable/bugs/signature.js';

/**
 * @typedef {{category: string, shape: string}} Root
 * @typedef {Root | 'pass' | 'not-applicable' | 'harness-error'} Shown  what one replay showed
 */

/**
 * What the standard cannot judge on that host, or what the host cannot make
 * (src/program/schema.js's words): the program does not apply there.
 */
export const NOT_APPLICABLE = /invalid program at [^:]*: this host (has no \w+|cannot [^:]*)/;

/**
 * @param {any} verdict  judge.js's, or replay.js's `{target, verdict: 'timeout' | 'crash', detail}`
 * @returns {Shown}
 */
export function shownBy(verdict) {
  if (verdict.verdict === 'pass') return 'pass';
  if (verdict.verdict === 'deviation') {
    const { category, shape } = signatureOf(verdict.target, verdict.differences ?? [], verdict);
    return { category, shape };
  }
  if (verdict.verdict === 'crash' || verdict.verdict === 'timeout') {
    const { category, shape } = verdictSignature(verdict.target, verdict.verdict, verdict.detail);
    return { category, shape };
  }
  return verdict.verdict === 'not-applicable' || NOT_APPLICABLE.test(verdict.error ?? '') ? 'not-applicable' : 'harness-error';
}

/**
 * What a replay of a decoder's bug's case shows (harness/decode/ledger-case.js): its root (category `decode`, the
 * oracle's step and kind of difference, as the decode finding's shape is), its host's crash or hang, or a pass.
 * @param {import('../../portable/decode/tasks.js').Difference | {stall: string, detail: string} | null} replayed  replayCase's answer
 * @returns {Shown}
 */
export function shownByDecoding(replayed) {
  if (replayed === null) return 'pass';
  if ('shape' in replayed) return { category: 'decode', shape: replayed.shape };
  return { category: 'crash', shape: replayed.stall };
}

/** @param {Shown} shown @param {Root} root @returns {boolean} the replay showed that root, wherever in the value */
export function showsRoot(shown, root) {
  return typeof shown === 'object' && placeless(shown.shape) === placeless(root.shape);
}

/** Categories about the object a difference reaches, not about its place among its holder's properties. */
const OF_THE_OBJECT = new Set(['kind', 'prototype', 'identity', 'integrity']);

/** Steps in angle brackets that are a property's attributes (its holder's), not the reached object's internal slots. */
const ATTRIBUTES = new Set(['enumerable', 'writable', 'configurable', 'get', 'set']);

/**
 * A root without the place of the object it is about: a File cloned as a
 * Blob is one bug at the root (`kind on root: value: File -> Blob`) and in
 * an array (`kind on array: index: File -> Blob`), and so is a Blob's
 * `type` slot wherever the Blob sits (`value on array: index <type>: …`).
 * Where the holder is what the bug is about (a key copied onto an array or
 * onto a Map, a -0 in an array or in an object: two fast paths), the shape
 * stays whole. Which delivery showed it is a place too: a second delivery
 * whose first threw (a getter that then deleted itself) is the first clone
 * of what was left, and shows the bug a first delivery of it shows (the
 * main job of 2026-12-04 proposed V8's cloned `cause`, met on a second
 * delivery, as four new bugs; the ledger had folded such programs by hand).
 * @param {string} shape  bug-shape.js describeDifference's
 * @returns {string}
 */
export function placeless(shape) {
  const delivered = shape.startsWith(REPEATED_DELIVERY) ? shape.slice(REPEATED_DELIVERY.length) : shape;
  const match = /^([\w-]+) on [^:]+: ([^:<]*?)(?: <([^>]+)>)?: (.*)$/.exec(delivered);
  if (match === null) return delivered;
  const [, category, , slot, sides] = match;
  if (slot !== undefined && !ATTRIBUTES.has(slot)) return `${category} <${slot}>: ${sides}`;
  return slot === undefined && OF_THE_OBJECT.has(category) ? `${category}: ${sides}` : delivered;
}
