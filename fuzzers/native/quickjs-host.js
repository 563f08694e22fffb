// What QuickJS-ng, as the reference's host, gives it: QuickJS-ng has no
// structuredClone, the reference's one door to a second SharedArrayBuffer
// over a data block (StructuredDeserialize steps 12.2 and 13.2); its
// serializer (JS_WRITE_OBJ_SAB, through harness.c's `message`) is another.
// Both builds of the harness install it: the fuzzer's entry.js and the agent.

import { setHostHooks } from '../../src/index.js';

/** @type {{message: (value: unknown) => unknown}} */
const native = /** @type {any} */ (globalThis).clonecheckNative;

setHostHooks({ shareDataBlock: (buffer) => /** @type {SharedArrayBuffer} */ (native.message(buffer)) });
