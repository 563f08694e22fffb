// The `object` kind: an ordinary object, or an instance of a named class
// (with a private field: an object with an extra internal slot, which the
// clone refuses); optionally with `fill`: many data properties named by a
// prefix and a count in a few bytes of JSON (an object past the
// dictionary-mode property counts: fuzzers/arbitraries/thresholds.js).

import { ArrayIsArray, append, newList } from '../../primordials/intrinsics.js';
import { CX, call, doStmt, exprs, lit } from '../plan.js';
import { checkValue, describe, own, report, valueExpr } from '../values.js';
import { MAX_FILL } from './array.js';
import { checkBoolean, checkInteger, checkString } from './checks.js';

/** @type {import('./index.js').KindDescriptor} */
export const object = {
  kind: 'object',
  wpt: 'wpt/objects.any.js',
  fields: ['class', 'privateField', 'fill'],
  required: [],
  check(node, path, v) {
    const className = own(node, 'class');
    if (className !== undefined && typeof className !== 'string') report(v.errors, `${path}.class`, `expected a class name, got ${describe(className)}`);
    checkBoolean(own(node, 'privateField'), `${path}.privateField`, v);
    if (own(node, 'privateField') === true && className === undefined) {
      report(v.errors, `${path}.privateField`, 'a private field needs a class: give the node a "class" name');
    }
    const fill = own(node, 'fill');
    if (fill === undefined) return;
    if (!ArrayIsArray(fill) || fill.length !== 3) return void report(v.errors, `${path}.fill`, `expected [value, count, prefix], got ${describe(fill)}`);
    checkValue(own(fill, 0), `${path}.fill[0]`, v);
    checkInteger(own(fill, 1), `${path}.fill[1]`, v, MAX_FILL);
    checkString(own(fill, 2), `${path}.fill[2]`, v);
  },
  // `count` data properties `${prefix}0`, `${prefix}1`, … before the props (which may redefine some).
  fill(node, self, label) {
    const plan = newList();
    if (own(node, 'fill') !== undefined && node.fill[1] > 0) {
      const [value, count, prefix] = node.fill;
      append(plan, doStmt(call('named', exprs(self, lit(prefix), lit(count), valueExpr(value))), `${label}: ${count} properties ${prefix}0…`));
    }
    return plan;
  },
  make(node) {
    if (own(node, 'class') === undefined) return call('object', exprs(CX));
    return call('object', exprs(CX, lit(node.class), lit(own(node, 'privateField') === true)));
  },
  summary: (node) => (own(node, 'class') === undefined ? 'object' : `object, instance of class ${node.class}`)
    + (own(node, 'fill') === undefined ? '' : ` with ${node.fill[1]} properties ${node.fill[2]}0…`),
  plain(a, p) {
    if (a.length === 1) return '{}';
    return `new ${p.namedClass(p.litValue(a[1]), p.litValue(a[2]) === true ? ' { #secret = 0; }' : ' {}')}()`;
  },
};
