// META: title=Blob, File and DOMException: a Blob is cloned with its size, type and bytes, a File also with its name and lastModified, a DOMException with its name and message (and so its legacy code); none keeps its own properties (File API Blob and File serialization steps; WebIDL DOMException serialization steps)

promise_test(async () => {
  const original = new Blob([new Uint8Array([1, 2, 255])], { type: 'Text/Plain' });
  const clone = structuredClone(original);
  assert_true(clone instanceof Blob, 'a Blob');
  assert_array_equals([clone.size, clone.type], [3, original.type], 'the type as the constructor left it');
  assert_array_equals(Array.from(new Uint8Array(await clone.arrayBuffer())), [1, 2, 255]);
}, 'a Blob is cloned with its size, type and bytes');

promise_test(async () => {
  const original = new File(['hi'], 'a.txt', { type: 'text/plain', lastModified: -1 });
  const clone = structuredClone(original);
  assert_true(clone instanceof File, 'a File');
  assert_array_equals([clone.name, clone.lastModified, clone.type, clone.size], ['a.txt', -1, original.type, 2]);
  assert_equals(await clone.text(), 'hi');
}, 'a File is cloned with its name, lastModified (before 1970 too), type and bytes');

test(() => {
  const original = new Blob([]);
  original.extra = 1;
  assert_false('extra' in structuredClone(original));
}, 'a Blob\'s own properties are not cloned');

test(() => {
  const clone = structuredClone(new DOMException('gone', 'NotFoundError'));
  assert_true(clone instanceof DOMException, 'a DOMException');
  assert_array_equals([clone.name, clone.message, clone.code], ['NotFoundError', 'gone', 8]);
}, 'a DOMException is cloned with its name and message, and so its legacy code');

test(() => {
  const clone = structuredClone(new DOMException('m', 'MyError'));
  assert_array_equals([clone.name, clone.code], ['MyError', 0]);
}, 'a DOMException whose name has no legacy code keeps the name, with code 0');
