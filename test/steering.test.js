// Steered generation (fuzzers/steering.js) over the cell map
// (fuzzers/cells.js): every reachable cell is drawn early, a run stays
// deterministic and each case replayable, steering fades once the cells are
// met, and with steering off the generator draws what it always drew.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { reachableCells } from '../fuzzers/cells.js';
import { casePrograms, cellPrograms } from '../fuzzers/programs.js';
import { CHUNK_SIZE, SteeredRun, chunkSeed } from '../fuzzers/steering.js';
import { validate } from '../src/program/schema.js';
import { clonecheck, fixture } from './helpers.js';

/** @param {number} seed @param {number} runs @param {Record<string, number>} [weights] */
function drawRun(seed, runs, weights) {
  const run = new SteeredRun({ seed, weights });
  const chunks = [];
  for (let chunk = 0; chunk * CHUNK_SIZE < runs; chunk++) chunks.push(run.draw(chunk, CHUNK_SIZE));
  return { run, chunks };
}

test('every reachable cell of the map is drawn within the first 20,000 cases, and no drawn cell is missing from the map', () => {
  for (const seed of [1, 20261127]) {
    const { run } = drawRun(seed, 20_000);
    const report = run.report();
    const empty = report.byCell.filter((c) => c.hits === 0).map((c) => c.id);
    assert.deepEqual(empty, [], `seed ${seed}: cells never drawn`);
    assert.deepEqual([...run.unlisted.keys()], [], `seed ${seed}: cells drawn that the map does not list`);
  }
});

test('the programs drawn for each cell are valid', () => {
  // That each cell is reached is the test above: a few are hit by a small share of their own draws
  // (a primitive root meets aimed pollution only through the object a fresh string brings).
  for (const cell of reachableCells().values()) {
    for (const { program } of fc.sample(cellPrograms(cell), { seed: 7, numRuns: 4 })) {
      assert.deepEqual(validate(program), [], `${cell.id}: ${JSON.stringify(program)}`);
    }
  }
});

test('a steered run is the same for the same seed, and each case replays from its chunk seed, path and plan', () => {
  const a = drawRun(5, 1500);
  const b = drawRun(5, 1500);
  assert.deepEqual(a.chunks, b.chunks);
  // What shrinking does (portable/fuzz/tasks.js shrinkDeviation): fast-check replays the case at `path`.
  for (const [chunk, index] of [[0, 3], [1, 250], [2, 499]]) {
    let replayed;
    fc.check(fc.property(casePrograms({}, a.run.planOf(chunk)), (program) => { replayed = program; }), { seed: chunkSeed(5, chunk), path: String(index), numRuns: 1 });
    assert.deepEqual(replayed, a.chunks[chunk][index].program, `chunk ${chunk} case ${index}`);
  }
});

test('steering fades once every cell has been drawn a few times', () => {
  const { run } = drawRun(3, 15_000);
  assert.ok(run.planOf(0).length > 0, 'the first chunk is steered');
  assert.deepEqual(run.planFor(30), [], 'after 15,000 cases no cell is rare');
});

test('with steer=0 the generator draws exactly the unsteered mix', () => {
  const { run, chunks } = drawRun(9, 1000, { steer: 0 });
  assert.deepEqual(run.planOf(1), []);
  for (const [chunk, drawn] of chunks.entries()) {
    const unsteered = fc.sample(casePrograms({ steer: 0 }), { seed: chunkSeed(9, chunk), numRuns: CHUNK_SIZE });
    assert.deepEqual(drawn.map((d) => d.program), unsteered);
  }
});

test('a steered run finds a planted Int32 fast path that copies an array named in its own transfer list', () => {
  // test/fixtures/int32-ignores-its-own-transfer.mjs: a cell ("placement:
  // almostInt32Array | transfer list") the unsteered mix never draws. A run
  // draws it 2 to 4 times, and a draw is the bare Int32 array the fixture
  // takes about 1 time in 5 (the rest carry a second perturbation or a fresh
  // string): seed 1 found it until the sizes plane's cells changed the plans
  // (its 4 draws all carry one now); seed 4 draws it bare at case 3,594.
  const result = clonecheck([
    'fuzz', '--target', `impl:${fixture('int32-ignores-its-own-transfer.mjs')}`, '--seed', '4', '--runs', '5000',
    '--workers', '1', '--shrink-runs', '0', '--out', 'clonecheck-out/test-steering',
  ]);
  assert.match(result.stdout, /\$ {2}outcome: expected "throw DataCloneError", actual "value"/);
});
