// A MessageChannel round trip: port1.postMessage(value, transfer) serializes
// synchronously (so a DataCloneError, and every getter the clone runs, happen
// inside the call), and the value lands on port2 in this realm. Works in Node,
// Bun, Deno and browsers. A 'messageerror' event (the receiving side could not
// deserialize) is reported as a thrown Error named MessageError, which never
// matches the reference: the spec only fires it when deserialization fails.
// It settles with `settled(data)`, never with the data itself (settling with
// an object would read its `then`).

import { settled } from '../../case.js';

export const settlesBoxed = true;

/** @type {import('../../case.js').SettlingCloneFunction} */
export default function viaMessageChannel(value, { transfer }) {
  const { port1, port2 } = new MessageChannel();
  const close = () => {
    port1.close();
    port2.close();
  };
  return new Promise((resolve, reject) => {
    port2.onmessage = (event) => {
      close();
      resolve(settled(event.data));
    };
    port2.onmessageerror = () => {
      close();
      // Defined, not assigned: the receiving realm may have a setter on
      // Error.prototype.name, and this is harness code, not the target's.
      const error = new Error('the receiving port fired messageerror');
      Object.defineProperty(error, 'name', { value: 'MessageError', writable: true, configurable: true });
      reject(error);
    };
    try {
      port1.postMessage(value, transfer);
    } catch (error) {
      close();
      reject(error);
    }
  });
}
