// The worker thread that runs tasks.js in this Node (an agent runs them in
// other runtimes). Not in tasks.js: the QuickJS agent bundles tasks.js, and
// QuickJS-ng has no URL.

export const FUZZ_WORKER_URL = new URL('./worker.js', import.meta.url);
