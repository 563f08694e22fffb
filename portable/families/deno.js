// The deno family: Deno, installed from the npm registry by version
// (`deno`, `deno@2.5`) and driven by agent processes.

/** @type {import('./index.js').Family<'deno', 'npm'>} */
export default {
  name: 'deno',
  install: {
    from: 'npm',
    package: 'deno',
    binaries: ['node_modules/@deno/linux-x64-glibc/deno'],
    pinned: { deno: '2.9.6' },
    release: /^\d+\.\d+\.\d+/,
  },
  identify: (said) => /^deno (\S+)/.exec(said)?.[1],
  /**
   * Deno reads the project's node_modules (fast-check, for shrinking) only
   * when told to (1.x calls that --unstable-byonm), asks for permissions, and
   * has BroadcastChannel only behind a flag before 2.6 (every version on npm
   * takes the flag).
   */
  agentCommand(version, binary) {
    const [major, minor] = version.split('.').map(Number);
    return [binary, 'run', '--allow-all', major < 2 ? '--unstable-byonm' : '--node-modules-dir=manual',
      ...(major < 2 || (major === 2 && minor < 6) ? ['--unstable-broadcast-channel'] : []), '--quiet'];
  },
  // --allow-read: a worker channel's repro starts itself as its own worker.
  runCommand: (script) => `deno run --allow-read ${script}`,
  // Node's hooks through Deno's node:util, with Deno's WebIDL receivers (hosts/deno-host.js, which node-host.js adds).
  hostHooks: 'portable/hosts/node-host.js',
  classicScripts: 'portable/hosts/classic-script.js',
  expectations: ['wpt/expectations/deno.json'],
  worker: { kind: 'web', needs: 'Worker', snippet: 'web' },
  serializer: { module: 'node:v8', api: 'v8.serialize / v8.deserialize' },
  limits: [],
  tracker: { name: 'Deno', file: 'https://github.com/denoland/deno/issues/new?template=bug-report.yml', form: 'github' },
  // Deno fixes bugs in its newest minor release only (no LTS line): a bug seen only on an older line is not
  // proposed for a report. The newest is the newest version clonecheck knows: its pin, or one `nightly --latest` met.
  support: { by: 'newest-line', source: 'Deno supports its newest release line only', line: (version) => version.split('.').slice(0, 2).join('.') },
};
