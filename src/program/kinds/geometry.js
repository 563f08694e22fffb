// The `geometry` kind: one of the Geometry Interfaces (DOMPoint, DOMRect,
// DOMMatrix, DOMQuad and their read-only bases) made from its numbers.
// Browsers have them; the runtimes do not, where the generator's node
// becomes an ordinary object (judgeableHere, by the sample node).

import { ArrayIsArray, ObjectHasOwn, ObjectKeys, append, newList, record } from '../../primordials/intrinsics.js';
import { call, exprs, list, lit } from '../plan.js';
import { describe, oneOf, own, report, valueExpr } from '../values.js';
import { checkEnum, checkNumber } from './checks.js';

/** A geometry node's interfaces, with how many numbers each takes. */
export const GEOMETRY_VALUES = record({
  DOMPoint: [4], DOMPointReadOnly: [4], DOMRect: [4], DOMRectReadOnly: [4],
  DOMMatrix: [6, 16], DOMMatrixReadOnly: [6, 16], DOMQuad: [16],
});
export const GEOMETRY_TYPES = ObjectKeys(GEOMETRY_VALUES);

/** @type {import('./index.js').KindDescriptor} */
export const geometry = {
  kind: 'geometry',
  wpt: 'wpt/imagedata-geometry.any.js',
  fields: ['type', 'values'],
  required: ['type', 'values'],
  check(node, path, v) {
    const type = own(node, 'type');
    const typeOk = ObjectHasOwn(node, 'type') && checkEnum(type, GEOMETRY_TYPES, `${path}.type`, v);
    const values = own(node, 'values');
    if (!ObjectHasOwn(node, 'values')) return;
    if (!ArrayIsArray(values)) return report(v.errors, `${path}.values`, `expected an array of numbers, got ${describe(values)}`);
    for (let i = 0; i < values.length; i++) {
      const value = own(values, i);
      if (!checkNumber(value, `${path}.values[${i}]`, v)) report(v.errors, `${path}.values[${i}]`, `expected a number or {"number": "NaN"}, got ${describe(value)}`);
    }
    if (typeOk && !oneOf(GEOMETRY_VALUES[type], values.length)) {
      report(v.errors, `${path}.values`, `a ${type} takes ${GEOMETRY_VALUES[type].join(' or ')} numbers, got ${values.length}`);
    }
  },
  make(node) {
    const values = newList();
    for (let i = 0; i < node.values.length; i++) append(values, valueExpr(node.values[i]));
    return call('geometry', exprs(lit(node.type), list(values)));
  },
  summary: (node) => node.type,
  plain(a, p) {
    const type = p.litValue(a[0]);
    const values = a[1].t === 'list' ? a[1].items : [];
    if (type === 'DOMMatrix' || type === 'DOMMatrixReadOnly') return `new ${type}([${p.exprList(values)}])`;
    if (type !== 'DOMQuad') return `new ${type}(${p.exprList(values)})`;
    let points = '';
    for (let i = 0; i < 4; i++) {
      points += `${i === 0 ? '' : ', '}{ x: ${p.expr(values[4 * i])}, y: ${p.expr(values[4 * i + 1])}, z: ${p.expr(values[4 * i + 2])}, w: ${p.expr(values[4 * i + 3])} }`;
    }
    return `new DOMQuad(${points})`;
  },
  platform: {
    interfaceOf: (node) => node.type, makers: GEOMETRY_TYPES, drawn: true,
    sample: { kind: 'geometry', type: 'DOMPoint', values: [0, 0, 0, 1] },
  },
};
