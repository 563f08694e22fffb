// The `error` kind: a native Error (one of the 7 names the clone keeps) with
// a message and cause defined as its constructor defines them, and its
// stack formatted when made or left for whatever reads it first.

import { NATIVE_ERROR_NAMES, ObjectHasOwn, append, newList } from '../../primordials/intrinsics.js';
import { call, doStmt, exprs, lit } from '../plan.js';
import { checkValue, own, valueExpr } from '../values.js';
import { checkEnum } from './checks.js';

export const ERROR_TYPES = (() => {
  const types = newList();
  for (let i = 0; i < NATIVE_ERROR_NAMES.length; i++) append(types, NATIVE_ERROR_NAMES[i]);
  return types;
})();
/** An error node's `stack`: formatted when the error is made (the default), or left for the engine. */
const STACK_STATES = ['formatted', 'untouched'];

/**
 * V8 formats the stack when `stack` is redefined, running the error's
 * toString (which may throw): the result would depend on the engine. A
 * DOMException node says the same.
 * @param {any} node
 * @param {string} key
 */
export function stackKeyProblem(node, key) {
  return key === 'stack' ? 'an Error\'s stack is host-defined; redefining it runs engine-specific code' : undefined;
}

/** @type {import('./index.js').KindDescriptor} */
export const error = {
  kind: 'error',
  wpt: 'wpt/errors.any.js',
  fields: ['type', 'message', 'cause', 'stack'],
  required: ['type'],
  check(node, path, v) {
    if (ObjectHasOwn(node, 'type')) checkEnum(own(node, 'type'), ERROR_TYPES, `${path}.type`, v);
    if (ObjectHasOwn(node, 'message')) checkValue(node.message, `${path}.message`, v);
    if (ObjectHasOwn(node, 'cause')) checkValue(node.cause, `${path}.cause`, v);
    if (ObjectHasOwn(node, 'stack')) checkEnum(own(node, 'stack'), STACK_STATES, `${path}.stack`, v);
  },
  keyProblem: stackKeyProblem,
  // The default, 'formatted', is left out: older repros read the same.
  make: (node) => call('error', own(node, 'stack') === 'untouched' ? exprs(lit(node.type), lit('untouched')) : exprs(lit(node.type))),
  fill(node, self, label) {
    const plan = newList();
    // As the constructor makes them: writable, non-enumerable, configurable.
    if (ObjectHasOwn(node, 'message')) {
      append(plan, doStmt(call('data', exprs(self, lit('message'), valueExpr(node.message), lit(true), lit(false))), label));
    }
    if (ObjectHasOwn(node, 'cause')) {
      append(plan, doStmt(call('data', exprs(self, lit('cause'), valueExpr(node.cause), lit(true), lit(false))), label));
    }
    return plan;
  },
  summary: (node) => (own(node, 'stack') === 'untouched' ? `${node.type}, stack left unformatted` : node.type),
  plain: (a, p) => `new ${p.litValue(a[0])}()`,
};
