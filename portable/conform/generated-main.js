// What a generated test (wpt/generated/*.any.js) runs, bundled by
// generate.js into wpt/generated/resources/clonecheck-case.js (a classic
// script that defines the global `clonecheck`): the program built by its
// emitted builder and cloned with the global structuredClone (the target's),
// and the reference's spec path on a fresh build of the same program in the
// same global; the two case observations compared as the fuzzer compares
// them (portable/case/case.js), implementation-defined differences left out.

import { registerOpaque } from '../../src/index.js';
import { PLATFORM_MAKERS } from '../../src/program/kinds/index.js';
import { createRuntime as createRuntimeWith } from '../../src/program/runtime.js';
import { cloneCase, deviations, oracleClone } from '../case/case.js';

/**
 * The builders' runtime, shared by every generated file (each `emit`s its
 * program without it), with the platform kinds' constructors.
 * @param {any} global
 */
export function createRuntime(global) {
  return createRuntimeWith(global, PLATFORM_MAKERS);
}

/**
 * @param {any} program
 * @param {(registerOpaque: Function) => any} makeBuilt the program's emitted builder
 * @param {string} [spec] the spec profile the reference follows (the generated files assert `html`)
 * @returns {{path: string, category: string, expected: unknown, actual: unknown}[]} the differences
 */
export function caseDeviations(program, makeBuilt, spec) {
  // The transfer list is the program's, whatever it holds: the engine's own checks are under test.
  const target = /** @type {(value: unknown, options?: {transfer?: unknown[]}) => unknown} */ (globalThis.structuredClone);
  const expected = cloneCase(program, () => makeBuilt(registerOpaque), oracleClone(undefined, 'sequence', spec)).clone;
  const actual = cloneCase(program, () => makeBuilt(registerOpaque), (value, { transfer }) => target(value, { transfer })).clone;
  return deviations(expected, actual);
}
