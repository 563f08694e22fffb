import { test } from 'node:test';
import assert from 'node:assert/strict';
import { types } from 'node:util';
import { canonicalJSON, observe, observeClone, observeThrown } from '../src/observe/index.js';
import { setHostHooks } from '../src/abstract-ops/brands.js';

/** The own property `key` of an object observation. */
function prop(observation, key) {
  return observation.props.find((p) => p.key === key);
}

/** Runs `body` with `key` defined on `target` by `descriptor`, then puts the old property back. */
function withProperty(target, key, descriptor, body) {
  // Null-prototype descriptors: Object.prototype.value may be one of the pollutions.
  const old = Object.getOwnPropertyDescriptor(target, key);
  Object.defineProperty(target, key, Object.setPrototypeOf({ configurable: true, ...descriptor }, null));
  try {
    return body();
  } finally {
    if (old) Object.defineProperty(target, key, Object.setPrototypeOf(old, null));
    else delete target[key];
  }
}

test('-0 and 0 are observed apart; NaN and the infinities keep their names', () => {
  assert.deepEqual({ ...observe(-0) }, { type: 'number', value: '-0' });
  assert.deepEqual({ ...observe(0) }, { type: 'number', value: '0' });
  assert.equal(observe(NaN).value, 'NaN');
  assert.equal(observe(-Infinity).value, '-Infinity');
  assert.equal(observe(2 ** 53 + 2).value, '9007199254740994');
});

test('BigInt, symbols, undefined and null are observed by type and exact value', () => {
  assert.equal(observe(-(2n ** 70n)).value, '-1180591620717411303424');
  assert.equal(observe(Symbol('d')).description, 'd');
  assert.equal(observe(Symbol()).description, null);
  assert.equal(observe(undefined).type, 'undefined');
  assert.equal(observe(null).type, 'null');
});

test('a hole is a missing index key, an undefined element is a present one', () => {
  const holey = observe([, 1]); // eslint-disable-line no-sparse-arrays
  const filled = observe([undefined, 1]);
  assert.deepEqual(holey.props.map((p) => p.key), ['1', 'length']);
  assert.deepEqual(filled.props.map((p) => p.key), ['0', '1', 'length']);
  assert.equal(prop(filled, '0').value.type, 'undefined');
  assert.equal(prop(holey, 'length').value.value, '2');
});

test('a shared reference is a back reference; two equal objects get two ids', () => {
  const o = { a: 1 };
  const shared = observe([o, o]);
  const separate = observe([{ a: 1 }, { a: 1 }]);
  assert.deepEqual({ ...prop(shared, '1').value }, { type: 'ref', id: 1 });
  assert.equal(prop(separate, '1').value.type, 'object');
  assert.equal(prop(separate, '1').value.id, 2);
});

test('a cycle is observed finitely, as a reference to the root', () => {
  const a = [];
  a[0] = a;
  const observation = observe(a);
  assert.deepEqual({ ...prop(observation, '0').value }, { type: 'ref', id: 0 });
});

test('an accessor is reported as an accessor and never called', () => {
  let calls = 0;
  const o = {};
  Object.defineProperty(o, 'x', { get() { calls++; throw new Error('getter ran'); }, enumerable: true });
  const observation = observe(o);
  const x = prop(observation, 'x');
  assert.equal(calls, 0);
  assert.equal('value' in x, false);
  assert.equal(x.get.kind, 'callable');
  assert.equal(x.set.type, 'undefined');
  assert.equal(x.enumerable, true);
  assert.equal(x.configurable, false);
});

test('property descriptors are reported in full, in [[OwnPropertyKeys]] order', () => {
  const o = { b: 1, 2: 'two', a: 2, 1: 'one' };
  Object.defineProperty(o, 'hidden', { value: 3, writable: false, enumerable: false, configurable: true });
  o[Symbol('s')] = 4;
  const observation = observe(o);
  assert.deepEqual(observation.props.map((p) => p.key), ['1', '2', 'b', 'a', 'hidden', '@@s']);
  assert.deepEqual({ ...prop(observation, 'hidden') },
    { key: 'hidden', value: { type: 'number', value: '3' }, writable: false, enumerable: false, configurable: true });
  assert.equal(prop(observation, '@@s').symbol, true);
  assert.equal(prop(observation, 'b').symbol, undefined);
});

test('prototype, integrity and class prototypes are observed', () => {
  class Point {}
  assert.deepEqual({ ...observe(Object.create(null)).proto }, { type: 'null' });
  assert.equal(observe([]).proto.name, '%Array.prototype%');
  assert.equal(observe(Object.freeze({ a: 1 })).integrity, 'frozen');
  assert.equal(observe(Object.seal({ a: 1 })).integrity, 'sealed');
  assert.equal(observe(Object.preventExtensions({ a: 1 })).integrity, 'non-extensible');
  assert.equal(observe({}).integrity, 'extensible');
  const instance = observe(new Point());
  assert.equal(instance.proto.type, 'object');
  assert.equal(prop(instance.proto, 'constructor').value.kind, 'callable');
  assert.equal(instance.proto.proto.name, '%Object.prototype%');
});

test('pollution of Array.prototype, Object.prototype and Map.prototype does not change an observation', () => {
  const value = [1, { a: [2, 3] }, new Map([[1, new Set(['x'])]]), /re/g, new Uint8Array([1, 2])];
  const clean = canonicalJSON(observe(value));
  const throwing = { get() { throw new Error('polluted getter ran'); }, set() { throw new Error('polluted setter ran'); } };
  const polluted = withProperty(Array.prototype, '0', throwing, () =>
    withProperty(Object.prototype, 'toJSON', { value: () => 'polluted', writable: true }, () =>
      withProperty(Object.prototype, 'value', throwing, () =>
        withProperty(Map.prototype, 'entries', { value() { throw new Error('polluted entries ran'); } }, () =>
          withProperty(Map.prototype, 'size', throwing, () =>
            withProperty(RegExp.prototype, 'global', throwing, () =>
              withProperty(Array.prototype, Symbol.iterator, { value() { throw new Error('polluted iterator ran'); } },
                () => canonicalJSON(observe(value)))))))));
  assert.equal(polluted, clean);
  assert.match(clean, /"flags":"g"/);
});

test('strings longer than 256 code units are summarized by length, hash and both ends', () => {
  const long = observe('a'.repeat(1000));
  assert.equal(long.length, 1000);
  assert.match(long.hash, /^[0-9a-f]{16}$/);
  assert.equal(long.head, 'a'.repeat(16));
  assert.equal('value' in long, false);
  assert.notEqual(observe('a'.repeat(500) + 'b' + 'a'.repeat(499)).hash, long.hash);
  assert.equal(observe('a'.repeat(256)).value, 'a'.repeat(256));
});

test('a long string\'s and a long buffer\'s hashes are the ones stored observations hold', () => {
  // Computed by the hash before it was rewritten for speed (FNV-1a by shifts, through a callback):
  // findings and ledger entries written since hold these, so the rewrite must give the same.
  let units = '';
  for (let i = 0; i < 300; i++) units += String.fromCharCode((i * 40503 + 0xd7ff) & 0xffff);
  assert.equal(observe(units).hash, '16bbd99dcfa1a925');
  assert.equal(observe('x'.repeat(257)).hash, '7dc2c48518b0b5dd');
  const bytes = new Uint8Array(300);
  for (let i = 0; i < 300; i++) bytes[i] = (i * 37 + 11) & 255;
  assert.equal(observe(bytes.buffer).buffer.bytes.hash, 'bfb978198ed1e479');
});

test('lone surrogates survive observation and the canonical JSON round trip', () => {
  const observation = observe(['\ud800', 'x\udfffy', '\ud83d\ude00']);
  const text = canonicalJSON(observation);
  assert.match(text, /^[\x20-\x7e]*$/);
  assert.ok(text.includes('\\ud800'));
  const parsed = JSON.parse(text);
  assert.equal(parsed.props[0].value.value, '\ud800');
  assert.equal(parsed.props[1].value.value, 'x\udfffy');
  assert.equal(canonicalJSON(parsed), text);
});

test('canonical JSON orders keys by code unit and ignores toJSON', () => {
  const withToJSON = { b: 1, a: [true, null, 'x'], toJSON() { return 'no'; } };
  delete withToJSON.toJSON;
  assert.equal(canonicalJSON({ b: 1, a: [true, null, 'x'] }), '{"a":[true,null,"x"],"b":1}');
  assert.throws(() => canonicalJSON({ a: undefined }), TypeError);
  assert.throws(() => canonicalJSON(NaN), TypeError);
});

test('Map and Set entries are observed in insertion order', () => {
  const map = observe(new Map([[2, 'b'], [1, 'a']]));
  assert.deepEqual(map.entries.map((e) => [e.key.value, e.value.value]), [['2', 'b'], ['1', 'a']]);
  const set = observe(new Set(['z', 'y']));
  assert.deepEqual(set.values.map((v) => v.value), ['z', 'y']);
});

test('Date, RegExp and boxed primitives are observed by their internal slots', () => {
  assert.equal(observe(new Date(NaN)).date, 'NaN');
  assert.equal(observe(new Date(-0)).date, '0');
  const re = /a+/dgimsuy;
  re.lastIndex = 3;
  const regexp = observe(re);
  assert.equal(regexp.regexp.source.value, 'a+');
  assert.equal(regexp.regexp.flags, 'dgimsuy');
  assert.equal(prop(regexp, 'lastIndex').value.value, '3');
  assert.equal(observe(Object(-0)).boxed.value, '-0');
  assert.equal(observe(Object('ab')).kind, 'string');
  assert.deepEqual(observe(Object('ab')).props.map((p) => p.key), ['length']);
  assert.equal(observe(Object(Symbol('q'))).boxed.description, 'q');
});

test('a detached ArrayBuffer is observed as detached with no bytes', () => {
  const buffer = new ArrayBuffer(4);
  structuredClone(buffer, { transfer: [buffer] });
  const observation = observe(buffer);
  assert.equal(observation.buffer.detached, true);
  assert.equal(observation.buffer.byteLength, 0);
  assert.equal(observation.buffer.bytes, '');
  const view = observe(new Uint8Array(new ArrayBuffer(2)));
  assert.equal(view.view.buffer.buffer.detached, false);
});

test('a length-tracking view over a resizable buffer is told from a fixed one, and the buffer is left as it was', () => {
  const buffer = new ArrayBuffer(4, { maxByteLength: 16 });
  const tracking = new Uint8Array(buffer);
  const fixed = new Uint8Array(buffer, 0, 4);
  tracking.set([1, 2, 3, 4]);
  const observation = observe([tracking, fixed, new DataView(buffer, 1)]);
  const [t, f, d] = observation.props.slice(0, 3).map((p) => p.value);
  assert.equal(t.view.lengthTracking, true);
  assert.equal(f.view.lengthTracking, false);
  assert.equal(d.view.lengthTracking, true);
  assert.equal(d.view.byteOffset, 1);
  assert.equal(t.view.buffer.buffer.resizable, true);
  assert.equal(t.view.buffer.buffer.maxByteLength, 16);
  assert.equal(t.view.buffer.buffer.bytes, '01020304');
  assert.deepEqual({ ...f.view.buffer }, { type: 'ref', id: 2 });
  assert.equal(buffer.byteLength, 4);
  assert.deepEqual([...tracking], [1, 2, 3, 4]);
});

test('an out-of-bounds view reports outOfBounds and no length-tracking answer', () => {
  const buffer = new ArrayBuffer(8, { maxByteLength: 8 });
  const view = new Int16Array(buffer, 4, 2);
  buffer.resize(6);
  const observation = observe(view);
  assert.equal(observation.view.outOfBounds, true);
  assert.equal(observation.view.length, 0);
  assert.equal(observation.view.lengthTracking, null);
});

test('a SharedArrayBuffer view is observed as shared', () => {
  const observation = observe(new Int32Array(new SharedArrayBuffer(8)));
  assert.equal(observation.view.type, 'Int32Array');
  assert.equal(observation.view.buffer.kind, 'sharedarraybuffer');
  assert.equal(observation.view.buffer.buffer.shared, true);
  assert.equal(observation.view.buffer.buffer.bytes, '0000000000000000');
});

test('Error stack is reported only as present', () => {
  const observation = observe(new RangeError('m', { cause: 1 }));
  const stack = prop(observation, 'stack');
  assert.deepEqual({ ...stack }, { key: 'stack', implementationDefined: 'present' });
  assert.equal(prop(observation, 'message').value.value, 'm');
  assert.equal(prop(observation, 'cause').value.value, '1');
  assert.equal(observation.proto.name, '%RangeError.prototype%');
});

test('a Proxy is observed as kind proxy without running any trap', () => {
  setHostHooks({ isProxy: types.isProxy });
  try {
    const trap = () => { throw new Error('trap ran'); };
    const handler = { get: trap, getPrototypeOf: trap, ownKeys: trap, getOwnPropertyDescriptor: trap, isExtensible: trap };
    const observation = observe([new Proxy([], handler)]);
    assert.deepEqual({ ...prop(observation, '0').value }, { type: 'object', id: 1, kind: 'proxy' });
  } finally {
    setHostHooks({});
  }
});

test('observeThrown reports a DataCloneError by name, code and prototype, without its message', () => {
  let error;
  try { structuredClone(() => {}); } catch (e) { error = e; }
  const thrown = observeThrown(error);
  assert.equal(thrown.name, 'DataCloneError');
  assert.equal(thrown.code, 25);
  assert.equal(thrown.prototype, '%DOMException.prototype%');
  assert.equal('message' in thrown, false);
});

test('observeThrown reads names from data properties only and never runs a getter', () => {
  let calls = 0;
  const error = new TypeError('thrown by x');
  Object.defineProperty(error, 'name', { get() { calls++; return 'Evil'; } });
  const thrown = observeThrown(error);
  assert.equal(calls, 0);
  assert.equal(thrown.name, null);
  assert.equal(thrown.code, null);
  assert.equal(thrown.message, 'thrown by x');
  assert.equal(thrown.prototype, '%TypeError.prototype%');
  assert.equal(observeThrown(new RangeError('r')).name, 'RangeError');
  assert.equal(observeThrown(7).value.value, '7');
});

test('observeClone of a correct clone: value, input unchanged, nothing shared', () => {
  const input = { a: [1, { b: 2 }] };
  const observation = observeClone({ input, clone: () => structuredClone(input) });
  assert.equal(observation.outcome, 'value');
  assert.equal(observation.value.kind, 'object');
  assert.equal(observation.inputUnchanged, true);
  assert.equal(observation.sharesNoObject, true);
  assert.deepEqual([...observation.effects], []);
});

test('observeClone detects a clone that returns its input or shares a nested object', () => {
  const input = { a: { b: 1 } };
  assert.equal(observeClone({ input, clone: () => input }).sharesNoObject, false);
  assert.equal(observeClone({ input, clone: () => ({ a: input.a }) }).sharesNoObject, false);
});

test('observeClone detects a clone that mutates its input and says where', () => {
  const input = { a: 1, b: 2 };
  const observation = observeClone({ input, clone: () => { delete input.b; return { a: 1 }; } });
  assert.equal(observation.inputUnchanged, false);
  assert.deepEqual(observation.inputChanges.map((d) => [d.path, d.category]), [['$.b', 'keys']]);
});

test('observeClone records a throw and the effects logged while cloning', () => {
  const effects = [{ event: 'get', on: '#0', key: 'early' }];
  const input = {};
  const observation = observeClone({
    input,
    effects,
    clone: () => { effects.push({ event: 'get', on: '#0', key: 'x' }); throw new TypeError('thrown by x'); },
  });
  assert.equal(observation.outcome, 'throw');
  assert.equal(observation.thrown.name, 'TypeError');
  assert.deepEqual(observation.effects.map((e) => ({ ...e })), [{ event: 'get', on: '#0', key: 'x' }]);
  assert.equal('value' in observation, false);
});

test('prototypes are named by the intrinsics of the realm given as `realm`', async () => {
  const vm = await import('node:vm');
  const context = vm.createContext({});
  const global = vm.runInContext('globalThis', context);
  const foreign = vm.runInContext('[new Map(), /x/]', context);
  const observation = observe(foreign, { realm: global });
  assert.equal(observation.proto.name, '%Array.prototype%');
  assert.equal(prop(observation, '0').value.proto.name, '%Map.prototype%');
  assert.equal(observe(foreign).proto.type, 'object');
});

test("observing an Error never formats its stack, so a polluted Error.prototype.name getter does not run", () => {
  const error = new TypeError('m');
  const calls = [];
  const saved = Object.getOwnPropertyDescriptor(Error.prototype, 'name');
  Object.defineProperty(Error.prototype, 'name', { get() { calls.push('name'); throw new EvalError('no'); }, configurable: true });
  try {
    const observation = observe(error);
    assert.deepEqual({ ...prop(observation, 'stack') }, { key: 'stack', implementationDefined: 'present' });
  } finally {
    Object.defineProperty(Error.prototype, 'name', saved);
  }
  assert.deepEqual(calls, []);
});

import { PROBE_WAIT_MS, probeWait } from '../src/observe/probe-wait.js';

test('a probe\'s wait ends when woken and leaves no timer behind (a pending one would hold a runtime open for PROBE_WAIT_MS)', async () => {
  const timers = () => process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout').length;
  const before = timers();
  const started = performance.now();
  await probeWait((wake) => wake());
  await probeWait((wake) => setImmediate(wake));
  assert.ok(performance.now() - started < PROBE_WAIT_MS, 'woken, not timed out');
  assert.equal(timers(), before);
  let calls = 0;
  await probeWait(() => { calls++; });
  assert.equal(calls, 1, 'never woken: it ends by its bound');
});
