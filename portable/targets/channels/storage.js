// The `storage` channel: IndexedDB put, then get in a new transaction
// (StructuredSerializeForStorage); no transfer list. Only a browser has
// IndexedDB.

/** @type {import('./index.js').Channel} */
export default {
  name: 'storage',
  module: 'storage.js',
  reshaping: 'withStorage',
  transfer: 'none',
  landsInWorkers: false,
  repeats: false,
  has: (family) => family.browser === true,
  lacking: () => 'only a browser has IndexedDB',
  describe: () => 'IndexedDB put, then get in a new transaction (StructuredSerializeForStorage; no transfer list)',
  needs: () => [],
  api: () => 'IndexedDB put / get',
  snippet: () => 'the value goes through IndexedDB, which only a page has: repro.html runs repro.mjs there',
  repro: 'script',
  conform: null,
};
