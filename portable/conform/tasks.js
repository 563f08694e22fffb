// What a conform pool member does (a worker thread of this Node, worker.js,
// an agent process of another runtime, portable/hosts/agent.js, or a
// browser's agent page, portable/hosts/page/agent.js): load its
// one target (a module target's clone becomes the global structuredClone),
// then run one test file in this global (realm.js) and answer with its
// results. The pool gives every file a fresh member, so every file has a
// fresh global, as every WPT test has its own page.

import { openChannel } from './channels.js';
import { runTestFile } from './realm.js';

/** The WebIDL options dictionary's conversion error, as a host's own structuredClone words it. */
const NOT_A_DICTIONARY = "Failed to execute 'structuredClone': The provided value is not of type 'StructuredSerializeOptions'.";

/**
 * Loads the member's target: a module target's clone function becomes the
 * global structuredClone (as a polyfill installs itself); a runtime keeps its own.
 * @param {import('../../harness/conform/targets.js').ConformTarget[]} targets one
 */
export async function loadTargets([target]) {
  if (target.cloneModuleURL === undefined) return;
  // The reference asks Node what script cannot see (Proxy, Promise slots), as it does when fuzzing.
  const { installNodeHostHooks } = await import('../hosts/node-host.js');
  installNodeHostHooks();
  const { default: clone } = await import(target.cloneModuleURL);
  const TypeErrorCtor = TypeError;
  const PromiseCtor = Promise;
  /** structuredClone(value, options): WebIDL's dictionary conversion, then the module's clone. */
  function structuredClone(value, options = undefined) {
    if (arguments.length === 0) throw new TypeErrorCtor("Failed to execute 'structuredClone': 1 argument required, but only 0 present.");
    let transfer;
    if (options !== undefined && options !== null) {
      if (typeof options !== 'object' && typeof options !== 'function') throw new TypeErrorCtor(NOT_A_DICTIONARY);
      transfer = options.transfer;
    }
    const result = clone(value, { transfer, forStorage: false, spec: target.profile });
    if (result instanceof PromiseCtor) throw new TypeErrorCtor(`${target.name} returned a Promise: conform installs it as the synchronous structuredClone`);
    return result;
  }
  // As the host's own: writable, configurable, not enumerable.
  Object.defineProperty(globalThis, 'structuredClone', { value: structuredClone, writable: true, configurable: true, enumerable: false });
}

/**
 * @typedef {object} FileTask
 * @property {'file'} kind
 * @property {import('./realm.js').Source} harness  testharness.js
 * @property {import('./realm.js').Source[]} scripts  the file's includes, in order
 * @property {import('./realm.js').Source} test
 * @property {string} [channel]  the variant's channel (channels.js)
 * @property {number} timeoutMs
 */

/**
 * @param {FileTask} task
 * @param {import('../hosts/heartbeat.js').HeartbeatWriter} heartbeat
 * @returns {Promise<import('./realm.js').FileResult>}
 */
export function runTask(task, heartbeat) {
  return runFileTask(task, heartbeat, typeof globalThis.process === 'undefined' ? PAGE : RUNTIME);
}

/** A runtime's main global (an agent) or a worker thread: Node's uncaught events. */
const RUNTIME = {
  routeUncaught(onError, onRejection) {
    process.on('uncaughtException', onError);
    process.on('unhandledRejection', onRejection);
  },
};

/**
 * A browser's agent page (portable/hosts/page/agent.js), a fresh one per
 * file: its own error events, and a load event once the scripts have run,
 * as a test page's would fire.
 * @type {Omit<import('./realm.js').RealmHost, 'beat'>}
 */
const PAGE = {
  routeUncaught(onError, onRejection) {
    const scope = /** @type {any} */ (globalThis);
    scope.addEventListener('error', (/** @type {ErrorEvent} */ event) => {
      event.preventDefault();
      onError(event.error ?? event.message);
    });
    scope.addEventListener('unhandledrejection', (/** @type {PromiseRejectionEvent} */ event) => {
      event.preventDefault();
      onRejection(event.reason);
    });
  },
  scriptsDone: () => globalThis.dispatchEvent(new Event('load')),
};

/**
 * One file task in this global, with the channel it asks for.
 * @param {FileTask} task
 * @param {import('../hosts/heartbeat.js').HeartbeatWriter} heartbeat
 * @param {Omit<import('./realm.js').RealmHost, 'beat'>} host  how this global's uncaught errors reach testharness
 * @returns {Promise<import('./realm.js').FileResult>}
 */
export async function runFileTask(task, heartbeat, host) {
  heartbeat.beat(0, 0);
  const channel = task.channel === undefined ? undefined : await openChannel(task.channel);
  const scope = /** @type {any} */ (globalThis);
  if (channel !== undefined) {
    scope.channel_name = task.channel;
    scope.channel_clone = channel.clone;
  }
  try {
    return await runTestFile(
      { harness: task.harness, scripts: task.scripts, test: task.test, timeoutMs: task.timeoutMs },
      { ...host, beat: (index) => heartbeat.beat(index, 0) },
    );
  } finally {
    channel?.close();
  }
}
