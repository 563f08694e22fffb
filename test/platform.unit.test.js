// Platform objects in the reference: DOMException, Blob and File (the ones
// Node has) are cloned by their own serialization steps, brand-checked, into
// the target realm; a realm without the interface refuses them; tiers refuse
// them. The interfaces Node lacks (ImageData, geometry) are checked in the
// browsers (test/browsers.test.js runs the reference there) and in Deno
// (platform.slow.test.js, which needs the pinned Deno).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import vm from 'node:vm';
import { spawnSync } from 'node:child_process';

import { structuredCloneSpec as clone } from '../src/html/structured-clone.js';
import { structuredClone, selectTier } from '../src/index.js';
import { classifyObject } from '../src/abstract-ops/brands.js';
import { captureRealm } from '../src/primordials/realm.js';
import { installNodeHostHooks } from '../portable/hosts/node-host.js';
import { prepareSampleKeys, SAMPLE_KEYS_SYMBOL, SAMPLE_KEY_NAMES } from '../src/program/kinds/cryptokey.js';

test('loading the generator and the reference, and building a Blob and a detached buffer, leave V8\'s array iteration protector on', () => {
  // Each passes a sequence (a Blob's parts, a transfer list) with a captured iterator; an array with an own
  // Symbol.iterator turns the protector off for the whole isolate (every spread then makes an iterator).
  const program = { schema: 'clonecheck/program@2', root: { ref: 0 }, objects: [
    { kind: 'array', items: [{ ref: 1 }, { ref: 2 }] }, { kind: 'blob', bytes: [1] }, { kind: 'arraybuffer', bytes: [2], detached: true },
  ] };
  const source = "await import('../fuzzers/programs.js'); await import('../portable/fuzz/tasks.js'); const { build } = await import('../src/index.js');"
    + ` build(${JSON.stringify(program)}); process.stdout.write(String(%ArrayIteratorProtector()));`;
  const child = spawnSync(process.execPath, ['--allow-natives-syntax', '--input-type=module', '-e', source], {
    cwd: new URL('.', import.meta.url), encoding: 'utf8', timeout: 60_000,
  });
  assert.equal(child.status, 0, child.stderr);
  assert.equal(child.stdout, 'true');
});

test('a Blob is rebuilt from parts that a polluted Array.prototype[Symbol.iterator] does not reach', () => {
  const original = new Blob(['abc']);
  const saved = Object.getOwnPropertyDescriptor(Array.prototype, Symbol.iterator);
  Object.defineProperty(Array.prototype, Symbol.iterator, { configurable: true, writable: true, value: () => { throw new Error('polluted'); } });
  let copy;
  try {
    copy = clone(original);
  } finally {
    Object.defineProperty(Array.prototype, Symbol.iterator, saved);
  }
  assert.equal(classifyObject(copy), 'Blob');
  assert.equal(copy.size, 3);
});

test('a DOMException is cloned as a DOMException with its name and message (WebIDL serialization steps)', () => {
  const original = new DOMException('gone', 'NotFoundError');
  original.extra = 1;
  const copy = clone(original);
  assert.ok(copy instanceof DOMException);
  assert.notEqual(copy, original);
  assert.equal(copy.name, 'NotFoundError');
  assert.equal(copy.message, 'gone');
  assert.equal(copy.code, 8);
  assert.equal(Object.hasOwn(copy, 'extra'), false, 'own properties are not part of a platform object\'s record');
});

test('a DOMException is not an Error record, though Error.isError may say it has [[ErrorData]]', () => {
  assert.equal(classifyObject(new DOMException('m', 'SyntaxError')), 'DOMException');
  const copy = clone({ e: new DOMException('m', 'SyntaxError') }).e;
  assert.equal(copy.name, 'SyntaxError', 'an Error record would have kept only "Error"');
});

test('an object whose prototype is DOMException.prototype is an ordinary object (the getters are brand checks)', () => {
  const impostor = Object.create(DOMException.prototype);
  assert.equal(classifyObject(impostor), 'object');
  const copy = clone(impostor);
  assert.equal(Object.getPrototypeOf(copy), Object.prototype);
});

test('a Blob keeps its bytes and type, a File also its name and lastModified (File API blob serialization steps)', async () => {
  const blob = clone(new Blob(['abc', new Uint8Array([0, 255])], { type: 'text/plain' }));
  assert.ok(blob instanceof Blob);
  assert.equal(blob.type, 'text/plain');
  assert.deepEqual([...new Uint8Array(await blob.arrayBuffer())], [97, 98, 99, 0, 255]);
  const file = clone(new File(['xyz'], 'notes.txt', { type: 'text/x', lastModified: 1234 }));
  assert.ok(file instanceof File);
  assert.deepEqual([file.name, file.lastModified, file.type, await file.text()], ['notes.txt', 1234, 'text/x', 'xyz']);
});

test('platform objects keep shared identity like any object (memory)', () => {
  const blob = new Blob(['a']);
  const copy = clone([blob, blob, new DOMException('x')]);
  assert.equal(copy[0], copy[1]);
  assert.notEqual(copy[0], blob);
});

test('a target realm without the interface refuses the record with DataCloneError (StructuredDeserialize step 22)', () => {
  const bare = captureRealm(vm.runInNewContext('globalThis'));
  assert.equal(bare.platform.Blob, undefined);
  assert.throws(() => clone(new Blob(['a']), { realm: bare }), (error) => {
    assert.equal(error.name, 'DataCloneError');
    assert.match(error.message, /step 22: no interface named Blob/);
    return true;
  });
  assert.ok(clone({ a: 1 }, { realm: bare }).a === 1, 'ordinary values still land there');
});

test('tiers refuse platform objects: they are not plain objects', () => {
  for (const value of [new DOMException('m'), new Blob([]), [new DOMException('m')], { a: new Blob([]) }]) {
    const { tier } = selectTier(value, {});
    assert.equal(tier, undefined, `${Object.prototype.toString.call(value)} takes the spec path`);
    assert.ok(structuredClone(value, { tiers: true }) !== undefined);
  }
});

test('Node\'s host hooks classify platform objects as the brand checks do', () => {
  installNodeHostHooks();
  assert.equal(classifyObject(new DOMException('m')), 'DOMException');
  assert.equal(classifyObject(new File([], 'f')), 'File');
  assert.equal(classifyObject(new Blob([])), 'Blob');
  assert.equal(classifyObject(Object.setPrototypeOf(new Blob([]), null)), 'Blob');
  assert.equal(classifyObject(Object.create(Blob.prototype)), 'object');
});

// ── programs (schema @2) ──

import { PROGRAM_SCHEMA, build, emit, emitPlain, fromBytes, validate } from '../src/program/index.js';
import { toBytes } from '../src/program/to-bytes.js';
import { upgradeProgram } from '../src/program/schema.js';
import { observe, canonicalJSON } from '../src/index.js';
import { randomBytesFrom } from './helpers.js';

const platformProgram = {
  schema: PROGRAM_SCHEMA, root: { ref: 0 }, objects: [
    { kind: 'array', items: [{ ref: 1 }, { ref: 2 }, { ref: 3 }, { ref: 1 }] },
    { kind: 'domexception', message: 'm', name: 'NotFoundError' },
    { kind: 'blob', bytes: [1, 2, 3], type: 'text/x' },
    { kind: 'file', bytes: [65], name: 'a.txt', lastModified: 7, props: [{ key: 'extra', value: 1 }] },
  ],
};

test('schema @2 has nodes for platform objects; build, emit and emitPlain make the same graph', () => {
  assert.equal(PROGRAM_SCHEMA, 'clonecheck/program@2');
  assert.deepEqual(validate(platformProgram), []);
  const built = build(platformProgram).value;
  assert.ok(built[0] instanceof DOMException && built[1] instanceof Blob && built[2] instanceof File);
  assert.equal(built[0], built[3]);
  assert.deepEqual([built[0].name, built[0].message, built[2].name, built[2].lastModified, built[2].type], ['NotFoundError', 'm', 'a.txt', 7, '']);
  const fromEmit = (0, eval)(emit(platformProgram))().value;
  const fromPlain = new Function(`${emitPlain(platformProgram).value}\nreturn value;`)();
  for (const other of [fromEmit, fromPlain]) assert.equal(canonicalJSON(observe(other)), canonicalJSON(observe(built)));
});

test('a @1 program is still read (and upgraded by name); platform kinds need @2', () => {
  const old = { schema: 'clonecheck/program@1', root: { ref: 0 }, objects: [{ kind: 'array', items: [1] }] };
  assert.deepEqual(validate(old), []);
  assert.equal(build(old).value[0], 1);
  assert.equal(upgradeProgram(old).schema, PROGRAM_SCHEMA);
  const errors = validate({ ...platformProgram, schema: 'clonecheck/program@1' });
  assert.deepEqual(errors.map((e) => e.path), ['$.objects[1].kind', '$.objects[2].kind', '$.objects[3].kind']);
  assert.match(errors[0].message, /needs schema "clonecheck\/program@2"/);
});

test('a platform object the host lacks is refused by name, in validate with a global and in build', () => {
  const matrix = { schema: PROGRAM_SCHEMA, root: { ref: 0 }, objects: [{ kind: 'geometry', type: 'DOMMatrix', values: [1, 0, 0, 1, 0, 0] }] };
  assert.deepEqual(validate(matrix), [], 'the program itself is valid');
  assert.deepEqual(validate(matrix, { global: globalThis }).map((e) => e.message), ['this host has no DOMMatrix: run the program where the platform object exists (docs/platform-objects.md)']);
  assert.throws(() => build(matrix), /invalid program at \$\.objects\[0\]: this host has no DOMMatrix/);
});

test('the shapes of platform nodes are checked', () => {
  const node = (n) => validate({ schema: PROGRAM_SCHEMA, root: { ref: 0 }, objects: [n] }).map((e) => `${e.path}: ${e.message}`);
  assert.match(node({ kind: 'geometry', type: 'DOMPoint', values: [1, 2] })[0], /a DOMPoint takes 4 numbers, got 2/);
  assert.match(node({ kind: 'imagedata', width: 2, height: 1, bytes: [1, 2, 3] })[0], /expected 8 bytes/);
  assert.match(node({ kind: 'file', bytes: [] })[0], /\$\.objects\[0\]\.name: missing/);
  assert.match(node({ kind: 'domexception', message: 3 })[0], /message: expected a string/);
  assert.match(node({ kind: 'domexception', props: [{ key: 'stack', value: 1 }] })[0], /stack is host-defined/);
});

test('fromBytes makes DOMException, Blob and File nodes, then a transferred MessagePort, read last; they build and toBytes gives them back', () => {
  const next = randomBytesFrom(13);
  const seen = new Set();
  let ports = 0;
  for (let i = 0; i < 3000; i++) {
    const program = fromBytes(next(200));
    for (const n of program.objects) if (['domexception', 'blob', 'file', 'messageport'].includes(n.kind)) seen.add(n.kind);
    assert.deepEqual(validate(program, { global: globalThis }), []);
    const port = program.objects.findIndex((n) => n.kind === 'messageport');
    if (port < 0) continue;
    ports++;
    // Last, or before the stream fromBytes reads after it (test/streams.unit.test.js).
    assert.equal(program.transfer.at(port === program.objects.length - 1 ? -1 : -2), port, 'the port is named last by the transfer list');
    // Kinds and transfer list (the native tests compare whole programs, less fromBytes's `proto: 'default'`).
    const again = fromBytes(toBytes(program));
    assert.deepEqual([again.objects.map((n) => n.kind), again.transfer], [program.objects.map((n) => n.kind), program.transfer], `input ${i}: toBytes inverts it`);
  }
  assert.deepEqual([...seen].sort(), ['blob', 'domexception', 'file', 'messageport']);
  assert.ok(ports > 50, `${ports} programs with a port`);
  assert.deepEqual(fromBytes(new Uint8Array(0)).objects, [], 'an exhausted input decodes as before');
});

// ── observation ──

import { observedCaseAsync, oracleCloneFunction } from '../portable/case/case.js';
import { caseObservationOf, diff } from '../src/index.js';

test('a platform object is observed by its attributes; a Blob\'s bytes are read where the case is observed asynchronously', async () => {
  const program = {
    schema: PROGRAM_SCHEMA, root: { ref: 0 }, objects: [
      { kind: 'array', items: [{ ref: 1 }, { ref: 2 }, { ref: 3 }] },
      { kind: 'blob', bytes: [1, 2, 255], type: 'text/x' },
      { kind: 'file', bytes: [65], name: 'a.txt', lastModified: 3 },
      { kind: 'domexception', message: 'm', name: 'AbortError' },
    ],
  };
  const expected = caseObservationOf(await observedCaseAsync(program, () => build(program), oracleCloneFunction(undefined)));
  const [blob, file, exception] = expected.value.props.slice(0, 3).map((p) => p.value);
  assert.deepEqual([blob.kind, blob.platform.bytes, blob.platform.type.value], ['Blob', '0102ff', 'text/x']);
  assert.deepEqual([file.kind, file.platform.bytes, file.platform.name.value, file.platform.lastModified.value], ['File', '41', 'a.txt', '3']);
  assert.deepEqual([exception.platform.name.value, exception.platform.code.value], ['AbortError', '20']);
  assert.equal(observe(new Blob(['x'])).platform.bytes, 'unread', 'a synchronous walk cannot read them');
  // A clone that changes one byte, one File's name and the DOMException's name.
  const lossy = async () => ({
    __proto__: null,
    value: [new Blob([new Uint8Array([1, 2, 254])], { type: 'text/x' }), new File(['A'], 'b.txt', { lastModified: 3 }), new DOMException('m', 'SyntaxError')],
  });
  const actual = caseObservationOf(await observedCaseAsync(program, () => build(program), lossy));
  assert.deepEqual(diff(expected, actual).map((d) => `${d.path} ${d.expected} ${d.actual}`), [
    '$[0]<bytes> 0102ff 0102fe', '$[1]<name> "a.txt" "b.txt"', '$[2]<name> "AbortError" "SyntaxError"', '$[2]<code> 20 12',
  ]);
});

test('a MessagePort is transferred only through the transfer list: the clone is a new port entangled with the other end, the original detached', async () => {
  const { port1, port2 } = new MessageChannel();
  assert.equal(classifyObject(port1), 'MessagePort');
  assert.equal(classifyObject(Object.create(MessagePort.prototype)), 'object', 'the prototype alone makes no port');
  assert.throws(() => clone({ port1 }), (error) => error.name === 'DataCloneError' && /step 20/.test(error.message),
    'not serializable: StructuredSerializeInternal step 20');
  const copy = clone({ a: port1, b: port1 }, { transfer: [port1] });
  assert.ok(copy.a instanceof MessagePort);
  assert.notEqual(copy.a, port1);
  assert.equal(copy.a, copy.b, 'references to the transferred port meet the one new port (step 2.4\'s placeholder)');
  assert.throws(() => clone(port1, { transfer: [port1] }), (error) => error.name === 'DataCloneError' && /step 5\.2/.test(error.message),
    'a detached port cannot be transferred again');
  assert.throws(() => clone(1, { transfer: [port2, port2] }), /step 2\.3/);
  const arrived = await new Promise((resolve) => {
    copy.a.onmessage = (event) => resolve(`clone: ${event.data}`);
    port1.onmessage = (event) => resolve(`original: ${event.data}`);
    port2.postMessage('hello');
  });
  assert.equal(arrived, 'clone: hello', 'the remote end\'s messages go to the clone');
  for (const port of [copy.a, port1, port2]) port.close();
});

test('a transfer list with a MessagePort takes no tier', () => {
  const { port1 } = new MessageChannel();
  assert.equal(selectTier({ port1 }, { transfer: [port1] }).tier, undefined);
  assert.equal(selectTier({ port1 }, {}).tier, undefined, 'a port is never plain');
  port1.close();
});

// ── MessagePort in programs ──

const portProgram = (otherEnd = 'kept') => ({
  schema: PROGRAM_SCHEMA, root: { ref: 0 }, transfer: [1], objects: [
    { kind: 'object', props: [{ key: 'port', value: { ref: 1 } }] },
    { kind: 'messageport', otherEnd },
  ],
});

test('a messageport node is port1 of a new MessageChannel, the other end kept for the observation or dropped; refused without MessageChannel', () => {
  const built = build(portProgram());
  assert.ok(built.value.port instanceof MessagePort);
  assert.deepEqual(built.transfer, [built.value.port]);
  assert.equal(built.ports.length, 1);
  assert.equal(built.ports[0].port, built.value.port);
  assert.ok(built.ports[0].otherEnd instanceof MessagePort);
  assert.equal(build(portProgram('dropped')).ports.length, 0);
  assert.match(emitPlain(portProgram()).value, /new MessageChannel\(\)\.port1/);
  assert.deepEqual(validate(portProgram(), { global: { MessagePort } }).map((e) => e.message),
    ['this host has no MessageChannel: run the program where the platform object exists (docs/platform-objects.md)']);
  assert.match(validate({ ...portProgram(), objects: [{ kind: 'messageport', otherEnd: 'lost' }] })[0].message, /expected one of "kept", "dropped"/);
  built.ports[0].port.close();
  built.ports[0].otherEnd.close();
});

test('a cloned MessagePort is observed by what its entanglement brings: the kept other end\'s message reaches the clone', async () => {
  const expected = caseObservationOf(await observedCaseAsync(portProgram(), () => build(portProgram()), oracleCloneFunction(undefined)));
  const port = expected.value.props[0].value;
  assert.deepEqual([port.kind, port.platform.received], ['MessagePort', '0']);
  const dropped = caseObservationOf(await observedCaseAsync(portProgram('dropped'), () => build(portProgram('dropped')), oracleCloneFunction(undefined)));
  assert.equal(dropped.value.props[0].value.platform.received, '', 'nothing reaches a port whose other end is gone');
  // A clone function that hands back a new port entangled with nothing the program made.
  const elsewhere = async () => ({ __proto__: null, value: { port: new MessageChannel().port1 } });
  const actual = caseObservationOf(await observedCaseAsync(portProgram(), () => build(portProgram()), elsewhere));
  assert.deepEqual(diff(expected, actual).filter((d) => d.path.endsWith('<received>')).map((d) => `${d.path} ${d.expected} ${d.actual}`), ['$.port<received> 0 ']);
});

test('offscreencanvas and imagebitmap nodes: checked shapes, refused where the host has no OffscreenCanvas (Node), printed as their constructors', () => {
  const canvas = { schema: PROGRAM_SCHEMA, root: { ref: 0 }, objects: [{ kind: 'offscreencanvas', width: 3, height: 2, context: '2d' }], transfer: [0] };
  const bitmap = { schema: PROGRAM_SCHEMA, root: { ref: 0 }, objects: [{ kind: 'imagebitmap', width: 4, height: 3 }] };
  assert.deepEqual([validate(canvas), validate(bitmap)], [[], []]);
  for (const program of [canvas, bitmap]) {
    assert.deepEqual(validate(program, { global: globalThis }).map((e) => e.message),
      ['this host has no OffscreenCanvas: run the program where the platform object exists (docs/platform-objects.md)']);
  }
  assert.match(emitPlain(canvas).value, /\(\(canvas\) => \(canvas\.getContext\('2d'\), canvas\)\)\(new OffscreenCanvas\(3, 2\)\)/);
  assert.match(emitPlain(bitmap).value, /canvas\.transferToImageBitmap\(\)\)\)\(new OffscreenCanvas\(4, 3\)\)/);
  const node = (n) => validate({ schema: PROGRAM_SCHEMA, root: { ref: 0 }, objects: [n] }).map((e) => `${e.path}: ${e.message}`);
  assert.match(node({ kind: 'offscreencanvas', width: 0, height: 2 })[0], /width: expected an integer 1\.\.64/);
  assert.match(node({ kind: 'offscreencanvas', width: 1, height: 2, context: 'webgl' })[0], /context: expected one of "none", "2d"/);
  assert.match(node({ kind: 'imagebitmap', width: 1 })[0], /height: missing/);
});

test('filelist nodes: files are ids of file nodes (one may come twice), no integrity level or index keys, refused where the host has no DataTransfer (Node), printed as a DataTransfer', () => {
  const files = [{ kind: 'file', bytes: [1], name: 'a' }, { kind: 'file', bytes: [], name: 'b' }];
  const list = { schema: PROGRAM_SCHEMA, root: { ref: 2 }, objects: [...files, { kind: 'filelist', files: [0, 1, 0] }] };
  assert.deepEqual(validate(list), []);
  assert.deepEqual(validate(list, { global: globalThis }).map((e) => e.message),
    ['this host has no DataTransfer: run the program where the platform object exists (docs/platform-objects.md)']);
  assert.match(emitPlain(list).value, /\(\(dataTransfer\) => \(dataTransfer\.items\.add\(o0\), dataTransfer\.items\.add\(o1\), dataTransfer\.items\.add\(o0\), dataTransfer\.files\)\)\(new DataTransfer\(\)\)/);
  const node = (n) => validate({ schema: PROGRAM_SCHEMA, root: { ref: 2 }, objects: [...files, n] }).map((e) => `${e.path}: ${e.message}`);
  assert.deepEqual(node({ kind: 'filelist', files: [0, 2] }), ['$.objects[2].files[1]: expected an integer id of a file node, got 2 (a "filelist" node)']);
  assert.deepEqual(node({ kind: 'filelist' }), ['$.objects[2].files: missing']);
  assert.match(node({ kind: 'filelist', files: [], integrity: 'freeze' })[0], /integrity: a FileList cannot be sealed, frozen or made non-extensible/);
  assert.match(node({ kind: 'filelist', files: [], props: [{ key: '0', value: 1 }] })[0], /a FileList cannot have an own property with an array index key/);
  assert.deepEqual(node({ kind: 'filelist', files: [], props: [{ key: 'length', value: 1 }] }), []);
});

import fc from 'fast-check';
import { platformGraph } from '../fuzzers/strategies/platform.js';
import { reshaperOf, resolveTarget } from '../harness/targets/catalog.js';
import { judgeableHere } from '../portable/targets/programs.js';

test('platformGraph draws FileLists of its own file nodes (one listed twice, one also in the array); a browser\'s workers, and where a runtime runs one, get ordinary objects in their place', async () => {
  const drafts = fc.sample(platformGraph, { seed: 3, numRuns: 400 });
  const lists = drafts.flatMap((d) => d.objects.filter((n) => n.kind === 'filelist').map((n) => ({ d, n })));
  assert.ok(lists.length > 20, `${lists.length} FileLists in 400 drafts`);
  for (const { d, n } of lists) {
    assert.ok(n.files.length > 0 && n.files.every((id) => d.objects[id].kind === 'file'));
    assert.equal(n.integrity, undefined, 'WebIDL refuses to make a FileList non-extensible');
    assert.deepEqual(validate({ schema: PROGRAM_SCHEMA, ...d }), []);
  }
  assert.ok(lists.some(({ n }) => new Set(n.files).size < n.files.length), 'a File listed twice');
  assert.ok(lists.some(({ d, n }) => d.objects[0].items.some((item) => item.ref === n.files[0])), 'a File also held by the array');
  const program = { schema: PROGRAM_SCHEMA, ...lists[0].d };
  const reshaped = async (name) => reshaperOf((await resolveTarget(name, { install: false })).reshaping)(program).objects.map((n) => n.kind);
  const kinds = program.objects.map((n) => n.kind);
  assert.deepEqual(await reshaped('chromium:clone'), kinds);
  assert.deepEqual(await reshaped('webkit:iframe'), kinds);
  const plain = kinds.map((kind) => (kind === 'filelist' ? 'object' : kind));
  for (const name of ['chromium:worker', 'firefox:broadcast', 'webkit:worker']) assert.deepEqual(await reshaped(name), plain, name);
  // A runtime has no DataTransfer at all: it refuses a FileList given by hand
  // (validate, above) and reshapes a generated one where it runs (judgeableHere), as for a canvas.
  for (const name of ['node:clone', 'ref:tiers', 'polyfill:core-js']) assert.deepEqual(await reshaped(name), kinds, name);
  assert.deepEqual(judgeableHere(program).objects.map((n) => n.kind), plain);
});

test('a CryptoKey: its type getter tells it, the host copies it (key material script cannot read), the memory keeps one key met twice, the observation shows type, extractable, algorithm and usages', async () => {
  const key = await crypto.subtle.generateKey({ name: 'HMAC', hash: 'SHA-256', length: 256 }, true, ['sign']);
  assert.equal(classifyObject(key), 'CryptoKey');
  assert.equal(classifyObject(Object.create(CryptoKey.prototype)), 'object');
  const copy = clone([key, { again: key }]);
  assert.equal(copy[0], copy[1].again);
  assert.notEqual(copy[0], key);
  assert.deepEqual(Buffer.from(await crypto.subtle.exportKey('raw', copy[0])), Buffer.from(await crypto.subtle.exportKey('raw', key)));
  const observed = observe(copy[0]);
  assert.equal(observed.kind, 'CryptoKey');
  assert.deepEqual([observed.platform.type.value, observed.platform.extractable.value, observed.platform.algorithm.kind, observed.platform.usages.kind],
    ['secret', true, 'object', 'array']);
});

test('a realm prepares its Ed25519 sample keys although its host refuses some pairs it generates (WebKitGTK\'s OperationError, bug 307095), and asks a host without the algorithm once', async () => {
  /** @param {(algorithm: any) => string | undefined} refusal the name of the error a generateKey call meets, if any */
  const realm = (refusal) => {
    const calls = [];
    const subtle = {
      importKey: (...args) => crypto.subtle.importKey(...args),
      generateKey(algorithm, ...rest) {
        calls.push(algorithm.name);
        const name = refusal(algorithm);
        return name === undefined ? crypto.subtle.generateKey(algorithm, ...rest) : Promise.reject(new DOMException('refused', name));
      },
    };
    return { global: { crypto: { subtle }, Uint8Array }, calls };
  };
  let refusals = 2;
  const flaky = realm((algorithm) => (algorithm.name === 'Ed25519' && refusals-- > 0 ? 'OperationError' : undefined));
  await prepareSampleKeys(flaky.global);
  assert.deepEqual(Object.keys(flaky.global[SAMPLE_KEYS_SYMBOL]), SAMPLE_KEY_NAMES);
  assert.equal(flaky.calls.filter((name) => name === 'Ed25519').length, 3);
  const without = realm((algorithm) => (algorithm.name === 'Ed25519' ? 'NotSupportedError' : undefined));
  await prepareSampleKeys(without.global);
  assert.deepEqual(Object.keys(without.global[SAMPLE_KEYS_SYMBOL]), SAMPLE_KEY_NAMES.filter((name) => !name.startsWith('Ed25519')));
  assert.equal(without.calls.filter((name) => name === 'Ed25519').length, 1);
});

import { snippetFor } from '../harness/findings/snippet.js';

test('a finding about a File in a FileList gets a snippet that reads it by index (the FileList\'s indexed getter)', () => {
  const program = {
    schema: PROGRAM_SCHEMA, root: { ref: 0 },
    objects: [{ kind: 'array', items: [{ ref: 1 }, { ref: 2 }] }, { kind: 'filelist', files: [2] }, { kind: 'file', bytes: [], name: '' }],
  };
  const differences = [{ path: '$[1]', category: 'identity', expected: 'the object at $[0]<file 0>', actual: 'a distinct object' }];
  const snippet = snippetFor({ program, target: { name: 'chromium:clone', description: 'structuredClone', reshaping: { base: 'withoutStorage', limits: ['window'] } }, differences });
  assert.equal(snippet.check.expression, 'clone[1] === clone[0][0]');
  assert.match(snippet.source, /dataTransfer\.items\.add\(o2\), dataTransfer\.files\)\)\(new DataTransfer\(\)\)/);
});
