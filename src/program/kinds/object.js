// The `object` kind: an ordinary object, or an instance of a named class
// (with a private field: an object with an extra internal slot, which the
// clone refuses).

import { CX, call, exprs, lit } from '../plan.js';
import { describe, own, report } from '../values.js';
import { checkBoolean } from './checks.js';

/** @type {import('./index.js').KindDescriptor} */
export const object = {
  kind: 'object',
  wpt: 'wpt/objects.any.js',
  fields: ['class', 'privateField'],
  required: [],
  check(node, path, v) {
    const className = own(node, 'class');
    if (className !== undefined && typeof className !== 'string') report(v.errors, `${path}.class`, `expected a class name, got ${describe(className)}`);
    checkBoolean(own(node, 'privateField'), `${path}.privateField`, v);
    if (own(node, 'privateField') === true && className === undefined) {
      report(v.errors, `${path}.privateField`, 'a private field needs a class: give the node a "class" name');
    }
  },
  make(node) {
    if (own(node, 'class') === undefined) return call('object', exprs(CX));
    return call('object', exprs(CX, lit(node.class), lit(own(node, 'privateField') === true)));
  },
  summary: (node) => (own(node, 'class') === undefined ? 'object' : `object, instance of class ${node.class}`),
  plain(a, p) {
    if (a.length === 1) return '{}';
    return `new ${p.namedClass(p.litValue(a[1]), p.litValue(a[2]) === true ? ' { #secret = 0; }' : ' {}')}()`;
  },
};
