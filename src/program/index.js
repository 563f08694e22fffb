// The program model (docs/program.md): schema and validation, build, emit
// (the repro), realm set-up, and the byte decoder the fuzzers share.

export { PROGRAM_SCHEMA, validate } from './schema.js';
export { build, setupRealm } from './build.js';
export { emit } from './emit.js';
export { fromBytes } from './bytes.js';
