// `validate(program)`: every reason a program is not a `clonecheck/program@2`
// (or an older `@1`, read as it always was) that `build` can make, each with
// the JSON path of the offending part.
//
// Beyond the shapes in docs/program.md it rejects what would make `build`
// itself throw (a view out of its buffer's bounds, a prototype cycle, a
// redefinition of a non-configurable property, …), so that a valid program
// always builds, and unknown fields, so that a typo never passes silently.

import {
  ArrayIsArray, JSONStringify, NATIVE_ERROR_NAMES, NumberIsSafeInteger, ObjectCreate, ObjectHasOwn, ObjectKeys,
  TYPED_ARRAY_NAMES, append, newList, record,
} from '../primordials/intrinsics.js';
import { currentRealm } from '../primordials/realm.js';
import {
  checkKey, checkStringExpr, checkValue, describe, isIndex, isRecord, keyIdentity,
  oneOf, own, quoteAll, report, soleKey, stringKeyText,
} from './values.js';

export const PROGRAM_SCHEMA = 'clonecheck/program@2';
/**
 * The schema before platform objects: every program of that version is one
 * of this version that builds the same value (`upgradeProgram`); only the
 * platform kinds are new.
 */
export const PROGRAM_SCHEMA_1 = 'clonecheck/program@1';

/** Intrinsic objects a realm step may change and a node's `proto` may name. */
export const INTRINSIC_NAMES = [
  'globalThis', 'Object', 'Object.prototype', 'Array', 'Array.prototype', 'Map.prototype',
  'Set.prototype', 'Date.prototype', 'RegExp.prototype', 'Error.prototype', 'ArrayBuffer.prototype',
  'SharedArrayBuffer.prototype', 'TypedArray.prototype', 'Uint8Array.prototype', 'DataView.prototype',
  'Function.prototype', 'String.prototype', 'Number.prototype', 'Boolean.prototype', 'BigInt.prototype',
  'Symbol.prototype',
];

/**
 * Properties of those intrinsics that are not configurable in any engine:
 * a realm step cannot change them, and `restore` could not put them back.
 */
export const FIXED_INTRINSIC_KEYS = record({
  globalThis: ['NaN', 'Infinity', 'undefined'],
  Object: ['prototype'],
  Array: ['prototype'],
  'Array.prototype': ['length'],
  'String.prototype': ['length'],
});

/** The kinds that make platform objects (new in program@2; docs/program.md "Platform objects"). */
export const PLATFORM_KINDS = ['domexception', 'blob', 'file', 'imagedata', 'geometry', 'messageport', 'offscreencanvas', 'imagebitmap',
  'readablestream', 'writablestream', 'transformstream',
  'filelist'];
export const KINDS = joined(['object', 'array', 'date', 'regexp', 'map', 'set', 'arraybuffer', 'view', 'error',
  'boxed', 'function', 'proxy', 'opaque'], PLATFORM_KINDS);
/** A geometry node's interfaces, with how many numbers each takes. */
export const GEOMETRY_VALUES = record({
  DOMPoint: [4], DOMPointReadOnly: [4], DOMRect: [4], DOMRectReadOnly: [4],
  DOMMatrix: [6, 16], DOMMatrixReadOnly: [6, 16], DOMQuad: [16],
});
export const GEOMETRY_TYPES = ObjectKeys(GEOMETRY_VALUES);
export const COLOR_SPACES = ['srgb', 'display-p3'];
/** An imagedata node's sides may not be longer than this (its data is 4 bytes a pixel). */
export const MAX_IMAGE_SIDE = 64;
/** The interface each platform kind makes (a geometry node's is its `type`). */
export const PLATFORM_INTERFACE = record({
  domexception: 'DOMException', blob: 'Blob', file: 'File', imagedata: 'ImageData', messageport: 'MessagePort',
  offscreencanvas: 'OffscreenCanvas', imagebitmap: 'ImageBitmap',
  readablestream: 'ReadableStream', writablestream: 'WritableStream', transformstream: 'TransformStream',
  filelist: 'FileList',
});
/** An offscreencanvas node's rendering context: none (transferable) or a 2D one (its transfer throws InvalidStateError). */
export const CANVAS_CONTEXTS = ['none', '2d'];
/** What each kind is made with, where that is not its own interface. */
const MADE_WITH = record({ messageport: 'MessageChannel', imagebitmap: 'OffscreenCanvas', filelist: 'DataTransfer' });
/** A messageport node's other end: kept by the build (the observation posts from it) or dropped. */
export const OTHER_ENDS = ['kept', 'dropped'];
/**
 * A readablestream node has 1 to this many chunks (each a pull through a
 * MessagePort when transferred). Not none: a transferred empty stream's pipe
 * ends within microtasks and unlocks the original, so whether the input
 * reads locked afterwards would depend on when a channel observes it (a
 * message channel's target a task later, the oracle at once); with a chunk
 * the pipe waits for the clone to be read.
 */
export const MAX_STREAM_CHUNKS = 8;
export const FUNCTION_STYLES = ['arrow', 'function', 'class', 'async', 'generator', 'bound'];
export const OPAQUE_TYPES = ['WeakMap', 'WeakSet', 'WeakRef', 'FinalizationRegistry', 'Promise', 'Generator',
  'Arguments', 'ArrayIterator'];
export const INTEGRITY_LEVELS = ['none', 'preventExtensions', 'seal', 'freeze'];
export const VIEW_TYPES = joined(TYPED_ARRAY_NAMES, ['DataView']);
export const ERROR_TYPES = joined(NATIVE_ERROR_NAMES, []);
/** An error node's `stack`: formatted when the error is made (the default), or left for the engine. */
const STACK_STATES = ['formatted', 'untouched'];
/** Buffers may not be larger than this (keeps builds cheap and allocation deterministic). */
export const MAX_BYTE_LENGTH = 2 ** 30;
/** How many times a worker channel may deliver one value (docs/program.md `deliveries`). */
export const MAX_DELIVERIES = 3;
const MAX_ARRAY_LENGTH = 2 ** 32 - 1;

/** Bytes per element of each view type. */
export const ELEMENT_SIZE = record({
  Int8Array: 1, Uint8Array: 1, Uint8ClampedArray: 1, Int16Array: 2, Uint16Array: 2, Float16Array: 2,
  Int32Array: 4, Uint32Array: 4, Float32Array: 4, Float64Array: 8, BigInt64Array: 8, BigUint64Array: 8,
  DataView: 1,
});

const PROGRAM_FIELDS = ['schema', 'root', 'objects', 'transfer', 'forStorage', 'sender', 'receiver', 'deliveries'];
const NODE_FIELDS = ['kind', 'props', 'proto', 'integrity'];
/** The fields each kind adds to NODE_FIELDS, and which of them are required (the others have a default). */
export const KIND_FIELDS = record({
  object: { fields: ['class', 'privateField'], required: [] },
  array: { fields: ['items', 'length', 'subclass'], required: ['items'] },
  date: { fields: ['time'], required: ['time'] },
  regexp: { fields: ['source', 'flags', 'lastIndex'], required: ['source', 'flags'] },
  map: { fields: ['entries'], required: ['entries'] },
  set: { fields: ['values'], required: ['values'] },
  arraybuffer: { fields: ['bytes', 'byteLength', 'maxByteLength', 'shared', 'resizeTo', 'detached'], required: ['bytes'] },
  view: { fields: ['type', 'buffer', 'byteOffset', 'length'], required: ['type', 'buffer'] },
  error: { fields: ['type', 'message', 'cause', 'stack'], required: ['type'] },
  boxed: { fields: ['value'], required: ['value'] },
  function: { fields: ['style'], required: ['style'] },
  proxy: { fields: ['target'], required: ['target'] },
  opaque: { fields: ['type'], required: ['type'] },
  domexception: { fields: ['message', 'name'], required: [] },
  blob: { fields: ['bytes', 'type'], required: ['bytes'] },
  file: { fields: ['bytes', 'type', 'name', 'lastModified'], required: ['bytes', 'name'] },
  imagedata: { fields: ['width', 'height', 'bytes', 'colorSpace'], required: ['width', 'height'] },
  geometry: { fields: ['type', 'values'], required: ['type', 'values'] },
  messageport: { fields: ['otherEnd'], required: [] },
  offscreencanvas: { fields: ['width', 'height', 'context'], required: ['width', 'height'] },
  imagebitmap: { fields: ['width', 'height'], required: ['width', 'height'] },
  readablestream: { fields: ['chunks', 'locked'], required: ['chunks'] },
  writablestream: { fields: ['locked'], required: [] },
  transformstream: { fields: ['locked'], required: [] },
  filelist: { fields: ['files'], required: ['files'] },
});
const DATA_PROP_FIELDS = ['key', 'value', 'writable', 'enumerable', 'configurable'];
// Accessors also list 'value' and 'writable': mixing them is reported once, as such.
const ACCESSOR_PROP_FIELDS = ['key', 'get', 'set', 'enumerable', 'configurable', 'value', 'writable'];
const DATA_STEP_FIELDS = joined(['on'], DATA_PROP_FIELDS);
const ACCESSOR_STEP_FIELDS = joined(['on'], ACCESSOR_PROP_FIELDS);
const DELETE_STEP_FIELDS = ['on', 'key', 'delete'];
const METHOD_STEP_FIELDS = ['on', 'key', 'method', 'writable', 'enumerable', 'configurable'];
const BEHAVIOR_FIELDS = ['effects', 'returns', 'throws'];
const EFFECTS = ['delete', 'define', 'set', 'hide', 'setLength', 'detach', 'resize', 'mapSet', 'mapDelete', 'setAdd', 'setDelete'];

// Each kind's full field list: the common node fields, then its own.
const kindNames = ObjectKeys(KIND_FIELDS);
for (let i = 0; i < kindNames.length; i++) {
  const spec = KIND_FIELDS[kindNames[i]];
  spec.allowed = joined(NODE_FIELDS, spec.fields);
}

/**
 * @param {readonly string[]} a
 * @param {readonly string[]} b
 * @returns {string[]} a fresh list: a's items, then b's
 */
function joined(a, b) {
  const result = newList();
  for (let i = 0; i < a.length; i++) append(result, a[i]);
  for (let i = 0; i < b.length; i++) append(result, b[i]);
  return result;
}

/**
 * @typedef {import('./values.js').ValidationError} ValidationError
 * @typedef {{errors: ValidationError[], nodes: any[], objectCount: number, allowRefs: boolean}} Validator
 */

/**
 * What the reference cannot do with some platform objects on a host, each
 * as the reason (without a colon) or undefined when it can: transfer one
 * (html/platform-objects.js `hostTransferRefusal`), or recognise one whose
 * prototype was changed (abstract-ops/platform.js `prototypeRefusal`).
 * @typedef {object} HostLimits
 * @property {(name: string) => string | undefined} transferRefusal
 * @property {(name: string) => string | undefined} prototypeRefusal
 */

/**
 * Every problem with a program, in document order; empty when it is valid.
 * With `global`, also every platform object that global's host cannot make
 * (`build` passes its own: a program with a DOMMatrix is valid, and Node
 * cannot build it); with `limits`, every platform object the reference
 * cannot judge there (its host's, which `build` passes too).
 * @param {unknown} program
 * @param {{global?: any, limits?: HostLimits}} [options]
 * @returns {ValidationError[]}
 */
export function validate(program, options) {
  /** @type {ValidationError[]} */
  const errors = [];
  if (!isRecord(program)) {
    report(errors, '$', `expected a program object, got ${describe(program)}`);
    return errors;
  }
  const objects = own(program, 'objects');
  const nodes = ArrayIsArray(objects) ? objects : [];
  /** @type {Validator} */
  const v = { errors, nodes, objectCount: nodes.length, allowRefs: true };
  checkFields(program, PROGRAM_FIELDS, '$', v);
  const schema = own(program, 'schema');
  if (schema !== PROGRAM_SCHEMA && schema !== PROGRAM_SCHEMA_1) {
    report(errors, '$.schema', `expected ${JSONStringify(PROGRAM_SCHEMA)} (or ${JSONStringify(PROGRAM_SCHEMA_1)}, without platform objects), got ${describe(schema)}`);
  }
  if (!ObjectHasOwn(program, 'root')) report(errors, '$.root', 'missing (the value to clone)');
  else checkValue(program.root, '$.root', v);
  if (objects !== undefined && !ArrayIsArray(objects)) report(errors, '$.objects', `expected an array of object nodes, got ${describe(objects)}`);
  for (let i = 0; i < nodes.length; i++) checkNode(own(nodes, i), i, v);
  if (schema === PROGRAM_SCHEMA_1) checkNoPlatformKinds(v);
  const global = option(options, 'global');
  if (global !== undefined) checkHostInterfaces(v, global);
  checkProxyTargets(v);
  checkPrototypeCycles(v);
  const transfer = own(program, 'transfer');
  if (transfer !== undefined) {
    if (!ArrayIsArray(transfer)) report(errors, '$.transfer', `expected an array of object ids, got ${describe(transfer)}`);
    else for (let i = 0; i < transfer.length; i++) checkId(own(transfer, i), `$.transfer[${i}]`, v, undefined);
  }
  const limits = option(options, 'limits');
  if (limits !== undefined) checkHostLimits(v, limits, ArrayIsArray(transfer) ? transfer : []);
  const forStorage = own(program, 'forStorage');
  if (forStorage !== undefined && typeof forStorage !== 'boolean') report(errors, '$.forStorage', `expected a boolean, got ${describe(forStorage)}`);
  if (forStorage === true && ArrayIsArray(transfer) && transfer.length > 0) {
    report(errors, '$.forStorage', 'cannot serialize for storage with a non-empty transfer list');
  }
  const deliveries = own(program, 'deliveries');
  if (checkInteger(deliveries, '$.deliveries', v, MAX_DELIVERIES) && deliveries === 0) {
    report(errors, '$.deliveries', 'expected at least one delivery');
  }
  checkSteps(own(program, 'sender'), '$.sender', v);
  checkSteps(own(program, 'receiver'), '$.receiver', v);
  return errors;
}

/**
 * @param {unknown} options
 * @param {string} key
 * @returns {any} an own data property of the options bag
 */
function option(options, key) {
  return isRecord(options) ? own(options, key) : undefined;
}

/**
 * The same program under the current schema name: a `@1` program builds the
 * same value as `@2` (the schema only added kinds).
 * @template {Record<string, any>} P
 * @param {P} program
 * @returns {P}
 */
export function upgradeProgram(program) {
  if (!isRecord(program) || own(program, 'schema') !== PROGRAM_SCHEMA_1) return program;
  return { ...program, schema: PROGRAM_SCHEMA };
}

/**
 * The interface a platform node makes.
 * @param {any} node a valid platform node
 * @returns {string}
 */
export function platformInterfaceOfNode(node) {
  return node.kind === 'geometry' ? node.type : PLATFORM_INTERFACE[node.kind];
}

/** @param {Validator} v */
function checkNoPlatformKinds(v) {
  for (let i = 0; i < v.objectCount; i++) {
    const kind = kindOf(v, i);
    if (oneOf(PLATFORM_KINDS, kind)) report(v.errors, `$.objects[${i}].kind`, `${describe(kind)} needs schema ${JSONStringify(PROGRAM_SCHEMA)}`);
  }
}

/**
 * @param {Validator} v
 * @param {any} global
 */
function checkHostInterfaces(v, global) {
  for (let i = 0; i < v.objectCount; i++) {
    const node = own(v.nodes, i);
    if (!isRecord(node) || !oneOf(PLATFORM_KINDS, own(node, 'kind'))) continue;
    // A port is made as one end of a new MessageChannel, an ImageBitmap by an
    // OffscreenCanvas, a FileList by a DataTransfer (a window's only).
    const name = MADE_WITH[own(node, 'kind')] ?? platformInterfaceOfNode(node);
    if (typeof name === 'string' && typeof global[name] !== 'function') {
      report(v.errors, `$.objects[${i}]`, `this host has no ${name}: run the program where the platform object exists (docs/platform-objects.md)`);
    }
  }
}

/**
 * @param {Validator} v
 * @param {HostLimits} limits
 * @param {unknown[]} transfer the program's transfer list
 */
function checkHostLimits(v, limits, transfer) {
  for (let i = 0; i < transfer.length; i++) {
    const node = isIndex(own(transfer, i)) ? own(v.nodes, own(transfer, i)) : undefined;
    if (!isRecord(node) || !oneOf(PLATFORM_KINDS, own(node, 'kind'))) continue;
    const name = platformInterfaceOfNode(node);
    const refusal = limits.transferRefusal(name);
    if (refusal !== undefined) report(v.errors, `$.transfer[${i}]`, `this host cannot transfer ${name} objects (${refusal}): run the program where it can (docs/platform-objects.md)`);
  }
  for (let i = 0; i < v.objectCount; i++) {
    const node = own(v.nodes, i);
    if (!isRecord(node) || !oneOf(PLATFORM_KINDS, own(node, 'kind')) || !ObjectHasOwn(node, 'proto')) continue;
    const name = platformInterfaceOfNode(node);
    const refusal = limits.prototypeRefusal(name);
    if (refusal !== undefined) report(v.errors, `$.objects[${i}].proto`, `this host cannot recognise ${name} objects whose prototype was changed (${refusal}): run the program where it can (docs/platform-objects.md)`);
  }
}

/**
 * Checks realm steps on their own (what `setupRealm` receives).
 * @param {unknown} steps
 * @returns {ValidationError[]}
 */
export function validateSteps(steps) {
  /** @type {ValidationError[]} */
  const errors = [];
  checkSteps(steps, '$', { errors, nodes: [], objectCount: 0, allowRefs: false });
  return errors;
}

/**
 * @param {Record<string, any>} object
 * @param {string[]} allowed
 * @param {string} path
 * @param {Validator} v
 */
function checkFields(object, allowed, path, v) {
  const keys = ObjectKeys(object);
  for (let i = 0; i < keys.length; i++) {
    if (!oneOf(allowed, keys[i])) report(v.errors, `${path}.${keys[i]}`, `unknown field (expected one of ${quoteAll(allowed)})`);
  }
}

/** @param {unknown} value @param {string} path @param {Validator} v */
function checkBoolean(value, path, v) {
  if (value !== undefined && typeof value !== 'boolean') report(v.errors, path, `expected a boolean, got ${describe(value)}`);
}

/**
 * @param {unknown} value
 * @param {string} path
 * @param {Validator} v
 * @param {number} [max]
 * @returns {boolean} whether the value is absent or a valid integer
 */
function checkInteger(value, path, v, max = 2 ** 53 - 1) {
  if (value === undefined || isIndex(value, max)) return true;
  report(v.errors, path, `expected an integer 0..${max}, got ${describe(value)}`);
  return false;
}

/**
 * @param {unknown} value
 * @param {string[]} options
 * @param {string} path
 * @param {Validator} v
 */
function checkEnum(value, options, path, v) {
  if (oneOf(options, value)) return true;
  report(v.errors, path, `expected one of ${quoteAll(options)}, got ${describe(value)}`);
  return false;
}

/**
 * The kind of objects[id] when it is a node with a known kind.
 * @param {Validator} v
 * @param {number} id
 */
function kindOf(v, id) {
  const node = own(v.nodes, id);
  return isRecord(node) ? own(node, 'kind') : undefined;
}

/**
 * An object id, optionally of one kind.
 * @param {any} id
 * @param {string} path
 * @param {Validator} v
 * @param {string | undefined} kind
 * @param {string} [what] describes the required node, e.g. 'a resizable arraybuffer node'
 * @returns {boolean}
 */
function checkId(id, path, v, kind, what = kind === undefined ? 'a node' : `an ${kind} node`) {
  if (isIndex(id) && id < v.objectCount && (kind === undefined || kindOf(v, id) === kind)) return true;
  report(v.errors, path, `expected an integer id of ${what}, got ${describe(id)}`
    + (isIndex(id) && id < v.objectCount ? ` (a ${describe(kindOf(v, id))} node)` : ''));
  return false;
}

/**
 * @param {unknown} node
 * @param {number} index
 * @param {Validator} v
 */
function checkNode(node, index, v) {
  const path = `$.objects[${index}]`;
  if (!isRecord(node)) return report(v.errors, path, `expected an object node, got ${describe(node)}`);
  const kind = own(node, 'kind');
  if (!checkEnum(kind, KINDS, `${path}.kind`, v)) return;
  const spec = KIND_FIELDS[kind];
  checkFields(node, spec.allowed, path, v);
  for (let i = 0; i < spec.required.length; i++) {
    if (!ObjectHasOwn(node, spec.required[i])) report(v.errors, `${path}.${spec.required[i]}`, 'missing');
  }
  KIND_CHECKS[kind](node, path, v);
  checkProto(node, path, v);
  const integrity = own(node, 'integrity');
  if (integrity !== undefined && checkEnum(integrity, INTEGRITY_LEVELS, `${path}.integrity`, v) && integrity !== 'none') {
    if (kind === 'proxy') report(v.errors, `${path}.integrity`, 'a proxy forwards integrity to its target: set it on the target node');
    if (kind === 'view' && own(node, 'type') !== 'DataView') {
      report(v.errors, `${path}.integrity`, 'typed arrays cannot be sealed, frozen or made non-extensible portably (engines throw)');
    }
    // WebIDL: a legacy platform object's [[PreventExtensions]] returns false.
    if (kind === 'filelist') report(v.errors, `${path}.integrity`, 'a FileList cannot be sealed, frozen or made non-extensible (WebIDL refuses it)');
  }
  checkProps(node, path, v);
}

/** @param {any} node @param {string} path @param {Validator} v */
function checkProto(node, path, v) {
  const proto = own(node, 'proto');
  if (proto === undefined || proto === null || proto === 'default') return;
  if (own(node, 'kind') === 'proxy') {
    report(v.errors, `${path}.proto`, 'a proxy forwards [[SetPrototypeOf]] to its target: set it on the target node');
    return;
  }
  if (typeof proto === 'string' && oneOf(INTRINSIC_NAMES, proto)) return;
  if (isRecord(proto) && soleKey(proto) === 'ref') {
    checkId(proto.ref, `${path}.proto.ref`, v, undefined);
    return;
  }
  report(v.errors, `${path}.proto`, `expected "default", null, {"ref": id} or an intrinsic name (${quoteAll(INTRINSIC_NAMES)}), got ${describe(proto)}`);
}

/**
 * @param {unknown} value
 * @param {string} path
 * @param {Validator} v
 */
function checkValues(value, path, v) {
  if (!ArrayIsArray(value)) return report(v.errors, path, `expected an array of values, got ${describe(value)}`);
  for (let i = 0; i < value.length; i++) checkValue(own(value, i), `${path}[${i}]`, v);
}

/** The per-kind checks of the kind's own fields. */
const KIND_CHECKS = record({
  object(node, path, v) {
    const className = own(node, 'class');
    if (className !== undefined && typeof className !== 'string') report(v.errors, `${path}.class`, `expected a class name, got ${describe(className)}`);
    checkBoolean(own(node, 'privateField'), `${path}.privateField`, v);
    if (own(node, 'privateField') === true && className === undefined) {
      report(v.errors, `${path}.privateField`, 'a private field needs a class: give the node a "class" name');
    }
  },
  array(node, path, v) {
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
  date(node, path, v) {
    const time = own(node, 'time');
    if (typeof time === 'number' || (isRecord(time) && soleKey(time) === 'number')) checkValue(time, `${path}.time`, v);
    else if (ObjectHasOwn(node, 'time')) report(v.errors, `${path}.time`, `expected a number or {"number": "NaN"}, got ${describe(time)}`);
  },
  regexp(node, path, v) {
    const source = own(node, 'source');
    const flags = own(node, 'flags');
    if (ObjectHasOwn(node, 'source') && typeof source !== 'string') report(v.errors, `${path}.source`, `expected a pattern string, got ${describe(source)}`);
    if (ObjectHasOwn(node, 'flags') && typeof flags !== 'string') report(v.errors, `${path}.flags`, `expected a flags string, got ${describe(flags)}`);
    if (typeof source === 'string' && typeof flags === 'string') {
      // The RegExp constructor itself is the grammar; it runs no user code for string arguments.
      try {
        new currentRealm.RegExp(source, flags);
      } catch (e) {
        report(v.errors, path, `new RegExp(source, flags) throws a SyntaxError here (${describe(source)}, ${describe(flags)})`);
      }
    }
    checkInteger(own(node, 'lastIndex'), `${path}.lastIndex`, v);
  },
  map(node, path, v) {
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
  set(node, path, v) {
    if (ObjectHasOwn(node, 'values')) checkValues(own(node, 'values'), `${path}.values`, v);
  },
  arraybuffer(node, path, v) {
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
  view(node, path, v) {
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
  error(node, path, v) {
    if (ObjectHasOwn(node, 'type')) checkEnum(own(node, 'type'), ERROR_TYPES, `${path}.type`, v);
    if (ObjectHasOwn(node, 'message')) checkValue(node.message, `${path}.message`, v);
    if (ObjectHasOwn(node, 'cause')) checkValue(node.cause, `${path}.cause`, v);
    if (ObjectHasOwn(node, 'stack')) checkEnum(own(node, 'stack'), STACK_STATES, `${path}.stack`, v);
  },
  boxed(node, path, v) {
    if (!ObjectHasOwn(node, 'value')) return;
    const sort = checkValue(node.value, `${path}.value`, v);
    if (sort !== undefined && (sort.sort === 'ref' || sort.sort === 'nullish')) {
      report(v.errors, `${path}.value`, `expected a primitive other than null and undefined, got ${describe(node.value)}`);
    }
  },
  function(node, path, v) {
    if (ObjectHasOwn(node, 'style')) checkEnum(own(node, 'style'), FUNCTION_STYLES, `${path}.style`, v);
  },
  proxy(node, path, v) {
    if (ObjectHasOwn(node, 'target')) checkId(own(node, 'target'), `${path}.target`, v, undefined);
  },
  opaque(node, path, v) {
    if (ObjectHasOwn(node, 'type')) checkEnum(own(node, 'type'), OPAQUE_TYPES, `${path}.type`, v);
  },
  domexception(node, path, v) {
    // A Value (so the shrinker simplifies it like an error's message), but only a string one.
    if (ObjectHasOwn(node, 'message') && checkValue(node.message, `${path}.message`, v) !== undefined) checkString(node.message, `${path}.message`, v);
    checkString(own(node, 'name'), `${path}.name`, v);
  },
  blob(node, path, v) {
    checkBytes(node, path, v);
    checkString(own(node, 'type'), `${path}.type`, v);
  },
  file(node, path, v) {
    checkBytes(node, path, v);
    checkString(own(node, 'type'), `${path}.type`, v);
    checkString(own(node, 'name'), `${path}.name`, v);
    // A long long: negative times (before 1970) too.
    const lastModified = own(node, 'lastModified');
    if (lastModified !== undefined && !(typeof lastModified === 'number' && NumberIsSafeInteger(lastModified))) {
      report(v.errors, `${path}.lastModified`, `expected a safe integer (milliseconds since 1970), got ${describe(lastModified)}`);
    }
  },
  imagedata(node, path, v) {
    const width = own(node, 'width');
    const height = own(node, 'height');
    const sidesOk = checkSide(width, `${path}.width`, v) && checkSide(height, `${path}.height`, v);
    if (ObjectHasOwn(node, 'bytes') && checkBytes(node, path, v) && sidesOk && node.bytes.length !== 4 * width * height) {
      report(v.errors, `${path}.bytes`, `expected ${4 * width * height} bytes (4 a pixel), got ${node.bytes.length}`);
    }
    if (ObjectHasOwn(node, 'colorSpace')) checkEnum(own(node, 'colorSpace'), COLOR_SPACES, `${path}.colorSpace`, v);
  },
  offscreencanvas(node, path, v) {
    checkSide(own(node, 'width'), `${path}.width`, v);
    checkSide(own(node, 'height'), `${path}.height`, v);
    if (ObjectHasOwn(node, 'context')) checkEnum(own(node, 'context'), CANVAS_CONTEXTS, `${path}.context`, v);
  },
  imagebitmap(node, path, v) {
    checkSide(own(node, 'width'), `${path}.width`, v);
    checkSide(own(node, 'height'), `${path}.height`, v);
  },
  // A stream's chunks are JSON primitives (a chunk crosses a MessagePort when
  // the stream is transferred); `locked`: a reader (writer) holds it, and for
  // a TransformStream its readable.
  readablestream(node, path, v) {
    checkBoolean(own(node, 'locked'), `${path}.locked`, v);
    const chunks = own(node, 'chunks');
    if (chunks === undefined) return;
    if (!ArrayIsArray(chunks) || chunks.length === 0 || chunks.length > MAX_STREAM_CHUNKS) {
      return report(v.errors, `${path}.chunks`, `expected an array of 1 to ${MAX_STREAM_CHUNKS} chunks (an empty stream's transfer ends at once: docs/platform-objects.md), got ${describe(chunks)}`);
    }
    for (let i = 0; i < chunks.length; i++) {
      const chunk = own(chunks, i);
      if (chunk !== null && typeof chunk !== 'string' && typeof chunk !== 'boolean' && typeof chunk !== 'number') {
        report(v.errors, `${path}.chunks[${i}]`, `expected a string, number, boolean or null, got ${describe(chunk)}`);
      }
    }
  },
  writablestream(node, path, v) {
    checkBoolean(own(node, 'locked'), `${path}.locked`, v);
  },
  transformstream(node, path, v) {
    checkBoolean(own(node, 'locked'), `${path}.locked`, v);
  },
  filelist(node, path, v) {
    const files = own(node, 'files');
    if (files === undefined) return;
    if (!ArrayIsArray(files)) return report(v.errors, `${path}.files`, `expected an array of ids of file nodes, got ${describe(files)}`);
    // The same File may be listed twice: sub-serialization shares the memory.
    for (let i = 0; i < files.length; i++) checkId(own(files, i), `${path}.files[${i}]`, v, 'file', 'a file node');
  },
  messageport(node, path, v) {
    if (ObjectHasOwn(node, 'otherEnd')) checkEnum(own(node, 'otherEnd'), OTHER_ENDS, `${path}.otherEnd`, v);
  },
  geometry(node, path, v) {
    const type = own(node, 'type');
    const typeOk = ObjectHasOwn(node, 'type') && checkEnum(type, GEOMETRY_TYPES, `${path}.type`, v);
    const values = own(node, 'values');
    if (!ObjectHasOwn(node, 'values')) return;
    if (!ArrayIsArray(values)) return report(v.errors, `${path}.values`, `expected an array of numbers, got ${describe(values)}`);
    for (let i = 0; i < values.length; i++) {
      const value = own(values, i);
      if (typeof value === 'number' || (isRecord(value) && soleKey(value) === 'number')) checkValue(value, `${path}.values[${i}]`, v);
      else report(v.errors, `${path}.values[${i}]`, `expected a number or {"number": "NaN"}, got ${describe(value)}`);
    }
    if (typeOk && !oneOf(GEOMETRY_VALUES[type], values.length)) {
      report(v.errors, `${path}.values`, `a ${type} takes ${GEOMETRY_VALUES[type].join(' or ')} numbers, got ${values.length}`);
    }
  },
});

/** @param {unknown} value @param {string} path @param {Validator} v */
function checkString(value, path, v) {
  if (value !== undefined && typeof value !== 'string') report(v.errors, path, `expected a string, got ${describe(value)}`);
}

/**
 * @param {unknown} value
 * @param {string} path
 * @param {Validator} v
 * @returns {boolean} whether it is a valid side
 */
function checkSide(value, path, v) {
  if (isIndex(value, MAX_IMAGE_SIDE) && value !== 0) return true;
  if (value !== undefined) report(v.errors, path, `expected an integer 1..${MAX_IMAGE_SIDE}, got ${describe(value)}`);
  return false;
}

/**
 * A node's `bytes`: integers 0..255.
 * @param {any} node
 * @param {string} path
 * @param {Validator} v
 * @returns {boolean} whether they are valid (or absent)
 */
function checkBytes(node, path, v) {
  const bytes = own(node, 'bytes');
  if (bytes === undefined) return !ObjectHasOwn(node, 'bytes');
  if (!ArrayIsArray(bytes)) {
    report(v.errors, `${path}.bytes`, `expected an array of bytes (0..255), got ${describe(bytes)}`);
    return false;
  }
  let ok = true;
  for (let i = 0; i < bytes.length; i++) ok = checkInteger(own(bytes, i), `${path}.bytes[${i}]`, v, 255) && ok;
  return ok;
}

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

/**
 * @param {any} node
 * @param {string} path
 * @param {Validator} v
 */
function checkProps(node, path, v) {
  if (!ObjectHasOwn(node, 'props')) return;
  const props = node.props;
  if (!ArrayIsArray(props)) return report(v.errors, `${path}.props`, `expected an array of properties, got ${describe(props)}`);
  /** @type {Record<string, boolean>} keys already defined non-configurable */
  const fixed = ObjectCreate(null);
  for (let i = 0; i < props.length; i++) {
    const propPath = `${path}.props[${i}]`;
    const prop = own(props, i);
    if (!checkProp(prop, propPath, v, false)) continue;
    const problem = keyProblem(node, prop.key);
    if (problem !== undefined) report(v.errors, `${propPath}.key`, problem);
    const identity = keyIdentity(prop.key);
    if (identity === undefined) continue;
    if (fixed[identity]) report(v.errors, `${propPath}.key`, 'redefines a non-configurable property defined earlier');
    if (own(prop, 'configurable') === false) fixed[identity] = true;
  }
}

/**
 * Why a node of this kind cannot have an own property with this key defined
 * by `build`, if it cannot (the definition would throw).
 * @param {any} node a node whose kind fields are valid
 * @param {any} written a valid Key
 * @returns {string | undefined}
 */
export function keyProblem(node, written) {
  const kind = own(node, 'kind');
  if (kind === 'proxy') return 'a proxy forwards definitions to its target: put the property on the target node';
  // A built key is the string it builds: `{"string": {"concat": ["len", "gth"]}}` is an array's length too.
  const key = stringKeyText(written);
  if (key === undefined) return undefined;
  switch (kind) {
    case 'array':
      if (key === 'length') return 'an array\'s length is set with the node\'s "length" field';
      break;
    case 'error': case 'domexception':
      // V8 formats the stack when `stack` is redefined, running the error's
      // toString (which may throw): the result would depend on the engine.
      if (key === 'stack') return 'an Error\'s stack is host-defined; redefining it runs engine-specific code';
      break;
    case 'regexp':
      if (key === 'lastIndex') return 'lastIndex is set with the node\'s "lastIndex" field';
      break;
    case 'function':
      if (key === 'prototype') return 'a function\'s prototype property is not configurable';
      break;
    case 'opaque':
      if (own(node, 'type') === 'Arguments' && key === 'callee') return 'an arguments object\'s callee is not configurable';
      break;
    case 'filelist':
      // WebIDL: a legacy platform object with no indexed setter refuses to define any array index.
      if (isCanonicalNumericString(key) && isIndex(+key, 2 ** 32 - 2)) return 'a FileList cannot have an own property with an array index key';
      break;
    case 'view':
      if (own(node, 'type') !== 'DataView' && isCanonicalNumericString(key)) {
        return 'a typed array cannot have an own property with a numeric key';
      }
      break;
    case 'boxed': {
      const length = boxedStringLength(own(node, 'value'));
      if (length === undefined) break;
      if (key === 'length') return 'a String object\'s length is not configurable';
      if (isCanonicalNumericString(key) && isIndex(+key) && +key < length) {
        return 'a String object\'s character indices are not configurable';
      }
      break;
    }
  }
  return undefined;
}

/** @param {string} key @returns {boolean} CanonicalNumericIndexString(key) is not undefined */
function isCanonicalNumericString(key) {
  return key === '-0' || `${+key}` === key;
}

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

/**
 * A Prop, or (with `step`) the property part of a realm step.
 * @param {unknown} prop
 * @param {string} path
 * @param {Validator} v
 * @param {boolean} step
 * @returns {boolean} whether the key is valid (so later checks can use it)
 */
function checkProp(prop, path, v, step) {
  if (!isRecord(prop)) {
    report(v.errors, path, `expected a property ({"key", "value"} or {"key", "get"/"set"}), got ${describe(prop)}`);
    return false;
  }
  const accessor = ObjectHasOwn(prop, 'get') || ObjectHasOwn(prop, 'set');
  if (step && ObjectHasOwn(prop, 'delete')) {
    checkFields(prop, DELETE_STEP_FIELDS, path, v);
    if (prop.delete !== true) report(v.errors, `${path}.delete`, `expected true, got ${describe(prop.delete)}`);
  } else if (step && ObjectHasOwn(prop, 'method')) {
    checkFields(prop, METHOD_STEP_FIELDS, path, v);
    checkBehavior(prop.method, `${path}.method`, v, step);
  } else if (accessor) {
    if (ObjectHasOwn(prop, 'value') || ObjectHasOwn(prop, 'writable')) {
      report(v.errors, path, 'a property is either data ("value", "writable") or accessor ("get", "set"), not both');
    }
    checkFields(prop, step ? ACCESSOR_STEP_FIELDS : ACCESSOR_PROP_FIELDS, path, v);
    if (ObjectHasOwn(prop, 'get')) checkBehavior(prop.get, `${path}.get`, v, step);
    if (ObjectHasOwn(prop, 'set')) checkBehavior(prop.set, `${path}.set`, v, step);
  } else {
    checkFields(prop, step ? DATA_STEP_FIELDS : DATA_PROP_FIELDS, path, v);
    if (ObjectHasOwn(prop, 'value')) checkValue(prop.value, `${path}.value`, v);
  }
  checkBoolean(own(prop, 'writable'), `${path}.writable`, v);
  checkBoolean(own(prop, 'enumerable'), `${path}.enumerable`, v);
  checkBoolean(own(prop, 'configurable'), `${path}.configurable`, v);
  if (!ObjectHasOwn(prop, 'key')) {
    report(v.errors, `${path}.key`, 'missing');
    return false;
  }
  return checkKey(prop.key, `${path}.key`, v, !step);
}

/**
 * @param {unknown} behavior
 * @param {string} path
 * @param {Validator} v
 * @param {boolean} step whether the behavior belongs to a realm step
 */
function checkBehavior(behavior, path, v, step) {
  if (!isRecord(behavior)) return report(v.errors, path, `expected a Behavior ({"effects"?, "returns"?, "throws"?}), got ${describe(behavior)}`);
  checkFields(behavior, BEHAVIOR_FIELDS, path, v);
  if (ObjectHasOwn(behavior, 'returns')) checkValue(behavior.returns, `${path}.returns`, v);
  if (ObjectHasOwn(behavior, 'throws')) checkEnum(behavior.throws, ERROR_TYPES, `${path}.throws`, v);
  if (!ObjectHasOwn(behavior, 'effects')) return;
  const effects = behavior.effects;
  if (!ArrayIsArray(effects)) return report(v.errors, `${path}.effects`, `expected an array of effects, got ${describe(effects)}`);
  if (step && effects.length > 0) {
    return report(v.errors, `${path}.effects`, 'a realm step\'s behavior cannot have effects (it may run in a realm without the program\'s objects)');
  }
  for (let i = 0; i < effects.length; i++) checkEffect(own(effects, i), `${path}.effects[${i}]`, v);
}

/**
 * @param {unknown} effect
 * @param {string} path
 * @param {Validator} v
 */
function checkEffect(effect, path, v) {
  const name = isRecord(effect) ? soleKey(effect) : undefined;
  if (!oneOf(EFFECTS, name)) {
    return report(v.errors, path, `expected an effect (an object with one of ${quoteAll(EFFECTS)}), got ${describe(effect)}`);
  }
  const args = effect[name];
  const at = `${path}.${name}`;
  if (name === 'detach') {
    if (checkId(args, at, v, 'arraybuffer') && own(v.nodes[args], 'shared') === true) {
      report(v.errors, at, 'a SharedArrayBuffer cannot be detached');
    }
    return;
  }
  /** how many arguments each effect takes */
  const arity = record({ delete: 2, define: 3, set: 3, hide: 2, setLength: 2, resize: 2, mapSet: 3, mapDelete: 2, setAdd: 2, setDelete: 2 });
  if (!ArrayIsArray(args) || args.length !== arity[name]) {
    return report(v.errors, at, `expected an array of ${arity[name]} arguments, got ${describe(args)}`);
  }
  switch (name) {
    case 'delete': case 'hide':
      checkId(own(args, 0), `${at}[0]`, v, undefined);
      checkKey(own(args, 1), `${at}[1]`, v);
      return;
    case 'define': case 'set':
      checkId(own(args, 0), `${at}[0]`, v, undefined);
      checkKey(own(args, 1), `${at}[1]`, v);
      checkValue(own(args, 2), `${at}[2]`, v);
      return;
    case 'setLength':
      checkId(own(args, 0), `${at}[0]`, v, undefined);
      checkInteger(own(args, 1), `${at}[1]`, v, MAX_ARRAY_LENGTH);
      return;
    case 'resize': {
      const id = own(args, 0);
      const n = own(args, 1);
      const idOk = checkId(id, `${at}[0]`, v, 'arraybuffer');
      if (checkInteger(n, `${at}[1]`, v, MAX_BYTE_LENGTH) && idOk) {
        const problem = resizeProblem(v.nodes[id], n);
        if (problem !== undefined) report(v.errors, `${at}[1]`, problem);
      }
      return;
    }
    case 'mapSet': case 'mapDelete':
      checkId(own(args, 0), `${at}[0]`, v, 'map');
      for (let i = 1; i < args.length; i++) checkValue(own(args, i), `${at}[${i}]`, v);
      return;
    case 'setAdd': case 'setDelete':
      checkId(own(args, 0), `${at}[0]`, v, 'set');
      checkValue(own(args, 1), `${at}[1]`, v);
  }
}

/**
 * @param {unknown} steps
 * @param {string} path
 * @param {Validator} v
 */
function checkSteps(steps, path, v) {
  if (steps === undefined) return;
  if (!ArrayIsArray(steps)) return report(v.errors, path, `expected an array of realm steps, got ${describe(steps)}`);
  const saved = v.allowRefs;
  v.allowRefs = false;
  for (let i = 0; i < steps.length; i++) {
    const step = own(steps, i);
    const stepPath = `${path}[${i}]`;
    if (!isRecord(step)) {
      report(v.errors, stepPath, `expected a realm step ({"on": intrinsic, "key", …}), got ${describe(step)}`);
      continue;
    }
    const on = own(step, 'on');
    const onOk = checkEnum(on, INTRINSIC_NAMES, `${stepPath}.on`, v);
    const keyOk = checkProp(step, stepPath, v, true);
    if (own(step, 'configurable') === false) {
      report(v.errors, `${stepPath}.configurable`, 'a realm step must stay configurable, or restore() could not undo it');
    }
    if (onOk && keyOk && typeof step.key === 'string' && oneOf(own(FIXED_INTRINSIC_KEYS, on) ?? [], step.key)) {
      report(v.errors, `${stepPath}.key`, `${on}.${step.key} is not configurable: no realm step can change it`);
    }
  }
  v.allowRefs = saved;
}

/**
 * A proxy's target chain must end at a non-proxy node.
 * @param {Validator} v
 */
function checkProxyTargets(v) {
  for (let i = 0; i < v.objectCount; i++) {
    if (kindOf(v, i) === 'proxy' && proxyTarget(v.nodes, i) === undefined) {
      report(v.errors, `$.objects[${i}].target`, `the proxy target chain from #${i} never reaches a non-proxy node`);
    }
  }
}

/**
 * The non-proxy node at the end of a proxy chain (i itself when it is not a proxy).
 * @param {any[]} nodes
 * @param {number} id
 * @returns {number | undefined} undefined on a cycle or a bad id
 */
export function proxyTarget(nodes, id) {
  for (let steps = 0; steps <= nodes.length; steps++) {
    const node = own(nodes, id);
    if (!isRecord(node)) return undefined;
    if (own(node, 'kind') !== 'proxy') return id;
    id = own(node, 'target');
    if (!isIndex(id) || id >= nodes.length) return undefined;
  }
  return undefined;
}

/**
 * The node a node's prototype is (its `proto` ref, seen through proxies), if any.
 * @param {any[]} nodes
 * @param {number} id
 * @returns {number | undefined}
 */
function protoNode(nodes, id) {
  const proto = own(own(nodes, id), 'proto');
  if (!isRecord(proto) || soleKey(proto) !== 'ref' || !isIndex(proto.ref) || proto.ref >= nodes.length) return undefined;
  return proxyTarget(nodes, proto.ref);
}

/**
 * The ids of the nodes whose `proto` closes a prototype cycle
 * (Object.setPrototypeOf would throw, or a proxy would hide a cycle).
 * @param {any[]} nodes nodes whose ids and proxy chains are valid
 * @returns {number[]}
 */
export function prototypeCycles(nodes) {
  /** @type {number[]} */
  const result = newList();
  for (let start = 0; start < nodes.length; start++) {
    if (own(own(nodes, start), 'kind') === 'proxy') continue;
    let id = protoNode(nodes, start);
    for (let steps = 0; id !== undefined && steps < nodes.length; steps++) {
      if (id === start) {
        append(result, start);
        break;
      }
      id = protoNode(nodes, id);
    }
  }
  return result;
}

/** @param {Validator} v */
function checkPrototypeCycles(v) {
  const cycles = prototypeCycles(v.nodes);
  for (let i = 0; i < cycles.length; i++) {
    report(v.errors, `$.objects[${cycles[i]}].proto`, `the prototype chain of #${cycles[i]} leads back to it`);
  }
}
