// The `message` channel: QuickJS-ng's own serializer, JS_WriteObject2 then
// JS_ReadObject with its worker postMessage's flags, a native function of
// clonecheck's QuickJS agent; its snippets make the same round trip with
// the stock qjs's qjs:bjson module.

/** @type {import('./index.js').Channel} */
export default {
  name: 'message',
  module: 'quickjs-message.js',
  // quickjs-libc's postMessage reads its first argument only: a transfer list is ignored.
  reshaping: 'withoutTransfer',
  transfer: 'none',
  landsInWorkers: false,
  repeats: false,
  has: (family) => family.shell === true,
  lacking: () => 'it is QuickJS-ng\'s serializer, a native function of its agent',
  describe: () => 'JS_WriteObject2 then JS_ReadObject with its worker postMessage\'s flags (SAB, references; no transfer list)',
  needs: () => [],
  api: () => 'JS_WriteObject / JS_ReadObject',
  // The same round trip in the stock qjs (its family's snippetCommand): qjs:bjson's write and read are
  // JS_WriteObject and JS_ReadObject, given the flags postMessage passes but JS_WRITE_OBJ_SAB, which
  // bjson masks off (it throws InternalError 'unsupported tag' for a SharedArrayBuffer, quickjs-ng 0.16.2).
  snippet: () => ({
    imports: [
      "import * as bjson from 'qjs:bjson';",
      '// what a worker\'s postMessage does to a value: JS_WriteObject, then JS_ReadObject, with object references',
      'const message = (value) => { const bytes = bjson.write(value, bjson.WRITE_OBJ_REFERENCE); return bjson.read(bytes, 0, bytes.byteLength, bjson.READ_OBJ_REFERENCE); };',
    ],
    call: () => 'message(value)',
    refuses: (program) => (program.objects.some((/** @type {any} */ o) => o.kind === 'arraybuffer' && o.shared === true)
      ? 'qjs:bjson writes no SharedArrayBuffer (it masks off JS_WRITE_OBJ_SAB); a worker\'s postMessage does' : undefined),
    referenceByPath: true,
  }),
  repro: 'script',
  conform: null,
};
