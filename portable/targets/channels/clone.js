// The `clone` channel: the global structuredClone(value, {transfer}), in
// every runtime with the web platform's structured clone.

import { ON_THE_WEB_PLATFORM } from './web-platform.js';

/** @type {import('./index.js').Channel} */
export default {
  name: 'clone',
  module: 'host-structured-clone.js',
  reshaping: 'withoutStorage',
  // structuredClone's options.transfer is a sequence<object>.
  transfer: 'sequence',
  landsInWorkers: false,
  repeats: false,
  ...ON_THE_WEB_PLATFORM,
  describe: () => 'structuredClone(value, {transfer})',
  needs: () => ['structuredClone'],
  api: () => 'structuredClone',
  snippet: () => ({ imports: [], call: ({ option }) => `structuredClone(value${option ? `, { ${option} }` : ''})` }),
  repro: 'script',
  conform: 'global',
};
