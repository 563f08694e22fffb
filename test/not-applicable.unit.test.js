// What conform calls not applicable rather than a result (harness/conform/not-applicable.js):
// a ReferenceError for a platform global the host lacks, never for any name, and a file whose
// test asked the page server for a resource it does not have. No runtime here: the runs are in
// test/conform.test.js (shells) and test/browsers.test.js (pages).

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { OPTIONAL_GLOBALS, WEB_PLATFORM_GLOBALS, lacksGlobals, resourcesNotServed } from '../harness/conform/not-applicable.js';

/** @param {string} name @param {'PASS' | 'FAIL'} status @param {string | null} message */
const subtest = (name, status, message) => ({ name, status, message });

test('a ReferenceError for a platform global the host lacks is not applicable, in the words of V8, JavaScriptCore and QuickJS-ng', () => {
  const result = {
    status: /** @type {const} */ ('OK'), message: null,
    subtests: [
      subtest('V8, SpiderMonkey, QuickJS-ng', 'FAIL', 'XMLHttpRequest is not defined'),
      subtest('JavaScriptCore', 'FAIL', "Can't find variable: ImageData"),
      subtest('a promise_test', 'FAIL', 'promise_test: Unhandled rejection with value: object "ReferenceError: document is not defined"'),
      subtest('a window method on self', 'FAIL', 'self.postMessage is not a function'),
    ],
  };
  assert.deepEqual(lacksGlobals(result, WEB_PLATFORM_GLOBALS).subtests.map((s) => [s.status, s.message]), [
    ['N/A', 'this global has no XMLHttpRequest'], ['N/A', 'this global has no ImageData'], ['N/A', 'this global has no document'], ['N/A', 'this global has no postMessage'],
  ]);
});

test('a ReferenceError for a name no platform has is the test\'s failure: a typo, or an include\'s binding the runner lost', () => {
  const result = {
    status: /** @type {const} */ ('OK'), message: null,
    subtests: [subtest('a typo', 'FAIL', 'clone_valeus is not defined'), subtest('JavaScriptCore', 'FAIL', "Can't find variable: encodings_table")],
  };
  assert.deepEqual(lacksGlobals(result, WEB_PLATFORM_GLOBALS).subtests.map((s) => s.status), ['FAIL', 'FAIL']);
  // A file stopped by one at its top level is an error of the file, not a file the host cannot run.
  const file = { status: /** @type {const} */ ('ERROR'), message: 'Uncaught ReferenceError: encodings_table is not defined', subtests: [] };
  assert.equal(lacksGlobals(file, WEB_PLATFORM_GLOBALS).status, 'ERROR');
  assert.equal(lacksGlobals({ ...file, message: 'Uncaught ReferenceError: TextDecoderStream is not defined' }, WEB_PLATFORM_GLOBALS).status, 'N/A');
  // clonecheck's own suite: only the platform interfaces some hosts lack; a window's other globals are the test's error.
  assert.equal(lacksGlobals({ ...file, message: 'Uncaught ReferenceError: XMLHttpRequest is not defined' }, OPTIONAL_GLOBALS).status, 'ERROR');
});

test('the platform globals are a browser\'s window and worker names, measured, less the language\'s', () => {
  const measured = JSON.parse(readFileSync(new URL('../harness/conform/web-globals.json', import.meta.url), 'utf8'));
  assert.deepEqual(measured.browsers.map((/** @type {string} */ b) => b.split(' ')[0]), ['chromium', 'firefox', 'webkit']);
  assert.match(measured.measured, /^\d{4}-\d{2}-\d{2}$/);
  for (const name of ['XMLHttpRequest', 'document', 'ImageData', 'TextDecoderStream', 'importScripts', 'postMessage', 'self']) {
    assert.ok(WEB_PLATFORM_GLOBALS.includes(name), `${name} is a platform global`);
  }
  for (const name of ['Array', 'Promise', 'globalThis', 'console', 'encodings_table', 'test', 'assert_equals']) {
    assert.ok(!WEB_PLATFORM_GLOBALS.includes(name), `${name} is none`);
  }
});

test('a file whose test asked the page server for a resource it does not have is not applicable, every subtest with it', () => {
  const result = {
    status: /** @type {const} */ ('OK'), message: null,
    subtests: [subtest('ibm866: 866 (XMLHttpRequest)', 'PASS', null), subtest('koi8-r: koi (XMLHttpRequest)', 'FAIL', 'assert_equals: koi8-r:0')],
  };
  const refused = ['/encoding/resources/single-byte-raw.py?label=866', '/encoding/resources/single-byte-raw.py?label=koi', '/a', '/b'];
  const judged = resourcesNotServed(result, refused);
  assert.equal(judged?.status, 'N/A');
  assert.equal(judged?.message, 'the page server has no /encoding/resources/single-byte-raw.py?label=866, /encoding/resources/single-byte-raw.py?label=koi, /a and 1 more '
    + '(404: it is no WPT server), which the test asked for: its results would judge an empty answer');
  assert.deepEqual(judged?.subtests.map((s) => [s.status, s.message]), [
    ['N/A', 'the page server had no resource the test asked for (testharness said PASS)'],
    ['N/A', 'the page server had no resource the test asked for (testharness said FAIL)'],
  ]);
  assert.equal(resourcesNotServed(result, []), undefined);
  assert.equal(resourcesNotServed(result, undefined), undefined);
});
