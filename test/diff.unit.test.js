import { test } from 'node:test';
import assert from 'node:assert/strict';
import { diff, observe, observeClone, observeThrown } from '../src/observe/index.js';

/** diff of two live values, as [path, category] pairs. */
function differences(expected, actual) {
  return diff(observe(expected), observe(actual)).map((d) => [d.path, d.category]);
}

function thrownBy(fn) {
  try { fn(); } catch (error) { return error; }
  throw new Error('did not throw');
}

test('equal values have no differences; NaN equals NaN', () => {
  assert.deepEqual(differences([NaN, { a: [1n, 'x'] }], [NaN, { a: [1n, 'x'] }]), []);
});

test("value: -0 and 0 differ at the element's path", () => {
  const [difference] = diff(observe([1, -0]), observe([1, 0]));
  assert.deepEqual({ ...difference }, { path: '$[1]', category: 'value', expected: '-0', actual: '0' });
});

test('kind: a different kind is one difference, its children are not compared', () => {
  assert.deepEqual(differences({ a: { b: [1, 2, 3] } }, { a: [{ b: 1 }] }), [['$.a', 'kind']]);
  assert.deepEqual(differences([1], ['1']), [['$[0]', 'kind']]);
  assert.deepEqual(differences(new Uint8Array(2), new Int8Array(2)), [['$', 'kind']]);
});

test('hole: a hole against an undefined element', () => {
  const [difference] = diff(observe([, 1]), observe([undefined, 1])); // eslint-disable-line no-sparse-arrays
  assert.equal(difference.path, '$[0]');
  assert.equal(difference.category, 'hole');
  assert.equal(difference.expected, 'hole');
});

test('length: a longer array is one length difference, not one per extra element', () => {
  assert.deepEqual(differences([1, 2], [1, 2, 3, 4]), [['$.length', 'length']]);
  assert.deepEqual(differences(new Map([[1, 1]]), new Map()), [['$<map size>', 'length']]);
});

test('identity: a shared reference against two equal objects', () => {
  const o = { a: 1 };
  const [difference] = diff(observe([o, o]), observe([{ a: 1 }, { a: 1 }]));
  assert.deepEqual({ ...difference },
    { path: '$[1]', category: 'identity', expected: 'the object at $[0]', actual: 'a distinct object' });
});

test('identity: equal cycles do not differ; a cycle against a copy does', () => {
  const a = {}; a.self = a;
  const b = {}; b.self = b;
  assert.deepEqual(differences(a, b), []);
  assert.deepEqual(differences(a, { self: {} }), [['$.self', 'identity']]);
});

test('prototype: a null prototype against %Object.prototype%', () => {
  const [difference] = diff(observe(Object.create(null)), observe({}));
  assert.deepEqual({ ...difference },
    { path: '$<proto>', category: 'prototype', expected: 'null', actual: '%Object.prototype%' });
});

test('integrity: non-extensible or frozen against extensible', () => {
  assert.deepEqual(differences(Object.preventExtensions({ a: 1 }), { a: 1 }), [['$', 'integrity']]);
  assert.deepEqual(differences(Object.freeze({}), {}), [['$', 'integrity']]);
});

test('keys: missing, extra and reordered own keys', () => {
  assert.deepEqual(differences({ a: 1, b: 2 }, { a: 1 }), [['$.b', 'keys']]);
  assert.deepEqual(differences({ a: 1 }, { a: 1, 'odd key': 2 }), [['$["odd key"]', 'keys']]);
  const [order] = diff(observe({ a: 1, b: 2 }), observe({ b: 2, a: 1 }));
  assert.deepEqual({ ...order, expected: [...order.expected], actual: [...order.actual] },
    { path: '$', category: 'keys', expected: ['a', 'b'], actual: ['b', 'a'] });
  assert.deepEqual(differences({ [Symbol('s')]: 1 }, {}), [['$[@@s]', 'keys']]);
});

test('descriptor: attributes and data against accessor', () => {
  const hidden = Object.defineProperty({}, 'a', { value: 1, writable: true, enumerable: false, configurable: true });
  assert.deepEqual(differences(hidden, { a: 1 }), [['$.a<enumerable>', 'descriptor']]);
  const accessor = Object.defineProperty({}, 'a', { get() { throw new Error('ran'); }, enumerable: true, configurable: true });
  assert.deepEqual(differences(accessor, { a: 1 }), [['$.a', 'descriptor']]);
});

test('paths name map keys and values, set values, boxed values and prototypes', () => {
  assert.deepEqual(differences(new Map([[1, 'x']]), new Map([[2, 'x']])), [['$<map key 0>', 'value']]);
  assert.deepEqual(differences(new Map([[1, 'x']]), new Map([[1, 'y']])), [['$<map value 0>', 'value']]);
  assert.deepEqual(differences(new Set([1, 2]), new Set([2, 1])), [['$<set value 0>', 'value'], ['$<set value 1>', 'value']]);
  assert.deepEqual(differences(Object(1), Object(2)), [['$<boxed>', 'value']]);
  assert.deepEqual(differences(new Date(1), new Date(2)), [['$<time>', 'value']]);
  assert.deepEqual(differences(/a/g, /a/i), [['$<flags>', 'value']]);
  assert.deepEqual(differences(Object.create({ x: 1 }), Object.create({ x: 2 })), [['$<proto>.x', 'value']]);
});

test('buffer: bytes, detachment and length tracking', () => {
  assert.deepEqual(differences(new Uint8Array([1, 2]), new Uint8Array([1, 3])), [['$<buffer><bytes>', 'buffer']]);
  const detached = new ArrayBuffer(2);
  structuredClone(detached, { transfer: [detached] });
  assert.deepEqual(differences(new ArrayBuffer(2), detached), [['$<detached>', 'buffer']]);
  const resizable = new ArrayBuffer(4, { maxByteLength: 8 });
  assert.deepEqual(differences(new Uint8Array(resizable), new Uint8Array(resizable, 0, 4)), [['$<lengthTracking>', 'length']]);
});

test('long strings compare by length and hash', () => {
  assert.deepEqual(differences('a'.repeat(300), 'a'.repeat(299) + 'b'), [['$', 'value']]);
  assert.deepEqual(differences('a'.repeat(300), 'a'.repeat(300)), []);
});

test('keys: an Error without the stack the reference\'s clone has lost [[Stack]] (whatwg/html#12239)', () => {
  const withoutStack = new Error('m');
  delete withoutStack.stack;
  const [difference] = diff(observe(new Error('m')), observe(withoutStack));
  assert.equal(difference.path, '$.stack');
  assert.equal(difference.category, 'keys');
  assert.deepEqual(diff(observe(new Error('m')), observe(new Error('m'))), [], 'two stacks of different text are alike');
});

test('implementation-defined: an engine\'s other own Error property present on one side only', () => {
  const withLine = new Error('m');
  Object.defineProperty(withLine, 'lineNumber', { value: 1 });
  const [difference] = diff(observe(new Error('m')), observe(withLine));
  assert.equal(difference.path, '$.lineNumber');
  assert.equal(difference.category, 'implementation-defined');
});

test('outcome: a value against a throw', () => {
  const expected = observeClone({ input: 1, clone: () => 1 });
  const actual = observeClone({ input: 1, clone: () => { throw new TypeError('no'); } });
  assert.deepEqual(diff(expected, actual).map((d) => ({ ...d })),
    [{ path: '$', category: 'outcome', expected: 'value', actual: 'throw TypeError' }]);
});

test('thrown: DataCloneError messages are never compared; name, code and prototype are', () => {
  const a = observeThrown(thrownBy(() => structuredClone(() => {})));
  const b = observeThrown(thrownBy(() => structuredClone(Symbol('other message'))));
  assert.deepEqual(diff(a, b), []);
  const abort = observeThrown(new DOMException('m', 'AbortError'));
  assert.deepEqual(diff(a, abort).map((d) => [d.path, d.category]), [['$.name', 'thrown'], ['$.code', 'thrown']]);
  assert.deepEqual(diff(a, observeThrown(new TypeError('x'))).map((d) => [d.path, d.category]), [['$.kind', 'thrown']]);
});

test("thrown: a program's message is compared, an engine's is implementation-defined", () => {
  assert.deepEqual(diff(observeThrown(new TypeError('thrown by a')), observeThrown(new TypeError('thrown by b')))
    .map((d) => [d.path, d.category]), [['$.message', 'thrown']]);
  assert.deepEqual(diff(observeThrown(new TypeError('not iterable')), observeThrown(new TypeError('bad transfer')))
    .map((d) => [d.path, d.category]), [['$.message', 'implementation-defined']]);
});

test('effects: the first event where the logs part ways', () => {
  const run = (keys) => {
    const effects = [];
    return observeClone({ input: 0, effects, clone: () => { for (const key of keys) effects.push({ event: 'get', on: '#0', key }); return 0; } });
  };
  const [difference] = diff(run(['a', 'b', 'c']), run(['a', 'c']));
  assert.equal(difference.path, '$<effects>[1]');
  assert.equal(difference.category, 'effects');
  assert.equal(difference.expected.key, 'b');
  assert.equal(difference.actual.key, 'c');
});

test('input-mutated: a clone that changed its input against one that did not', () => {
  const mutating = () => {
    const input = { a: 1 };
    return observeClone({ input, clone: () => { input.a = 2; return { a: 1 }; } });
  };
  const correct = () => {
    const input = { a: 1 };
    return observeClone({ input, clone: () => structuredClone(input) });
  };
  const [difference] = diff(correct(), mutating());
  assert.equal(difference.category, 'input-mutated');
  assert.equal(difference.expected, 'unchanged');
  assert.deepEqual([...difference.actual], ['$.a value']);
});

test('shares-object: a clone that returns its input', () => {
  const input = { a: 1 };
  const differencesFound = diff(observeClone({ input, clone: () => structuredClone(input) }), observeClone({ input, clone: () => input }));
  assert.deepEqual(differencesFound.map((d) => [d.path, d.category]), [['$', 'shares-object']]);
});

test('observations compared after a JSON round trip give the same differences', () => {
  const o = { k: 1 };
  const expected = JSON.parse(JSON.stringify(observe([o, o, -0])));
  const actual = JSON.parse(JSON.stringify(observe([{ k: 1 }, { k: 1 }, 0])));
  assert.deepEqual(diff(expected, actual).map((d) => [d.path, d.category]), [['$[1]', 'identity'], ['$[2]', 'value']]);
});

test('diff reads only own fields, whatever Object.prototype and Array.prototype hold', () => {
  const o = { k: 1 };
  const expected = JSON.parse(JSON.stringify(observe([o, o, new Error('m')])));
  const actual = JSON.parse(JSON.stringify(observe([{ k: 1 }, { k: 2 }, Object.assign(new Error('m'), { x: 1 })])));
  const clean = JSON.stringify(diff(expected, actual));
  const names = ['symbol', 'stack', 'value', 'outcome', 'get', 'length', 'type', 'description'];
  const olds = names.map((name) => Object.getOwnPropertyDescriptor(Object.prototype, name));
  for (const name of names) {
    Object.defineProperty(Object.prototype, name, {
      __proto__: null, get() { throw new Error('getter ran'); }, set() { throw new Error('setter ran'); }, configurable: true,
    });
  }
  Object.defineProperty(Array.prototype, '0', { __proto__: null, set() { throw new Error('setter ran'); }, configurable: true });
  let polluted;
  try {
    polluted = diff(expected, actual);
  } finally {
    for (let i = 0; i < names.length; i++) {
      if (olds[i]) Object.defineProperty(Object.prototype, names[i], { __proto__: null, ...olds[i] });
      else delete Object.prototype[names[i]];
    }
    delete Array.prototype[0];
  }
  assert.equal(JSON.stringify(polluted), clean);
  assert.deepEqual(polluted.map((d) => [d.path, d.category]), [['$[1]', 'identity'], ['$[2].x', 'keys']]);
});

test("implementation-defined: an engine's extra Error property is no keys difference, and their order and kind are not observed", () => {
  const bunLike = new Error('m');
  Object.defineProperty(bunLike, 'line', { value: 5, writable: true, enumerable: false, configurable: true });
  const reordered = new Error('m');
  const stack = Object.getOwnPropertyDescriptor(reordered, 'stack');
  delete reordered.stack;
  Object.defineProperty(reordered, 'stack', stack);
  Object.defineProperty(reordered, 'stack', { get() { return ''; }, configurable: true });
  assert.deepEqual(differences(new Error('m'), bunLike), [['$.line', 'implementation-defined']]);
  assert.deepEqual(differences(new Error('m'), reordered), []);
});

test('implementation-defined: how many effects ran before both sides ran out of stack', () => {
  const overflow = { name: 'RangeError', message: 'Maximum call stack size exceeded' };
  const thrown = (effects, error) => ({
    schema: 'clonecheck/case-observation@1', outcome: 'throw',
    thrown: { kind: 'error', prototype: '%RangeError.prototype%', ...error },
    effects, inputUnchanged: true, inputChanges: [], sharesNoObject: true,
  });
  const get = { event: 'get', on: '#0', key: '@@Symbol.toPrimitive' };
  assert.deepEqual(diff(thrown([get, get], overflow), thrown([get, get, get], overflow)).map((d) => [d.path, d.category]),
    [['$<effects>[2]', 'implementation-defined']]);
  // A RangeError the program threw itself is no stack overflow: its effects count.
  const fromProgram = { name: 'RangeError', message: 'thrown by get' };
  assert.deepEqual(diff(thrown([get, get], fromProgram), thrown([get, get, get], fromProgram)).map((d) => [d.path, d.category]),
    [['$<effects>[2]', 'effects']]);
});
