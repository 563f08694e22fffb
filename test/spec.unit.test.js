// The spec path, branch by branch (HTML 2.7.3 StructuredSerializeInternal,
// 2.7.6 StructuredDeserialize, 2.7.7–2.7.8 transfer, 2.7.10 structuredClone).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import vm from 'node:vm';

import { structuredCloneSpec as clone } from '../src/html/structured-clone.js';
import { StructuredSerializeInternal, StructuredSerialize } from '../src/html/serialize.js';
import { StructuredDeserialize } from '../src/html/deserialize.js';
import { captureRealm } from '../src/primordials/realm.js';
import { registerOpaque, setHostHooks } from '../src/abstract-ops/brands.js';
import { isLengthTracking, IsDetachedBuffer } from '../src/abstract-ops/buffers.js';

/** @param {() => unknown} fn @param {number} step */
function assertDataCloneError(fn, step) {
  assert.throws(fn, (error) => {
    assert.equal(error.name, 'DataCloneError');
    assert.equal(error.code, 25);
    assert.ok(error instanceof DOMException, 'a DOMException where the host has one');
    if (step !== undefined) assert.match(error.message, new RegExp(`step ${step}\\b`));
    return true;
  });
}

const dataProperty = (value) => ({ value, writable: true, enumerable: true, configurable: true });

test('primitives are returned as they are, -0 and NaN included (step 4)', () => {
  for (const value of [undefined, null, true, false, 0, 1.5, NaN, Infinity, -Infinity, 2n ** 70n, '', 'a\uD800b']) {
    assert.ok(Object.is(clone(value), value), String(value));
  }
  assert.ok(Object.is(clone(-0), -0));
});

test('a Symbol throws DataCloneError, at the root and nested (step 5)', () => {
  assertDataCloneError(() => clone(Symbol('s')), 5);
  assertDataCloneError(() => clone({ a: [Symbol.iterator] }), 5);
});

test('symbol-keyed properties are dropped, not refused (EnumerableOwnProperties takes string keys)', () => {
  const c = clone({ [Symbol('k')]: 1, a: 2 });
  assert.deepEqual(Reflect.ownKeys(c), ['a']);
});

test('wrapper objects keep their primitive and become wrappers in the target realm (steps 7–10)', () => {
  const negativeZero = clone(new Number(-0));
  assert.equal(typeof negativeZero, 'object');
  assert.ok(Object.is(negativeZero.valueOf(), -0));
  assert.equal(clone(new Boolean(false)).valueOf(), false);
  assert.equal(clone(Object(12n)).valueOf(), 12n);
  const s = new String('ab');
  s.extra = 1;
  const c = clone(s);
  assert.equal(c.valueOf(), 'ab');
  assert.deepEqual(Object.keys(c), ['0', '1'], 'own properties of a wrapper are not copied');
});

test('a Symbol wrapper is refused as an object with another internal slot (step 22)', () => {
  assertDataCloneError(() => clone(Object(Symbol('s'))), 22);
});

test('Date keeps its time value only, NaN included (step 11)', () => {
  const d = new Date(1234);
  d.note = 'dropped';
  const c = clone(d);
  assert.equal(c.getTime(), 1234);
  assert.deepEqual(Object.keys(c), []);
  assert.ok(Number.isNaN(clone(new Date(NaN)).getTime()));
});

test('RegExp keeps source and flags; lastIndex resets to 0 (step 12)', () => {
  const r = /a\/b+/dgimsuy;
  r.lastIndex = 3;
  r.own = 1;
  const c = clone(r);
  assert.equal(c.source, r.source);
  assert.equal(c.flags, 'dgimsuy');
  assert.equal(c.lastIndex, 0);
  assert.equal(Object.hasOwn(c, 'own'), false);
  assert.equal(clone(/[\p{L}--a]/v).flags, 'v');
});

test('RegExp flags are read from [[OriginalFlags]], not through polluted getters', () => {
  const original = Object.getOwnPropertyDescriptor(RegExp.prototype, 'global');
  let calls = 0;
  Object.defineProperty(RegExp.prototype, 'global', { get() { calls++; return false; }, configurable: true });
  try {
    const c = clone(/x/g);
    Object.defineProperty(RegExp.prototype, 'global', original);
    assert.equal(c.flags, 'g');
    assert.equal(calls, 0);
  } finally {
    Object.defineProperty(RegExp.prototype, 'global', original);
  }
});

test('ArrayBuffer bytes are copied; resizable keeps maxByteLength (step 13.2)', () => {
  const buffer = new ArrayBuffer(4, { maxByteLength: 12 });
  new Uint8Array(buffer).set([1, 2, 3, 4]);
  const c = clone(buffer);
  assert.notEqual(c, buffer);
  assert.deepEqual([...new Uint8Array(c)], [1, 2, 3, 4]);
  assert.equal(c.resizable, true);
  assert.equal(c.maxByteLength, 12);
  assert.equal(clone(new ArrayBuffer(2)).resizable, false);
});

test('a detached ArrayBuffer throws DataCloneError (step 13.2.1)', () => {
  const buffer = new ArrayBuffer(8);
  structuredClone(buffer, { transfer: [buffer] });
  assert.equal(IsDetachedBuffer(buffer), true);
  assertDataCloneError(() => clone({ buffer }), '13.2.1');
});

test('SharedArrayBuffer shares memory; forStorage refuses it (step 13.1)', () => {
  const shared = new SharedArrayBuffer(4);
  const c = clone(shared);
  assert.notEqual(c, shared);
  new Uint8Array(shared)[0] = 7;
  assert.equal(new Uint8Array(c)[0], 7, 'same data block');
  assertDataCloneError(() => clone(shared, { forStorage: true }), '13.1.2');
  assertDataCloneError(() => clone(shared, { crossOriginIsolated: false }), '13.1.1');
});

test('views share the clone of their buffer and keep offset and length (step 14)', () => {
  const buffer = new ArrayBuffer(16);
  const a = new Int16Array(buffer, 2, 3);
  const b = new DataView(buffer, 4, 8);
  const c = clone([a, b]);
  assert.equal(c[0].buffer, c[1].buffer);
  assert.ok(c[0] instanceof Int16Array);
  assert.deepEqual([c[0].byteOffset, c[0].length], [2, 3]);
  assert.ok(c[1] instanceof DataView);
  assert.deepEqual([c[1].byteOffset, c[1].byteLength], [4, 8]);
  assert.equal(c[0].buffer.byteLength, 16);
});

test('length-tracking views stay length-tracking, fixed ones stay fixed (step 14, [[ArrayLength]] auto)', () => {
  const buffer = new ArrayBuffer(8, { maxByteLength: 32 });
  new Uint8Array(buffer).set([1, 2, 3, 4, 5, 6, 7, 8]);
  const tracking = new Uint16Array(buffer, 2);
  const fixed = new Uint16Array(buffer, 2, 3);
  const emptyTracking = new Uint8Array(buffer, 8);
  assert.deepEqual([isLengthTracking(tracking), isLengthTracking(fixed), isLengthTracking(emptyTracking)], [true, false, true]);
  // The probe shrinks the buffer to one element short of the view's end: a fixed view short of the buffer's end too.
  assert.deepEqual([isLengthTracking(new DataView(buffer, 3)), isLengthTracking(new DataView(buffer, 3, 4)), isLengthTracking(new Uint16Array(buffer, 0, 2))], [true, false, false]);
  assert.deepEqual([...new Uint8Array(buffer)], [1, 2, 3, 4, 5, 6, 7, 8], 'the probes leave the bytes as they were');
  assert.equal(buffer.byteLength, 8);
  const c = clone({ tracking, fixed, emptyTracking });
  c.tracking.buffer.resize(16);
  assert.equal(c.tracking.length, 7);
  assert.equal(c.fixed.length, 3);
  assert.equal(c.emptyTracking.length, 8);
});

test('an out-of-bounds view throws DataCloneError (step 14.1)', () => {
  const buffer = new ArrayBuffer(8, { maxByteLength: 8 });
  const view = new Uint8Array(buffer, 4, 4);
  buffer.resize(6);
  assertDataCloneError(() => clone(view), '14.1');
});

test('a view serialized after a getter grew its resizable buffer, which was serialized shorter, lands out of bounds with its own offset and length: no RangeError (step 16.2–16.3)', () => {
  const buffer = new ArrayBuffer(8, { maxByteLength: 16 });
  new Uint8Array(buffer).set([1, 2, 3, 4, 5, 6, 7, 8]);
  const dataView = new DataView(buffer, 2, 4);
  const typed = new Uint16Array(buffer, 4, 2);
  const tracking = new DataView(buffer, 6);
  buffer.resize(4);
  // The buffer is serialized with its 4 bytes, then the getter grows it: each view is in bounds when its turn comes.
  const source = { buffer };
  Object.defineProperty(source, 'grow', { enumerable: true, get() { buffer.resize(8); return 0; } });
  Object.assign(source, { dataView, typed, tracking });
  const landed = clone(source);
  assert.equal(landed.buffer.byteLength, 4);
  assert.deepEqual([...new Uint8Array(landed.buffer)], [1, 2, 3, 4], 'the shrink back keeps the bytes');
  assert.throws(() => landed.dataView.byteLength, TypeError, 'out of bounds (ECMA-262 IsViewOutOfBounds)');
  assert.equal(landed.typed.length, 0, 'out of bounds (ECMA-262 IsTypedArrayOutOfBounds)');
  assert.throws(() => landed.tracking.byteLength, TypeError);
  landed.buffer.resize(8);
  assert.deepEqual([landed.dataView.byteOffset, landed.dataView.byteLength], [2, 4]);
  assert.deepEqual([landed.typed.byteOffset, landed.typed.length], [4, 2]);
  assert.deepEqual([landed.tracking.byteOffset, landed.tracking.byteLength], [6, 2], 'still length-tracking');
  landed.buffer.resize(12);
  assert.equal(landed.tracking.byteLength, 6);
});

test('Map and Set entries are cloned in order, keys included (steps 15–16, 26.1–26.2)', () => {
  const key = { k: 1 };
  const m = clone(new Map([[key, 'v'], [NaN, key]]));
  const [[k1, v1], [k2, v2]] = [...m];
  assert.deepEqual(k1, { k: 1 });
  assert.equal(v1, 'v');
  assert.ok(Number.isNaN(k2));
  assert.equal(v2, k1, 'shared references survive across keys and values');
  assert.deepEqual([...clone(new Set([3, 1, 2]))], [3, 1, 2]);
});

test('Map entries are copied before any is serialized: an entry added by a getter is not visited (step 26.1.1)', () => {
  const map = new Map();
  map.set('a', { get x() { map.set('late', 1); return 1; } });
  const c = clone(map);
  assert.deepEqual([...c.keys()], ['a']);
  assert.equal(map.size, 2);
});

test('Map and Set clones ignore a polluted Map.prototype.set / Set.prototype.add', () => {
  const { set } = Map.prototype;
  const { add } = Set.prototype;
  const input = [new Map([[1, 2]]), new Set([3])];
  Map.prototype.set = () => { throw new Error('polluted set called'); };
  Set.prototype.add = () => { throw new Error('polluted add called'); };
  try {
    const c = clone(input);
    Map.prototype.set = set;
    Set.prototype.add = add;
    assert.equal(c[0].get(1), 2);
    assert.equal(c[1].has(3), true);
  } finally {
    Map.prototype.set = set;
    Set.prototype.add = add;
  }
});

test('Error keeps one of the seven native names, else "Error" (step 17.2)', () => {
  assert.equal(Object.getPrototypeOf(clone(new TypeError('t'))), TypeError.prototype);
  const custom = new RangeError('r');
  custom.name = 'CustomError';
  const c = clone(custom);
  assert.equal(Object.getPrototypeOf(c), Error.prototype);
  assert.equal(c.name, 'Error');
  const boxedName = new Error('x');
  boxedName.name = new String('TypeError');
  assert.equal(Object.getPrototypeOf(clone(boxedName)), Error.prototype, 'a non-string name is not ToString-ed');
});

test('Error name is read with Get: a getter on the prototype chain runs (step 17.1)', () => {
  let calls = 0;
  const error = new Error('m');
  Object.setPrototypeOf(error, Object.create(Error.prototype, { name: { get() { calls++; return 'SyntaxError'; } } }));
  const c = clone(error);
  assert.equal(calls, 1);
  assert.equal(Object.getPrototypeOf(c), SyntaxError.prototype);
});

test('Error message comes only from an own data property and becomes non-enumerable (steps 17.3–17.4, 21.10)', () => {
  const c = clone(new Error('hello'));
  assert.deepEqual(Object.getOwnPropertyDescriptor(c, 'message'), { value: 'hello', writable: true, enumerable: false, configurable: true });
  // Node has no Error.prototype.stack accessor: the own `stack` stands for [[Stack]] (step 21.12).
  assert.deepEqual(Reflect.ownKeys(c), ['message', 'stack'], 'no cause, no engine-specific own properties but the stack');
  const accessor = new Error();
  let called = false;
  Object.defineProperty(accessor, 'message', { get() { called = true; return 'no'; } });
  assert.equal(Object.hasOwn(clone(accessor), 'message'), false);
  assert.equal(called, false);
  const inherited = Object.create(Object.getPrototypeOf(new Error()));
  const noMessage = new Error();
  assert.equal(Object.hasOwn(clone(noMessage), 'message'), false);
  assert.ok(inherited);
  const numeric = new Error();
  Object.defineProperty(numeric, 'message', { value: 42 });
  assert.equal(clone(numeric).message, '42', 'ToString of the data value');
});

test('Error cause and extra own properties are not carried (not in the spec text)', () => {
  const error = new Error('m', { cause: { deep: 1 } });
  error.extra = 1;
  const c = clone(error);
  assert.equal(Object.hasOwn(c, 'cause'), false);
  assert.equal(Object.hasOwn(c, 'extra'), false);
});

test('[[Stack]] is carried: the clone\'s stack is the original\'s text, on every profile (steps 17.5, 21.12)', () => {
  for (const spec of ['html', 'html+cause', 'html+cause+aggregate']) {
    for (const Kind of [Error, TypeError, URIError]) {
      const error = new Kind('m');
      const c = clone(error, { spec });
      assert.equal(typeof c.stack, 'string');
      assert.equal(c.stack, error.stack, `${Kind.name} under ${spec}`);
      assert.equal(Object.getOwnPropertyDescriptor(c, 'stack').enumerable, false);
    }
  }
  const rewritten = new Error('m');
  rewritten.stack = 'a stack set by script';
  assert.equal(clone(rewritten).stack, 'a stack set by script', 'without the accessor the own property is the slot');
});

test('[[Stack]] of an error whose formatting would run script is not read: the getters run once, the clone has a stack', () => {
  let calls = 0;
  const error = new Error('m');
  Object.defineProperty(error, 'message', { get() { calls++; return 'g'; } });
  Object.defineProperty(error, 'name', { get() { calls++; return 'TypeError'; } });
  const c = clone(error);
  assert.equal(calls, 1, 'name read once by step 17.1, the message getter never');
  assert.equal(typeof c.stack, 'string');
});

test('html: cause, errors and AggregateError are not carried (whatwg/html#11321, #5749 open)', () => {
  const aggregate = new AggregateError([new TypeError('t')], 'agg', { cause: 'why' });
  const c = clone(aggregate);
  assert.equal(Object.getPrototypeOf(c), Error.prototype);
  assert.equal(c.message, 'agg');
  assert.equal(Object.hasOwn(c, 'cause'), false);
  assert.equal(Object.hasOwn(c, 'errors'), false);
});

test('html+cause: the own cause data property is cloned deeply, non-enumerable; a cycle through it is kept', () => {
  const error = new RangeError('m', { cause: { deep: [1, 2] } });
  const c = clone(error, { spec: 'html+cause' });
  assert.deepEqual(c.cause, { deep: [1, 2] });
  assert.notEqual(c.cause, error.cause);
  assert.deepEqual(Object.getOwnPropertyDescriptor(c, 'cause'), { value: c.cause, writable: true, enumerable: false, configurable: true });
  const cyclic = new Error('c');
  cyclic.cause = cyclic;
  const cc = clone(cyclic, { spec: 'html+cause' });
  assert.equal(cc.cause, cc);
  let called = false;
  const accessor = new Error('a');
  Object.defineProperty(accessor, 'cause', { get() { called = true; return 1; } });
  assert.equal(Object.hasOwn(clone(accessor, { spec: 'html+cause' }), 'cause'), false, 'an accessor cause is not read');
  assert.equal(called, false);
  assert.throws(() => clone(new Error('s', { cause: Symbol('no') }), { spec: 'html+cause' }), { name: 'DataCloneError' });
  assert.equal(Object.getPrototypeOf(clone(new AggregateError([], 'x'), { spec: 'html+cause' })), Error.prototype);
});

test('html+cause+aggregate: an AggregateError stays one, with its errors cloned and shared identity kept', () => {
  const inner = new TypeError('t');
  const aggregate = new AggregateError([inner, inner, 3], 'agg', { cause: inner });
  const c = clone(aggregate, { spec: 'html+cause+aggregate' });
  assert.equal(Object.getPrototypeOf(c), AggregateError.prototype);
  assert.equal(c.message, 'agg');
  assert.equal(Array.isArray(c.errors), true);
  assert.equal(Object.getPrototypeOf(c.errors[0]), TypeError.prototype);
  assert.equal(c.errors[0], c.errors[1]);
  assert.equal(c.cause, c.errors[0]);
  assert.equal(c.errors[2], 3);
  assert.equal(Object.getOwnPropertyDescriptor(c, 'errors').enumerable, false);
  const renamed = new Error('r');
  renamed.name = 'AggregateError';
  assert.equal(Object.getPrototypeOf(clone(renamed, { spec: 'html+cause+aggregate' })), AggregateError.prototype, 'the name decides, as for the other names');
});

test('an unknown spec profile is a RangeError that lists the profiles', () => {
  assert.throws(() => clone(1, { spec: 'html+nope' }), { name: 'RangeError', message: /html, html\+cause, html\+cause\+aggregate/ });
});

test('Array length comes from the own descriptor; holes stay holes; named properties are kept (steps 18, 19)', () => {
  const a = [1, , 3];
  a.length = 5;
  a.name = 'n';
  const c = clone(a);
  assert.equal(c.length, 5);
  assert.deepEqual(Object.keys(c), ['0', '2', 'name']);
  assert.equal(Object.hasOwn(c, 1), false);
});

test('an Array subclass becomes a plain Array; frozen arrays become mutable (step 19)', () => {
  class Sub extends Array {}
  const s = Sub.from([1, 2]);
  Object.freeze(s);
  const c = clone(s);
  assert.equal(Object.getPrototypeOf(c), Array.prototype);
  assert.equal(Object.isFrozen(c), false);
  assert.deepEqual(Object.getOwnPropertyDescriptor(c, 0), dataProperty(1));
});

test('holes do not read through the prototype during serialization', () => {
  let reads = 0;
  const proto = Object.create(Array.prototype, { 1: { get() { reads++; return 'p'; } } });
  const a = [0, , 2];
  Object.setPrototypeOf(a, proto);
  const c = clone(a);
  assert.equal(reads, 0);
  assert.equal(Object.hasOwn(c, 1), false);
});

test('functions, classes and bound functions throw DataCloneError (step 21)', () => {
  for (const f of [() => 1, function named() {}, class K {}, async () => {}, function* g() {}, Math.max.bind(null)]) {
    assertDataCloneError(() => clone({ f }), 21);
  }
});

test('WeakMap, WeakSet, WeakRef, FinalizationRegistry and arguments objects throw DataCloneError (step 22)', () => {
  const argumentsObject = (function () { return arguments; })(1, 2);
  for (const value of [new WeakMap(), new WeakSet(), new WeakRef({}), new FinalizationRegistry(() => {}), argumentsObject]) {
    assertDataCloneError(() => clone(value), 22);
  }
});

test('objects registered as opaque (Promise) throw DataCloneError (step 22)', () => {
  const promise = Promise.resolve(1);
  registerOpaque(promise, 'Promise');
  assertDataCloneError(() => clone([promise]), 22);
});

test('a Proxy throws DataCloneError without any trap running (step 23)', () => {
  const traps = [];
  const handler = new Proxy({}, { get: (_, trap) => { traps.push(trap); return undefined; } });
  const proxy = new Proxy([1, 2], handler);
  registerOpaque(proxy, 'proxy');
  assertDataCloneError(() => clone({ proxy }), 23);
  assert.deepEqual(traps, []);
});

test('the host can report proxies the reference did not see being made (setHostHooks)', async () => {
  const { types } = await import('node:util');
  const proxy = new Proxy({}, {});
  assert.deepEqual(clone(proxy), {}, 'unregistered and no hook: indistinguishable from an ordinary object');
  setHostHooks({ isProxy: types.isProxy });
  try {
    assertDataCloneError(() => clone(proxy), 23);
  } finally {
    setHostHooks({});
  }
});

test('plain objects lose their prototype, class and integrity level (step 24, 20)', () => {
  class Point { #secret = 1; constructor() { this.x = 1; } }
  const c = clone(Object.freeze(new Point()));
  assert.equal(Object.getPrototypeOf(c), Object.prototype);
  assert.equal(Object.isExtensible(c), true);
  assert.deepEqual(Object.getOwnPropertyDescriptor(c, 'x'), dataProperty(1));
  assert.deepEqual(clone(Object.create(null, { a: { value: 1, enumerable: true } })), { a: 1 });
});

test('Object.prototype itself clones to an object with its enumerable own properties (step 24)', () => {
  const c = clone(Object.prototype);
  assert.equal(Object.getPrototypeOf(c), Object.prototype);
  assert.deepEqual(Reflect.ownKeys(c), []);
});

test('shared references and cycles keep their topology (steps 2, 25)', () => {
  const shared = { s: 1 };
  const root = { a: shared, b: shared, list: [] };
  root.list.push(root);
  const c = clone(root);
  assert.equal(c.a, c.b);
  assert.equal(c.list[0], c);
  assert.notEqual(c.a, shared);
});

test('getters run once, in key order, and their exceptions propagate (step 26.4.1.1)', () => {
  const order = [];
  const source = { get b() { order.push('b'); return 2; }, 1: 'x', get a() { order.push('a'); return 1; } };
  const c = clone(source);
  assert.deepEqual(order, ['b', 'a']);
  assert.deepEqual(Object.keys(c), ['1', 'b', 'a']);
  assert.deepEqual(Object.getOwnPropertyDescriptor(c, 'b'), dataProperty(2));
  assert.throws(() => clone({ get boom() { throw new URIError('from getter'); } }), URIError);
});

test('a key deleted by an earlier getter is skipped; one made non-enumerable is still copied; one added is not (step 26.4.1)', () => {
  const source = {
    get first() { delete this.second; Object.defineProperty(this, 'third', { enumerable: false }); this.added = 1; return 0; },
    second: 2,
    third: 3,
  };
  const c = clone(source);
  assert.deepEqual(Object.keys(c), ['first', 'third']);
});

test('non-enumerable own properties are not copied', () => {
  const source = Object.defineProperty({ a: 1 }, 'hidden', { value: 2, enumerable: false });
  assert.deepEqual(Reflect.ownKeys(clone(source)), ['a']);
});

test('deserialization uses CreateDataProperty: an own "__proto__" key stays own, setters never fire (step 24.3.1.2)', () => {
  const source = JSON.parse('{"__proto__": {"x": 1}, "0": 5}');
  const originals = [Object.getOwnPropertyDescriptor(Object.prototype, '0')];
  let fired = 0;
  Object.defineProperty(Object.prototype, '0', { set() { fired++; }, configurable: true });
  try {
    const c = clone(source);
    assert.equal(Object.getPrototypeOf(c), Object.prototype);
    assert.deepEqual(Object.getOwnPropertyDescriptor(c, '__proto__'), dataProperty({ x: 1 }));
    assert.equal(c[0], 5);
    assert.equal(fired, 0);
  } finally {
    delete Object.prototype[0];
    assert.equal(originals[0], undefined);
  }
});

test('a non-writable indexed property on Array.prototype does not stop the clone', () => {
  Object.defineProperty(Array.prototype, '1', { value: 'ro', writable: false, configurable: true });
  try {
    const c = clone([0, 1, 2]);
    assert.deepEqual(Object.getOwnPropertyDescriptor(c, 1), dataProperty(1));
  } finally {
    delete Array.prototype[1];
  }
});

test('transfer detaches the buffer and the clone owns the bytes (StructuredSerializeWithTransfer step 5.4)', () => {
  const buffer = new Uint8Array([9, 8, 7]).buffer;
  const c = clone({ buffer, again: buffer }, { transfer: [buffer] });
  assert.equal(buffer.byteLength, 0);
  assert.equal(IsDetachedBuffer(buffer), true);
  assert.deepEqual([...new Uint8Array(c.buffer)], [9, 8, 7]);
  assert.equal(c.again, c.buffer);
  const resizable = new ArrayBuffer(2, { maxByteLength: 8 });
  assert.equal(clone(resizable, { transfer: [resizable] }).maxByteLength, 8);
});

test('transfer with a primitive root still detaches the buffer', () => {
  const buffer = new ArrayBuffer(4);
  assert.equal(clone(1, { transfer: [buffer] }), 1);
  assert.equal(IsDetachedBuffer(buffer), true);
});

test('transfer list errors: non-transferable, SharedArrayBuffer, duplicate, detached (steps 2.1–2.3, 5.1)', () => {
  assertDataCloneError(() => clone(1, { transfer: [{}] }), '2.1');
  assertDataCloneError(() => clone(1, { transfer: [new SharedArrayBuffer(1)] }), '2.2');
  const buffer = new ArrayBuffer(1);
  assertDataCloneError(() => clone(1, { transfer: [buffer, buffer] }), '2.3');
  assert.equal(IsDetachedBuffer(buffer), false, 'nothing detached when step 2 fails');
  const detached = new ArrayBuffer(1);
  structuredClone(detached, { transfer: [detached] });
  assertDataCloneError(() => clone(1, { transfer: [detached] }), '5.1');
});

test('a getter that detaches a transferred buffer during serialization causes DataCloneError (step 5.1)', () => {
  const buffer = new ArrayBuffer(4);
  const value = { get x() { structuredClone(buffer, { transfer: [buffer] }); return 1; } };
  assertDataCloneError(() => clone(value, { transfer: [buffer] }), '5.1');
});

test('serialization errors come before transfer checks: earlier buffers stay attached', () => {
  const buffer = new ArrayBuffer(4);
  assertDataCloneError(() => clone(Symbol(), { transfer: [buffer] }), 5);
  assert.equal(IsDetachedBuffer(buffer), false);
});

test('options.transfer must be iterable and hold objects (WebIDL sequence<object>)', () => {
  assert.throws(() => clone(1, { transfer: 5 }), TypeError);
  assert.throws(() => clone(1, { transfer: [1] }), TypeError);
  assert.throws(() => clone(1, { transfer: [new ArrayBuffer(1)], forStorage: true }), TypeError);
  assert.equal(clone(1, { transfer: new Set() }), 1);
});

test('deserialization makes objects in the target realm (StructuredDeserialize targetRealm)', () => {
  const context = vm.createContext({});
  const realm = captureRealm(vm.runInContext('globalThis', context));
  const c = clone({ list: [1], map: new Map(), error: new TypeError('t'), bytes: new Uint8Array(2) }, { realm });
  assert.equal(Object.getPrototypeOf(c), realm.ObjectPrototype);
  assert.equal(Object.getPrototypeOf(c.list), realm.ArrayPrototype);
  assert.ok(c.map instanceof realm.Map);
  assert.ok(c.error instanceof realm.errors.TypeError);
  assert.ok(c.bytes instanceof realm.typedArrays.Uint8Array);
  assert.ok(c.bytes.buffer instanceof realm.ArrayBuffer);
});

test('records carry the spec slot names (StructuredSerialize)', () => {
  const serialized = StructuredSerialize([1, , 'x']);
  assert.equal(serialized.Type, 'Array');
  assert.equal(serialized.Length, 3);
  assert.deepEqual(Array.from(serialized.Properties, (p) => [p.Key, p.Value.Type, p.Value.Value]), [['0', 'primitive', 1], ['2', 'primitive', 'x']]);
  const memory = new Map();
  const shared = {};
  const root = StructuredSerializeInternal([shared, shared], false, memory);
  assert.equal(root.Properties[0].Value, root.Properties[1].Value);
  const back = StructuredDeserialize(root);
  assert.equal(back[0], back[1]);
});

test('a growable SharedArrayBuffer stays growable and shares memory (step 13.1.3)', () => {
  const shared = new SharedArrayBuffer(4, { maxByteLength: 16 });
  const c = clone(shared);
  assert.equal(c.growable, true);
  assert.equal(c.maxByteLength, 16);
  shared.grow(8);
  assert.equal(c.byteLength, 8, 'the byte length is shared too ([[ArrayBufferByteLengthData]])');
});

test('an Error whose tag is hidden is still an Error when the host can tell (hasErrorData, isError hook)', async () => {
  const { types } = await import('node:util');
  const error = new TypeError('t');
  Object.defineProperty(error, Symbol.toStringTag, { value: 'Nope' });
  setHostHooks({ isError: types.isNativeError });
  try {
    const c = clone(error);
    assert.equal(Object.getPrototypeOf(c), TypeError.prototype);
    assert.equal(c.message, 't');
  } finally {
    setHostHooks({});
  }
});
