// META: title=TextDecoder's UTF-8: the BOM, ignoreBOM, fatal, and one U+FFFD per maximal subpart (Encoding Standard)
// META: script=resources/decoding-cases.js

test(() => {
  const decoder = new TextDecoder();
  assert_equals(decoder.encoding, 'utf-8');
  assert_false(decoder.fatal, 'fatal');
  assert_false(decoder.ignoreBOM, 'ignoreBOM');
}, 'the default decoder is UTF-8, in replacement mode, dropping a BOM');

for (const c of UTF8_CASES) {
  test(() => {
    assert_array_equals(code_units(new TextDecoder().decode(bytes_of(c.bytes))), c.units);
  }, `${c.name}: decoded (${c.step})`);

  test(() => {
    const decoder = new TextDecoder('utf-8', { fatal: true });
    if (c.fatal) assert_throws_js(TypeError, () => decoder.decode(bytes_of(c.bytes)));
    else assert_array_equals(code_units(decoder.decode(bytes_of(c.bytes))), c.units);
  }, `${c.name}: ${c.fatal ? 'the fatal decoder throws a TypeError' : 'the fatal decoder decodes it'}`);
}

test(() => {
  assert_array_equals(code_units(new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes_of([0xef, 0xbb, 0xbf, 0x41]))), [0xfeff, 0x41]);
}, 'ignoreBOM keeps a leading BOM as U+FEFF');

test(() => {
  const decoder = new TextDecoder();
  assert_array_equals(code_units(decoder.decode(bytes_of([0xef, 0xbb, 0xbf, 0x41]))), [0x41], 'first call');
  assert_array_equals(code_units(decoder.decode(bytes_of([0xef, 0xbb, 0xbf, 0x42]))), [0x42], 'second call');
}, 'each decode() without stream starts afresh: its BOM is dropped too');

test(() => {
  const bytes = bytes_of([0xe2, 0x82, 0xac]);
  assert_array_equals(code_units(new TextDecoder().decode(bytes.buffer)), [0x20ac], 'an ArrayBuffer');
  assert_array_equals(code_units(new TextDecoder().decode(new DataView(bytes.buffer, 1, 2))), [0xfffd, 0xfffd], 'a DataView of the last two bytes: two lone continuation bytes');
}, 'an ArrayBuffer and a view of part of one are decoded as their bytes');

test(() => {
  assert_equals(new TextDecoder().decode(), '');
  assert_equals(new TextDecoder().decode(new Uint8Array(0)), '');
}, 'no input and no bytes decode to the empty string');
