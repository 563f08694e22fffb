// Property tests over generated programs (fuzzers/programs.js) and
// programs decoded from random bytes (fromBytes), with a fixed seed so every
// run checks the same programs. The checks are harness/selfcheck/checks.js, the same
// ones `clonecheck selfcheck` runs at scale: the program is valid, tiers on =
// tiers off, emit builds what build builds. The two sources run on two
// threads at once.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Worker } from 'node:worker_threads';

const SEED = 20250611;
const RUNS = 10_000;

/**
 * @param {string} source a key of `programSources` (test/properties/properties.js)
 * @returns {Promise<{passed: boolean, message?: string}>}
 */
function assertOnWorker(source) {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./properties/property-worker.js', import.meta.url), {
      workerData: { source, seed: SEED, numRuns: RUNS },
    });
    worker.once('message', resolve);
    worker.once('error', reject);
  });
}

const sources = ['generated programs', 'programs decoded from random bytes'];
const results = new Map(sources.map((source) => [source, assertOnWorker(source)]));

for (const source of sources) {
  test(`${source}: valid, tiers on = tiers off, emit = build (${RUNS} programs, seed ${SEED})`, async (t) => {
    t.diagnostic(`seed ${SEED}`);
    const result = await results.get(source);
    assert.equal(result.passed, true, result.message);
  });
}
