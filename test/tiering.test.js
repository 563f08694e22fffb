// The harness's threads tier up later than V8's defaults (harness/pool/members.js
// `tieringFlags`): a flag V8 does not know is only an "unrecognized flag" line
// on stderr, and the run would silently lose its 1.3x (docs/fuzzing.md
// #2026-12-05-tiering-up-later). So every Node clonecheck runs on must know them.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import test from 'node:test';
import { tieringFlags } from '../harness/pool/members.js';
import { pinnedBinary } from './helpers.js';

/** @param {string} binary @param {string[]} args */
function run(binary, args) {
  const { status, stdout, stderr } = spawnSync(binary, args, { encoding: 'utf8', timeout: 60_000 });
  assert.equal(status, 0, stderr);
  return { stdout, stderr };
}

for (const name of ['node', 'node@22', 'node@24', 'node@26']) {
  test(`${name} knows the flags that tier the harness's threads up later, and takes them at run time`, async () => {
    const binary = name === 'node' ? process.execPath : await pinnedBinary(name);
    const flags = tieringFlags(run(binary, ['-p', 'process.versions.v8']).stdout.trim());
    const options = run(binary, ['--v8-options']).stdout;
    for (const flag of flags) {
      const flagName = flag.slice(0, flag.indexOf('='));
      assert.match(options, new RegExp(`^\\s+${flagName} `, 'm'), `${name}'s V8 has no ${flagName}`);
    }
    // Set the way members.js sets them: after start-up, through node:v8.
    const script = `const v8 = require('node:v8'); for (const flag of ${JSON.stringify(flags)}) v8.setFlagsFromString(flag); console.log('set');`;
    const { stdout, stderr } = run(binary, ['-e', script]);
    assert.equal(stdout.trim(), 'set');
    assert.equal(stderr, '', `${name} refused a flag: ${stderr}`);
  });
}
