// The `worker` channel: worker.postMessage(value, transfer) to a worker that
// stays alive across cases. The receiving realm's set-up runs in the worker
// first, the value is observed there, and so is the oracle (receivers/).
// A Delivery (portable/case/case.js), plus start/stop and the oracle.

import { answerText, fencePost, nextFence } from '../receivers/messages.js';
import { sendLog } from '../receivers/sends.js';
import { landedText, oracleIn, startReceivers } from '../receivers/workers.js';

/**
 * A channel to one receiving realm that stays alive across cases: a worker
 * (this channel), or a frame of the page (iframe.js).
 * @param {'worker' | 'frame'} kind
 */
export function oneReceiverChannel(kind) {
  /** @type {import('../receivers/workers.js').Receiver} */
  let receiver;
  /** The case's sends; one that threw posted the receiver a stand-in value to observe and drop. */
  const sends = sendLog();
  /** The case's fence (messages.js). */
  let fence = '';
  return {
    /**
     * Starts the receiving realm (before any case: never while a program's pollution is in place).
     * @param {string} [scriptURL] its module (realm-entry.js by default), or its document for a frame
     */
    async start(scriptURL) {
      [receiver] = await startReceivers(1, scriptURL, kind);
    },

    stop() {
      receiver.stop();
    },

    /** @param {string} receiverSteps @param {number} deliveries */
    async prepare(receiverSteps, deliveries) {
      sends.reset();
      fence = nextFence();
      // The same port carries the values next: no need to wait for the set-up.
      receiver.post(`arm\n${deliveries}\n${fence}\n${receiverSteps}`);
    },

    /** @param {unknown} value @param {unknown[] | undefined} transfer */
    send(value, transfer) {
      try {
        receiver.post(value, transfer);
      } catch (error) {
        // The receiver takes the next message on its port as a value: send it
        // one (any value could be the program's, so no control word will do);
        // it observes and answers (restoring after the case's last value), and
        // `landed` drops the answer.
        receiver.post(undefined);
        sends.record(true);
        throw error;
      }
      sends.record(false);
    },

    /** After the case's values (a send that threw posted a stand-in), the fence: those not come by then were lost (realm.js). */
    sent() {
      receiver.post(fencePost(fence, sends.done()));
    },

    async landed() {
      if (sends.nextThrew()) {
        answerText(await receiver.reply(), 'landed');
        return null;
      }
      return `[${await landedText(receiver)}]`;
    },

    /**
     * The reference's case observation, taken in the receiving realm.
     * @param {any} program
     * @param {Record<string, Record<string, number>> | undefined} coverage
     * @param {import('../programs.js').TransferArgument} transferArgument how the channel passes its transfer list (judge.js says)
     * @param {string} [spec] the spec profile the reference follows
     */
    oracle(program, coverage, transferArgument, spec) {
      return oracleIn(receiver, program, coverage, transferArgument, spec);
    },
  };
}

export const { start, stop, prepare, send, sent, landed, oracle } = oneReceiverChannel('worker');
