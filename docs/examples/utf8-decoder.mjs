// An example decoder module for `clonecheck decode --target decoder:PATH`
// (docs/strings.md): the shape of oxc's raw-transfer deserializer. setup()
// runs once per buffer (bytes [0, sourceEnd) are the source text, the rest
// the strings region); decode(pos, len) returns the string of those bytes as
// "UTF-8 decode without BOM" would. Its one shortcut: an all-ASCII string of
// up to 64 bytes is built by String.fromCharCode, the rest go to TextDecoder.

/** It never gets a string that crosses the end of the source region (the generator respects it). */
export const preconditions = { crossesSourceEnd: false };

const SHORT = 64;
// ignoreBOM: a string inside a format keeps a leading EF BB BF as U+FEFF.
const textDecoder = new TextDecoder('utf-8', { ignoreBOM: true });
let buffer = new Uint8Array(0);

/** @param {Uint8Array} bytes @param {number} _sourceEnd */
export function setup(bytes, _sourceEnd) {
  buffer = bytes;
}

/** @param {number} pos @param {number} len @returns {string} */
export function decode(pos, len) {
  if (len <= SHORT) {
    const codes = [];
    for (let i = pos; i < pos + len; i++) {
      if (buffer[i] >= 0x80) return textDecoder.decode(buffer.subarray(pos, pos + len));
      codes.push(buffer[i]);
    }
    return String.fromCharCode(...codes);
  }
  return textDecoder.decode(buffer.subarray(pos, pos + len));
}
