// One case: build a program, let the receiving realm's set-up run, clone the
// value with some clone function, observe everything (src/observe), and put
// the realm back. Portable: it imports only src/, so the fuzzer (Node), the
// self-check and every repro.mjs (bundled, in Node, Bun or Deno) run the very
// same code.
//
// Between the build and the restore the realm is polluted, so nothing here
// looks up a global or an inherited property in that window: only src/ runs.

import { observe, observeClone, observeCloneAsync, canonicalJSON, diff } from '../src/index.js';

/**
 * @typedef {(value: unknown, options: {transfer: unknown[], forStorage: boolean}) => unknown} CloneFunction
 *   a structured clone implementation under test, or the reference; may return a Promise
 */

/**
 * Builds the program with `makeBuilt`, applies the receiver's realm set-up,
 * clones the value the way the program says (transfer list, forStorage) and
 * observes the case. With `observeInput`, also observes the built value and
 * the effects logged so far, before the receiver's set-up and the clone.
 * The realm is restored even when something throws.
 * @param {any} program
 * @param {() => import('../src/program/build.js').Built} makeBuilt `build(program)` or the emitted source's function
 * @param {CloneFunction} cloneFunction
 * @param {{observeInput?: boolean}} [options]
 * @returns {{input?: {value: unknown, effects: unknown[]}, clone: import('../src/observe/observe-clone.js').CaseObservation}}
 */
export function cloneCase(program, makeBuilt, cloneFunction, { observeInput = false } = {}) {
  const built = makeBuilt();
  let input;
  let effectsBefore = 0;
  let clone;
  try {
    if (observeInput) {
      input = observe(built.value);
      effectsBefore = built.effects.length;
    }
    built.setupReceiver();
    clone = observeClone(caseOptions(program, built, cloneFunction));
  } finally {
    built.restore();
  }
  if (!observeInput) return { clone };
  // Copied once the realm is restored: Array.from and slice are safe again.
  return { input: { value: input, effects: Array.from(built.effects).slice(0, effectsBefore) }, clone };
}

/**
 * `cloneCase` for a clone function that may settle later (a message channel,
 * an implementation returning a Promise). The realm stays set up until it settles.
 * @param {any} program
 * @param {() => import('../src/program/build.js').Built} makeBuilt
 * @param {CloneFunction} cloneFunction
 * @returns {Promise<import('../src/observe/observe-clone.js').CaseObservation>}
 */
export async function cloneCaseAsync(program, makeBuilt, cloneFunction) {
  const built = makeBuilt();
  try {
    built.setupReceiver();
    return await observeCloneAsync(caseOptions(program, built, cloneFunction));
  } finally {
    built.restore();
  }
}

/**
 * @param {any} program
 * @param {import('../src/program/build.js').Built} built
 * @param {CloneFunction} cloneFunction
 */
function caseOptions(program, built, cloneFunction) {
  const { value, transfer, effects } = built;
  const options = { transfer, forStorage: program.forStorage === true };
  return { input: value, clone: () => cloneFunction(value, options), effects };
}

/**
 * The differences between an expected and an actual observation that count:
 * everything but what the host may choose (diff's 'implementation-defined'
 * category: an Error's stack, the text of an error the engine threw).
 * @param {unknown} expected
 * @param {unknown} actual
 * @returns {import('../src/observe/diff.js').Difference[]} empty when the case passes
 */
export function deviations(expected, actual) {
  if (canonicalJSON(expected) === canonicalJSON(actual)) return [];
  return diff(expected, actual).filter((d) => d.category !== 'implementation-defined');
}
