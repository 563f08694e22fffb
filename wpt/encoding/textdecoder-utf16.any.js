// META: title=TextDecoder's UTF-16LE and UTF-16BE: byte order, BOMs, surrogate pairs and unpaired surrogates (Encoding Standard, shared UTF-16 decoder)
// META: script=resources/decoding-cases.js

test(() => {
  assert_equals(new TextDecoder('utf-16').encoding, 'utf-16le');
}, "'utf-16' names UTF-16LE");

for (const c of UTF16_CASES) {
  test(() => {
    assert_array_equals(code_units(new TextDecoder(c.encoding).decode(bytes_of(c.bytes))), c.units);
  }, `${c.encoding}: ${c.name}: decoded (${c.step})`);

  test(() => {
    const decoder = new TextDecoder(c.encoding, { fatal: true });
    if (c.fatal) assert_throws_js(TypeError, () => decoder.decode(bytes_of(c.bytes)));
    else assert_array_equals(code_units(decoder.decode(bytes_of(c.bytes))), c.units);
  }, `${c.encoding}: ${c.name}: ${c.fatal ? 'the fatal decoder throws a TypeError' : 'the fatal decoder decodes it'}`);
}

test(() => {
  assert_array_equals(code_units(new TextDecoder('utf-16le', { ignoreBOM: true }).decode(bytes_of([0xff, 0xfe, 0x41, 0x00]))), [0xfeff, 0x41]);
  assert_array_equals(code_units(new TextDecoder('utf-16be', { ignoreBOM: true }).decode(bytes_of([0xfe, 0xff, 0x00, 0x41]))), [0xfeff, 0x41]);
}, 'ignoreBOM keeps a leading BOM as U+FEFF in either byte order');

test(() => {
  const decoder = new TextDecoder('utf-16le');
  const bytes = bytes_of([0x3d, 0xd8, 0x00, 0xde]);
  let text = '';
  for (let i = 0; i < bytes.length; i++) text += decoder.decode(bytes.subarray(i, i + 1), { stream: true });
  assert_array_equals(code_units(text + decoder.decode()), [0xd83d, 0xde00]);
}, 'a surrogate pair fed one byte per call with {stream: true} is one character');
