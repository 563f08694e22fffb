// META: title=Transfer lists: every step that throws, and what is detached when (HTML StructuredSerializeWithTransfer, StructuredDeserializeWithTransfer)

test(() => {
  const buffer = new Uint8Array([1, 2, 3]).buffer;
  const clone = structuredClone(buffer, { transfer: [buffer] });
  assert_equals(buffer.byteLength, 0, 'the original is detached');
  assert_array_equals(Array.from(new Uint8Array(clone)), [1, 2, 3]);
}, 'a transferred ArrayBuffer moves its bytes to the clone and is detached');

test(() => {
  const buffer = new ArrayBuffer(4);
  const clone = structuredClone({ a: buffer, b: buffer }, { transfer: [buffer] });
  assert_equals(clone.a, clone.b);
  assert_equals(clone.a.byteLength, 4);
}, 'a transferred buffer reached twice is one buffer in the clone');

test(() => {
  const buffer = new ArrayBuffer(8);
  const view = new Uint16Array(buffer, 2, 2);
  const clone = structuredClone(view, { transfer: [buffer] });
  assert_equals(clone.byteOffset, 2);
  assert_equals(clone.length, 2);
  assert_equals(view.length, 0, 'the original view sees a detached buffer');
}, 'a view over a transferred buffer is a view over the transferred buffer');

test(() => {
  const buffer = new ArrayBuffer(4);
  const clone = structuredClone(undefined, { transfer: [buffer] });
  assert_equals(clone, undefined);
  assert_equals(buffer.byteLength, 0);
}, 'a buffer in the transfer list is detached even when the value does not contain it');

test(() => {
  const buffer = new ArrayBuffer(4, { maxByteLength: 12 });
  const clone = structuredClone(buffer, { transfer: [buffer] });
  assert_true(clone.resizable);
  assert_equals(clone.maxByteLength, 12);
  assert_equals(buffer.byteLength, 0);
}, 'a transferred resizable buffer stays resizable');

test(() => {
  const buffer = new ArrayBuffer(4);
  assert_throws_dom('DataCloneError', () => structuredClone(buffer, { transfer: [buffer, buffer] }));
  assert_equals(buffer.byteLength, 4, 'not detached');
}, 'the same buffer twice in the transfer list throws DataCloneError and detaches nothing');

test(() => {
  const shared = new SharedArrayBuffer(4);
  assert_throws_dom('DataCloneError', () => structuredClone(shared, { transfer: [shared] }));
}, 'a SharedArrayBuffer in the transfer list throws DataCloneError');

test(() => {
  const buffer = new ArrayBuffer(4);
  assert_throws_dom('DataCloneError', () => structuredClone(1, { transfer: [buffer, { plain: true }] }));
  assert_equals(buffer.byteLength, 4, 'not detached');
}, 'a plain object in the transfer list throws DataCloneError and detaches nothing');

test(() => {
  assert_throws_dom('DataCloneError', () => structuredClone(1, { transfer: [new Uint8Array(4)] }));
}, 'a typed array (not its buffer) in the transfer list throws DataCloneError');

test(() => {
  const buffer = new ArrayBuffer(4);
  structuredClone(undefined, { transfer: [buffer] });
  assert_throws_dom('DataCloneError', () => structuredClone(1, { transfer: [buffer] }));
}, 'an already detached buffer in the transfer list throws DataCloneError');

test(() => {
  const first = new ArrayBuffer(4);
  const detached = new ArrayBuffer(4);
  structuredClone(undefined, { transfer: [detached] });
  assert_throws_dom('DataCloneError', () => structuredClone(1, { transfer: [first, detached] }));
  assert_equals(first.byteLength, 0, 'the buffer before it was detached first');
}, 'buffers before a detached one in the transfer list are detached when it throws');

test(() => {
  const detached = new ArrayBuffer(4);
  const after = new ArrayBuffer(4);
  structuredClone(undefined, { transfer: [detached] });
  assert_throws_dom('DataCloneError', () => structuredClone(1, { transfer: [detached, after] }));
  assert_equals(after.byteLength, 4, 'the buffer after it is not detached');
}, 'buffers after a detached one in the transfer list are not detached');

test(() => {
  const buffer = new ArrayBuffer(4);
  assert_throws_dom('DataCloneError', () => structuredClone({ buffer, f() {} }, { transfer: [buffer] }));
  assert_equals(buffer.byteLength, 4, 'not detached');
}, 'a DataCloneError while serializing the value detaches nothing');

test(() => {
  const buffer = new ArrayBuffer(4);
  const value = { get detach() { structuredClone(undefined, { transfer: [buffer] }); return 1; } };
  assert_throws_dom('DataCloneError', () => structuredClone(value, { transfer: [buffer] }));
}, 'a transfer-list buffer detached by a getter during serialization throws DataCloneError');

test(() => {
  const buffer = new ArrayBuffer(4);
  const value = [{ get detach() { structuredClone(undefined, { transfer: [buffer] }); return 1; } }, buffer];
  assert_throws_dom('DataCloneError', () => structuredClone(value));
}, 'a buffer in the value detached by an earlier getter throws DataCloneError');

test(() => {
  assert_throws_js(TypeError, () => structuredClone(1, { transfer: 5 }));
}, 'a transfer option that is not iterable throws TypeError');

test(() => {
  assert_throws_js(TypeError, () => structuredClone(1, { transfer: [1] }));
}, 'a primitive in the transfer list throws TypeError');

test(() => {
  assert_throws_js(TypeError, () => structuredClone(1, { transfer: null }));
}, 'a null transfer option throws TypeError');

test(() => {
  const buffer = new ArrayBuffer(4);
  structuredClone(1, { transfer: new Set([buffer]) });
  assert_equals(buffer.byteLength, 0);
}, 'the transfer list may be any iterable (a Set)');

test(() => {
  const buffer = new ArrayBuffer(4);
  let reads = 0;
  structuredClone(1, { get transfer() { reads++; return [buffer]; } });
  assert_equals(reads, 1);
}, 'the transfer option is read once');

test(() => {
  const buffer = new ArrayBuffer(4);
  function* list() { yield buffer; }
  structuredClone(1, { transfer: list() });
  assert_equals(buffer.byteLength, 0);
}, 'the transfer list may be a generator');

test(() => {
  assert_throws_js(RangeError, () => structuredClone(1, { get transfer() { throw new RangeError('getter'); } }));
}, 'an exception from the transfer getter propagates');

test(() => {
  const buffer = new ArrayBuffer(4);
  const iterable = { *[Symbol.iterator]() { yield buffer; throw new URIError('mid-iteration'); } };
  assert_throws_js(URIError, () => structuredClone(buffer, { transfer: iterable }));
  assert_equals(buffer.byteLength, 4, 'not detached');
}, 'an exception while iterating the transfer list propagates and detaches nothing');

test(() => {
  const a = new ArrayBuffer(1);
  const b = new ArrayBuffer(2);
  const clone = structuredClone([b, a], { transfer: [a, b] });
  assert_equals(clone[0].byteLength, 2);
  assert_equals(clone[1].byteLength, 1);
}, 'transferred buffers land where the value refers to them, whatever the list order');

test(() => {
  const buffer = new ArrayBuffer(4);
  const clone = structuredClone(buffer, { transfer: [] });
  assert_equals(buffer.byteLength, 4);
  assert_not_equals(clone, buffer);
}, 'an empty transfer list copies the buffer');

test(() => {
  const shared = new SharedArrayBuffer(4);
  const buffer = new ArrayBuffer(4);
  const clone = structuredClone({ shared, buffer }, { transfer: [buffer] });
  new Uint8Array(clone.shared)[0] = 1;
  assert_equals(new Uint8Array(shared)[0], 1);
  assert_equals(buffer.byteLength, 0);
}, 'a shared buffer and a transferred buffer in one value: shared stays shared, transferred is detached');
