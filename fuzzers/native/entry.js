// The script the native harness (harness.c) evaluates in its QuickJS-ng
// context, bundled by harness/native/build.js. Per fuzzer input:
// bytes -> fromBytes -> the program as the serializer channel takes it (no
// transfer list, not for storage: harness/targets/programs.js) -> built and
// cloned twice, by the reference's spec path (the oracle) and by QuickJS's
// own serializer (`clonecheckNative.message`, JS_WriteObject2/JS_ReadObject
// as its worker postMessage calls them) -> each case observed
// (harness/case/case.js, src/observe) -> the differences that count, less
// QuickJS-ng's known ones (expectations.js). Only src/ and the portable
// case code run here: the same code as in every other target's agent.

import { build, canonicalJSON, fromBytes, validate } from '../../src/index.js';
import { deliveredObservation, observedCase, oracleClone, seenDeviations, seenHere } from '../../harness/case/case.js';
import { withoutTransfer } from '../../harness/targets/programs.js';
import { unexpected } from './expectations.js';
import { regexpBehaviourDifferences } from './regexp-behaviour.js';
import viaMessage from '../../harness/targets/clone-functions/quickjs-message.js';
import './quickjs-host.js';

/** @type {{print: (text: string) => void}} */
const native = /** @type {any} */ (globalThis).clonecheckNative;

const oracle = oracleClone(undefined, 'none');

/**
 * Runs a program on the oracle and on QuickJS's serializer.
 * @param {any} program as the channel takes it
 * @returns {{expected: () => unknown, actual: () => unknown, differences: import('../../src/observe/diff.js').Difference[]}}
 *   the case observations are made only when asked for (a passing case needs none)
 */
export function judgeProgram(program) {
  const expected = seenHere(observedCase(program, () => build(program), oracle));
  /** @type {unknown} */
  let landed;
  const actual = seenHere(observedCase(program, () => build(program), (value) => (landed = viaMessage(value))));
  // Behaviour the observation cannot see (a RegExp is kept as bytecode), once the realm is restored.
  const differences = [...seenDeviations(expected, actual), ...regexpBehaviourDifferences(landed)];
  const observations = { expected: () => deliveredObservation(expected), actual: () => deliveredObservation(actual) };
  if (differences.length === 0) return { ...observations, differences };
  return { ...observations, differences: unexpected(differences, observations.expected(), observations.actual(), program) };
}

/**
 * @param {Uint8Array} bytes
 * @returns {any} the program the bytes decode to, as the serializer channel takes it
 */
export function programOf(bytes) {
  return withoutTransfer(fromBytes(bytes));
}

/** The line of a deviation report that holds it as JSON (harness/native/findings.js reads it). */
const JSON_LINE = 'clonecheck-deviation: ';

/**
 * libFuzzer's and AFL++'s per-input call.
 * @param {Uint8Array} bytes
 * @returns {string | undefined} a report when QuickJS deviates (the harness aborts with it): the
 *   differences one per line, then the program, both observations and the differences as JSON on one line
 */
function fuzzOne(bytes) {
  const program = programOf(bytes);
  // fromBytes may add a DOMException, Blob or File, which QuickJS does not have: nothing to compare.
  if (validate(program, { global: globalThis }).length > 0) return undefined;
  const judged = judgeProgram(program);
  const { differences } = judged;
  if (differences.length === 0) return undefined;
  const lines = ['clonecheck: QuickJS-ng\'s serializer deviates from the structured clone algorithm'];
  for (const d of differences) lines.push(`  ${d.path}  ${d.category}: expected ${canonicalJSON(d.expected)}, actual ${canonicalJSON(d.actual)}`);
  lines.push(`${JSON_LINE}${JSON.stringify({ program, expected: judged.expected(), actual: judged.actual(), differences })}`);
  return lines.join('\n');
}

/** @param {Uint8Array} bytes prints the program the bytes decode to */
function printProgram(bytes) {
  native.print(JSON.stringify(programOf(bytes)));
}

Object.assign(globalThis, { fuzzOne, printProgram });
