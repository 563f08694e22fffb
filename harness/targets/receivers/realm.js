// A receiving realm: what a worker that the `worker` and `broadcast` channels
// (harness/targets/receivers/workers.js) send values to does. It runs in a
// Node worker thread or a web Worker (Bun, Deno) and stays alive across
// cases; realm-worker.js is its entry, and a repro.mjs of a worker channel
// starts itself as one. Messages are strings, `tag\ntext`, so that no
// harness object is serialized while a program's pollution is in place:
//   'arm\nSTEPS'       apply the receiver's realm steps; the next message on
//                      this port is the value (the `worker` channel)
//   'listen\nSTEPS'    the same, but the value comes on the BroadcastChannel;
//                      answers 'armed' once the steps are in place
//   'disarm'           the value never came (the broadcast sender threw): restore
//   'subscribe\nNAME'  receive values on the BroadcastChannel NAME from now on
//   'oracle\nJSON'     the reference's case observation of a program, taken
//                      here: serialized under its sender steps, deserialized
//                      under its receiver steps (reference-delivery.js)
// Answers: 'landed\nJSON' (observeLanded of the value), 'messageerror' (the
// value could not be deserialized here), 'oracle\nJSON', 'armed',
// 'error\nTEXT' (a harness error).

import { build, observeLanded, setupRealm } from '../../../src/index.js';
import { cloneCaseElsewhere } from '../../case/case.js';
import { referenceDelivery } from './reference-delivery.js';
import { splitMessage } from './messages.js';

const JSONParse = JSON.parse;
const JSONStringify = JSON.stringify;

/** @returns {boolean} whether Node runs this, in a worker thread */
function inNodeThread() {
  return typeof globalThis.Bun === 'undefined' && typeof globalThis.Deno === 'undefined'
    && process.getBuiltinModule('node:worker_threads').parentPort !== null;
}

/** @returns {boolean} whether this runs in a worker (of any runtime), not in a main thread */
export function inReceivingWorker() {
  // Node and Bun say so in worker_threads; Deno 2.9.6 says isMainThread
  // there even in a web Worker, which has a WorkerGlobalScope (Bun 1.4.5's has none).
  if (!process.getBuiltinModule('node:worker_threads').isMainThread) return true;
  // @ts-ignore WorkerGlobalScope exists in web Workers only
  return typeof WorkerGlobalScope !== 'undefined' && globalThis instanceof WorkerGlobalScope;
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
    return {
      post: (text) => port.postMessage(text),
      onMessage: (handler) => port.on('message', handler),
      onMessageError: (handler) => port.on('messageerror', handler),
    };
  }
  const scope = /** @type {any} */ (globalThis);
  return {
    post: scope.postMessage.bind(scope),
    onMessage: (handler) => { scope.onmessage = (/** @type {MessageEvent} */ event) => handler(event.data); },
    onMessageError: (handler) => { scope.onmessageerror = handler; },
  };
}

/** @type {ParentPort} */
let parent;

/** @type {{restore: () => void, effects: object[]} | null} the set-up waiting for a value */
let armed = null;
let valueOnPort = false;

/** @param {unknown} steps */
function arm(steps) {
  const effects = [];
  armed = { effects, restore: setupRealm(steps, effects, globalThis) };
}

/** @param {unknown} value the clone, in this realm */
function land(value) {
  const { effects, restore } = /** @type {NonNullable<typeof armed>} */ (armed);
  armed = null;
  let landed;
  try {
    landed = observeLanded(value, effects, 0);
  } finally {
    restore();
  }
  parent.post(`landed\n${JSONStringify(landed)}`);
}

/** Undoes the set-up of a value that will not come. */
function disarm() {
  valueOnPort = false;
  armed?.restore();
  armed = null;
}

/** The value could not be deserialized here: the sender reports a MessageError. */
function landedNothing() {
  disarm();
  parent.post('messageerror');
}

/** @param {string} text */
async function oracle(text) {
  const { program, coverage, transferList } = JSONParse(text);
  const counts = coverage ? {} : undefined;
  const [observation] = await cloneCaseElsewhere(program, () => build(program), referenceDelivery(counts, transferList));
  parent.post(`oracle\n${JSONStringify({ observation, coverage: counts })}`);
}

/** @param {() => unknown} work */
async function guarded(work) {
  try {
    await work();
  } catch (error) {
    parent.post(`error\n${error instanceof Error ? error.stack : String(error)}`);
  }
}

/** Serves the sender's messages until the worker is ended. */
export function serveRealm() {
  parent = parentPort();
  parent.onMessage(onMessage);
  parent.onMessageError(landedNothing);
  parent.post('ready');
}

/** @param {unknown} data */
function onMessage(data) {
  return guarded(async () => {
    if (valueOnPort) {
      valueOnPort = false;
      land(data);
      return;
    }
    const { tag, text: rest } = splitMessage(/** @type {string} */ (data));
    switch (tag) {
      case 'arm': arm(JSONParse(rest)); valueOnPort = true; break;
      case 'listen': arm(JSONParse(rest)); parent.post('armed'); break;
      case 'disarm': disarm(); break;
      case 'oracle': await oracle(rest); break;
      case 'subscribe': {
        const channel = new BroadcastChannel(rest);
        channel.onmessage = (event) => guarded(() => land(event.data));
        channel.onmessageerror = landedNothing;
        break;
      }
      default: throw new Error(`unknown message ${tag}`);
    }
  });
}
