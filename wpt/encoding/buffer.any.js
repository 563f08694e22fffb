// META: title=Node's Buffer: toString('utf8') is UTF-8 decode without BOM, latin1Slice and toString('latin1') are isomorphic decode (Encoding Standard; Infra)
// META: script=resources/decoding-cases.js

// Buffer is Node's API (Bun and Deno's Node compatibility have it too): a
// global without it cannot run these, which is not a failure.
function assert_has_buffer(method) {
  assert_implements_optional(typeof Buffer === 'function' && typeof Buffer.prototype[method] === 'function', `this global has no Buffer#${method}`);
}

for (const c of UTF8_CASES) {
  test(() => {
    assert_has_buffer('toString');
    // UTF-8 decode without BOM: a leading EF BB BF is U+FEFF, as any other character.
    const bom = c.bytes[0] === 0xef && c.bytes[1] === 0xbb && c.bytes[2] === 0xbf;
    assert_array_equals(code_units(Buffer.from(c.bytes).toString('utf8')), bom ? [0xfeff, ...c.units] : c.units);
  }, `Buffer#toString('utf8'): ${c.name} (${c.step})`);
}

const everyByte = Array.from({ length: 256 }, (_, byte) => byte);

test(() => {
  assert_has_buffer('latin1Slice');
  assert_array_equals(code_units(Buffer.from(everyByte).latin1Slice(0, 256)), everyByte);
}, 'Buffer#latin1Slice: every byte is the code point of its value, 0x80-0x9F included');

test(() => {
  assert_has_buffer('latin1Slice');
  assert_array_equals(code_units(Buffer.from(everyByte).latin1Slice(0x7e, 0x82)), [0x7e, 0x7f, 0x80, 0x81]);
}, 'Buffer#latin1Slice(start, end) decodes the bytes from start up to end');

test(() => {
  assert_has_buffer('toString');
  assert_array_equals(code_units(Buffer.from(everyByte).toString('latin1')), everyByte);
}, "Buffer#toString('latin1'): every byte is the code point of its value");
