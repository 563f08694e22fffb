// What a byte of a QuickJS-ng message is (portable/bugs/quickjs-message.js),
// and the rewrite signature made from it (native-signature.js): one broken
// rewrite of one cause names one field, whatever the value's size, its
// indices and the checksum. The messages are QuickJS-ng 0.16.2's own:
// `qjs:bjson`'s write with WRITE_OBJ_REFERENCE (the stock qjs linked from
// the agent's objects) of the values named beside them.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fieldAt, partingField, partingOffset } from '../portable/bugs/quickjs-message.js';
import { rewriteSignature } from '../portable/bugs/native-signature.js';

/** @param {string} hex @returns {Uint8Array} */
const bytesOf = (hex) => Uint8Array.from(hex.match(/../g) ?? [], (pair) => parseInt(pair, 16));

/** const r = /a/g; [1, 2.5, 'hé', '\u{1F600}', null, undefined, true, false, 10n, -(2n ** 70n), {a: 1, 5: 2}, new Map([[1, 2]]),
 * new Set([r]), r, r, new Date(0), Object(1), new Uint8Array([1, 2, 3]), new ArrayBuffer(2), Symbol.for('x'), [, 1]] */
const EVERY_TAG = '1cde5705300201026102027809150502060000000000000440070468e907053dd800de010204030a010a0a090000000000000000c0080202050'
  + '20b050415010502050416011102613601000100130000000e06000000060df5ffffff130001610014001014041404120600000000000000001305020e0203000f03f'
  + 'fffffff0f0102030f02ffffffff0f000017040902020502';

/** const r = /a/; [r, {a: r}, 5] */
const REFERENCE = '1ce94bc3b30101026109031102613600000100130000000e06000000060df5ffffff13000161001400100801021401050a';

test('every byte of a message of every tag a message holds is a field of its format, and nothing past its end', () => {
  const bytes = bytesOf(EVERY_TAG);
  const fields = Array.from(bytes, (_, i) => fieldAt(bytes, i));
  assert.deepEqual(fields.filter((f) => f === undefined), []);
  assert.equal(fieldAt(bytes, bytes.length), undefined);
  for (const field of ['version', 'checksum', 'atom table: count', 'float64: value', 'string: characters', 'bigint: digits', 'object: property key',
    'map: size', 'set: size', 'regexp: bytecode: characters', 'object reference: index', 'typed array: offset', 'array buffer: bytes', 'symbol: atom']) {
    assert.ok(fields.includes(field), field);
  }
});

test('the fields of [r, {a: r}, 5]: the second r is a reference to the message\'s second object', () => {
  const bytes = bytesOf(REFERENCE);
  assert.deepEqual([0, 1, 4, 5, 9, 10, 11, 42, 43, 44, 45, 46, 47, 48].map((i) => fieldAt(bytes, i)), [
    'version', 'checksum', 'checksum', 'atom table: count', 'a value\'s tag', 'array: length', 'a value\'s tag', 'a value\'s tag',
    'object: property count', 'object: property key', 'a value\'s tag', 'object reference: index', 'a value\'s tag', 'int32: value',
  ]);
  assert.equal(bytes[46], 1);
});

test('a message cut short has no field past its cut; bytes that are not a message have none', () => {
  const bytes = bytesOf(REFERENCE).subarray(0, 30);
  assert.equal(fieldAt(bytes, 29), 'regexp: bytecode: characters');
  assert.equal(fieldAt(bytes, 30), undefined);
  // Tag 12 (function bytecode) is never in a message.
  assert.equal(fieldAt(bytesOf('1c000000000' + '00c01'), 7), undefined);
});

test('two messages part where their bytes differ, not at the checksum', () => {
  const written = bytesOf(REFERENCE);
  const rewritten = written.slice();
  rewritten.set([1, 2, 3, 4], 1);
  assert.equal(partingOffset(written, rewritten), written.length);
  rewritten[46] = 2;
  assert.equal(partingOffset(written, rewritten), 46);
  assert.equal(partingOffset(written, written.subarray(0, 40)), 40);
});

test('a broken rewrite is named by the field where the messages part: one signature for one cause whatever the indices', () => {
  /** @param {string} written @param {(bytes: Uint8Array) => void} change */
  const signed = (written, change) => {
    const rewritten = bytesOf(written);
    rewritten.set([0xde, 0xad, 0xbe, 0xef], 1);
    change(rewritten);
    return rewriteSignature({ stage: 'bytes', field: partingField(bytesOf(written), rewritten) });
  };
  const one = signed(REFERENCE, (b) => { b[46] = 2; });
  const every = bytesOf(EVERY_TAG);
  const index = every.findIndex((_, i) => fieldAt(every, i) === 'object reference: index');
  const other = signed(EVERY_TAG, (b) => { b[index] = 7; });
  assert.equal(one.summary, 'rewrite differs at object reference: index');
  assert.equal(other.signature, one.signature);
  // A tag byte names both tags: an int32 written again as a float64.
  assert.equal(signed(REFERENCE, (b) => { b[47] = 6; }).summary, 'rewrite differs at a value\'s tag: int32 -> float64');
  // One message is the other's start.
  assert.equal(partingField(bytesOf(REFERENCE), bytesOf(REFERENCE).subarray(0, 40)), 'the end of one message');
  assert.equal(rewriteSignature({ stage: 'rewrite', error: 'TypeError: unsupported tag (12)' }).summary, 'rewrite throws: TypeError: unsupported tag (N)');
});
