// META: title=Typed arrays and DataView: kind, offset, length and buffer identity (HTML StructuredSerializeInternal step 14, StructuredDeserialize step 16)

const KINDS = [Int8Array, Uint8Array, Uint8ClampedArray, Int16Array, Uint16Array, Int32Array, Uint32Array, Float32Array, Float64Array, BigInt64Array, BigUint64Array];
const sample = (Kind) => (Kind === BigInt64Array || Kind === BigUint64Array ? [1n, 2n, 3n] : [1, 2, 3]);

for (const Kind of KINDS) {
  test(() => {
    const original = new Kind(sample(Kind));
    const clone = structuredClone(original);
    assert_equals(Object.getPrototypeOf(clone), Kind.prototype);
    assert_array_equals(Array.from(clone), sample(Kind));
    assert_not_equals(clone.buffer, original.buffer);
  }, `a ${Kind.name} keeps its kind and elements`);

  test(() => {
    const buffer = new ArrayBuffer(Kind.BYTES_PER_ELEMENT * 8);
    const clone = structuredClone(new Kind(buffer, Kind.BYTES_PER_ELEMENT * 2, 3));
    assert_equals(clone.byteOffset, Kind.BYTES_PER_ELEMENT * 2, 'byteOffset');
    assert_equals(clone.length, 3, 'length');
    assert_equals(clone.buffer.byteLength, Kind.BYTES_PER_ELEMENT * 8, 'the whole buffer comes along');
  }, `a ${Kind.name} over part of a buffer keeps its offset, its length and the whole buffer`);
}

test(() => {
  const clone = structuredClone(new Float64Array([-0, NaN, Infinity]));
  assert_true(Object.is(clone[0], -0));
  assert_true(Number.isNaN(clone[1]));
  assert_equals(clone[2], Infinity);
}, 'a Float64Array keeps -0, NaN and Infinity');

test(() => {
  const buffer = new ArrayBuffer(16);
  const clone = structuredClone(new DataView(buffer, 4, 8));
  assert_equals(Object.getPrototypeOf(clone), DataView.prototype);
  assert_equals(clone.byteOffset, 4);
  assert_equals(clone.byteLength, 8);
  assert_equals(clone.buffer.byteLength, 16);
}, 'a DataView keeps its offset, its length and the whole buffer');

test(() => {
  const buffer = new ArrayBuffer(8);
  const clone = structuredClone([new Uint8Array(buffer), new Int16Array(buffer, 2, 1), new DataView(buffer)]);
  assert_equals(clone[0].buffer, clone[1].buffer);
  assert_equals(clone[1].buffer, clone[2].buffer);
}, 'views over one buffer clone to views over one buffer');

test(() => {
  const buffer = new ArrayBuffer(4);
  const clone = structuredClone({ buffer, view: new Uint8Array(buffer) });
  assert_equals(clone.view.buffer, clone.buffer);
}, 'a view and its buffer clone to a view over the cloned buffer');

test(() => {
  const original = new Uint8Array(4);
  original.extra = 'dropped';
  assert_false('extra' in structuredClone(original));
}, 'a typed array\'s own named properties are not cloned');

test(() => {
  const shared = new SharedArrayBuffer(8);
  const clone = structuredClone(new Int32Array(shared));
  clone[1] = 5;
  assert_equals(new Int32Array(shared)[1], 5);
}, 'a typed array over a SharedArrayBuffer shares its memory with the original');

test(() => {
  const buffer = new ArrayBuffer(8, { maxByteLength: 32 });
  const clone = structuredClone(new Uint8Array(buffer));
  assert_equals(clone.length, 8);
  clone.buffer.resize(24);
  assert_equals(clone.length, 24, 'still tracks its buffer\'s length');
}, 'a length-tracking typed array stays length-tracking');

test(() => {
  const buffer = new ArrayBuffer(8, { maxByteLength: 32 });
  const clone = structuredClone(new Uint8Array(buffer, 0, 4));
  clone.buffer.resize(24);
  assert_equals(clone.length, 4);
}, 'a fixed-length typed array over a resizable buffer stays fixed-length');

test(() => {
  const buffer = new ArrayBuffer(8, { maxByteLength: 32 });
  const clone = structuredClone(new DataView(buffer, 2));
  clone.buffer.resize(20);
  assert_equals(clone.byteLength, 18);
}, 'a length-tracking DataView stays length-tracking');

test(() => {
  const buffer = new ArrayBuffer(16, { maxByteLength: 32 });
  const view = new Uint8Array(buffer, 8, 8);
  buffer.resize(4);
  assert_throws_dom('DataCloneError', () => structuredClone(view));
}, 'a typed array out of bounds of its shrunk buffer throws DataCloneError');

test(() => {
  const buffer = new ArrayBuffer(16, { maxByteLength: 32 });
  const view = new DataView(buffer, 8, 4);
  buffer.resize(4);
  assert_throws_dom('DataCloneError', () => structuredClone(view));
}, 'a DataView out of bounds of its shrunk buffer throws DataCloneError');

test(() => {
  const view = new Uint8Array(8);
  structuredClone(undefined, { transfer: [view.buffer] });
  assert_throws_dom('DataCloneError', () => structuredClone(view));
}, 'a typed array over a detached buffer throws DataCloneError');

test(() => {
  const view = new Uint8Array(4);
  const clone = structuredClone([view, view]);
  assert_equals(clone[0], clone[1]);
}, 'the same typed array twice clones to one view');

test(() => {
  const clone = structuredClone(new Uint8Array(0));
  assert_equals(clone.length, 0);
}, 'an empty typed array stays empty');

test(() => {
  class Bytes extends Uint8Array {}
  const clone = structuredClone(new Bytes([1, 2]));
  assert_equals(Object.getPrototypeOf(clone), Uint8Array.prototype);
  assert_array_equals(Array.from(clone), [1, 2]);
}, 'a typed array subclass instance clones to the base kind');
