// The `worker` channel: worker.postMessage(value, transfer) to a worker that
// stays alive across cases. The receiving realm's set-up runs in the worker
// first, the value is observed there, and so is the oracle (receivers/).

import { answerText } from '../receivers/messages.js';
import { landedText, oracleIn, startReceivers } from '../receivers/workers.js';

/** @type {import('../receivers/workers.js').Receiver} */
let receiver;

/**
 * Starts the receiving worker (before any case: never while a program's pollution is in place).
 * @param {string} [scriptURL] its module; realm-worker.js by default
 */
export async function start(scriptURL) {
  [receiver] = await startReceivers(1, scriptURL);
}

export function stop() {
  receiver.stop();
}

/**
 * Sends the value; resolves with the JSON text of the landed observations
 * (one receiver). Called while the sender's pollution is in place: only
 * strings cross, and the promise settles with a string.
 * @type {import('../../case.js').Deliver}
 */
export async function deliver(value, transfer, receiverSteps) {
  receiver.post(`arm\n${receiverSteps}`);
  try {
    receiver.post(value, transfer);
  } catch (error) {
    // The worker takes the next message on its port as the value: send it
    // one (any value could be the program's, so no control word will do),
    // let it observe, restore and answer, and drop the answer.
    receiver.post(undefined);
    answerText(await receiver.reply(), 'landed');
    throw error;
  }
  return `[${await landedText(receiver)}]`;
}

/**
 * @param {any} program
 * @param {Record<string, Record<string, number>>} [coverage]
 */
export function oracle(program, coverage) {
  return oracleIn(receiver, program, coverage);
}
