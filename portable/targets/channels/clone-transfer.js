// The `clone-transfer` channel: structuredClone with a non-empty transfer
// list (an extra buffer when the program has none), which skips the fast
// paths some engines take only without one (Bun's, for one).

import clone from './clone.js';
import { ON_THE_WEB_PLATFORM } from './web-platform.js';

/** @type {import('./index.js').Channel} */
export default {
  name: 'clone-transfer',
  module: 'host-structured-clone.js',
  reshaping: 'withTransferList',
  transfer: 'sequence',
  landsInWorkers: false,
  repeats: false,
  ...ON_THE_WEB_PLATFORM,
  describe: () => 'structuredClone with a non-empty transfer list (an extra buffer when the program has none)',
  needs: () => ['structuredClone'],
  api: () => 'structuredClone',
  // The same call: the snippet's transfer list is the program's.
  snippet: clone.snippet,
  repro: 'script',
  // conform's `clone` already calls structuredClone with the list a test gives it.
  conform: null,
};
