// The `array` kind: an Array (or an instance of a named Array subclass) with
// items and holes, then optionally `fill`: many more elements of one form
// in a few bytes of JSON (a run of holes past V8's 1,024-element gap, a
// dense run, thousands of distinct objects for a serializer's back-reference
// ids: fuzzers/arbitraries/thresholds.js), and optionally a longer `length`.

import { ArrayIsArray, ObjectHasOwn, append, newList } from '../../primordials/intrinsics.js';
import { CX, call, doStmt, exprs, lit } from '../plan.js';
import { checkValue, describe, isRecord, own, report, soleKey, valueExpr } from '../values.js';
import { checkInteger } from './checks.js';

const MAX_ARRAY_LENGTH = 2 ** 32 - 1;
/** The most elements `fill` may add: past every threshold the generator draws (JSC's 65,536-entry object pool), and still a build of milliseconds. */
const MAX_FILL = 2 ** 20;

/** @param {unknown} item an array item @returns {boolean} whether it is {"hole": true} */
function isHole(item) {
  return typeof item === 'object' && item !== null && ObjectHasOwn(item, 'hole');
}

/** @param {unknown} item a fill's item @returns {boolean} whether it is {"fresh": true}: a new empty object for each element */
function isFresh(item) {
  return typeof item === 'object' && item !== null && ObjectHasOwn(item, 'fresh');
}

/**
 * An array's items and its fill's item, each with its path, for the checks.
 * @param {unknown} item @param {string} path @param {any} v
 * @param {boolean} fill  the fill's item, which may also be {"fresh": true}
 */
function checkItem(item, path, v, fill) {
  if (isRecord(item) && soleKey(item) === 'hole') {
    if (item.hole !== true) report(v.errors, `${path}.hole`, `expected true, got ${describe(item.hole)}`);
  } else if (fill && isRecord(item) && soleKey(item) === 'fresh') {
    if (item.fresh !== true) report(v.errors, `${path}.fresh`, `expected true, got ${describe(item.fresh)}`);
  } else checkValue(item, path, v);
}

/** @type {import('./index.js').KindDescriptor} */
export const array = {
  kind: 'array',
  wpt: 'wpt/arrays.any.js',
  fields: ['items', 'fill', 'length', 'subclass'],
  required: ['items'],
  check(node, path, v) {
    const items = own(node, 'items');
    if (ObjectHasOwn(node, 'items') && !ArrayIsArray(items)) report(v.errors, `${path}.items`, `expected an array of values and holes, got ${describe(items)}`);
    else if (items !== undefined) {
      for (let i = 0; i < items.length; i++) checkItem(own(items, i), `${path}.items[${i}]`, v, false);
    }
    const fill = own(node, 'fill');
    if (fill !== undefined) {
      if (!ArrayIsArray(fill) || fill.length !== 2) report(v.errors, `${path}.fill`, `expected [item, count], got ${describe(fill)}`);
      else {
        checkItem(own(fill, 0), `${path}.fill[0]`, v, true);
        checkInteger(own(fill, 1), `${path}.fill[1]`, v, MAX_FILL);
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
    let count = node.items.length;
    let last = node.items[count - 1];
    if (ObjectHasOwn(node, 'fill') && node.fill[1] > 0) {
      const [item, more] = node.fill;
      // A run of holes defines nothing: the length below makes it.
      if (!isHole(item)) {
        const args = isFresh(item) ? exprs(CX, self, lit(count), lit(more), lit(true)) : exprs(CX, self, lit(count), lit(more), lit(false), valueExpr(item));
        append(plan, doStmt(call('fill', args), `${label}: ${more} more`));
      }
      count += more;
      last = item;
    }
    // Trailing holes leave the length at the element count, as in [1, , ].
    if (count > 0 && isHole(last)) {
      append(plan, doStmt(call('value', exprs(self, lit('length'), lit(count))), `${label}: trailing holes`));
    }
    if (ObjectHasOwn(node, 'length')) append(plan, doStmt(call('value', exprs(self, lit('length'), lit(node.length))), label));
    return plan;
  },
  summary: (node) => {
    const fill = own(node, 'fill');
    const of = fill === undefined ? `${node.items.length}` : `${node.items.length} + ${fill[1]}`;
    return own(node, 'subclass') === undefined ? `array of ${of}` : `array of ${of}, class ${node.subclass} extends Array`;
  },
  plain: (a, p) => (a.length === 0 ? '[]' : `new ${p.namedClass(p.litValue(a[0]), ' extends Array {}')}()`),
};

export { MAX_ARRAY_LENGTH, MAX_FILL };
