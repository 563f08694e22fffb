// The comparisons QuickJS-ng's ledger snippets needed (snippet-check.js),
// on observations as src/observe makes them: a symbol-keyed property by its
// description, a view's length tracking by growing its buffer; and the
// `message` channel's snippet (qjs:bjson) refuses a SharedArrayBuffer,
// which bjson does not write.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { chooseCheck } from '../harness/findings/snippet-check.js';
import { snippetFor } from '../harness/findings/snippet.js';

test('a symbol-keyed property is checked by its description, as the last step only', () => {
  const kept = { path: '$[@@#secret]', category: 'keys', expected: 'missing', actual: 'data property 0' };
  const { check } = /** @type {any} */ (chooseCheck([kept], {}, {}));
  assert.equal(check.expression, 'Object.getOwnPropertySymbols(clone).some((key) => key.description === "#secret")');
  assert.deepEqual([check.expected, check.actual], ['false', 'true']);
  const through = { path: '$[@@s].a', category: 'keys', expected: 'missing', actual: 'data property 0' };
  assert.match(/** @type {any} */ (chooseCheck([through], {}, {})).reason, /symbol-keyed property/);
});

/** @param {boolean} lengthTracking @param {number} byteLength @returns {any} a case observation of [view] */
const viewInArray = (lengthTracking, byteLength) => ({
  value: {
    type: 'object', kind: 'array', props: [{
      key: '0',
      value: {
        type: 'object', kind: 'typedarray',
        view: {
          type: 'Int16Array', buffer: { type: 'object', kind: 'arraybuffer', buffer: { shared: false, resizable: true, maxByteLength: 8, byteLength } },
          outOfBounds: false, lengthTracking, byteOffset: 2, byteLength: byteLength - 2, length: (byteLength - 2) / 2,
        },
      },
    }],
  },
});

test("a view's length tracking is checked by growing its buffer to its maximum, where the buffer can grow", () => {
  const d = { path: '$[0]<lengthTracking>', category: 'length', expected: true, actual: false };
  const { check } = /** @type {any} */ (chooseCheck([d], viewInArray(true, 4), viewInArray(false, 4)));
  assert.equal(check.expression, '(clone[0].buffer.resize(clone[0].buffer.maxByteLength), clone[0].length)');
  // (8 - 2) / 2 elements once grown, against the fixed view's 1.
  assert.deepEqual([check.expected, check.actual], ['3', '1']);
  assert.match(/** @type {any} */ (chooseCheck([d], viewInArray(true, 8), viewInArray(false, 8))).reason, /at its maximum already/);
});

test("the message channel's snippet is qjs:bjson's round trip, and refuses a SharedArrayBuffer", () => {
  const target = { name: 'quickjs:message', description: 'd', reshaping: { base: 'withoutTransfer', limits: ['shell'] }, external: false, runtime: { family: 'quickjs' } };
  const differences = [{ path: '$', category: 'value', expected: '1', actual: '2' }];
  const program = { schema: 'clonecheck/program@2', root: 1, objects: [] };
  const snippet = /** @type {any} */ (snippetFor(/** @type {any} */ ({ program, target, differences, expected: {}, actual: {} })));
  assert.match(snippet.source, /import \* as bjson from 'qjs:bjson';[\s\S]*const clone = message\(value\);/);
  const reference = /** @type {any} */ (snippetFor(/** @type {any} */ ({ program, target, differences, expected: {}, actual: {} }), { reference: true }));
  assert.match(reference.source, /import \{ structuredClone as referenceClone \} from '\/.*\/src\/index\.js';/);
  const shared = { ...program, root: { ref: 0 }, objects: [{ kind: 'arraybuffer', bytes: [], shared: true }] };
  assert.match(/** @type {any} */ (snippetFor(/** @type {any} */ ({ program: shared, target, differences, expected: {}, actual: {} }))).reason,
    /qjs:bjson writes no SharedArrayBuffer/);
});
