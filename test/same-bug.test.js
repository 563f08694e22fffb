// The same-bug check (harness/fuzz/same-bug.js) on findings made by hand:
// what it folds together, what it splits off, and which cases it counts where.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { oneFindingPerBug, witnessesOf } from '../harness/bugs/same-bug.js';
import { programFeatures } from '../harness/bugs/bug-shape.js';

/** A program whose root is a plain object with these props. */
const program = (...props) => ({ schema: 'clonecheck/program@1', root: { ref: 0 }, objects: [{ kind: 'object', props }] });
const extraKey = [{ path: '$.planted', category: 'keys', expected: 'missing', actual: 'data property 1' }];
const observed = { outcome: 'value', value: { type: 'object', id: 0, kind: 'object', props: [] }, effects: [] };
const deviation = (p) => ({ verdict: 'deviation', program: p, differences: extraKey, expected: observed, actual: observed, category: 'keys' });
const hidden = { key: 'a', value: 1, enumerable: false };
const getter = { key: 'b', get: {} };
const plain = { key: 'c', value: 2 };

/** A finding as the tally leaves it, with one variant per program it met. */
function finding(signature, caseIndex, count, variants) {
  return {
    signature, target: 'impl:x', verdict: 'deviation', category: 'keys', case: caseIndex, chunkSeed: 1, path: String(caseIndex), count,
    program: variants[0].program, minimized: true, differences: extraKey, expected: observed, actual: observed,
    variants: variants.map(({ program: p, case: c, count: n }) => ({ variant: programFeatures(p).join('; '), features: programFeatures(p), case: c, chunkSeed: 1, path: String(c), count: n })),
  };
}

test('witnesses are the cases whose programs do not hold what the finding shrank to', () => {
  const f = finding('s', 0, 10, [
    { program: program(hidden, plain), case: 0, count: 6 },
    { program: program(hidden, getter), case: 3, count: 2 },
    { program: program(getter, plain), case: 5, count: 2 },
  ]);
  assert.deepEqual(witnessesOf(f, deviation(program(hidden)), 3).map((v) => v.case), [5]);
});

test('a witness that shrinks to another trigger is another finding, with the cases of its variant', () => {
  const f = finding('s', 0, 10, [
    { program: program(hidden, plain), case: 0, count: 6 },
    { program: program(getter, plain), case: 5, count: 4 },
  ]);
  const [, witness] = f.variants;
  const result = oneFindingPerBug([f], [
    { finding: f, verdict: deviation(program(hidden)) },
    { finding: f, variant: witness, verdict: deviation(program(getter)) },
  ]);
  assert.equal(result.findings.length, 2);
  assert.equal(result.split, 1);
  const [first, second] = result.findings;
  assert.deepEqual([first.case, first.count, second.case, second.count], [0, 6, 5, 4]);
  assert.equal(second.splitFrom, 's');
  assert.notEqual(first.signature, second.signature);
});

test('findings whose programs shrink to one trigger, or one holding the other, are one finding', () => {
  const a = finding('a', 2, 5, [{ program: program(hidden, plain), case: 2, count: 5 }]);
  const b = finding('b', 7, 3, [{ program: program(hidden, getter), case: 7, count: 3 }]);
  const result = oneFindingPerBug([a, b], [
    { finding: a, verdict: deviation(program(hidden)) },
    { finding: b, verdict: deviation(program(hidden, plain)) },
  ]);
  assert.equal(result.findings.length, 1);
  assert.deepEqual([result.findings[0].case, result.findings[0].count, result.merged], [2, 8, 1]);
  assert.deepEqual(result.findings[0].alsoSeenAs, ['b']);
  assert.deepEqual(result.findings[0].program, program(hidden));
});

test('the same trigger with another root difference is another bug', () => {
  const a = finding('a', 0, 1, [{ program: program(hidden), case: 0, count: 1 }]);
  const b = finding('b', 1, 1, [{ program: program(hidden), case: 1, count: 1 }]);
  const lost = [{ path: '$.a', category: 'keys', expected: 'data property 1', actual: 'missing' }];
  const result = oneFindingPerBug([a, b], [
    { finding: a, verdict: deviation(program(hidden)) },
    { finding: b, verdict: { ...deviation(program(hidden)), differences: lost } },
  ]);
  assert.equal(result.findings.length, 2);
});
