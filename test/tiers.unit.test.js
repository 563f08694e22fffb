// The fast-path tiers (src/tiers/): each tier's accept path and every reject
// reason it lists, the catalog and its dispatch, guard coverage counting,
// pollution and proxies, and tiers on ≡ tiers off on tricky values.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import vm from 'node:vm';

import { tiers, selectTier, cloneWithTiers } from '../src/tiers/index.js';
import { MAX_INLINE_PROPERTIES } from '../src/tiers/flat-object-array.js';
import { structuredCloneSpec } from '../src/html/structured-clone.js';
import { captureRealm, currentRealm } from '../src/primordials/realm.js';
import { registerOpaque } from '../src/abstract-ops/brands.js';
import { observe, observeClone, observeThrown, canonicalJSON } from '../src/observe/index.js';
import { build } from '../src/program/index.js';

const byId = Object.fromEntries(tiers.map((tier) => [tier.id, tier]));

/** Every (tier, reason) pair some test asserted, for the completeness check at the end. */
const exercised = new Set();

/**
 * @param {string} id tier id
 * @param {unknown} value
 * @param {string} reason the exact reason the guard must return
 * @param {object} [options]
 */
function assertRejects(id, value, reason, options = {}) {
  assert.equal(byId[id].guard(value, options), reason, `${id} on ${describeShort(value)}`);
  exercised.add(`${id}:${reason}`);
}

/** @param {string} id @param {unknown} value @param {object} [options] */
function assertAccepts(id, value, options = {}) {
  assert.equal(byId[id].guard(value, options), 'accept', `${id} on ${describeShort(value)}`);
}

/** @param {unknown} value */
function describeShort(value) {
  try { return typeof value === 'symbol' ? value.toString() : JSON.stringify(value) ?? String(value); } catch { return typeof value; }
}

const DATA = { writable: true, enumerable: true, configurable: true };

/** Asserts a fresh, extensible ordinary object with these own data properties, in order. */
function assertPlainObject(clone, source, entries, realm = currentRealm) {
  assert.notEqual(clone, source, 'a new object');
  assert.equal(Object.getPrototypeOf(clone), realm.ObjectPrototype);
  assert.equal(Array.isArray(clone), false);
  assert.ok(Object.isExtensible(clone));
  assert.deepEqual(Reflect.ownKeys(clone), entries.map(([k]) => k));
  for (const [key, value] of entries) {
    assert.deepEqual(Object.getOwnPropertyDescriptor(clone, key), { value, ...DATA }, key);
  }
}

/** Asserts a fresh, extensible Array with these elements (and nothing else). */
function assertPlainArray(clone, source, elements, realm = currentRealm) {
  assert.notEqual(clone, source, 'a new array');
  assert.ok(Array.isArray(clone));
  assert.equal(Object.getPrototypeOf(clone), realm.ArrayPrototype);
  assert.ok(Object.isExtensible(clone));
  assert.deepEqual(Reflect.ownKeys(clone), [...elements.map((_, i) => String(i)), 'length']);
  assert.deepEqual(Object.getOwnPropertyDescriptor(clone, 'length'), { value: elements.length, writable: true, enumerable: false, configurable: false });
  elements.forEach((element, i) => {
    const d = Object.getOwnPropertyDescriptor(clone, i);
    assert.ok(Object.is(d.value, element), `element ${i}: ${String(d.value)} vs ${String(element)}`);
    assert.deepEqual({ ...d, value: 0 }, { value: 0, ...DATA });
  });
}

// Shared rejection inputs.
const transfer = () => ({ transfer: [new ArrayBuffer(8)] });
const withGetter = (object, key) => Object.defineProperty(object, key, { get: () => 1, enumerable: true, configurable: true });
const withHidden = (object, key) => Object.defineProperty(object, key, { value: 1, writable: true, enumerable: false, configurable: true });
const namedArray = () => Object.assign([1, 2], { foo: 'bar' });
const proxyOf = (target) => {
  const proxy = new Proxy(target, {});
  registerOpaque(proxy, 'proxy');
  return proxy;
};
const manyProps = (n) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`p${i}`, i]));

// ---------------------------------------------------------------- catalog

test('the catalog lists the seven tiers in engine order, each with provenance and reasons', () => {
  assert.deepEqual(tiers.map((t) => t.id), [
    'primitive-root', 'string-root', 'simple-object', 'int32-array', 'double-array', 'contiguous-array', 'flat-object-array',
  ]);
  assert.ok(Object.isFrozen(tiers));
  for (const tier of tiers) {
    assert.ok(Object.isFrozen(tier) && Object.isFrozen(tier.reasons) && Object.isFrozen(tier.origin), tier.id);
    assert.match(tier.origin.url, /^https:\/\/github\.com\/(oven-sh\/bun|denoland\/deno)\/pull\/\d+$/, tier.id);
    assert.ok(['Bun', 'Deno'].includes(tier.origin.engine), tier.id);
    assert.equal(typeof tier.title, 'string');
    assert.equal(new Set(tier.reasons).size, tier.reasons.length, `${tier.id}: reasons are distinct`);
    assert.ok(!tier.reasons.includes('accept'));
  }
  assert.equal(byId['string-root'].origin.url, 'https://github.com/oven-sh/bun/pull/21926');
  assert.equal(byId['simple-object'].origin.url, 'https://github.com/oven-sh/bun/pull/22279');
  assert.equal(byId['int32-array'].origin.url, 'https://github.com/oven-sh/bun/pull/26814');
  assert.equal(byId['flat-object-array'].origin.url, 'https://github.com/oven-sh/bun/pull/26818');
});

test('every tier refuses a non-empty transfer list and forStorage', () => {
  for (const tier of tiers) {
    const sample = { 'primitive-root': 1, 'string-root': 's', 'simple-object': { a: 1 } }[tier.id] ?? [1];
    assertAccepts(tier.id, sample);
    assertRejects(tier.id, sample, 'transfer-list', transfer());
    assertRejects(tier.id, sample, 'for-storage', { forStorage: true });
  }
});

test('an empty transfer Array is no transfer list, unless converting it would run user code', () => {
  assertAccepts('primitive-root', 1, { transfer: [] });
  // Not an Array: WebIDL iterates it on the spec path.
  assertRejects('primitive-root', 1, 'transfer-list', { transfer: new Set() });
  // A null-prototype array has no @@iterator: the spec path throws TypeError.
  assertRejects('primitive-root', 1, 'transfer-list', { transfer: Object.setPrototypeOf([], null) });
  assert.throws(() => structuredCloneSpec(1, { transfer: Object.setPrototypeOf([], null) }), TypeError);
  const own = [];
  own[Symbol.iterator] = function* () {};
  assertRejects('primitive-root', 1, 'transfer-list', { transfer: own });
  const original = Array.prototype[Symbol.iterator];
  let calls = 0;
  Array.prototype[Symbol.iterator] = function () { calls++; return original.call(this); };
  try {
    assertRejects('primitive-root', 1, 'transfer-list', { transfer: [] });
    assert.equal(cloneWithTiers(1, { transfer: [] }, structuredCloneSpec), 1);
    assert.equal(calls, 1, 'the polluted iterator ran once, on the spec path');
  } finally {
    Array.prototype[Symbol.iterator] = original;
  }
});

test('a transferred buffer is detached even when the root is a primitive', () => {
  const buffer = new ArrayBuffer(8);
  assert.equal(cloneWithTiers(7, { transfer: [buffer] }, structuredCloneSpec), 7);
  assert.equal(buffer.byteLength, 0);
});

// ---------------------------------------------------------------- primitive-root

test('primitive-root returns every primitive as it is, -0, NaN, BigInt and lone surrogates included', () => {
  for (const value of [undefined, null, true, false, 0, -0, NaN, Infinity, 2 ** 53, 12n, -(2n ** 80n), '', 'a\uD800b']) {
    assertAccepts('primitive-root', value);
    assert.ok(Object.is(byId['primitive-root'].clone(value, currentRealm), value), describeShort(value));
  }
});

test('primitive-root refuses symbols and objects', () => {
  assertRejects('primitive-root', Symbol('s'), 'symbol');
  assertRejects('primitive-root', {}, 'object');
  assertRejects('primitive-root', () => 1, 'object');
  assertRejects('primitive-root', new Number(1), 'object');
});

// ---------------------------------------------------------------- string-root

test('string-root takes strings only, and returns the same code units', () => {
  const s = 'x'.repeat(1000) + '\uDC00';
  assertAccepts('string-root', s);
  assert.equal(byId['string-root'].clone(s, currentRealm), s);
  assertRejects('string-root', 1, 'not-string');
  assertRejects('string-root', new String('boxed'), 'not-string');
});

// ---------------------------------------------------------------- simple-object

test('simple-object clones a flat object to a fresh ordinary object, in key order', () => {
  const sym = Symbol('k');
  const source = { b: 'two', a: 1, [sym]: 3, n: null, u: undefined, z: -0, nan: NaN, big: 5n };
  assertAccepts('simple-object', source);
  const clone = byId['simple-object'].clone(source, currentRealm);
  assertPlainObject(clone, source, [['b', 'two'], ['a', 1], ['n', null], ['u', undefined], ['z', -0], ['nan', NaN], ['big', 5n]]);
});

test('simple-object drops the prototype, frozen state and non-extensibility, as the spec does', () => {
  class Point { constructor() { this.x = 1; } }
  for (const source of [
    new Point(),
    Object.assign(Object.create(null), { x: 1 }),
    Object.freeze({ x: 1 }),
    Object.preventExtensions({ x: 1 }),
    Object.assign(Object.create({ inherited: 2 }), { x: 1 }),
  ]) {
    assertAccepts('simple-object', source);
    assertPlainObject(byId['simple-object'].clone(source, currentRealm), source, [['x', 1]]);
  }
});

test('simple-object keeps an own "__proto__" key own', () => {
  const source = JSON.parse('{"__proto__": 1, "a": 2}');
  assertAccepts('simple-object', source);
  const clone = byId['simple-object'].clone(source, currentRealm);
  assertPlainObject(clone, source, [['__proto__', 1], ['a', 2]]);
});

test('simple-object builds the clone with the target realm\'s %Object.prototype%', () => {
  const realm = captureRealm(vm.runInNewContext('globalThis'));
  const clone = cloneWithTiers({ a: 1 }, { realm }, structuredCloneSpec);
  assertPlainObject(clone, undefined, [['a', 1]], realm);
});

test('simple-object refuses everything that is not a flat ordinary object, with the exact reason', () => {
  assertRejects('simple-object', 1, 'not-object');
  assertRejects('simple-object', null, 'not-object');
  assertRejects('simple-object', proxyOf({ a: 1 }), 'proxy');
  assertRejects('simple-object', [1], 'array');
  assertRejects('simple-object', new Date(0), 'not-plain');
  assertRejects('simple-object', () => 1, 'not-plain');
  // A Map whose prototype was replaced still has [[MapData]].
  assertRejects('simple-object', Object.setPrototypeOf(new Map(), Object.prototype), 'not-plain');
  assertRejects('simple-object', Object.assign(new Boolean(false), { a: 1 }), 'not-plain');
  // Classified before any descriptor is read: an Error is refused as not plain,
  // never for its (non-enumerable) own message.
  assertRejects('simple-object', new Error('m'), 'not-plain');
  assertRejects('simple-object', { 0: 'zero', a: 1 }, 'indexed-property');
  assertRejects('simple-object', withGetter({ a: 1 }, 'b'), 'accessor');
  assertRejects('simple-object', withHidden({ a: 1 }, 'b'), 'non-enumerable');
  assertRejects('simple-object', { a: {} }, 'nested-object');
  assertRejects('simple-object', { a: () => 1 }, 'nested-object');
  assertRejects('simple-object', { a: Symbol('v') }, 'symbol');
});

test('simple-object keys that only look like indices are plain names', () => {
  for (const key of ['01', '-0', '1.5', '4294967295', ' 1']) assertAccepts('simple-object', { [key]: 1 });
  for (const key of ['0', '7', '4294967294']) assert.equal(byId['simple-object'].guard({ [key]: 1 }, {}), 'indexed-property', key);
});

// ---------------------------------------------------------------- int32-array

test('int32-array clones a dense int32 array to a fresh Array, int32 edges included', () => {
  const source = [0, 1, -1, 2 ** 31 - 1, -(2 ** 31)];
  assertAccepts('int32-array', source);
  assertPlainArray(byId['int32-array'].clone(source, currentRealm), source, source);
  assertAccepts('int32-array', []);
  assertPlainArray(byId['int32-array'].clone([], currentRealm), undefined, []);
});

test('int32-array accepts Array subclass instances, frozen arrays and custom prototypes and clones them to plain Arrays', () => {
  class List extends Array {}
  const sub = List.from([1, 2]);
  const frozen = Object.freeze([1, 2]);
  const odd = Object.setPrototypeOf([1, 2], { 0: 'never read' });
  for (const source of [sub, frozen, odd]) {
    assertAccepts('int32-array', source);
    assertPlainArray(byId['int32-array'].clone(source, currentRealm), source, [1, 2]);
  }
});

test('int32-array refuses non-arrays, holes, accessors, hidden elements and named properties', () => {
  assertRejects('int32-array', { 0: 1, length: 1 }, 'not-array');
  assertRejects('int32-array', 'str', 'not-array');
  assertRejects('int32-array', proxyOf([1]), 'proxy');
  assertRejects('int32-array', [1, , 3], 'hole');
  const trailing = [1, 2];
  trailing.length = 3;
  assertRejects('int32-array', trailing, 'hole');
  assertRejects('int32-array', withGetter([1, 2], 1), 'accessor');
  assertRejects('int32-array', withHidden([1, 2], 0), 'non-enumerable');
  assertRejects('int32-array', namedArray(), 'named-property');
});

test('int32-array refuses non-int32 elements and -0', () => {
  for (const element of [1.5, 2 ** 31, -(2 ** 31) - 1, NaN, Infinity, '1', 1n, null, true]) {
    assertRejects('int32-array', [1, element], 'non-int32');
  }
  assertRejects('int32-array', [1, -0], 'negative-zero');
});

test('symbol-keyed properties on an array are dropped by the array tiers, as by the spec', () => {
  const source = Object.assign([1, 2], { [Symbol('s')]: 'x' });
  assertAccepts('int32-array', source);
  assertPlainArray(byId['int32-array'].clone(source, currentRealm), source, [1, 2]);
});

// ---------------------------------------------------------------- double-array

test('double-array keeps -0, NaN and infinities as they are', () => {
  const source = [0.5, -0, NaN, Infinity, -Infinity, 2 ** 53, 1];
  assertAccepts('double-array', source);
  assertPlainArray(byId['double-array'].clone(source, currentRealm), source, source);
});

test('double-array refuses what the array tiers refuse, and non-numbers', () => {
  assertRejects('double-array', {}, 'not-array');
  assertRejects('double-array', proxyOf([1.5]), 'proxy');
  assertRejects('double-array', [1.5, , NaN], 'hole');
  assertRejects('double-array', withGetter([1.5, 2.5], 0), 'accessor');
  assertRejects('double-array', withHidden([1.5, 2.5], 1), 'non-enumerable');
  assertRejects('double-array', Object.assign([1.5], { x: 1 }), 'named-property');
  assertRejects('double-array', [1.5, 'a'], 'non-number');
  assertRejects('double-array', [1.5, 1n], 'non-number');
});

// ---------------------------------------------------------------- contiguous-array

test('contiguous-array copies primitives and strings, lone surrogates included', () => {
  const source = ['a', 1, true, null, undefined, 2n, -0, NaN, '\uD800'];
  assertAccepts('contiguous-array', source);
  assertPlainArray(byId['contiguous-array'].clone(source, currentRealm), source, source);
});

test('contiguous-array refuses objects and symbols among the elements', () => {
  assertRejects('contiguous-array', 1, 'not-array');
  assertRejects('contiguous-array', proxyOf(['a']), 'proxy');
  assertRejects('contiguous-array', ['a', , 'c'], 'hole');
  assertRejects('contiguous-array', withGetter(['a', 'b'], 1), 'accessor');
  assertRejects('contiguous-array', withHidden(['a', 'b'], 1), 'non-enumerable');
  assertRejects('contiguous-array', Object.assign(['a'], { b: 'c' }), 'named-property');
  assertRejects('contiguous-array', ['a', {}], 'nested-object');
  assertRejects('contiguous-array', ['a', ['b']], 'nested-object');
  assertRejects('contiguous-array', ['a', Symbol('s')], 'symbol');
});

// ---------------------------------------------------------------- flat-object-array

test('flat-object-array clones each flat object to a fresh ordinary object, primitives as they are', () => {
  const a = { id: 1, name: 'x' };
  const b = { id: 2, name: 'y' };
  const source = [a, 'between', b, 3];
  assertAccepts('flat-object-array', source);
  const clone = byId['flat-object-array'].clone(source, currentRealm);
  assert.ok(Array.isArray(clone) && Object.getPrototypeOf(clone) === Array.prototype && clone !== source);
  assert.deepEqual(Reflect.ownKeys(clone), ['0', '1', '2', '3', 'length']);
  assertPlainObject(clone[0], a, [['id', 1], ['name', 'x']]);
  assert.equal(clone[1], 'between');
  assertPlainObject(clone[2], b, [['id', 2], ['name', 'y']]);
  assert.equal(clone[3], 3);
});

test('the shape cache is reused only when the count and every name match, in order', () => {
  const source = [{ a: 1, b: 2 }, { b: 3, a: 4 }, { a: 5 }, { c: 6 }, { a: 7, b: 8 }, { a: 9, c: 10 }];
  assertAccepts('flat-object-array', source);
  const clone = byId['flat-object-array'].clone(source, currentRealm);
  assertPlainObject(clone[0], source[0], [['a', 1], ['b', 2]]);
  assertPlainObject(clone[1], source[1], [['b', 3], ['a', 4]]);
  assertPlainObject(clone[2], source[2], [['a', 5]]);
  assertPlainObject(clone[3], source[3], [['c', 6]]);
  assertPlainObject(clone[4], source[4], [['a', 7], ['b', 8]]);
  assertPlainObject(clone[5], source[5], [['a', 9], ['c', 10]]);
});

test('an object that appears twice in a flat-object array is one object in the clone', () => {
  const shared = { a: 1 };
  const clone = cloneWithTiers([shared, { a: 2 }, shared], {}, structuredCloneSpec);
  assert.equal(clone[0], clone[2]);
  assert.notEqual(clone[0], shared);
  assert.notEqual(clone[0], clone[1]);
});

test(`flat-object-array takes objects of up to ${MAX_INLINE_PROPERTIES} properties and refuses more`, () => {
  assert.equal(MAX_INLINE_PROPERTIES, 64);
  assertAccepts('flat-object-array', [manyProps(64)]);
  assertRejects('flat-object-array', [{ a: 1 }, manyProps(65)], 'too-many-properties');
  // The root simple-object tier has no such limit.
  assertAccepts('simple-object', manyProps(65));
});

test('flat-object-array refuses every element that is not flat, with the exact reason', () => {
  assertRejects('flat-object-array', { a: 1 }, 'not-array');
  assertRejects('flat-object-array', proxyOf([{ a: 1 }]), 'proxy');
  assertRejects('flat-object-array', [{ a: 1 }, proxyOf({ a: 1 })], 'proxy');
  assertRejects('flat-object-array', [{ a: 1 }, , { a: 2 }], 'hole');
  assertRejects('flat-object-array', withGetter([{ a: 1 }, 2], 0), 'accessor');
  assertRejects('flat-object-array', [withGetter({ a: 1 }, 'b')], 'accessor');
  assertRejects('flat-object-array', withHidden([{ a: 1 }, 2], 0), 'non-enumerable');
  assertRejects('flat-object-array', [withHidden({ a: 1 }, 'b')], 'non-enumerable');
  assertRejects('flat-object-array', Object.assign([{ a: 1 }], { extra: true }), 'named-property');
  assertRejects('flat-object-array', [{ a: 1 }, Symbol('s')], 'symbol');
  assertRejects('flat-object-array', [{ a: Symbol('s') }], 'symbol');
  assertRejects('flat-object-array', [{ a: { deep: 1 } }], 'nested-object');
  assertRejects('flat-object-array', [{ a: 1 }, () => 1], 'nested-object');
  assertRejects('flat-object-array', [{ a: 1 }, [1]], 'array');
  assertRejects('flat-object-array', [{ a: 1 }, new Date(0)], 'not-plain');
  assertRejects('flat-object-array', [{ 0: 'x' }], 'indexed-property');
});

// ---------------------------------------------------------------- dispatch and coverage

test('selectTier names the tier that takes a value and why the earlier ones refused', () => {
  const { tier, rejections } = selectTier([1.5], {});
  assert.equal(tier.id, 'double-array');
  assert.ok(Array.isArray(rejections) && Object.getPrototypeOf(rejections) === Array.prototype);
  assert.deepEqual(rejections.map((r) => ({ ...r })), [
    { tier: 'primitive-root', reason: 'object' },
    { tier: 'string-root', reason: 'not-string' },
    { tier: 'simple-object', reason: 'array' },
    { tier: 'int32-array', reason: 'non-int32' },
  ]);
  assert.equal(selectTier('s', {}).tier.id, 'primitive-root', 'primitive-root comes first and takes strings too');
  assert.equal(selectTier({ a: {} }, {}).tier, undefined);
  assert.equal(selectTier({ a: {} }, {}).rejections.length, tiers.length);
});

test('coverage counts every refusal, the accepting tier and the spec fallback', () => {
  const coverage = {};
  cloneWithTiers([1, 2], { coverage }, structuredCloneSpec);
  cloneWithTiers([1, 2], { coverage }, structuredCloneSpec);
  cloneWithTiers({ a: [1] }, { coverage }, structuredCloneSpec);
  assert.deepEqual(JSON.parse(JSON.stringify(coverage)), {
    'primitive-root': { object: 3 },
    'string-root': { 'not-string': 3 },
    'simple-object': { array: 2, 'nested-object': 1 },
    'int32-array': { accept: 2, 'not-array': 1 },
    'double-array': { 'not-array': 1 },
    'contiguous-array': { 'not-array': 1 },
    'flat-object-array': { 'not-array': 1 },
    spec: { taken: 1 },
  });
});

test('coverage counting does not reach a setter on Object.prototype', () => {
  let calls = 0;
  for (const key of ['spec', 'taken', 'accept', 'primitive-root']) {
    Object.defineProperty(Object.prototype, key, { set() { calls++; }, get() { return undefined; }, configurable: true });
  }
  try {
    const coverage = {};
    cloneWithTiers(1, { coverage }, structuredCloneSpec);
    cloneWithTiers(1, { coverage }, structuredCloneSpec);
    assert.equal(calls, 0);
    assert.equal(Object.getOwnPropertyDescriptor(coverage, 'primitive-root').value.accept, 2);
  } finally {
    for (const key of ['spec', 'taken', 'accept', 'primitive-root']) delete Object.prototype[key];
  }
});

test('cloneWithTiers hands refused values to the spec path with the same options', () => {
  const seen = [];
  const options = { forStorage: true };
  const result = cloneWithTiers(1, options, (value, o) => { seen.push([value, o]); return 'from spec'; });
  assert.equal(result, 'from spec');
  assert.deepEqual(seen, [[1, options]]);
  assert.equal(seen[0][1], options);
});

// ---------------------------------------------------------------- pollution and proxies

test('a setter on Array.prototype or Object.prototype is never called by a tier clone', () => {
  const calls = [];
  const keys = [[Array.prototype, '0'], [Array.prototype, '1'], [Object.prototype, 'a'], [Object.prototype, '0']];
  for (const [proto, key] of keys) {
    Object.defineProperty(proto, key, { set(v) { calls.push([key, v]); }, get() { return 'inherited'; }, configurable: true });
  }
  try {
    for (const [value, id] of [[[1, 2], 'int32-array'], [[1.5, 2], 'double-array'], [['x', 'y'], 'contiguous-array'],
      [{ a: 1 }, 'simple-object'], [[{ a: 1 }, 'y'], 'flat-object-array']]) {
      assert.equal(selectTier(value, {}).tier.id, id);
      const clone = cloneWithTiers(value, {}, structuredCloneSpec);
      for (const key of Reflect.ownKeys(value)) {
        const d = Object.getOwnPropertyDescriptor(clone, key);
        assert.ok(d && Object.hasOwn(d, 'value'), `${id}: own ${String(key)}`);
      }
      if (id === 'flat-object-array') assert.deepEqual(Object.getOwnPropertyDescriptor(clone[0], 'a'), { value: 1, ...DATA });
    }
    assert.deepEqual(calls, []);
  } finally {
    for (const [proto, key] of keys) delete proto[key];
  }
});

test('guards refuse a Proxy without calling any of its traps', () => {
  const trapped = [];
  const handler = new Proxy({}, { get: (_, trap) => { trapped.push(trap); return undefined; } });
  for (const target of [[1, 2], { a: 1 }, [{ a: 1 }]]) {
    const proxy = new Proxy(target, handler);
    registerOpaque(proxy, 'proxy');
    for (const tier of tiers) {
      const verdict = tier.guard(proxy, {});
      assert.notEqual(verdict, 'accept', tier.id);
      assert.ok(['proxy', 'object', 'not-string'].includes(verdict), `${tier.id}: ${verdict}`);
      tier.guard([proxy], {});
      tier.guard([{ a: 1 }, proxy], {});
    }
  }
  assert.deepEqual(trapped, []);
});

/**
 * A fresh Error whose `stack` nobody has read yet (V8 formats it on the first
 * read of it or of its descriptor, through Error.prototype.toString), with a
 * `message` getter and a `name` getter that record each call in `log`.
 * @param {string[]} log
 */
function errorWithUnformattedStack(log) {
  const error = new RangeError();
  Object.defineProperty(error, 'message', { get() { log.push('get message'); return 'm'; }, configurable: true });
  Object.defineProperty(error, 'name', { get() { log.push('get name'); return 'RangeError'; }, configurable: true });
  return error;
}

test('guards refuse an Error without reading its stack: its message and name getters do not run', () => {
  for (const tier of tiers) {
    for (const wrap of [(error) => error, (error) => [error], (error) => [{ a: 1 }, error]]) {
      const log = [];
      assert.notEqual(tier.guard(wrap(errorWithUnformattedStack(log)), {}), 'accept', tier.id);
      assert.deepEqual(log, [], tier.id);
    }
  }
});

test('the reference clones an Error program with an untouched stack without running its getters, tiers on and off alike', () => {
  // Part of the program: the Error's name and message getters log to its effects log.
  const program = {
    schema: 'clonecheck/program@1', root: { ref: 0 }, objects: [{
      kind: 'error', type: 'TypeError', stack: 'untouched',
      props: [{ key: 'message', get: { returns: 'g' } }, { key: 'name', get: { returns: 'TypeError' } }],
    }],
    sender: [{ on: 'Error.prototype', key: 'name', get: { returns: 'Error' } }],
  };
  const caseWith = (tiersOn) => {
    const built = build(program);
    try {
      const clone = () => (tiersOn ? cloneWithTiers(built.value, {}, structuredCloneSpec) : structuredCloneSpec(built.value));
      return observeClone({ input: built.value, clone, effects: built.effects });
    } finally {
      built.restore();
    }
  };
  const on = caseWith(true);
  const off = caseWith(false);
  // The spec path's one Get of "name" (step 17.1); no message getter, no formatting.
  assert.deepEqual(off.effects, [{ event: 'get', on: '#0', key: 'name' }]);
  assert.equal(canonicalJSON(on), canonicalJSON(off));
});

test('a hole is never filled from the prototype, even when the prototype has that index', () => {
  Array.prototype[1] = 'from prototype';
  try {
    const source = [1, , 3];
    for (const tier of tiers) assert.notEqual(tier.guard(source, {}), 'accept', tier.id);
    const clone = cloneWithTiers(source, {}, structuredCloneSpec);
    assert.equal(Object.hasOwn(clone, 1), false);
    assert.equal(clone.length, 3);
  } finally {
    delete Array.prototype[1];
  }
});

// ---------------------------------------------------------------- tiers on ≡ tiers off

/**
 * Everything script can observe about a value without running its code: type,
 * number identity (-0, NaN), prototype (by name), array-ness, extensibility,
 * every own key in order with its full descriptor (accessors by presence),
 * object identity within the graph (shared references, cycles).
 * @param {unknown} root
 * @param {Map<object, string>} names known objects (intrinsics) by name
 */
function describe(root, names) {
  const ids = new Map();
  const walk = (value) => {
    if (typeof value === 'number') return Object.is(value, -0) ? { number: '-0' } : { number: String(value) };
    if (typeof value === 'bigint') return { bigint: String(value) };
    if (typeof value === 'symbol') return { symbol: String(value.description) };
    if ((typeof value !== 'object' || value === null) && typeof value !== 'function') return { [typeof value]: value ?? String(value) };
    if (names.has(value)) return { intrinsic: names.get(value) };
    if (ids.has(value)) return { ref: ids.get(value) };
    ids.set(value, ids.size);
    const proto = Object.getPrototypeOf(value);
    return {
      id: ids.get(value),
      array: Array.isArray(value),
      extensible: Object.isExtensible(value),
      proto: proto === null ? null : walk(proto),
      date: value instanceof Date ? value.getTime() : undefined,
      own: Reflect.ownKeys(value).map((key) => {
        // An Error's stack by presence only, as src/observe reports it: its
        // text names the line that made the error, and reading it formats it.
        if (key === 'stack') return { key, implementationDefined: true };
        const d = Object.getOwnPropertyDescriptor(value, key);
        return {
          key: typeof key === 'symbol' ? `@@${key.description}` : key,
          ...(Object.hasOwn(d, 'value') ? { value: walk(d.value), writable: d.writable } : { get: typeof d.get, set: typeof d.set }),
          enumerable: d.enumerable,
          configurable: d.configurable,
        };
      }),
    };
  };
  return walk(root);
}

const NAMES = new Map([[Object.prototype, 'Object.prototype'], [Array.prototype, 'Array.prototype'], [Date.prototype, 'Date.prototype']]);

/**
 * Runs `make()` twice, clones one value with tiers and one without, and
 * compares what comes out (value or thrown error) and the effects logged,
 * both with the structural description above and with src/observe.
 */
function assertInvisible(label, make, options = () => ({})) {
  const outcome = (tiersOn) => {
    const log = [];
    const value = make(log);
    try {
      const opts = options();
      const clone = tiersOn ? cloneWithTiers(value, opts, structuredCloneSpec) : structuredCloneSpec(value, opts);
      // The effects of cloning only: describing the values afterwards may run
      // code of their own.
      const effects = [...log];
      return {
        value: describe(clone, NAMES), observed: canonicalJSON(observe(clone)), effects, inputAfter: describe(value, NAMES),
      };
    } catch (error) {
      return {
        thrown: { name: error.name, code: error.code, ctor: error.constructor.name },
        observed: canonicalJSON(observeThrown(error)), effects: [...log],
      };
    }
  };
  assert.deepStrictEqual(outcome(true), outcome(false), label);
}

const TRICKY = {
  'primitive -0': () => -0,
  'NaN': () => NaN,
  'lone surrogate string': () => '\uD800x',
  'BigInt': () => -(2n ** 65n),
  'symbol root': () => Symbol('s'),
  'int32 edges': () => [2 ** 31 - 1, -(2 ** 31), 0, 2 ** 31],
  '-0 in an int-looking array': () => [1, 2, -0],
  'NaN and infinities': () => [NaN, Infinity, -Infinity, 0.1],
  'holes': () => [1, , 3, , 'x'],
  'trailing hole': () => { const a = [1]; a.length = 4; return a; },
  'hole with prototype getter': (log) => {
    const a = [1, , 3];
    Object.setPrototypeOf(a, Object.create(Array.prototype, { 1: { get() { log.push('proto getter'); return 2; } } }));
    return a;
  },
  'element getter': (log) => Object.defineProperty([1, 2], 0, { get() { log.push('get 0'); return 7; }, enumerable: true }),
  'element getter that deletes a later element': (log) => {
    const a = [1, 2, 3];
    Object.defineProperty(a, 0, { get() { log.push('get 0'); delete a[2]; return 0; }, enumerable: true, configurable: true });
    return a;
  },
  'non-enumerable element': () => withHidden([1, 2, 3], 1),
  'named property on array': () => Object.assign([1, 2], { foo: 'bar', 10: 'ten' }),
  'symbol key on array': () => Object.assign([1], { [Symbol('s')]: 1 }),
  'Array subclass': () => { class L extends Array {} return L.of(1, 'a', null); },
  'frozen array': () => Object.freeze([1, 'a']),
  'array with non-writable length': () => Object.defineProperty([1, 2], 'length', { writable: false }),
  'symbol element': () => ['a', Symbol('s')],
  'function element': () => [1, () => 1],
  'Date element': () => [new Date(5)],
  'nested arrays': () => [[1], [2, [3]]],
  'flat object': () => ({ b: 1, a: 'x', [Symbol('s')]: 2, z: -0 }),
  'object with getter': (log) => ({ a: 1, get b() { log.push('get b'); return 2; } }),
  'object with getter that adds and deletes': (log) => {
    const o = { a: 1, get b() { log.push('get b'); delete this.c; this.d = 4; return 2; }, c: 3 };
    return o;
  },
  'non-enumerable property': () => withHidden({ a: 1 }, 'b'),
  'indexed and named keys': () => ({ b: 1, 2: 'two', 0: 'zero', a: 2 }),
  'null prototype object': () => Object.assign(Object.create(null), { a: 1 }),
  'class instance': () => { class P { #secret = 1; constructor() { this.x = 1; } } return new P(); },
  'frozen object': () => Object.freeze({ a: 1 }),
  'non-extensible object': () => Object.preventExtensions({ a: 1 }),
  'own __proto__ key': () => JSON.parse('{"__proto__": {"x": 1}, "a": 1}'),
  'own __proto__ with primitive': () => JSON.parse('{"__proto__": 1}'),
  'object with symbol value': () => ({ a: Symbol('v') }),
  'Map with Object.prototype': () => Object.setPrototypeOf(new Map([[1, 2]]), Object.prototype),
  'registered Proxy': () => proxyOf({ a: 1 }),
  'array of registered Proxy': () => [proxyOf({ a: 1 })],
  '65 properties': () => manyProps(65),
  'array of 64 and 65 properties': () => [manyProps(64), manyProps(65)],
  'flat objects with shape changes': () => [{ a: 1, b: 2 }, { b: 1, a: 2 }, { a: 1 }, { c: 1 }, 'x', { a: 1, b: 2 }],
  'shared flat object': () => { const s = { a: 1 }; return [s, { a: 1 }, s]; },
  'cycle': () => { const a = [1]; a.push(a); return a; },
  'object with indexed element in array': () => [{ 0: 1, a: 2 }],
  'Error with an unformatted stack and message and name getters': errorWithUnformattedStack,
  'array holding such an Error after a flat object': (log) => [{ a: 1 }, errorWithUnformattedStack(log)],
};

for (const [label, make] of Object.entries(TRICKY)) {
  test(`tiers on ≡ tiers off: ${label}`, () => assertInvisible(label, make));
}

test('tiers on ≡ tiers off under Array.prototype and Object.prototype setters', () => {
  const log = [];
  const keys = [[Array.prototype, '0'], [Array.prototype, '2'], [Object.prototype, 'a'], [Object.prototype, 'b']];
  for (const [proto, key] of keys) {
    Object.defineProperty(proto, key, { set(v) { log.push(`set ${key}`); }, get() { log.push(`get ${key}`); return 'inherited'; }, configurable: true });
  }
  try {
    for (const label of ['holes', 'flat object', 'flat objects with shape changes', 'int32 edges', 'trailing hole', 'indexed and named keys']) {
      assertInvisible(label, TRICKY[label]);
    }
  } finally {
    for (const [proto, key] of keys) delete proto[key];
  }
});

test('tiers on ≡ tiers off under every spec profile, on errors among the values the tiers take', () => {
  const errorsAmongFlatValues = () => {
    const inner = new TypeError('t');
    const aggregate = new AggregateError([inner, { a: 1 }], 'agg', { cause: inner });
    return [{ a: 1 }, aggregate, new RangeError('r', { cause: [1, 2, 3] }), { b: 2 }];
  };
  for (const spec of ['html', 'html+cause', 'html+cause+aggregate']) {
    assertInvisible(`errors under ${spec}`, errorsAmongFlatValues, () => ({ spec }));
    assertInvisible(`int32 array under ${spec}`, () => [1, 2, 3], () => ({ spec }));
    assertInvisible(`flat object under ${spec}`, () => ({ a: 1, b: 'x' }), () => ({ spec }));
  }
});

test('tiers on ≡ tiers off with transfer lists and forStorage', () => {
  assertInvisible('primitive with transfer', () => 1, () => ({ transfer: [new ArrayBuffer(4)] }));
  assertInvisible('array with forStorage', () => [1, 2], () => ({ forStorage: true }));
  assertInvisible('object with empty transfer', () => ({ a: 1 }), () => ({ transfer: [] }));
});

// ---------------------------------------------------------------- completeness

// Tests run in file order, so this one sees what every test above asserted.
test('every reject reason a tier lists is asserted by some test', () => {
  const missing = tiers.flatMap((tier) => tier.reasons.map((r) => `${tier.id}:${r}`)).filter((k) => !exercised.has(k));
  assert.deepEqual(missing, []);
});

test('every reason a guard returns in these tests is one its tier lists', () => {
  for (const key of exercised) {
    const [id, reason] = key.split(':');
    assert.ok(byId[id].reasons.includes(reason), key);
  }
});
