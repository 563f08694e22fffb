// The channels a test file can ask for (`// META: variant=?channel=worker`,
// a line per channel): the file then runs once per channel its target has,
// the variant's channel opened here and handed to the file's include
// wpt/resources/channel.js, whose `channel_clone(value, {transfer})` sends
// the value that way and settles with what landed back in this realm
// (rejecting with what was thrown). A file that asks for none runs once and
// calls structuredClone itself.
//  - clone: the global structuredClone (the target's, for ref:, polyfill:
//    and impl: targets, which have only this one);
//  - messagechannel: port1.postMessage(value, transfer), received on port2
//    (the fuzz channel's module, portable/targets/clone-functions/);
//  - worker: postMessage to a worker (echo-worker.js) that sends the value
//    back: deserialized in the worker's realm, serialized again there (a
//    worker_threads Worker in Node, a web Worker in Bun, Deno and browsers);
//  - wire: the engine's serializer as a library (node:v8, bun:jsc), no
//    transfer list.

import { messageError } from '../targets/receivers/messages.js';

/** Every channel conform knows, in listing order. */
export const CONFORM_CHANNELS = ['clone', 'messagechannel', 'worker', 'wire'];

/** The channels of a runtime's own structured clone; a browser has no serializer library; a module target (ref:, polyfill:, impl:) has only `clone`. */
export const RUNTIME_CHANNELS = CONFORM_CHANNELS;
export const BROWSER_CHANNELS = ['clone', 'messagechannel', 'worker'];
export const MODULE_CHANNELS = ['clone'];

/**
 * @typedef {(value: unknown, options?: {transfer?: unknown[]}) => Promise<unknown>} ChannelClone
 */

/**
 * The channel's clone function, in the realm that runs the file.
 * @param {string} name one of CONFORM_CHANNELS
 * @returns {Promise<{clone: ChannelClone, close: () => void}>}
 */
export async function openChannel(name) {
  switch (name) {
    case 'clone': {
      const clone = globalThis.structuredClone;
      return { clone: async (value, options) => clone(value, options), close() {} };
    }
    case 'messagechannel': {
      const { default: viaMessageChannel } = await import('../targets/clone-functions/message-channel.js');
      return {
        clone: async (value, options) => (await viaMessageChannel(value, { transfer: options?.transfer ?? [], forStorage: false })).value,
        close() {},
      };
    }
    case 'wire': {
      const { default: viaWire } = await import('../targets/clone-functions/wire.js');
      return { clone: async (value) => viaWire(value, { transfer: [], forStorage: false }), close() {} };
    }
    case 'worker': return echoWorker();
    default: throw new Error(`unknown channel ${name}`);
  }
}

/** @returns {{clone: ChannelClone, close: () => void}} */
function echoWorker() {
  const url = new URL('./echo-worker.js', import.meta.url);
  /** @type {any} */
  let worker;
  /** @type {((answer: any) => void)[]} answers awaited, in order */
  const waiting = [];
  const onAnswer = (/** @type {any} */ answer) => waiting.shift()?.(answer);
  if (typeof globalThis.process === 'undefined' || typeof globalThis.Bun !== 'undefined' || typeof globalThis.Deno !== 'undefined') {
    worker = new Worker(url.href, { type: 'module' });
    worker.onmessage = (/** @type {MessageEvent} */ event) => onAnswer(event.data);
  } else {
    const { Worker: ThreadWorker } = process.getBuiltinModule('node:worker_threads');
    worker = new ThreadWorker(url);
    worker.on('message', onAnswer);
    worker.unref();
  }
  return {
    clone: (value, options) => new Promise((resolve, reject) => {
      // postMessage serializes synchronously: a DataCloneError is thrown here.
      worker.postMessage(value, options?.transfer ?? []);
      waiting.push((answer) => (answer.messageerror ? reject(messageError('the echo worker')) : resolve(answer.landed)));
    }),
    close: () => worker.terminate(),
  };
}
