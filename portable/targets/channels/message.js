// The `message` channel: QuickJS-ng's own serializer, JS_WriteObject2 then
// JS_ReadObject with its worker postMessage's flags, a native function of
// clonecheck's QuickJS agent.

/** @type {import('./index.js').Channel} */
export default {
  name: 'message',
  module: 'quickjs-message.js',
  // quickjs-libc's postMessage reads its first argument only: a transfer list is ignored.
  reshaping: 'withoutTransfer',
  transfer: 'none',
  landsInWorkers: false,
  has: (family) => family.shell === true,
  lacking: () => 'it is QuickJS-ng\'s serializer, a native function of its agent',
  describe: () => 'JS_WriteObject2 then JS_ReadObject with its worker postMessage\'s flags (SAB, references; no transfer list)',
  needs: () => [],
  api: () => 'JS_WriteObject / JS_ReadObject',
  // A shell's findings have no standalone snippet: its family says why (`standalone`).
  snippet: null,
  repro: 'script',
  conform: null,
};
