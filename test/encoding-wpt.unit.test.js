// The decoding conformance tests of wpt/encoding/ (docs/conform.md): every
// expected value their include writes out is the oracle's (src/encoding/),
// so a case that a runtime fails is the runtime's deviation, not a typo; and
// the files run once per runtime (no channel variants), not on a module target.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createContext, runInContext } from 'node:vm';
import { fileURLToPath } from 'node:url';
import { runDecoder, utf8Decode, utf8DecodeWithoutBOMOrFail } from '../src/encoding/index.js';
import { suiteFiles } from '../harness/conform/files.js';
import { notApplicableIn } from '../harness/conform/not-applicable.js';

const SUITE = fileURLToPath(new URL('../wpt/', import.meta.url));
const INCLUDE = new URL('../wpt/encoding/resources/decoding-cases.js', import.meta.url);

/** The include's globals, evaluated as the classic script a test file includes (as JSON: out of the script's realm, so its arrays compare as arrays). */
const cases = (() => {
  const global = createContext({});
  runInContext(readFileSync(INCLUDE, 'utf8'), global, { filename: INCLUDE.pathname });
  const { UTF8_CASES, UTF8_STREAM_CASES, STREAM_CHUNK_CASES, WINDOWS_1252_C1, UTF16_CASES } = global;
  return JSON.parse(JSON.stringify({ UTF8_CASES, UTF8_STREAM_CASES, STREAM_CHUNK_CASES, WINDOWS_1252_C1, UTF16_CASES }));
})();

const units = (/** @type {string | null} */ s) => (s === null ? null : Array.from({ length: s.length }, (_, i) => s.charCodeAt(i)));
const bytesOf = (/** @type {number[]} */ list) => Uint8Array.from(list);

test('every UTF-8 case is what the oracle decodes, and fails the fatal decoder exactly where the oracle fails', () => {
  assert.ok(cases.UTF8_CASES.length >= 30);
  for (const c of cases.UTF8_CASES) {
    assert.deepEqual(units(utf8Decode(bytesOf(c.bytes))), c.units, c.name);
    assert.equal(utf8DecodeWithoutBOMOrFail(bytesOf(c.bytes)) === null, c.fatal, `${c.name}: fatal`);
  }
  for (const c of cases.UTF8_STREAM_CASES) assert.deepEqual(units(utf8Decode(bytesOf(c.bytes))), c.units, `stream: ${c.name}`);
});

test("the windows-1252 table is the oracle's index for 0x80-0x9F", () => {
  const c1 = Array.from({ length: 32 }, (_, i) => 0x80 + i);
  assert.deepEqual(cases.WINDOWS_1252_C1, units(runDecoder('windows-1252', bytesOf(c1))));
});

/** The bytes after a leading BOM of the decoder's own byte order, as TextDecoder drops it. */
const BOMS = { 'utf-16le': [0xff, 0xfe], 'utf-16be': [0xfe, 0xff] };
const afterOwnBOM = (/** @type {string} */ encoding, /** @type {number[]} */ bytes) => {
  const bom = BOMS[encoding];
  return bytesOf(bytes[0] === bom[0] && bytes[1] === bom[1] ? bytes.slice(2) : bytes);
};
const UTF16_NAMES = { 'utf-16le': 'UTF-16LE', 'utf-16be': 'UTF-16BE' };

test("every UTF-16 case is the oracle's decoder after the decoder's own BOM, and fails the fatal decoder exactly where the oracle fails", () => {
  for (const c of cases.UTF16_CASES) {
    const rest = afterOwnBOM(c.encoding, c.bytes);
    assert.deepEqual(units(runDecoder(UTF16_NAMES[c.encoding], rest)), c.units, `${c.encoding}: ${c.name}`);
    assert.equal(runDecoder(UTF16_NAMES[c.encoding], rest, 0, rest.length, 'fatal') === null, c.fatal, `${c.encoding}: ${c.name}: fatal`);
  }
});

test('every streaming case in pieces is the one-shot decode of the pieces together', () => {
  for (const c of cases.STREAM_CHUNK_CASES) {
    const whole = c.chunks.flat();
    const decoded = c.encoding === 'utf-8' ? utf8Decode(bytesOf(whole)) : runDecoder(UTF16_NAMES[c.encoding], afterOwnBOM(c.encoding, whole));
    assert.deepEqual(units(decoded), c.units, `${c.encoding}: ${c.name}`);
  }
});

test('the decoding files are found under wpt/encoding/, have no variants, and are not applicable on a module target only', () => {
  const files = suiteFiles({ suite: 'clonecheck', root: SUITE, paths: [SUITE] });
  const decoding = files.filter((f) => f.decoding);
  assert.ok(decoding.length >= 5, `${decoding.length} files`);
  assert.ok(decoding.every((f) => f.id.startsWith('/encoding/') && f.variants.length === 1 && f.variants[0] === ''));
  assert.ok(files.filter((f) => !f.decoding).every((f) => !f.id.startsWith('/encoding/')));
  const [file] = decoding;
  const module = { name: 'ref:spec', cloneModuleURL: 'file:///x.js', channels: ['clone'], profile: 'html' };
  const runtime = { name: 'bun', channels: ['clone'], profile: 'html' };
  assert.match(notApplicableIn(file, /** @type {any} */ (module), undefined), /ref:spec is a structuredClone, not a decoder/);
  assert.equal(notApplicableIn(file, /** @type {any} */ (runtime), undefined), undefined);
});
