// A MessageChannel round trip: port1.postMessage(value, transfer) serializes
// synchronously (so a DataCloneError, and every getter the clone runs, happen
// inside the call), and the value lands on port2 in this realm. Works in Node,
// Bun, Deno and browsers. A 'messageerror' event (the receiving side could not
// deserialize) is reported as a thrown Error named MessageError, which never
// matches the reference: the spec only fires it when deserialization fails.
// When nothing has come 200 ms after the value, a fence follows it on the
// port: if the fence comes first, the value's message was lost, reported as
// a thrown Error named MessageLost (receivers/messages.js), instead of a
// timeout after 5 s. Not at once: the program's pollution is in place until
// the value lands, and a runtime whose postMessage is script (Deno's) would
// run it for the fence too, calling the program's accessors (effects no
// clone made); a value that comes is almost always there within a
// millisecond.
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
const setTimer = setTimeout;
const clearTimer = clearTimeout;

/** How long a value may take before the fence goes after it. */
const FENCE_AFTER_MS = 200;

/** @type {import('../../case/case.js').SettlingCloneFunction} */
export default function viaMessageChannel(value, { transfer }) {
  const { port1, port2 } = new MessageChannelCtor();
  const fence = nextFence();
  return new PromiseCtor((resolve, reject) => {
    let done = false;
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    let timer;
    /** Settles with the first message's verdict, then closes the ports: Deno's and Bun's close() dispatch the
     * messages still queued at once, inside the call (a fence after a value that came late). @param {() => void} settle */
    const first = (settle) => {
      if (done) return;
      done = true;
      if (timer !== undefined) clearTimer(timer);
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
    timer = setTimer(() => {
      try {
        port1.postMessage(fence);
      } catch {
        // Left out (the pollution broke this runtime's postMessage): a lost value then waits out the case's timeout.
      }
    }, FENCE_AFTER_MS);
  });
}
