// META: title=The latin1, iso-8859-1 and ascii labels are windows-1252, whose bytes 0x80-0x9F are not Latin-1 (Encoding Standard, Names and labels; single-byte decoder)
// META: script=resources/decoding-cases.js

/** windows-1252's code point of every byte 0x00-0xFF: itself, except 0x80-0x9F (the single-byte decoder step 3, index-windows-1252). */
const windows1252 = Array.from({ length: 256 }, (_, byte) => (byte >= 0x80 && byte <= 0x9f ? WINDOWS_1252_C1[byte - 0x80] : byte));
const everyByte = bytes_of(Array.from({ length: 256 }, (_, byte) => byte));

for (const label of WINDOWS_1252_LABELS) {
  test(() => {
    assert_equals(new TextDecoder(label).encoding, 'windows-1252');
  }, `'${label}' names windows-1252`);

  test(() => {
    assert_array_equals(code_units(new TextDecoder(label).decode(everyByte)), windows1252);
  }, `'${label}' decodes every byte by windows-1252's index, 0x80-0x9F included`);
}

test(() => {
  assert_equals(new TextDecoder(' \tLaTiN1\n').encoding, 'windows-1252');
}, 'a label is matched with ASCII whitespace stripped, ignoring ASCII case');

test(() => {
  assert_array_equals(code_units(new TextDecoder('latin1', { fatal: true }).decode(bytes_of([0x80, 0x81, 0x9f, 0xff]))), [0x20ac, 0x81, 0x178, 0xff]);
}, 'windows-1252 has an entry for every byte: the fatal decoder never throws');
