// META: title=Fast-path tiers (src/tiers/): for each tier, the value it accepts and a value for each of its reject guards clone as the spec says
// The tiers mirror engines' fast paths (Deno's primitive root, Bun's string
// root, simple object, Int32 / Double / Contiguous arrays and arrays of flat
// objects). Each test names the tier and the guard; what it asserts is only
// the HTML algorithm's result, so it holds on every implementation.

const withTransfer = (value) => structuredClone(value, { transfer: [new ArrayBuffer(1)] });
const flat = (n) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`p${i}`, i]));

// primitive-root (Deno)
test(() => assert_equals(structuredClone(42), 42), 'primitive-root accepts a number root');
test(() => assert_equals(structuredClone(null), null), 'primitive-root accepts a null root');
test(() => assert_equals(structuredClone(123n), 123n), 'primitive-root accepts a BigInt root');
test(() => assert_equals(withTransfer(7), 7), 'primitive-root refuses a transfer list (transfer-list): the root is still the primitive');
test(() => assert_throws_dom('DataCloneError', () => structuredClone(Symbol('s'))), 'primitive-root refuses a Symbol (symbol): DataCloneError');
test(() => assert_array_equals(structuredClone([1]), [1]), 'primitive-root refuses an object (object): cloned by the full path');

// string-root (Bun #21926)
test(() => assert_equals(structuredClone('root string'), 'root string'), 'string-root accepts a string root');
test(() => assert_equals(structuredClone('\ud800'), '\ud800'), 'string-root accepts a lone-surrogate string root');
test(() => assert_equals(withTransfer('with transfer'), 'with transfer'), 'string-root refuses a transfer list (transfer-list): the string is still cloned');
test(() => assert_equals(structuredClone(new String('w')).valueOf(), 'w'), 'string-root refuses a String wrapper (not-string): cloned as a wrapper');

// simple-object (Bun #22279)
test(() => {
  const clone = structuredClone({ a: 1, b: 'two', c: null, d: undefined, e: true, f: 1.5, g: 3n });
  assert_array_equals(Object.keys(clone), ['a', 'b', 'c', 'd', 'e', 'f', 'g']);
  assert_equals(clone.g, 3n);
}, 'simple-object accepts an object of primitives');
test(() => {
  const object = Object.create(null);
  object.a = 1;
  assert_equals(Object.getPrototypeOf(structuredClone(object)), Object.prototype);
}, 'simple-object accepts a null-prototype object: the clone has Object.prototype');
test(() => assert_equals(withTransfer({ a: 1 }).a, 1), 'simple-object refuses a transfer list (transfer-list): the object is still cloned');
test(() => assert_throws_dom('DataCloneError', () => structuredClone(new Proxy({ a: 1 }, {}))), 'simple-object refuses a Proxy (proxy): DataCloneError');
test(() => assert_true(Array.isArray(structuredClone([1]))), 'simple-object refuses an array (array): cloned as an array');
test(() => assert_true(structuredClone(new Date(1)) instanceof Date), 'simple-object refuses a Date (not-plain): cloned as a Date');
test(() => {
  const clone = structuredClone({ 0: 'index', b: 1 });
  assert_array_equals(Object.keys(clone), ['0', 'b']);
}, 'simple-object refuses an object with an indexed property (indexed-property): cloned with it');
test(() => {
  let reads = 0;
  const clone = structuredClone({ get a() { reads++; return 1; }, b: 2 });
  assert_equals(reads, 1);
  assert_equals(clone.a, 1);
}, 'simple-object refuses an object with a getter (accessor): the getter runs once');
test(() => {
  const object = { a: 1 };
  Object.defineProperty(object, 'b', { value: 2, enumerable: false });
  assert_false('b' in structuredClone(object));
}, 'simple-object refuses a non-enumerable property (non-enumerable): it is left out');
test(() => {
  const inner = {};
  const clone = structuredClone({ a: inner, b: inner });
  assert_equals(clone.a, clone.b);
}, 'simple-object refuses a nested object (nested-object): identity is kept');
test(() => assert_throws_dom('DataCloneError', () => structuredClone({ a: Symbol('s') })), 'simple-object refuses a Symbol value (symbol): DataCloneError');
test(() => {
  const clone = structuredClone({ a: 1, [Symbol('k')]: 2 });
  assert_equals(Object.getOwnPropertySymbols(clone).length, 0);
}, 'simple-object skips a symbol key: it is not cloned');

// int32-array (Bun #26814)
test(() => assert_array_equals(structuredClone([1, -2, 2 ** 31 - 1, -(2 ** 31)]), [1, -2, 2 ** 31 - 1, -(2 ** 31)]), 'int32-array accepts a dense array of int32 values');
test(() => assert_array_equals(withTransfer([1, 2]), [1, 2]), 'int32-array refuses a transfer list (transfer-list): the array is still cloned');
test(() => assert_throws_dom('DataCloneError', () => structuredClone(new Proxy([1, 2], {}))), 'int32-array refuses a Proxy of an array (proxy): DataCloneError');
test(() => assert_false(Array.isArray(structuredClone({ 0: 1, length: 1 }))), 'int32-array refuses an array-like object (not-array): cloned as an object');
test(() => assert_false(1 in structuredClone([1, , 3])), 'int32-array refuses a hole (hole): the hole stays');
test(() => {
  const array = [1, 2];
  Object.defineProperty(array, 1, { get: () => 5, enumerable: true });
  assert_equals(Object.getOwnPropertyDescriptor(structuredClone(array), 1).value, 5);
}, 'int32-array refuses an element getter (accessor): its value is cloned as data');
test(() => {
  const array = [1, 2];
  Object.defineProperty(array, 0, { value: 1, enumerable: false });
  assert_false(0 in structuredClone(array));
}, 'int32-array refuses a non-enumerable element (non-enumerable): it becomes a hole');
test(() => {
  const array = [1, 2];
  array.named = 'kept';
  assert_equals(structuredClone(array).named, 'kept');
}, 'int32-array refuses a named property (named-property): it is kept');
test(() => assert_equals(structuredClone([1, 2.5])[1], 2.5), 'int32-array refuses a fraction (non-int32): kept exactly');
test(() => assert_equals(structuredClone([1, 2 ** 31])[1], 2 ** 31), 'int32-array refuses 2**31 (non-int32): kept exactly');
test(() => assert_true(Object.is(structuredClone([1, -0])[1], -0)), 'int32-array refuses -0 (negative-zero): -0 keeps its sign');

// double-array (Bun #26814)
test(() => {
  const clone = structuredClone([1.5, -2.25, NaN, Infinity]);
  assert_equals(clone[1], -2.25);
  assert_true(Number.isNaN(clone[2]));
}, 'double-array accepts a dense array of numbers');
test(() => assert_true(Object.is(structuredClone([0.5, -0])[1], -0)), 'double-array accepts -0 and keeps its sign');
test(() => assert_array_equals(withTransfer([1.5]), [1.5]), 'double-array refuses a transfer list (transfer-list): the array is still cloned');
test(() => assert_false(1 in structuredClone([1.5, , 2.5])), 'double-array refuses a hole (hole): the hole stays');
test(() => {
  const array = [1.5, 2.5];
  Object.defineProperty(array, 0, { get: () => 0.25, enumerable: true });
  assert_equals(structuredClone(array)[0], 0.25);
}, 'double-array refuses an element getter (accessor): its value is cloned');
test(() => {
  const array = [1.5, 2.5];
  Object.defineProperty(array, 1, { value: 2.5, enumerable: false });
  assert_false(1 in structuredClone(array));
}, 'double-array refuses a non-enumerable element (non-enumerable): it becomes a hole');
test(() => {
  const array = [1.5];
  array.named = 1;
  assert_equals(structuredClone(array).named, 1);
}, 'double-array refuses a named property (named-property): it is kept');
test(() => assert_equals(structuredClone([1.5, 'x'])[1], 'x'), 'double-array refuses a string element (non-number): cloned');

// contiguous-array (Bun #26814)
test(() => assert_array_equals(structuredClone(['a', 1, true, null, undefined, 2n]), ['a', 1, true, null, undefined, 2n]), 'contiguous-array accepts a dense array of primitives');
test(() => assert_array_equals(withTransfer(['a']), ['a']), 'contiguous-array refuses a transfer list (transfer-list): the array is still cloned');
test(() => assert_false(1 in structuredClone(['a', , 'c'])), 'contiguous-array refuses a hole (hole): the hole stays');
test(() => {
  const array = ['a', 'b'];
  let reads = 0;
  Object.defineProperty(array, 1, { get() { reads++; return 'got'; }, enumerable: true });
  structuredClone(array);
  assert_equals(reads, 1);
}, 'contiguous-array refuses an element getter (accessor): it runs once');
test(() => {
  const array = ['a', 'b'];
  Object.defineProperty(array, 0, { value: 'a', enumerable: false });
  assert_false(0 in structuredClone(array));
}, 'contiguous-array refuses a non-enumerable element (non-enumerable): it becomes a hole');
test(() => {
  const array = ['a'];
  array.named = 'kept';
  assert_equals(structuredClone(array).named, 'kept');
}, 'contiguous-array refuses a named property (named-property): it is kept');
test(() => {
  const inner = { x: 1 };
  const clone = structuredClone(['a', inner, inner]);
  assert_equals(clone[1], clone[2]);
}, 'contiguous-array refuses an object element (nested-object): identity is kept');
test(() => assert_throws_dom('DataCloneError', () => structuredClone(['a', Symbol('s')])), 'contiguous-array refuses a Symbol element (symbol): DataCloneError');

// flat-object-array (Bun #26818, shape cache)
test(() => {
  const clone = structuredClone([{ a: 1, b: 'x' }, { a: 2, b: 'y' }]);
  assert_equals(clone[1].b, 'y');
  assert_not_equals(clone[0], clone[1]);
}, 'flat-object-array accepts an array of flat objects of one shape');
test(() => {
  const clone = structuredClone([{ a: 1 }, { b: 2 }, { a: 3, c: 4 }]);
  assert_array_equals(Object.keys(clone[1]), ['b']);
  assert_array_equals(Object.keys(clone[2]), ['a', 'c']);
}, 'flat-object-array accepts flat objects of different shapes and keeps each one\'s keys');
test(() => {
  const clone = structuredClone([{ a: 1, b: 2 }, { b: 3, a: 4 }]);
  assert_array_equals(Object.keys(clone[1]), ['b', 'a']);
}, 'flat-object-array keeps each object\'s key order (same keys, different order)');
test(() => assert_equals(withTransfer([{ a: 1 }])[0].a, 1), 'flat-object-array refuses a transfer list (transfer-list): the array is still cloned');
test(() => assert_false(1 in structuredClone([{ a: 1 }, , { a: 2 }])), 'flat-object-array refuses a hole (hole): the hole stays');
test(() => {
  const array = [{ a: 1 }];
  Object.defineProperty(array, 0, { get: () => ({ a: 'got' }), enumerable: true });
  assert_equals(structuredClone(array)[0].a, 'got');
}, 'flat-object-array refuses an element getter (accessor): its value is cloned');
test(() => {
  let reads = 0;
  structuredClone([{ a: 1 }, { get a() { reads++; return 2; } }]);
  assert_equals(reads, 1);
}, 'flat-object-array refuses an element with a getter property (accessor): the getter runs once');
test(() => {
  const element = { a: 1 };
  Object.defineProperty(element, 'hidden', { value: 2, enumerable: false });
  assert_false('hidden' in structuredClone([element])[0]);
}, 'flat-object-array refuses an element with a non-enumerable property (non-enumerable): it is left out');
test(() => {
  const array = [{ a: 1 }];
  array.named = 'kept';
  assert_equals(structuredClone(array).named, 'kept');
}, 'flat-object-array refuses a named property on the array (named-property): it is kept');
test(() => assert_throws_dom('DataCloneError', () => structuredClone([{ a: Symbol('s') }])), 'flat-object-array refuses a Symbol property value (symbol): DataCloneError');
test(() => {
  const shared = {};
  const clone = structuredClone([{ a: shared }, { a: shared }]);
  assert_equals(clone[0].a, clone[1].a);
}, 'flat-object-array refuses a nested object value (nested-object): identity is kept');
test(() => assert_true(Array.isArray(structuredClone([[1], [2]])[1])), 'flat-object-array refuses an array element (array): cloned as an array');
test(() => assert_true(structuredClone([new Date(3)])[0] instanceof Date), 'flat-object-array refuses a Date element (not-plain): cloned as a Date');
test(() => assert_array_equals(Object.keys(structuredClone([{ 0: 'i', a: 1 }])[0]), ['0', 'a']), 'flat-object-array refuses an element with an indexed property (indexed-property): kept in order');
test(() => {
  const clone = structuredClone([flat(64), flat(65)]);
  assert_equals(Object.keys(clone[0]).length, 64);
  assert_equals(Object.keys(clone[1]).length, 65);
  assert_equals(clone[1].p64, 64);
}, 'flat-object-array refuses an element with more than 64 properties (too-many-properties): all 65 are kept');
test(() => {
  const proto = { inherited: 1 };
  const element = Object.create(proto);
  element.own = 2;
  const clone = structuredClone([element]);
  assert_equals(Object.getPrototypeOf(clone[0]), Object.prototype);
  assert_false('inherited' in clone[0]);
}, 'flat-object-array: an element with a custom prototype clones with Object.prototype and own properties only');
test(() => {
  const element = { a: 1 };
  const clone = structuredClone([element, element]);
  assert_equals(clone[0], clone[1]);
}, 'flat-object-array: the same flat object twice is one object in the clone');
