// META: title=Arrays: length from the own descriptor, holes stay holes, named properties kept, %Array.prototype% (HTML StructuredSerializeInternal steps 18, 26.4)

test(() => {
  const clone = structuredClone([1, 'two', null, undefined]);
  assert_true(Array.isArray(clone));
  assert_equals(Object.getPrototypeOf(clone), Array.prototype);
  assert_array_equals(clone, [1, 'two', null, undefined]);
}, 'an array keeps its elements in order');

test(() => {
  const clone = structuredClone([1, , 3]);
  assert_equals(clone.length, 3);
  assert_false(1 in clone);
}, 'a hole in the middle stays a hole');

test(() => {
  const clone = structuredClone([, 2]);
  assert_false(0 in clone);
}, 'a hole at index 0 stays a hole');

test(() => {
  const array = [1, 2];
  array.length = 5;
  const clone = structuredClone(array);
  assert_equals(clone.length, 5);
  assert_false(2 in clone);
  assert_false(4 in clone);
}, 'trailing holes keep the length');

test(() => {
  const clone = structuredClone(new Array(1000));
  assert_equals(clone.length, 1000);
  assert_equals(Object.keys(clone).length, 0);
}, 'an array of 1000 holes stays all holes');

test(() => {
  const array = [];
  array[100000] = 'far';
  const clone = structuredClone(array);
  assert_equals(clone.length, 100001);
  assert_equals(clone[100000], 'far');
  assert_equals(Object.keys(clone).length, 1);
}, 'a sparse array with one far element keeps its length and only that element');

test(() => {
  const clone = structuredClone([undefined, undefined]);
  assert_true(0 in clone && 1 in clone);
}, 'undefined elements are not holes');

test(() => {
  const array = [1, 2];
  array.name = 'named';
  const clone = structuredClone(array);
  assert_equals(clone.name, 'named');
}, 'a named property on an array is kept');

test(() => {
  const array = [1, 2, 3];
  array.first = 'a';
  array.second = 'b';
  assert_array_equals(Object.keys(structuredClone(array)), ['0', '1', '2', 'first', 'second']);
}, 'named properties come after the indices, in creation order');

test(() => {
  const array = [1, 2, 3];
  array['-1'] = 'negative';
  array['1.5'] = 'fraction';
  array['4294967295'] = 'not an index';
  const clone = structuredClone(array);
  assert_equals(clone['-1'], 'negative');
  assert_equals(clone['1.5'], 'fraction');
  assert_equals(clone['4294967295'], 'not an index');
  assert_equals(clone.length, 3, 'none of them is an index');
}, 'numeric-looking keys that are not array indices are named properties');

test(() => {
  const array = [1];
  array[Symbol('s')] = 'dropped';
  assert_equals(Object.getOwnPropertySymbols(structuredClone(array)).length, 0);
}, 'a symbol-keyed property on an array is not cloned');

test(() => {
  const array = [1, 2, 3];
  Object.defineProperty(array, 1, { value: 'hidden', enumerable: false });
  const clone = structuredClone(array);
  assert_false(1 in clone, 'a non-enumerable element is left out');
  assert_equals(clone.length, 3);
}, 'a non-enumerable element becomes a hole');

test(() => {
  const array = [1, 2];
  Object.defineProperty(array, 'hidden', { value: 'x', enumerable: false });
  assert_false('hidden' in structuredClone(array));
}, 'a non-enumerable named property on an array is not cloned');

test(() => {
  const array = [1, 2];
  let reads = 0;
  Object.defineProperty(array, 0, { get() { reads++; return 'got'; }, enumerable: true });
  const clone = structuredClone(array);
  assert_equals(reads, 1);
  assert_equals(clone[0], 'got');
  assert_equals(Object.getOwnPropertyDescriptor(clone, 0).value, 'got', 'a data property in the clone');
}, 'an element getter runs once and its value is cloned as data');

test(() => {
  const order = [];
  const array = [];
  for (let i = 0; i < 3; i++) Object.defineProperty(array, i, { get() { order.push(i); return i; }, enumerable: true });
  array.named = 0;
  Object.defineProperty(array, 'late', { get() { order.push('late'); return 1; }, enumerable: true });
  structuredClone(array);
  assert_array_equals(order, [0, 1, 2, 'late']);
}, 'element getters run in index order, then named getters in creation order');

test(() => {
  const array = [1, 2, 3];
  Object.defineProperty(array, 0, { get() { array.length = 1; return 'first'; }, enumerable: true });
  const clone = structuredClone(array);
  assert_equals(clone.length, 3, 'the length was read before the getter ran');
  assert_equals(clone[0], 'first');
  assert_false(1 in clone, 'deleted by the getter: skipped');
  assert_false(2 in clone);
}, 'elements removed by a getter that shrinks the array are skipped; the length stays');

test(() => {
  const array = [1, 2];
  Object.defineProperty(array, 0, { get() { array.push('added'); return 'first'; }, enumerable: true });
  const clone = structuredClone(array);
  assert_equals(clone.length, 2);
  assert_false(2 in clone, 'an element added during the walk is not cloned');
}, 'elements added by a getter during the walk are not cloned');

test(() => {
  const array = [1, , 3];
  Object.defineProperty(array, 0, { get() { array[1] = 'filled'; return 1; }, enumerable: true });
  assert_false(1 in structuredClone(array));
}, 'a hole filled by a getter during the walk stays a hole');

test(() => {
  const array = [1, 2, 3];
  Object.defineProperty(array, 0, { get() { delete array[2]; return 1; }, enumerable: true });
  assert_false(2 in structuredClone(array));
}, 'an element deleted by a getter during the walk is skipped');

test(() => {
  const array = [1, 2];
  Object.defineProperty(array, 0, { get() { throw new SyntaxError('from a getter'); }, enumerable: true });
  assert_throws_js(SyntaxError, () => structuredClone(array));
}, 'an exception from an element getter propagates');

test(() => {
  class List extends Array {}
  const list = new List();
  list.push(1, 2);
  const clone = structuredClone(list);
  assert_equals(Object.getPrototypeOf(clone), Array.prototype);
  assert_array_equals(clone, [1, 2]);
}, 'an Array subclass instance clones to a plain array');

test(() => {
  const array = [1, 2];
  Object.setPrototypeOf(array, null);
  assert_equals(Object.getPrototypeOf(structuredClone(array)), Array.prototype);
}, 'an array with a null prototype clones with Array.prototype');

test(() => {
  const proto = Object.create(Array.prototype);
  proto[1] = 'inherited';
  const array = [0, , 2];
  Object.setPrototypeOf(array, proto);
  const clone = structuredClone(array);
  assert_false(Object.hasOwn(clone, 1), 'the hole is not filled from the prototype');
  assert_equals(clone[1], undefined, 'and the clone\'s prototype is Array.prototype');
}, 'a prototype with an indexed property does not fill a hole');

test(() => {
  const proto = Object.create(Array.prototype);
  let reads = 0;
  Object.defineProperty(proto, 1, { get() { reads++; return 'inherited'; } });
  const array = [0, , 2];
  Object.setPrototypeOf(array, proto);
  structuredClone(array);
  assert_equals(reads, 0);
}, 'an indexed getter on the prototype is not run for a hole');

test(() => {
  const frozen = Object.freeze([1, 2]);
  const clone = structuredClone(frozen);
  assert_false(Object.isFrozen(clone));
  clone.push(3);
  assert_equals(clone.length, 3);
}, 'a frozen array clones to an ordinary, extensible array');

test(() => {
  const clone = structuredClone(Object.seal([1, 2]));
  assert_false(Object.isSealed(clone));
  delete clone[0];
  assert_false(0 in clone);
}, 'a sealed array clones to an array whose elements can be deleted');

test(() => {
  const clone = structuredClone(Object.preventExtensions([1]));
  assert_true(Object.isExtensible(clone));
}, 'a non-extensible array clones to an extensible array');

test(() => {
  const array = [1, 2, 3];
  Object.defineProperty(array, 1, { value: 'read-only', writable: false, enumerable: true });
  const descriptor = Object.getOwnPropertyDescriptor(structuredClone(array), 1);
  assert_true(descriptor.writable && descriptor.enumerable && descriptor.configurable);
}, 'a read-only element clones to a writable, enumerable, configurable element');

test(() => {
  const array = [1, 2];
  Object.defineProperty(array, 'length', { writable: false });
  const clone = structuredClone(array);
  assert_true(Object.getOwnPropertyDescriptor(clone, 'length').writable);
}, 'a non-writable length clones to a writable length');

test(() => {
  const clone = structuredClone([[1, [2, [3]]]]);
  assert_equals(clone[0][1][1][0], 3);
  assert_true(Array.isArray(clone[0][1]));
}, 'nested arrays are cloned as arrays');

test(() => {
  const clone = structuredClone([1, 2.5, -0, NaN]);
  assert_true(Object.is(clone[2], -0));
  assert_true(Number.isNaN(clone[3]));
  assert_equals(clone[1], 2.5);
}, 'an array of doubles keeps -0 and NaN');

test(() => {
  const clone = structuredClone(Array.from({ length: 10000 }, (_, i) => i));
  assert_equals(clone.length, 10000);
  assert_equals(clone[9999], 9999);
}, 'an array of 10,000 integers keeps them all');

test(() => {
  const array = ['a', 'b'];
  array.length = 1;
  assert_array_equals(structuredClone(array), ['a']);
}, 'an array truncated by setting its length clones at that length');

test(() => {
  assert_equals(structuredClone([]).length, 0);
}, 'an empty array stays empty');

test(() => {
  const args = (function () { return arguments; })(1, 2);
  assert_throws_dom('DataCloneError', () => structuredClone(args));
}, 'an arguments object throws DataCloneError (it has a [[ParameterMap]] internal slot)');
