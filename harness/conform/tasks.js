// What a conform pool member does (a worker thread of this Node, worker.js,
// or an agent process of another runtime, harness/agents/agent.js): load its
// one target (a module target's clone becomes the global structuredClone),
// then run one test file in this global (realm.js) and answer with its
// results. The pool gives every file a fresh member, so every file has a
// fresh global, as every WPT test has its own page.

import { readFileSync } from 'node:fs';
import { openChannel } from './channels.js';
import { runTestFile } from './realm.js';

/** The WebIDL options dictionary's conversion error, as a host's own structuredClone words it. */
const NOT_A_DICTIONARY = "Failed to execute 'structuredClone': The provided value is not of type 'StructuredSerializeOptions'.";

/**
 * Loads the member's target: a module target's clone function becomes the
 * global structuredClone (as a polyfill installs itself); a runtime keeps its own.
 * @param {import('./targets.js').ConformTarget[]} targets one
 */
export async function loadTargets([target]) {
  if (target.cloneModuleURL === undefined) return;
  // The reference asks Node what script cannot see (Proxy, Promise slots), as it does when fuzzing.
  const { installNodeHostHooks } = await import('../case/node-host.js');
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
    const result = clone(value, { transfer, forStorage: false });
    if (result instanceof PromiseCtor) throw new TypeErrorCtor(`${target.name} returned a Promise: conform installs it as the synchronous structuredClone`);
    return result;
  }
  // As the host's own: writable, configurable, not enumerable.
  Object.defineProperty(globalThis, 'structuredClone', { value: structuredClone, writable: true, configurable: true, enumerable: false });
}

/**
 * @typedef {object} FileTask
 * @property {'file'} kind
 * @property {string} harness  the path of testharness.js
 * @property {{name: string, path: string}[]} scripts  the file's includes, in order
 * @property {{name: string, path: string}} test
 * @property {string} [channel]  the variant's channel (channels.js)
 * @property {number} timeoutMs
 */

/**
 * @param {FileTask} task
 * @param {import('../pool/heartbeat.js').HeartbeatWriter} heartbeat
 * @returns {Promise<import('./realm.js').FileResult>}
 */
export async function runTask(task, heartbeat) {
  heartbeat.beat(0, 0);
  const read = (/** @type {{name: string, path: string}} */ source) => ({ name: source.name, text: readFileSync(source.path, 'utf8') });
  const channel = task.channel === undefined ? undefined : await openChannel(task.channel);
  const scope = /** @type {any} */ (globalThis);
  if (channel !== undefined) {
    scope.channel_name = task.channel;
    scope.channel_clone = channel.clone;
  }
  try {
    return await runTestFile({
      harness: { name: 'testharness.js', text: readFileSync(task.harness, 'utf8') },
      scripts: task.scripts.map(read),
      test: read(task.test),
      timeoutMs: task.timeoutMs,
    }, {
      routeUncaught(onError, onRejection) {
        process.on('uncaughtException', onError);
        process.on('unhandledRejection', onRejection);
      },
      beat: (index) => heartbeat.beat(index, 0),
    });
  } finally {
    channel?.close();
  }
}
