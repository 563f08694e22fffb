// The script the native harness (harness.c) evaluates in its QuickJS-ng
// context, bundled by harness/native/build.js. Per fuzzer input:
// bytes -> fromBytes -> the program as the serializer channel takes it (no
// transfer list, not for storage: portable/targets/programs.js) -> built and
// cloned twice, by the reference's spec path (the oracle) and by QuickJS's
// own serializer (`clonecheckNative.message`, JS_WriteObject2/JS_ReadObject
// as its worker postMessage calls them) -> each case observed
// (portable/case/case.js, src/observe) -> the differences that count, less
// QuickJS-ng's known ones (expectations.js). Only src/ and the portable
// case code run here: the same code as in every other target's agent.
//
// Two stages (harness.c decides which inputs reach the second): `stageOne`
// sends the program's value through QuickJS's round trip and checks that
// writing the clone again gives the same bytes; `fuzzOne` is the whole
// case against the oracle.

import { build, canonicalJSON, drawn, fromBytes } from '../../../src/index.js';
import { hostProblems } from '../../../src/program/schema.js';
import { isArrayIndex } from '../../../src/abstract-ops/object-operations.js';
import {
  deliveredObservation, deviationSignature, observedCase, oracleClone, partingField, partingOffset, rewriteSignature, seenDeviations, seenHere, unexpected,
  viaQuickjsMessage as viaMessage, withoutTransfer,
} from '../../index.js';
import { regexpBehaviourDifferences } from './regexp-behaviour.js';
import { checkNativeStageOne, nativeStageOne } from './native-stage-one.js';
import './quickjs-host.js';

/**
 * What stage 1's round trip saw break (harness.c `js_round_trip`).
 * @typedef {{stage: 'read', error: unknown, written: Uint8Array} | {stage: 'rewrite', error: unknown, written: Uint8Array}
 *   | {stage: 'bytes', written: Uint8Array, rewritten: Uint8Array}} Broken
 */

/** @type {{print: (text: string) => void, roundTrip: (value: unknown) => Broken | undefined}} */
const native = /** @type {any} */ (globalThis).clonecheckNative;

const oracle = oracleClone(undefined, 'none');

/**
 * Runs a program on the oracle and on QuickJS's serializer.
 * @param {any} program as the channel takes it
 * @returns {{expected: () => unknown, actual: () => unknown, differences: import('../../../src/observe/diff.js').Difference[]}}
 *   the case observations are made only when asked for (a passing case needs none)
 */
export function judgeProgram(program) {
  const expected = seenHere(observedCase(program, () => build(program), oracle));
  /** @type {unknown} */
  let landed;
  const actual = seenHere(observedCase(program, () => build(program), (value, options) => (landed = viaMessage(value, options))));
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
/** The line of a broken rewrite invariant's report (findings.js reads it too). */
const REWRITE_LINE = 'clonecheck-rewrite: ';

/**
 * The longest array QuickJS-ng is given to write. Its writer writes an
 * array as its length and then `[[Get]]` of every index below it (bug 7,
 * the ledger's `quickjs/writes-a-sparse-array-densely`): one element at
 * 2^32-2 is a message of ~4 GB that outlives the 10 s input limit, and
 * 2^24 takes 333 ms. AFL++ meets such an input again and again: in 90 s
 * campaigns (2026-12-03) 7 to 9 hangs, each waited out for 10 s, were most
 * of the campaign's time (88 execs/s in one round, 900 in another). A
 * program with a longer array is not run (as a program QuickJS cannot
 * build is not): what it would show is that known bug.
 */
const DENSE_WRITE_LIMIT = 2 ** 20;

/**
 * @param {any} program
 * @returns {boolean} whether some array of the program is longer than DENSE_WRITE_LIMIT: its
 *   `length`, its items and fill, or an index key among its properties
 */
function makesALongArray(program) {
  return program.objects.some((/** @type {any} */ node) => node.kind === 'array' && Math.max(
    node.length ?? 0,
    node.items.length + (node.fill?.[1] ?? 0),
    ...(node.props ?? []).map((/** @type {any} */ prop) => (typeof prop.key === 'string' && isArrayIndex(prop.key) ? Number(prop.key) + 1 : 0)),
  ) > DENSE_WRITE_LIMIT);
}

/**
 * The program the bytes decode to, vouched for (src/program/build.js
 * `drawn`): the decoder makes only valid programs (test/program.slow.test.js:
 * 20,000 random byte strings), so build() runs only this host's checks (a
 * DOMException, Blob or File QuickJS-ng lacks is refused as before), as for
 * a program the generator drew.
 * @param {Uint8Array} bytes
 * @returns {any}
 */
function vouchedProgram(bytes) {
  return drawn(programOf(bytes));
}

/**
 * Stage 2's program when stage 1 left none (it ran in C). Validating it whole,
 * here and again when the first build compiled it, was a quarter of a
 * stage 2 run (0.35 of 1.36 ms, 2,000 runs of an AFL++ queue in the
 * uninstrumented build, 2026-12-04); this host's checks are all it needs.
 * @param {Uint8Array} bytes
 * @returns {any} the program, or undefined when there is nothing to compare: fromBytes may add a
 *   DOMException, Blob or File, which QuickJS does not have; or an array QuickJS writes as ~4 GB
 */
function comparableProgram(bytes) {
  const program = vouchedProgram(bytes);
  return hostProblems(program, { global: globalThis }).length > 0 || makesALongArray(program) ? undefined : program;
}

/**
 * The program stage 1 decoded and built, kept for stage 2 of the same input
 * (harness.c passes the same bytes object): build.js caches a program's
 * validated, compiled plan by the program object, so stage 2 neither decodes
 * nor validates nor compiles it again. Undefined when the program was invalid.
 * @type {{bytes: Uint8Array | undefined, program: any}}
 */
let staged = { bytes: undefined, program: undefined };

/**
 * @param {unknown} error
 * @returns {boolean} whether build() refused the program (src/program/build.js `rejectInvalid`: what
 *   `comparableProgram`'s hostProblems refuses, with this host's limits besides)
 */
const refusedProgram = (error) => error instanceof TypeError && error.message.startsWith('invalid program at ');

/**
 * Stage 1's program for the bytes, and what became of it: too long to
 * write ('long'), refused by `build` ('refused': what `comparableProgram`'s
 * hostProblems refuses, with this host's limits besides), or built ('built').
 *
 * The program is vouched for (`vouchedProgram`). In QuickJS-ng's qjs,
 * decoding and building the 1,068 inputs of an AFL++ queue: 314 -> 227 µs
 * an input (1.38x; 2026-12-03, median of 7 alternating rounds, the same
 * 1,021 built).
 * @param {Uint8Array} bytes
 * @returns {{outcome: 'long' | 'refused', program: any, built?: undefined} | {outcome: 'built', program: any, built: import('../../../src/program/build.js').Built}}
 */
function stageOneProgram(bytes) {
  const program = vouchedProgram(bytes);
  if (makesALongArray(program)) return { outcome: 'long', program };
  try {
    return { outcome: 'built', program, built: build(program) };
  } catch (error) {
    if (refusedProgram(error)) return { outcome: 'refused', program };
    throw error;
  }
}

/**
 * Stage 1 in script, every input harness.c does not build in C
 * (program-native.c: a program holding a platform object it does not make, or every input with
 * CLONECHECK_STAGE_ONE=script): the program built, the receiver's realm
 * set up as the whole case sets it, its value through QuickJS's round trip
 * and written again. No observation, no oracle. Timed in the harness (-O2,
 * an AFL++ queue of 1,141 inputs, performance.now() around each step): the
 * round trip itself is under 1% of stage 1; decoding about a fifth,
 * validate() a sixth, build() the rest.
 * Stage 2 judges the same program object, so it is not validated there either.
 * @param {Uint8Array} bytes
 * @returns {Broken | undefined} what broke, if anything
 */
function stageOne(bytes) {
  const { outcome, program, built } = stageOneProgram(bytes);
  staged = { bytes, program: outcome === 'built' ? program : undefined };
  if (built === undefined) return undefined;
  try {
    built.setupReceiver();
    return native.roundTrip(built.value);
  } finally {
    built.restore();
  }
}

/**
 * Stage 1 in script for the agreement check (native-stage-one.js): what
 * became of the program, and functions that build it again: its value in
 * the realm as it was, or its value given to `use` with its realm steps
 * applied, as stage 1 sends it.
 * @param {Uint8Array} bytes
 * @returns {{outcome: string, build: () => unknown, inRealm: <T>(use: (value: unknown) => T) => T}}
 */
function scriptStageOne(bytes) {
  const { outcome, program, built } = stageOneProgram(bytes);
  built?.restore();
  return {
    outcome,
    build() {
      const again = build(program);
      again.restore();
      return again.value;
    },
    inRealm(use) {
      const again = build(program);
      try {
        again.setupReceiver();
        return use(again.value);
      } finally {
        again.restore();
      }
    },
  };
}


/** A report holds this much of each message: QuickJS-ng writes a sparse array densely (bug 7), megabytes. */
const REPORTED_BYTES = 4096;

/** @param {Uint8Array} bytes @returns {string} hex, two digits a byte, of the first REPORTED_BYTES */
const hexOf = (bytes) => Array.from(bytes.subarray(0, REPORTED_BYTES), (b) => b.toString(16).padStart(2, '0')).join('');

/**
 * A report and its record: the record's JSON is the report's last line,
 * which a replay reads (harness/native/findings.js), and the signature is
 * made from that JSON, as the replay makes it.
 * @param {string[]} lines the report's readable lines
 * @param {string} prefix the record line's
 * @param {object} record
 * @param {(record: any) => {signature: string}} sign
 * @returns {{signature: string, report: string}}
 */
function reported(lines, prefix, record, sign) {
  const json = JSON.stringify(record);
  return { signature: sign(JSON.parse(json)).signature, report: [...lines, `${prefix}${json}`].join('\n') };
}

/**
 * libFuzzer's and AFL++'s per-input call when an input reaches stage 2.
 * @param {Uint8Array} bytes
 * @param {Broken} [broken] what stage 1 saw break
 * @returns {{signature: string, report: string} | undefined} when QuickJS deviates, the finding's
 *   signature (the first inputs of each are kept in a campaign, harness.c) and its report (the
 *   harness aborts with it otherwise): the differences one per line, then the program, both
 *   observations and the differences as JSON on one line; or, when the oracle sees no deviation
 *   but writing the clone again did not give the same bytes, that, then the program and both
 *   messages as JSON on one line. A message QuickJS cannot read back is judged by the oracle
 *   alone: the reference may throw there too.
 */
function fuzzOne(bytes, broken) {
  const program = staged.bytes === bytes ? staged.program : comparableProgram(bytes);
  if (program === undefined) return undefined;
  const judged = judgeProgram(program);
  const { differences } = judged;
  if (differences.length > 0) {
    const lines = ['clonecheck: QuickJS-ng\'s serializer deviates from the structured clone algorithm'];
    for (const d of differences) lines.push(`  ${d.path}  ${d.category}: expected ${canonicalJSON(d.expected)}, actual ${canonicalJSON(d.actual)}`);
    return reported(lines, JSON_LINE, { program, expected: judged.expected(), actual: judged.actual(), differences }, deviationSignature);
  }
  if (broken === undefined || broken.stage === 'read') return undefined;
  const written = hexOf(broken.written);
  if (broken.stage === 'rewrite') {
    const error = String(broken.error);
    return reported(['clonecheck: QuickJS-ng cannot write again the clone it read back: write(read(write(x))) throws', `  ${error}`],
      REWRITE_LINE, { program, stage: broken.stage, error, written }, rewriteSignature);
  }
  const offset = partingOffset(broken.written, broken.rewritten);
  const field = partingField(broken.written, broken.rewritten);
  const rewritten = hexOf(broken.rewritten);
  return reported([`clonecheck: QuickJS-ng writes the clone it read back differently: write(read(write(x))) differs from write(x) at byte ${offset}, ${field}`,
    `  written   ${written}`, `  rewritten ${rewritten}`], REWRITE_LINE, { program, stage: broken.stage, offset, field, written, rewritten }, rewriteSignature);
}

/** @param {Uint8Array} bytes prints the program the bytes decode to */
function printProgram(bytes) {
  native.print(JSON.stringify(programOf(bytes)));
}

Object.assign(globalThis, {
  stageOne, fuzzOne, printProgram, scriptStageOne, checkNativeStageOne,
  clonecheckStageOne: { ...nativeStageOne, denseWriteLimit: DENSE_WRITE_LIMIT },
});
