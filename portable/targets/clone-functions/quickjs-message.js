// The `message` channel of QuickJS-ng (`quickjs:message`): its structured
// serializer, JS_WriteObject2 then JS_ReadObject with the flags its worker
// postMessage uses, through the native function the harness binary gives
// (portable/hosts/quickjs/harness.c `js_message`, the same the libFuzzer harness
// calls). quickjs-libc's postMessage reads its first argument only: a
// transfer list is ignored, so the channel takes none (`withoutTransfer`).
// Runs only inside that binary (the `quickjs` runtime's agent).

import { unexpected } from '../../bugs/quickjs-expectations.js';

/** @type {{message: (value: unknown) => unknown}} */
const native = /** @type {any} */ (globalThis).clonecheckNative;

/** @type {import('../../case/case.js').CloneFunction} */
export default function viaMessage(value) {
  return native.message(value);
}

// What QuickJS-ng does differently on purpose (portable/bugs/quickjs-expectations.json)
// is no finding here either: judge.js keeps only the differences this leaves.
export { unexpected };
