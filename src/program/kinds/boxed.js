// The `boxed` kind: a Boolean, Number, BigInt, String or Symbol object
// (Object(value)); a String object's length and character indices are its
// own non-configurable properties.

import { ObjectHasOwn } from '../../primordials/intrinsics.js';
import { call, exprs } from '../plan.js';
import { checkStringExpr, checkValue, describe, isIndex, isRecord, own, report, soleKey, valueExpr } from '../values.js';
import { isCanonicalNumericString } from './checks.js';

/**
 * @param {unknown} value the value of a boxed node
 * @returns {number | undefined} the string's length when the value is a string
 */
function boxedStringLength(value) {
  if (typeof value === 'string') return value.length;
  if (isRecord(value) && soleKey(value) === 'string') {
    return checkStringExpr(value.string, '$', { errors: [], objectCount: 0, allowRefs: false });
  }
  return undefined;
}

/** @type {import('./index.js').KindDescriptor} */
export const boxed = {
  kind: 'boxed',
  wpt: 'wpt/wrappers.any.js',
  fields: ['value'],
  required: ['value'],
  check(node, path, v) {
    if (!ObjectHasOwn(node, 'value')) return;
    const sort = checkValue(node.value, `${path}.value`, v);
    if (sort !== undefined && (sort.sort === 'ref' || sort.sort === 'nullish')) {
      report(v.errors, `${path}.value`, `expected a primitive other than null and undefined, got ${describe(node.value)}`);
    }
  },
  keyProblem(node, key) {
    const length = boxedStringLength(own(node, 'value'));
    if (length === undefined) return undefined;
    if (key === 'length') return 'a String object\'s length is not configurable';
    if (isCanonicalNumericString(key) && isIndex(+key) && +key < length) return 'a String object\'s character indices are not configurable';
    return undefined;
  },
  make: (node) => call('boxed', exprs(valueExpr(node.value))),
  summary: () => 'boxed',
  plain: (a, p) => `Object(${p.expr(a[0])})`,
};
