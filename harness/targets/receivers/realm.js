// A receiving realm: the script of a worker that the `worker` and `broadcast`
// channels (harness/targets/receivers/workers.js) send values to. It runs in
// a Node worker thread or a web Worker (Bun, Deno) and stays alive across
// cases. Messages are strings, `tag\ntext`, so that no harness object is
// serialized while a program's pollution is in place:
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
import { installNodeHostHooks } from '../../node-host.js';
import { splitMessage } from './messages.js';

installNodeHostHooks();

const JSONParse = JSON.parse;
const JSONStringify = JSON.stringify;

/** @type {{post: (text: string) => void, onMessage: (handler: (data: unknown) => void) => void}} */
const parent = await (async () => {
  const threads = await import('node:worker_threads');
  if (threads.parentPort !== null && typeof globalThis.Bun === 'undefined' && typeof globalThis.Deno === 'undefined') {
    const port = threads.parentPort;
    return { post: (text) => port.postMessage(text), onMessage: (handler) => port.on('message', handler) };
  }
  const scope = /** @type {any} */ (globalThis);
  const post = scope.postMessage.bind(scope);
  return { post, onMessage: (handler) => { scope.onmessage = (/** @type {MessageEvent} */ event) => handler(event.data); } };
})();

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

parent.onMessage((data) => guarded(async () => {
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
}));
parent.post('ready');
