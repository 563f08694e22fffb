// Signatures: one bug, one finding. The place a bug shows at, the program's
// own values, and what followed from the bug never split a signature; what
// went wrong (the holder's kind, the property's role, which error an engine
// throws) does.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { bugSignature, signatureOf } from '../portable/bugs/signature.js';
import { pathSteps } from '../portable/bugs/bug-shape.js';

const hole = (path, actual) => [{ path, category: 'hole', expected: 'hole', actual }];

/** A case observation whose value is `value` (an observation) and whose outcome is a value. */
const valueCase = (value, effects = []) => ({ outcome: 'value', value, effects });
const object = (id, kind, props = [], extra = {}) => ({ type: 'object', id, kind, props, ...extra });
const data = (key, value) => ({ key, value, writable: true, enumerable: true, configurable: true });
const number = (text) => ({ type: 'number', value: text });

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

test("the same extra key at another place in the graph is one signature; on another kind of holder, another", () => {
  const extraKey = (path) => [{ path, category: 'keys', expected: 'missing', actual: 'data property 1' }];
  const map = (id) => object(id, 'map', [], { entries: [] });
  const atRoot = signatureOf('bun:worker', extraKey('$.a'), { expected: valueCase(map(0)) });
  const inArray = signatureOf('bun:worker', extraKey('$[0].b'), { expected: valueCase(object(0, 'array', [data('0', map(1))])) });
  const inMap = signatureOf('bun:worker', extraKey('$<map value 0>.c'), {
    expected: valueCase(object(0, 'map', [], { entries: [{ key: number('1'), value: map(1) }] })),
  });
  assert.equal(atRoot.signature, inArray.signature);
  assert.equal(atRoot.signature, inMap.signature);
  assert.equal(atRoot.shape, 'keys on map: named key: missing -> data property');
  const onError = signatureOf('bun:worker', extraKey('$.a'), { expected: valueCase(object(0, 'error')) });
  assert.notEqual(onError.signature, atRoot.signature);
});

test('an index, a named key and a key with a role of its own on its holder are three bugs', () => {
  const extraKey = (kind, path) => signatureOf('node:clone', [{ path, category: 'keys', expected: 'missing', actual: 'data property 1' }], {
    expected: valueCase(object(0, kind)),
  }).shape;
  assert.deepEqual([extraKey('array', '$[3]'), extraKey('array', '$.foo'), extraKey('array', '$.length'), extraKey('error', '$.cause')], [
    'keys on array: index: missing -> data property', 'keys on array: named key: missing -> data property',
    'keys on array: "length": missing -> data property', 'keys on error: "cause": missing -> data property',
  ]);
  // A Map's own `cause` or `0` is a key like any other.
  assert.equal(extraKey('map', '$.cause'), 'keys on map: named key: missing -> data property');
  assert.equal(extraKey('map', '$[0]'), 'keys on map: named key: missing -> data property');
});

test('which error an engine throws instead of a value names the bug; which one a getter of the program throws does not', () => {
  const threw = (name, message = 'engine text') => ({ outcome: 'throw', thrown: { kind: 'error', name, message }, effects: [] });
  const outcome = (thrown) => signatureOf('node:clone', [{ path: '$', category: 'outcome', expected: 'value', actual: `throw ${thrown.name}` }], {
    expected: valueCase(object(0, 'object')), actual: thrown,
  }).signature;
  assert.notEqual(outcome(threw('RangeError')), outcome(threw('TypeError')));
  assert.equal(outcome(threw('URIError', 'thrown by a')), outcome(threw('EvalError', 'thrown by b')));
});

test("a getter the target should not have called is the root, not the throw or the key it caused", () => {
  const getter = { event: 'get', on: '#0', key: 'a' };
  const calledAndThrew = signatureOf('bun:worker', [
    { path: '$', category: 'outcome', expected: 'value', actual: 'throw URIError' },
    { path: '$<effects>[0]', category: 'effects', expected: null, actual: getter },
  ], {
    expected: valueCase(object(0, 'set', [], { values: [] })),
    actual: { outcome: 'throw', thrown: { kind: 'error', name: 'URIError', message: 'thrown by a' }, effects: [getter] },
    program: { objects: [{ kind: 'set', values: [] }] },
  });
  const calledAndCopied = signatureOf('bun:worker', [
    { path: '$.a', category: 'keys', expected: 'missing', actual: 'data property 1' },
    { path: '$<effects>[0]', category: 'effects', expected: null, actual: getter },
  ], { expected: valueCase(object(0, 'set', [], { values: [] })), actual: valueCase(object(0, 'set'), [getter]), program: { objects: [{ kind: 'set', values: [] }] } });
  assert.equal(calledAndThrew.signature, calledAndCopied.signature);
  assert.equal(calledAndThrew.shape, 'effects: extra read of set named key');
});

test('a getter the target never reached because it threw first is not the root', () => {
  const getter = { event: 'get', on: '#0', key: '5' };
  const { shape } = signatureOf('bun:worker', [
    { path: '$', category: 'outcome', expected: 'value', actual: 'throw DataCloneError' },
    { path: '$<effects>[0]', category: 'effects', expected: getter, actual: null },
  ], {
    expected: valueCase(object(0, 'array'), [getter]),
    actual: { outcome: 'throw', thrown: { kind: 'object', name: 'DataCloneError' }, effects: [] },
    program: { objects: [{ kind: 'array', items: [] }] },
  });
  assert.equal(shape, 'outcome: value -> throw DataCloneError');
});

test('the same differences on two targets are two findings', () => {
  const differences = hole('$[0]', 'data property 1');
  assert.notEqual(signatureOf('bun:clone', differences).signature, signatureOf('bun:worker', differences).signature);
});

test("a bug's name holds its trigger: the same minimal difference from other programs is another bug", () => {
  const differences = [{ path: '$.x', category: 'keys', expected: 'missing', actual: 'data property 1' }];
  const expected = valueCase(object(0, 'object'));
  const program = (prop) => ({ schema: 'clonecheck/program@1', root: { ref: 0 }, objects: [{ kind: 'object', props: [prop] }] });
  const hidden = bugSignature('impl:x', { differences, expected, program: program({ key: 'a', value: 1, enumerable: false }) });
  const getter = bugSignature('impl:x', { differences, expected, program: program({ key: 'a', get: {} }) });
  assert.notEqual(hidden, getter);
  assert.equal(hidden, bugSignature('impl:x', { differences, expected, program: program({ key: 'b', value: 'other', enumerable: false }) }));
});

test('diff paths split into keys and pseudo-steps', () => {
  assert.deepEqual(pathSteps('$[3].foo<map value 2>["a b"]<enumerable>'), [
    { key: '3' }, { key: 'foo' }, { step: 'map value 2' }, { key: 'a b' }, { step: 'enumerable' },
  ]);
});
