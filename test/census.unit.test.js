// What the generator draws (fuzzers/census.js): every strategy must meet a
// clean realm, random realm steps, and pollution aimed at its own keys in
// either realm, so no value a tier accepts is only ever cloned between
// clean realms; the dense arrays' own prototype pollution comes with and
// without a hole, in either realm, alone or with a second perturbation.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { drawCensus } from '../fuzzers/census.js';
import { strategies } from '../fuzzers/programs.js';
import { clonecheck } from './helpers.js';

const census = drawCensus({ runs: 20_000, seed: 1 });

/** @param {(c: typeof census.combinations[number]) => boolean} where */
const drawn = (where) => census.combinations.filter(where).reduce((sum, c) => sum + c.count, 0);

test('every strategy is drawn in a clean realm, with random realm steps, and with pollution aimed at its keys in each realm', () => {
  // A primitive root has no keys to aim at.
  for (const strategy of Object.keys(strategies).filter((name) => name !== 'primitiveRoot')) {
    const of = (pollution) => drawn((c) => c.strategy === strategy && pollution(c.pollution));
    assert.ok(of((p) => p === 'none') > 0, `${strategy} in clean realms`);
    assert.ok(of((p) => p.includes('steps')) > 0, `${strategy} with random realm steps`);
    assert.ok(of((p) => p.includes('aimed: sender')) > 0, `${strategy} with pollution aimed at the sender`);
    assert.ok(of((p) => p.includes('aimed: receiver')) > 0, `${strategy} with pollution aimed at the receiver`);
  }
});

test('a dense array with no hole meets a polluted prototype at its own index in the receiving realm', () => {
  for (const strategy of ['almostInt32Array', 'almostDoubleArray', 'almostContiguousArray']) {
    for (const how of ['setter', 'getter', 'read-only']) {
      const perturbation = `polluted prototype: receiver ${how}`;
      assert.ok(drawn((c) => c.strategy === strategy && c.perturbation.split(' + ').includes(perturbation)) > 0, `${strategy}: receiver ${how}, no hole`);
    }
    assert.ok(drawn((c) => c.strategy === strategy && c.perturbation === 'none' && c.pollution.includes('aimed: receiver')) > 0,
      `${strategy}: an unperturbed array with aimed receiver pollution`);
  }
});

test('containers of one kind only are drawn', () => {
  assert.ok(drawn((c) => c.strategy === 'homogeneousContainer') > 0);
});

test('clonecheck census prints each strategy by perturbation and pollution, the cell map and the channel modes', () => {
  const result = clonecheck(['census', '--runs', '2000', '--seed', '1']);
  assert.equal(result.status, 0, result.stderr);
  assert.match(result.stdout, /^almostInt32Array: [\d,]+\n {2}perturbation +none +random steps +aimed: sender +aimed: receiver$/m);
  assert.match(result.stdout, /^census: 2,000 cases, [\d,]+ generated programs, seed 1; channels: .*plain [\d,]+/m);
  assert.match(result.stdout, /^cells: [\d,]+ of [\d,]+ drawn, steered \(weight 4\): guard [\d,]+\/[\d,]+, placement [\d,]+\/[\d,]+, channel [\d,]+\/[\d,]+, strings [\d,]+\/[\d,]+, sizes [\d,]+\/[\d,]+$/m);
});
