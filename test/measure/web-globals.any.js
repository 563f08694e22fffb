// META: title=the names a window's global and a dedicated worker's global have
// Run by web-globals.js on each browser: the one test fails with the names
// as its message (JSON), which is how a conform run hands them back. The
// window is a fresh same-origin iframe's (the agent page's own global has
// testharness.js and this file in it), the worker one started from a blob.

/** The own property names of a global and of every object on its prototype chain. */
function globalNames(global) {
  const names = new Set();
  for (let object = global; object !== null; object = Object.getPrototypeOf(object)) {
    for (const name of Object.getOwnPropertyNames(object)) names.add(name);
  }
  return [...names];
}

promise_test(async () => {
  const frame = document.createElement('iframe');
  document.body.append(frame);
  const names = new Set(globalNames(frame.contentWindow));
  const source = `postMessage((${globalNames})(self));`;
  const worker = new Worker(URL.createObjectURL(new Blob([source], { type: 'text/javascript' })));
  const workerNames = await new Promise((resolve, reject) => {
    worker.onmessage = (event) => resolve(event.data);
    worker.onerror = (event) => reject(new Error(`the worker failed: ${event.message}`));
  });
  for (const name of workerNames) names.add(name);
  assert_unreached(JSON.stringify([...names]));
}, 'names');
