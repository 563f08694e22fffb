// META: title=Ordinary objects: an EnumerableOwnProperties snapshot, HasOwnProperty before each Get, CreateDataProperty on the way in (HTML StructuredSerializeInternal step 26.4, StructuredDeserialize)

test(() => {
  const clone = structuredClone({ a: 1, b: 'two', c: null });
  assert_equals(Object.getPrototypeOf(clone), Object.prototype);
  assert_array_equals(Object.keys(clone), ['a', 'b', 'c']);
  assert_equals(clone.b, 'two');
}, 'a plain object keeps its properties in order');

test(() => {
  assert_array_equals(Object.keys(structuredClone({})), []);
}, 'an empty object stays empty');

test(() => {
  const clone = structuredClone({ b: 1, 2: 'two', a: 2, 1: 'one', '-1': 'negative' });
  assert_array_equals(Object.keys(clone), ['1', '2', 'b', 'a', '-1']);
}, 'integer keys come first in ascending order, then string keys in creation order');

test(() => {
  const clone = structuredClone({ 4294967294: 'largest index', 4294967295: 'not an index' });
  assert_array_equals(Object.keys(clone), ['4294967294', '4294967295']);
}, 'the largest array index and the next integer keep their order');

test(() => {
  const object = Object.create(null);
  object.x = 1;
  const clone = structuredClone(object);
  assert_equals(Object.getPrototypeOf(clone), Object.prototype);
  assert_equals(clone.x, 1);
}, 'an object with a null prototype clones to an object with Object.prototype');

test(() => {
  const proto = { inherited: 'not cloned' };
  const clone = structuredClone(Object.create(proto, { own: { value: 1, enumerable: true } }));
  assert_false('inherited' in clone);
  assert_equals(clone.own, 1);
}, 'inherited properties are not cloned');

test(() => {
  class Point { constructor() { this.x = 1; this.y = 2; } get sum() { return this.x + this.y; } }
  const clone = structuredClone(new Point());
  assert_equals(Object.getPrototypeOf(clone), Object.prototype);
  assert_array_equals(Object.keys(clone), ['x', 'y']);
  assert_false('sum' in clone);
}, 'a class instance clones to a plain object of its own properties');

test(() => {
  class Secret { #hidden = 'private'; visible = 'public'; }
  const clone = structuredClone(new Secret());
  assert_array_equals(Object.keys(clone), ['visible']);
}, 'a class instance with private fields clones without them');

test(() => {
  class Secret { #hidden = 1; static read(o) { return #hidden in o; } }
  assert_false(Secret.read(structuredClone(new Secret())));
}, 'a cloned class instance has no private field');

test(() => {
  const object = { visible: 1 };
  Object.defineProperty(object, 'hidden', { value: 2, enumerable: false });
  assert_false('hidden' in structuredClone(object));
}, 'a non-enumerable property is not cloned');

test(() => {
  const object = { a: 1, [Symbol('s')]: 2 };
  const clone = structuredClone(object);
  assert_equals(Object.getOwnPropertySymbols(clone).length, 0);
  assert_equals(clone.a, 1);
}, 'a symbol-keyed property is not cloned');

test(() => {
  let reads = 0;
  const object = { [Symbol('s')]: 1 };
  Object.defineProperty(object, Symbol('g'), { get() { reads++; return 1; }, enumerable: true });
  structuredClone(object);
  assert_equals(reads, 0);
}, 'a symbol-keyed getter does not run');

test(() => {
  const object = JSON.parse('{"__proto__": {"polluted": true}, "x": 1}');
  const clone = structuredClone(object);
  assert_true(Object.hasOwn(clone, '__proto__'), 'still an own property');
  assert_equals(Object.getPrototypeOf(clone), Object.prototype, 'the prototype is not changed');
  assert_equals(clone.polluted, undefined);
  assert_true(clone.__proto__.polluted);
}, 'an own __proto__ property stays an own property and does not set the prototype');

test(() => {
  const object = {};
  Object.defineProperty(object, '__proto__', { value: 5, enumerable: true, configurable: true, writable: true });
  const clone = structuredClone(object);
  assert_equals(Object.getOwnPropertyDescriptor(clone, '__proto__').value, 5);
}, 'an own __proto__ holding a number is kept as data');

test(() => {
  const order = [];
  const object = {
    get a() { order.push('a'); return 1; },
    b: 2,
    get c() { order.push('c'); return 3; },
  };
  const clone = structuredClone(object);
  assert_array_equals(order, ['a', 'c']);
  assert_equals(Object.getOwnPropertyDescriptor(clone, 'a').value, 1, 'a data property in the clone');
}, 'getters run once each, in property order, and become data properties');

test(() => {
  const object = { get first() { delete this.second; return 1; }, second: 2, third: 3 };
  const clone = structuredClone(object);
  assert_array_equals(Object.keys(clone), ['first', 'third']);
}, 'a property deleted by an earlier getter is skipped');

test(() => {
  const object = { get first() { this.added = 'late'; return 1; }, second: 2 };
  const clone = structuredClone(object);
  assert_array_equals(Object.keys(clone), ['first', 'second']);
}, 'a property added by a getter is not cloned');

test(() => {
  const object = { get first() { this.second = 'changed'; return 1; }, second: 'before' };
  assert_equals(structuredClone(object).second, 'changed');
}, 'a property changed by an earlier getter is cloned with its new value');

test(() => {
  const object = { get first() { Object.defineProperty(this, 'second', { enumerable: false }); return 1; }, second: 2 };
  assert_equals(structuredClone(object).second, 2, 'the snapshot of keys was taken before');
}, 'a property made non-enumerable by an earlier getter is still cloned');

test(() => {
  const object = { get first() { delete this.second; Object.defineProperty(this, 'second', { value: 'again', enumerable: true, configurable: true }); return 1; }, second: 2 };
  assert_equals(structuredClone(object).second, 'again');
}, 'a property deleted and defined again by an earlier getter is cloned with its new value');

test(() => {
  const object = { get boom() { throw new EvalError('from a getter'); } };
  assert_throws_js(EvalError, () => structuredClone(object));
}, 'an exception from a getter propagates');

test(() => {
  const object = { nested: { get inner() { return 'deep'; } } };
  assert_equals(structuredClone(object).nested.inner, 'deep');
}, 'a getter in a nested object runs');

test(() => {
  const object = {};
  for (let i = 0; i < 65; i++) object[`p${i}`] = i;
  const clone = structuredClone(object);
  assert_equals(Object.keys(clone).length, 65);
  assert_equals(clone.p64, 64);
  assert_array_equals(Object.keys(clone), Object.keys(object));
}, 'an object with 65 properties keeps them all, in order');

test(() => {
  const object = {};
  for (let i = 0; i < 1000; i++) object[`k${i}`] = i;
  assert_equals(Object.keys(structuredClone(object)).length, 1000);
}, 'an object with 1000 properties keeps them all');

test(() => {
  const object = {};
  for (let i = 0; i < 64; i++) object[`p${i}`] = i;
  delete object.p10;
  const clone = structuredClone(object);
  assert_equals(Object.keys(clone).length, 63);
  assert_false('p10' in clone);
}, 'an object in dictionary mode after a delete keeps its remaining properties');

test(() => {
  const clone = structuredClone(Object.freeze({ a: 1 }));
  assert_false(Object.isFrozen(clone));
  clone.a = 2;
  assert_equals(clone.a, 2);
}, 'a frozen object clones to an ordinary, writable object');

test(() => {
  const clone = structuredClone(Object.seal({ a: 1 }));
  delete clone.a;
  assert_false('a' in clone);
}, 'a sealed object clones to an object whose properties can be deleted');

test(() => {
  assert_true(Object.isExtensible(structuredClone(Object.preventExtensions({ a: 1 }))));
}, 'a non-extensible object clones to an extensible object');

test(() => {
  const object = {};
  Object.defineProperty(object, 'ro', { value: 1, enumerable: true, writable: false, configurable: false });
  const descriptor = Object.getOwnPropertyDescriptor(structuredClone(object), 'ro');
  assert_true(descriptor.writable && descriptor.enumerable && descriptor.configurable);
}, 'a read-only, non-configurable property clones to a writable, configurable one');

test(() => {
  const object = { set only(v) {} };
  const clone = structuredClone(object);
  assert_true(Object.hasOwn(clone, 'only'));
  assert_equals(clone.only, undefined);
}, 'a setter-only property clones to a data property holding undefined');

test(() => {
  const clone = structuredClone({ '': 'empty key', ' ': 'space' });
  assert_equals(clone[''], 'empty key');
  assert_equals(clone[' '], 'space');
}, 'the empty string and a space are kept as keys');

test(() => {
  const clone = structuredClone({ constructor: 'c', toString: 't', hasOwnProperty: 'h' });
  assert_equals(clone.constructor, 'c');
  assert_equals(clone.toString, 't');
}, 'keys named like Object.prototype methods are kept as own data');

test(() => {
  const clone = structuredClone({ a: { b: { c: { d: 'deep' } } } });
  assert_equals(clone.a.b.c.d, 'deep');
}, 'nested objects are cloned deeply');

test(() => {
  let depth = { leaf: true };
  for (let i = 0; i < 1000; i++) depth = { next: depth };
  let clone = structuredClone(depth);
  for (let i = 0; i < 1000; i++) clone = clone.next;
  assert_true(clone.leaf);
}, 'an object nested 1000 deep is cloned');

test(() => {
  const clone = structuredClone(Object.prototype);
  assert_equals(Object.getPrototypeOf(clone), Object.prototype);
  assert_array_equals(Object.keys(clone), []);
}, 'Object.prototype itself clones to an empty object');

test(() => {
  const clone = structuredClone(globalThis.Math);
  assert_equals(Object.getPrototypeOf(clone), Object.prototype);
  assert_false('PI' in clone, 'Math has no enumerable own properties');
}, 'the Math object clones to an empty plain object');

test(() => {
  const clone = structuredClone(JSON);
  assert_array_equals(Object.keys(clone), []);
}, 'the JSON object clones to an empty plain object');
