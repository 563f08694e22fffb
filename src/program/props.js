// A node's own properties (docs/program.md "Prop") and the behaviors of its
// accessors and methods: data or accessor, attributes, keys that `build`
// could not define on the node's kind (each kind says which: kinds/).

import { ArrayIsArray, ObjectCreate, ObjectHasOwn } from '../primordials/intrinsics.js';
import { checkKey, checkValue, describe, isRecord, keyIdentity, own, report, stringKeyText } from './values.js';
import { checkBoolean, checkEnum, checkFields } from './kinds/checks.js';
import { ERROR_TYPES } from './kinds/error.js';
import { KIND } from './kinds/index.js';
import { checkEffect } from './effects.js';

export const DATA_PROP_FIELDS = ['key', 'value', 'writable', 'enumerable', 'configurable'];
// Accessors also list 'value' and 'writable': mixing them is reported once, as such.
export const ACCESSOR_PROP_FIELDS = ['key', 'get', 'set', 'enumerable', 'configurable', 'value', 'writable'];
const DATA_STEP_FIELDS = ['on', ...DATA_PROP_FIELDS];
const ACCESSOR_STEP_FIELDS = ['on', ...ACCESSOR_PROP_FIELDS];
const DELETE_STEP_FIELDS = ['on', 'key', 'delete'];
export const METHOD_STEP_FIELDS = ['on', 'key', 'method', 'writable', 'enumerable', 'configurable'];
export const BEHAVIOR_FIELDS = ['effects', 'returns', 'throws'];

/** @typedef {import('./kinds/checks.js').Validator} Validator */

/**
 * @param {any} node
 * @param {string} path
 * @param {Validator} v
 */
export function checkProps(node, path, v) {
  if (!ObjectHasOwn(node, 'props')) return;
  const props = node.props;
  if (!ArrayIsArray(props)) return report(v.errors, `${path}.props`, `expected an array of properties, got ${describe(props)}`);
  /** @type {Record<string, boolean>} keys already defined non-configurable */
  const fixed = ObjectCreate(null);
  for (let i = 0; i < props.length; i++) {
    const propPath = `${path}.props[${i}]`;
    const prop = own(props, i);
    if (!checkProp(prop, propPath, v, false)) continue;
    const problem = keyProblem(node, prop.key);
    if (problem !== undefined) report(v.errors, `${propPath}.key`, problem);
    const identity = keyIdentity(prop.key);
    if (identity === undefined) continue;
    if (fixed[identity]) report(v.errors, `${propPath}.key`, 'redefines a non-configurable property defined earlier');
    if (own(prop, 'configurable') === false) fixed[identity] = true;
  }
}

/**
 * Why a node of this kind cannot have an own property with this key defined
 * by `build`, if it cannot (the definition would throw).
 * @param {any} node a node whose kind fields are valid
 * @param {any} written a valid Key
 * @returns {string | undefined}
 */
export function keyProblem(node, written) {
  const descriptor = KIND[own(node, 'kind')];
  if (descriptor === undefined) return undefined;
  if (descriptor.forwards === true) return 'a proxy forwards definitions to its target: put the property on the target node';
  // A built key is the string it builds: `{"string": {"concat": ["len", "gth"]}}` is an array's length too.
  const key = stringKeyText(written);
  if (key === undefined || descriptor.keyProblem === undefined) return undefined;
  return descriptor.keyProblem(node, key);
}

/**
 * A Prop, or (with `step`) the property part of a realm step.
 * @param {unknown} prop
 * @param {string} path
 * @param {Validator} v
 * @param {boolean} step
 * @returns {boolean} whether the key is valid (so later checks can use it)
 */
export function checkProp(prop, path, v, step) {
  if (!isRecord(prop)) {
    report(v.errors, path, `expected a property ({"key", "value"} or {"key", "get"/"set"}), got ${describe(prop)}`);
    return false;
  }
  const accessor = ObjectHasOwn(prop, 'get') || ObjectHasOwn(prop, 'set');
  if (step && ObjectHasOwn(prop, 'delete')) {
    checkFields(prop, DELETE_STEP_FIELDS, path, v);
    if (prop.delete !== true) report(v.errors, `${path}.delete`, `expected true, got ${describe(prop.delete)}`);
  } else if (step && ObjectHasOwn(prop, 'method')) {
    checkFields(prop, METHOD_STEP_FIELDS, path, v);
    checkBehavior(prop.method, `${path}.method`, v, step);
  } else if (accessor) {
    if (ObjectHasOwn(prop, 'value') || ObjectHasOwn(prop, 'writable')) {
      report(v.errors, path, 'a property is either data ("value", "writable") or accessor ("get", "set"), not both');
    }
    checkFields(prop, step ? ACCESSOR_STEP_FIELDS : ACCESSOR_PROP_FIELDS, path, v);
    if (ObjectHasOwn(prop, 'get')) checkBehavior(prop.get, `${path}.get`, v, step);
    if (ObjectHasOwn(prop, 'set')) checkBehavior(prop.set, `${path}.set`, v, step);
  } else {
    checkFields(prop, step ? DATA_STEP_FIELDS : DATA_PROP_FIELDS, path, v);
    if (ObjectHasOwn(prop, 'value')) checkValue(prop.value, `${path}.value`, v);
  }
  checkBoolean(own(prop, 'writable'), `${path}.writable`, v);
  checkBoolean(own(prop, 'enumerable'), `${path}.enumerable`, v);
  checkBoolean(own(prop, 'configurable'), `${path}.configurable`, v);
  if (!ObjectHasOwn(prop, 'key')) {
    report(v.errors, `${path}.key`, 'missing');
    return false;
  }
  return checkKey(prop.key, `${path}.key`, v, !step);
}

/**
 * @param {unknown} behavior
 * @param {string} path
 * @param {Validator} v
 * @param {boolean} step whether the behavior belongs to a realm step
 */
function checkBehavior(behavior, path, v, step) {
  if (!isRecord(behavior)) return report(v.errors, path, `expected a Behavior ({"effects"?, "returns"?, "throws"?}), got ${describe(behavior)}`);
  checkFields(behavior, BEHAVIOR_FIELDS, path, v);
  if (ObjectHasOwn(behavior, 'returns')) checkValue(behavior.returns, `${path}.returns`, v);
  if (ObjectHasOwn(behavior, 'throws')) checkEnum(behavior.throws, ERROR_TYPES, `${path}.throws`, v);
  if (!ObjectHasOwn(behavior, 'effects')) return;
  const effects = behavior.effects;
  if (!ArrayIsArray(effects)) return report(v.errors, `${path}.effects`, `expected an array of effects, got ${describe(effects)}`);
  if (step && effects.length > 0) {
    return report(v.errors, `${path}.effects`, 'a realm step\'s behavior cannot have effects (it may run in a realm without the program\'s objects)');
  }
  for (let i = 0; i < effects.length; i++) checkEffect(own(effects, i), `${path}.effects[${i}]`, v);
}
