// The `worker` channel: worker.postMessage(value, transfer) to a worker that
// stays alive across cases. The receiving realm's set-up runs in the worker
// first, the value is observed there, and so is the oracle (receivers/).
// A Delivery (harness/case/case.js), plus start/stop and the oracle.

import { answerText } from '../receivers/messages.js';
import { landedText, oracleIn, startReceivers } from '../receivers/workers.js';

/** @type {import('../receivers/workers.js').Receiver} */
let receiver;
/** `send` threw, and posted the worker a stand-in value to observe and drop */
let undelivered = false;

/**
 * Starts the receiving worker (before any case: never while a program's pollution is in place).
 * @param {string} [scriptURL] its module; realm-worker.js by default
 */
export async function start(scriptURL) {
  undelivered = false;
  [receiver] = await startReceivers(1, scriptURL);
}

export function stop() {
  receiver.stop();
}

/** @param {string} receiverSteps */
export async function prepare(receiverSteps) {
  // The same port carries the value next: no need to wait for the set-up.
  receiver.post(`arm\n${receiverSteps}`);
}

/** @param {unknown} value @param {unknown[]} transfer */
export function send(value, transfer) {
  try {
    receiver.post(value, transfer);
  } catch (error) {
    // The worker takes the next message on its port as the value: send it
    // one (any value could be the program's, so no control word will do);
    // it observes, restores and answers, and `landed` drops the answer.
    receiver.post(undefined);
    undelivered = true;
    throw error;
  }
}

export async function landed() {
  if (undelivered) {
    undelivered = false;
    answerText(await receiver.reply(), 'landed');
    return null;
  }
  return `[${await landedText(receiver)}]`;
}

/**
 * The reference's case observation, taken in the receiving worker.
 * @param {any} program
 * @param {Record<string, Record<string, number>> | undefined} coverage
 * @param {boolean} transferList whether the channel has a transfer list (judge.js says)
 */
export function oracle(program, coverage, transferList) {
  return oracleIn(receiver, program, coverage, transferList);
}
