// The portable tree's entries for the QuickJS-ng scripts (hosts/quickjs/),
// which start the target code rather than being part of it: this one holds
// what one clone case needs (the fuzz entry, hosts/quickjs/entry.js, which
// has no timers, takes only it); agent.js beside it holds what an agent
// serves (hosts/quickjs/agent.js). What may import what: layers.json.

export { deliveredObservation, observedCase, oracleClone, seenDeviations, seenHere } from './case/case.js';
export { withoutTransfer } from './targets/programs.js';
export { unexpected } from './bugs/quickjs-expectations.js';
export { deviationSignature, rewriteSignature } from './bugs/native-signature.js';
export { partingField, partingOffset } from './bugs/quickjs-message.js';
export { default as viaQuickjsMessage } from './targets/clone-functions/quickjs-message.js';
