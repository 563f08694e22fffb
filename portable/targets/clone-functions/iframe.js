// The `iframe` channel (browsers only): postMessage(value, origin, transfer)
// to a same-origin frame of the page that stays alive across cases: a second
// realm in the same agent, with intrinsics of its own. The receiving realm's
// set-up runs in the frame, the value is deserialized and observed there, and
// so is the oracle (receivers/realm.js). A Delivery (portable/case/case.js).

import { oneReceiverChannel } from './worker.js';

export const { start, stop, prepare, send, sent, landed, oracle } = oneReceiverChannel('frame');
