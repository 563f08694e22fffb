// A receiving realm: what a worker that the `worker` and `broadcast` channels
// (portable/targets/receivers/workers.js) send values to does. It runs in a
// Node worker thread or a web Worker (Bun, Deno, a browser), or in a
// same-origin frame of a page (the `iframe` channel), and stays alive across
// cases; realm-entry.js is its entry (a worker's module, the script of
// realm-frame.html), and a
// repro.mjs of a worker channel starts itself as one. Messages are strings, `tag\ntext`, so that no
// harness object is serialized while a program's pollution is in place:
//   'arm\nK\nFENCE\nSTEPS'
//                      apply the receiver's realm steps and keep them for K
//                      values: the next K messages on this port (the `worker`
//                      channel); restore after the last. After the case's
//                      values comes `FENCE N` (messages.js fencePost), FENCE
//                      a string no program holds and N the messages posted
//                      where the values go: those of them not come by then
//                      were lost
//   'listen\nK\nFENCE\nSTEPS'
//                      the same, but the values and the fence come on the
//                      BroadcastChannel; answers 'armed' as it puts the steps
//                      in place. Each case has a fence of its own
//                      (messages.js nextFence): the last case's may come on
//                      the channel after this case's 'listen', and is dropped
//   'skip'             one of the K values will not come (the broadcast
//                      sender threw): restore if it was the last
//   'subscribe\nNAME'  receive values on the BroadcastChannel NAME from now on
//   'oracle\nJSON'     the reference's case observation of a program, taken
//                      here: serialized under its sender steps, deserialized
//                      under its receiver steps (reference-delivery.js)
// Answers: 'landed\nJSON' (observeLanded of the value), 'messageerror' (the
// value could not be deserialized here), 'lost' (a fence came where a value
// was due: ports and channels deliver in order, so the value never will),
// 'oracle\nJSON', 'armed', 'error\nTEXT' (a harness error).

import { build, observeLanded, setupRealm } from '../../../src/index.js';
import { cloneCaseElsewhere } from '../../case/case.js';
import { referenceDelivery } from './reference-delivery.js';
import { errorText, fencePost, splitMessage } from './messages.js';
import { prepareKinds } from '../../../src/program/kinds/index.js';

const JSONParse = JSON.parse;
const JSONStringify = JSON.stringify;

/** @returns {boolean} whether a runtime (Node, Bun, Deno) runs this, not a browser */
function inRuntime() {
  return typeof globalThis.process !== 'undefined';
}

/** @returns {boolean} whether Node runs this, in a worker thread */
function inNodeThread() {
  return inRuntime() && typeof globalThis.Bun === 'undefined' && typeof globalThis.Deno === 'undefined'
    && process.getBuiltinModule('node:worker_threads').parentPort !== null;
}

/** @returns {boolean} whether this is a frame of a page (the `iframe` channel's receiving realm); Deno 1.x has a `window` without a parent */
function inFrame() {
  return typeof globalThis.window?.parent === 'object' && globalThis.window.parent !== globalThis.window;
}

/** @returns {boolean} whether this runs in a receiving realm (a worker of any runtime or browser, or a frame), not in a main one */
export function inReceivingWorker() {
  // Deno 2.9.6 says isMainThread in worker_threads even in a web Worker, which has a WorkerGlobalScope (Bun 1.4.5's has none).
  // @ts-ignore WorkerGlobalScope exists in web Workers only
  return inRuntimeWorker() || (typeof WorkerGlobalScope !== 'undefined' && globalThis instanceof WorkerGlobalScope) || inFrame();
}

/**
 * @returns {boolean} whether Node or Bun runs this in a worker: worker_threads
 *   says so, reached through process.getBuiltinModule; where a runtime lacks
 *   that (Bun 1.2.0, Node 20.0.0: every repro.mjs asks), Bun.isMainThread does, and
 *   such a Node has no worker channels (catalog.js), so this is its main thread
 */
function inRuntimeWorker() {
  const getBuiltinModule = globalThis.process?.getBuiltinModule;
  if (typeof getBuiltinModule === 'function') return !getBuiltinModule('node:worker_threads').isMainThread;
  return typeof globalThis.Bun !== 'undefined' && !globalThis.Bun.isMainThread;
}

/**
 * @typedef {object} ParentPort
 * @property {(text: string) => void} post
 * @property {(handler: (data: unknown) => void) => void} onMessage
 * @property {(handler: () => void) => void} onMessageError
 */

/** @returns {ParentPort} the sender */
function parentPort() {
  if (inNodeThread()) {
    const port = process.getBuiltinModule('node:worker_threads').parentPort;
    if (port === null) throw new Error('realm.js: inNodeThread() said this is a worker thread, and it has no parent port');
    return {
      post: (text) => port.postMessage(text),
      onMessage: (handler) => port.on('message', handler),
      onMessageError: (handler) => port.on('messageerror', handler),
    };
  }
  const scope = /** @type {any} */ (globalThis);
  if (inFrame()) {
    // A frame answers its parent page, on the page's own origin.
    const page = scope.parent;
    const PostMessage = page.postMessage;
    return {
      post: (text) => PostMessage.call(page, text, scope.location.origin),
      onMessage: (handler) => { scope.onmessage = (/** @type {MessageEvent} */ event) => handler(event.data); },
      onMessageError: (handler) => { scope.onmessageerror = handler; },
    };
  }
  return {
    post: scope.postMessage.bind(scope),
    onMessage: (handler) => { scope.onmessage = (/** @type {MessageEvent} */ event) => handler(event.data); },
    onMessageError: (handler) => { scope.onmessageerror = handler; },
  };
}

/** @type {ParentPort} */
let parent;

/**
 * The set-up of the case whose values are arriving: kept until the last
 * has landed (or will not come), so a value delivered again meets the same
 * realm, and whatever the engine cached on the way in. The answers wait
 * until it is undone: posting one (and JSON.stringify's toJSON lookups)
 * would run this runtime's own code under the receiving realm's pollution.
 * @typedef {object} Armed
 * @property {() => void} restore
 * @property {object[]} effects  what the set-up's accessors and methods logged
 * @property {number} seen  the entries of `effects` that earlier values' observations took
 * @property {number} coming  values still to come
 * @property {number} arrived  messages come where the values go: values, and those that could not be deserialized
 * @property {boolean} onPort  the values come on this port (the `worker` channel), not on a BroadcastChannel
 * @property {Record<number, object | null | typeof LOST> & {__proto__?: null}} answers  each value's landed observation,
 *   null when it could not be deserialized here, LOST when its fence came first (a null-prototype record: filled under
 *   the pollution)
 * @property {number} answered
 */

/** @type {Armed | null} */
let armed = null;

/** The case's fence messages, by the number of messages posted before it (its arm or listen message says the fence). */
let fences = /** @type {string[]} */ ([]);
/** The case before's: on the BroadcastChannel, its fence may come after this case's listen message. */
let lastFences = /** @type {string[]} */ ([]);

/**
 * @param {string[]} list  this module's own array (own indices only: no inherited accessor is read)
 * @param {unknown} data
 * @returns {number} where `data` is in it, or -1
 */
function indexIn(list, data) {
  for (let i = 0; i < list.length; i++) if (list[i] === data) return i;
  return -1;
}

/** The answer of a value whose fence came first. */
const LOST = 'lost';

/**
 * @param {string} text `K\nFENCE\nSTEPS`
 * @param {boolean} onPort
 */
function arm(text, onPort) {
  const { tag: count, text: rest } = splitMessage(text);
  const { tag: itsFence, text: steps } = splitMessage(rest);
  // Read before the set-up: it may replace globalThis.Number.
  const coming = Number(count);
  lastFences = fences;
  fences = [];
  for (let posted = 0; posted <= coming; posted++) fences[posted] = fencePost(itsFence, posted);
  const effects = [];
  const restore = setupRealm(JSONParse(steps), effects, globalThis);
  armed = { effects, restore, seen: 0, coming, arrived: 0, onPort, answers: { __proto__: null }, answered: 0 };
}

/**
 * A message where the case's values come (this port, or the BroadcastChannel): a value, or the fence after the
 * case's values. The values posted before the fence that have not come were lost; when every value came, the
 * realm is restored before the fence comes, and it is dropped, as is the case before's.
 * @param {unknown} data
 */
function onValueMessage(data) {
  const posted = indexIn(fences, data);
  if (posted >= 0) {
    for (let lost = armed === null ? 0 : posted - armed.arrived; lost > 0 && armed !== null; lost--) oneLess(LOST);
  } else if (indexIn(lastFences, data) < 0) {
    /** @type {Armed} */ (armed).arrived += 1;
    land(data);
  }
}

/** @param {unknown} data @returns {boolean} whether it is this case's fence or the last one's */
function isFence(data) {
  return indexIn(fences, data) >= 0 || indexIn(lastFences, data) >= 0;
}

/** @param {unknown} value the clone, in this realm */
function land(value) {
  const set = /** @type {Armed} */ (armed);
  let landed;
  try {
    landed = observeLanded(value, set.effects, set.seen);
    set.seen = set.effects.length;
  } finally {
    // A failed observation is a harness error: the sender starts new workers.
    if (landed === undefined) disarm();
  }
  oneLess(landed);
}

/**
 * One value of the case has landed, or will not come (`answer` undefined):
 * once none is left to come, the set-up is undone and the answers go.
 * @param {object | null | typeof LOST} [answer] its landed observation, null for a messageerror, LOST for a lost value
 */
function oneLess(answer) {
  const set = /** @type {Armed} */ (armed);
  if (answer !== undefined) set.answers[set.answered++] = answer;
  set.coming -= 1;
  if (set.coming > 0) return;
  disarm();
  for (let i = 0; i < set.answered; i++) {
    const landed = set.answers[i];
    parent.post(landed === null ? 'messageerror' : landed === LOST ? LOST : `landed\n${JSONStringify(landed)}`);
  }
}

/** Undoes the set-up. */
function disarm() {
  armed?.restore();
  armed = null;
}

/** A value could not be deserialized here: the sender reports a MessageError. */
function landedNothing() {
  /** @type {Armed} */ (armed).arrived += 1;
  oneLess(null);
}

/** @param {string} text */
async function oracle(text) {
  const { program, coverage, transferArgument, spec } = JSONParse(text);
  const counts = coverage ? {} : undefined;
  const [observation] = await cloneCaseElsewhere(program, () => build(program), referenceDelivery(counts, transferArgument, spec));
  parent.post(`oracle\n${JSONStringify({ observation, coverage: counts })}`);
}

/** @param {() => unknown} work */
async function guarded(work) {
  try {
    await work();
  } catch (error) {
    parent.post(`error\n${errorText(error)}`);
  }
}

/** Serves the sender's messages until the worker is ended, ready once this realm can build every kind. */
export async function serveRealm() {
  await prepareKinds();
  parent = parentPort();
  parent.onMessage(onMessage);
  parent.onMessageError(landedNothing);
  parent.post('ready');
}

/** @param {unknown} data */
function onMessage(data) {
  return guarded(async () => {
    if (armed?.onPort || isFence(data)) {
      onValueMessage(data);
      return;
    }
    const { tag, text: rest } = splitMessage(/** @type {string} */ (data));
    switch (tag) {
      case 'arm': arm(rest, true); break;
      // Answered before the set-up (which follows at once, in this task, before any value can come on the
      // channel: the sender waits for every 'armed'), so no answer is posted under its pollution (Armed).
      case 'listen': parent.post('armed'); arm(rest, false); break;
      case 'skip': oneLess(); break;
      case 'oracle': await oracle(rest); break;
      case 'subscribe': {
        const channel = new BroadcastChannel(rest);
        channel.onmessage = (event) => guarded(() => onValueMessage(event.data));
        channel.onmessageerror = landedNothing;
        break;
      }
      default: throw new Error(`unknown message ${tag}`);
    }
  });
}
