// META: title=Error cause not cloned: the standard's text carries name, message and [[Stack]] only (HTML StructuredSerializeInternal step 17; whatwg/html#11321 open)
// META: spec=html

test(() => {
  const clone = structuredClone(new RangeError('m', { cause: 'why' }));
  assert_false(Object.hasOwn(clone, 'cause'));
}, 'the clone of an Error with a cause has no cause');

test(() => {
  const clone = structuredClone(new AggregateError([new TypeError('t')], 'agg'));
  assert_equals(Object.getPrototypeOf(clone), Error.prototype);
  assert_false(Object.hasOwn(clone, 'errors'));
}, 'an AggregateError clones to an Error without errors (step 17.2)');
