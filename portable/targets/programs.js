// How a target's channel reshapes a program before it runs, so that the
// target and the oracle see the same program (and the repro shows it); and
// how a host that cannot build some programs reshapes them (a browser page's
// global is a Window: `inWindow`; WebKitGTK has no SharedArrayBuffer: `unshared`;
// only a window can make a FileList: `withoutFileLists`).

import { isArrayIndex } from '../../src/abstract-ops/object-operations.js';
import { prototypeRefusal } from '../../src/webidl/interfaces.js';
import { sharingRefusal } from '../../src/html/deserialize.js';
import { hostTransferRefusal } from '../../src/html/platform-objects.js';
import { build } from '../../src/program/build.js';
import {
  KIND, PLATFORM_KINDS, SHELL_LACKS_KINDS, TRANSFER_ONLY_KINDS, WINDOW_ONLY_KINDS, platformInterfaceOfNode,
} from '../../src/program/kinds/index.js';
import { PROGRAM_SCHEMA } from '../../src/program/schema.js';
import { isTransferOption, transferIds } from '../../src/program/values.js';
import { channelOfTarget } from './channels/index.js';

/**
 * The program as it is: the channel can express everything a program says.
 * @param {any} program
 */
export function asIs(program) {
  return program;
}

/**
 * Without `forStorage`: the channel never serializes for storage (the global
 * structuredClone, postMessage, a polyfill).
 * @param {any} program
 */
export function withoutStorage(program) {
  if (program.forStorage !== true) return program;
  const { forStorage, ...rest } = program;
  return rest;
}

/**
 * With a non-empty transfer list (and so without `forStorage`): when the
 * program transfers nothing, a fresh 8-byte ArrayBuffer that is not part of
 * the value goes in the list. Engines skip some fast paths whenever a
 * transfer list is given (Bun's, for one), so this reaches their full path.
 * @param {any} program
 */
export function withTransferList(program) {
  const prepared = withoutStorage(program);
  // A transfer option that is not a list (docs/program.md) is the program's own, kept as it is.
  if (isTransferOption(prepared.transfer) || transferIds(prepared).length > 0) return prepared;
  const objects = [...(prepared.objects ?? []), { kind: 'arraybuffer', bytes: [1, 2, 3, 4, 5, 6, 7, 8] }];
  return { ...prepared, objects, transfer: [objects.length - 1] };
}

/**
 * @param {{base: string}} reshaping a target's (load.js Reshaping)
 * @returns {boolean} whether the channel has a transfer list at all (the oracle converts one only then)
 */
export function hasTransferList({ base }) {
  return base !== 'withoutTransfer' && base !== 'withStorage';
}

/**
 * How a channel hands its transfer list to the engine, which decides how the
 * oracle converts it: `none` (the channel has no transfer list), `sequence`
 * (a sequence<object>: structuredClone's options.transfer, an iframe's
 * postMessage(message, targetOrigin, transfer), a polyfill's or an impl:
 * module's list), or `overloaded`: postMessage(message, transfer) on a
 * MessagePort or a Worker, whose interface also has postMessage(message,
 * options), so WebIDL overload resolution decides what the second argument
 * is (src/html/structured-clone.js postMessageTransferList).
 * @typedef {'none' | 'sequence' | 'overloaded'} TransferArgument
 */

/**
 * @param {{name: string, reshaping: {base: string}}} spec a TargetSpec (catalog.js)
 * @returns {TransferArgument} its channel's (portable/targets/channels/); a module target's is a sequence
 */
export function transferArgument(spec) {
  if (!hasTransferList(spec.reshaping)) return 'none';
  return channelOfTarget(spec.name)?.transfer ?? 'sequence';
}

/**
 * Without a transfer list (and without `forStorage`): the channel has none
 * (BroadcastChannel, an engine's serializer used as a library). A
 * MessagePort or a stream can only be transferred, so each becomes an
 * ordinary object with the same properties, prototype and integrity.
 * @param {any} program
 */
export function withoutTransfer(program) {
  const prepared = asOrdinaryObjects(withoutStorage(program), TRANSFER_ONLY_KINDS);
  if (prepared.transfer === undefined) return prepared;
  const { transfer, ...rest } = prepared;
  return rest;
}

/**
 * @param {any} program
 * @param {string[]} kinds node kinds a channel or host cannot take
 * @returns {any} the program with each node of those kinds an ordinary object
 *   node with the same own properties, prototype and integrity
 */
function asOrdinaryObjects(program, kinds) {
  if (!(program.objects ?? []).some((/** @type {any} */ node) => kinds.includes(node.kind))) return program;
  return {
    ...program,
    objects: program.objects.map((/** @type {any} */ node) => {
      if (!kinds.includes(node.kind)) return node;
      /** @type {Record<string, unknown>} */
      const plain = { kind: 'object' };
      for (const field of ['props', 'proto', 'integrity']) if (node[field] !== undefined) plain[field] = node[field];
      return plain;
    }),
  };
}

/**
 * Serialized for storage, without a transfer list: IndexedDB's put() runs
 * StructuredSerializeForStorage on every value it stores, whatever the
 * program says, and takes no transfer list.
 * @param {any} program
 */
export function withStorage(program) {
  return { ...withoutTransfer(program), forStorage: true };
}

/**
 * Without SharedArrayBuffer, for a host that has none at all (WebKitGTK's
 * MiniBrowser, though cross-origin isolated), where such a program could
 * not even be built: every SharedArrayBuffer an ArrayBuffer (a growable one
 * resizable), an object whose prototype is SharedArrayBuffer.prototype one
 * whose prototype is ArrayBuffer.prototype, and realm steps on
 * SharedArrayBuffer.prototype dropped (no value here could meet them). The
 * program the target ran says so, as every reshaped program does.
 * @param {any} program
 */
export function unshared(program) {
  const SHARED_PROTOTYPE = 'SharedArrayBuffer.prototype';
  const mentions = JSON.stringify(program).includes(SHARED_PROTOTYPE);
  if (!mentions && !(program.objects ?? []).some((node) => node.shared === true)) return program;
  const reshaped = { ...program };
  if (program.objects !== undefined) {
    reshaped.objects = program.objects.map((node) => {
      const { shared, ...rest } = node;
      if (rest.proto === SHARED_PROTOTYPE) rest.proto = 'ArrayBuffer.prototype';
      return shared === undefined && rest.proto === node.proto ? node : rest;
    });
  }
  for (const side of /** @type {const} */ (['sender', 'receiver'])) {
    if (program[side] !== undefined) reshaped[side] = program[side].filter((step) => step.on !== SHARED_PROTOTYPE);
  }
  return reshaped;
}

/**
 * Without realm steps on a window's indices: a page's global is a Window,
 * whose array-index properties are its child frames, and which refuses to
 * define or delete any (HTML's WindowProxy [[DefineOwnProperty]] and
 * [[Delete]]), so no script can set one up, and such a step could be neither
 * applied nor undone there.
 * @param {any} program
 */
export function inWindow(program) {
  const onIndex = (/** @type {any} */ step) => step.on === 'globalThis' && typeof step.key === 'string' && isArrayIndex(step.key);
  if (!(program.sender ?? []).some(onIndex) && !(program.receiver ?? []).some(onIndex)) return program;
  const reshaped = { ...program };
  for (const side of /** @type {const} */ (['sender', 'receiver'])) {
    if (program[side] !== undefined) reshaped[side] = program[side].filter((step) => !onIndex(step));
  }
  return reshaped;
}

/**
 * Without Blob, File and the streams: a shell global (QuickJS-ng's) has
 * DOMException but none of them, so no such program could be built there (build refuses a
 * platform object the host lacks, docs/platform-objects.md). Each becomes
 * an ordinary object with the same own properties, prototype and
 * integrity, so the rest of the program (what refers to it, its keys) is
 * still cloned. The program the target ran says so.
 * @param {any} program
 */
export function inShell(program) {
  return asOrdinaryObjects(withoutFileLists(program), SHELL_LACKS_KINDS);
}

/**
 * A generated program without what this host cannot make or the reference
 * cannot judge there (src/program/schema.js `HostLimits`, probed where this
 * runs): each platform object it cannot make (`canMake`) or cannot transfer
 * an ordinary object, out of the transfer list (Bun 1.4.5's ports; Node's,
 * Bun's and Deno's canvases and bitmaps; QuickJS-ng's ports), and each platform object it
 * cannot recognise with another prototype left with its own (Deno 2.9.6's
 * MessagePort); and, where the reference cannot share a SharedArrayBuffer's
 * memory, every shared buffer an ArrayBuffer (`unshared`). A program given by hand is refused instead (`validate` with
 * `global` and `limits`: `clonecheck repro` says NOT-APPLICABLE), so this
 * reshapes only what the generator drew (judge.js).
 * @param {any} program
 */
export function judgeableHere(program) {
  // A host whose door copies shared memory (Bun before 1.4.0): its shared buffers become ArrayBuffers, as on a host without them.
  if (sharingRefusal() !== undefined) return judgeablePlatformObjects(unshared(program));
  return judgeablePlatformObjects(program);
}

/**
 * `judgeableHere` for the platform objects.
 * @param {any} program
 */
function judgeablePlatformObjects(program) {
  const platform = (/** @type {any} */ node) => PLATFORM_KINDS.includes(node.kind);
  const untransferable = transferIds(program).filter((/** @type {number} */ id) => {
    const node = program.objects[id];
    return platform(node) && hostTransferRefusal(platformInterfaceOfNode(node)) !== undefined;
  });
  const unmade = (program.objects ?? []).filter((/** @type {any} */ node) => platform(node) && !canMake(node));
  const reprototyped = (/** @type {any} */ node) => platform(node) && node.proto !== undefined
    && prototypeRefusal(platformInterfaceOfNode(node)) !== undefined;
  if (untransferable.length === 0 && unmade.length === 0 && !(program.objects ?? []).some(reprototyped)) return program;
  const kinds = [...new Set([...untransferable.map((/** @type {number} */ id) => program.objects[id]), ...unmade].map((node) => node.kind))];
  const reshaped = { ...asOrdinaryObjects(program, kinds) };
  reshaped.objects = reshaped.objects.map((/** @type {any} */ node) => {
    if (!reprototyped(node)) return node;
    const { proto, ...rest } = node;
    return rest;
  });
  const kept = transferIds(program).filter((/** @type {number} */ id) => !kinds.includes(program.objects[id].kind));
  if (kept.length > 0) reshaped.transfer = kept;
  else if (!isTransferOption(program.transfer)) delete reshaped.transfer;
  return reshaped;
}

/** @type {Map<string, boolean>} by sample node (its JSON) */
const makeable = new Map();

/**
 * Whether this host makes a node like this one: `build` of its kind's sample
 * node (its descriptor's, src/program/kinds/: a kind some hosts lack or
 * cannot make, or for a CryptoKey the key it names) succeeds, once per
 * sample, between cases: the realm is as the host made it. A kind without
 * a sample is one every host clonecheck runs can make.
 * @param {any} node
 * @returns {boolean}
 */
function canMake(node) {
  const given = KIND[node.kind].platform?.sample;
  if (given === undefined) return true;
  const sample = typeof given === 'function' ? given(node) : given;
  const id = JSON.stringify(sample);
  if (!makeable.has(id)) {
    let made = true;
    try {
      build({ schema: PROGRAM_SCHEMA, root: { ref: 0 }, objects: [sample] });
    } catch {
      made = false;
    }
    makeable.set(id, made);
  }
  return /** @type {boolean} */ (makeable.get(id));
}

/**
 * Without FileLists, for a browser's `worker` and `broadcast` channels: a
 * FileList can be made only by a DataTransfer, which HTML exposes in
 * windows only, and their oracle builds and judges the program in a
 * dedicated worker (FileList, but no DataTransfer), which `judgeableHere`,
 * run in the page, cannot see (a runtime, which has no DataTransfer at all,
 * is one `judgeableHere` reshapes, and where `validate` refuses a FileList
 * program given by hand). Each becomes an ordinary object with the same own
 * properties and prototype (the Files it listed are still made, and cloned
 * where the rest of the value holds them). The program the target ran says so.
 * @param {any} program
 */
export function withoutFileLists(program) {
  return asOrdinaryObjects(program, WINDOW_ONLY_KINDS);
}
