// META: title=TextDecoder with {stream: true}: a sequence split across calls is one character, and only the stream's first BOM is dropped (Encoding Standard, TextDecoder decode())
// META: script=resources/decoding-cases.js

for (const c of UTF8_STREAM_CASES) {
  for (let split = 1; split < c.bytes.length; split++) {
    test(() => {
      const decoder = new TextDecoder();
      const bytes = bytes_of(c.bytes);
      const text = decoder.decode(bytes.subarray(0, split), { stream: true }) + decoder.decode(bytes.subarray(split), { stream: true }) + decoder.decode();
      assert_array_equals(code_units(text), c.units);
    }, `${c.name}, split after byte ${split}`);
  }

  test(() => {
    const decoder = new TextDecoder();
    let text = '';
    for (const byte of c.bytes) text += decoder.decode(bytes_of([byte]), { stream: true });
    assert_array_equals(code_units(text + decoder.decode()), c.units);
  }, `${c.name}, one byte per call`);
}

test(() => {
  const decoder = new TextDecoder();
  assert_equals(decoder.decode(bytes_of([0xf0, 0x9f]), { stream: true }), '', 'an unfinished sequence is held');
  assert_array_equals(code_units(decoder.decode()), [0xfffd], 'the flush');
}, 'a sequence still open when the stream ends is one U+FFFD at the flush');

test(() => {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  assert_equals(decoder.decode(bytes_of([0xe2, 0x82]), { stream: true }), '', 'an unfinished sequence is held');
  assert_throws_js(TypeError, () => decoder.decode());
}, 'the fatal decoder throws at the flush when a sequence is still open');

test(() => {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  assert_equals(decoder.decode(bytes_of([0xf0, 0x9f]), { stream: true }), '', 'an unfinished sequence is held');
  assert_throws_js(TypeError, () => decoder.decode(bytes_of([0x41]), { stream: true }));
}, 'the fatal decoder throws in the call where a split sequence turns out malformed');

test(() => {
  const decoder = new TextDecoder();
  assert_array_equals(code_units(decoder.decode(bytes_of([0xef, 0xbb]), { stream: true }) + decoder.decode(bytes_of([0xbf, 0xef, 0xbb, 0xbf]))), [0xfeff]);
}, 'a BOM split across calls is dropped once; the next is kept');

for (const c of STREAM_CHUNK_CASES) {
  test(() => {
    const decoder = new TextDecoder(c.encoding);
    let text = '';
    for (const chunk of c.chunks) text += decoder.decode(bytes_of(chunk), { stream: true });
    assert_array_equals(code_units(text + decoder.decode()), c.units);
  }, `${c.encoding}: ${c.name}`);
}
