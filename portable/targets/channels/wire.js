// The `wire` channel: the engine's serializer as a library (node:v8 in Node
// and Deno, bun:jsc in Bun), serialize then deserialize; no transfer list.

/** @type {import('./index.js').Channel} */
export default {
  name: 'wire',
  module: 'wire.js',
  reshaping: 'withoutTransfer',
  transfer: 'none',
  landsInWorkers: false,
  repeats: false,
  has: (family) => family.serializer !== undefined,
  lacking: (family) => (family.shell ? 'QuickJS-ng\'s serializer is its `message` channel'
    : 'a browser has no structured clone serializer a script can call as a library'),
  // A runtime not found here has no family yet: node:v8, the module Node and Deno both have.
  describe: (family) => `${family?.serializer?.module ?? 'node:v8'} serialize then deserialize (no transfer list)`,
  needs: () => [],
  api: (family) => family?.serializer?.api ?? 'v8.serialize / v8.deserialize',
  snippet: (family) => ({
    imports: [`import { serialize, deserialize } from '${family?.serializer?.module ?? 'node:v8'}';`],
    call: () => 'deserialize(serialize(value))',
  }),
  repro: 'script',
  conform: 'module',
};
