// META: title=Error cause cloned (HTML StructuredSerializeInternal step 17.7 as whatwg/html#11321 proposes; V8 and SpiderMonkey ship it)
// META: spec=html+cause,html+cause+aggregate

test(() => {
  const clone = structuredClone(new RangeError('m', { cause: 'why' }));
  assert_equals(clone.cause, 'why');
  const descriptor = Object.getOwnPropertyDescriptor(clone, 'cause');
  assert_false(descriptor.enumerable, 'enumerable');
  assert_true(descriptor.writable, 'writable');
  assert_true(descriptor.configurable, 'configurable');
}, 'a primitive cause is an own, non-enumerable, writable, configurable data property of the clone');

test(() => {
  const cause = { deep: [1, 2] };
  const clone = structuredClone(new Error('m', { cause }));
  assert_not_equals(clone.cause, cause);
  assert_array_equals(clone.cause.deep, [1, 2]);
}, 'an object cause is cloned deeply');

test(() => {
  const clone = structuredClone(new Error('m', { cause: new TypeError('inner') }));
  assert_equals(Object.getPrototypeOf(clone.cause), TypeError.prototype);
  assert_equals(clone.cause.message, 'inner');
}, 'an Error cause is cloned as an Error');

test(() => {
  const error = new Error('m');
  error.cause = error;
  const clone = structuredClone(error);
  assert_equals(clone.cause, clone);
}, 'an Error that is its own cause clones to one that is its own cause');

test(() => {
  const error = new Error('m');
  let read = false;
  Object.defineProperty(error, 'cause', { get() { read = true; return 1; } });
  const clone = structuredClone(error);
  assert_false(read, 'the getter is not called');
  assert_false(Object.hasOwn(clone, 'cause'));
}, 'an accessor cause is not read, and the clone has none');

test(() => {
  assert_false(Object.hasOwn(structuredClone(new Error('m')), 'cause'));
}, 'an Error without a cause clones without one');

test(() => {
  assert_throws_dom('DataCloneError', () => structuredClone(new Error('m', { cause: () => {} })));
}, 'an uncloneable cause throws DataCloneError');
