// What a replay of a program on a target shows: its root difference,
// described without its place (signature.js), or a crash or a hang by how it
// died, or nothing. A bug is matched by this, not by a hash: a known bug's
// program replayed on a target "shows" the bug there when the replay's root
// is the bug's root (triage.js, bisect.js).

import { signatureOf, verdictSignature } from './signature.js';

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
  return NOT_APPLICABLE.test(verdict.error ?? '') ? 'not-applicable' : 'harness-error';
}

/** @param {Shown} shown @param {Root} root @returns {boolean} the replay showed that root */
export function showsRoot(shown, root) {
  return typeof shown === 'object' && shown.shape === root.shape;
}
