// META: title=A polluted realm: deserialization defines properties (CreateDataProperty), never calls setters or prototype methods (HTML StructuredDeserialize)

// Captured: a test replaces Object.defineProperty itself.
const define = Object.defineProperty;
const describe = Object.getOwnPropertyDescriptor;

function polluted(target, key, descriptor, body) {
  const saved = describe(target, key);
  define(target, key, { configurable: true, ...descriptor });
  try {
    return body();
  } finally {
    if (saved === undefined) delete target[key];
    else define(target, key, saved);
  }
}

test(() => {
  let called = false;
  const clone = polluted(Object.prototype, 'x', { set() { called = true; } }, () => structuredClone({ x: 1 }));
  assert_false(called, 'the setter did not run');
  assert_equals(Object.getOwnPropertyDescriptor(clone, 'x').value, 1);
}, 'a setter on Object.prototype does not run for a cloned property');

test(() => {
  let called = false;
  const clone = polluted(Array.prototype, 0, { set() { called = true; } }, () => structuredClone([1, 2]));
  assert_false(called);
  assert_equals(Object.getOwnPropertyDescriptor(clone, 0).value, 1);
}, 'a setter on Array.prototype[0] does not run for a cloned element');

test(() => {
  const clone = polluted(Object.prototype, 'ro', { value: 'read-only', writable: false }, () => structuredClone({ ro: 'own' }));
  assert_equals(Object.getOwnPropertyDescriptor(clone, 'ro').value, 'own');
}, 'a read-only property on Object.prototype does not stop a cloned property');

test(() => {
  const clone = polluted(Array.prototype, 1, { value: 'read-only', writable: false }, () => structuredClone([0, 1]));
  assert_equals(Object.getOwnPropertyDescriptor(clone, 1).value, 1);
}, 'a read-only indexed property on Array.prototype does not stop a cloned element');

test(() => {
  let reads = 0;
  const clone = polluted(Array.prototype, 1, { get() { reads++; return 'inherited'; } }, () => structuredClone([0, , 2]));
  assert_equals(reads, 0, 'the hole is not read through the prototype');
  assert_false(Object.hasOwn(clone, 1));
}, 'a getter on Array.prototype[1] does not fill a hole');

test(() => {
  let called = false;
  const clone = polluted(Object.prototype, '__proto__', { set() { called = true; }, get() { return Object.prototype; } }, () => structuredClone(JSON.parse('{"__proto__": 1}')));
  assert_false(called);
  assert_true(Object.hasOwn(clone, '__proto__'));
}, 'a replaced __proto__ setter does not run for an own __proto__ key');

test(() => {
  let called = false;
  polluted(Array.prototype, 'push', { value() { called = true; } }, () => structuredClone([1, 2, 3]));
  assert_false(called);
}, 'a replaced Array.prototype.push is not called');

test(() => {
  let called = false;
  polluted(Object, 'defineProperty', { value() { called = true; } }, () => structuredClone({ a: [1], b: new Map([[1, 2]]) }));
  assert_false(called);
}, 'a replaced Object.defineProperty is not called');

test(() => {
  let called = false;
  const iterator = Array.prototype[Symbol.iterator];
  polluted(Array.prototype, Symbol.iterator, { value() { called = true; return iterator.call(this); } }, () => structuredClone([1, 2]));
  assert_false(called);
}, 'a replaced Array.prototype[Symbol.iterator] is not called to walk an array value');

test(() => {
  let called = false;
  const buffer = new ArrayBuffer(4);
  const saved = Array.prototype[Symbol.iterator];
  polluted(Array.prototype, Symbol.iterator, { value() { called = true; return saved.call(this); } }, () => structuredClone(buffer, { transfer: [buffer] }));
  assert_true(called, 'the transfer list is a sequence: converted with its iterator');
}, 'the transfer list array is iterated with Array.prototype[Symbol.iterator]');

test(() => {
  let called = false;
  const map = new Map([[1, 2]]);
  polluted(Map.prototype, Symbol.iterator, { value() { called = true; return [][Symbol.iterator](); } }, () => structuredClone(map));
  assert_false(called);
}, 'a replaced Map.prototype[Symbol.iterator] is not called');

test(() => {
  let called = false;
  const map = new Map([[1, 2]]);
  polluted(Map.prototype, 'entries', { value() { called = true; return [][Symbol.iterator](); } }, () => structuredClone(map));
  assert_false(called);
}, 'a replaced Map.prototype.entries is not called');

test(() => {
  let called = false;
  const set = new Set([1]);
  polluted(Set.prototype, 'values', { value() { called = true; return [][Symbol.iterator](); } }, () => structuredClone(set));
  assert_false(called);
}, 'a replaced Set.prototype.values is not called');

test(() => {
  const clone = polluted(Object.prototype, 'then', { get() { throw new Error('then must not be read'); } }, () => structuredClone({ a: 1 }));
  assert_equals(Object.getOwnPropertyDescriptor(clone, 'a').value, 1);
}, 'a throwing Object.prototype.then getter is not read');

test(() => {
  let called = false;
  polluted(Object.prototype, 'toJSON', { value() { called = true; } }, () => structuredClone({ nested: { a: 1 } }));
  assert_false(called);
}, 'Object.prototype.toJSON is not called');

test(() => {
  let called = false;
  polluted(Error.prototype, 'message', { set() { called = true; }, get() { return ''; } }, () => structuredClone(new Error('m')));
  assert_false(called);
}, 'a setter on Error.prototype.message does not run for a cloned message');

test(() => {
  const clone = polluted(Error.prototype, 'name', { get() { return 'RangeError'; } }, () => structuredClone(new Error('m')));
  assert_equals(Object.getPrototypeOf(clone), RangeError.prototype);
}, 'a getter on Error.prototype.name is the name that picks the prototype');

test(() => {
  let called = false;
  polluted(globalThis, 'Array', { value: function FakeArray() { called = true; }, writable: true }, () => structuredClone([1]));
  assert_false(called);
}, 'a replaced global Array constructor is not called');

test(() => {
  const clone = polluted(Object.prototype, 'length', { value: 7, writable: false }, () => structuredClone({ length: 2 }));
  assert_equals(Object.getOwnPropertyDescriptor(clone, 'length').value, 2);
}, 'a read-only Object.prototype.length does not stop a cloned length property');

test(() => {
  let called = false;
  polluted(ArrayBuffer.prototype, 'slice', { value() { called = true; return new ArrayBuffer(0); } }, () => structuredClone(new ArrayBuffer(4)));
  assert_false(called);
}, 'a replaced ArrayBuffer.prototype.slice is not called');

test(() => {
  let called = false;
  polluted(Object.prototype, 'constructor', { get() { called = true; return Object; } }, () => structuredClone({ a: { b: 1 } }));
  assert_false(called);
}, 'Object.prototype.constructor is not read');
