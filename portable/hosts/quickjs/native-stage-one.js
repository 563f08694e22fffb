// What harness.c's native stage 1 (program-native.c) reads once, when the
// harness starts: the decoder's tables, as src/program/bytes.js has them (so
// the C decoder reads the bytes as `fromBytes` does without a second copy
// of any table), the facts about them the decoder's constraints need,
// computed here by the same functions `fromBytes` calls (`keyProblem`,
// `isArrayIndex`), and the program runtime's operations (src/program/runtime.js)
// the C builder calls for whatever it does not make itself.
//
// Also `checkNativeStageOne`, the agreement check (CLONECHECK_CHECK_NATIVE,
// test/native.test.js): for an input, the C decoder's program must be the
// one `fromBytes` makes, and what the C builder built must be what `build`
// builds: the same bytes from QuickJS-ng's writer, the same observation.

import {
  BIGINTS, BYTE_KINDS, CLASS_NAMES, DATE_TIMES, DOMEXCEPTION_NAMES, INTEGRITY, KEYS, LAST_MODIFIED, MAX_OBJECTS,
  MAX_STREAM_TAIL_CHUNKS, MEDIA_TYPES, NUMBERS, PLATFORM_TAIL_KINDS, REGEXP_FLAGS, REGEXP_SOURCES, REPEAT_COUNTS, STEP_KEYS,
  STREAM_TAIL_KINDS, STRINGS, VIEW_TYPES,
} from '../../../src/program/bytes.js';
import {
  ELEMENT_SIZE, ERROR_TYPES, FIXED_INTRINSIC_KEYS, FUNCTION_STYLES, INTRINSIC_NAMES, MAX_DELIVERIES, OPAQUE_TYPES, PROGRAM_SCHEMA, keyProblem,
} from '../../../src/program/schema.js';
import { SPECIAL_NUMBERS, WELL_KNOWN_SYMBOLS } from '../../../src/program/values.js';
import { createRuntime } from '../../../src/program/runtime.js';
import { KIND, PLATFORM_MAKERS } from '../../../src/program/kinds/index.js';
import { registerOpaque } from '../../../src/abstract-ops/brands.js';
import { isArrayIndex } from '../../../src/abstract-ops/object-operations.js';
import { canonicalJSON, fromBytes, observe } from '../../../src/index.js';

/**
 * @param {ArrayLike<unknown>} list (some of src/'s lists have a null prototype)
 * @returns {{values: unknown[], json: string[]}} a table: its values and their JSON
 */
function table(list) {
  const values = Array.from(list);
  return { values, json: values.map((value) => JSON.stringify(value)) };
}

/**
 * For each KEYS entry, whether a node like `node` refuses it as an own property (`keyProblem`).
 * @param {any} node
 * @returns {boolean[]}
 */
const refusedKeys = (node) => KEYS.map((key) => keyProblem(node, key) !== undefined);

/**
 * A boxed String refuses its length and its character indices: its row
 * depends only on the string's length, up to one past the highest index
 * among KEYS that a program's string can reach (longer strings refuse the
 * same keys).
 */
const BOXED_LENGTHS = 1 + Math.max(...KEYS.filter((key) => isArrayIndex(key) && Number(key) < 2 ** 16).map(Number));

/** Every kind a decoded program's node has. */
const REFUSAL_KINDS = [...BYTE_KINDS, ...PLATFORM_TAIL_KINDS, 'messageport', ...STREAM_TAIL_KINDS];

/** The values of the SPECIAL_NUMBERS names, as `runtime.number` makes them. */
const SPECIAL_VALUES = { NaN: NaN, '-0': -0, Infinity: Infinity, '-Infinity': -Infinity };

/** The program runtime whose operations the C builder calls (build.js makes its own the same way). */
const runtime = createRuntime(globalThis, PLATFORM_MAKERS);

/**
 * The objects INTRINSIC_NAMES name, resolved when the harness starts,
 * before any realm step runs, as a program resolves them before its first
 * step: the C builder's prototypes, and the table its realm steps change
 * (runtime.js `realm`).
 */
const intrinsics = runtime.realm(globalThis, [...INTRINSIC_NAMES]);

export const nativeStageOne = {
  programSchema: JSON.stringify(PROGRAM_SCHEMA),
  maxObjects: MAX_OBJECTS,
  maxDeliveries: MAX_DELIVERIES,
  maxStreamTailChunks: MAX_STREAM_TAIL_CHUNKS,
  byteKinds: table(BYTE_KINDS),
  platformTailKinds: {
    ...table(PLATFORM_TAIL_KINDS),
    // Which of them this host cannot make, so `build` refuses a program that holds one (schema.js hostProblems).
    refused: PLATFORM_TAIL_KINDS.map((kind) => (KIND[kind].platform?.makers ?? []).some((name) => typeof (/** @type {any} */ (globalThis))[name] !== 'function')),
  },
  streamTailKinds: table(STREAM_TAIL_KINDS),
  strings: { ...table(STRINGS), lengths: STRINGS.map((s) => s.length) },
  numbers: table(NUMBERS),
  bigints: { ...table(BIGINTS), values: BIGINTS.map((text) => BigInt(text)) },
  repeatCounts: table(REPEAT_COUNTS),
  keys: {
    ...table(KEYS),
    // One past the index an array-index key sets (0 for other keys): what makes an array long
    // (capped at 2^31 - 1: it is only compared with entry.js's DENSE_WRITE_LIMIT).
    indexEnds: KEYS.map((key) => (isArrayIndex(key) ? Math.min(Number(key) + 1, 2 ** 31 - 1) : 0)),
    lengths: KEYS.map((key) => key.length),
  },
  stepKeys: table(STEP_KEYS),
  classNames: table(CLASS_NAMES),
  regexpSources: table(REGEXP_SOURCES),
  regexpFlags: table([...REGEXP_FLAGS]),
  dateTimes: table(DATE_TIMES),
  viewTypes: { ...table(VIEW_TYPES), elementSizes: VIEW_TYPES.map((type) => ELEMENT_SIZE[type]) },
  integrity: table(INTEGRITY),
  domexceptionNames: table(DOMEXCEPTION_NAMES),
  mediaTypes: table(MEDIA_TYPES),
  lastModified: table(LAST_MODIFIED),
  errorTypes: table(ERROR_TYPES),
  functionStyles: table(FUNCTION_STYLES),
  opaqueTypes: table(OPAQUE_TYPES),
  intrinsicNames: {
    ...table(INTRINSIC_NAMES),
    objects: INTRINSIC_NAMES.map((name) => intrinsics[name]),
    table: intrinsics,
    // Per intrinsic, which STEP_KEYS no realm step may change (`steps` in bytes.js skips them).
    fixedStepKeys: INTRINSIC_NAMES.map((name) => STEP_KEYS.map((key) => (FIXED_INTRINSIC_KEYS[name] ?? []).includes(key))),
  },
  specialNumbers: { ...table(SPECIAL_NUMBERS), values: SPECIAL_NUMBERS.map((name) => SPECIAL_VALUES[/** @type {keyof typeof SPECIAL_VALUES} */ (name)]) },
  wellKnownSymbols: { ...table(WELL_KNOWN_SYMBOLS), values: WELL_KNOWN_SYMBOLS.map((name) => /** @type {any} */ (Symbol)[name]) },
  refusedKeys: {
    // Per kind fromBytes makes (a platform object may be the first, which holds the others), for
    // the kinds whose refusals depend on the kind alone.
    kinds: REFUSAL_KINDS,
    byKind: REFUSAL_KINDS.map((kind) => (kind === 'view' || kind === 'boxed' ? [] : refusedKeys({ kind }))),
    typedArray: refusedKeys({ kind: 'view', type: 'Uint8Array' }),
    dataView: refusedKeys({ kind: 'view', type: 'DataView' }),
    boxedString: Array.from({ length: BOXED_LENGTHS + 1 }, (_, length) => refusedKeys({ kind: 'boxed', value: 'x'.repeat(length) })),
    boxedOther: refusedKeys({ kind: 'boxed', value: false }),
  },
  runtime,
  /** A build context for the operations that take one (runtime.js `context`), as `build` makes it. */
  context: () => runtime.context(registerOpaque),
};

/** @type {{write: (value: unknown) => Uint8Array}} */
const native = /** @type {any} */ (globalThis).clonecheckNative;

/**
 * @param {() => unknown} make
 * @returns {string} canonical JSON of what `make` gives, or of what it throws
 */
function outcomeOf(make) {
  try {
    return canonicalJSON({ value: make() });
  } catch (error) {
    return canonicalJSON({ threw: String(error) });
  }
}

/**
 * The agreement check of one input.
 * @param {Uint8Array} bytes
 * @param {string} decoded the C decoder's program, as JSON
 * @param {string} outcome what the C stage 1 did: 'built', 'refused', 'long' or 'script' (left to the script)
 * @param {{build: () => unknown, applyRealmSteps: () => (() => void) | undefined}} inC the program built again in C,
 *   and its realm steps applied as stage 1 applies them (what undoes them, or undefined when it has none)
 * @param {(bytes: Uint8Array) => {outcome: string, build: () => unknown, inRealm: <T>(use: (value: unknown) => T) => T}} buildScript
 *   stage 1's script path: the program built again, with or without its realm steps applied
 * @param {boolean} shares whether the value reaches a SharedArrayBuffer (written as its address: no byte comparison)
 * @returns {string | undefined} what disagrees
 */
export function checkNativeStageOne(bytes, decoded, outcome, inC, buildScript, shares) {
  const expected = canonicalJSON(fromBytes(bytes));
  const actual = canonicalJSON(JSON.parse(decoded));
  if (expected !== actual) return `the C decoder's program differs from fromBytes's:\n  fromBytes ${expected}\n  C         ${actual}`;
  const script = buildScript(bytes);
  if (outcome === 'script') return undefined;
  if (outcome !== script.outcome) return `stage 1 in C ${outcome}, in script ${script.outcome}`;
  if (outcome !== 'built') return undefined;
  if (!shares) {
    // As stage 1 writes the value: its realm steps applied.
    const written = outcomeOf(() => {
      const value = inC.build();
      const restore = inC.applyRealmSteps();
      try {
        return Array.from(native.write(value));
      } finally {
        restore?.();
      }
    });
    const writtenByScript = outcomeOf(() => script.inRealm((value) => Array.from(native.write(value))));
    if (written !== writtenByScript) return `QuickJS-ng writes what C built differently:\n  script ${writtenByScript}\n  C      ${written}`;
  }
  const seen = outcomeOf(() => observe(inC.build()));
  const seenByScript = outcomeOf(() => observe(script.build()));
  if (seen !== seenByScript) return `what C built is observed differently:\n  script ${seenByScript}\n  C      ${seen}`;
  return undefined;
}
