// The `arraybuffer` kind (an ArrayBuffer or SharedArrayBuffer: resizable,
// growable, resized or detached after its views exist) and the `view` kind
// (a typed array or DataView over one of them), with the checks `build`
// would otherwise meet as a throw (a view out of bounds, a resize past the
// maximum).

import { ELEMENT_SIZES } from '../../abstract-ops/buffers.js';
import { ArrayIsArray, TYPED_ARRAY_NAMES, ObjectHasOwn, append, newList, record } from '../../primordials/intrinsics.js';
import { call, exprs, lit, litList, optionalLit, variable } from '../plan.js';
import { objectVar, own, report } from '../values.js';
import { checkBoolean, checkBytes, checkEnum, checkId, checkInteger, isCanonicalNumericString } from './checks.js';

/** Buffers may not be larger than this (keeps builds cheap and allocation deterministic). */
export const MAX_BYTE_LENGTH = 2 ** 30;

/** Bytes per element of each view type: the typed arrays' (ECMA-262's table), a DataView's 1. */
export const ELEMENT_SIZE = record({ ...ELEMENT_SIZES, DataView: 1 });

export const VIEW_TYPES = (() => {
  const types = newList();
  for (let i = 0; i < TYPED_ARRAY_NAMES.length; i++) append(types, TYPED_ARRAY_NAMES[i]);
  append(types, 'DataView');
  return types;
})();

/**
 * Why an arraybuffer node cannot be resized to `byteLength`, if it cannot.
 * @param {any} node
 * @param {number} byteLength
 * @returns {string | undefined}
 */
export function resizeProblem(node, byteLength) {
  const max = own(node, 'maxByteLength');
  if (max === undefined) return 'the buffer is not resizable: give it a maxByteLength';
  if (byteLength > max) return `${byteLength} is larger than the maxByteLength ${max}`;
  const initial = own(node, 'byteLength') ?? own(node, 'bytes').length;
  if (own(node, 'shared') === true && byteLength < initial) return `a SharedArrayBuffer can only grow (from ${initial})`;
  return undefined;
}

/**
 * Why `new <type>(buffer, byteOffset, length)` would throw at build time, if it would.
 * @param {string} type
 * @param {any} buffer a valid arraybuffer node
 * @param {number | undefined} byteOffset
 * @param {number | undefined} length
 * @returns {string | undefined}
 */
export function viewProblem(type, buffer, byteOffset = 0, length = undefined) {
  const size = ELEMENT_SIZE[type];
  const bytes = own(buffer, 'bytes');
  const byteLength = own(buffer, 'byteLength') ?? (ArrayIsArray(bytes) ? bytes.length : 0);
  if (byteOffset % size !== 0) return `byteOffset ${byteOffset} is not a multiple of the element size ${size}`;
  if (byteOffset > byteLength) return `byteOffset ${byteOffset} is past the end of the ${byteLength}-byte buffer`;
  if (length !== undefined) {
    if (byteOffset + length * size > byteLength) {
      return `${length} elements of ${size} bytes from byteOffset ${byteOffset} do not fit in the ${byteLength}-byte buffer`;
    }
  } else if ((byteLength - byteOffset) % size !== 0) {
    // The spec (InitializeTypedArrayFromArrayBuffer,
    // https://tc39.es/ecma262/#sec-initializetypedarrayfromarraybuffer) lets a length-tracking view start with a partial element; V8 throws anyway, so no program relies on it.
    return `the rest of the ${byteLength}-byte buffer from byteOffset ${byteOffset} is not a whole number of ${size}-byte elements: give a length`;
  }
  return undefined;
}

/** @type {import('./index.js').KindDescriptor} */
export const arraybuffer = {
  kind: 'arraybuffer',
  wpt: 'wpt/buffers.any.js',
  fields: ['bytes', 'byteLength', 'maxByteLength', 'shared', 'resizeTo', 'detached'],
  required: ['bytes'],
  check(node, path, v) {
    const bytes = own(node, 'bytes');
    checkBytes(node, path, v);
    const byteLength = own(node, 'byteLength');
    const maxByteLength = own(node, 'maxByteLength');
    const resizeTo = own(node, 'resizeTo');
    const shared = own(node, 'shared') === true;
    const length = byteLength === undefined ? (ArrayIsArray(bytes) ? bytes.length : 0) : byteLength;
    if (checkInteger(byteLength, `${path}.byteLength`, v, MAX_BYTE_LENGTH) && ArrayIsArray(bytes) && bytes.length > length) {
      report(v.errors, `${path}.byteLength`, `is ${length}, smaller than the ${bytes.length} bytes given`);
    }
    if (checkInteger(maxByteLength, `${path}.maxByteLength`, v, MAX_BYTE_LENGTH) && maxByteLength !== undefined && maxByteLength < length) {
      report(v.errors, `${path}.maxByteLength`, `is ${maxByteLength}, smaller than the byteLength ${length}`);
    }
    checkBoolean(own(node, 'shared'), `${path}.shared`, v);
    checkBoolean(own(node, 'detached'), `${path}.detached`, v);
    if (checkInteger(resizeTo, `${path}.resizeTo`, v, MAX_BYTE_LENGTH) && resizeTo !== undefined) {
      const problem = resizeProblem(node, resizeTo);
      if (problem !== undefined) report(v.errors, `${path}.resizeTo`, problem);
    }
    if (shared && own(node, 'detached') === true) report(v.errors, `${path}.detached`, 'a SharedArrayBuffer cannot be detached');
  },
  make: (node) => call('arraybuffer', exprs(
    lit(own(node, 'byteLength') ?? node.bytes.length), optionalLit(own(node, 'maxByteLength')), lit(own(node, 'shared') === true), litList(node.bytes),
  )),
  summary: (node) => `${own(node, 'shared') === true ? 'SharedArrayBuffer' : 'ArrayBuffer'}${own(node, 'maxByteLength') === undefined ? '' : ' (resizable)'}`,
  // emitPlain writes a buffer's constructor and bytes itself (it folds small ones into a literal).
  plain: undefined,
};

/** @type {import('./index.js').KindDescriptor} */
export const view = {
  kind: 'view',
  wpt: 'wpt/views.any.js',
  fields: ['type', 'buffer', 'byteOffset', 'length'],
  required: ['type', 'buffer'],
  stage: 1,
  check(node, path, v) {
    const type = own(node, 'type');
    const typeOk = ObjectHasOwn(node, 'type') && checkEnum(type, VIEW_TYPES, `${path}.type`, v);
    const bufferId = own(node, 'buffer');
    const bufferOk = ObjectHasOwn(node, 'buffer') && checkId(bufferId, `${path}.buffer`, v, 'arraybuffer');
    const byteOffset = own(node, 'byteOffset');
    const length = own(node, 'length');
    const offsetOk = checkInteger(byteOffset, `${path}.byteOffset`, v, MAX_BYTE_LENGTH);
    const lengthOk = checkInteger(length, `${path}.length`, v, MAX_BYTE_LENGTH);
    if (!typeOk || !bufferOk || !offsetOk || !lengthOk) return;
    const problem = viewProblem(type, own(v.nodes, bufferId), byteOffset, length);
    if (problem !== undefined) report(v.errors, path, problem);
  },
  keyProblem: (node, key) => (own(node, 'type') !== 'DataView' && isCanonicalNumericString(key)
    ? 'a typed array cannot have an own property with a numeric key' : undefined),
  integrityProblem: (node) => (own(node, 'type') !== 'DataView'
    ? 'typed arrays cannot be sealed, frozen or made non-extensible portably (engines throw)' : undefined),
  make: (node) => call('view', exprs(lit(node.type), variable(objectVar(node.buffer)), lit(own(node, 'byteOffset') ?? 0), optionalLit(own(node, 'length')))),
  summary: (node) => `${node.type} over #${node.buffer}`,
  plain(a, p) {
    const offset = p.litValue(a[2]);
    const rest = a[3].t === 'undefined' ? (offset === 0 ? '' : `, ${offset}`) : `, ${offset}, ${p.expr(a[3])}`;
    return `new ${p.litValue(a[0])}(${p.expr(a[1])}${rest})`;
  },
};
