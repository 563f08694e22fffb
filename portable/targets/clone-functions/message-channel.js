// A MessageChannel round trip: port1.postMessage(value, transfer) serializes
// synchronously (so a DataCloneError, and every getter the clone runs, happen
// inside the call), and the value lands on port2 in this realm. Works in Node,
// Bun, Deno and browsers. A 'messageerror' event (the receiving side could not
// deserialize) is reported as a thrown Error named MessageError, which never
// matches the reference: the spec only fires it when deserialization fails.
// It settles with `settled(data)`, never with the data itself (settling with
// an object would read its `then`).

import { settled } from '../../case/case.js';
import { messageError } from '../receivers/messages.js';

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
      resolve(settled(event.data));
    };
    port2.onmessageerror = () => {
      close();
      reject(messageError('the receiving port'));
    };
    try {
      // The program's list, whatever it holds: the engine's own checks are under test.
      port1.postMessage(value, /** @type {Transferable[]} */ (transfer));
    } catch (error) {
      close();
      reject(error);
    }
  });
}
