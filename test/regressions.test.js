// Replays corpus/regressions/ (harness/findings/regressions.js says what each file
// holds and why these are the rules):
//  - the reference observes every program exactly as stored, tiers on and off;
//  - a regression found on the reference itself (ref:*) passes now;
//  - a regression of another target still shows the same bug (signature.js `bugSignature`).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { canonicalJSON } from '../src/index.js';
import { judge, openTargets } from '../portable/fuzz/judge.js';
import { bugSignature } from '../portable/bugs/signature.js';
import { installNodeHostHooks } from '../portable/hosts/node-host.js';
import { loadRegressions } from '../harness/findings/regressions.js';
import { replayProgram } from '../harness/findings/replay.js';
import { resolveTarget } from '../harness/targets/catalog.js';

installNodeHostHooks();

const regressions = loadRegressions();

/** @param {string[]} names */
const open = async (...names) => openTargets(await Promise.all(names.map((name) => resolveTarget(name))));

/**
 * The target's verdict, where the target runs: a worker thread of this
 * process, or an agent of its runtime (a regression of bun:clone is Bun's).
 * @param {any} regression
 */
async function replay(regression) {
  const [verdict] = await replayProgram(regression.program, [await resolveTarget(regression.target)], { timeoutMs: 30_000 });
  return verdict;
}

test('the regression corpus is not empty', () => {
  assert.ok(regressions.length > 0);
});

for (const { file, regression } of regressions) {
  const name = file.slice(file.lastIndexOf('/') + 1);
  test(`${name}: the reference still observes it as stored`, async () => {
    const [spec, tiers] = await judge(regression.program, await open('ref:spec', 'ref:tiers'));
    assert.equal(spec.verdict, 'pass');
    assert.equal(tiers.verdict, 'pass', JSON.stringify(tiers.differences));
    const again = await replay(regression);
    if (again.verdict === 'deviation') assert.equal(canonicalJSON(again.expected), canonicalJSON(regression.expected));
  });

  const onReference = regression.target.startsWith('ref:');
  test(`${name}: ${regression.target} ${onReference ? 'passes now' : 'still deviates the same way'}`, async () => {
    const verdict = await replay(regression);
    if (onReference) {
      assert.equal(verdict.verdict, 'pass', JSON.stringify(verdict.differences));
    } else {
      assert.equal(verdict.verdict, 'deviation', `${regression.target} no longer deviates: fixed? update or delete ${file}`);
      assert.equal(bugSignature(regression.target, verdict), regression.signature, JSON.stringify(verdict.differences));
      assert.equal(canonicalJSON(verdict.actual), canonicalJSON(regression.actual));
    }
  });
}
