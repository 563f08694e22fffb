// The channels a test file can ask for (`// META: variant=?channel=worker`,
// a line per channel): the file then runs once per channel its target has,
// the variant's channel opened here and handed to the file's include
// wpt/resources/channel.js, whose `channel_clone(value, {transfer})` sends
// the value that way and settles with what landed back in this realm
// (rejecting with what was thrown). A file that asks for none runs once and
// calls structuredClone itself. Which channels these are, and how each is
// opened, its descriptor says (portable/targets/channels/, `conform`):
//  - global: the global structuredClone (the target's, for ref:, polyfill:
//    and impl: targets, which have only this one);
//  - module: the channel's clone function (portable/targets/clone-functions/),
//    in this realm (messagechannel: received on port2; wire: the engine's
//    serializer as a library, no transfer list);
//  - echo-worker: postMessage to a worker (echo-worker.js) that sends the
//    value back: deserialized in the worker's realm, serialized again there
//    (a worker_threads Worker in Node, a web Worker in Bun, Deno and browsers).

import { settlingCloneFunction } from '../case/case.js';
import { familyNamed } from '../families/index.js';
import { CHANNELS, channelNamed, conformChannelNames } from '../targets/channels/index.js';
import { messageError } from '../targets/receivers/messages.js';

/** Every channel conform knows, in listing order. */
export const CONFORM_CHANNELS = conformChannelNames;

/** A module target (ref:, polyfill:, impl:) has only the global structuredClone's channel. */
export const MODULE_CHANNELS = CHANNELS.filter((channel) => channel.conform === 'global').map((channel) => channel.name);

/**
 * The channels a test file can ask of a runtime: those of its family
 * (a browser has no serializer library).
 * @param {string} familyName
 * @returns {string[]}
 */
export function runtimeChannels(familyName) {
  const family = familyNamed(familyName);
  return CHANNELS.filter((channel) => channel.conform !== null && family !== undefined && channel.has(family)).map((channel) => channel.name);
}

/**
 * @typedef {(value: unknown, options?: {transfer?: unknown[]}) => Promise<unknown>} ChannelClone
 */

/**
 * The channel's clone function, in the realm that runs the file.
 * @param {string} name one of CONFORM_CHANNELS
 * @returns {Promise<{clone: ChannelClone, close: () => void}>}
 */
export async function openChannel(name) {
  const channel = channelNamed(name);
  switch (channel?.conform) {
    case 'global': {
      // The transfer list is the test's, whatever it holds: the engine's own checks are under test.
      const clone = /** @type {(value: unknown, options?: {transfer?: unknown[]}) => unknown} */ (globalThis.structuredClone);
      return { clone: async (value, options) => clone(value, options), close() {} };
    }
    case 'module': {
      // A URL, not a path esbuild would follow: QuickJS-ng's bundle (which has only `global`) must not take in every clone function.
      const settle = settlingCloneFunction(await import(new URL(`../targets/clone-functions/${channel.module}`, import.meta.url).href));
      return {
        clone: async (value, options) => (await settle(value, { transfer: options?.transfer ?? [], forStorage: false })).value,
        close() {},
      };
    }
    case 'echo-worker': return echoWorker();
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
