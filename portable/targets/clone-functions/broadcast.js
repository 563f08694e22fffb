// The `broadcast` channel: a BroadcastChannel message to three workers that
// stay alive across cases; each applies the receiving realm's set-up, then
// observes what it received. The oracle is taken in the first of them.
// BroadcastChannel has no transfer list (the channel drops the program's).
// A Delivery (portable/case/case.js), plus start/stop and the oracle.

import { answerText, fencePost, nextFence } from '../receivers/messages.js';
import { sendLog } from '../receivers/sends.js';
import { landedText, oracleIn, startReceivers } from '../receivers/workers.js';

const RECEIVERS = 3;
/** @type {import('../receivers/workers.js').Receiver[]} */
let receivers;
/** @type {BroadcastChannel} */
let sender;
/** The case's sends; one that threw told the receivers that one value less is coming. */
const sends = sendLog();
/** The case's fence (messages.js). */
let fence = '';

/**
 * Starts the receiving workers and the channel (before any case: never while a program's pollution is in place).
 * @param {string} [scriptURL] their module; realm-entry.js by default
 */
export async function start(scriptURL) {
  receivers = await startReceivers(RECEIVERS, scriptURL);
  const name = `clonecheck-${Math.random().toString(36).slice(2)}`;
  for (const receiver of receivers) receiver.post(`subscribe\n${name}`);
  sender = new BroadcastChannel(name);
}

export function stop() {
  sender.close();
  for (const receiver of receivers) receiver.stop();
}

/** @param {string} receiverSteps @param {number} deliveries */
export async function prepare(receiverSteps, deliveries) {
  sends.reset();
  fence = nextFence();
  // The set-up goes on each worker's own port and the values on the channel:
  // two queues, so the values are sent only once every set-up is in place.
  for (const receiver of receivers) receiver.post(`listen\n${deliveries}\n${fence}\n${receiverSteps}`);
  for (const receiver of receivers) answerText(await receiver.reply(), 'armed');
}

/** @param {unknown} value */
export function send(value) {
  try {
    sender.postMessage(value);
  } catch (error) {
    // On each worker's port, before the next case's set-up: a worker may restore only once it has counted every value.
    for (let i = 0; i < RECEIVERS; i++) receivers[i].post('skip');
    sends.record(true);
    throw error;
  }
  sends.record(false);
}

/** After the case's values, the fence: those posted that have not come when it comes were lost (realm.js). */
export function sent() {
  sender.postMessage(fencePost(fence, sends.done() - sends.failed()));
}

export async function landed() {
  if (sends.nextThrew()) return null;
  // Every receiver answers before the first MessageError is thrown: the next case starts clean.
  let texts = '';
  let failure;
  for (let i = 0; i < RECEIVERS; i++) {
    try {
      texts += `${i === 0 ? '' : ','}${await landedText(receivers[i])}`;
    } catch (error) {
      failure ??= error;
    }
  }
  if (failure !== undefined) throw failure;
  return `[${texts}]`;
}

/**
 * The reference's case observation, taken in the first receiving worker.
 * @param {any} program
 * @param {Record<string, Record<string, number>> | undefined} coverage
 * @param {import('../programs.js').TransferArgument} transferArgument how the channel passes its transfer list (judge.js says)
 * @param {string} [spec] the spec profile the reference follows
 */
export function oracle(program, coverage, transferArgument, spec) {
  return oracleIn(receivers[0], program, coverage, transferArgument, spec);
}
