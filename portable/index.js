// The portable tree's entries for code that runs inside a target but lives
// outside this tree (fuzzers/native/): this one holds what one clone case
// needs (the QuickJS-ng fuzz entry, which has no timers, takes only it);
// agent.js beside it holds what an agent serves (the QuickJS-ng agent).
// portable/ holds the harness code that runs inside threads, agents, pages,
// QuickJS-ng and repro bundles; it imports no `node:` module outside
// portable/hosts/, and nothing from harness/, which runs only in the Node
// main process (layers.json, checked by test/layers.unit.test.js).

export { deliveredObservation, observedCase, oracleClone, seenDeviations, seenHere } from './case/case.js';
export { withoutTransfer } from './targets/programs.js';
export { causalRankOf, describeDifference, rootDifference } from './bugs/bug-shape.js';
export { default as viaQuickjsMessage } from './targets/clone-functions/quickjs-message.js';
