// What a difference says about the bug, with the place it was seen left out.
//
// A fuzz case shows one bug at whatever place the generator put the value
// (`$.a`, `$[0].a`, `$<map value 1>.a`), with whatever values the program
// drew, and often with the consequences of the bug beside it (a getter the
// target should not have called ran; what it threw became the outcome; what
// it changed shows as changed input). A finding is meant to be one bug, so
// its signature is built from
//  - the root difference of the case: the one the others follow from
//    (`rootDifference`), and
//  - that difference described by what it is, not where: the kind of object
//    that holds it, the role of the property (an index, a named key, a symbol
//    key, or one of the keys the standard treats on their own: `cause`,
//    `message`, `name`, `length`, `__proto__`, `lastIndex`, …), and the
//    class of each side (`missing` vs `data property`, `-0` vs `integer`,
//    the name of an engine's error, "the program's own error")
//    (`describeDifference`);
// and the trigger of a shrunk program is the set of its features
// (`programFeatures`), which tells apart two bugs with the same minimal
// difference (same-bug.js).

import { isArrayIndex } from '../../src/abstract-ops/object-operations.js';
import { isRecord, isTransferOption, stringKeyText } from '../../src/program/values.js';

/**
 * @typedef {import('../../src/observe/diff.js').Difference} Difference
 * @typedef {{expected?: any, actual?: any, program?: any}} CaseContext
 *   the two case observations and the program the target ran: where the
 *   holder of a difference and the node an effect names are looked up
 */

/**
 * Keys the standard (or the engines' fast paths) treat on their own, by the
 * kind of object that holds them: there, the key's name is its role. On any
 * other holder (`cause` on a Map) a key is a named key like any other.
 * `holder` `realm` stands for the intrinsics a realm step changes.
 */
const NAMED_ROLES = {
  error: new Set(['cause', 'message', 'name', 'stack', 'errors', '__proto__']),
  array: new Set(['length', '__proto__']),
  regexp: new Set(['lastIndex', '__proto__']),
  object: new Set(['__proto__']),
  realm: new Set(['cause', 'message', 'name', 'stack', 'errors', 'length', 'lastIndex', '__proto__', 'constructor', 'then', 'toJSON']),
};

/** Holders whose index keys are elements: anywhere else an index is a named key (a Map's own `0`). */
const INDEXED = new Set(['array', 'object', 'typedarray', 'string', 'realm']);

/** Categories of differences in the cloned value (or its absence), as opposed to effects and input changes. */
const VALUE_CATEGORIES = new Set([
  'kind', 'prototype', 'identity', 'integrity', 'keys', 'hole', 'descriptor', 'value', 'length', 'buffer', 'lookup', 'shares-object',
]);

/**
 * How early a difference sits in the chain of cause and effect, lowest
 * first: user code that one side ran and the other did not, or ran in
 * another order (a getter may have thrown, deleted a key, detached a
 * buffer: everything after follows; a getter the target skipped may be why
 * the reference threw and the target did not); then what was thrown instead
 * of a value or the other way round; then the value itself; then user code
 * one side did not run because it threw first, or ran because the other
 * threw first; then changes to the input (made by that user code).
 * @param {Difference} difference  with a path into one delivery's observation
 * @param {CaseContext} context  that delivery's observations
 */
function causalRank(difference, context) {
  const { category } = difference;
  if (category === 'effects') {
    // What one side never ran because it threw before it got there follows from the throw.
    const { direction } = effectChange(difference, context);
    const stoppedBefore = (/** @type {any} */ observation) => observation?.outcome === 'throw'
      && effectIndex(difference) >= (observation.effects ?? []).length;
    return (direction === 'missing' && stoppedBefore(context.actual)) || (direction === 'extra' && stoppedBefore(context.expected)) ? 3 : 0;
  }
  if (category === 'outcome' || category === 'thrown') return 1;
  if (VALUE_CATEGORIES.has(category)) return 2;
  return 4;
}

/**
 * @param {Difference} difference
 * @param {CaseContext} context
 * @returns {number} how early it sits in the chain of cause and effect (`causalRank`), lowest first
 */
export function causalRankOf(difference, context) {
  const one = oneDelivery(difference, context);
  return causalRank(one.difference, one.context);
}

/**
 * The difference the others follow from: the lowest causal rank, the first
 * in diff order among equals (diff reports in walk order).
 * @param {Difference[]} differences non-empty
 * @param {CaseContext} context
 * @returns {Difference}
 */
export function rootDifference(differences, context) {
  const rank = (/** @type {Difference} */ d) => causalRankOf(d, context);
  let root = differences[0];
  for (const difference of differences) if (rank(difference) < rank(root)) root = difference;
  return root;
}

/** What a shape is prefixed with when a delivery past the first showed it. */
export const REPEATED_DELIVERY = 'on a repeated delivery: ';

/**
 * @param {Difference} difference
 * @param {CaseContext} context
 * @returns {string} e.g. `keys on map: named key: missing -> data property`,
 *   `effects: missing read of Array.prototype @@iterator`, `outcome: value -> throw the program's error`
 */
export function describeDifference(difference, context) {
  const one = oneDelivery(difference, context);
  const described = describeOneDelivery(one.difference, one.context);
  return one.repeated ? `${REPEATED_DELIVERY}${described}` : described;
}

/**
 * A program delivered several times is observed once per delivery; past the
 * first, paths start with `$<delivery N>` (portable/case/case.js).
 * @param {Difference} difference
 * @param {CaseContext} context
 * @returns {{difference: Difference, context: CaseContext, repeated: boolean}}
 *   the difference with a path into its delivery's observation, and that delivery's observations
 */
function oneDelivery(difference, context) {
  const delivery = /^\$<delivery (\d+)>/.exec(difference.path);
  const n = delivery === null ? 0 : Number(delivery[1]) - 1;
  const nth = (/** @type {unknown} */ observation) => (Array.isArray(observation) ? observation[n] : observation);
  return {
    difference: delivery === null ? difference : { ...difference, path: `$${difference.path.slice(delivery[0].length)}` },
    context: { program: context.program, expected: nth(context.expected), actual: nth(context.actual) },
    repeated: delivery !== null,
  };
}

/**
 * @param {Difference} difference  with a path into one delivery's observation
 * @param {CaseContext} context  that delivery's observations
 */
function describeOneDelivery(difference, context) {
  const { category, path, expected, actual } = difference;
  if (category === 'effects') return describeEffect(difference, context);
  // Where the reference throws and the target does anything else (returns a
  // value, throws something else, later), that is the bug: what the target
  // did instead depends on what else the program holds.
  if ((category === 'outcome' || category === 'thrown') && context.expected?.outcome === 'throw') {
    return `throws: the reference ${thrownName(context.expected.thrown)}, the target does otherwise`;
  }
  if (category === 'outcome') return `outcome: ${outcomeClass(expected, context.expected)} -> ${outcomeClass(actual, context.actual)}`;
  if (category === 'input-mutated') return `input-mutated: ${inputClass(expected)} -> ${inputClass(actual)}`;
  if (category === 'thrown') {
    const field = path.slice(path.lastIndexOf('.') + 1);
    return `thrown ${field}: ${thrownClass(expected, field)} -> ${thrownClass(actual, field)}`;
  }
  const { holder, role } = holderAndRole(path, context);
  return `${category} on ${holder}: ${role}: ${sidesClass(expected, actual, category)}`;
}

// ---------------------------------------------------------------------------
// Where: the holder's kind and the role of the last step of a path

/**
 * The steps of a diff path after `$`: property keys (`.a`, `["a b"]`, `[3]`,
 * `[@@iterator]`) and the pseudo-steps in angle brackets (`<proto>`,
 * `<map value 2>`, `<enumerable>`).
 * @param {string} path
 * @returns {{key?: string, symbol?: boolean, step?: string}[]}
 */
export function pathSteps(path) {
  const steps = [];
  const pattern = /\.([^.[<]+)|\[("(?:[^"\\]|\\.)*")\]|\[([^\]]*)\]|<([^>]*)>/g;
  for (const match of path.slice(1).matchAll(pattern)) {
    if (match[1] !== undefined) steps.push({ key: match[1] });
    else if (match[2] !== undefined) steps.push({ key: JSON.parse(match[2]) });
    else if (match[3] !== undefined) steps.push(isArrayIndex(match[3]) ? { key: match[3] } : { key: match[3], symbol: true });
    else steps.push({ step: match[4] });
  }
  return steps;
}

/**
 * @param {string} key
 * @param {boolean} symbol
 * @param {string} holder the kind of object that holds it
 * @returns {string} `index`, `symbol key`, `named key`, or the key itself when it has a role of its own there
 */
function keyRole(key, symbol, holder) {
  if (symbol) return 'symbol key';
  if (NAMED_ROLES[/** @type {keyof NAMED_ROLES} */ (holder)]?.has(key)) return `"${key}"`;
  return INDEXED.has(holder) && isArrayIndex(key) ? 'index' : 'named key';
}

/**
 * The kind of the object that holds the last step of `path`, and the role
 * of that step, looked up in the expected value (or, where it has no such
 * place, the actual one).
 * @param {string} path
 * @param {CaseContext} context
 * @returns {{holder: string, role: string}}
 */
function holderAndRole(path, context) {
  const steps = pathSteps(path);
  if (steps.length === 0) return { holder: 'root', role: 'value' };
  let holder = 'object';
  for (const observation of [context.expected, context.actual]) {
    const found = walk(observation?.value, steps);
    if (found !== undefined) {
      holder = found;
      break;
    }
  }
  return { holder, role: stepRole(steps, holder) };
}

/**
 * The role of a path's last step; a descriptor attribute or an accessor
 * function goes with the key it belongs to (`index <enumerable>`).
 * @param {{key?: string, symbol?: boolean, step?: string}[]} steps non-empty
 * @param {string} holder the kind of object that holds the key
 */
function stepRole(steps, holder) {
  const last = steps[steps.length - 1];
  if (last.key !== undefined) return keyRole(last.key, last.symbol === true, holder);
  const step = /** @type {string} */ (last.step).replace(/ \d+$/, '');
  const before = steps[steps.length - 2];
  if (before?.key !== undefined && !/^(?:proto|map |set |buffer)/.test(step)) return `${keyRole(before.key, before.symbol === true, holder)} <${step}>`;
  return `<${step}>`;
}

/**
 * Follows `steps` but the last (and an attribute step after a key) through a
 * value observation, and returns the kind of the object reached.
 * @param {any} root a value observation
 * @param {{key?: string, symbol?: boolean, step?: string}[]} steps
 * @returns {string | undefined}
 */
function walk(root, steps) {
  const nodes = new Map();
  indexNodes(root, nodes);
  const resolve = (/** @type {any} */ value) => (value?.type === 'ref' ? nodes.get(value.id) : value);
  let holder = resolve(root);
  let end = steps.length - 1;
  if (steps[end].step !== undefined && steps[end - 1]?.key !== undefined) end -= 1;
  for (let i = 0; i < end && holder !== undefined; i++) {
    const { key, symbol, step } = steps[i];
    if (key !== undefined) {
      const prop = holder.props?.find((/** @type {any} */ p) => p.key === key && (p.symbol === true) === (symbol === true));
      const accessor = steps[i + 1]?.step;
      if (accessor === 'get' || accessor === 'set') {
        holder = resolve(prop?.[accessor]);
        i += 1;
      } else {
        holder = resolve(prop?.value);
      }
    } else {
      holder = resolve(innerValue(holder, /** @type {string} */ (step)));
    }
  }
  return typeof holder?.kind === 'string' ? holder.kind : undefined;
}

/**
 * @param {any} holder an object observation
 * @param {string} step a pseudo-step: `proto`, `map key 0`, `map value 0`, `set value 0`, `buffer`, `boxed`
 */
function innerValue(holder, step) {
  const [, what, index] = /^(proto|boxed|buffer|map key|map value|set value)(?: (\d+))?$/.exec(step) ?? [];
  switch (what) {
    case 'proto': return holder.proto;
    case 'boxed': return holder.boxed;
    case 'buffer': return holder.view?.buffer;
    case 'map key': return holder.entries?.[Number(index)]?.key;
    case 'map value': return holder.entries?.[Number(index)]?.value;
    case 'set value': return holder.values?.[Number(index)];
    default: return undefined;
  }
}

/** @param {unknown} tree @param {Map<number, any>} nodes */
function indexNodes(tree, nodes) {
  if (typeof tree !== 'object' || tree === null) return;
  const record = /** @type {any} */ (tree);
  if (record.type === 'object' && !nodes.has(record.id)) nodes.set(record.id, record);
  for (const value of Object.values(record)) indexNodes(value, nodes);
}

// ---------------------------------------------------------------------------
// What: each side by its class, not its value

/**
 * @param {unknown} expected
 * @param {unknown} actual
 * @param {string} category
 */
function sidesClass(expected, actual, category) {
  if (typeof expected === 'number' && typeof actual === 'number') return actual < expected ? 'less' : 'more';
  if (Array.isArray(expected) && Array.isArray(actual)) return 'another order';
  // Another kind of value altogether: which number it is does not matter.
  const side = category === 'kind' ? (/** @type {unknown} */ v) => sideClass(v).replace(/^(?:-0|NaN|-?Infinity|integer)$/, 'number') : sideClass;
  return `${side(expected)} -> ${side(actual)}`;
}

/**
 * @param {unknown} side one side of a difference (diff.js `describe` texts and fields)
 * @returns {string}
 */
function sideClass(side) {
  if (side === null || side === undefined) return 'none';
  if (typeof side === 'boolean') return String(side);
  if (typeof side === 'number') return 'number';
  if (typeof side === 'object') {
    const record = /** @type {Record<string, unknown>} */ (side);
    for (const key of ['name', 'kind', 'type', 'outcome']) if (typeof record[key] === 'string') return String(record[key]);
    return Array.isArray(side) ? 'list' : 'object';
  }
  const text = String(side);
  // "data property -137209023" and "data property \"q\"" are one bug (a hole filled in): the value is the program's.
  if (text.startsWith('data property ')) return 'data property';
  if (text.startsWith('the object at ')) return 'an object met before';
  return primitiveClass(text);
}

/**
 * The class of a value as diff.js `describe` prints it: the special numbers
 * apart (-0 and NaN are what fast paths lose), any other text by its kind.
 * @param {string} text
 */
function primitiveClass(text) {
  if (/^(?:-0|NaN|-?Infinity)$/.test(text)) return text;
  if (/^-?\d+$/.test(text)) return 'integer';
  if (/^-?[\d.]+(?:e[-+]?\d+)?$/.test(text)) return 'number';
  if (/^-?\d+n$/.test(text)) return 'bigint';
  // A RegExp's [[OriginalFlags]] (diff.js reports them bare): which flags is the program's choice.
  if (/^[dgimsuvy]+$/.test(text)) return 'flags';
  if (text.startsWith('"')) return 'string';
  if (text.startsWith('Symbol(')) return 'symbol';
  if (text.startsWith('object #')) return 'object';
  return text.replace(/ #\d+$/, '').replace(/\d+/g, '#');
}

/**
 * `value`, or `throw` and what (thrownName).
 * @param {unknown} side the outcome difference's side
 * @param {any} observation that side's case observation
 */
function outcomeClass(side, observation) {
  return side === 'value' ? 'value' : `throw ${thrownName(observation?.thrown)}`;
}

/**
 * @param {any} thrown a thrown observation
 * @returns {string} the error's name (or prototype, or kind), or `the program's error`: a getter's own
 *   throw (docs/program.md), whose type is the program's choice, not the bug
 */
function thrownName(thrown) {
  if (typeof thrown?.message === 'string' && thrown.message.startsWith('thrown by ')) return "the program's error";
  return String(thrown?.name ?? thrown?.prototype ?? thrown?.kind);
}

/**
 * @param {unknown} side a thrown difference's side: a kind, prototype, name, code or message (a
 *   message is compared only when one side's is a program's own: the other's is an engine's text)
 * @param {string} field which of those
 */
function thrownClass(side, field) {
  if (field !== 'message') return sideClass(side);
  return typeof side === 'string' && side.startsWith('thrown by ') ? "the program's message" : "an engine's message";
}

/** @param {unknown} side 'unchanged', or the changes' paths and categories */
function inputClass(side) {
  if (!Array.isArray(side)) return String(side);
  return `changed (${[...new Set(side.map((line) => String(line).slice(String(line).lastIndexOf(' ') + 1)))].sort().join(', ')})`;
}

/**
 * What the first difference of two effects logs is: an event one side ran
 * and the other never did (`extra` on the target's side, `missing` from
 * it), or the same events in another order (`order`). diff.js reports the
 * first entry where the logs part; the rest of each log tells which.
 * @param {Difference} difference  an effects difference
 * @param {CaseContext} context  the delivery's observations, with their whole logs
 * @returns {{direction: 'extra' | 'missing' | 'order', event: any, other?: any}}
 */
function effectChange({ path, expected, actual }, context) {
  if (expected === null) return { direction: 'extra', event: actual };
  if (actual === null) return { direction: 'missing', event: expected };
  const at = effectIndex({ path });
  const appears = (/** @type {any} */ event, /** @type {any} */ observation) => (observation?.effects ?? []).slice(at)
    .some((/** @type {any} */ e) => e.event === event.event && e.on === event.on && e.key === event.key);
  if (!appears(expected, context.actual)) return { direction: 'missing', event: expected };
  if (!appears(actual, context.expected)) return { direction: 'extra', event: actual };
  return { direction: 'order', event: expected, other: actual };
}

/** @param {{path: string}} difference an effects difference, at `$<effects>[i]` @returns {number} i */
function effectIndex({ path }) {
  return Number(/\[(\d+)\]$/.exec(path)?.[1] ?? 0);
}

/**
 * A call of user code by what it touched: `read` for a getter or a method
 * (the method's own get is not logged), `write` for a setter; the object by
 * its kind (or a realm step's intrinsic), the key by its role.
 * @param {Difference} difference  an effects difference
 * @param {CaseContext} context
 */
function describeEffect(difference, context) {
  const event = (/** @type {any} */ e) => {
    const holder = effectHolder(e.on, context.program);
    const role = keyRole(String(e.key), String(e.key).startsWith('@@'), /^#\d+$/.test(e.on) ? holder : 'realm');
    return `${e.event === 'set' ? 'write' : 'read'} of ${holder} ${role}`;
  };
  const change = effectChange(difference, context);
  if (change.direction === 'order') return `effects: ${event(change.event)} and ${event(change.other)} in another order`;
  return `effects: ${change.direction} ${event(change.event)}`;
}

/**
 * @param {unknown} label `#i` for the program's objects[i], or an intrinsic's name (a realm step's)
 * @param {any} program
 */
function effectHolder(label, program) {
  const match = /^#(\d+)$/.exec(String(label));
  if (match === null) return String(label);
  return program?.objects?.[Number(match[1])]?.kind ?? 'object';
}

// ---------------------------------------------------------------------------
// The trigger: a program's features

/** Kinds whose `type` is a value (a Blob's or a File's MIME type), not a class: left out like other values. */
const VALUE_TYPED = new Set(['blob', 'file']);

/**
 * What a program is made of, with its values and sizes left out: each
 * object kind (with its type), each non-default setting, each kind of
 * property (role, data or accessor, attributes, what an accessor does),
 * what each realm step changes, the channel settings, and symbols (uncloneable). The
 * values themselves are left to the root difference, which names the
 * classes that matter (`-0 -> integer`).
 * For a shrunk program that is the bug's trigger: two bugs with the same
 * minimal difference but different triggers are two findings (same-bug.js).
 * @param {any} program a valid program
 * @returns {string[]} sorted, without repeats
 */
export function programFeatures(program) {
  const features = new Set();
  for (const node of program.objects ?? []) {
    const type = VALUE_TYPED.has(node.kind) ? undefined : node.type ?? node.style ?? (node.kind === 'boxed' ? primitiveType(node.value) : undefined);
    features.add(type === undefined ? node.kind : `${node.kind} ${type}`);
    // A setting that is not the default, then (for a named one) which: a
    // prototype replaced by Object.prototype holds the trigger "a prototype replaced".
    for (const setting of ['proto', 'integrity', 'stack', 'class', 'privateField', 'subclass', 'length', 'fill', 'detached', 'shared', 'maxByteLength', 'resizeTo', 'lastIndex']) {
      const value = node[setting];
      if (!(setting in node) || value === 'default' || value === 'none' || value === 'formatted') continue;
      features.add(`${node.kind} ${setting}`);
      if (typeof value === 'string' && setting !== 'class' && setting !== 'subclass') features.add(`${node.kind} ${setting} ${value}`);
    }
    if (node.items?.some((/** @type {any} */ item) => item?.hole === true) || node.fill?.[0]?.hole === true) features.add('array hole');
    // An Error's own `message` and `cause` (node fields, not props) are what its serialization steps read.
    for (const field of ['message', 'cause']) if (node.kind === 'error' && field in node) features.add(`error ${field}`);
    for (const prop of node.props ?? []) for (const feature of propFeatures(prop, node.kind)) features.add(`${node.kind} ${feature}`);
    const values = [...(node.items ?? []), ...(node.fill ?? []).slice(0, 1), ...(node.values ?? []), ...(node.entries ?? []).flat(), node.message, node.cause,
      ...(node.props ?? []).map((/** @type {any} */ prop) => prop.value)];
    if (values.some(isSymbol)) features.add('value symbol');
  }
  // A symbol wherever it sits, the root too: a shrunk symbol root would
  // otherwise have no features, a trigger every program holds (same-bug.js).
  if (isSymbol(program.root)) features.add('value symbol');
  // A realm step by what it changes: which realm, and how, are the program's
  // choice (on a same-realm channel, the sender's and the receiver's are one).
  for (const step of [...(program.sender ?? []), ...(program.receiver ?? [])]) {
    features.add(`${step.delete === true ? 'deletes' : 'pollutes'} ${step.on} ${keyFeature(step.key, 'realm')}`);
  }
  if (isTransferOption(program.transfer)) features.add('transfer option not a list');
  else if ((program.transfer ?? []).length > 0) features.add(new Set(program.transfer).size < program.transfer.length ? 'transfer with repeats' : 'transfer');
  if (program.forStorage === true) features.add('forStorage');
  if ((program.deliveries ?? 1) > 1) features.add('deliveries');
  return [...features].sort();
}

/**
 * An own property by its key's role and whether it is data or an accessor,
 * then each attribute that is not the default and each accessor function it
 * has, one feature each (so a getter with a setter holds the trigger "a
 * getter"); what an accessor does is left to the root difference (an
 * effect it has shows there).
 * @param {any} prop
 * @param {string} holder the kind of object node that has it
 * @returns {string[]}
 */
function propFeatures(prop, holder) {
  // A prop with neither `get` nor `set` is data, its value undefined when it has none (docs/program.md).
  const base = `${keyFeature(prop.key, holder)} ${'get' in prop || 'set' in prop ? 'accessor' : 'data'}`;
  const more = ['writable', 'enumerable', 'configurable'].filter((a) => prop[a] === false).map((a) => `${base} non-${a}`);
  for (const f of ['get', 'set']) if (f in prop) more.push(`${base} with ${f}ter`);
  if ('value' in prop && isSymbol(prop.value)) more.push(`${base} symbol`);
  return [base, ...more];
}

/** @param {any} key a program Key @param {string} holder the kind of object node (or `realm`) that has it */
function keyFeature(key, holder) {
  const text = stringKeyText(key);
  if (text !== undefined) return keyRole(text, false, holder);
  return key.wellKnown === undefined ? 'symbol key' : `@@${key.wellKnown}`;
}

/** @param {unknown} value a program Value @returns {boolean} it is a symbol */
function isSymbol(value) {
  return isRecord(value) && 'symbol' in value;
}

/** @param {unknown} value a primitive Value @returns {string} its type: `number`, `bigint`, `symbol`, … */
function primitiveType(value) {
  if (typeof value !== 'object' || value === null) return value === null ? 'null' : typeof value;
  return Object.keys(value)[0];
}
