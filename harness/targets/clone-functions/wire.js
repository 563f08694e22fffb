// The `wire` channel: the engine's serializer as a library, the one its
// postMessage is built on: node:v8 serialize/deserialize in Node and Deno,
// bun:jsc serialize/deserialize in Bun. No transfer list (the channel drops
// the program's).

// process.getBuiltinModule, not an import: repro.mjs bundles this file for all three runtimes.
const { serialize, deserialize } = process.getBuiltinModule(typeof globalThis.Bun !== 'undefined' ? 'bun:jsc' : 'node:v8');

/** @type {import('../../case/case.js').CloneFunction} */
export default function viaWire(value) {
  return deserialize(serialize(value));
}
