// Signatures: one bug, one finding. The program's own values never split a
// signature; what went wrong (a throw instead of a value, which error) does.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pathShape, signatureOf } from '../harness/fuzz/signature.js';

const hole = (path, actual) => [{ path, category: 'hole', expected: 'hole', actual }];

test('a hole filled with any value, at any index, is one signature', () => {
  const filled = [
    hole('$[0]', 'data property -137209023'),
    hole('$[2]', 'data property "q"'),
    hole('$[5]', 'data property object #2'),
  ].map((differences) => signatureOf('bun:clone', differences).signature);
  assert.equal(new Set(filled).size, 1);
  assert.match(filled[0], /^bun-clone\.hole\.[0-9a-f]{8}$/);
});

test('a hole that became an accessor is another bug than a hole filled with a value', () => {
  assert.notEqual(
    signatureOf('bun:clone', hole('$[0]', 'data property 1')).signature,
    signatureOf('bun:clone', hole('$[0]', 'accessor property')).signature,
  );
});

test('which error a target throws instead of a value names the bug', () => {
  const outcome = (actual) => [{ path: '$', category: 'outcome', expected: 'value', actual }];
  assert.notEqual(
    signatureOf('node:clone', outcome('throw RangeError')).signature,
    signatureOf('node:clone', outcome('throw TypeError')).signature,
  );
});

test('the same differences on two targets are two findings', () => {
  const differences = hole('$[0]', 'data property 1');
  assert.notEqual(signatureOf('bun:clone', differences).signature, signatureOf('bun:worker', differences).signature);
});

test('path shapes keep structure and drop indices and names', () => {
  assert.equal(pathShape('$[3].foo'), '$[#].*');
  assert.equal(pathShape('$<map key 0>["a b"]'), '$<map key #>.*');
});
