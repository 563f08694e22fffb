// The one comparison a finding's snippet prints: a difference (src/observe/
// diff.js) turned back into a JavaScript expression on the clone, with the
// value the structured clone algorithm gives it and the value the target
// gave it, both as JavaScript literals. `Object.is(actual, expected)` then
// decides PASS or FAIL.
//
// Only what one short expression states exactly is turned into a check;
// the calls of the program's accessors (effects) are logged to an array the
// snippet joins. Everything else (input changes, key order, detachment, an
// object's kind in another realm, …) gets a reason instead, and the report
// points to repro.mjs, which compares the whole observation.

import { ELEMENT_SIZES } from '../../src/abstract-ops/buffers.js';
import { isIdentifier } from '../../src/observe/strings.js';
import { PLATFORM_ATTRIBUTES, isPlatformKind } from '../../src/webidl/interfaces.js';

/**
 * @typedef {object} Check
 * @property {'clone' | 'throw' | 'calls' | 'input' | 'arrival'} subject  'clone': `expression` reads the clone (a variable `clone`);
 *   'arrival': whether the clone ended at all (snippet-stall.js: a crash's or a hang's; `expression` is what it prints first);
 *   'input': `expression` reads the value after the clone, thrown or not (a variable `value`);
 *   'calls': `expression` reads the calls of the program's accessors and methods while the clone ran
 *   (an array `calls` of `"<event> <key>"`, emitPlain's `log`);
 *   'throw': `expression` reads the error the clone threw (a variable `error`), and is 'nothing' when it threw none
 * @property {string} expression  JavaScript
 * @property {string} expected  a JavaScript literal: what the structured clone algorithm gives
 * @property {string} actual  a JavaScript literal: what the target gave
 * @property {string} path  the difference's path
 * @property {number} delivery  the send it is in (1 for a value sent once; the program's `deliveries`)
 * @property {string[]} reads  the intrinsics (program.md's names) whose methods and accessors the expression
 *   calls, or `<intrinsic>.<key>` for one of them: a program that changes one of them changes what the check sees
 */

/** Integrity levels from the weakest (docs/observation.md: the strongest that holds is observed). */
const INTEGRITY_LEVELS = ['extensible', 'non-extensible', 'sealed', 'frozen'];
/** For each level but the weakest, the predicate that holds at that level and the stronger ones. */
const INTEGRITY_PREDICATES = {
  'non-extensible': (/** @type {string} */ x) => `!Object.isExtensible(${x})`,
  sealed: (/** @type {string} */ x) => `Object.isSealed(${x})`,
  frozen: (/** @type {string} */ x) => `Object.isFrozen(${x})`,
};

/**
 * Object kinds (diff's `kind` differences between two objects) and a
 * predicate that holds for that kind and not for a plain object. Array.isArray
 * and ArrayBuffer.isView read internal slots; instanceof reads the prototype
 * chain, which a clone of another kind does not share with these.
 * @type {Record<string, (x: string) => string>}
 */
const KIND_PREDICATES = {
  array: (x) => `Array.isArray(${x})`,
  typedarray: (x) => `ArrayBuffer.isView(${x}) && !(${x} instanceof DataView)`,
  dataview: (x) => `${x} instanceof DataView`,
  map: (x) => `${x} instanceof Map`,
  set: (x) => `${x} instanceof Set`,
  arraybuffer: (x) => `${x} instanceof ArrayBuffer`,
  sharedarraybuffer: (x) => `${x} instanceof SharedArrayBuffer`,
  date: (x) => `${x} instanceof Date`,
  regexp: (x) => `${x} instanceof RegExp`,
  error: (x) => `${x} instanceof Error`,
};

/**
 * The platform interfaces that inherit from another (WebIDL's table,
 * src/webidl/interfaces.js): an instance of these is one of its parent's too.
 */
const PARENT_INTERFACES = new Map([['File', 'Blob'], ['DOMMatrix', 'DOMMatrixReadOnly'], ['DOMPoint', 'DOMPointReadOnly'], ['DOMRect', 'DOMRectReadOnly']]);

/**
 * A clone of one platform interface where another kind was expected, by
 * instanceof: the expected interface, or the actual one where that is the
 * expected one's subclass (a File where a Blob was expected). The snippet
 * made the object of that interface, so the runtime it runs in has the
 * interface as a global (Deno's DOMMatrix, Node's Blob).
 * @param {string} here the expression for the object
 * @param {string} expected @param {string} actual  the kinds
 * @returns {[string, string, string] | undefined} the expression, its expected and actual value
 */
function platformCheck(here, expected, actual) {
  if (PARENT_INTERFACES.get(actual) === expected) return [`${here} instanceof ${actual}`, 'false', 'true'];
  if (isPlatformKind(expected)) return [`${here} instanceof ${expected}`, 'true', 'false'];
  if (isPlatformKind(actual)) return [`${here} instanceof ${actual}`, 'false', 'true'];
  return undefined;
}

/**
 * @param {unknown} side a `kind` difference's description of a value (diff's describe())
 * @returns {string | undefined} what typeof gives for it
 */
function typeOf(side) {
  if (typeof side !== 'string') return undefined;
  if (side.startsWith('"') || side.startsWith('string of length')) return 'string';
  if (/^-?\d+n$/.test(side)) return 'bigint';
  if (/^(-?(\d[\d.e+-]*|Infinity)|NaN)$/.test(side)) return 'number';
  if (side === 'true' || side === 'false') return 'boolean';
  if (side === 'undefined') return 'undefined';
  if (side.startsWith('Symbol(')) return 'symbol';
  if (side.startsWith('callable #')) return 'function';
  if (side === 'null' || side.startsWith('%') || /^\w+ #\d+$/.test(side)) return 'object';
  return undefined;
}

/** The wrapper constructors by the type of the primitive they hold. */
const WRAPPERS = { __proto__: null, number: 'Number', string: 'String', boolean: 'Boolean', bigint: 'BigInt' };

/** Categories about the whole case rather than one value of the clone, and why no expression states them. */
const WHOLE_CASE = {
  __proto__: null,
  'shares-object': 'whether the clone shares an object with its input takes walking both graphs',
  'implementation-defined': 'the spec leaves it to the engine',
};

/** Buffer and view fields that are plain properties of the object. */
const PLAIN_FIELDS = ['byteLength', 'maxByteLength', 'resizable', 'byteOffset', 'length'];

/**
 * The first of the differences that one expression can check.
 * @param {import('../../src/observe/diff.js').Difference[]} differences
 * @param {any} expected the expected case observation (a list of them, one per delivery, for a value sent more than once)
 * @param {any} actual the actual case observation (the same)
 * @returns {{check: Check} | {reason: string}}
 */
export function chooseCheck(differences, expected, actual) {
  let firstReason;
  for (const difference of differences) {
    // A program sent more than once is observed once per delivery (case.js): a list, and paths past the first's
    // start with `$<delivery N>`.
    const repeat = /^\$<delivery (\d+)>/.exec(difference.path);
    const delivery = repeat === null ? 1 : Number(repeat[1]);
    const [e, a] = Array.isArray(expected) ? [expected[delivery - 1], actual[delivery - 1]] : [expected, actual];
    const result = checkFor(repeat === null ? difference : { ...difference, path: `$${difference.path.slice(repeat[0].length)}` }, e, a);
      if (typeof result !== 'string') return { check: { ...result, path: difference.path, reads: readsOf(result.expression), delivery } };
    firstReason ??= `${difference.path} (${difference.category}): ${result}`;
  }
  return { reason: firstReason ?? 'no differences' };
}

/** A platform object's attributes (`<type>`, `<name>`, `<m11>`, …): getters on its interface's prototype, read by name. */
const PLATFORM_ATTRIBUTE_NAMES = new Set(Object.values(PLATFORM_ATTRIBUTES).flatMap((names) => Array.from(names)));

/**
 * What an expression calls, by the text that calls it, and the intrinsics that hold it (or the one property of an intrinsic).
 * @type {[RegExp, string[]][]}
 */
const CALLS = [
  [/Array\.from\(/, ['Array']],
  [/\.(keys|values|size)\b/, ['Map.prototype', 'Set.prototype']],
  [/\.getTime\(/, ['Date.prototype']],
  [/^Number\.prototype\.valueOf/, ['Number', 'Number.prototype']],
  [/^String\.prototype\.valueOf/, ['String', 'String.prototype']],
  [/^Boolean\.prototype\.valueOf/, ['Boolean', 'Boolean.prototype']],
  [/^BigInt\.prototype\.valueOf/, ['BigInt', 'BigInt.prototype']],
  [/instanceof|isView/, ['ArrayBuffer']],
  [/\.(source|flags)\b/, ['RegExp.prototype']],
  [/\.(buffer|byteLength|maxByteLength|resizable|byteOffset|detached)\b/,
    ['ArrayBuffer.prototype', 'SharedArrayBuffer.prototype', 'TypedArray.prototype', 'Uint8Array.prototype', 'DataView.prototype']],
  // An array's length is its own; a typed array's, an accessor.
  [/\.length\b/, ['TypedArray.prototype']],
  [/\.toString\(16\)/, ['Number.prototype']],
  [/\.padStart\(/, ['String.prototype']],
  // Array.from defines its elements (no [[Set]]); join is looked up. The calls' log also pushes.
  [/\.join\(/, ['Array.prototype.join']],
  [/^calls\./, ['Array.prototype.push']],
  // An attribute's getter on the clone: on the prototype of every interface that has one by that name
  // (not the thrown error's: the engine makes that error, and its name is what the check is about).
  ...Object.entries(PLATFORM_ATTRIBUTES).filter(([, names]) => names.length > 0)
    .map(/** @returns {[RegExp, string[]]} */ ([name, names]) => [new RegExp(`(?<!^error)\\.(${Array.from(names).join('|')})\\b`), [`${name}.prototype`]]),
];

/**
 * @param {string} expression
 * @returns {string[]}
 */
function readsOf(expression) {
  const reads = ['Object'];
  for (const [pattern, intrinsics] of CALLS) if (pattern.test(expression)) reads.push(...intrinsics);
  return reads;
}

/**
 * The calls of the program's getters, setters and methods while the clone
 * ran, in order, as the snippet logs them: `"get message, get name"`.
 * @param {any} expected the expected case observation
 * @param {any} actual the actual case observation
 * @returns {Omit<Check, 'path' | 'reads' | 'delivery'> | string}
 */
function callsCheck(expected, actual) {
  const calls = (/** @type {any} */ observation) => (observation.effects ?? []).map((/** @type {any} */ e) => `${e.event} ${e.key}`).join(', ');
  const [e, a] = [calls(expected), calls(actual)];
  if (e === a) return 'the calls differ only in which object they were on, which the snippet does not log';
  return { subject: 'calls', expression: "calls.join(', ')", expected: JSON.stringify(e), actual: JSON.stringify(a) };
}

/**
 * @param {import('../../src/observe/diff.js').Difference} d
 * @param {any} expected
 * @param {any} actual
 * @returns {Omit<Check, 'path' | 'reads' | 'delivery'> | string} the check, or why there is none
 */
function checkFor(d, expected, actual) {
  if (d.path === '$' && d.category === 'outcome') {
    const names = [thrownName(expected), thrownName(actual)];
    // One side throws what has no name (a program's getter on Error.prototype.name answers undefined): whether it throws.
    if (names.includes(undefined) && names.includes('nothing') && !DELIVERY_ERRORS.includes(expected.thrown?.name) && !DELIVERY_ERRORS.includes(actual.thrown?.name)) {
      const threw = (/** @type {string | undefined} */ name) => JSON.stringify(name === 'nothing' ? 'nothing' : 'an exception');
      return { subject: 'throw', expression: "'an exception'", expected: threw(names[0]), actual: threw(names[1]) };
    }
    if (names.includes(undefined)) return 'what was thrown has no name to compare';
    return { subject: 'throw', expression: 'error.name', expected: JSON.stringify(names[0]), actual: JSON.stringify(names[1]) };
  }
  if (d.path.startsWith('$<thrown>')) return thrownCheck(d, expected.thrown, actual.thrown);
  if (d.category === 'effects') return callsCheck(expected, actual);
  if (d.category === 'input-mutated') return inputCheck(d);
  const whole = WHOLE_CASE[d.category];
  if (whole !== undefined) return whole;
  const steps = parsePath(d.path);
  if (typeof steps === 'string') return steps;
  const last = steps[steps.length - 1];
  const parent = access('clone', steps.slice(0, -1));
  if (typeof parent !== 'string') return parent.reason;
  const clone = (/** @type {string} */ expression, /** @type {string} */ e, /** @type {string} */ a) => (
    { subject: /** @type {const} */ ('clone'), expression, expected: e, actual: a });
  switch (d.category) {
    case 'hole': case 'keys': {
      // A symbol key, by its description (observe.js names it so): present or not (QuickJS-ng writes a private field as one).
      if (last?.t === 'symbol') {
        const present = (/** @type {unknown} */ side) => String(side !== 'missing');
        return clone(`Object.getOwnPropertySymbols(${parent}).some((key) => key.description === ${JSON.stringify(last.description)})`, present(d.expected), present(d.actual));
      }
      if (last?.t !== 'key') return 'a key order is not one comparison';
      const present = (/** @type {unknown} */ side) => String(side !== 'missing' && side !== 'hole');
      return clone(`Object.hasOwn(${parent}, ${last.source})`, present(d.expected), present(d.actual));
    }
    case 'value': {
      const literal = (/** @type {unknown} */ side) => valueLiteral(last, side);
      const [e, a] = [literal(d.expected), literal(d.actual)];
      if (e === undefined || a === undefined) return 'the value has no short literal';
      // A wrapper's primitive: through the built-in's valueOf, which a program cannot shadow on the clone.
      const wrapper = last?.t === 'field' && last.name === 'boxed' ? WRAPPERS[typeOf(d.expected) ?? ''] : undefined;
      if (wrapper !== undefined) return clone(`${wrapper}.prototype.valueOf.call(${parent})`, e, a);
      const here = access('clone', steps);
      if (typeof here !== 'string') return here.reason;
      return clone(here, e, a);
    }
    case 'length': {
      if (last?.t === 'key' && last.key === 'length') return clone(`${parent}.length`, String(d.expected), String(d.actual));
      if (last?.t === 'field' && (last.name === 'map size' || last.name === 'set size')) return clone(`${parent}.size`, String(d.expected), String(d.actual));
      if (last?.t === 'field' && (last.name === 'length' || last.name === 'byteLength')) return clone(`${parent}.${last.name}`, String(d.expected), String(d.actual));
      if (last?.t !== 'field' || last.name !== 'lengthTracking') return 'not a length';
      // No property says a view tracks its buffer's length: growing the buffer to its maximum shows it in the view's length.
      const [e, a] = [expected, actual].map((side) => lengthOnceGrown(nodeAt(side, steps.slice(0, -1))));
      if (typeof e === 'string' || typeof a === 'string' || e === a) return `length tracking shows only when the buffer grows, and ${typeof e === 'string' ? e : typeof a === 'string' ? a : 'growing it changes no length'}`;
      return clone(`(${parent}.buffer.resize(${parent}.buffer.maxByteLength), ${parent}.length)`, String(e), String(a));
    }
    case 'integrity': {
      // The stronger of the two levels holds on one side only.
      const rank = (/** @type {unknown} */ side) => INTEGRITY_LEVELS.indexOf(String(side));
      const stronger = Math.max(rank(d.expected), rank(d.actual));
      const here = access('clone', steps);
      if (typeof here !== 'string') return here.reason;
      const predicate = INTEGRITY_PREDICATES[/** @type {keyof typeof INTEGRITY_PREDICATES} */ (INTEGRITY_LEVELS[stronger])];
      return clone(predicate(here), String(rank(d.expected) >= stronger), String(rank(d.actual) >= stronger));
    }
    case 'prototype': {
      if (last?.t !== 'field' || last.name !== 'proto') return 'not a prototype';
      const target = intrinsicSource(d.expected);
      if (target === undefined) return 'the expected prototype is not an intrinsic';
      return clone(`Object.getPrototypeOf(${parent}) === ${target}`, 'true', 'false');
    }
    case 'descriptor': {
      if (last?.t !== 'field' || !['writable', 'enumerable', 'configurable'].includes(last.name)) return 'a data property against an accessor';
      const owner = steps[steps.length - 2];
      if (owner === undefined || owner.t !== 'key') return 'not a property';
      const holder = access('clone', steps.slice(0, -2));
      if (typeof holder !== 'string') return holder.reason;
      return clone(`Object.getOwnPropertyDescriptor(${holder}, ${owner.source}).${last.name}`, String(d.expected), String(d.actual));
    }
    case 'identity': {
      // One side met an object again (a shared reference, a cycle) where the other has a distinct one.
      const other = sharedPath(d.expected) ?? sharedPath(d.actual);
      if (other === undefined) return 'different intrinsics, or no object met before to compare with';
      const otherSteps = parsePath(other);
      if (typeof otherSteps === 'string') return otherSteps;
      const here = access('clone', steps);
      const there = access('clone', otherSteps);
      if (typeof here !== 'string') return here.reason;
      if (typeof there !== 'string') return there.reason;
      return clone(`${here} === ${there}`, String(sharedPath(d.expected) !== undefined), String(sharedPath(d.actual) !== undefined));
    }
    case 'kind': {
      const here = access('clone', steps);
      if (typeof here !== 'string') return here.reason;
      const brand = KIND_PREDICATES[String(d.expected)] ?? KIND_PREDICATES[String(d.actual)];
      if (brand !== undefined && KIND_PREDICATES[String(d.expected)] !== KIND_PREDICATES[String(d.actual)]) {
        return clone(brand(here), String(brand === KIND_PREDICATES[String(d.expected)]), String(brand === KIND_PREDICATES[String(d.actual)]));
      }
      const platform = platformCheck(here, String(d.expected), String(d.actual));
      if (platform !== undefined) return clone(...platform);
      // null against an object: both are typeof "object".
      if ((d.expected === 'null') !== (d.actual === 'null')) return clone(`${here} === null`, String(d.expected === 'null'), String(d.actual === 'null'));
      const [e, a] = [typeOf(d.expected), typeOf(d.actual)];
      if (e === undefined || a === undefined || e === a) return 'both sides are of one type';
      return clone(`typeof ${here}`, JSON.stringify(e), JSON.stringify(a));
    }
    case 'buffer': {
      if (last?.t !== 'field') return 'not a buffer field';
      if (PLAIN_FIELDS.includes(last.name)) return clone(`${parent}.${last.name}`, String(d.expected), String(d.actual));
      if (last.name === 'shared') return clone(`${parent} instanceof SharedArrayBuffer`, String(d.expected), String(d.actual));
      if (last.name === 'bytes' && typeof d.expected === 'string' && typeof d.actual === 'string') {
        return clone(`Array.from(new Uint8Array(${parent}), (byte) => byte.toString(16).padStart(2, '0')).join('')`,
          JSON.stringify(d.expected), JSON.stringify(d.actual));
      }
      return `${last.name} has no portable property (Node 20 has no ArrayBuffer.prototype.detached)`;
    }
  }
  return `a difference in ${d.category} is not one comparison`;
}

/**
 * What a clone did to its input (a buffer detached, a stream locked) that
 * the standard's does not, or the reverse: the first change on one side
 * only that a property of the input shows. Each side is 'unchanged' or
 * diff.js's list of `<path> <category>`.
 * @param {import('../../src/observe/diff.js').Difference} d
 * @returns {Omit<Check, 'path' | 'reads' | 'delivery'> | string}
 */
function inputCheck(d) {
  const changes = (/** @type {unknown} */ side) => (Array.isArray(side) ? side.map((line) => String(line).split(' ')[0]) : []);
  const [e, a] = [changes(d.expected), changes(d.actual)];
  for (const path of [...e, ...a]) {
    if (e.includes(path) && a.includes(path)) continue;
    const field = /^(.*)<(detached|locked)>$/.exec(path);
    if (field === null) continue;
    const steps = parsePath(field[1]);
    if (typeof steps === 'string') continue;
    const holder = access('value', steps);
    if (typeof holder !== 'string') continue;
    // A detached buffer's `detached` (Node 22 and later, Bun, Deno, the browsers); a stream's `locked`.
    return { subject: 'input', expression: `${holder}.${field[2]}`, expected: String(e.includes(path)), actual: String(a.includes(path)) };
  }
  return 'no change to the input on one side only is a property (a buffer\'s detachment, a stream\'s lock)';
}

/**
 * @param {import('../../src/observe/diff.js').Difference} d a difference under `$<thrown>`
 * @param {any} expected what the reference threw (the observation's `thrown`)
 * @param {any} actual what the target threw
 * @returns {Omit<Check, 'path' | 'reads' | 'delivery'> | string}
 */
function thrownCheck(d, expected, actual) {
  const field = d.path.slice('$<thrown>.'.length);
  const thrown = (/** @type {string} */ expression, /** @type {string} */ e, /** @type {string} */ a) => (
    { subject: /** @type {const} */ ('throw'), expression, expected: e, actual: a });
  if (field === 'name' || field === 'message' || field === 'code') {
    return thrown(`error.${field}`, JSON.stringify(d.expected ?? undefined) ?? 'undefined', JSON.stringify(d.actual ?? undefined) ?? 'undefined');
  }
  if (field === 'prototype') {
    const target = intrinsicSource(d.expected);
    if (target === undefined) return 'the expected prototype is not an intrinsic';
    return thrown(`Object.getPrototypeOf(error) === ${target}`, 'true', 'false');
  }
  // Whether an error has [[ErrorData]] is no property (Node 20 has no
  // Error.isError), and diff.js compares nothing else of two errors of
  // different kinds: a DataCloneError DOMException against Node 20's
  // TypeError differs in its name too, which the snippet prints.
  for (const other of ['name', 'prototype']) {
    if (expected?.[other] !== undefined && expected[other] !== actual?.[other]) {
      return thrownCheck({ ...d, path: `$<thrown>.${other}`, expected: expected[other], actual: actual?.[other] }, expected, actual);
    }
  }
  return 'whether an error has [[ErrorData]] is no property (Node 20 has no Error.isError), and its name and prototype are the same';
}

/**
 * @param {any} caseObservation
 * @returns {string | undefined} what a try/catch around the clone finds: 'nothing', or the error's name
 */
function thrownName(caseObservation) {
  if (caseObservation.outcome !== 'throw') return 'nothing';
  const name = caseObservation.thrown?.name;
  return typeof name === 'string' && !DELIVERY_ERRORS.includes(name) ? name : undefined;
}

/**
 * The harness's names for what a channel's receiving side did instead of delivering the value
 * (portable/targets/receivers/messages.js), not errors anyone threw: a 'messageerror' event, a lost message.
 */
const DELIVERY_ERRORS = ['MessageError', 'MessageLost'];

/**
 * @param {any} actual  a case observation
 * @returns {boolean} whether the value's message never came (a MessageLost): its snippet is whether the message
 *   arrives (snippet-stall.js), not a comparison
 */
export function lostMessage(actual) {
  return actual?.outcome === 'throw' && actual.thrown?.name === 'MessageLost';
}

/**
 * @typedef {{t: 'key', key: string, source: string} | {t: 'field', name: string} | {t: 'symbol', description: string}} PathStep
 *   a property (`source`: the key as JavaScript), a `<field>`, or (the last step) a symbol-keyed property by its description
 */

/**
 * What a typed array's length becomes once its resizable buffer is resized
 * to its maximum: a length-tracking view's follows the buffer, a
 * fixed-length view in bounds keeps its own.
 * @param {any} node  the view's observation (src/observe: `view` holds its slots and its buffer's)
 * @returns {number | string} the length, or why it cannot be said
 */
function lengthOnceGrown(node) {
  const view = node?.view;
  const size = ELEMENT_SIZES[view?.type];
  const buffer = view?.buffer?.buffer;
  if (size === undefined || buffer === undefined) return 'the view is no typed array observed with its buffer';
  if (buffer.resizable !== true || buffer.shared !== false || view.outOfBounds !== false) return 'its buffer is not a resizable ArrayBuffer the view is inside of';
  if (buffer.maxByteLength <= buffer.byteLength) return 'its buffer is at its maximum already';
  return view.lengthTracking ? Math.floor((buffer.maxByteLength - view.byteOffset) / size) : view.length;
}

/**
 * The observation of the value `steps` (properties only) lead to.
 * @param {any} caseObservation
 * @param {PathStep[]} steps
 * @returns {any} undefined where a step is no property of the node before
 */
function nodeAt(caseObservation, steps) {
  let node = caseObservation?.value;
  for (const step of steps) {
    if (step.t !== 'key') return undefined;
    node = node?.props?.find((/** @type {any} */ prop) => prop.key === step.key)?.value;
  }
  return node;
}

/**
 * @param {string} path a diff path: `$`, `.a`, `[3]`, `["odd key"]`, `[@@desc]`, `<field>`
 * @returns {PathStep[] | string} the steps, or why the path cannot be followed
 */
function parsePath(path) {
  /** @type {PathStep[]} */
  const steps = [];
  let i = 1;
  while (i < path.length) {
    const rest = path.slice(i);
    let match;
    if ((match = /^\.([A-Za-z_$][\w$]*)/.exec(rest))) {
      steps.push({ t: 'key', key: match[1], source: JSON.stringify(match[1]) });
    } else if ((match = /^\[(\d+)\]/.exec(rest))) {
      steps.push({ t: 'key', key: match[1], source: match[1] });
    } else if ((match = /^\[("(?:[^"\\]|\\.)*")\]/.exec(rest))) {
      steps.push({ t: 'key', key: JSON.parse(match[1]), source: match[1] });
    } else if ((match = /^<([^>]*)>/.exec(rest))) {
      steps.push({ t: 'field', name: match[1] });
    } else if ((match = /^\[@@([^\]]*)\]$/.exec(rest))) {
      // The last step only: a description names no symbol to read through.
      steps.push({ t: 'symbol', description: match[1] });
    } else {
      return 'a symbol-keyed property (the clone has none)';
    }
    i += match[0].length;
  }
  return steps;
}

/**
 * The expression that reads what `steps` lead to, from `base`.
 * @param {string} base
 * @param {PathStep[]} steps
 * @returns {string | {reason: string}}
 */
function access(base, steps) {
  let text = base;
  for (const step of steps) {
    if (step.t === 'key') {
      text += isIdentifier(step.key) ? `.${step.key}` : `[${step.source}]`;
      continue;
    }
    if (step.t === 'symbol') return { reason: 'a symbol-keyed property is read by no description' };
    const entry = /^(map key|map value|set value) (\d+)$/.exec(step.name);
    const file = /^file (\d+)$/.exec(step.name);
    if (file) text = `${text}[${file[1]}]`; // a FileList's File, by its indexed getter
    else if (entry) {
      const iterator = { 'map key': 'keys', 'map value': 'values', 'set value': 'values' }[entry[1]];
      text = `Array.from(${text}.${iterator}())[${entry[2]}]`;
    } else if (step.name === 'proto') text = `Object.getPrototypeOf(${text})`;
    else if (step.name === 'time') text = `${text}.getTime()`;
    else if (step.name === 'source' || step.name === 'flags' || step.name === 'buffer' || PLATFORM_ATTRIBUTE_NAMES.has(step.name)) {
      text = `${text}.${step.name}`;
    }
    else return { reason: `<${step.name}> is not a property on the way` };
  }
  return text;
}

/**
 * A value difference's side as a JavaScript literal.
 * @param {PathStep | undefined} last the path's last step (none for the root)
 * @param {unknown} side the difference's description of one side
 * @returns {string | undefined}
 */
function valueLiteral(last, side) {
  if (typeof side !== 'string') return undefined;
  if (last?.t === 'field' && last.name === 'flags') return JSON.stringify(side);
  if (last?.t === 'field' && last.name === 'time') return side;
  // describe(): numbers as their text, bigints with n, strings as JSON, and the literals themselves.
  if (/^(-?(\d[\d.e+-]*|Infinity)|NaN|true|false|null|undefined|-?\d+n)$/.test(side)) return side;
  if (side.startsWith('"')) return side;
  return undefined;
}

/**
 * @param {unknown} name an intrinsic name (`%Array.prototype%`) or 'null'
 * @returns {string | undefined} the expression for it in the snippet's realm
 */
function intrinsicSource(name) {
  if (name === 'null') return 'null';
  const match = typeof name === 'string' ? /^%([A-Za-z]+(\.prototype)?)%$/.exec(name) : null;
  if (match === null) return undefined;
  return match[1] === 'TypedArray.prototype' ? 'Object.getPrototypeOf(Uint8Array.prototype)' : match[1];
}

/** @param {unknown} side an identity difference's side @returns {string | undefined} the path of the object it is shared with */
function sharedPath(side) {
  return typeof side === 'string' && side.startsWith('the object at ') ? side.slice('the object at '.length) : undefined;
}
