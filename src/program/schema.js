// `validate(program)`: every reason a program is not a `clonecheck/program@2`
// (or an older `@1`, read as it always was) that `build` can make, each with
// the JSON path of the offending part.
//
// Beyond the shapes in docs/program.md it rejects what would make `build`
// itself throw (a view out of its buffer's bounds, a prototype cycle, a
// redefinition of a non-configurable property, …), so that a valid program
// always builds, and unknown fields, so that a typo never passes silently.
//
// This file holds the program's own fields and the walk over its nodes; each
// kind's fields are checked by its descriptor (kinds/), props and behaviors
// by props.js, effects by effects.js, realm steps by steps.js, the graph as a
// whole by graph.js. The names other modules read are re-exported here.

import {
  ArrayIsArray, JSONStringify, ObjectHasOwn, record,
} from '../primordials/intrinsics.js';
import { checkValue, describe, isIndex, isRecord, isTransferOption, oneOf, own, report, quoteAll, soleKey } from './values.js';
import { checkEnum, checkFields, checkId, checkInteger, kindOf } from './kinds/checks.js';
import { KIND, KINDS, PLATFORM_KINDS, hostGlobalOfNode, platformInterfaceOfNode } from './kinds/index.js';
import { checkPrototypeCycles, checkProxyTargets } from './graph.js';
import { checkProps } from './props.js';
import { INTRINSIC_NAMES, checkSteps } from './steps.js';

export { KINDS, PLATFORM_KINDS, platformInterfaceOfNode } from './kinds/index.js';
export { ELEMENT_SIZE, MAX_BYTE_LENGTH, VIEW_TYPES, resizeProblem, viewProblem } from './kinds/buffers.js';
export { ERROR_TYPES } from './kinds/error.js';
export { FUNCTION_STYLES, OPAQUE_TYPES } from './kinds/uncloneables.js';
export { GEOMETRY_TYPES, GEOMETRY_VALUES } from './kinds/geometry.js';
export { COLOR_SPACES } from './kinds/image-data.js';
export { CANVAS_CONTEXTS } from './kinds/canvas.js';
export { OTHER_ENDS } from './kinds/messageport.js';
export { MAX_STREAM_CHUNKS } from './kinds/streams.js';
export { MAX_IMAGE_SIDE } from './kinds/checks.js';
export { FIXED_INTRINSIC_KEYS, INTRINSIC_NAMES, validateSteps } from './steps.js';
export { ACCESSOR_PROP_FIELDS, BEHAVIOR_FIELDS, DATA_PROP_FIELDS, METHOD_STEP_FIELDS, keyProblem } from './props.js';
export { EFFECTS } from './effects.js';
export { proxyTarget, prototypeCycles } from './graph.js';

export const PROGRAM_SCHEMA = 'clonecheck/program@2';
/**
 * The schema before platform objects: every program of that version is one
 * of this version that builds the same value (`upgradeProgram`); only the
 * platform kinds are new.
 */
export const PROGRAM_SCHEMA_1 = 'clonecheck/program@1';

export const INTEGRITY_LEVELS = ['none', 'preventExtensions', 'seal', 'freeze'];
/** How many times a worker channel may deliver one value (docs/program.md `deliveries`). */
export const MAX_DELIVERIES = 3;

/** A program's fields (docs/program.md's Program table lists each: test/docs-schemas.unit.test.js). */
export const PROGRAM_FIELDS = ['schema', 'root', 'objects', 'transfer', 'forStorage', 'sender', 'receiver', 'deliveries'];
/** The fields every object node has, whatever its kind (docs/program.md's ObjectNode table). */
export const NODE_FIELDS = ['kind', 'props', 'proto', 'integrity'];

/**
 * The fields each kind adds to NODE_FIELDS, which of them are required (the
 * others have a default), and all a node of the kind may have.
 * @type {Record<string, {fields: string[], required: string[], allowed: string[]}>}
 */
export const KIND_FIELDS = record({});
for (let i = 0; i < KINDS.length; i++) {
  const d = KIND[KINDS[i]];
  KIND_FIELDS[d.kind] = { fields: d.fields, required: d.required, allowed: [...NODE_FIELDS, ...d.fields] };
}

/**
 * @typedef {import('./values.js').ValidationError} ValidationError
 * @typedef {import('./kinds/checks.js').Validator} Validator
 */

/**
 * What the reference cannot do with some platform objects on a host, each
 * as the reason (without a colon) or undefined when it can: transfer one
 * (html/platform-objects.js `hostTransferRefusal`), or recognise one whose
 * prototype was changed (webidl/interfaces.js `prototypeRefusal`); and
 * whether it can share a SharedArrayBuffer's data block at all
 * (html/deserialize.js `sharingRefusal`).
 * @typedef {object} HostLimits
 * @property {(name: string) => string | undefined} transferRefusal
 * @property {(name: string) => string | undefined} prototypeRefusal
 * @property {() => string | undefined} sharingRefusal
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
    if (!ArrayIsArray(transfer) && !isTransferOption(transfer)) {
      report(errors, '$.transfer', `expected an array of object ids (or a primitive: the transfer option itself), got ${describe(transfer)}`);
    } else if (ArrayIsArray(transfer)) for (let i = 0; i < transfer.length; i++) checkId(own(transfer, i), `$.transfer[${i}]`, v, undefined);
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
 * Only `validate`'s host checks (`global`, `limits`), for a program whose
 * form is known valid: one the generator drew (fuzzers/programs.js makes
 * only programs `validate` finds nothing in, which test/program*.test.js
 * check). The form's checks were a quarter of a fuzz case's build (node:clone,
 * seed 1: 1.6 s of a judging thread's 20 s).
 * @param {Record<string, any>} program a valid program
 * @param {{global?: any, limits?: HostLimits}} options
 * @returns {ValidationError[]}
 */
export function hostProblems(program, options) {
  const objects = own(program, 'objects');
  const nodes = ArrayIsArray(objects) ? objects : [];
  /** @type {ValidationError[]} */
  const errors = [];
  /** @type {Validator} */
  const v = { errors, nodes, objectCount: nodes.length, allowRefs: true };
  const global = option(options, 'global');
  if (global !== undefined) checkHostInterfaces(v, global);
  const transfer = own(program, 'transfer');
  const limits = option(options, 'limits');
  if (limits !== undefined) checkHostLimits(v, limits, ArrayIsArray(transfer) ? transfer : []);
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
    const name = hostGlobalOfNode(node);
    if (name !== undefined && typeof global[name] !== 'function') {
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
  for (let i = 0; i < v.objectCount; i++) {
    const node = own(v.nodes, i);
    if (!isRecord(node) || own(node, 'kind') !== 'arraybuffer' || own(node, 'shared') !== true) continue;
    const refusal = limits.sharingRefusal();
    if (refusal !== undefined) report(v.errors, `$.objects[${i}].shared`, `this host cannot share a SharedArrayBuffer's memory (${refusal}): run the program where it can (docs/reference-engine.md)`);
    break;
  }
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
  const descriptor = KIND[kind];
  descriptor.check(node, path, v);
  checkProto(node, path, v);
  const integrity = own(node, 'integrity');
  if (integrity !== undefined && checkEnum(integrity, INTEGRITY_LEVELS, `${path}.integrity`, v) && integrity !== 'none') {
    if (descriptor.forwards === true) report(v.errors, `${path}.integrity`, 'a proxy forwards integrity to its target: set it on the target node');
    const problem = descriptor.integrityProblem?.(node);
    if (problem !== undefined) report(v.errors, `${path}.integrity`, problem);
  }
  checkProps(node, path, v);
}

/** @param {any} node @param {string} path @param {Validator} v */
function checkProto(node, path, v) {
  const proto = own(node, 'proto');
  if (proto === undefined || proto === null || proto === 'default') return;
  if (KIND[own(node, 'kind')].forwards === true) {
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

