// The `domexception` kind: a DOMException with a message and a name (with or
// without a legacy code). Every host clonecheck runs has it.

import { ObjectHasOwn } from '../../primordials/intrinsics.js';
import { call, exprs, lit } from '../plan.js';
import { checkValue, own } from '../values.js';
import { checkString } from './checks.js';
import { stackKeyProblem } from './error.js';

/** @type {import('./index.js').KindDescriptor} */
export const domexception = {
  kind: 'domexception',
  wpt: 'wpt/blob-file-domexception.any.js',
  fields: ['message', 'name'],
  required: [],
  check(node, path, v) {
    // A Value (so the shrinker simplifies it like an error's message), but only a string one.
    if (ObjectHasOwn(node, 'message') && checkValue(node.message, `${path}.message`, v) !== undefined) checkString(node.message, `${path}.message`, v);
    checkString(own(node, 'name'), `${path}.name`, v);
  },
  keyProblem: stackKeyProblem,
  // Platform objects: defaults spelled out, so the repro states every field.
  make: (node) => call('domexception', exprs(lit(own(node, 'message') ?? ''), lit(own(node, 'name') ?? 'Error'))),
  summary: () => 'DOMException',
  plain: (a, p) => `new DOMException(${p.expr(a[0])}, ${p.expr(a[1])})`,
  platform: { interface: 'DOMException', makers: ['DOMException'], drawn: true },
};
