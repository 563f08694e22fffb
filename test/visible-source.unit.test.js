// A snippet's invisible code points are escaped in its source (harness/findings/visible-source.js):
// Firefox's DOMException message "\u0080" was a raw U+0080 in its report's snippet.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { visibleSource } from '../harness/findings/visible-source.js';
import { snippetFor } from '../harness/findings/snippet.js';
import { PROGRAM_SCHEMA } from '../src/program/index.js';

/** Every code point of the text that is not printable ASCII, a newline or a tab. */
const unusual = (/** @type {string} */ text) => [...text].filter((char) => !/^[\x20-\x7e\n\t]$/.test(char));

test('visibleSource escapes controls, format characters, unusual spaces and separators, and keeps what they mean', () => {
  const text = 'a\u0080b\u007f\u009f\u00a0\u00ad\u200b\u200d\u200e\u2028\u2029\u3000\ufeff\ue000\ud800\u{e0001}\u0001';
  const source = `// title ${text}\nconst value = ${JSON.stringify(text)};\n\tvalue;\n`;
  const visible = visibleSource(source);
  assert.deepEqual(unusual(visible), []);
  assert.match(visible, /"a\\u0080b\\u007F\\u009F\\u00A0\\u00AD\\u200B\\u200D\\u200E\\u2028\\u2029\\u3000\\uFEFF\\uE000\\uD800\\u\{E0001\}\\u0001"/i);
  // The escaped source makes the same string.
  assert.equal(new Function(`${visible}; return value;`)(), text);
  // Layout, spaces and printable characters (é, €, an emoji) stay as they are.
  assert.equal(visibleSource('const s = "é € 😀";\n\tx'), 'const s = "é € 😀";\n\tx');
});

test('a key written as an identifier keeps its meaning escaped (an escape is valid in an identifier)', () => {
  const source = 'const o = {}; o.a\u200db = 1; return o["a\u200db"];';
  assert.equal(new Function(visibleSource(source))(), 1);
  assert.ok(!visibleSource(source).includes('\u200d'));
});

test("Firefox's DOMException message U+0080: its snippet's source shows \\u0080", () => {
  const program = {
    schema: PROGRAM_SCHEMA, root: { ref: 0 },
    objects: [{ kind: 'array', items: [{ ref: 1 }] }, { kind: 'domexception', message: '\u0080' }],
  };
  const differences = [{ path: '$[0].message', category: 'value', expected: '"\u0080"', actual: '"\u00c2\u0080"' }];
  const target = { name: 'firefox:clone', description: 'structuredClone', reshaping: { base: 'withoutStorage', limits: ['window'] } };
  const snippet = snippetFor({ program, target, differences });
  assert.ok('source' in snippet);
  assert.deepEqual(unusual(snippet.source), []);
  assert.match(snippet.source, /new DOMException\("\\u0080", "Error"\)/);
  assert.match(snippet.source, /const expected = "\\u0080";/);
});
