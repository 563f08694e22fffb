// The signature of a deviation: which target, and the bug, not the place. It
// is the root difference of the case (the one the others follow from),
// described by the kind of object that holds it, the role of the property,
// and the class of each side (bug-shape.js): `$.a`, `$[0].a` and
// `$<map value 1>.a` filled from a Map's own property are one signature, a
// getter's extra call and what its throw did to the outcome are one.
// Whether the cases of one signature are one bug is checked after
// shrinking (same-bug.js).

import { describeDifference, programFeatures, rootDifference } from './bug-shape.js';

/**
 * @param {string} target
 * @param {import('../../src/observe/diff.js').Difference[]} differences non-empty
 * @param {import('./bug-shape.js').CaseContext} [context] the observations and the program, where the
 *   differences' holders are looked up (without it every holder is an `object`)
 * @returns {{signature: string, category: string, shape: string}}
 *   `signature`: `<target>.<root category>.<8 hex digits>`, safe as a folder name; `shape`: the root difference described
 */
export function signatureOf(target, differences, context = {}) {
  const root = rootDifference(differences, context);
  const shape = describeDifference(root, context);
  return { signature: signatureName(target, root.category, shape), category: root.category, shape };
}

/**
 * The name of a finding once its program is (as) small (as it gets): the
 * root difference and the program's features, its trigger. Two findings
 * with the same minimal difference but different triggers are two bugs;
 * the same bug met from two signatures gets one name (same-bug.js).
 * @param {string} target
 * @param {{differences: import('../../src/observe/diff.js').Difference[], expected?: unknown, actual?: unknown, program: any}} deviation
 */
export function bugSignature(target, { differences, expected, actual, program }) {
  const { category, shape } = signatureOf(target, differences, { expected, actual, program });
  return signatureName(target, category, `${shape}\n${featureKey(programFeatures(program))}`);
}

/** @param {string[]} features a program's, sorted (bug-shape.js) @returns {string} one line naming them */
export function featureKey(features) {
  return features.join('; ');
}

/**
 * @param {string} target
 * @param {string} category
 * @param {string} identity what the hash names
 * @returns {string} `<target>.<category>.<8 hex digits>`
 */
export function signatureName(target, category, identity) {
  const safeTarget = target.replace(/[^A-Za-z0-9@.-]+/g, '-').replace(/^-+|-+$/g, '');
  return `${safeTarget}.${category}.${fnv1a(`${target}\n${identity}`)}`;
}

/**
 * The signature of a timeout or a crash: one per target and verdict, and
 * for a crash per kind of death (`deathOf`): there are no differences to
 * shape it, but a panic at one place and a worker killed by an uncaught
 * TypeError are two bugs.
 * @param {string} target
 * @param {'timeout' | 'crash'} verdict
 * @param {string} [detail]  for a crash: what the watchdog saw
 */
export function verdictSignature(target, verdict, detail) {
  const shape = verdict === 'crash' ? `crash: ${deathOf(detail)}` : verdict;
  return { signature: signatureName(target, verdict, shape), category: verdict, shape };
}

/**
 * An uncaught error a program's own getter, setter or trap threw
 * (src/program/runtime.js throws `new errors[name]('thrown by ' + key)`):
 * its class is the program's choice, so Node 20's MessagePort dying under a
 * throwing Array.prototype[Symbol.iterator] getter is one death whether the
 * getter throws an Error or a RangeError (it was two bugs in a nightly run).
 */
const PROGRAM_THROW = /\b\w*Error: thrown by /;

/**
 * What kind of death a crash's detail tells (pool.js, agents/process.js and
 * receivers/workers.js write it): who died (an agent, a thread, a receiving
 * worker) and how (the exit code or signal, else the error's name), and
 * where a runtime panicked (Deno's "panicked at file.rs:line"), not what
 * changes with the program (messages, values, stacks, the class of its own throw).
 * @param {string | undefined} detail
 * @returns {string}
 */
export function deathOf(detail = '') {
  const who = detail.startsWith('a receiving worker died') ? 'receiving worker' : /^the \S+ agent\b/.test(detail) ? 'agent' : 'thread';
  const how = PROGRAM_THROW.test(detail) ? "the program's own throw"
    : /exited with code -?\d+|was killed by \w+|exit code -?\d+|\b\w*Error\b/.exec(detail)?.[0].replace(/^exited with /, 'exit ') ?? 'unknown';
  const panic = /panicked at (\S+?:\d+):\d+/.exec(detail)?.[1];
  return [who, how, ...(panic === undefined ? [] : [`panicked at ${panic}`])].join(', ');
}


/**
 * FNV-1a, 32 bits, over UTF-16 code units: a stable short name, not a security property.
 * @param {string} text
 */
function fnv1a(text) {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, '0');
}
