// What QuickJS-ng, as the reference's host, gives it (src/abstract-ops/brands.js
// HostHooks), through harness.c's native functions. Both builds of the
// harness install it: the fuzzer's entry.js and the agent.
//  - shareDataBlock: QuickJS-ng has no structuredClone, the reference's one
//    door to a second SharedArrayBuffer over a data block (StructuredDeserialize
//    steps 12.2 and 13.2); its serializer (JS_WRITE_OBJ_SAB, `message`) is another;
//  - isProxy and classify: a Proxy and a Promise, which no brand check can
//    tell from an ordinary object (JS_IsProxy, JS_IsPromise), as Node's
//    util.types tells them in Node. Generators and iterators have no such
//    API: the reference takes them for ordinary objects here unless a
//    program built them (it registers what it builds).

import { setHostHooks } from '../../../src/index.js';

/** @type {{message: (value: unknown) => unknown, isProxy: (value: unknown) => boolean, isPromise: (value: unknown) => boolean}} */
const native = /** @type {any} */ (globalThis).clonecheckNative;

setHostHooks({
  shareDataBlock: (buffer) => /** @type {SharedArrayBuffer} */ (native.message(buffer)),
  isProxy: (object) => native.isProxy(object),
  classify: (object) => (native.isPromise(object) ? 'opaque' : undefined),
});
