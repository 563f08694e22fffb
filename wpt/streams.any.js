// META: title=Transferable streams: ReadableStream, WritableStream and TransformStream are transferred through the transfer list only, by a cross-realm transform, the original locked (Streams Standard #rs-transfer, #ws-transfer, #ts-transfer; HTML StructuredSerializeWithTransfer steps 2 and 5)

async function readAll(stream) {
  const reader = stream.getReader();
  const chunks = [];
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return chunks;
    chunks.push(value);
  }
}

const withChunks = (...chunks) => new ReadableStream({ start(c) { for (const chunk of chunks) c.enqueue(chunk); c.close(); } });

promise_test(async () => {
  const original = withChunks('a', 1, true, null);
  const clone = structuredClone(original, { transfer: [original] });
  assert_true(clone instanceof ReadableStream, 'a ReadableStream');
  assert_not_equals(clone, original, 'a new object');
  assert_true(original.locked, 'the original is locked: piped to the cross-realm transform');
  assert_false(clone.locked, 'the clone is not locked');
  assert_array_equals(await readAll(clone), ['a', 1, true, null]);
}, 'a transferred ReadableStream yields the original\'s chunks, and the original is locked');

test(() => {
  const original = new ReadableStream();
  const clone = structuredClone({ a: original, b: [original] }, { transfer: [original] });
  assert_equals(clone.a, clone.b[0]);
}, 'a transferred stream reached twice is one stream in the clone');

test(() => {
  const original = new ReadableStream();
  const clone = structuredClone(original, { transfer: [original] });
  assert_array_equals(Object.getOwnPropertyNames(clone), [], 'no own properties');
  assert_equals(Object.getPrototypeOf(clone), ReadableStream.prototype);
}, 'a transferred ReadableStream has no own string-keyed properties, its prototype ReadableStream.prototype');

test(() => {
  const locked = new ReadableStream();
  locked.getReader();
  assert_throws_dom('DataCloneError', () => structuredClone(locked, { transfer: [locked] }));
  const lockedWritable = new WritableStream();
  lockedWritable.getWriter();
  assert_throws_dom('DataCloneError', () => structuredClone(lockedWritable, { transfer: [lockedWritable] }));
}, 'a locked ReadableStream or WritableStream throws DataCloneError (transfer steps, step 1)');

test(() => {
  const halfLocked = new TransformStream();
  halfLocked.readable.getReader();
  assert_throws_dom('DataCloneError', () => structuredClone(halfLocked, { transfer: [halfLocked] }));
}, 'a TransformStream whose readable is locked throws DataCloneError');

test(() => {
  for (const stream of [new ReadableStream(), new WritableStream(), new TransformStream()]) {
    assert_throws_dom('DataCloneError', () => structuredClone({ stream }), stream.constructor.name);
  }
}, 'a stream outside the transfer list throws DataCloneError (not serializable)');

test(() => {
  const stream = new ReadableStream();
  assert_throws_dom('DataCloneError', () => structuredClone(1, { transfer: [stream, stream] }));
  assert_false(stream.locked, 'the refused call locked nothing');
}, 'the same stream twice in the transfer list throws DataCloneError and locks nothing');

test(() => {
  const stream = new ReadableStream();
  const buffer = new ArrayBuffer(4);
  assert_throws_dom('DataCloneError', () => structuredClone({ stream }, { transfer: [buffer] }));
  assert_equals(buffer.byteLength, 4, 'step 3 threw before step 5 detached anything');
  assert_false(stream.locked);
}, 'a stream in the value but not in the transfer list throws before the listed buffer is detached');

promise_test(async () => {
  const written = [];
  let closed;
  const wasClosed = new Promise((resolve) => { closed = resolve; });
  const original = new WritableStream({ write(chunk) { written.push(chunk); }, close() { closed(); } });
  const clone = structuredClone(original, { transfer: [original] });
  assert_true(clone instanceof WritableStream, 'a WritableStream');
  assert_true(original.locked, 'the original is locked: a cross-realm transform is piped to it');
  const writer = clone.getWriter();
  await writer.write(1);
  await writer.write('x');
  await writer.close();
  await wasClosed;
  assert_array_equals(written, [1, 'x']);
}, 'what is written to a transferred WritableStream reaches the original\'s sink, and closing it closes the original');

promise_test(async () => {
  const original = new TransformStream({ transform(chunk, controller) { controller.enqueue(chunk * 2); } });
  const clone = structuredClone(original, { transfer: [original] });
  assert_true(clone instanceof TransformStream, 'a TransformStream');
  assert_true(original.readable.locked && original.writable.locked, 'both sides of the original are locked');
  const writer = clone.writable.getWriter();
  writer.write(3);
  writer.write(4);
  writer.close();
  assert_array_equals(await readAll(clone.readable), [6, 8], 'through the original\'s transformer');
}, 'a transferred TransformStream: what is written to the clone goes through the original\'s transformer to the clone\'s readable');

promise_test(async () => {
  const original = withChunks(7);
  Object.setPrototypeOf(original, null);
  const clone = structuredClone(original, { transfer: [original] });
  assert_equals(Object.getPrototypeOf(clone), ReadableStream.prototype, 'the brand is in the slots, not the prototype');
  assert_array_equals(await readAll(clone), [7]);
}, 'a ReadableStream whose prototype is null is still transferred as a ReadableStream');

promise_test(async () => {
  const original = Object.freeze(withChunks(8));
  const clone = structuredClone(original, { transfer: [original] });
  assert_array_equals(await readAll(clone), [8]);
}, 'a frozen ReadableStream is transferred');

test(() => {
  for (const C of [ReadableStream, WritableStream, TransformStream]) {
    assert_throws_dom('DataCloneError', () => structuredClone(1, { transfer: [Object.create(C.prototype)] }), C.name);
  }
}, 'an object whose prototype is a stream\'s prototype is no stream: the transfer list refuses it');

test(() => {
  const first = withChunks(1);
  const locked = new ReadableStream();
  locked.getReader();
  assert_throws_dom('DataCloneError', () => structuredClone(1, { transfer: [first, locked] }));
  assert_true(first.locked, 'the stream before it was transferred first (StructuredSerializeWithTransfer step 5 runs each transfer steps in turn)');
}, 'a stream before a locked one in the transfer list is transferred (locked) when the locked one throws');
