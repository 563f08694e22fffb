// The `array` kind: an Array (or an instance of a named Array subclass) with
// items and holes, and optionally a longer `length`.

import { ArrayIsArray, ObjectHasOwn, append, newList } from '../../primordials/intrinsics.js';
import { call, doStmt, exprs, lit } from '../plan.js';
import { checkValue, describe, isRecord, own, report, soleKey, valueExpr } from '../values.js';
import { checkInteger } from './checks.js';

const MAX_ARRAY_LENGTH = 2 ** 32 - 1;

/** @param {unknown} item an array item @returns {boolean} whether it is {"hole": true} */
function isHole(item) {
  return typeof item === 'object' && item !== null && ObjectHasOwn(item, 'hole');
}

/** @type {import('./index.js').KindDescriptor} */
export const array = {
  kind: 'array',
  wpt: 'wpt/arrays.any.js',
  fields: ['items', 'length', 'subclass'],
  required: ['items'],
  check(node, path, v) {
    const items = own(node, 'items');
    if (ObjectHasOwn(node, 'items') && !ArrayIsArray(items)) report(v.errors, `${path}.items`, `expected an array of values and holes, got ${describe(items)}`);
    else if (items !== undefined) {
      for (let i = 0; i < items.length; i++) {
        const item = own(items, i);
        if (isRecord(item) && soleKey(item) === 'hole') {
          if (item.hole !== true) report(v.errors, `${path}.items[${i}].hole`, `expected true, got ${describe(item.hole)}`);
        } else checkValue(item, `${path}.items[${i}]`, v);
      }
    }
    checkInteger(own(node, 'length'), `${path}.length`, v, MAX_ARRAY_LENGTH);
    const subclass = own(node, 'subclass');
    if (subclass !== undefined && typeof subclass !== 'string') report(v.errors, `${path}.subclass`, `expected a class name, got ${describe(subclass)}`);
  },
  keyProblem: (node, key) => (key === 'length' ? 'an array\'s length is set with the node\'s "length" field' : undefined),
  make: (node) => call('array', own(node, 'subclass') === undefined ? exprs() : exprs(lit(node.subclass))),
  fill(node, self, label) {
    const plan = newList();
    for (let i = 0; i < node.items.length; i++) {
      const item = node.items[i];
      if (isHole(item)) continue;
      append(plan, doStmt(call('data', exprs(self, lit(i), valueExpr(item))), label));
    }
    // Trailing holes leave the length at the item count, as in [1, , ].
    if (node.items.length > 0 && isHole(node.items[node.items.length - 1])) {
      append(plan, doStmt(call('value', exprs(self, lit('length'), lit(node.items.length))), `${label}: trailing holes`));
    }
    if (ObjectHasOwn(node, 'length')) append(plan, doStmt(call('value', exprs(self, lit('length'), lit(node.length))), label));
    return plan;
  },
  summary: (node) => (own(node, 'subclass') === undefined
    ? `array of ${node.items.length}` : `array of ${node.items.length}, class ${node.subclass} extends Array`),
  plain: (a, p) => (a.length === 0 ? '[]' : `new ${p.namedClass(p.litValue(a[0]), ' extends Array {}')}()`),
};

export { MAX_ARRAY_LENGTH };
