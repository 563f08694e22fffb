// A MessageChannel round trip: port1.postMessage(value, transfer) serializes
// synchronously (so a DataCloneError, and every getter the clone runs, happen
// inside the call), and the value lands on port2 in this realm. Works in Node,
// Bun, Deno and browsers. A 'messageerror' event (the receiving side could not
// deserialize) is reported as a thrown Error named MessageError, which never
// matches the reference: the spec only fires it when deserialization fails.
// A fence follows the value on the port (receivers/messages.js): when it
// comes first, the value's message was lost, reported as a thrown Error
// named MessageLost, instead of a timeout after 5 s. The program's
// pollution is in place until the value lands, so only where postMessage
// is native code, which runs no script for a string (Node, Bun, browsers);
// Deno's is script, which would read the program's accessors (effects no
// clone made) and may post something else: there, no fence, and a lost
// value waits out the case's timeout. (Nor a timer that posts it later:
// Node's setTimeout is script too, and breaks under a read-only
// Object.prototype.id.)
// It settles with `settled(data)`, never with the data itself (settling with
// an object would read its `then`).

import { settled } from '../../case/case.js';
import { messageError, messageLost, nextFence } from '../receivers/messages.js';

export const settlesBoxed = true;

// Captured when this module loads: the receiving realm's set-up runs before
// the message arrives and may replace any of them (globalThis steps, Object
// methods); this is harness code, and must not call what a program put there.
const MessageChannelCtor = MessageChannel;
const PromiseCtor = Promise;

/** Whether this runtime's MessagePort posts a message with native code (above). */
const POSTS_NATIVELY = /\{\s*\[native code\]\s*\}\s*$/.test(Function.prototype.toString.call(MessagePort.prototype.postMessage));

/** @type {import('../../case/case.js').SettlingCloneFunction} */
export default function viaMessageChannel(value, { transfer }) {
  const { port1, port2 } = new MessageChannelCtor();
  const fence = nextFence();
  return new PromiseCtor((resolve, reject) => {
    let done = false;
    /** Settles with the first message's verdict, then closes the ports: Bun's close() dispatches the messages still
     * queued at once, inside the call (the fence after the value). @param {() => void} settle */
    const first = (settle) => {
      if (done) return;
      done = true;
      settle();
      port1.close();
      port2.close();
    };
    port2.onmessage = (event) => {
      const data = event.data;
      // The value, or the fence: a program's value is never the fence's string.
      first(() => (data === fence ? reject(messageLost('the receiving port')) : resolve(settled(data))));
    };
    port2.onmessageerror = () => first(() => reject(messageError('the receiving port')));
    try {
      // The program's list, whatever it holds: the engine's own checks are under test.
      port1.postMessage(value, /** @type {Transferable[]} */ (transfer));
    } catch (error) {
      first(() => reject(error));
      return;
    }
    if (POSTS_NATIVELY) port1.postMessage(fence);
  });
}
