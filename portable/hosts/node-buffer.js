// Node's Buffer from node:buffer, for a host that has the module but not the
// global (Deno): the Buffer decoder targets (portable/decode/decoders.js) load it here,
// the one folder of portable/ that may import node: modules.

export { Buffer } from 'node:buffer';
