// The program generators (fuzzers/): what they draw, counted over a fixed
// seed, for the parts of a program that a strategy must reach both ways.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { programArbitrary, programFromBytes } from '../fuzzers/programs.js';

const SEED = 1;
const RUNS = 2000;

/**
 * @param {fc.Arbitrary<any>} programs
 * @returns {{formatted: number, untouched: number}} error nodes by the state of their stack
 */
function countStackStates(programs) {
  const counts = { formatted: 0, untouched: 0 };
  for (const program of fc.sample(programs, { seed: SEED, numRuns: RUNS })) {
    for (const node of program.objects ?? []) if (node.kind === 'error') counts[node.stack ?? 'formatted'] += 1;
  }
  return counts;
}

for (const [source, programs] of [['generated programs', programArbitrary()], ['programs decoded from bytes', programFromBytes]]) {
  test(`${source} hold Errors with a formatted stack and Errors with an untouched one (${RUNS} programs, seed ${SEED})`, () => {
    const { formatted, untouched } = countStackStates(programs);
    const errors = formatted + untouched;
    assert.ok(errors >= 100, `only ${errors} error nodes`);
    // Neither state is rare: each is at least a fifth of the error nodes.
    assert.ok(formatted >= errors / 5, `${formatted} formatted of ${errors}`);
    assert.ok(untouched >= errors / 5, `${untouched} untouched of ${errors}`);
  });
}
