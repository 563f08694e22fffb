// The local minimum after fast-check's shrinking (harness/fuzz/reduce.js):
// every part a finding does not need goes, one removal at a time, while the
// bug stays; nothing it needs goes; the budget caps the runs.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { reduceProgram } from '../harness/fuzz/reduce.js';

const program = {
  schema: 'clonecheck/program@1',
  root: { ref: 0 },
  objects: [
    { kind: 'array', items: [1, { number: '-0' }, { ref: 1 }], props: [{ key: 'x', value: 2 }] },
    { kind: 'object', props: [{ key: 'a', value: { ref: 2 } }] },
    { kind: 'map', entries: [[1, 2]] },
  ],
  sender: [{ on: 'Error.prototype', key: 'name', delete: true }],
  receiver: [{ on: 'Object.prototype', key: 'x', set: {} }],
  deliveries: 2,
};

/** The planted bug: an array holding -0. */
const holdsNegativeZero = async (candidate) => candidate.objects?.some((node) => node.kind === 'array' && node.items.some((item) => item?.number === '-0')) === true;

test('parts a finding does not need go, one removal at a time, and what it needs stays', async () => {
  const { program: reduced } = await reduceProgram(program, holdsNegativeZero, 1000);
  assert.deepEqual(reduced, { schema: 'clonecheck/program@1', root: { ref: 0 }, objects: [{ kind: 'array', items: [{ number: '-0' }] }] });
});

test('the budget caps the candidates run, and the program found by then is kept', async () => {
  let runs = 0;
  const { program: reduced, tried } = await reduceProgram(program, async (candidate) => { runs += 1; return holdsNegativeZero(candidate); }, 3);
  assert.equal(tried, 3);
  assert.equal(runs, 3);
  assert.ok(await holdsNegativeZero(reduced));
});

test('a program with nothing to spare comes back as it is', async () => {
  const minimal = { schema: 'clonecheck/program@1', root: { ref: 0 }, objects: [{ kind: 'array', items: [{ number: '-0' }] }] };
  assert.deepEqual((await reduceProgram(minimal, holdsNegativeZero, 100)).program, minimal);
});
