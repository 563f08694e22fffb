// META: title=Through a channel (postMessage): the value sent, and the transfer list, as structuredClone does (HTML StructuredSerializeWithTransfer in the sender, StructuredDeserializeWithTransfer in the receiver)
// META: variant=?channel=clone
// META: variant=?channel=messagechannel
// META: variant=?channel=worker
// META: script=resources/channel.js

promise_test(async () => {
  const clone = await channel_clone({ a: [1, , 3], b: new Map([[1, 'x']]) });
  assert_false(1 in clone.a);
  assert_equals(clone.b.get(1), 'x');
}, 'holes and Map entries arrive as sent');

promise_test(async () => {
  const object = {};
  object.self = object;
  const clone = await channel_clone(object);
  assert_equals(clone.self, clone);
}, 'a cycle arrives as a cycle');

promise_test(async () => {
  const clone = await channel_clone([-0, NaN, '\ud800', 2n ** 70n]);
  assert_true(Object.is(clone[0], -0));
  assert_true(Number.isNaN(clone[1]));
  assert_equals(clone[2], '\ud800');
  assert_equals(clone[3], 2n ** 70n);
}, '-0, NaN, a lone surrogate and a BigInt arrive unchanged');

promise_test(async () => {
  const buffer = new Uint8Array([5, 6]).buffer;
  const clone = await channel_clone(buffer, { transfer: [buffer] });
  assert_equals(buffer.byteLength, 0, 'detached in the sender');
  assert_array_equals(Array.from(new Uint8Array(clone)), [5, 6]);
}, 'a transferred buffer is detached in the sender and arrives with its bytes');

promise_test(async (t) => {
  const buffer = new ArrayBuffer(4);
  await promise_rejects_dom(t, 'DataCloneError', channel_clone(1, { transfer: [buffer, buffer] }));
  assert_equals(buffer.byteLength, 4);
}, 'a buffer twice in the transfer list is a DataCloneError and nothing is detached');

promise_test(async (t) => {
  await promise_rejects_dom(t, 'DataCloneError', channel_clone({ f() {} }));
}, 'a function is a DataCloneError');

promise_test(async (t) => {
  const buffer = new ArrayBuffer(4);
  await promise_rejects_dom(t, 'DataCloneError', channel_clone({ buffer, f() {} }, { transfer: [buffer] }));
  assert_equals(buffer.byteLength, 4);
}, 'a DataCloneError while serializing detaches nothing');

promise_test(async () => {
  const clone = await channel_clone(new Error('sent'));
  assert_equals(clone.message, 'sent');
  assert_true(clone instanceof Error);
}, 'an Error arrives as an Error with its message');

promise_test(async () => {
  const buffer = new ArrayBuffer(8, { maxByteLength: 16 });
  const clone = await channel_clone(buffer);
  assert_true(clone.resizable);
  assert_equals(clone.maxByteLength, 16);
}, 'a resizable buffer arrives resizable');

promise_test(async () => {
  const shared = new SharedArrayBuffer(4);
  const clone = await channel_clone(shared);
  new Uint8Array(clone)[0] = 3;
  assert_equals(new Uint8Array(shared)[0], 3);
}, 'a SharedArrayBuffer arrives sharing memory with the sender\'s');

promise_test(async () => {
  let reads = 0;
  const clone = await channel_clone({ get a() { reads++; return 1; } });
  assert_equals(reads, 1);
  assert_equals(clone.a, 1);
}, 'a getter runs once in the sender');
