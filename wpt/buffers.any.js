// META: title=ArrayBuffer, resizable, detached and SharedArrayBuffer (HTML StructuredSerializeInternal steps 13-14)

const bytesOf = (buffer) => Array.from(new Uint8Array(buffer));

test(() => {
  const original = new Uint8Array([1, 2, 3, 255]).buffer;
  const clone = structuredClone(original);
  assert_equals(Object.getPrototypeOf(clone), ArrayBuffer.prototype);
  assert_not_equals(clone, original);
  assert_array_equals(bytesOf(clone), [1, 2, 3, 255]);
}, 'an ArrayBuffer is copied byte for byte');

test(() => {
  const original = new ArrayBuffer(4);
  const clone = structuredClone(original);
  new Uint8Array(clone)[0] = 9;
  assert_equals(new Uint8Array(original)[0], 0);
}, 'a cloned ArrayBuffer does not share memory with the original');

test(() => {
  assert_equals(structuredClone(new ArrayBuffer(0)).byteLength, 0);
}, 'an empty ArrayBuffer stays empty');

test(() => {
  const clone = structuredClone(new ArrayBuffer(1 << 20));
  assert_equals(clone.byteLength, 1 << 20);
}, 'a 1 MiB ArrayBuffer keeps its length');

test(() => {
  const original = new ArrayBuffer(4);
  original.extra = 1;
  assert_false('extra' in structuredClone(original));
}, 'an ArrayBuffer\'s own properties are not cloned');

test(() => {
  const original = new ArrayBuffer(4, { maxByteLength: 16 });
  const clone = structuredClone(original);
  assert_true(clone.resizable, 'resizable');
  assert_equals(clone.maxByteLength, 16);
  assert_equals(clone.byteLength, 4);
}, 'a resizable ArrayBuffer stays resizable with its maxByteLength');

test(() => {
  const original = new ArrayBuffer(2, { maxByteLength: 8 });
  original.resize(6);
  new Uint8Array(original)[5] = 7;
  const clone = structuredClone(original);
  assert_equals(clone.byteLength, 6);
  assert_equals(new Uint8Array(clone)[5], 7);
  clone.resize(8);
  assert_equals(clone.byteLength, 8);
}, 'a resized resizable ArrayBuffer keeps its current length and bytes, and can still grow');

test(() => {
  const clone = structuredClone(new ArrayBuffer(8));
  assert_false(clone.resizable);
  assert_equals(clone.maxByteLength, 8);
}, 'a fixed-length ArrayBuffer stays fixed-length');

test(() => {
  const buffer = new ArrayBuffer(8);
  structuredClone(undefined, { transfer: [buffer] });
  assert_equals(buffer.byteLength, 0, 'detached');
  assert_throws_dom('DataCloneError', () => structuredClone(buffer));
}, 'a detached ArrayBuffer throws DataCloneError');

test(() => {
  const buffer = new ArrayBuffer(8);
  structuredClone(undefined, { transfer: [buffer] });
  assert_throws_dom('DataCloneError', () => structuredClone({ nested: [buffer] }));
}, 'a detached ArrayBuffer deep inside the value throws DataCloneError');

test(() => {
  const buffer = new ArrayBuffer(8);
  const clone = structuredClone([buffer, buffer]);
  assert_equals(clone[0], clone[1]);
}, 'the same ArrayBuffer twice clones to one buffer');

test(() => {
  const original = new SharedArrayBuffer(8);
  const clone = structuredClone(original);
  assert_equals(Object.getPrototypeOf(clone), SharedArrayBuffer.prototype);
  assert_equals(clone.byteLength, 8);
}, 'a SharedArrayBuffer clones to a SharedArrayBuffer');

test(() => {
  const original = new SharedArrayBuffer(8);
  const clone = structuredClone(original);
  new Uint8Array(clone)[3] = 42;
  assert_equals(new Uint8Array(original)[3], 42);
}, 'a cloned SharedArrayBuffer shares memory with the original');

test(() => {
  const original = new SharedArrayBuffer(4, { maxByteLength: 16 });
  const clone = structuredClone(original);
  assert_true(clone.growable);
  assert_equals(clone.maxByteLength, 16);
}, 'a growable SharedArrayBuffer stays growable with its maxByteLength');

test(() => {
  const original = new SharedArrayBuffer(4, { maxByteLength: 16 });
  const clone = structuredClone(original);
  original.grow(12);
  assert_equals(clone.byteLength, 12);
}, 'a growable SharedArrayBuffer grown after the clone has grown in the clone too');

test(() => {
  assert_throws_dom('DataCloneError', () => structuredClone(new SharedArrayBuffer(8), { transfer: [new SharedArrayBuffer(8)] }));
}, 'a SharedArrayBuffer in the transfer list throws DataCloneError');

test(() => {
  const shared = new SharedArrayBuffer(8);
  const clone = structuredClone({ a: shared, b: shared });
  assert_equals(clone.a, clone.b);
}, 'the same SharedArrayBuffer twice clones to one object');
