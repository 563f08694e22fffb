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
//   'oracle\nPROGRAM'  the reference's case observation of PROGRAM in this
//                      realm (sender and receiver steps both here)
// Answers: 'landed\nJSON' (observeLanded of the value), 'oracle\nJSON',
// 'armed', 'error\nTEXT' (a harness error).

import { build, observeLanded, setupRealm } from '../../../src/index.js';
import { cloneCaseAsync, oracleCloneFunction } from '../../case.js';
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

/** @returns {{post: (text: string) => void, onMessage: (handler: (data: unknown) => void) => void}} the sender */
function parentPort() {
  if (inNodeThread()) {
    const port = process.getBuiltinModule('node:worker_threads').parentPort;
    return { post: (text) => port.postMessage(text), onMessage: (handler) => port.on('message', handler) };
  }
  const scope = /** @type {any} */ (globalThis);
  const post = scope.postMessage.bind(scope);
  return { post, onMessage: (handler) => { scope.onmessage = (/** @type {MessageEvent} */ event) => handler(event.data); } };
}

/** @type {ReturnType<typeof parentPort>} */
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

/** @param {string} text */
async function oracle(text) {
  const { program, coverage } = JSONParse(text);
  const counts = coverage ? {} : undefined;
  const observation = await cloneCaseAsync(program, () => build(program), oracleCloneFunction(counts));
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
      case 'disarm': armed?.restore(); armed = null; break;
      case 'oracle': await oracle(rest); break;
      case 'subscribe': new BroadcastChannel(rest).onmessage = (event) => guarded(() => land(event.data)); break;
      default: throw new Error(`unknown message ${tag}`);
    }
  });
}
