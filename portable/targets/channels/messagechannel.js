// The `messagechannel` channel: port1.postMessage(value, transfer),
// received on port2 in the same realm.

import { ON_THE_WEB_PLATFORM } from './web-platform.js';

/** @type {import('./index.js').Channel} */
export default {
  name: 'messagechannel',
  module: 'message-channel.js',
  reshaping: 'withoutStorage',
  // MessagePort's postMessage(message, transfer) is overloaded with postMessage(message, options).
  transfer: 'overloaded',
  landsInWorkers: false,
  repeats: false,
  ...ON_THE_WEB_PLATFORM,
  describe: () => 'MessageChannel: port1.postMessage(value, transfer), received on port2',
  needs: () => ['MessageChannel'],
  api: () => 'MessagePort.postMessage',
  snippet: () => ({ imports: [], call: ({ list }) => `port1.postMessage(value${list ? `, ${list}` : ''})`, messageChannel: true }),
  repro: 'script',
  conform: 'module',
};
