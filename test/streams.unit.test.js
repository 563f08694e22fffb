// Transferable streams in the reference: ReadableStream, WritableStream and
// TransformStream are brand-checked, refused outside the transfer list, and
// transferred by the Streams Standard's transfer steps, written in script
// (src/html/transferable-streams.js): a cross-realm transform over a new
// MessageChannel, the original piped to or from it and so locked.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';

import { structuredCloneSpec as clone } from '../src/html/structured-clone.js';
import { caseObservationOf, diff, selectTier } from '../src/index.js';
import { observedCaseAsync, oracleCloneFunction } from '../portable/case/case.js';
import { classifyObject } from '../src/abstract-ops/brands.js';
import { build, emitPlain, fromBytes, validate } from '../src/program/index.js';
import { toBytes } from '../src/program/to-bytes.js';
import { randomBytesFrom } from './helpers.js';
import { PROGRAM_SCHEMA } from '../src/program/schema.js';
import { inShell, withoutTransfer } from '../portable/targets/programs.js';

// The reference's ports do not keep a process alive (unref), as Node's own do not while unread.
const keepAlive = setInterval(() => {}, 1000);
after(() => clearInterval(keepAlive));

/** @param {ReadableStream} stream @returns {Promise<unknown[]>} every chunk until it closes */
async function readAll(stream) {
  const reader = stream.getReader();
  const chunks = [];
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return chunks;
    chunks.push(value);
  }
}

const STREAM_KINDS = ['readablestream', 'writablestream', 'transformstream'];

const dataCloneError = (/** @type {RegExp} */ step) => (/** @type {any} */ error) => error.name === 'DataCloneError' && step.test(error.message);

test('the streams are told by their brand checks (locked, readable), not by their prototypes', () => {
  assert.equal(classifyObject(new ReadableStream()), 'ReadableStream');
  assert.equal(classifyObject(new WritableStream()), 'WritableStream');
  assert.equal(classifyObject(new TransformStream()), 'TransformStream');
  for (const C of [ReadableStream, WritableStream, TransformStream]) assert.equal(classifyObject(Object.create(C.prototype)), 'object');
  const stream = new ReadableStream();
  Object.setPrototypeOf(stream, null);
  assert.equal(classifyObject(stream), 'ReadableStream', 'Node\'s locked getter is an exact brand check');
});

test('a transferred ReadableStream yields the original\'s chunks; the original is locked (piped to the cross-realm writable)', async () => {
  const original = new ReadableStream({ start(c) { c.enqueue('a'); c.enqueue(2); c.close(); } });
  const copy = clone({ a: original, b: original }, { transfer: [original] });
  assert.ok(copy.a instanceof ReadableStream);
  assert.notEqual(copy.a, original);
  assert.equal(copy.a, copy.b, 'references to the transferred stream meet the one new stream');
  assert.equal(original.locked, true);
  assert.equal(copy.a.locked, false);
  assert.deepEqual(await readAll(copy.a), ['a', 2]);
});

test('a locked stream, one outside the transfer list, one listed twice, one transferred before: DataCloneError', () => {
  const locked = new ReadableStream();
  locked.getReader();
  assert.throws(() => clone(locked, { transfer: [locked] }), dataCloneError(/#rs-transfer, its first step/));
  const lockedWritable = new WritableStream();
  lockedWritable.getWriter();
  assert.throws(() => clone(lockedWritable, { transfer: [lockedWritable] }), dataCloneError(/#ws-transfer, its first step/));
  const halfLocked = new TransformStream();
  halfLocked.writable.getWriter();
  assert.throws(() => clone(halfLocked, { transfer: [halfLocked] }), dataCloneError(/#ts-transfer, its third step/));
  for (const stream of [new ReadableStream(), new WritableStream(), new TransformStream()]) {
    assert.throws(() => clone({ stream }), dataCloneError(/StructuredSerializeInternal step 20/));
  }
  const twice = new ReadableStream();
  assert.throws(() => clone(twice, { transfer: [twice, twice] }), dataCloneError(/step 2\.3/));
  assert.equal(twice.locked, false, 'refused before any transfer step ran');
  clone(twice, { transfer: [twice] });
  assert.throws(() => clone(twice, { transfer: [twice] }), dataCloneError(/step 5\.2/));
});

test('a chunk written to a transferred WritableStream reaches the original\'s sink', async () => {
  const written = [];
  const original = new WritableStream({ write(chunk) { written.push(chunk); } });
  const copy = clone(original, { transfer: [original] });
  assert.ok(copy instanceof WritableStream);
  assert.equal(original.locked, true);
  const writer = copy.getWriter();
  await writer.write(1);
  await writer.write('x');
  await writer.close();
  await new Promise((resolve) => setTimeout(resolve, 50));
  assert.deepEqual(written, [1, 'x']);
});

test('a transferred TransformStream: what is written to the clone\'s writable goes through the original and comes out of the clone\'s readable', async () => {
  const original = new TransformStream({ transform(chunk, controller) { controller.enqueue(chunk * 2); } });
  const copy = clone(original, { transfer: [original] });
  assert.ok(copy instanceof TransformStream);
  assert.deepEqual([original.readable.locked, original.writable.locked, copy.readable.locked, copy.writable.locked], [true, true, false, false]);
  const writer = copy.writable.getWriter();
  writer.write(3);
  writer.write(4);
  writer.close();
  assert.deepEqual(await readAll(copy.readable), [6, 8]);
});

test('a stream is never plain: no tier takes it, in the transfer list or not', () => {
  const stream = new ReadableStream();
  assert.equal(selectTier({ stream }, { transfer: [stream] }).tier, undefined);
  assert.equal(selectTier({ stream }, {}).tier, undefined);
});

// ── streams in programs ──

const streamProgram = (/** @type {object} */ fields = {}) => ({
  schema: PROGRAM_SCHEMA, root: { ref: 0 }, transfer: [1, 2, 3], objects: [
    { kind: 'object', props: [{ key: 'r', value: { ref: 1 } }, { key: 'w', value: { ref: 2 } }, { key: 't', value: { ref: 3 } }] },
    { kind: 'readablestream', chunks: ['a', 1, true, null], ...fields }, { kind: 'writablestream', ...fields }, { kind: 'transformstream', ...fields },
  ],
});

test('readablestream, writablestream and transformstream nodes: built with their chunks and sinks, locked when asked, printed, checked, refused where the host lacks them', async () => {
  const built = build(streamProgram());
  assert.ok(built.value.r instanceof ReadableStream && built.value.w instanceof WritableStream && built.value.t instanceof TransformStream);
  assert.deepEqual(built.transfer, [built.value.r, built.value.w, built.value.t]);
  assert.deepEqual(await readAll(built.value.r), ['a', 1, true, null]);
  assert.equal(built.sinks.length, 1);
  await built.value.w.getWriter().write(5);
  assert.deepEqual(Array.from(built.sinks[0].written), [5], 'the sink records what is written');
  const locked = build(streamProgram({ locked: true })).value;
  assert.deepEqual([locked.r.locked, locked.w.locked, locked.t.readable.locked, locked.t.writable.locked], [true, true, true, false]);
  assert.match(emitPlain(streamProgram()).value, /new ReadableStream\(\{ start\(c\) \{ c\.enqueue\("a"\); c\.enqueue\(1\); c\.enqueue\(true\); c\.enqueue\(null\); c\.close\(\); \} \}\)/);
  assert.match(emitPlain(streamProgram({ locked: true })).value, /\(\(stream\) => \(stream\.readable\.getReader\(\), stream\)\)\(new TransformStream\(\)\)/);
  assert.deepEqual(validate(streamProgram(), { global: {} }).map((e) => e.message.slice(0, 31)),
    ['this host has no ReadableStream', 'this host has no WritableStream', 'this host has no TransformStrea']);
  const bad = validate({ ...streamProgram(), objects: [{ kind: 'readablestream', chunks: [{}], locked: 1 }], transfer: [] });
  assert.deepEqual(bad.map((e) => e.path), ['$.objects[0].locked', '$.objects[0].chunks[0]']);
  assert.match(validate({ ...streamProgram(), objects: [{ kind: 'readablestream', chunks: [] }], transfer: [] })[0].message, /expected an array of 1 to 8 chunks/);
});

test('a channel without a transfer list, and a shell without streams, make every stream an ordinary object', () => {
  const kinds = (/** @type {any} */ program) => program.objects.map((/** @type {any} */ n) => n.kind);
  assert.deepEqual(kinds(withoutTransfer(streamProgram())), ['object', 'object', 'object', 'object']);
  assert.equal(withoutTransfer(streamProgram()).transfer, undefined);
  assert.deepEqual(kinds(inShell(streamProgram())), ['object', 'object', 'object', 'object']);
});

// ── the observation ──

/** Node's own structuredClone, as a settling clone function (what the node:clone-transfer target runs). */
const nodeCloneFunction = async (/** @type {unknown} */ value, /** @type {any} */ options) => ({ __proto__: null, value: structuredClone(value, options) });

test('a cloned stream is observed by its locked attribute and, asynchronously, by its chunks, where its writes arrive, what comes out of a transform; Node\'s own transfer is observed the same', async () => {
  const program = streamProgram();
  const expected = caseObservationOf(await observedCaseAsync(program, () => build(program), oracleCloneFunction(undefined)));
  const [r, w, t] = expected.value.props.map((/** @type {any} */ p) => p.value);
  assert.deepEqual([r.kind, r.platform.locked, r.platform.chunks], ['ReadableStream', { type: 'boolean', value: false }, '"a",1,true,null,closed']);
  assert.deepEqual([w.kind, w.platform.locked, w.platform.delivered], ['WritableStream', { type: 'boolean', value: false }, '0'], 'the marker written to the clone reaches the original\'s sink, sink 0');
  const tReadable = t.platform.readable;
  assert.equal(t.kind, 'TransformStream');
  assert.equal(tReadable.platform.chunks, '3,closed', 'the marker written to the clone\'s writable (its place among the streams, 3) comes out of its readable');
  assert.equal(t.platform.writable.platform.delivered, '', 'a transform\'s writable reaches no sink');
  const actual = caseObservationOf(await observedCaseAsync(program, () => build(program), nodeCloneFunction));
  assert.deepEqual(diff(expected, actual), []);
  // A clone function that hands back new streams connected to nothing the program made.
  const elsewhere = async () => ({ __proto__: null, value: { r: new ReadableStream(), w: new WritableStream(), t: new TransformStream() } });
  const unrelated = caseObservationOf(await observedCaseAsync(program, () => build(program), elsewhere));
  assert.deepEqual(diff(expected, unrelated).filter((d) => /<(chunks|delivered)>$/.test(d.path)).map((d) => `${d.path} ${d.expected} | ${d.actual}`), [
    '$.r<chunks> "a",1,true,null,closed | open', '$.w<delivered> 0 | ',
  ], 'a new identity TransformStream passes the marker through as the transferred one does');
});

test('a locked stream in the transfer list: the reference and Node both throw DataCloneError', async () => {
  const program = streamProgram({ locked: true });
  const expected = caseObservationOf(await observedCaseAsync(program, () => build(program), oracleCloneFunction(undefined)));
  const actual = caseObservationOf(await observedCaseAsync(program, () => build(program), nodeCloneFunction));
  assert.equal(expected.outcome, 'throw');
  assert.equal(expected.thrown.name, 'DataCloneError');
  assert.deepEqual(diff(expected, actual), []);
});

test('fromBytes makes a transferred stream, read after the port (a readable one with 1 to 3 chunks); it builds, and toBytes gives it back', () => {
  const next = randomBytesFrom(17);
  const seen = new Set();
  let streams = 0;
  for (let i = 0; i < 3000; i++) {
    const program = fromBytes(next(200));
    const id = program.objects.findIndex((/** @type {any} */ n) => STREAM_KINDS.includes(n.kind));
    if (id === -1) continue;
    streams++;
    seen.add(program.objects[id].kind);
    assert.equal(program.transfer.at(-1), id, 'named last by the transfer list');
    assert.deepEqual(validate(program, { global: globalThis }), []);
    const again = fromBytes(toBytes(program));
    assert.deepEqual([again.objects.map((/** @type {any} */ n) => n.kind), again.objects[id], again.transfer],
      [program.objects.map((/** @type {any} */ n) => n.kind), program.objects[id], program.transfer], `input ${i}: toBytes inverts it`);
  }
  assert.deepEqual([...seen].sort(), STREAM_KINDS.slice().sort());
  assert.ok(streams > 50, `${streams} programs with a stream`);
});
