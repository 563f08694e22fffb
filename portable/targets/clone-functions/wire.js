// The `wire` channel: the engine's serializer as a library, the one its
// postMessage is built on: node:v8 serialize/deserialize in Node and Deno,
// bun:jsc serialize/deserialize in Bun. No transfer list (the channel drops
// the program's).

const MODULE = typeof globalThis.Bun !== 'undefined' ? 'bun:jsc' : 'node:v8';

/** @type {((value: unknown) => Uint8Array) | undefined} */
let serialize;
/** @type {((bytes: Uint8Array) => unknown) | undefined} */
let deserialize;
/** @param {any} module */
const take = (module) => {
  ({ serialize, deserialize } = module);
};

// Not a static import: repro.mjs bundles this file for all three runtimes.
// process.getBuiltinModule where the runtime has it; where it has not (Node
// before 20.16, Bun 1.2.0, Deno 2.0.0, and Deno 1.46, which has no global
// `process` at all), a dynamic import, which settles `ready` (not a
// top-level await: repro.mjs bundles this file into an IIFE).
const getBuiltinModule = globalThis.process?.getBuiltinModule;
if (typeof getBuiltinModule === 'function') take(getBuiltinModule(MODULE));

/** Settles once the serializer is at hand: load.js and repro-main.js wait for it before the first case. */
export const ready = serialize === undefined ? import(MODULE).then(take) : undefined;

/** @type {import('../../case/case.js').CloneFunction} */
export default function viaWire(value) {
  if (serialize === undefined || deserialize === undefined) throw new Error(`wire: ${MODULE} is not loaded yet: await \`ready\` before the first case`);
  return deserialize(serialize(value));
}
