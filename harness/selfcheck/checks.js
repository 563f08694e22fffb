// The properties every program must satisfy, checked in this (Node) realm.
// The property test and `clonecheck selfcheck` both call `checkProgram`, so the
// test and the long run check exactly the same thing.
//
//  0. the program is valid (what the generators and fromBytes promise);
//  1. tiers are invisible: the reference with its fast-path tiers on and with
//     them off gives the same observation (value or thrown error, effects
//     log, input unchanged, no shared objects) for a freshly built value.
//  2. emit builds what build builds: the value that the emitted JavaScript
//     makes observes the same as the one `build` makes, logs the same effects,
//     and clones (tiers off) to the same observation.

import { build, counted, emit, registerOpaque, validate } from '../../src/index.js';
import { cloneCase, deviations, referenceClone } from '../../portable/case/case.js';
import { judgeableHere } from '../../portable/targets/programs.js';

/**
 * @typedef {object} Finding
 * @property {string} property  which property failed
 * @property {unknown} expected  the observation that is right by definition (tiers off / build)
 * @property {unknown} actual
 * @property {object[]} differences  `deviations(expected, actual)`
 */

/**
 * Builds the program from the emitted JavaScript (what a repro does).
 * @param {any} program
 * @returns {() => any} a function that makes a fresh Built
 */
export function emittedBuilder(program) {
  const makeBuilt = (0, eval)(emit(program));
  // Counted as build counts it: the reference's stream machinery waits for the emitted steps to be undone too.
  return () => counted(program, () => makeBuilt(registerOpaque));
}

/**
 * A finding when the two observations differ in anything that counts.
 * @param {string} property @param {unknown} expected @param {unknown} actual
 * @returns {Finding | null}
 */
function compare(property, expected, actual) {
  const differences = deviations(expected, actual);
  return differences.length === 0 ? null : { property, expected, actual, differences };
}

/**
 * Checks the properties for one program.
 * @param {any} given a valid program
 * @param {{coverage?: object}} [options] `coverage` collects the tiers' guard coverage
 * @returns {Finding[]} empty when the program passes
 */
export function checkProgram(given, { coverage } = {}) {
  const problems = validate(given);
  if (problems.length > 0) {
    const differences = problems.map(({ path, message }) => ({ path, category: 'invalid program', expected: 'valid', actual: message }));
    return [{ property: 'the program is valid', expected: [], actual: problems, differences }];
  }
  // As a target on this host runs a generated program: what Node cannot make (a canvas) an ordinary object.
  const program = judgeableHere(given);
  const fromBuild = () => build(program);
  const specPath = referenceClone({ tiers: false });
  const tiersOn = cloneCase(program, fromBuild, referenceClone({ tiers: true, coverage }));
  const tiersOff = cloneCase(program, fromBuild, specPath, { observeInput: true });
  const emitted = cloneCase(program, emittedBuilder(program), specPath, { observeInput: true });
  return [
    compare('tiers are invisible (tiers on = tiers off)', tiersOff.clone, tiersOn.clone),
    compare('emit builds what build builds (value and effects before cloning)', tiersOff.input, emitted.input),
    compare('emit builds what build builds (clone with tiers off)', tiersOff.clone, emitted.clone),
  ].filter((f) => f !== null);
}
