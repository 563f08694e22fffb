// The sending side of the `worker` and `broadcast` channels: receiving
// realms in workers (realm.js), started when a channel module loads and kept
// for the whole run. Node's are worker_threads; Bun's, Deno's and a
// browser's are web Workers (their own postMessage, the one a web page
// uses); the `iframe` channel's is a same-origin frame of the page.
//
// A receiving worker that dies (the runtime's own message dispatch threw
// under the receiving realm's pollution, say) fails what is awaited of it
// with ReceiverDied: the judge makes that a crash verdict for the case and
// starts new workers, and this agent (or fuzz thread) goes on. A worker that
// breaks the protocol is a clonecheck bug: this process exits.
// No top-level await and no static import of a runtime module: repro.mjs
// bundles this file (harness/findings/repro.js) and starts itself as the worker.

import { addCounts } from '../../case/counts.js';
import { answerText, messageError, messageLost, splitMessage } from './messages.js';


/**
 * @typedef {object} Receiver
 * @property {(message: unknown, transfer?: unknown[]) => void} post
 * @property {() => Promise<string>} reply  the next answer, `tag\ntext`
 * @property {() => void} stop  ends the worker
 */

const PromiseCtor = Promise;
const ReflectApply = Reflect.apply;

/** What a dead receiving worker's pending and later answers reject with. */
export class ReceiverDied extends Error {}

/** @param {string} why */
function protocolBroken(why) {
  // A page has no process to end: the error ends its agent (portable/hosts/page/agent.js).
  if (typeof globalThis.process === 'undefined') throw new Error(`a receiving worker broke the protocol: ${why}`);
  process.stderr.write(`clonecheck: a receiving worker broke the protocol: ${why}\n`);
  process.exit(70);
}

/**
 * A same-origin frame of this page as a receiving realm, with a worker's
 * postMessage and terminate: values go to its window with the page's origin
 * as the target, answers come on this window from that frame only. A frame
 * shares the page's agent (its thread): it dies only with the page.
 * @param {string} documentURL the frame's document (realm-frame.html, or a repro.html)
 * @param {(data: unknown) => void} onAnswer
 */
function startFrame(documentURL, onAnswer) {
  const scope = /** @type {any} */ (globalThis);
  const frame = scope.document.createElement('iframe');
  frame.src = documentURL;
  const origin = scope.location.origin;
  const onWindowMessage = (/** @type {MessageEvent} */ event) => {
    if (event.source === frame.contentWindow) onAnswer(event.data);
  };
  scope.addEventListener('message', onWindowMessage);
  scope.document.documentElement.append(frame);
  // This page's postMessage, called on the frame's window: the errors that
  // serialization makes (a DataCloneError, a TypeError) are this realm's, as
  // the oracle's are its own. (The frame's own postMessage would make them in
  // the frame's realm: the current realm is the callee's.)
  // ([Global] puts Window's operations on the window itself.)
  const post = scope.postMessage;
  return {
    postMessage: (/** @type {unknown} */ message, /** @type {unknown[]} */ transfer) => ReflectApply(post, frame.contentWindow,
      transfer === undefined ? [message, origin] : [message, origin, transfer]),
    terminate: () => {
      scope.removeEventListener('message', onWindowMessage);
      frame.remove();
    },
  };
}

/**
 * @param {string} scriptURL the worker's module (realm-entry.js, or a repro.mjs), or a frame's document
 * @param {'worker' | 'frame'} kind
 * @returns {Promise<Receiver>} once the worker (or frame) has loaded
 */
async function startReceiver(scriptURL, kind) {
  // Answers are awaited while a program's pollution is in place: queues
  // without a prototype (no inherited setter or method can run) and a
  // promise constructor captured now. An answer may come before anyone
  // waits for it (the broadcast channel posts to every receiver first).
  /** @type {Record<number, string> & {__proto__?: null}} */
  const answers = { __proto__: null };
  /** @type {Record<number, {resolve: (text: string) => void, reject: (error: Error) => void}> & {__proto__?: null}} */
  const waiting = { __proto__: null };
  /** @type {ReceiverDied | undefined} */
  let died;
  let answered = 0;
  let taken = 0;
  let awaited = 0;
  // Node's worker keeps this process alive only while an answer is awaited,
  // so a finished run exits without stopping its receivers.
  let hold = (/** @type {boolean} */ _awaiting) => {};
  /** @param {unknown} data */
  const onAnswer = (data) => {
    if (typeof data !== 'string') protocolBroken(`unexpected message ${String(data)}`);
    const index = answered++;
    if (index < awaited) {
      const { resolve } = waiting[index];
      delete waiting[index];
      if (answered === awaited) hold(false);
      resolve(/** @type {string} */ (data));
    } else {
      answers[index] = /** @type {string} */ (data);
    }
  };
  /** @returns {Promise<string>} */
  const reply = () => new PromiseCtor((resolve, reject) => {
    if (died !== undefined) {
      reject(died);
      return;
    }
    const index = taken++;
    if (index < answered) {
      const answer = answers[index];
      delete answers[index];
      resolve(answer);
      return;
    }
    if (awaited === answered) hold(true);
    awaited = index + 1;
    waiting[index] = { resolve, reject };
  });
  /** @param {string} why */
  const onDeath = (why) => {
    if (stopping || died !== undefined) return;
    died = new ReceiverDied(`a receiving worker died: ${why}`);
    hold(false);
    for (const index in waiting) waiting[index].reject(died);
    stop();
  };
  /** @type {any} */
  let worker;
  let stopping = false;
  const stop = () => {
    stopping = true;
    worker.terminate();
  };
  if (kind === 'frame') {
    worker = startFrame(scriptURL, onAnswer);
  } else if (typeof globalThis.process === 'undefined' || typeof globalThis.Bun !== 'undefined' || typeof globalThis.Deno !== 'undefined') {
    worker = new Worker(scriptURL, { type: 'module' });
    worker.onmessage = (/** @type {MessageEvent} */ event) => onAnswer(event.data);
    worker.onerror = (/** @type {ErrorEvent} */ event) => {
      // Handled here: unhandled, it would end this process (Deno does).
      event.preventDefault();
      onDeath(event.message);
    };
  } else {
    const { Worker: ThreadWorker } = process.getBuiltinModule('node:worker_threads');
    worker = new ThreadWorker(new URL(scriptURL));
    worker.on('message', onAnswer);
    worker.on('error', (/** @type {unknown} */ error) => onDeath(error instanceof Error ? String(error.stack) : String(error)));
    worker.on('exit', (/** @type {number} */ code) => onDeath(`exit code ${code}`));
    hold = (/** @type {boolean} */ awaiting) => { if (awaiting) worker.ref(); else worker.unref(); };
  }
  // Without a transfer argument unless the program has one: a sender's
  // polluted Array.prototype[@@iterator] must only meet the program's list.
  /** @type {Receiver['post']} */
  const post = (message, transfer) => (transfer === undefined ? worker.postMessage(message) : worker.postMessage(message, transfer));
  const ready = await reply();
  if (ready !== 'ready') protocolBroken(`said ${ready} instead of ready`);
  return { post, reply, stop };
}

/**
 * @param {number} count
 * @param {string} [scriptURL] the workers' module (default realm-entry.js), or the frames' document
 *   (default the browser's realm-frame.html)
 * @param {'worker' | 'frame'} [kind]
 * @returns {Promise<Receiver[]>}
 */
export async function startReceivers(count, scriptURL, kind = 'worker') {
  // Resolved only when needed: a repro.mjs bundles this file and gives its own URL.
  scriptURL ??= new URL(kind === 'frame' ? '../../hosts/page/realm-frame.html' : './realm-entry.js', import.meta.url).href;
  const receivers = [];
  for (let i = 0; i < count; i++) receivers.push(await startReceiver(scriptURL, kind));
  return receivers;
}

/**
 * The reference's case observation of `program`, taken in a receiving realm.
 * @param {Receiver} receiver
 * @param {any} program
 * @param {Record<string, Record<string, number>> | undefined} coverage counted there and added here
 * @param {import('../programs.js').TransferArgument} transferArgument how the channel passes its
 *   transfer list (portable/case/case.js oracleCloneFunction)
 * @param {string} [spec] the spec profile the reference follows (src/html/profiles.js)
 */
export async function oracleIn(receiver, program, coverage, transferArgument, spec) {
  receiver.post(`oracle\n${JSON.stringify({ program, coverage: coverage !== undefined, transferArgument, spec })}`);
  const answer = JSON.parse(answerText(await receiver.reply(), 'oracle'));
  if (coverage !== undefined) addCounts(coverage, answer.coverage);
  return answer.observation;
}

/**
 * What one receiver saw of a delivered value: the JSON text of its landed
 * observation; a receiver that could not deserialize it makes the delivery
 * throw a MessageError, one that got the fence first (realm.js) a MessageLost.
 * @param {Receiver} receiver
 */
export async function landedText(receiver) {
  const answer = await receiver.reply();
  const { tag } = splitMessage(answer);
  if (tag === 'messageerror') throw messageError('the receiving worker');
  if (tag === 'lost') throw messageLost('the receiving worker');
  return answerText(answer, 'landed');
}
