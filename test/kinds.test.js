// The program kinds' registry (src/program/kinds/): every kind is drawn by
// the generator and cloned by a wpt/ test, or its descriptor says why not;
// what a descriptor names (its interface, its runtime operation, its wpt
// file) exists.

import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { test } from 'node:test';
import { drawCensus } from '../fuzzers/census.js';
import { observe } from '../src/index.js';
import { build, emit } from '../src/program/index.js';
import { emitPlain } from '../src/program/emit.js';
import { SAMPLE_KEY_NAMES } from '../src/program/kinds/cryptokey.js';
import { DESCRIPTORS, KINDS, PLATFORM_MAKERS, platformInterfaceOfNode, prepareKinds } from '../src/program/kinds/index.js';
import { createRuntime } from '../src/program/runtime.js';
import { PROGRAM_SCHEMA, validate } from '../src/program/schema.js';
import { INTERFACE_NAMES } from '../src/webidl/interfaces.js';

/** Within this many cases of seed 1 every drawn kind comes at least once (the rarest, a WritableStream, twice: 2026-11-27). */
const CENSUS_RUNS = 3_000;

test(`every kind is drawn within ${CENSUS_RUNS} cases of seed 1, unless its descriptor says why not`, () => {
  const { kinds } = drawCensus({ runs: CENSUS_RUNS, seed: 1 });
  for (const descriptor of DESCRIPTORS) {
    const drawn = descriptor.platform === undefined ? true : descriptor.platform.drawn;
    if (drawn === true) assert.ok(kinds[descriptor.kind] > 0, `${descriptor.kind} is never drawn`);
    else assert.match(drawn, /\w{10}/, `${descriptor.kind}: a reason in words`);
  }
  assert.deepEqual(Object.keys(kinds).filter((kind) => !KINDS.includes(kind)), [], 'nothing outside the registry');
});

test('every kind names the wpt/ file that clones it, and the file exists', () => {
  for (const { kind, wpt } of DESCRIPTORS) assert.ok(existsSync(new URL(`../${wpt}`, import.meta.url)), `${kind}: ${wpt}`);
});

/** @param {any} descriptor @returns {any} its sample node, if it has one (a CryptoKey's: its first key's) */
const sampleOf = ({ kind, platform }) => (typeof platform?.sample === 'function' ? platform.sample({ kind, key: SAMPLE_KEY_NAMES[0] }) : platform?.sample);

test('every platform kind makes an interface of the WebIDL table, from its sample node or its interface', () => {
  for (const descriptor of DESCRIPTORS.filter((d) => d.platform !== undefined)) {
    const { kind, platform } = descriptor;
    const name = sampleOf(descriptor) === undefined ? platform.interface : platformInterfaceOfNode(sampleOf(descriptor));
    assert.ok(INTERFACE_NAMES.includes(name), `${kind}: ${name}`);
  }
});

test('every kind has its runtime operation, a summary and (but an ArrayBuffer, which emitPlain writes itself) a plain form', () => {
  const runtime = createRuntime(globalThis, PLATFORM_MAKERS);
  for (const descriptor of DESCRIPTORS) {
    assert.equal(typeof runtime[descriptor.op ?? descriptor.kind], 'function', descriptor.kind);
    assert.equal(typeof descriptor.summary, 'function', descriptor.kind);
    assert.equal(typeof descriptor.plain, descriptor.kind === 'arraybuffer' ? 'undefined' : 'function', descriptor.kind);
  }
});

test('every sample node is a valid program on its own, and a kind outside the registry is refused by name', () => {
  for (const descriptor of DESCRIPTORS) {
    if (sampleOf(descriptor) === undefined) continue;
    assert.deepEqual(validate({ schema: PROGRAM_SCHEMA, root: { ref: 0 }, objects: [sampleOf(descriptor)] }), [], descriptor.kind);
  }
  const [error] = validate({ schema: PROGRAM_SCHEMA, root: { ref: 0 }, objects: [{ kind: 'domrect' }] });
  assert.equal(error.path, '$.objects[0].kind');
  assert.match(error.message, /"geometry"/);
});

const keysProgram = (/** @type {string[]} */ keys) => ({
  schema: PROGRAM_SCHEMA, root: { ref: 0 },
  objects: [{ kind: 'array', items: keys.map((_, i) => ({ ref: i + 1 })) }, ...keys.map((key) => ({ kind: 'cryptokey', key }))],
});

test('a cryptokey node is a copy of the realm\'s prepared sample key, made by its own structuredClone; before the realm is prepared, build says so', async () => {
  const program = keysProgram(['HMAC', 'AES-GCM', 'ECDSA private', 'ECDSA public']);
  // This test file's realm has prepared nothing yet.
  assert.throws(() => build(program), /The prepared CryptoKey "HMAC" \(await prepareKinds\(\) before building\) is not available/);
  await prepareKinds();
  await prepareKinds(); // once is enough; again changes nothing
  const [hmac, aes, privateKey, publicKey] = build(program).value;
  const again = build(program).value;
  assert.ok(hmac instanceof CryptoKey);
  assert.notEqual(hmac, again[0], 'each build takes a new copy');
  assert.deepEqual([hmac.type, hmac.extractable, hmac.algorithm, hmac.usages],
    ['secret', true, { name: 'HMAC', hash: { name: 'SHA-256' }, length: 256 }, ['sign', 'verify']]);
  assert.deepEqual([aes.type, aes.extractable, aes.algorithm], ['secret', false, { name: 'AES-GCM', length: 128 }]);
  assert.deepEqual([privateKey.type, privateKey.usages, publicKey.type, publicKey.extractable, publicKey.usages],
    ['private', ['sign'], 'public', true, ['verify']]);
  // The copies hold the same key material: one signs, the other verifies.
  const data = new Uint8Array([1, 2, 3]);
  const signature = await crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, privateKey, data);
  assert.ok(await crypto.subtle.verify({ name: 'ECDSA', hash: 'SHA-256' }, again[3], signature, data));
  const raw = async (key) => new Uint8Array(await crypto.subtle.exportKey('raw', key));
  assert.deepEqual(await raw(hmac), await raw(again[0]), 'a secret key\'s fixed bytes');
});

test('a CryptoKey is observed by what script reads synchronously: its type, extractable, algorithm (an object of the graph) and usages', async () => {
  await prepareKinds();
  const observation = observe(build(keysProgram(['HMAC'])).value[0]);
  assert.equal(observation.kind, 'CryptoKey');
  assert.deepEqual(Object.keys(observation.platform).sort(), ['algorithm', 'extractable', 'type', 'usages']);
  assert.equal(observation.platform.algorithm.kind, 'object');
});

test('emit builds the same keys after the realm is prepared; emitPlain makes them as a person would, with await', async () => {
  await prepareKinds();
  const program = keysProgram(['Ed25519 public', 'AES-GCM']);
  const [ed, aes] = (0, eval)(emit(program))().value;
  assert.deepEqual([ed.algorithm.name, ed.type, aes.algorithm.name], ['Ed25519', 'public', 'AES-GCM']);
  const { value } = emitPlain(program);
  assert.match(value, /^const o1 = \(await crypto\.subtle\.generateKey\(\{"name":"Ed25519"\}, true, \["sign","verify"\]\)\)\.publicKey;$/m);
  assert.match(value, /^const o2 = await crypto\.subtle\.importKey\('raw', new Uint8Array\(\[1,8,15,/m);
});
