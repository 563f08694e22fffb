// The `map` and `set` kinds: a Map with [key, value] entries, a Set with values.

import { ArrayIsArray, ObjectHasOwn, append, newList } from '../../primordials/intrinsics.js';
import { call, doStmt, exprs } from '../plan.js';
import { checkValue, describe, own, report, valueExpr } from '../values.js';
import { checkValues } from './checks.js';

/** @type {import('./index.js').KindDescriptor} */
export const map = {
  kind: 'map',
  wpt: 'wpt/map-set.any.js',
  fields: ['entries'],
  required: ['entries'],
  check(node, path, v) {
    const entries = own(node, 'entries');
    if (!ObjectHasOwn(node, 'entries')) return;
    if (!ArrayIsArray(entries)) return report(v.errors, `${path}.entries`, `expected an array of [key, value] pairs, got ${describe(entries)}`);
    for (let i = 0; i < entries.length; i++) {
      const entry = own(entries, i);
      if (!ArrayIsArray(entry) || entry.length !== 2) {
        report(v.errors, `${path}.entries[${i}]`, `expected a [key, value] pair, got ${describe(entry)}`);
      } else {
        checkValue(own(entry, 0), `${path}.entries[${i}][0]`, v);
        checkValue(own(entry, 1), `${path}.entries[${i}][1]`, v);
      }
    }
  },
  make: () => call('map', exprs()),
  fill(node, self, label) {
    const plan = newList();
    for (let i = 0; i < node.entries.length; i++) {
      append(plan, doStmt(call('mapEntry', exprs(self, valueExpr(node.entries[i][0]), valueExpr(node.entries[i][1]))), label));
    }
    return plan;
  },
  summary: () => 'map',
  plain: () => 'new Map()',
};

/** @type {import('./index.js').KindDescriptor} */
export const set = {
  kind: 'set',
  wpt: 'wpt/map-set.any.js',
  fields: ['values'],
  required: ['values'],
  check(node, path, v) {
    if (ObjectHasOwn(node, 'values')) checkValues(own(node, 'values'), `${path}.values`, v);
  },
  make: () => call('set', exprs()),
  fill(node, self, label) {
    const plan = newList();
    for (let i = 0; i < node.values.length; i++) append(plan, doStmt(call('setValue', exprs(self, valueExpr(node.values[i]))), label));
    return plan;
  },
  summary: () => 'set',
  plain: () => 'new Set()',
};
