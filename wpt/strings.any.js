// META: title=Strings of every representation keep every code unit (HTML StructuredSerializeInternal step 4)

function assert_same_string(clone, value) {
  assert_equals(typeof clone, 'string');
  assert_equals(clone.length, value.length, 'length');
  for (let i = 0; i < value.length; i++) {
    if (clone.charCodeAt(i) !== value.charCodeAt(i)) assert_unreached(`code unit ${i}: ${clone.charCodeAt(i)} instead of ${value.charCodeAt(i)}`);
  }
}

const ascii = 'The quick brown fox jumps over the lazy dog';
const latin1 = 'déjà vu, naïve façade, ÿ\u00ff\u0080';
const twoByte = '日本語のテキスト \u4e00\u9fff';
const lone = [['a lone high surrogate', '\ud800'], ['a lone low surrogate', '\udc00'], ['a low surrogate before a high one', '\udc00\ud800'],
  ['a lone high surrogate at the end of text', 'abc\udbff'], ['a lone low surrogate at the start of text', '\udfffabc']];
const STRINGS = [
  ['the empty string', ''],
  ['a one-character ASCII string', 'a'],
  ['an ASCII string', ascii],
  ['a Latin-1 (one-byte, non-ASCII) string', latin1],
  ['a two-byte string', twoByte],
  ['a surrogate pair (an astral character)', '\u{1F600}'],
  ['text with astral characters', 'smile \u{1F600} and \u{10FFFF}'],
  ...lone,
  ['a string with NUL characters', 'a\u0000b\u0000'],
  ['U+FEFF, U+FFFE and U+FFFF', '\ufeff\ufffe\uffff'],
  ['U+2028 and U+2029', '\u2028\u2029'],
  ['a 100,000-character ASCII string', 'x'.repeat(100000)],
  ['a 100,000-character two-byte string', '\u4e00'.repeat(100000)],
  ['a rope: a string built by concatenation', 'left side of the rope, '.repeat(3) + String(Math.PI) + 'right side'],
  ['a rope of a one-byte and a two-byte string', latin1 + twoByte],
  ['a rope that ends in a lone surrogate', ascii + '\ud800'],
  ['a slice of a long ASCII string', ('0123456789'.repeat(1000) + ascii).slice(5000, 10030)],
  ['a slice of a two-byte string that is all one-byte', ('\u4e00' + ascii).slice(1)],
  ['a slice that splits a surrogate pair', '\u{1F600}\u{1F601}'.slice(1, 3)],
  ['a substring of a rope', (ascii + twoByte + ascii).substring(10, 60)],
  ['a string from String.fromCharCode of every Latin-1 code unit', String.fromCharCode(...Array.from({ length: 256 }, (_, i) => i))],
  ['a string from String.fromCharCode of the surrogate range edges', String.fromCharCode(0xd7ff, 0xd800, 0xdbff, 0xdc00, 0xdfff, 0xe000)],
  ['a string made by JSON.parse', JSON.parse('"\\ud800 json"')],
  ['a number turned into a string', String(-0.000001)],
  ['an internalized property-name string', Object.keys({ someKey: 1 })[0]],
];

for (const [name, value] of STRINGS) {
  test(() => assert_same_string(structuredClone(value), value), `${name} keeps every code unit`);
}

test(() => {
  const clone = structuredClone(['\ud800', { '\udc00': '\ud800x' }]);
  assert_same_string(clone[0], '\ud800');
  assert_same_string(Object.keys(clone[1])[0], '\udc00');
  assert_same_string(clone[1]['\udc00'], '\ud800x');
}, 'lone surrogates survive as array elements, property keys and property values');

test(() => {
  const key = 'k'.repeat(1000) + '\u4e00';
  const clone = structuredClone({ [key]: 1 });
  assert_equals(clone[key], 1);
}, 'a long two-byte property key is kept');

test(() => {
  const shared = 'same string';
  const clone = structuredClone([shared, shared]);
  assert_equals(clone[0], clone[1]);
}, 'the same string twice clones to equal strings');
