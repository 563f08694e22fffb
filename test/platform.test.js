// Platform objects in the reference: DOMException, Blob and File (the ones
// Node has) are cloned by their own serialization steps, brand-checked, into
// the target realm; a realm without the interface refuses them; tiers refuse
// them. The interfaces Node lacks (ImageData, geometry) are checked in the
// browsers (test/browsers.test.js runs the reference there).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import vm from 'node:vm';

import { structuredCloneSpec as clone } from '../src/html/structured-clone.js';
import { structuredClone, selectTier } from '../src/index.js';
import { classifyObject } from '../src/abstract-ops/brands.js';
import { captureRealm } from '../src/primordials/realm.js';
import { installNodeHostHooks } from '../harness/case/node-host.js';

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
