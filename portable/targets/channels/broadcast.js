// The `broadcast` channel: BroadcastChannel.postMessage(value) to three
// workers, each set up and observed there; no transfer list (the channel
// drops the program's).

import { ON_THE_WEB_PLATFORM } from './web-platform.js';

/** @type {import('./index.js').Channel} */
export default {
  name: 'broadcast',
  module: 'broadcast.js',
  reshaping: 'withoutTransfer',
  transfer: 'none',
  landsInWorkers: true,
  // Its clone function sends to a receiving realm elsewhere, once per delivery (docs/program.md `deliveries`).
  repeats: true,
  ...ON_THE_WEB_PLATFORM,
  describe: () => 'BroadcastChannel to three workers, each set up and observed there (no transfer list)',
  needs: (family) => ['BroadcastChannel', /** @type {string} */ (family.worker?.needs)],
  api: () => 'BroadcastChannel.postMessage',
  snippet: () => ({ imports: [], call: () => 'sender.postMessage(value)', broadcast: true }),
  repro: 'script',
  conform: null,
};
