// The reference is immune to its host (issue 24): every program of the
// checked-in corpus (seeds, platform objects, the regression corpus and the
// bug ledger's programs), run on the reference, spec path and tiers, under
// every kind of pollution of the keys the reference and the host machinery
// it borrows touch (a setter, a getter, a read-only data property; on
// Array.prototype and Object.prototype; in the sending and in the receiving
// realm): nothing is thrown outside a case (an uncaught exception or an
// unhandled rejection is what killed the reference's thread before), the
// reference throws nothing but what the standard or the program throws,
// and the tiers stay invisible. Where the host's own constructor of a
// platform object fails in the polluted realm, the reference says it cannot
// judge the case (a HostLimitError: the case is not applicable there).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Worker } from 'node:worker_threads';
import { corpusPrograms } from './fixtures/immune-corpus.js';

const WORKER = new URL('./fixtures/immune-corpus.js', import.meta.url);

/**
 * Runs the corpus in worker threads (the pollution must not reach this
 * process's test runner, whose own bookkeeping pushes onto arrays); a
 * worker that dies is a crash of the program it was running, and a new one
 * goes on from the next program.
 * @param {number} from
 * @param {number} to
 * @returns {Promise<{failures: string[], notApplicable: string[], cases: number}>}
 */
async function runSlice(from, to) {
  const failures = [];
  const notApplicable = [];
  let cases = 0;
  let next = from;
  while (next < to) {
    await new Promise((resolve) => {
      const worker = new Worker(WORKER, { workerData: { from: next, to } });
      worker.on('message', (/** @type {{index: number, failures: string[], notApplicable: string[], cases: number}} */ done) => {
        failures.push(...done.failures);
        notApplicable.push(...done.notApplicable);
        cases += done.cases;
        next = done.index + 1;
      });
      worker.on('error', (error) => {
        failures.push(`${next < to ? corpusPrograms[next].file : 'after the last program'}: the worker died: ${error.stack ?? error}`);
        next += 1;
      });
      worker.on('exit', resolve);
    });
  }
  return { failures, notApplicable, cases };
}

test('the corpus is found', () => {
  assert.ok(corpusPrograms.length > 200, `${corpusPrograms.length} programs`);
});

test('the whole corpus under every pollution, on the reference (spec path and tiers): no crash, no throw of its own, tiers invisible; what the host cannot do is said', { timeout: 600_000 }, async (t) => {
  const half = Math.ceil(corpusPrograms.length / 2);
  const results = await Promise.all([runSlice(0, half), runSlice(half, corpusPrograms.length)]);
  const failures = results.flatMap((r) => r.failures);
  const notApplicable = results.flatMap((r) => r.notApplicable);
  const cases = results.reduce((sum, r) => sum + r.cases, 0);
  t.diagnostic(`${cases} cases, ${notApplicable.length} pollutions of a program the host cannot judge`);
  assert.deepEqual(failures.slice(0, 5), [], `${failures.length} failures in ${cases} cases`);
  assert.ok(cases > 50_000, `${cases} cases`);
  // Node 20 only: its Blob, File, DOMException and stream constructors under Object.prototype.get or .set.
  for (const reason of notApplicable) assert.match(reason, /Object\.prototype\[(get|set)\].*this host's (Blob|File|DOMException|ReadableStream|WritableStream|TransformStream) constructor throws/);
});
