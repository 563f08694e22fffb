// Simplification at fuzz scale: every simpler candidate of 300 programs
// from random bytes is a different program. npm test runs it;
// reduce.unit.test.js has the rest (npm run test:unit runs that one).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { withOnePartSimpler } from '../portable/minimize/simplify.js';
import { fromBytes, validate } from '../src/index.js';
import { randomBytesFrom } from './helpers.js';

test('every simpler candidate of 300 programs from random bytes is a different program, and most are valid', () => {
  const next = randomBytesFrom(0x5a3e);
  let valid = 0;
  let all = 0;
  for (let n = 0; n < 300; n++) {
    const program = fromBytes(next(256));
    const text = JSON.stringify(program);
    for (const candidate of withOnePartSimpler(program)) {
      all += 1;
      assert.notEqual(JSON.stringify(candidate), text);
      if (validate(candidate).length === 0) valid += 1;
    }
  }
  assert.ok(valid > all * 0.8, `${valid} of ${all} valid`);
});
