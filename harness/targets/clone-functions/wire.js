// The `wire` channel: the engine's serializer as a library, the one its
// postMessage is built on: node:v8 serialize/deserialize in Node and Deno,
// bun:jsc serialize/deserialize in Bun. No transfer list (the channel drops
// the program's).

const { serialize, deserialize } = typeof globalThis.Bun !== 'undefined'
  ? await import(/* @vite-ignore */ 'bun:jsc')
  : await import('node:v8');

/** @type {import('../../case.js').CloneFunction} */
export default function viaWire(value) {
  return deserialize(serialize(value));
}
