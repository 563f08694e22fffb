// The program model (docs/program.md): schema and validation, build, emit
// (the repro), realm set-up, the byte decoder the fuzzers share, and the one
// walk over a node's Values and its references to other nodes.

export { PROGRAM_SCHEMA, validate } from './schema.js';
export { build, counted, drawn, setupRealm } from './build.js';
export { emit, emitPlain } from './emit.js';
export { fromBytes } from './bytes.js';
export { mapNode, mapProp, mapRefs, mapValue } from './refs.js';
export { isTransferOption, transferIds } from './values.js';
