// The kinds the clone refuses (DataCloneError): `function` (each style of
// callable), `proxy` (of another node, which it forwards everything to) and
// `opaque` (an object with internal slots the clone does not know: WeakMap,
// Promise, a generator, an arguments object...).

import { ObjectHasOwn } from '../../primordials/intrinsics.js';
import { CX, call, exprs, lit, variable } from '../plan.js';
import { objectVar, own } from '../values.js';
import { checkEnum, checkId } from './checks.js';

export const FUNCTION_STYLES = ['arrow', 'function', 'class', 'async', 'generator', 'bound'];
export const OPAQUE_TYPES = ['WeakMap', 'WeakSet', 'WeakRef', 'FinalizationRegistry', 'Promise', 'Generator',
  'Arguments', 'ArrayIterator'];

/** The runtime's callable makers, as literal source. */
const PLAIN_CALLABLES = {
  __proto__: null,
  arrow: '() => {}',
  function: 'function () {}',
  class: 'class {}',
  async: 'async function () {}',
  generator: 'function* () {}',
  bound: 'function () {}.bind(null)',
};

/** The runtime's opaque makers, as literal source. */
const PLAIN_OPAQUES = {
  __proto__: null,
  WeakMap: 'new WeakMap()',
  WeakSet: 'new WeakSet()',
  WeakRef: 'new WeakRef({})',
  FinalizationRegistry: 'new FinalizationRegistry(() => {})',
  Promise: 'new Promise(() => {})',
  Generator: '(function* () {})()',
  Arguments: '(function () { return arguments; })()',
  ArrayIterator: '[].values()',
};

/** @type {import('./index.js').KindDescriptor} */
export const callable = {
  kind: 'function',
  wpt: 'wpt/uncloneables.any.js',
  op: 'callable',
  fields: ['style'],
  required: ['style'],
  check(node, path, v) {
    if (ObjectHasOwn(node, 'style')) checkEnum(own(node, 'style'), FUNCTION_STYLES, `${path}.style`, v);
  },
  keyProblem: (node, key) => (key === 'prototype' ? 'a function\'s prototype property is not configurable' : undefined),
  make: (node) => call('callable', exprs(lit(node.style))),
  summary: (node) => `${node.style} function`,
  plain: (a, p) => PLAIN_CALLABLES[/** @type {string} */ (p.litValue(a[0]))],
};

/** @type {import('./index.js').KindDescriptor} */
export const proxy = {
  kind: 'proxy',
  wpt: 'wpt/uncloneables.any.js',
  fields: ['target'],
  required: ['target'],
  // Made last, each after the proxy it targets (compile.js makeOrder).
  stage: 2,
  check(node, path, v) {
    if (ObjectHasOwn(node, 'target')) checkId(own(node, 'target'), `${path}.target`, v, undefined);
  },
  forwards: true,
  make: (node) => call('proxy', exprs(CX, variable(objectVar(node.target)))),
  summary: (node) => `proxy of #${node.target}`,
  plain: (a, p) => `new Proxy(${p.expr(a[1])}, {})`,
};

/** @type {import('./index.js').KindDescriptor} */
export const opaque = {
  kind: 'opaque',
  wpt: 'wpt/uncloneables.any.js',
  fields: ['type'],
  required: ['type'],
  check(node, path, v) {
    if (ObjectHasOwn(node, 'type')) checkEnum(own(node, 'type'), OPAQUE_TYPES, `${path}.type`, v);
  },
  keyProblem: (node, key) => (own(node, 'type') === 'Arguments' && key === 'callee'
    ? 'an arguments object\'s callee is not configurable' : undefined),
  make: (node) => call('opaque', exprs(CX, lit(node.type))),
  summary: (node) => node.type,
  plain: (a, p) => PLAIN_OPAQUES[/** @type {string} */ (p.litValue(a[1]))],
};
