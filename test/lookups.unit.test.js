// Lookups by an equal key (src/observe/lookups.js): a clone whose key list
// is right but whose lookups by name are not.
//
// No ordinary object can show that bug from script: two equal strings are
// indistinguishable to JavaScript, and an ordinary object answers both. The
// fixtures are Proxies standing in for a broken engine object. This file
// installs no host hooks, so (as in a runtime that cannot tell a Proxy, the
// case the reference is written for) the walk takes them for ordinary
// objects and their traps answer its lookups.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { canonicalJSON, diff, observe, observeClone } from '../src/observe/index.js';

/**
 * An object whose own properties answer the first lookup by each key (the
 * walk's, with the key its key list handed out) and nothing after it: what
 * a property stored under a key only that string object reaches looks like.
 * @param {object} target
 */
function answersListedKeyOnly(target) {
  const asked = new Set();
  return new Proxy(target, {
    getOwnPropertyDescriptor(t, key) {
      if (asked.has(key)) return undefined;
      asked.add(key);
      return Reflect.getOwnPropertyDescriptor(t, key);
    },
  });
}

/** Every `lookup` and `unlistedIndex` field anywhere in an observation. */
function lookupMarkers(observation) {
  const found = [];
  JSON.parse(canonicalJSON(observation), (key, value) => {
    if (key === 'lookup' || key === 'unlistedIndex') found.push([key, value]);
    return value;
  });
  return found;
}

/** The case observation of cloning `input` with `clone`. */
const caseOf = (input, clone) => observeClone({ input, clone: () => clone(input) });

test('lookup: a property an equal key does not find is marked on that property and reported by diff', () => {
  const input = { alpha: 1, beta: 'b' };
  const expected = caseOf(input, structuredClone);
  const actual = caseOf(input, (value) => answersListedKeyOnly({ ...value }));
  assert.deepEqual(actual.value.props.map((p) => [p.key, p.lookup]), [['alpha', 'nothing'], ['beta', 'nothing']]);
  assert.deepEqual(diff(expected, actual).map((d) => [d.path, d.category, d.expected, d.actual]), [
    ['$.alpha', 'lookup', 'an equal key finds the same property', 'an equal key finds nothing'],
    ['$.beta', 'lookup', 'an equal key finds the same property', 'an equal key finds nothing'],
  ]);
});

test('lookup: an equal key that finds another value, or another kind of property, says which', () => {
  const input = { n: 1, g: 2 };
  const asked = new Set();
  const second = { n: { value: 2, writable: true, enumerable: true, configurable: true }, g: { get() {}, enumerable: true, configurable: true } };
  const actual = caseOf(input, (value) => new Proxy({ ...value }, {
    getOwnPropertyDescriptor(t, key) {
      if (!asked.has(key)) {
        asked.add(key);
        return Reflect.getOwnPropertyDescriptor(t, key);
      }
      return second[key];
    },
  }));
  assert.deepEqual(diff(caseOf(input, structuredClone), actual).map((d) => [d.path, d.category, d.actual]), [
    ['$.n', 'lookup', 'an equal key finds another value'],
    ['$.g', 'lookup', 'an equal key finds an accessor'],
  ]);
});

test('lookup: an index the key list skips but the object answers for is reported at that index', () => {
  const input = [1, , 3]; // eslint-disable-line no-sparse-arrays
  const actual = caseOf(input, () => new Proxy([1, 2, 3], { ownKeys: () => ['0', '2', 'length'] }));
  assert.equal(actual.value.unlistedIndex, '1');
  assert.deepEqual(diff(caseOf(input, structuredClone), actual).map((d) => [d.path, d.category, d.actual]), [
    ['$[1]', 'lookup', 'index 1 is not listed but found'],
  ]);
});

test('lookup: the first index past the end is looked up too, on arrays and on other objects', () => {
  const listsTwo = (target) => new Proxy(target, { ownKeys: () => ['0', '1', 'length'].filter((k) => k in target) });
  assert.equal(observe(listsTwo([1, 2, 3])).unlistedIndex, '2');
  assert.equal(observe(listsTwo({ 0: 1, 1: 2, 2: 3 })).unlistedIndex, '2');
  assert.equal(observe(listsTwo([1, 2])).unlistedIndex, undefined);
});

test('lookup: an accessor is compared by presence only, and its getter never runs', () => {
  let calls = 0;
  const observation = observe(Object.defineProperty({}, 'x', { get: () => ++calls, enumerable: true }));
  assert.equal(calls, 0);
  assert.deepEqual(lookupMarkers(observation), []);
});

test('lookup: correct values and clones observe exactly as without the lookups', () => {
  const long = 'k'.repeat(300);
  const values = [
    { a: 1, b: { c: [1, , 3] }, [long]: long, __proto__: null }, // eslint-disable-line no-sparse-arrays
    Object.defineProperty({ 0: 'a', 10: 'b', '-1': 'c', '\ud800': NaN, ['__proto__']: -0 }, 'x', { get() {}, set(v) {} }),
    [, , 'x', { length: 2 }], // eslint-disable-line no-sparse-arrays
    Object.assign([1, 2, 3], { named: true, 4294967295: 'not an index' }),
    Object.assign(new String('abc'), { 3: 'd', 5: 'f' }),
    new Uint8Array([1, 2, 3]),
    Object.assign(new Error('m', { cause: 1 }), { extra: {} }),
    new Map([[{ k: 1 }, [2]]]),
    Object.freeze({ frozen: [Object.seal({ sealed: 1 })] }),
  ];
  for (const value of values) {
    assert.deepEqual(lookupMarkers(observe(value)), []);
    assert.deepEqual(lookupMarkers(caseOf(value, structuredClone)), []);
  }
  assert.deepEqual(JSON.parse(canonicalJSON(observe({ a: [1, , 2] }))), { // eslint-disable-line no-sparse-arrays
    type: 'object', id: 0, kind: 'object', integrity: 'extensible', proto: { type: 'intrinsic', name: '%Object.prototype%' },
    props: [{
      key: 'a', writable: true, enumerable: true, configurable: true,
      value: {
        type: 'object', id: 1, kind: 'array', integrity: 'extensible', proto: { type: 'intrinsic', name: '%Array.prototype%' },
        props: [
          { key: '0', value: { type: 'number', value: '1' }, writable: true, enumerable: true, configurable: true },
          { key: '2', value: { type: 'number', value: '2' }, writable: true, enumerable: true, configurable: true },
          { key: 'length', value: { type: 'number', value: '3' }, writable: true, enumerable: false, configurable: false },
        ],
      },
    }],
  });
});

test('an object whose key list throws is observed with what threw and no properties, and the walk goes on', () => {
  // Bun 1.4.5 does this for an Error whose stack was never read and whose
  // message is a Symbol; a Proxy's ownKeys trap stands in for it here.
  const listsNothing = new Proxy({ a: 1 }, { ownKeys() { throw new TypeError('Cannot convert a symbol to a string'); } });
  const observation = JSON.parse(canonicalJSON(observe([listsNothing, { b: 2 }])));
  const [first, second] = observation.props.map((prop) => prop.value);
  assert.equal(first.ownKeysThrew, '%TypeError.prototype%');
  assert.deepEqual(first.props, []);
  assert.equal(second.props.length, 1);
  assert.deepEqual(diff(observation, JSON.parse(canonicalJSON(observe([{ a: 1 }, { b: 2 }])))).map((d) => [d.path, d.category, d.expected]).slice(0, 1),
    [['$[0]<own keys>', 'keys', 'listing them threw %TypeError.prototype%']]);
});
