// META: title=FileList: serialized as the sub-serializations of its Files, in order, so a File met twice is one File in the clone (File API FileList serialization steps; HTML sub-serialization shares the memory)
// META: variant=?channel=clone
// META: variant=?channel=messagechannel
// META: variant=?channel=worker
// META: script=resources/channel.js

// FileList has no constructor: a DataTransfer (a window's only) makes one holding the very Files added.
function fileList(...files) {
  const transfer = new DataTransfer();
  for (const file of files) transfer.items.add(file);
  return transfer.files;
}

promise_test(async () => {
  const a = new File(['hi'], 'a.txt', { type: 'text/plain', lastModified: 1234 });
  const b = new File([], 'b', { lastModified: -1 });
  const clone = await channel_clone(fileList(a, b));
  assert_true(clone instanceof FileList, 'a FileList');
  assert_equals(clone.length, 2);
  assert_true(clone[0] instanceof File && clone[1] instanceof File, 'of Files');
  assert_array_equals([clone[0].name, clone[0].type, clone[0].lastModified, clone[0].size], ['a.txt', 'text/plain', 1234, 2]);
  assert_array_equals([clone[1].name, clone[1].lastModified, clone[1].size], ['b', -1, 0]);
  assert_not_equals(clone[0], a, 'new Files');
}, 'a FileList is cloned as a FileList of clones of its Files, in order');

promise_test(async () => {
  assert_equals((await channel_clone(fileList())).length, 0);
}, 'an empty FileList is cloned as an empty FileList');

promise_test(async () => {
  const a = new File(['x'], 'a');
  const clone = await channel_clone(fileList(a, new File([], 'b'), a));
  assert_equals(clone[0], clone[2]);
}, 'a File listed twice is one File in the cloned FileList');

promise_test(async () => {
  const a = new File(['x'], 'a');
  const clone = await channel_clone([fileList(a), a]);
  assert_equals(clone[0][0], clone[1]);
}, 'a File both in a FileList and elsewhere in the value is one File in the clone');

promise_test(async () => {
  const list = fileList(new File(['x'], 'a'));
  const clone = await channel_clone([list, list]);
  assert_equals(clone[0], clone[1]);
}, 'a FileList met twice is one FileList in the clone');

promise_test(async () => {
  const list = fileList(new File(['x'], 'a'));
  list.extra = 1;
  Object.setPrototypeOf(list, null);
  const clone = await channel_clone(list);
  assert_equals(Object.getPrototypeOf(clone), FileList.prototype, 'the brand is in the slots, not the prototype');
  assert_false('extra' in clone, 'own properties are not carried');
  assert_equals(clone.length, 1);
}, 'a FileList whose prototype is null is cloned as a FileList, without its own properties');

promise_test(async () => {
  const impostor = Object.create(FileList.prototype);
  const clone = await channel_clone(impostor);
  assert_equals(Object.getPrototypeOf(clone), Object.prototype);
}, 'an object whose prototype is FileList.prototype is cloned as an ordinary object');

test(() => {
  const length = Object.getOwnPropertyDescriptor(FileList.prototype, 'length').get;
  assert_throws_js(TypeError, () => length.call({}));
  assert_throws_js(TypeError, () => length.call(Object.create(FileList.prototype)));
  assert_equals(length.call(Object.setPrototypeOf(fileList(new File([], 'a')), null)), 1);
}, 'FileList.prototype.length is a brand check: it throws for anything but a FileList, whatever its prototype');
