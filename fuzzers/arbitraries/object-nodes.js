// Object nodes of every kind, with own props, a prototype and an integrity
// level where the kind takes them, and `objectGraph`: random graphs of them
// wired by references (shared references and cycles happen naturally).

import fc from 'fast-check';
import { NATIVE_ERROR_NAMES } from '../../src/primordials/intrinsics.js';
import { graphContext, graphValue, perGraph } from './behaviors.js';
import { arrayBufferNode, viewNode } from './buffers.js';
import { arrayKey, nonIndexKey, objectKey } from './keys.js';
import { primitiveValue, symbolValue } from './primitives.js';
import { accessorProp, dataProp, propList } from './props.js';
import { stringLiteral } from './strings.js';

/** @typedef {import('./behaviors.js').GraphContext} GraphContext */

const intrinsicPrototypeName = fc.constantFrom(
  'Object.prototype', 'Array.prototype', 'Map.prototype', 'Error.prototype', 'Date.prototype',
);

/** Names for the fresh classes of class instances and Array subclasses. */
export const className = fc.constantFrom('Point', 'MyArray', 'Sub', 'Ctor');

/** The kinds of graph nodes, weighted toward the cloneable ones. */
const nodeKind = fc.oneof(
  { weight: 6, arbitrary: fc.constant('object') },
  { weight: 6, arbitrary: fc.constant('array') },
  ...['date', 'regexp', 'map', 'set', 'arraybuffer', 'view', 'error', 'boxed'].map((k) => ({ weight: 1, arbitrary: fc.constant(k) })),
  { weight: 1, arbitrary: fc.constantFrom('function', 'proxy', 'opaque') },
);

// V8 formats an Error's stack when it is redefined, running engine-specific code.
const errorKey = objectKey.filter((key) => key !== 'stack');

/** @param {string} kind */
function keyFor(kind) {
  if (kind === 'array') return arrayKey;
  if (kind === 'view' || kind === 'boxed' || kind === 'regexp' || kind === 'function' || kind === 'proxy') return nonIndexKey;
  if (kind === 'error') return errorKey;
  return objectKey;
}

/** Own props for a node of `kind`: data mostly, accessors sometimes. @param {string} kind @param {GraphContext} ctx */
function propsFor(kind, ctx) {
  const key = keyFor(kind);
  return perGraph(ctx, `props of ${kind}`, () => fc.oneof(
    { weight: 3, arbitrary: fc.constant([]) },
    { weight: 2, arbitrary: propList(fc.oneof({ weight: 4, arbitrary: dataProp(key, graphValue(ctx)) }, { weight: 1, arbitrary: accessorProp(key, ctx) })) },
  ));
}

/** `proto`: default mostly; null, an intrinsic, or a lower node sometimes. @param {number} index */
function protoFor(index) {
  /** @type {fc.Arbitrary<null | string | {ref: number}>[]} */
  const choices = [fc.constant(null), intrinsicPrototypeName];
  if (index > 0) choices.push(fc.integer({ min: 0, max: index - 1 }).map((i) => ({ ref: i })));
  return fc.oneof({ weight: 8, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: fc.oneof(...choices) });
}

const integrityLevel = fc.oneof(
  { weight: 8, arbitrary: fc.constant(undefined) },
  { weight: 1, arbitrary: fc.constantFrom('preventExtensions', 'seal', 'freeze') },
);

/** @param {string} kind @param {number} index @param {GraphContext} ctx */
function contentsFor(kind, index, ctx) {
  const value = graphValue(ctx);
  switch (kind) {
    case 'object':
      return fc.oneof(
        { weight: 6, arbitrary: fc.constant({}) },
        { weight: 1, arbitrary: fc.record({ class: className, privateField: fc.boolean() }) },
      );
    case 'array':
      return fc
        .record({
          items: fc.array(fc.oneof({ weight: 6, arbitrary: value }, { weight: 1, arbitrary: fc.constant({ hole: true }) }), { maxLength: 6 }),
          extraLength: fc.oneof({ weight: 6, arbitrary: fc.constant(0) }, { weight: 1, arbitrary: fc.integer({ min: -2, max: 4 }) }),
          subclass: fc.oneof({ weight: 8, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: className }),
        })
        .map(({ items, extraLength, subclass }) => {
          /** @type {Record<string, unknown>} */
          const node = { items };
          if (extraLength !== 0) node.length = Math.max(0, items.length + extraLength);
          if (subclass) node.subclass = subclass;
          return node;
        });
    case 'date':
      return fc.oneof(
        fc.integer({ min: -8.64e15, max: 8.64e15 }),
        fc.constantFrom(0, -1, 8.64e15, -8.64e15, 1.5),
        fc.constant({ number: 'NaN' }),
      ).map((time) => ({ time }));
    case 'regexp':
      return fc
        .record({
          source: fc.constantFrom('', 'a+b', '^x$', '[\\u{1F600}]', '(?<n>\\d)\\k<n>', '/', '\\n', 'é|😀'),
          flags: fc.subarray(['d', 'g', 'i', 'm', 's', 'u', 'y']).map((f) => f.join('')),
          lastIndex: fc.oneof({ weight: 3, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: fc.integer({ min: 0, max: 5 }) }),
        })
        .map(({ source, flags, lastIndex }) => {
          // `\u{…}` and named groups need the u flag to mean what they say.
          const src = flags.includes('u') || !/[{<]/.test(source) ? source : 'a+b';
          return lastIndex === undefined ? { source: src, flags } : { source: src, flags, lastIndex };
        });
    case 'map':
      return fc.array(fc.tuple(value, value), { maxLength: 4 }).map((entries) => ({ entries }));
    case 'set':
      return fc.array(value, { maxLength: 4 }).map((values) => ({ values }));
    case 'error':
      // `stack` last, so the fields before it are drawn as they were before it
      // existed; left out, it is "formatted".
      return fc.record(
        {
          type: fc.constantFrom(...NATIVE_ERROR_NAMES),
          message: fc.oneof({ weight: 4, arbitrary: stringLiteral }, { weight: 1, arbitrary: value }),
          cause: value,
          stack: fc.constant('untouched'),
        },
        { requiredKeys: ['type'] },
      );
    case 'boxed':
      return fc.oneof({ weight: 8, arbitrary: primitiveValue }, { weight: 1, arbitrary: symbolValue })
        .filter((v) => !(v !== null && typeof v === 'object' && 'undefined' in v) && v !== null)
        .map((v) => ({ value: v }));
    case 'function':
      return fc.constantFrom('arrow', 'function', 'class', 'async', 'generator', 'bound').map((style) => ({ style }));
    case 'opaque':
      return fc.constantFrom('WeakMap', 'WeakSet', 'WeakRef', 'FinalizationRegistry', 'Promise', 'Generator', 'Arguments', 'ArrayIterator').map((type) => ({ type }));
    case 'proxy':
      return fc.integer({ min: 0, max: index - 1 }).map((target) => ({ target }));
    default:
      throw new Error(`no contents for kind ${kind}`);
  }
}

/**
 * A node of `kind` at `index`: its contents, then own props, a prototype and
 * an integrity level where the kind takes them. Views are made in
 * `objectGraph`, which knows their buffers.
 * @param {string} kind @param {number} index @param {GraphContext} ctx
 */
function objectNode(kind, index, ctx) {
  const contents = kind === 'arraybuffer' ? arrayBufferNode : contentsFor(kind, index, ctx);
  // Proxies forward [[DefineOwnProperty]] / [[SetPrototypeOf]] to their target; leave them bare.
  const bare = kind === 'proxy';
  const integrity = bare ? fc.constant(undefined) : integrityLevel;
  return fc
    .record({
      contents,
      props: bare ? fc.constant([]) : propsFor(kind, ctx),
      proto: bare ? fc.constant(undefined) : protoFor(index),
      integrity,
    })
    .map(({ contents: c, props, proto, integrity: level }) => {
      /** @type {Record<string, unknown>} */
      const node = { kind, ...c };
      if (props.length > 0) node.props = props;
      if (proto !== undefined) node.proto = proto;
      if (level !== undefined) node.integrity = level;
      return node;
    });
}

/**
 * Kinds for a graph of up to `maxObjects` nodes, made buildable: a proxy at
 * index 0 has no lower target (it becomes an object), and views need a
 * buffer, so one is added when there is none.
 * @param {number} maxObjects
 */
function graphKinds(maxObjects) {
  return fc.array(nodeKind, { minLength: 1, maxLength: maxObjects }).map((kinds) => {
    const out = kinds.map((k, i) => (k === 'proxy' && i === 0 ? 'object' : k));
    if (out.includes('view') && !out.includes('arraybuffer')) out.push('arraybuffer');
    return out;
  });
}

/**
 * A random object graph: nodes of mixed kinds wired by references (shared
 * references and cycles happen naturally) and a root that is usually node 0.
 * Buffers are made first, then the other nodes (whose effects may detach or
 * resize a buffer), then the views (which must fit their buffer).
 * @param {{maxObjects?: number}} [options]
 */
export function objectGraph({ maxObjects = 6 } = {}) {
  return graphKinds(maxObjects).chain((kinds) => {
    const bufferIndices = kinds.flatMap((kind, i) => (kind === 'arraybuffer' ? [i] : []));
    const bufferCtx = graphContext(kinds, new Map());
    return fc.tuple(...bufferIndices.map((index) => objectNode('arraybuffer', index, bufferCtx))).chain((bufferNodes) => {
      const ctx = graphContext(kinds, new Map(bufferIndices.map((index, j) => [index, bufferNodes[j]])));
      const nodes = kinds.map((kind, i) => {
        // Every buffer index has its node in ctx.buffers (drawn just above).
        if (kind === 'arraybuffer') return fc.constant(/** @type {Record<string, any>} */ (ctx.buffers.get(i)));
        if (kind === 'view') return fc.constantFrom(...bufferIndices).chain((b) => viewNode(/** @type {Record<string, any>} */ (ctx.buffers.get(b)), b));
        return objectNode(kind, i, ctx);
      });
      return fc.record({
        objects: fc.tuple(...nodes),
        root: fc.oneof({ weight: 6, arbitrary: fc.constant({ ref: 0 }) }, { weight: 1, arbitrary: graphValue(ctx) }),
      });
    });
  });
}
