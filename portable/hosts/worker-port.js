// The port to the thread that started this one, for the scripts that run only
// as Node worker threads (harness/pool/pool.js starts them). node:worker_threads
// gives null on the main thread; started there by mistake, such a script says
// so instead of failing at its first message.

import { parentPort } from 'node:worker_threads';

/** @returns {import('node:worker_threads').MessagePort} */
export function workerPort() {
  if (parentPort === null) throw new Error('this script runs only as a worker thread (harness/pool/pool.js starts it)');
  return parentPort;
}
