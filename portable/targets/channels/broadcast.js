// The `broadcast` channel: BroadcastChannel.postMessage(value) to three
// workers, each set up and observed there; no transfer list (the channel
// drops the program's).

/** @type {import('./index.js').Channel} */
export default {
  name: 'broadcast',
  module: 'broadcast.js',
  reshaping: 'withoutTransfer',
  transfer: 'none',
  landsInWorkers: true,
  has: (family) => family.noWebPlatform === undefined,
  lacking: (family) => /** @type {string} */ (family.noWebPlatform),
  describe: () => 'BroadcastChannel to three workers, each set up and observed there (no transfer list)',
  needs: (family) => ['BroadcastChannel', /** @type {string} */ (family.worker?.needs)],
  api: () => 'BroadcastChannel.postMessage',
  snippet: () => 'the value lands in three workers; repro.mjs starts itself as the receiving realms',
  repro: 'script',
  conform: null,
};
