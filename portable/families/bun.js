// The bun family: Bun, installed from the npm registry by version (`bun`,
// `bun@1.3.10`) and driven by agent processes.

/** @type {import('./index.js').Family<'bun', 'npm'>} */
export default {
  name: 'bun',
  install: {
    from: 'npm',
    package: 'bun',
    // 1.2 on: `bun/bin/bun.exe`; 1.0 and 1.1: `bun/bin/bun` (their @oven/bun-linux-x64 folder npm leaves empty).
    binaries: ['node_modules/@oven/bun-linux-x64/bin/bun', 'node_modules/bun/bin/bun.exe', 'node_modules/bun/bin/bun'],
    pinned: { bun: '1.4.5' },
    release: /^\d+\.\d+\.\d+/,
  },
  // Bun prints its bare version.
  identify: (said) => /^(\d+\.\d+\.\d+\S*)$/.exec(said)?.[1],
  agentCommand: (version, binary) => [binary],
  runCommand: (script) => `bun ${script}`,
  // Bun has node:util's types, so Node's hooks serve it too.
  hostHooks: 'portable/hosts/node-host.js',
  classicScripts: 'portable/hosts/classic-script.js',
  expectations: ['wpt/expectations/bun.json'],
  worker: { kind: 'web', needs: 'Worker', snippet: 'web' },
  serializer: { module: 'bun:jsc', api: 'bun:jsc serialize / deserialize' },
  limits: [],
  tracker: { name: 'Bun', file: 'https://github.com/oven-sh/bun/issues/new?template=2-bug-report.yml', form: 'github' },
  // Bun fixes bugs in its newest minor release only (no LTS line): a bug seen only on an older line is not
  // proposed for a report. The newest is the newest version clonecheck knows: its pin, or one `nightly --latest` met.
  support: { by: 'newest-line', source: 'Bun supports its newest release line only', line: (version) => version.split('.').slice(0, 2).join('.') },
};
