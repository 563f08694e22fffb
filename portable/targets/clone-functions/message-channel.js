// A MessageChannel round trip: port1.postMessage(value, transfer) serializes
// synchronously (so a DataCloneError, and every getter the clone runs, happen
// inside the call), and the value lands on port2 in this realm. Works in Node,
// Bun, Deno and browsers. A 'messageerror' event (the receiving side could not
// deserialize) is reported as a thrown Error named MessageError, which never
// matches the reference: the spec only fires it when deserialization fails.
// A fence follows the value on the port: when it comes first, the value's
// message was lost, reported as a thrown Error named MessageLost
// (receivers/messages.js), at once instead of after the case's timeout.
// It settles with `settled(data)`, never with the data itself (settling with
// an object would read its `then`).

import { settled } from '../../case/case.js';
import { FENCE, messageError, messageLost } from '../receivers/messages.js';

export const settlesBoxed = true;

// Captured when this module loads: the receiving realm's set-up runs before
// the message arrives and may replace any of them (globalThis steps, Object
// methods); this is harness code, and must not call what a program put there.
const MessageChannelCtor = MessageChannel;
const PromiseCtor = Promise;

/** @type {import('../../case/case.js').SettlingCloneFunction} */
export default function viaMessageChannel(value, { transfer }) {
  const { port1, port2 } = new MessageChannelCtor();
  const close = () => {
    port1.close();
    port2.close();
  };
  return new PromiseCtor((resolve, reject) => {
    port2.onmessage = (event) => {
      close();
      // The value, or the fence: a program's value is never the fence's string.
      if (event.data === FENCE) reject(messageLost('the receiving port'));
      else resolve(settled(event.data));
    };
    port2.onmessageerror = () => {
      close();
      reject(messageError('the receiving port'));
    };
    try {
      // The program's list, whatever it holds: the engine's own checks are under test.
      port1.postMessage(value, /** @type {Transferable[]} */ (transfer));
      port1.postMessage(FENCE);
    } catch (error) {
      close();
      reject(error);
    }
  });
}
