// Realm steps (docs/program.md "RealmStep"): the intrinsics a step may
// change, the keys no step can change, and the check of a list of steps.

import { ArrayIsArray, record } from '../primordials/intrinsics.js';
import { describe, isRecord, oneOf, own, report } from './values.js';
import { checkEnum } from './kinds/checks.js';
import { checkProp } from './props.js';

/** Intrinsic objects a realm step may change and a node's `proto` may name. */
export const INTRINSIC_NAMES = [
  'globalThis', 'Object', 'Object.prototype', 'Array', 'Array.prototype', 'Map.prototype',
  'Set.prototype', 'Date.prototype', 'RegExp.prototype', 'Error.prototype', 'ArrayBuffer.prototype',
  'SharedArrayBuffer.prototype', 'TypedArray.prototype', 'Uint8Array.prototype', 'DataView.prototype',
  'Function.prototype', 'String.prototype', 'Number.prototype', 'Boolean.prototype', 'BigInt.prototype',
  'Symbol.prototype',
];

/**
 * Properties of those intrinsics that are not configurable in any engine:
 * a realm step cannot change them, and `restore` could not put them back.
 */
export const FIXED_INTRINSIC_KEYS = record({
  globalThis: ['NaN', 'Infinity', 'undefined'],
  Object: ['prototype'],
  Array: ['prototype'],
  'Array.prototype': ['length'],
  'String.prototype': ['length'],
});

/**
 * @param {unknown} steps
 * @param {string} path
 * @param {import('./kinds/checks.js').Validator} v
 */
export function checkSteps(steps, path, v) {
  if (steps === undefined) return;
  if (!ArrayIsArray(steps)) return report(v.errors, path, `expected an array of realm steps, got ${describe(steps)}`);
  const saved = v.allowRefs;
  v.allowRefs = false;
  for (let i = 0; i < steps.length; i++) {
    const step = own(steps, i);
    const stepPath = `${path}[${i}]`;
    if (!isRecord(step)) {
      report(v.errors, stepPath, `expected a realm step ({"on": intrinsic, "key", …}), got ${describe(step)}`);
      continue;
    }
    const on = own(step, 'on');
    const onOk = checkEnum(on, INTRINSIC_NAMES, `${stepPath}.on`, v);
    const keyOk = checkProp(step, stepPath, v, true);
    if (own(step, 'configurable') === false) {
      report(v.errors, `${stepPath}.configurable`, 'a realm step must stay configurable, or restore() could not undo it');
    }
    if (onOk && keyOk && typeof step.key === 'string' && oneOf(own(FIXED_INTRINSIC_KEYS, on) ?? [], step.key)) {
      report(v.errors, `${stepPath}.key`, `${on}.${step.key} is not configurable: no realm step can change it`);
    }
  }
  v.allowRefs = saved;
}

/**
 * Checks realm steps on their own (what `setupRealm` receives).
 * @param {unknown} steps
 * @returns {import('./values.js').ValidationError[]}
 */
export function validateSteps(steps) {
  /** @type {import('./values.js').ValidationError[]} */
  const errors = [];
  checkSteps(steps, '$', { errors, nodes: [], objectCount: 0, allowRefs: false });
  return errors;
}
