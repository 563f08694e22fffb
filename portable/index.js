// The portable tree's entry: what code that runs inside a target but lives
// outside this tree (the QuickJS-ng agent and fuzz entry, fuzzers/native/)
// takes from the harness. portable/ holds the harness code that runs inside
// threads, agents, pages, QuickJS-ng and repro bundles; it imports no `node:`
// module outside portable/hosts/ (test/boundary.test.js), and nothing from
// harness/, which runs only in the Node main process.

export { messageLine } from './hosts/lines.js';
export { fileHeartbeatWriter } from './hosts/heartbeat.js';
export * as fuzzTasks from './fuzz/tasks.js';
export * as conformTasks from './conform/tasks.js';
export * as quickjsMessage from './targets/clone-functions/quickjs-message.js';
export * as referenceTiers from './targets/clone-functions/reference-tiers.js';
export { deliveredObservation, observedCase, oracleClone, seenDeviations, seenHere } from './case/case.js';
export { withoutTransfer } from './targets/programs.js';
export { causalRankOf, describeDifference, rootDifference } from './bugs/bug-shape.js';
