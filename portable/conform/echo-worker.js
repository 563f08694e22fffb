// The receiving end of conform's `worker` channel (channels.js): a worker
// that sends back every value it receives, inside a record ({landed}), or
// {messageerror: true} when the value could not be deserialized here. A
// worker_threads Worker in Node, a web Worker in Bun, Deno and browsers (as the fuzz
// channel's receivers, portable/targets/receivers/workers.js).

if (typeof globalThis.process !== 'undefined' && typeof globalThis.Bun === 'undefined' && typeof globalThis.Deno === 'undefined') {
  const { parentPort } = process.getBuiltinModule('node:worker_threads');
  if (parentPort === null) throw new Error('echo-worker.js runs only as a worker (channels.js starts it)');
  parentPort.on('message', (landed) => parentPort.postMessage({ landed }));
  parentPort.on('messageerror', () => parentPort.postMessage({ messageerror: true }));
} else {
  const scope = /** @type {any} */ (globalThis);
  scope.onmessage = (/** @type {MessageEvent} */ event) => scope.postMessage({ landed: event.data });
  scope.onmessageerror = () => scope.postMessage({ messageerror: true });
}
