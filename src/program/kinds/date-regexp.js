// The `date` kind (a Date, NaN time included) and the `regexp` kind (a
// RegExp with its source, flags and a lastIndex, which the clone drops).

import { ObjectHasOwn, newList, append } from '../../primordials/intrinsics.js';
import { currentRealm } from '../../primordials/realm.js';
import { call, doStmt, exprs, lit } from '../plan.js';
import { describe, own, report, valueExpr } from '../values.js';
import { checkInteger, checkNumber } from './checks.js';

/** @type {import('./index.js').KindDescriptor} */
export const date = {
  kind: 'date',
  wpt: 'wpt/date-regexp.any.js',
  fields: ['time'],
  required: ['time'],
  check(node, path, v) {
    if (!checkNumber(own(node, 'time'), `${path}.time`, v) && ObjectHasOwn(node, 'time')) {
      report(v.errors, `${path}.time`, `expected a number or {"number": "NaN"}, got ${describe(own(node, 'time'))}`);
    }
  },
  make: (node) => call('date', exprs(valueExpr(node.time))),
  summary: () => 'date',
  plain: (a, p) => `new Date(${p.expr(a[0])})`,
};

/** @type {import('./index.js').KindDescriptor} */
export const regexp = {
  kind: 'regexp',
  wpt: 'wpt/date-regexp.any.js',
  fields: ['source', 'flags', 'lastIndex'],
  required: ['source', 'flags'],
  check(node, path, v) {
    const source = own(node, 'source');
    const flags = own(node, 'flags');
    if (ObjectHasOwn(node, 'source') && typeof source !== 'string') report(v.errors, `${path}.source`, `expected a pattern string, got ${describe(source)}`);
    if (ObjectHasOwn(node, 'flags') && typeof flags !== 'string') report(v.errors, `${path}.flags`, `expected a flags string, got ${describe(flags)}`);
    if (typeof source === 'string' && typeof flags === 'string') {
      // The RegExp constructor itself is the grammar; it runs no user code for string arguments.
      try {
        new currentRealm.RegExp(source, flags);
      } catch (e) {
        report(v.errors, path, `new RegExp(source, flags) throws a SyntaxError here (${describe(source)}, ${describe(flags)})`);
      }
    }
    checkInteger(own(node, 'lastIndex'), `${path}.lastIndex`, v);
  },
  keyProblem: (node, key) => (key === 'lastIndex' ? 'lastIndex is set with the node\'s "lastIndex" field' : undefined),
  make: (node) => call('regexp', exprs(lit(node.source), lit(node.flags))),
  fill(node, self, label) {
    const plan = newList();
    if (ObjectHasOwn(node, 'lastIndex')) append(plan, doStmt(call('value', exprs(self, lit('lastIndex'), lit(node.lastIndex))), label));
    return plan;
  },
  summary: () => 'regexp',
  plain: (a, p) => `new RegExp(${p.expr(a[0])}, ${p.expr(a[1])})`,
};
