// The quickjs family: QuickJS-ng, a shell with no web platform. Its agent is
// the native harness built without a fuzzing driver (harness/native/build.js),
// at the version harness/native/sources.js pins, built into the cache on
// first use; its channels are its own serializer (`message`) and the
// reference running inside it (`ref`).

/** @type {import('./index.js').Family<'quickjs', 'build'>} */
export default {
  name: 'quickjs',
  install: { from: 'build', pinnedBy: 'harness/native/sources.js' },
  // Built by clonecheck: its version is the pinned source's, never asked of the binary.
  identify: () => undefined,
  agentCommand: (version, binary) => [binary],
  standalone: "QuickJS-ng's targets run only inside clonecheck's QuickJS agent (docs/native.md)",
  // A snippet of its serializer (the `message` channel's: qjs:bjson) runs in the stock qjs of the release (the runtime's snippetBinary).
  snippetCommand: (script) => `qjs ${script}`,
  // Its bundle replaces Node's hooks with none (harness/native/build.js QUICKJS_HOST_MODULES): the reference's brand checks.
  hostHooks: 'portable/hosts/page/no-host-hooks.js',
  classicScripts: 'portable/hosts/quickjs/quickjs-classic-script.js',
  expectations: ['wpt/expectations/quickjs-message.json', 'wpt/expectations/quickjs-ref.json', 'portable/bugs/quickjs-expectations.json'],
  noWebPlatform: 'QuickJS-ng has no structuredClone, MessageChannel, web Worker or BroadcastChannel',
  shell: true,
  // QuickJS-ng has no Blob or File: its programs get ordinary objects in their place (programs.js inShell).
  limits: ['shell'],
  tracker: { name: 'QuickJS-ng', file: 'https://github.com/quickjs-ng/quickjs/issues/new', form: 'plain' },
  support: { by: 'installed', source: "clonecheck builds the QuickJS-ng release harness/native/sources.js pins; it keeps no end of life for it" },
};
