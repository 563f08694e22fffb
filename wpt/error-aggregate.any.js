// META: title=AggregateError kept with its errors (HTML StructuredSerializeInternal steps 17.2 and 17.7 as whatwg/html#5749 proposes)
// META: spec=html+cause+aggregate

test(() => {
  const clone = structuredClone(new AggregateError([new TypeError('t'), 2], 'agg'));
  assert_equals(Object.getPrototypeOf(clone), AggregateError.prototype);
  assert_equals(clone.message, 'agg');
  assert_true(Array.isArray(clone.errors));
  assert_equals(Object.getPrototypeOf(clone.errors[0]), TypeError.prototype);
  assert_equals(clone.errors[1], 2);
}, 'an AggregateError clones to an AggregateError with its errors');

test(() => {
  const descriptor = Object.getOwnPropertyDescriptor(structuredClone(new AggregateError([], 'agg')), 'errors');
  assert_false(descriptor.enumerable, 'enumerable');
  assert_true(descriptor.writable, 'writable');
  assert_true(descriptor.configurable, 'configurable');
}, 'the errors of the clone are an own, non-enumerable, writable, configurable data property');

test(() => {
  const inner = new RangeError('r');
  const clone = structuredClone(new AggregateError([inner, inner], 'agg', { cause: inner }));
  assert_equals(clone.errors[0], clone.errors[1]);
  assert_equals(clone.cause, clone.errors[0]);
}, 'an error listed twice and as the cause is one clone');
