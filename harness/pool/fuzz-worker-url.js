// The worker thread that runs portable/fuzz/tasks.js in this Node (an agent runs them in
// other runtimes). Not in tasks.js: the QuickJS agent bundles tasks.js, and
// QuickJS-ng has no URL.

export const FUZZ_WORKER_URL = new URL('./fuzz-worker.js', import.meta.url);
