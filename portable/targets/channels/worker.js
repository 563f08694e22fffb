// The `worker` channel: postMessage(value, transfer) to a worker (Node's
// worker_threads, a web Worker elsewhere), whose realm is set up and
// observed there.

import { ON_THE_WEB_PLATFORM } from './web-platform.js';

/** Node's Worker, which a snippet imports: named apart, so that no reader takes this portable module for one that imports it. */
const WORKER_THREADS = 'node:worker_threads';

/** @type {import('./index.js').Channel} */
export default {
  name: 'worker',
  module: 'worker.js',
  reshaping: 'withoutStorage',
  // Worker's postMessage(message, transfer) is overloaded with postMessage(message, options).
  transfer: 'overloaded',
  landsInWorkers: true,
  // Its clone function sends to a receiving realm elsewhere, once per delivery (docs/program.md `deliveries`).
  repeats: true,
  ...ON_THE_WEB_PLATFORM,
  // A runtime not found here has no family yet: a dedicated Worker, as in a browser.
  describe: (family) => `${family?.worker?.kind ?? 'dedicated'} Worker: postMessage(value, transfer), set up and observed in the worker`,
  needs: (family) => [/** @type {string} */ (family.worker?.needs)],
  api: () => 'Worker.postMessage',
  snippet: (family) => {
    const kind = family?.worker?.snippet ?? 'web';
    return {
      imports: kind === 'node' ? [`import { Worker } from '${WORKER_THREADS}';`] : [],
      call: ({ list }) => `worker.postMessage(value${list ? `, ${list}` : ''})`,
      worker: kind,
    };
  },
  repro: 'script',
  conform: 'echo-worker',
};
