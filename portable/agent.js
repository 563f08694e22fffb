// The portable tree's entry for the QuickJS-ng agent (hosts/quickjs/agent.js,
// which starts the target code rather than being part of it): the agent protocol's lines and
// heartbeat, and the modules a pool's task may name (the fuzz and conform
// tasks, the channel modules QuickJS-ng's targets use). Apart from index.js
// because these set timers as they load, which the fuzz entry has not.

export { messageLine } from './hosts/lines.js';
export { fileHeartbeatWriter } from './hosts/heartbeat.js';
export * as fuzzTasks from './fuzz/tasks.js';
export * as conformTasks from './conform/tasks.js';
export * as quickjsMessage from './targets/clone-functions/quickjs-message.js';
export * as referenceTiers from './targets/clone-functions/reference-tiers.js';
