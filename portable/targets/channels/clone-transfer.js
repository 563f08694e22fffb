// The `clone-transfer` channel: structuredClone with a non-empty transfer
// list (an extra buffer when the program has none), which skips the fast
// paths some engines take only without one (Bun's, for one).

/** @type {import('./index.js').Channel} */
export default {
  name: 'clone-transfer',
  module: 'host-structured-clone.js',
  reshaping: 'withTransferList',
  transfer: 'sequence',
  landsInWorkers: false,
  has: (family) => family.noWebPlatform === undefined,
  lacking: (family) => /** @type {string} */ (family.noWebPlatform),
  describe: () => 'structuredClone with a non-empty transfer list (an extra buffer when the program has none)',
  needs: () => ['structuredClone'],
  api: () => 'structuredClone',
  snippet: () => ({ imports: [], call: ({ option }) => `structuredClone(value${option ? `, { ${option} }` : ''})` }),
  repro: 'script',
  // conform's `clone` already calls structuredClone with the list a test gives it.
  conform: null,
};
