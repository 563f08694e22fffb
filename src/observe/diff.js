// diff(expected, actual): where two observations differ, by path, one
// Difference per root cause.
//
// The two trees are walked side by side. Where they part ways at a level
// (another kind, another object identity, a value against a throw), the walk
// reports it and does not descend: one broken object gives one line, not one
// per property beneath it. Object identities are paired as the walk meets
// them, so a shared reference on one side and two separate objects on the
// other is reported once, as 'identity'. docs/observation.md lists the
// categories.

import {
  append, ArrayIsArray, MapCtor, MapPrototypeGet, MapPrototypeHas, MapPrototypeSet, newList,
  ObjectGetOwnPropertyDescriptor, ObjectHasOwn, ObjectKeys, record, StringCtor,
} from '../primordials/intrinsics.js';
import { isArrayIndex } from '../abstract-ops/object-operations.js';
import { PLATFORM_ATTRIBUTES, isPlatformKind, pendingField } from '../webidl/interfaces.js';
import { canonicalJSON, sameJSON } from './canonical-json.js';
import { appendOutput, finishOutput, outputList } from './output.js';
import { includes, isIdentifier, quoteJSONString, startsWith } from './strings.js';

/**
 * @typedef {'outcome' | 'thrown' | 'kind' | 'prototype' | 'integrity' | 'keys' | 'descriptor' | 'value'
 *   | 'hole' | 'length' | 'identity' | 'buffer' | 'effects' | 'input-mutated' | 'shares-object'
 *   | 'lookup' | 'implementation-defined'} Category
 */

/**
 * @typedef {object} Difference
 * @property {string} path  e.g. '$[3].foo', '$<proto>', '$<map key 0>'
 * @property {Category} category
 * @property {unknown} expected  JSON data describing the expected side
 * @property {unknown} actual  JSON data describing the actual side
 */

/**
 * @typedef {object} Context
 * @property {Difference[]} out
 * @property {Map<number, any>} expectedNodes  object observations by id
 * @property {Map<number, any>} actualNodes
 * @property {Map<number, number>} expectedToActual  paired identities
 * @property {Map<number, number>} actualToExpected
 * @property {Map<number, string>} expectedPaths  where each paired object was first compared
 * @property {Map<number, string>} actualPaths
 */

/**
 * @param {any} expected a case observation (observeClone), a value observation (observe)
 *   or a thrown observation (observeThrown)
 * @param {any} actual the same shape
 * @returns {Difference[]} empty when they are the same
 */
export function diff(expected, actual) {
  /** @type {Context} */
  const context = record({
    out: outputList(),
    expectedNodes: indexNodes(expected, new MapCtor()),
    actualNodes: indexNodes(actual, new MapCtor()),
    expectedToActual: new MapCtor(),
    actualToExpected: new MapCtor(),
    expectedPaths: new MapCtor(),
    actualPaths: new MapCtor(),
  });
  if (has(expected, 'outcome') || has(actual, 'outcome')) diffCase(context, expected, actual);
  else if (has(expected, 'type') || has(actual, 'type')) diffValue(context, '$', expected, actual);
  else diffThrown(context, '$', expected, actual);
  return finishOutput(context.out);
}

/**
 * @param {unknown} object
 * @param {string} key
 * @returns {boolean} whether `object` has an own data property `key`
 */
function has(object, key) {
  if (typeof object !== 'object' || object === null) return false;
  const descriptor = ObjectGetOwnPropertyDescriptor(object, key);
  return descriptor !== undefined && ObjectHasOwn(descriptor, 'value');
}

/**
 * Observations may come from JSON.parse in a realm whose Object.prototype a
 * program polluted: optional fields are read as own data properties only.
 * @param {any} object
 * @param {string} key
 * @returns {any}
 */
function field(object, key) {
  // `has`, with the descriptor it reads kept: a diff reads fields by the thousand (a deviation's diff took 19% of its case).
  if (typeof object !== 'object' || object === null) return undefined;
  const descriptor = ObjectGetOwnPropertyDescriptor(object, key);
  return descriptor !== undefined && ObjectHasOwn(descriptor, 'value') ? descriptor.value : undefined;
}

/**
 * @param {unknown} expected
 * @param {unknown} actual
 * @returns {boolean} whether the two are the same JSON data (a missing field counts as null)
 */
function same(expected, actual) {
  return sameJSON(expected ?? null, actual ?? null);
}

/**
 * @param {Context} context
 * @param {string} path
 * @param {Category} category
 * @param {unknown} expected
 * @param {unknown} actual
 */
function report(context, path, category, expected, actual) {
  appendOutput(context.out, { path, category, expected, actual });
}

/**
 * Every object observation in a tree, by id, so a back reference met before
 * its object (when the other side ordered things differently) can still be
 * compared.
 * @param {unknown} tree
 * @param {Map<number, any>} nodes
 * @returns {Map<number, any>}
 */
function indexNodes(tree, nodes) {
  if (typeof tree !== 'object' || tree === null) return nodes;
  if (field(tree, 'type') === 'object' && !MapPrototypeHas(nodes, field(tree, 'id'))) {
    MapPrototypeSet(nodes, field(tree, 'id'), tree);
  }
  if (ArrayIsArray(tree)) {
    for (let i = 0; i < tree.length; i++) indexNodes(field(tree, StringCtor(i)), nodes);
  } else {
    const keys = ObjectKeys(tree);
    for (let i = 0; i < keys.length; i++) indexNodes(field(tree, keys[i]), nodes);
  }
  return nodes;
}

// ---------------------------------------------------------------------------
// Case observations (observeClone)

/**
 * @param {Context} context
 * @param {any} expected
 * @param {any} actual
 */
function diffCase(context, expected, actual) {
  const outcome = field(expected, 'outcome');
  if (outcome !== field(actual, 'outcome')) {
    report(context, '$', 'outcome', describeOutcome(expected), describeOutcome(actual));
  } else if (outcome === 'throw') {
    diffThrown(context, '$<thrown>', field(expected, 'thrown'), field(actual, 'thrown'));
  } else {
    diffValue(context, '$', field(expected, 'value'), field(actual, 'value'));
  }
  // When both ran out of stack (a program's getters recursing without end,
  // e.g. an Error whose message is itself and whose @@toPrimitive getter logs),
  // how many effects ran first depends on the stack each engine, and each
  // path of one engine, had left: implementation-defined. Seen once in a
  // million ref:tiers cases: the tiers path called in one frame deeper.
  const stackDepth = outcome === 'throw' && ranOutOfStack(expected) && ranOutOfStack(actual);
  const effectsBefore = context.out.length;
  diffEffects(context, field(expected, 'effects'), field(actual, 'effects'));
  if (field(expected, 'inputUnchanged') !== field(actual, 'inputUnchanged')
    || !same(field(expected, 'inputChanges'), field(actual, 'inputChanges'))) {
    report(context, '$<input>', 'input-mutated', describeInputChanges(expected), describeInputChanges(actual));
  }
  if (stackDepth) {
    for (let i = effectsBefore; i < context.out.length; i++) {
      const difference = context.out[i];
      context.out[i] = { path: difference.path, category: 'implementation-defined', expected: difference.expected, actual: difference.actual };
    }
  }
  if (field(expected, 'sharesNoObject') !== field(actual, 'sharesNoObject')) {
    report(context, '$', 'shares-object', describeSharing(expected), describeSharing(actual));
  }
}

/**
 * @param {any} observation a case observation whose outcome is 'throw'
 * @returns {boolean} whether the engine threw because the stack ran out
 *   (V8 and JavaScriptCore: a RangeError "Maximum call stack size exceeded";
 *   SpiderMonkey: an InternalError "too much recursion")
 */
function ranOutOfStack(observation) {
  const thrown = field(observation, 'thrown');
  const message = field(thrown, 'message');
  const name = field(thrown, 'name');
  return (name === 'RangeError' || name === 'InternalError') && typeof message === 'string'
    && (includes(message, 'call stack') || includes(message, 'too much recursion'));
}

/**
 * @param {any} observation
 * @returns {string} 'value', or 'throw' and what was thrown
 */
function describeOutcome(observation) {
  if (field(observation, 'outcome') !== 'throw') return 'value';
  const thrown = field(observation, 'thrown');
  return 'throw ' + (field(thrown, 'name') ?? field(thrown, 'prototype') ?? field(thrown, 'kind'));
}

/**
 * @param {any} observation
 * @returns {string | string[]} 'unchanged', or the paths and categories of the changes
 */
function describeInputChanges(observation) {
  if (field(observation, 'inputUnchanged')) return 'unchanged';
  const changes = field(observation, 'inputChanges');
  const lines = outputList();
  for (let i = 0; i < changes.length; i++) {
    const change = field(changes, StringCtor(i));
    appendOutput(lines, field(change, 'path') + ' ' + field(change, 'category'));
  }
  return finishOutput(lines);
}

/**
 * @param {any} observation
 * @returns {string}
 */
function describeSharing(observation) {
  return field(observation, 'sharesNoObject') ? 'shares no object with the input' : 'shares an object with the input';
}

/**
 * The first event where the two effects logs part ways (later events usually
 * follow from it).
 * @param {Context} context
 * @param {any[]} expected
 * @param {any[]} actual
 */
function diffEffects(context, expected, actual) {
  const length = expected.length > actual.length ? expected.length : actual.length;
  for (let i = 0; i < length; i++) {
    const e = i < expected.length ? field(expected, StringCtor(i)) : null;
    const a = i < actual.length ? field(actual, StringCtor(i)) : null;
    if (!same(e, a)) {
      report(context, '$<effects>[' + i + ']', 'effects', e, a);
      return;
    }
  }
}

// ---------------------------------------------------------------------------
// Thrown values (observeThrown)

/**
 * Name, code and prototype are compared; the message only when it is a
 * program's own ("thrown by <key>", see docs/program.md), because the text of
 * an engine's TypeError or RangeError is its own choice. DataCloneError
 * observations carry no message at all.
 * @param {Context} context
 * @param {string} path
 * @param {any} expected
 * @param {any} actual
 */
function diffThrown(context, path, expected, actual) {
  const kind = field(expected, 'kind');
  if (kind !== field(actual, 'kind')) {
    report(context, path + '.kind', 'thrown', kind, field(actual, 'kind'));
    return;
  }
  if (kind === 'primitive') {
    const e = field(expected, 'value');
    const a = field(actual, 'value');
    if (!same(e, a)) report(context, path, 'thrown', describe(e), describe(a));
    return;
  }
  const fields = ['prototype', 'name', 'code'];
  for (let i = 0; i < fields.length; i++) {
    const e = field(expected, fields[i]);
    const a = field(actual, fields[i]);
    if (e !== a) report(context, path + '.' + fields[i], 'thrown', e ?? null, a ?? null);
  }
  const e = field(expected, 'message');
  const a = field(actual, 'message');
  if (has(expected, 'message') && has(actual, 'message') && e !== a) {
    const fromProgram = (typeof e === 'string' && startsWith(e, 'thrown by '))
      || (typeof a === 'string' && startsWith(a, 'thrown by '));
    report(context, path + '.message', fromProgram ? 'thrown' : 'implementation-defined', e, a);
  }
}

// ---------------------------------------------------------------------------
// Values (observe)

/**
 * @param {string | undefined} type
 * @returns {boolean} whether an observation of this type stands for an object
 */
function isObjectType(type) {
  return type === 'object' || type === 'ref' || type === 'intrinsic';
}

/**
 * @param {Context} context
 * @param {string} path
 * @param {any} expected
 * @param {any} actual
 */
function diffValue(context, path, expected, actual) {
  const type = field(expected, 'type');
  if (isObjectType(type) && isObjectType(field(actual, 'type'))) {
    diffObjectIdentity(context, path, expected, actual);
  } else if (type !== field(actual, 'type')) {
    report(context, path, 'kind', describe(expected), describe(actual));
  } else if (!same(expected, actual)) {
    report(context, path, 'value', describe(expected), describe(actual));
  }
}

/**
 * Pairs the two objects (or finds them already paired) before comparing them.
 * @param {Context} context
 * @param {string} path
 * @param {any} expected an object, ref or intrinsic observation
 * @param {any} actual likewise
 */
function diffObjectIdentity(context, path, expected, actual) {
  const expectedType = field(expected, 'type');
  const actualType = field(actual, 'type');
  if (expectedType === 'intrinsic' || actualType === 'intrinsic') {
    if (expectedType !== actualType || field(expected, 'name') !== field(actual, 'name')) {
      report(context, path, 'identity', describe(expected), describe(actual));
    }
    return;
  }
  const e = MapPrototypeGet(context.expectedNodes, field(expected, 'id'));
  const a = MapPrototypeGet(context.actualNodes, field(actual, 'id'));
  const eId = field(e, 'id');
  const aId = field(a, 'id');
  const pairedWithE = MapPrototypeGet(context.expectedToActual, eId);
  const pairedWithA = MapPrototypeGet(context.actualToExpected, aId);
  if (pairedWithE === aId && e !== undefined && a !== undefined) return;
  if (pairedWithE !== undefined || pairedWithA !== undefined || e === undefined || a === undefined) {
    report(context, path, 'identity',
      describeIdentity(context.expectedPaths, expected, pairedWithE), describeIdentity(context.actualPaths, actual, pairedWithA));
    return;
  }
  MapPrototypeSet(context.expectedToActual, eId, aId);
  MapPrototypeSet(context.actualToExpected, aId, eId);
  MapPrototypeSet(context.expectedPaths, eId, path);
  MapPrototypeSet(context.actualPaths, aId, path);
  diffObject(context, path, e, a);
}

/**
 * @param {Map<number, string>} paths
 * @param {any} observation
 * @param {number | undefined} paired
 * @returns {string}
 */
function describeIdentity(paths, observation, paired) {
  const id = field(observation, 'id');
  if (paired !== undefined && MapPrototypeHas(paths, id)) return 'the object at ' + MapPrototypeGet(paths, id);
  return 'a distinct object';
}

/**
 * Two paired objects: kind first (nothing below is compared when it
 * differs), then the kind's contents, own properties, integrity, prototype.
 * @param {Context} context
 * @param {string} path
 * @param {any} e
 * @param {any} a
 */
function diffObject(context, path, e, a) {
  const kind = field(e, 'kind');
  if (kind !== field(a, 'kind')) {
    report(context, path, 'kind', kind, field(a, 'kind'));
    return;
  }
  if (kind === 'proxy') return;
  const eView = field(e, 'view');
  const aView = field(a, 'view');
  if (eView !== undefined && field(eView, 'type') !== field(aView, 'type')) {
    report(context, path, 'kind', field(eView, 'type'), field(aView, 'type'));
    return;
  }
  diffContents(context, path, kind, e, a);
  // Before the properties: when listing the keys threw, that explains the rest.
  if (field(e, 'ownKeysThrew') !== field(a, 'ownKeysThrew')) {
    report(context, path + '<own keys>', 'keys', describeOwnKeys(field(e, 'ownKeysThrew')), describeOwnKeys(field(a, 'ownKeysThrew')));
  }
  diffProperties(context, path, kind, field(e, 'props'), field(a, 'props'));
  diffUnlistedIndex(context, path, field(e, 'unlistedIndex'), field(a, 'unlistedIndex'));
  if (field(e, 'integrity') !== field(a, 'integrity')) {
    report(context, path, 'integrity', field(e, 'integrity'), field(a, 'integrity'));
  }
  const eProto = field(e, 'proto');
  const aProto = field(a, 'proto');
  const eType = field(eProto, 'type');
  const aType = field(aProto, 'type');
  if ((eType === 'object' || eType === 'ref') && (aType === 'object' || aType === 'ref')) {
    diffValue(context, path + '<proto>', eProto, aProto);
  } else if (!same(eProto, aProto)) {
    report(context, path + '<proto>', 'prototype', describe(eProto), describe(aProto));
  }
}

/**
 * @param {Context} context
 * @param {string} path
 * @param {string} kind
 * @param {any} e
 * @param {any} a
 */
function diffContents(context, path, kind, e, a) {
  switch (kind) {
    case 'boolean': case 'number': case 'bigint': case 'string': case 'symbol':
      diffValue(context, path + '<boxed>', field(e, 'boxed'), field(a, 'boxed'));
      return;
    case 'date':
      if (field(e, 'date') !== field(a, 'date')) report(context, path + '<time>', 'value', field(e, 'date'), field(a, 'date'));
      return;
    case 'regexp': {
      const eRegExp = field(e, 'regexp');
      const aRegExp = field(a, 'regexp');
      diffValue(context, path + '<source>', field(eRegExp, 'source'), field(aRegExp, 'source'));
      if (field(eRegExp, 'flags') !== field(aRegExp, 'flags')) {
        report(context, path + '<flags>', 'value', field(eRegExp, 'flags'), field(aRegExp, 'flags'));
      }
      return;
    }
    case 'map': {
      const eEntries = field(e, 'entries');
      const aEntries = field(a, 'entries');
      if (eEntries.length !== aEntries.length) {
        report(context, path + '<map size>', 'length', eEntries.length, aEntries.length);
        return;
      }
      for (let i = 0; i < eEntries.length; i++) {
        const eEntry = field(eEntries, StringCtor(i));
        const aEntry = field(aEntries, StringCtor(i));
        diffValue(context, path + '<map key ' + i + '>', field(eEntry, 'key'), field(aEntry, 'key'));
        diffValue(context, path + '<map value ' + i + '>', field(eEntry, 'value'), field(aEntry, 'value'));
      }
      return;
    }
    case 'set': {
      const eValues = field(e, 'values');
      const aValues = field(a, 'values');
      if (eValues.length !== aValues.length) {
        report(context, path + '<set size>', 'length', eValues.length, aValues.length);
        return;
      }
      for (let i = 0; i < eValues.length; i++) {
        diffValue(context, path + '<set value ' + i + '>', field(eValues, StringCtor(i)), field(aValues, StringCtor(i)));
      }
      return;
    }
    case 'arraybuffer': case 'sharedarraybuffer':
      diffBuffer(context, path, field(e, 'buffer'), field(a, 'buffer'));
      return;
    case 'typedarray': case 'dataview':
      diffView(context, path, field(e, 'view'), field(a, 'view'));
      return;
  }
  if (isPlatformKind(kind)) {
    // A platform object's attributes, each as a value: `$<name>`, `$<size>`, `$<data>`, …
    const attributes = PLATFORM_ATTRIBUTES[kind];
    for (let i = 0; i < attributes.length; i++) {
      diffValue(context, path + '<' + attributes[i] + '>', field(field(e, 'platform'), attributes[i]), field(field(a, 'platform'), attributes[i]));
    }
    // A FileList's Files, each as a value: `$<file 0>`, … (a different length says the rest).
    const eFiles = field(field(e, 'platform'), 'files');
    const aFiles = field(field(a, 'platform'), 'files');
    if (kind === 'FileList' && eFiles.length === aFiles.length) {
      for (let i = 0; i < eFiles.length; i++) diffValue(context, path + '<file ' + i + '>', field(eFiles, StringCtor(i)), field(aFiles, StringCtor(i)));
    }
    // What only an asynchronous observation reads: a Blob's bytes, a MessagePort's messages.
    const pending = pendingField(kind);
    if (pending === undefined) return;
    const ePending = field(field(e, 'platform'), pending);
    const aPending = field(field(a, 'platform'), pending);
    if (ePending !== aPending) report(context, path + '<' + pending + '>', 'value', ePending, aPending);
  }
}

/**
 * Sharing or detachment decide everything else about a buffer, so when one
 * of them differs it is the only line; a different length makes the bytes
 * differ too, so they are not reported on top of it.
 * @param {Context} context
 * @param {string} path
 * @param {any} e
 * @param {any} a
 */
function diffBuffer(context, path, e, a) {
  const decisive = ['shared', 'detached'];
  for (let i = 0; i < decisive.length; i++) {
    if (field(e, decisive[i]) !== field(a, decisive[i])) {
      report(context, path + '<' + decisive[i] + '>', 'buffer', field(e, decisive[i]), field(a, decisive[i]));
      return;
    }
  }
  const fields = ['resizable', 'maxByteLength', 'byteLength'];
  for (let i = 0; i < fields.length; i++) {
    if (field(e, fields[i]) !== field(a, fields[i])) {
      report(context, path + '<' + fields[i] + '>', 'buffer', field(e, fields[i]), field(a, fields[i]));
    }
  }
  if (field(e, 'byteLength') === field(a, 'byteLength')
    && !same(field(e, 'bytes'), field(a, 'bytes'))) {
    report(context, path + '<bytes>', 'buffer', field(e, 'bytes'), field(a, 'bytes'));
  }
}

/**
 * @param {Context} context
 * @param {string} path
 * @param {any} e
 * @param {any} a
 */
function diffView(context, path, e, a) {
  diffValue(context, path + '<buffer>', field(e, 'buffer'), field(a, 'buffer'));
  const fields = [['outOfBounds', 'buffer'], ['byteOffset', 'buffer'], ['lengthTracking', 'length'],
    [has(e, 'length') ? 'length' : 'byteLength', 'length']];
  for (let i = 0; i < fields.length; i++) {
    const name = fields[i][0];
    if (field(e, name) !== field(a, name)) {
      report(context, path + '<' + name + '>', /** @type {Category} */ (fields[i][1]), field(e, name), field(a, name));
    }
  }
}

// ---------------------------------------------------------------------------
// Own properties

/**
 * @param {any} prop
 * @returns {string} the key's identity: symbol keys and string keys never collide
 */
function keyIdentity(prop) {
  return (field(prop, 'symbol') === true ? 'symbol ' : 'string ') + field(prop, 'key');
}

/**
 * @param {any[]} props
 * @returns {Map<string, any>} props by key identity
 */
function propsByKey(props) {
  const byKey = new MapCtor();
  for (let i = 0; i < props.length; i++) MapPrototypeSet(byKey, keyIdentity(field(props, StringCtor(i))), field(props, StringCtor(i)));
  return byKey;
}

/**
 * @param {any[]} props
 * @returns {number} the value of an array's own `length`
 */
function arrayLength(props) {
  for (let i = 0; i < props.length; i++) {
    const prop = field(props, StringCtor(i));
    if (field(prop, 'key') === 'length' && field(prop, 'symbol') !== true) return +field(field(prop, 'value'), 'value');
  }
  return 0;
}

/**
 * Keys present on one side only (on an array, an index below the other
 * side's length is a hole there), then the order of the common keys, then
 * each common property.
 * @param {Context} context
 * @param {string} path
 * @param {string} kind
 * @param {any[]} eProps
 * @param {any[]} aProps
 */
function diffProperties(context, path, kind, eProps, aProps) {
  const eByKey = propsByKey(eProps);
  const aByKey = propsByKey(aProps);
  const eLength = kind === 'array' ? arrayLength(eProps) : 0;
  const aLength = kind === 'array' ? arrayLength(aProps) : 0;
  const eCommon = newList();
  const aCommon = newList();
  for (let i = 0; i < eProps.length; i++) {
    const prop = field(eProps, StringCtor(i));
    if (MapPrototypeHas(aByKey, keyIdentity(prop))) append(eCommon, prop);
    else reportOneSided(context, propPath(path, prop), kind, prop, aLength, true);
  }
  for (let i = 0; i < aProps.length; i++) {
    const prop = field(aProps, StringCtor(i));
    if (MapPrototypeHas(eByKey, keyIdentity(prop))) append(aCommon, prop);
    else reportOneSided(context, propPath(path, prop), kind, prop, eLength, false);
  }
  // Where an engine puts its own Error properties is its choice too.
  const eOrder = keyTexts(eCommon);
  const aOrder = keyTexts(aCommon);
  for (let i = 0; i < eOrder.length; i++) {
    if (eOrder[i] !== aOrder[i]) {
      report(context, path, 'keys', eOrder, aOrder);
      break;
    }
  }
  for (let i = 0; i < eCommon.length; i++) {
    const prop = eCommon[i];
    diffProperty(context, propPath(path, prop), kind, prop, MapPrototypeGet(aByKey, keyIdentity(prop)));
  }
}

/**
 * @param {Context} context
 * @param {string} path
 * @param {string} kind
 * @param {any} prop the property the other side lacks
 * @param {number} otherLength the other side's array length (arrays only)
 * @param {boolean} expectedHasIt
 */
function reportOneSided(context, path, kind, prop, otherLength, expectedHasIt) {
  const key = field(prop, 'key');
  const symbol = field(prop, 'symbol') === true;
  /** @type {Category} */
  let category = 'keys';
  let absent = 'missing';
  // An Error's `stack` is where engines without the Error.prototype.stack
  // accessor keep [[Stack]], which HTML serializes since whatwg/html#12239:
  // a clone that has none where the reference's has one lost it. Its text is
  // implementation-defined and never compared (observe.js).
  if (has(prop, 'implementationDefined')) category = kind === 'error' && key === 'stack' ? 'keys' : 'implementation-defined';
  else if (kind === 'array' && !symbol && isArrayIndex(key)) {
    if (+key >= otherLength) return; // beyond the other side's length: the 'length' difference says it
    category = 'hole';
    absent = 'hole';
  }
  const present = describeProperty(prop);
  report(context, path, category, expectedHasIt ? present : absent, expectedHasIt ? absent : present);
}

/**
 * @param {any[]} props
 * @returns {string[]} the key texts, implementation-defined properties left out
 */
function keyTexts(props) {
  const texts = outputList();
  for (let i = 0; i < props.length; i++) {
    if (!has(props[i], 'implementationDefined')) appendOutput(texts, field(props[i], 'key'));
  }
  return finishOutput(texts);
}

/**
 * @param {Context} context
 * @param {string} path
 * @param {string} kind
 * @param {any} e
 * @param {any} a
 */
function diffProperty(context, path, kind, e, a) {
  if (has(e, 'implementationDefined') || has(a, 'implementationDefined')) {
    if (field(e, 'implementationDefined') !== field(a, 'implementationDefined')) {
      report(context, path, 'implementation-defined', describeProperty(e), describeProperty(a));
    }
    return;
  }
  if (field(e, 'lookup') !== field(a, 'lookup')) {
    report(context, path, 'lookup', describeLookup(e), describeLookup(a));
  }
  const eData = has(e, 'value');
  if (eData !== has(a, 'value')) {
    report(context, path, 'descriptor', describeProperty(e), describeProperty(a));
    return;
  }
  const attributes = eData ? ['writable', 'enumerable', 'configurable'] : ['enumerable', 'configurable'];
  for (let i = 0; i < attributes.length; i++) {
    if (field(e, attributes[i]) !== field(a, attributes[i])) {
      report(context, path + '<' + attributes[i] + '>', 'descriptor', field(e, attributes[i]), field(a, attributes[i]));
    }
  }
  if (!eData) {
    diffValue(context, path + '<get>', field(e, 'get'), field(a, 'get'));
    diffValue(context, path + '<set>', field(e, 'set'), field(a, 'set'));
  } else if (kind === 'array' && field(e, 'key') === 'length' && field(e, 'symbol') !== true) {
    const eValue = field(e, 'value');
    const aValue = field(a, 'value');
    if (!same(eValue, aValue)) report(context, path, 'length', describe(eValue), describe(aValue));
  } else {
    diffValue(context, path, field(e, 'value'), field(a, 'value'));
  }
}

/**
 * An index the key list skips that the object answers for (lookups.js), on
 * one side or at another index on each.
 * @param {Context} context
 * @param {string} path the object's path
 * @param {string | undefined} e
 * @param {string | undefined} a
 */
function diffUnlistedIndex(context, path, e, a) {
  if (e === a) return;
  report(context, path + '[' + (a ?? e) + ']', 'lookup', describeUnlistedIndex(e), describeUnlistedIndex(a));
}

// ---------------------------------------------------------------------------
// Text for paths and for the two sides of a Difference

/**
 * @param {string | undefined} threw an object observation's `ownKeysThrew`
 * @returns {string} what listing the object's own keys did
 */
function describeOwnKeys(threw) {
  return threw === undefined ? 'listed' : 'listing them threw ' + threw;
}

/**
 * @param {any} prop
 * @returns {string} what a lookup by an equal key made in the observing realm found
 */
function describeLookup(prop) {
  return 'an equal key finds ' + (has(prop, 'lookup') ? field(prop, 'lookup') : 'the same property');
}

/**
 * @param {string | undefined} index
 * @returns {string}
 */
function describeUnlistedIndex(index) {
  return index === undefined ? 'every index the key list skips is absent' : 'index ' + index + ' is not listed but found';
}

/**
 * @param {string} path
 * @param {any} prop
 * @returns {string} `$.foo`, `$[3]`, `$["odd key"]`, `$[@@desc]`
 */
export function propPath(path, prop) {
  const key = field(prop, 'key');
  if (field(prop, 'symbol') === true || isArrayIndex(key)) return path + '[' + key + ']';
  if (isIdentifier(key)) return path + '.' + key;
  return path + '[' + quoteJSONString(key) + ']';
}

/**
 * @param {any} prop
 * @returns {string}
 */
function describeProperty(prop) {
  if (has(prop, 'implementationDefined')) return 'implementation-defined ' + field(prop, 'implementationDefined') + ' property';
  if (has(prop, 'value')) return 'data property ' + describe(field(prop, 'value'));
  return 'accessor property';
}

/**
 * A short text for one value observation.
 * @param {any} observation
 * @returns {string}
 */
export function describe(observation) {
  switch (field(observation, 'type')) {
    case 'undefined': return 'undefined';
    case 'null': return 'null';
    case 'boolean': return field(observation, 'value') ? 'true' : 'false';
    case 'number': return field(observation, 'value');
    case 'bigint': return field(observation, 'value') + 'n';
    case 'string':
      if (has(observation, 'value')) return quoteJSONString(field(observation, 'value'));
      return 'string of length ' + field(observation, 'length') + ' (hash ' + field(observation, 'hash') + ')';
    case 'symbol': {
      const description = field(observation, 'description');
      return description === null ? 'Symbol()' : 'Symbol(' + quoteJSONString(description) + ')';
    }
    case 'intrinsic': return field(observation, 'name');
    case 'ref': return 'object #' + field(observation, 'id');
    case 'object': return field(observation, 'kind') + ' #' + field(observation, 'id');
    default: return canonicalJSON(observation ?? null);
  }
}
