// The benchmark scripts still run and report what they claim to (their
// numbers are not asserted: speed goals live in the benchmarks, not in tests).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const BENCH_FUZZ = fileURLToPath(new URL('../harness/bench/fuzz.js', import.meta.url));

test('bench/fuzz.js splits the cases into lanes and times every stage in each', () => {
  const { status, stdout, stderr } = spawnSync(process.execPath, [BENCH_FUZZ, '--json', '--cases', '300', '--rounds', '1', '--cores', '2'], {
    encoding: 'utf8', timeout: 120_000,
  });
  assert.equal(status, 0, stderr);
  const result = JSON.parse(stdout);
  assert.equal(result.cases, 300);
  assert.equal(result.lanes.clean + result.lanes.polluting, 300);
  assert.ok(result.lanes.clean > 0 && result.lanes.polluting > 0, 'the default weights draw both kinds of program');
  for (const lane of ['clean', 'polluting', 'all']) {
    assert.deepEqual(Object.keys(result.stageMicros[lane]), ['build', 'oracle', 'target', 'judge']);
    for (const micros of Object.values(result.stageMicros[lane])) assert.ok(Number.isFinite(micros) && micros > 0);
  }
  assert.ok(result.generateMicros > 0);
  assert.equal(result.ceiling.cores, 2);
  assert.equal(result.ceiling.casesPerSecond, Math.round(2e6 / (result.generateMicros + result.stageMicros.all.judge)));
});
