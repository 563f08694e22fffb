// META: title=Error objects: the name by Get, seven native names only, the message from its own data property (HTML StructuredSerializeInternal step 17)

const NATIVE = [Error, EvalError, RangeError, ReferenceError, SyntaxError, TypeError, URIError];

for (const Kind of NATIVE) {
  test(() => {
    const clone = structuredClone(new Kind('msg'));
    assert_equals(Object.getPrototypeOf(clone), Kind.prototype);
    assert_equals(clone.name, Kind.name);
    assert_equals(clone.message, 'msg');
  }, `a ${Kind.name} clones to a ${Kind.name} with its message`);
}

test(() => {
  const clone = structuredClone(new Error('m'));
  const descriptor = Object.getOwnPropertyDescriptor(clone, 'message');
  assert_equals(descriptor.value, 'm');
  assert_false(descriptor.enumerable, 'enumerable');
  assert_true(descriptor.writable, 'writable');
  assert_true(descriptor.configurable, 'configurable');
}, 'the cloned message is an own, non-enumerable, writable, configurable data property');

test(() => {
  const clone = structuredClone(new Error());
  assert_false(Object.hasOwn(clone, 'message'));
}, 'an Error without an own message clones without one');

test(() => {
  const error = new Error('m');
  error.name = 'TypeError';
  const clone = structuredClone(error);
  assert_equals(Object.getPrototypeOf(clone), TypeError.prototype);
}, 'an Error whose name is "TypeError" clones to a TypeError');

test(() => {
  const error = new TypeError('m');
  error.name = 'CustomError';
  const clone = structuredClone(error);
  assert_equals(Object.getPrototypeOf(clone), Error.prototype);
  assert_equals(clone.name, 'Error');
}, 'an Error with a name that is not one of the seven clones to a plain Error');

test(() => {
  class MyError extends RangeError {}
  const clone = structuredClone(new MyError('m'));
  assert_equals(Object.getPrototypeOf(clone), RangeError.prototype, 'the name RangeError is inherited');
}, 'an Error subclass instance clones by the name it has');

test(() => {
  class NamedError extends Error { constructor(m) { super(m); this.name = 'NamedError'; } }
  assert_equals(Object.getPrototypeOf(structuredClone(new NamedError('m'))), Error.prototype);
}, 'an Error subclass with its own name clones to a plain Error');

test(() => {
  const error = new Error('m');
  let reads = 0;
  Object.defineProperty(error, 'name', { get() { reads++; return 'URIError'; } });
  const clone = structuredClone(error);
  assert_equals(reads, 1, 'the name getter runs once');
  assert_equals(Object.getPrototypeOf(clone), URIError.prototype);
}, 'an Error\'s name getter runs once and its value picks the prototype');

test(() => {
  const error = new Error('m');
  Object.defineProperty(error, 'name', { get() { throw new RangeError('from the name getter'); } });
  assert_throws_js(RangeError, () => structuredClone(error));
}, 'an exception from an Error\'s name getter propagates');

test(() => {
  const error = new Error('m');
  error.name = new String('TypeError');
  assert_equals(Object.getPrototypeOf(structuredClone(error)), Error.prototype);
}, 'an Error whose name is a String wrapper clones to a plain Error');

test(() => {
  const error = new Error();
  let reads = 0;
  Object.defineProperty(error, 'message', { get() { reads++; return 'from a getter'; } });
  const clone = structuredClone(error);
  assert_equals(reads, 0, 'the message getter does not run');
  assert_false(Object.hasOwn(clone, 'message'));
}, 'an Error\'s message accessor is not read: the clone has no message');

test(() => {
  const error = new Error();
  error.message = 42;
  assert_equals(structuredClone(error).message, '42');
}, 'an Error\'s non-string message is converted to a string');

test(() => {
  const error = new Error();
  error.message = { toString() { return 'converted'; } };
  assert_equals(structuredClone(error).message, 'converted');
}, 'an Error\'s object message is converted with its toString');

test(() => {
  const error = new Error();
  error.message = Symbol('s');
  assert_throws_js(TypeError, () => structuredClone(error));
}, 'an Error\'s Symbol message throws TypeError (ToString)');

test(() => {
  const error = new Error('m');
  error.extra = 'dropped';
  error.code = 5;
  const clone = structuredClone(error);
  assert_false('extra' in clone);
  assert_false(Object.hasOwn(clone, 'code'));
}, 'an Error\'s other own properties are not cloned');

test(() => {
  const error = new Error('m');
  Object.setPrototypeOf(error, null);
  const clone = structuredClone(error);
  assert_equals(Object.getPrototypeOf(clone), Error.prototype);
}, 'an Error with a null prototype and no name clones to a plain Error');

test(() => {
  const error = new Error('shared');
  const clone = structuredClone([error, error]);
  assert_equals(clone[0], clone[1]);
}, 'the same Error twice clones to one Error');

test(() => {
  const clone = structuredClone({ error: new TypeError('nested') });
  assert_true(clone.error instanceof TypeError);
}, 'an Error inside an object is cloned as an Error');

test(() => {
  const clone = structuredClone(new Error('\ud800 lone'));
  assert_equals(clone.message, '\ud800 lone');
}, 'an Error message with a lone surrogate keeps it');

test(() => {
  const error = Object.create(Error.prototype);
  error.message = 'not an Error';
  const clone = structuredClone(error);
  assert_equals(Object.getPrototypeOf(clone), Object.prototype, 'an ordinary object');
  assert_equals(clone.message, 'not an Error');
}, 'an ordinary object with Error.prototype is cloned as an ordinary object');

test(() => {
  const clone = structuredClone(new Error('m'));
  assert_true(clone instanceof Error);
  assert_equals(String(clone), 'Error: m');
}, 'a cloned Error converts to a string as an Error does');
