// META: title=Error [[Stack]]: serialized and deserialized (HTML StructuredSerializeInternal steps 17.5-17.6, StructuredDeserialize step 21.12, whatwg/html#12239); its text is implementation-defined

const NATIVE = [Error, EvalError, RangeError, ReferenceError, SyntaxError, TypeError, URIError];

for (const Kind of NATIVE) {
  test(() => {
    const error = new Kind('m');
    assert_equals(typeof error.stack, 'string', 'the original has a stack');
    const clone = structuredClone(error);
    assert_equals(typeof clone.stack, 'string', 'the clone has a stack');
    assert_equals(clone.stack, error.stack);
  }, `a ${Kind.name}'s clone has the original's stack`);
}

test(() => {
  const error = new Error('m');
  const clone = structuredClone(error);
  const descriptor = Object.getOwnPropertyDescriptor(clone, 'stack')
    ?? Object.getOwnPropertyDescriptor(Error.prototype, 'stack');
  assert_not_equals(descriptor, undefined, 'a stack property on the clone or Error.prototype');
  assert_false(descriptor.enumerable, 'not enumerable');
}, 'the clone\'s stack is not enumerable');

test(() => {
  const inner = new TypeError('inner');
  const clone = structuredClone({ inner, list: [inner] });
  assert_equals(clone.inner, clone.list[0]);
  assert_equals(clone.inner.stack, inner.stack);
}, 'an Error reached twice is one clone, with the stack');
