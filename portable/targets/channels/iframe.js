// The `iframe` channel: postMessage(value, origin, transfer) to a
// same-origin iframe, a second realm in the same agent, set up and observed
// there. Only a browser has frames.

/** @type {import('./index.js').Channel} */
export default {
  name: 'iframe',
  module: 'iframe.js',
  reshaping: 'withoutStorage',
  // Window's postMessage(message, targetOrigin, transfer) is not overloaded at that length.
  transfer: 'sequence',
  landsInWorkers: false,
  // Its clone function sends to a receiving realm elsewhere, once per delivery (docs/program.md `deliveries`).
  repeats: true,
  has: (family) => family.browser === true,
  lacking: () => 'only a browser has frames',
  describe: () => 'postMessage(value, origin, transfer) to a same-origin iframe (a second realm in the same agent), set up and observed there',
  needs: () => [],
  api: () => 'window.postMessage',
  snippet: () => 'the value lands in a same-origin iframe, whose document is repro.html: repro.mjs runs there',
  // The receiving realm is a document: repro.html, which loads repro.mjs again.
  repro: 'page',
  conform: null,
};
